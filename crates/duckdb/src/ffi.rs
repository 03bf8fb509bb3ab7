//! DuckDB's C API, with `vector.rs`: reading a chunk's VARCHAR columns, registering functions
//! and the `weburl_functions()` table. Every function here that takes a raw handle is an
//! `unsafe fn` whose `# Safety` says what the handle must be; everything else in the crate is
//! safe code over [`Strings`] and the typed writers of `vector.rs`.
//!
//! DuckDB flattens a C API scalar function's input vectors before calling it (a constant or
//! dictionary vector arrives as a flat one, which the tests check), so an input is a flat
//! array of `duckdb_string_t` with an optional validity mask.

use std::ffi::{c_char, c_void, CString};

use libduckdb_sys as sys;

use crate::vector::{Vector, INLINE};

/// One VARCHAR column of the chunk a function is called with.
pub(crate) struct Strings {
    data: *const sys::duckdb_string_t,
    validity: *const u64,
    rows: usize,
}

impl Strings {
    /// Column `column` of `chunk`.
    ///
    /// # Safety
    /// `chunk` must be a live data chunk with a VARCHAR column `column` (a function's input
    /// chunk, whose columns are its registered parameters), flat (DuckDB flattens a C API
    /// function's input), and stay live while the returned value is used.
    pub(crate) unsafe fn new(chunk: sys::duckdb_data_chunk, column: u64) -> Strings {
        // SAFETY: the caller's contract; the vector's data is an array of `rows` string_t and
        // its validity mask is NULL (no NULLs) or `rows` bits.
        unsafe {
            let rows = sys::duckdb_data_chunk_get_size(chunk) as usize;
            let vector = sys::duckdb_data_chunk_get_vector(chunk, column);
            Strings {
                data: sys::duckdb_vector_get_data(vector) as *const sys::duckdb_string_t,
                validity: sys::duckdb_vector_get_validity(vector),
                rows,
            }
        }
    }

    /// Row `row`'s string: `None` for NULL (and for bytes that are not UTF-8, which a VARCHAR
    /// never holds).
    pub(crate) fn get(&self, row: usize) -> Option<&str> {
        if row >= self.rows {
            return None;
        }
        if !self.validity.is_null() {
            // SAFETY: the mask has a bit for each of the `rows` rows, and row < rows.
            let word = unsafe { *self.validity.add(row / 64) };
            if word & (1 << (row % 64)) == 0 {
                return None;
            }
        }
        // SAFETY: row < rows; a string_t of up to 12 bytes holds them inline after its
        // length, a longer one points at `length` bytes that live as long as the chunk.
        let bytes = unsafe {
            let s = &*self.data.add(row);
            let length = s.value.inlined.length as usize;
            if length <= INLINE {
                std::slice::from_raw_parts(s.value.inlined.inlined.as_ptr() as *const u8, length)
            } else {
                std::slice::from_raw_parts(s.value.pointer.ptr as *const u8, length)
            }
        };
        // URLs are nearly always ASCII: `is_ascii` reads a word at a time, where
        // `str::from_utf8` (the fallback) costs about twice as much per row.
        if bytes.is_ascii() {
            // SAFETY: ASCII bytes are UTF-8.
            Some(unsafe { std::str::from_utf8_unchecked(bytes) })
        } else {
            std::str::from_utf8(bytes).ok()
        }
    }
}

/// Owned logical types, destroyed when dropped. The handle is private, so that every `Type`
/// is one DuckDB created (its `Drop` destroys it).
pub(crate) struct Type(sys::duckdb_logical_type);

impl Type {
    pub(crate) fn varchar() -> Type {
        // SAFETY: creating a primitive type has no precondition.
        Type(unsafe { sys::duckdb_create_logical_type(sys::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR) })
    }
    pub(crate) fn integer() -> Type {
        // SAFETY: as above.
        Type(unsafe { sys::duckdb_create_logical_type(sys::DUCKDB_TYPE_DUCKDB_TYPE_INTEGER) })
    }
    pub(crate) fn bigint() -> Type {
        // SAFETY: as above.
        Type(unsafe { sys::duckdb_create_logical_type(sys::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT) })
    }
    pub(crate) fn boolean() -> Type {
        // SAFETY: as above.
        Type(unsafe { sys::duckdb_create_logical_type(sys::DUCKDB_TYPE_DUCKDB_TYPE_BOOLEAN) })
    }
    pub(crate) fn list(item: &Type) -> Type {
        // SAFETY: `item` is a live type; DuckDB copies it.
        Type(unsafe { sys::duckdb_create_list_type(item.0) })
    }
    pub(crate) fn structure(fields: &[(&str, Type)]) -> Type {
        let names: Vec<CString> = fields.iter().map(|(n, _)| c_string(n)).collect();
        let name_ptrs: Vec<*const c_char> = names.iter().map(|n| n.as_ptr()).collect();
        let mut types: Vec<sys::duckdb_logical_type> = fields.iter().map(|(_, t)| t.0).collect();
        // SAFETY: both arrays have `fields.len()` live entries; DuckDB copies them.
        Type(unsafe {
            sys::duckdb_create_struct_type(
                types.as_mut_ptr(),
                name_ptrs.as_ptr() as *mut *const c_char,
                fields.len() as u64,
            )
        })
    }
}

