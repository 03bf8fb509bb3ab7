//! Typed, bounds-checked writers of DuckDB result vectors. A [`Vector`] is made once per
//! output vector (the one `unsafe` step: the caller vouches for the handle and its row count);
//! from then on every write is safe code that checks the row against the count and the value's
//! type against the vector's logical type, and fails with an error rather than write out of
//! bounds or as the wrong type.

use std::ffi::c_char;

use libduckdb_sys as sys;

/// A vector's logical type, as far as the writers need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Varchar,
    Integer,
    BigInt,
    Boolean,
    List,
    /// A struct of this many fields.
    Struct(usize),
    /// A type no writer here writes.
    Other,
}

/// How many bytes a `duckdb_string_t` holds inline (a longer string lives in the vector's
/// string heap).
pub(crate) const INLINE: usize = 12;

/// A result vector with room for `rows` rows, of a known [`Kind`].
#[derive(Debug)]
pub(crate) struct Vector {
    handle: sys::duckdb_vector,
    kind: Kind,
    rows: usize,
}

impl Vector {
    /// The vector `handle`, with room for `rows` rows.
    ///
    /// # Safety
    /// `handle` must be a live, writable DuckDB vector with room for `rows` rows (a chunk's
    /// result vector and its size, a list's child after a reserve of `rows`, a struct's child
    /// of a vector with room for `rows`), and stay live, and its data in place, while the
    /// returned value is used.
    pub(crate) unsafe fn new(handle: sys::duckdb_vector, rows: usize) -> Vector {
        // SAFETY: the caller's contract: `handle` is live. The type is a copy, destroyed here.
        let kind = unsafe {
            let mut logical = sys::duckdb_vector_get_column_type(handle);
            let kind = match sys::duckdb_get_type_id(logical) {
                sys::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR => Kind::Varchar,
                sys::DUCKDB_TYPE_DUCKDB_TYPE_INTEGER => Kind::Integer,
                sys::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT => Kind::BigInt,
                sys::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN => Kind::Boolean,
                sys::DUCKDB_TYPE_DUCKDB_TYPE_LIST => Kind::List,
                sys::DUCKDB_TYPE_DUCKDB_TYPE_STRUCT => {
                    Kind::Struct(sys::duckdb_struct_type_child_count(logical) as usize)
                }
                _ => Kind::Other,
            };
            sys::duckdb_destroy_logical_type(&mut logical);
            kind
        };
        Vector { handle, kind, rows }
    }

    /// Its kind.
    pub(crate) fn kind(&self) -> Kind {
        self.kind
    }

    /// `Ok` if `row` is below the row count and the vector is of kind `kind`.
    fn check(&self, row: usize, kind: Kind) -> Result<(), String> {
        if row >= self.rows {
            return Err(format!(
                "weburl: row {row} of a vector of {} rows",
                self.rows
            ));
        }
        if self.kind != kind {
            return Err(format!(
                "weburl: a {kind:?} value in a {:?} vector",
                self.kind
            ));
        }
        Ok(())
    }

    /// Marks row `row` NULL.
    pub(crate) fn set_null(&mut self, row: usize) -> Result<(), String> {
        if row >= self.rows {
            return Err(format!(
                "weburl: row {row} of a vector of {} rows",
                self.rows
            ));
        }
        // SAFETY: the vector is live (`new`'s contract) and `row` is below its room; making the
        // mask writable allocates it when the vector has none.
        unsafe {
            sys::duckdb_vector_ensure_validity_writable(self.handle);
            sys::duckdb_validity_set_row_invalid(
                sys::duckdb_vector_get_validity(self.handle),
                row as u64,
            );
        }
        Ok(())
    }

    /// Writes `value` at `row` of the vector's data, an array of `T`.
    ///
    /// # Safety
    /// `T` must be the type of the vector's data array for its kind ([`check`](Self::check)
    /// has been passed with that kind).
    unsafe fn write<T>(&mut self, row: usize, value: T) {
        // SAFETY: the caller's contract for `T`; `row` is below the room (`check`).
        unsafe { *(sys::duckdb_vector_get_data(self.handle) as *mut T).add(row) = value }
    }

    /// Sets row `row` of an INTEGER vector to `value`, or NULL.
    pub(crate) fn set_i32(&mut self, row: usize, value: Option<i32>) -> Result<(), String> {
        self.check(row, Kind::Integer)?;
        match value {
            // SAFETY: an INTEGER vector's data is an array of i32.
            Some(v) => unsafe { self.write(row, v) },
            None => self.set_null(row)?,
        }
        Ok(())
    }

    /// Sets row `row` of a BIGINT vector to `value`, or NULL.
    pub(crate) fn set_i64(&mut self, row: usize, value: Option<i64>) -> Result<(), String> {
        self.check(row, Kind::BigInt)?;
        match value {
            // SAFETY: a BIGINT vector's data is an array of i64.
            Some(v) => unsafe { self.write(row, v) },
            None => self.set_null(row)?,
        }
        Ok(())
    }

