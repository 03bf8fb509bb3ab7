//! `weburl.arrow`: every function of the catalogue over an Arrow column, Arrow in and Arrow out
//! through the Arrow PyCapsule interface, without pyarrow.
//!
//! `_arrow_call(function, array, args)` imports the column in place (`import.rs`: no copy of
//! the strings), releases the GIL, computes every row with the record's [`Evaluator`] (split
//! across threads for a large column, as the Polars plugin splits an eager call), and returns
//! an [`Array`] holding the result's buffers (`column.rs`), which `__arrow_c_array__` and
//! `__arrow_c_stream__` hand to pyarrow, Polars, DuckDB or nanoarrow without a copy
//! (`export.rs`). A chunked input (a stream) gives a result of the same chunks. A
//! dictionary-encoded chunk is computed once per dictionary value that its rows use (when the
//! other arguments are the same for every row and the dictionary has no more values than the
//! chunks that share it have rows; else row by row) and its result expanded by the indices, so
//! that the result's type is the one a plain string column gives.
//!
//! The C data interface is read and written here by hand (`ffi.rs`) rather than with arrow-rs:
//! it is a few hundred lines for the string types weburl reads and the types it writes, where
//! the `arrow-array` crate and its dependencies would add to the package's build time (see
//! `docs/python.md`). Its `unsafe` is in `ffi.rs`, `import.rs` (with `import/views.rs`) and
//! `export.rs` only, each block with its SAFETY note.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::ops::Range;
use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use weburl_functions::catalogue::{self, CallError, Datum, Evaluator, Function, MAX_ARGUMENTS};

mod column;
mod export;
mod ffi;
mod import;
mod pool;
mod types;

use column::{Builder, Node};
use import::Column;

/// Below this many rows per thread a column is not split across threads.
const ROWS_PER_THREAD: usize = 1 << 16;

/// A function's result: an Arrow array (or a stream of arrays, one per input chunk) that
/// pyarrow, Polars, DuckDB and nanoarrow take through `__arrow_c_array__` /
/// `__arrow_c_stream__`.
#[pyclass(frozen, module = "weburl.arrow", name = "Array")]
pub(crate) struct Array {
    root: Arc<Node>,
    /// Each chunk's first row and length.
    chunks: Vec<(usize, usize)>,
}

#[pymethods]
impl Array {
    /// The result's type as an `ArrowSchema` capsule.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        export::schema_capsule(py, &self.root, &None)
    }

    /// The whole result as one array: `(schema, array)` capsules. A `requested_schema` (an
    /// `arrow_schema` capsule) of the other string type than a string result's is given when
    /// the conversion is exact (`export::retyped`); any other request gets the result's own
    /// type (the interface lets a producer keep it).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        let retyped = self.retyped(requested_schema.as_ref())?;
        Ok((
            export::schema_capsule(py, &self.root, &retyped)?,
            export::array_capsule(py, &self.root, 0, self.root.len, &retyped)?,
        ))
    }

    /// The result as a stream of one array per input chunk (`requested_schema` as for
    /// `__arrow_c_array__`).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let retyped = self.retyped(requested_schema.as_ref())?;
        export::stream_capsule(py, &self.root, self.chunks.clone(), retyped)
    }

    fn __len__(&self) -> usize {
        self.root.len
    }

    /// How many rows are NULL.
    #[getter]
    fn null_count(&self) -> usize {
        self.root.nulls(0, self.root.len)
    }

    /// How many chunks the stream has (the input's).
    #[getter]
    fn num_chunks(&self) -> usize {
        self.chunks.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<weburl.arrow.Array of {} rows in {} chunks, {} null>",
            self.root.len,
            self.chunks.len(),
            self.null_count()
        )
    }
}

impl Array {
    /// The offsets a `requested_schema` asks for (see `export::retyped`), if any.
    fn retyped(&self, requested: Option<&Bound<'_, PyAny>>) -> PyResult<export::Retyped> {
        let format = match requested {
            Some(schema) if !schema.is_none() => import::requested_format(schema)?,
            _ => None,
        };
        Ok(export::retyped(&self.root, format.as_deref()))
    }
}