impl Drop for Type {
    fn drop(&mut self) {
        // SAFETY: the type was created by DuckDB and is destroyed once.
        unsafe { sys::duckdb_destroy_logical_type(&mut self.0) }
    }
}

/// A name for the C API: names here are literals without NUL bytes.
pub(crate) fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

/// The callback every function is registered with: `info`'s extra info is the `&'static`
/// value given to [`register`].
pub(crate) type Callback = unsafe extern "C" fn(
    info: sys::duckdb_function_info,
    input: sys::duckdb_data_chunk,
    output: sys::duckdb_vector,
);

/// The extra info registered with the function being called.
///
/// # Safety
/// `info` must be the function info of a function that [`register`] registered with a `T`.
pub(crate) unsafe fn extra_info<T>(info: sys::duckdb_function_info) -> &'static T {
    // SAFETY: the caller's contract: the pointer is a `&'static T` given to `register`.
    unsafe { &*(sys::duckdb_scalar_function_get_extra_info(info) as *const T) }
}

/// Reports `message` as the error of the function being called.
///
/// # Safety
/// `info` must be the live function info of the scalar function being called.
pub(crate) unsafe fn set_error(info: sys::duckdb_function_info, message: &str) {
    let message = c_string(message);
    // SAFETY: the caller's contract; DuckDB copies the message.
    unsafe { sys::duckdb_scalar_function_set_error(info, message.as_ptr()) }
}

/// A table function whose result is a fixed table of VARCHAR columns, such as
/// `weburl_functions()`: the C API has no way to attach a description to a scalar function
/// (`duckdb_functions()` shows NULL for it), so the documentation is a table of its own.
pub(crate) struct Listing {
    /// The table function's name.
    pub(crate) name: &'static str,
    /// Its columns' names.
    pub(crate) columns: &'static [&'static str],
    /// Its rows, each with a value (or NULL) for every column.
    pub(crate) rows: fn() -> &'static [Vec<Option<String>>],
}

/// The bind callback of a [`Listing`]: its columns, all VARCHAR, and its row count.
///
/// # Safety
/// Called by DuckDB with the bind info of a table function registered by
/// [`Registry::add_listing`], whose extra info is a `&'static Listing`.
unsafe extern "C" fn listing_bind(info: sys::duckdb_bind_info) {
    // SAFETY: the caller's contract.
    let listing = unsafe { &*(sys::duckdb_bind_get_extra_info(info) as *const Listing) };
    let varchar = Type::varchar();
    for column in listing.columns {
        let name = c_string(column);
        // SAFETY: `info` is live; DuckDB copies the name and the type.
        unsafe { sys::duckdb_bind_add_result_column(info, name.as_ptr(), varchar.0) };
    }
    // SAFETY: as above.
    unsafe { sys::duckdb_bind_set_cardinality(info, (listing.rows)().len() as u64, true) };
}

/// The init callback of a [`Listing`]: the scan's cursor (the next row), one thread.
///
/// # Safety
/// Called by DuckDB with the live init info of a [`Listing`]'s scan.
unsafe extern "C" fn listing_init(info: sys::duckdb_init_info) {
    let cursor = Box::into_raw(Box::new(0usize));
    // SAFETY: `info` is live; DuckDB owns the cursor from here and frees it with
    // `drop_cursor`, once.
    unsafe {
        sys::duckdb_init_set_init_data(info, cursor as *mut c_void, Some(drop_cursor));
        sys::duckdb_init_set_max_threads(info, 1);
    }
}

/// Frees a cursor made by [`listing_init`].
///
/// # Safety
/// `cursor` is a pointer `listing_init` made with `Box::into_raw`, freed once.
unsafe extern "C" fn drop_cursor(cursor: *mut c_void) {
    // SAFETY: the caller's contract.
    drop(unsafe { Box::from_raw(cursor as *mut usize) });
}

/// The scan callback of a [`Listing`]: the next rows, as many as a chunk holds.
///
/// # Safety
/// Called by DuckDB with the function info of a [`Listing`]'s scan (extra info a
/// `&'static Listing`, init data a cursor from [`listing_init`]) and an output chunk of its
/// columns.
unsafe extern "C" fn listing_scan(info: sys::duckdb_function_info, output: sys::duckdb_data_chunk) {
    // SAFETY: the caller's contract; the cursor is this scan's alone (one thread).
    let (listing, cursor) = unsafe {
        (
            &*(sys::duckdb_function_get_extra_info(info) as *const Listing),
            &mut *(sys::duckdb_function_get_init_data(info) as *mut usize),
        )
    };
    // SAFETY: no precondition.
    let capacity = unsafe { sys::duckdb_vector_size() } as usize;
    let rest = (listing.rows)().get(*cursor..).unwrap_or_default();
    let batch = rest.get(..capacity.min(rest.len())).unwrap_or_default();
    for column in 0..listing.columns.len() {
        // SAFETY: the chunk has one VARCHAR vector for each column (no projection pushdown),
        // with room for `capacity` rows.
        let mut out = unsafe {
            Vector::new(
                sys::duckdb_data_chunk_get_vector(output, column as u64),
                capacity,
            )
        };
        for (row, values) in batch.iter().enumerate() {
            // A failure (none: the batch fits and the columns are VARCHAR) leaves the row NULL.
            let _ = out.set_str(row, values.get(column).and_then(|v| v.as_deref()));
        }
    }
    // SAFETY: the chunk holds `capacity` rows and `batch` is no longer.
    unsafe { sys::duckdb_data_chunk_set_size(output, batch.len() as u64) };
    *cursor += batch.len();
}