    /// Sets row `row` of a BOOLEAN vector to `value`, or NULL.
    pub(crate) fn set_bool(&mut self, row: usize, value: Option<bool>) -> Result<(), String> {
        self.check(row, Kind::Boolean)?;
        match value {
            // SAFETY: a BOOLEAN vector's data is an array of bool.
            Some(v) => unsafe { self.write(row, v) },
            None => self.set_null(row)?,
        }
        Ok(())
    }

    /// Sets row `row` of a VARCHAR vector to `value`, or NULL.
    pub(crate) fn set_str(&mut self, row: usize, value: Option<&str>) -> Result<(), String> {
        self.check(row, Kind::Varchar)?;
        match value {
            // A short string is written inline, zero-padded as DuckDB keeps them (it compares
            // inline strings by all 16 bytes). The C API's assign would check the UTF-8 of a
            // `&str` again and look up the string heap it does not need.
            Some(s) if s.len() <= INLINE => {
                let mut inlined = [0 as c_char; INLINE];
                for (to, from) in inlined.iter_mut().zip(s.bytes()) {
                    *to = from as c_char;
                }
                let value = sys::duckdb_string_t {
                    value: sys::duckdb_string_t__bindgen_ty_1 {
                        inlined: sys::duckdb_string_t__bindgen_ty_1__bindgen_ty_2 {
                            length: s.len() as u32,
                            inlined,
                        },
                    },
                };
                // SAFETY: a VARCHAR vector's data is an array of string_t.
                unsafe { self.write(row, value) };
            }
            Some(s) => {
                let length = u64::try_from(s.len())
                    .ok()
                    .filter(|&l| l <= u64::from(u32::MAX))
                    .ok_or("weburl: a string over 4 GiB")?;
                // SAFETY: the vector is live and VARCHAR, `row` below its room; DuckDB copies
                // the bytes into the vector's string heap.
                unsafe {
                    sys::duckdb_vector_assign_string_element_len(
                        self.handle,
                        row as u64,
                        s.as_ptr() as *const c_char,
                        length,
                    )
                }
            }
            None => self.set_null(row)?,
        }
        Ok(())
    }

    /// Field `index` of a STRUCT vector, with the same room.
    pub(crate) fn struct_child(&self, index: usize) -> Result<Vector, String> {
        match self.kind {
            Kind::Struct(fields) if index < fields => {
                // SAFETY: the vector is a live STRUCT with a field `index`; a struct's field has
                // the struct's room and lives as long as it.
                unsafe {
                    let child = sys::duckdb_struct_vector_get_child(self.handle, index as u64);
                    Ok(Vector::new(child, self.rows))
                }
            }
            kind => Err(format!("weburl: field {index} of a {kind:?} vector")),
        }
    }

    /// The vector as a LIST being filled row by row.
    pub(crate) fn into_list(self) -> Result<ListOut, String> {
        match self.kind {
            Kind::List => Ok(ListOut {
                vector: self,
                len: 0,
            }),
            kind => Err(format!("weburl: a list in a {kind:?} vector")),
        }
    }
}

/// A LIST result being filled row by row; its child vector grows as items are pushed.
#[derive(Debug)]
pub(crate) struct ListOut {
    vector: Vector,
    len: usize,
}

impl ListOut {
    /// Sets row `row` to `count` items, which `fill` writes into the child vector at rows
    /// `first..first + count` (it gets the child, which has room for them, and `first`), or
    /// NULL when `count` is `None`.
    pub(crate) fn set(
        &mut self,
        row: usize,
        count: Option<usize>,
        fill: impl FnOnce(Vector, usize) -> Result<(), String>,
    ) -> Result<(), String> {
        let Some(count) = count else {
            return self.vector.set_null(row);
        };
        self.vector.check(row, Kind::List)?;
        let first = self.len;
        self.len = first
            .checked_add(count)
            .ok_or("weburl: too many list items")?;
        // SAFETY: the vector is a live LIST and `row` below its room (`check`): its data is an
        // array of list entries. Reserving makes the child hold `len` items before they are
        // written, and the size tells DuckDB how many are valid; the child is taken after the
        // reserve, so its data does not move while `fill` writes it.
        let child = unsafe {
            sys::duckdb_list_vector_reserve(self.vector.handle, self.len as u64);
            sys::duckdb_list_vector_set_size(self.vector.handle, self.len as u64);
            self.vector.write(
                row,
                sys::duckdb_list_entry {
                    offset: first as u64,
                    length: count as u64,
                },
            );
            Vector::new(
                sys::duckdb_list_vector_get_child(self.vector.handle),
                self.len,
            )
        };
        fill(child, first)
    }
}