/// Which argument the column is: `ref` if the record has one (`url_join`), else the first.
fn column_index(f: &Function) -> usize {
    f.arguments
        .iter()
        .position(|a| a.name == "ref")
        .unwrap_or(0)
}

/// One argument besides the column, as given.
enum Arg {
    /// A `str` or `None`: the same for every row.
    Value(Option<String>),
    /// An Arrow column: a value per row (or one for every row, if it has one row).
    Column(import::Input),
}

/// One argument besides the column, as the rows read it.
#[derive(Clone, Copy)]
enum ArgView<'a> {
    Value(Option<&'a str>),
    /// The column's chunks.
    Column(&'a [Column]),
}

/// Reads the rows of a chunked argument in increasing order.
struct Cursor<'a> {
    columns: &'a [Column],
    chunk: usize,
    base: usize,
}

impl<'a> Cursor<'a> {
    fn new(columns: &'a [Column]) -> Cursor<'a> {
        Cursor {
            columns,
            chunk: 0,
            base: 0,
        }
    }

    /// Row `r` (counted across the chunks; never less than the previous call's).
    fn get(&mut self, r: usize) -> Option<&'a str> {
        while let Some(c) = self.columns.get(self.chunk) {
            if r < self.base + c.len() {
                return c.str(r - self.base);
            }
            self.base += c.len();
            self.chunk += 1;
        }
        None
    }
}

/// An argument besides the column: `None`, a `str`, or an Arrow column of `rows` rows or one.
fn argument(obj: &Bound<'_, PyAny>, rows: usize) -> PyResult<Arg> {
    if obj.is_none() {
        return Ok(Arg::Value(None));
    }
    if obj.is_instance_of::<pyo3::types::PyString>() {
        let text = crate::convert::text(obj, "argument")?;
        return Ok(Arg::Value(Some(String::from(&*text))));
    }
    if !obj.hasattr("__arrow_c_array__")? && !obj.hasattr("__arrow_c_stream__")? {
        return Err(PyTypeError::new_err(format!(
            "weburl.arrow: an argument must be str, None or an Arrow array, not {}",
            types::type_name(obj)
        )));
    }
    let input = import::import(obj)?;
    let len: usize = input.columns.iter().map(Column::len).sum();
    if len != rows && len != 1 {
        return Err(PyValueError::new_err(format!(
            "weburl.arrow: {rows} rows but an argument of {len} rows"
        )));
    }
    Ok(Arg::Column(input))
}

/// `_arrow_call(function, array, args)`: the catalogue function `function` on each row of
/// `array` (an Arrow string column); each of the other arguments `args` is a `str` or `None`
/// (the same for every row) or an Arrow string column of as many rows (or of one row).
#[pyfunction]
fn _arrow_call(
    py: Python<'_>,
    function: &str,
    array: &Bound<'_, PyAny>,
    args: Vec<Bound<'_, PyAny>>,
) -> PyResult<Array> {
    let f = catalogue::function(function)
        .ok_or_else(|| PyValueError::new_err(format!("weburl.arrow: no function {function}")))?;
    let count = args.len() + 1;
    if count < f.min_arguments() || count > f.max_arguments() {
        return Err(PyTypeError::new_err(format!(
            "weburl.arrow: {} takes {} to {} arguments, {count} given",
            f.syntax(),
            f.min_arguments(),
            f.max_arguments()
        )));
    }
    let input = import::import(array)?;
    let columns = &input.columns;
    let mut chunks = Vec::with_capacity(columns.len());
    let mut start = 0;
    for c in columns {
        chunks.push((start, c.len()));
        start += c.len();
    }
    if !input.chunked {
        chunks = vec![(0, start)];
    }
    let rows = start;
    let args = args
        .iter()
        .map(|a| argument(a, rows))
        .collect::<PyResult<Vec<Arg>>>()?;
    let views: Vec<ArgView<'_>> = args
        .iter()
        .map(|a| match a {
            Arg::Value(v) => ArgView::Value(v.as_deref()),
            Arg::Column(input) => {
                let len: usize = input.columns.iter().map(Column::len).sum();
                if len == 1 {
                    let first = input.columns.iter().find(|c| c.len() == 1);
                    ArgView::Value(first.and_then(|c| c.str(0)))
                } else {
                    ArgView::Column(&input.columns)
                }
            }
        })
        .collect();
    let arg_columns: Vec<&[Column]> = args
        .iter()
        .filter_map(|a| match a {
            Arg::Column(input) => Some(&input.columns[..]),
            Arg::Value(_) => None,
        })
        .collect();
    let built = py.detach(|| {
        // An argument column's dictionary indices are checked here, the column's as its
        // chunks are computed (`dictionaries`).
        for chunks in &arg_columns {
            let mut first = 0;
            for c in chunks.iter() {
                c.each_index(first, |_| {}).map_err(bad_index)?;
                first += c.len();
            }
        }
        compute(f, columns, &views, rows)
    });
    let root = built.map_err(|e| PyValueError::new_err(format!("weburl.arrow: {e}")))?;
    drop(views);
    drop(args);
    drop(input);
    Ok(Array {
        root: Arc::new(root),
        chunks,
    })
}