/// Registers `name(params...) -> result` on `connection`, calling `callback` with `extra`.
/// Overloads (the same name with other parameters) are registered by calling this again:
/// the functions are gathered in one set per name by [`Registry`].
pub(crate) struct Registry {
    connection: sys::duckdb_connection,
    sets: Vec<(String, sys::duckdb_scalar_function_set)>,
    listings: Vec<&'static Listing>,
}

impl Registry {
    /// A registry of functions for `connection`.
    ///
    /// # Safety
    /// `connection` must be a live connection that stays open until [`Registry::finish`]
    /// returns.
    pub(crate) unsafe fn new(connection: sys::duckdb_connection) -> Registry {
        Registry {
            connection,
            sets: Vec::new(),
            listings: Vec::new(),
        }
    }

    /// Adds `name(params...) -> result`, calling `callback` with `extra` as its extra info.
    ///
    /// # Safety
    /// `callback` must read its extra info (through [`extra_info`]) as a `&T`, the type of
    /// `extra`: nothing else ties the two together.
    pub(crate) unsafe fn add<T: Sync + 'static>(
        &mut self,
        name: &str,
        params: &[&Type],
        result: &Type,
        callback: Callback,
        extra: &'static T,
    ) {
        let set = match self.sets.iter().find(|(n, _)| n == name) {
            Some((_, set)) => *set,
            None => {
                let c_name = c_string(name);
                // SAFETY: creating a set has no precondition; it is destroyed in `finish`.
                let set = unsafe { sys::duckdb_create_scalar_function_set(c_name.as_ptr()) };
                self.sets.push((name.to_owned(), set));
                set
            }
        };
        let c_name = c_string(name);
        // SAFETY: the function is created, described with live types (DuckDB copies them),
        // added to the set (which copies it) and destroyed. The extra info is a `'static`
        // reference, so it needs no destructor.
        unsafe {
            let mut function = sys::duckdb_create_scalar_function();
            sys::duckdb_scalar_function_set_name(function, c_name.as_ptr());
            for param in params {
                sys::duckdb_scalar_function_add_parameter(function, param.0);
            }
            sys::duckdb_scalar_function_set_return_type(function, result.0);
            sys::duckdb_scalar_function_set_function(function, Some(callback));
            sys::duckdb_scalar_function_set_extra_info(
                function,
                extra as *const T as *mut c_void,
                None,
            );
            sys::duckdb_add_scalar_function_to_set(set, function);
            sys::duckdb_destroy_scalar_function(&mut function);
        }
    }

    /// Adds the table function `listing` (registered by [`Registry::finish`]).
    pub(crate) fn add_listing(&mut self, listing: &'static Listing) {
        self.listings.push(listing);
    }

    /// Registers the table function `listing`; whether DuckDB took it.
    fn register_listing(&self, listing: &'static Listing) -> bool {
        let name = c_string(listing.name);
        // SAFETY: the function is created, given its callbacks and a `'static` extra info
        // (no destructor), registered on the live connection (DuckDB copies it) and destroyed
        // once.
        unsafe {
            let mut function = sys::duckdb_create_table_function();
            sys::duckdb_table_function_set_name(function, name.as_ptr());
            sys::duckdb_table_function_set_extra_info(
                function,
                listing as *const Listing as *mut c_void,
                None,
            );
            sys::duckdb_table_function_set_bind(function, Some(listing_bind));
            sys::duckdb_table_function_set_init(function, Some(listing_init));
            sys::duckdb_table_function_set_function(function, Some(listing_scan));
            let state = sys::duckdb_register_table_function(self.connection, function);
            sys::duckdb_destroy_table_function(&mut function);
            state == sys::DuckDBSuccess
        }
    }

    /// Registers every set; the names of those DuckDB refused.
    pub(crate) fn finish(mut self) -> Vec<String> {
        let mut refused: Vec<String> = self
            .listings
            .iter()
            .filter(|l| !self.register_listing(l))
            .map(|l| l.name.to_owned())
            .collect();
        for (name, mut set) in self.sets.drain(..) {
            // SAFETY: the connection is live and the set was created above; it is destroyed
            // once, after DuckDB copied it.
            unsafe {
                if sys::duckdb_register_scalar_function_set(self.connection, set)
                    != sys::DuckDBSuccess
                {
                    refused.push(name);
                }
                sys::duckdb_destroy_scalar_function_set(&mut set);
            }
        }
        refused
    }
}