/// Every row, split across threads when there are enough.
///
/// Each thread builds its part; the parts are then appended to the first, which reserved room
/// for every row's offset or value when it was made: the others' rows are copied once, and
/// the first part's buffers are not moved (but for a string result's text when the first
/// part's input text is less than the whole result's).
fn compute(
    f: &'static Function,
    columns: &[Column],
    args: &[ArgView<'_>],
    rows: usize,
) -> Result<Node, CallError> {
    let (results, of) = dictionaries(f, columns, args)?;
    let dictionaries: Vec<Option<&Node>> =
        of.iter().map(|r| r.and_then(|r| results.get(r))).collect();
    let dictionaries = &dictionaries[..];
    // The machine's parallelism is asked for only when the column could be split: the query
    // reads the affinity mask and cgroup files, a fixed cost that a small batch (Spark's
    // 10,000 rows) would pay on every call.
    let most = rows / ROWS_PER_THREAD;
    let threads = if most < 2 {
        1
    } else {
        std::thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .min(most)
    };
    if threads == 1 {
        return Ok(part(f, columns, dictionaries, args, 0..rows, rows)?.finish());
    }
    let per = rows.div_ceil(threads);
    let parts: Vec<Result<Builder, CallError>> = std::thread::scope(|s| {
        // A part the OS refuses a thread for is computed here, after the others are spawned.
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let start = (t * per).min(rows);
                let end = ((t + 1) * per).min(rows);
                // The first part has room for every row.
                let room = if t == 0 { rows } else { end };
                std::thread::Builder::new()
                    .spawn_scoped(s, move || {
                        part(f, columns, dictionaries, args, start..end, room)
                    })
                    .map_err(|_| (start, end, room))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => h.join().unwrap_or_else(|_| {
                    Err(CallError {
                        message: "a worker thread failed".to_owned(),
                    })
                }),
                Err((start, end, room)) => part(f, columns, dictionaries, args, start..end, room),
            })
            .collect()
    });
    let mut parts = parts.into_iter();
    let mut out = match parts.next() {
        Some(first) => first?,
        None => Builder::new(f.returns, 0),
    };
    for p in parts {
        out.append(p?);
    }
    Ok(out.finish())
}

/// A [`BadIndex`](import::BadIndex) as the call's error.
fn bad_index(e: import::BadIndex) -> CallError {
    CallError {
        message: e.to_string(),
    }
}

/// The function's results on dictionary values, and for each chunk the one its rows are
/// expanded from, if any: a dictionary-encoded chunk's rows are, when the other arguments are
/// the same for every row, the results on the values that its valid rows use (NULL for the
/// others), computed once for every chunk of the same dictionary (same buffers, offset and
/// length: a Polars `Categorical` stream's chunks share one), when those chunks have at least as
/// many rows as it has values (so that a short chunk costs its rows alone, however large the
/// dictionary it shares; else it is computed row by row). Every dictionary-encoded chunk's
/// indices are checked here (a [`BadIndex`](import::BadIndex) names the row across the whole
/// column); a value no row uses is not computed, so it raises nothing, as in the plain column.
fn dictionaries(
    f: &'static Function,
    columns: &[Column],
    args: &[ArgView<'_>],
) -> Result<(Vec<Node>, Vec<Option<usize>>), CallError> {
    let scalar = args.iter().all(|a| matches!(a, ArgView::Value(_)));
    let mut groups: Vec<Group<'_>> = Vec::new();
    let mut group_of: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut chunk_group = Vec::with_capacity(columns.len());
    let mut first = 0;
    for c in columns {
        let start = first;
        first += c.len();
        let Some(d) = c.dictionary() else {
            chunk_group.push(None);
            continue;
        };
        if !scalar {
            c.each_index(start, |_| {}).map_err(bad_index)?;
            chunk_group.push(None);
            continue;
        }
        let g = *group_of.entry(d.values.identity()).or_insert_with(|| {
            groups.push(Group {
                values: &d.values,
                chunks: Vec::new(),
                rows: 0,
            });
            groups.len() - 1
        });
        if let Some(group) = groups.get_mut(g) {
            group.chunks.push((c, start));
            group.rows += c.len();
        }
        chunk_group.push(Some(g));
    }
    let mut results = Vec::with_capacity(groups.len());
    let mut result_of = Vec::with_capacity(groups.len());
    for Group {
        values,
        chunks,
        rows,
    } in groups
    {
        if values.len() > rows {
            for (c, start) in chunks {
                c.each_index(start, |_| {}).map_err(bad_index)?;
            }
            result_of.push(None);
            continue;
        }
        let mut used = vec![false; values.len()];
        for (c, start) in chunks {
            c.each_index(start, |k| {
                if let Some(u) = used.get_mut(k) {
                    *u = true;
                }
            })
            .map_err(bad_index)?;
        }
        result_of.push(Some(results.len()));
        results.push(used_values(f, values, &used, args)?);
    }
    let chunks = chunk_group
        .into_iter()
        .map(|g| g.and_then(|g| result_of.get(g).copied().flatten()))
        .collect();
    Ok((results, chunks))
}

/// The chunks of one dictionary.
struct Group<'a> {
    /// The dictionary's values.
    values: &'a Column,
    /// Each chunk, with its first row (counted across the column's chunks).
    chunks: Vec<(&'a Column, usize)>,
    /// Their rows.
    rows: usize,
}

/// The function on each value of `values` that `used` marks (NULL for the others), with the
/// other arguments `args` (each the same for every row).
fn used_values(
    f: &'static Function,
    values: &Column,
    used: &[bool],
    args: &[ArgView<'_>],
) -> Result<Node, CallError> {
    let n = values.len();
    let mut out = Builder::new(f.returns, n);
    out.reserve_text(values.text_bytes(0, n));
    let mut row = Evaluator::new(f);
    let count = args.len() + 1;
    if count == 1 {
        // The value alone (the number of arguments checked once, by `Evaluator::one`).
        let mut one = row.one()?;
        for (k, &wanted) in used.iter().enumerate() {
            let value = if wanted { values.str(k) } else { None };
            out.push(one.eval(value)?);
        }
        return Ok(out.finish());
    }
    let at = column_index(f).min(args.len());
    let mut slots: [Option<&str>; MAX_ARGUMENTS] = [None; MAX_ARGUMENTS];
    let mut rest = args.iter();
    for (k, slot) in slots.iter_mut().take(count).enumerate() {
        if k == at {
            continue;
        }
        if let Some(ArgView::Value(v)) = rest.next() {
            *slot = *v;
        }
    }
    for (k, &wanted) in used.iter().enumerate() {
        let value = if wanted { values.str(k) } else { None };
        if value.is_none() {
            out.push_null();
            continue;
        }
        if let Some(slot) = slots.get_mut(at) {
            *slot = value;
        }
        out.push(row.eval(slots.get(..count).unwrap_or_default())?);
    }
    Ok(out.finish())
}

/// Rows `rows` (counted across the chunks), in a builder with room for rows `rows.start..room`
/// (`room >= rows.end`) and, for a string result, for as much text as `rows` have in the input.
/// (Text room for the whole column in the first part would make it one allocation large
/// enough that the system's allocator maps fresh memory for it on every call, and every page
/// written then costs a page fault: more than the copy it saves.)
///
/// `dictionaries` holds, for each dictionary-encoded chunk, the function's result on each of
/// its dictionary's values (when there is one): its rows are those results, by index.
fn part(
    f: &'static Function,
    columns: &[Column],
    dictionaries: &[Option<&Node>],
    args: &[ArgView<'_>],
    rows: Range<usize>,
    room: usize,
) -> Result<Builder, CallError> {
    let Range { start, end } = rows;
    let mut out = Builder::new(f.returns, room - start);
    let mut base = 0;
    let mut text = 0;
    for column in columns {
        let n = column.len();
        let (lo, hi) = (start.max(base), end.min(base + n));
        if lo < hi {
            text += column.text_bytes(lo - base, hi - base);
        }
        base += n;
    }
    out.reserve_text(text);
    let mut row = Evaluator::new(f);
    let count = args.len() + 1;
    let at = column_index(f).min(args.len());
    let mut values: [Option<&str>; MAX_ARGUMENTS] = [None; MAX_ARGUMENTS];
    // The slots whose value changes from row to row: the column's, and each column argument's.
    let mut cursors: Vec<(usize, Cursor<'_>)> = Vec::new();
    let mut rest = args.iter();
    for (k, slot) in values.iter_mut().take(count).enumerate() {
        if k == at {
            continue;
        }
        match rest.next() {
            Some(ArgView::Value(v)) => *slot = *v,
            Some(ArgView::Column(c)) => cursors.push((k, Cursor::new(c))),
            None => {}
        }
    }
    let mut base = 0;
    for (k, column) in columns.iter().enumerate() {
        let n = column.len();
        let (lo, hi) = (start.max(base), end.min(base + n));
        if let Some(Some(results)) = dictionaries.get(k) {
            for i in lo..hi {
                match column.index(i - base) {
                    Some(index) => out.push_row(results, index),
                    None => out.push_null(),
                }
            }
            base += n;
            continue;
        }
        if count == 1 {
            // The column alone: its value is the only argument (the number of arguments
            // checked once, by `Evaluator::one`); a string result is pushed to without the
            // match of every result type.
            let (first, last) = (lo.saturating_sub(base), hi.saturating_sub(base));
            let mut one = row.one()?;
            if let Some(strings) = out.strings() {
                // Inlined into each row's loop: a call a row less.
                column.each_str(
                    first,
                    last,
                    #[inline(always)]
                    |value| {
                        let text = match one.eval(value)? {
                            Datum::Str(s) => Some(s),
                            _ => None,
                        };
                        strings.push(text);
                        Ok::<(), CallError>(())
                    },
                )?;
            } else {
                column.each_str(first, last, |value| {
                    out.push(one.eval(value)?);
                    Ok::<(), CallError>(())
                })?;
            }
            base += n;
            continue;
        }
        for i in lo..hi {
            let value = column.str(i - base);
            if value.is_none() {
                out.push_null();
                continue;
            }
            if let Some(slot) = values.get_mut(at) {
                *slot = value;
            }
            for (k, cursor) in &mut cursors {
                if let Some(slot) = values.get_mut(*k) {
                    *slot = cursor.get(i);
                }
            }
            let datum = row.eval(values.get(..count).unwrap_or_default())?;
            out.push(datum);
        }
        base += n;
    }
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Array>()?;
    m.add_function(wrap_pyfunction!(_arrow_call, m)?)
}
