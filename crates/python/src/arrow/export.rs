//! Arrow out: a result [`Node`] handed to Python as the C data interface's `ArrowSchema` and
//! `ArrowArray` (in `arrow_schema` / `arrow_array` PyCapsules) or as an `ArrowArrayStream`
//! (in an `arrow_array_stream` PyCapsule) of one array per input chunk.
//!
//! Nothing is copied: an exported array points into the node's buffers and holds an `Arc` of
//! the node, which its release callback drops. A chunk of a stream is the column's rows
//! `start..start + len`, exported with that offset; a struct's chunk is exported with offset 0
//! (a bitmap of its own for its validity) and its fields with the chunk's offset, so that no
//! consumer has to apply a struct's offset to its children.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::ptr;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyCapsule;

use super::column::{Bits, Kind, Node, Offsets};
use super::ffi::{ArrowArray, ArrowArrayStream, ArrowSchema};

/// Where an empty buffer points (never null, aligned for any primitive).
static EMPTY: [u64; 2] = [0; 2];

/// `ARROW_FLAG_NULLABLE`.
const NULLABLE: i64 = 2;

fn buffer<T>(values: &[T]) -> *const c_void {
    if values.is_empty() {
        EMPTY.as_ptr().cast()
    } else {
        values.as_ptr().cast()
    }
}

/// The format string of a node's type.
fn format(node: &Node) -> &'static CStr {
    match &node.kind {
        Kind::Utf8 {
            offsets: Offsets::Small(_),
            ..
        } => c"u",
        Kind::Utf8 {
            offsets: Offsets::Large(_),
            ..
        } => c"U",
        Kind::Int32(_) => c"i",
        Kind::Int64(_) => c"l",
        Kind::Bool(_) => c"b",
        Kind::List {
            offsets: Offsets::Small(_),
            ..
        } => c"+l",
        Kind::List {
            offsets: Offsets::Large(_),
            ..
        } => c"+L",
        Kind::Struct(_) => c"+s",
    }
}

/// What an exported schema owns.
struct SchemaPrivate {
    _name: CString,
    children: Vec<*mut ArrowSchema>,
}

/// A string result's offsets in the other width than its own: what a consumer's
/// `requested_schema` asks for when it is the other string type (see [`retyped`]).
pub(crate) type Retyped = Option<Arc<Offsets>>;

/// `root`'s offsets as the type of the Arrow format `requested` asks for, when `root` is a
/// string column of the other string type and the conversion is exact: `string` as
/// `large_string` (offsets widened), or `large_string` as `string` when its last offset fits in
/// 32 bits. `None` (the column's own type) otherwise. Only the offsets are made anew; the text
/// is shared.
///
/// The Arrow PyCapsule interface leaves this to the producer: "If requested_schema is passed,
/// the callee should attempt to provide the data in the requested schema. However, this is
/// best-effort, and the callee may return a PyCapsule containing an ArrowArray with a
/// different schema" (<https://arrow.apache.org/docs/format/CDataInterface/PyCapsuleInterface.html>):
/// any other request gets the column's own type, which the consumer then casts if it wants.
pub(crate) fn retyped(root: &Node, requested: Option<&str>) -> Retyped {
    let Kind::Utf8 { offsets, .. } = &root.kind else {
        return None;
    };
    match (offsets, requested?) {
        (Offsets::Small(o), "U") => Some(Arc::new(Offsets::Large(
            o.iter().map(|&v| i64::from(v)).collect(),
        ))),
        (Offsets::Large(o), "u") => o
            .iter()
            .map(|&v| i32::try_from(v).ok())
            .collect::<Option<Vec<i32>>>()
            .map(|v| Arc::new(Offsets::Small(v))),
        _ => None,
    }
}

/// The schema of `root`'s type, or of its retyped string type.
fn root_schema(root: &Node, retyped: &Retyped) -> ArrowSchema {
    let mut out = schema(root, "");
    out.format = match retyped.as_deref() {
        Some(Offsets::Small(_)) => c"u".as_ptr(),
        Some(Offsets::Large(_)) => c"U".as_ptr(),
        None => out.format,
    };
    out
}

/// The schema of `node`'s type, its field called `name`.
pub(crate) fn schema(node: &Node, name: &str) -> ArrowSchema {
    let children: Vec<(&str, &Node)> = match &node.kind {
        Kind::List { item, .. } => vec![("item", item.as_ref())],
        Kind::Struct(fields) => fields.iter().map(|(n, f)| (*n, f)).collect(),
        _ => Vec::new(),
    };
    let mut children: Vec<*mut ArrowSchema> = children
        .into_iter()
        .map(|(n, child)| Box::into_raw(Box::new(schema(child, n))))
        .collect();
    // A name with a NUL (none of weburl's) is exported without it.
    let name = CString::new(name.replace('\0', "")).unwrap_or_default();
    let private = Box::new(SchemaPrivate {
        _name: name,
        children: Vec::new(),
    });
    let name_ptr = private._name.as_ptr();
    let n_children = children.len() as i64;
    let children_ptr = if children.is_empty() {
        ptr::null_mut()
    } else {
        children.as_mut_ptr()
    };
    let mut private = private;
    private.children = children;
    ArrowSchema {
        format: format(node).as_ptr(),
        name: name_ptr,
        metadata: ptr::null(),
        flags: NULLABLE,
        n_children,
        children: children_ptr,
        dictionary: ptr::null_mut(),
        release: Some(release_schema),
        private_data: Box::into_raw(private).cast(),
    }
}

unsafe extern "C" fn release_schema(schema: *mut ArrowSchema) {
    // SAFETY: `schema` is one that `schema()` made (only it sets this callback) and is not yet
    // released: its `private_data` is the `Box<SchemaPrivate>` leaked there, taken back once.
    let private = unsafe { Box::from_raw((*schema).private_data.cast::<SchemaPrivate>()) };
    for child in private.children {
        // SAFETY: each child is a `Box<ArrowSchema>` leaked by `schema()`; dropping the box
        // releases the child (unless a consumer moved it out and released it) and frees it.
        drop(unsafe { Box::from_raw(child) });
    }
    // SAFETY: `schema` is valid (above); marking it released is the callback's duty.
    unsafe { (*schema).release = None };
}

/// What an exported array owns.
struct ArrayPrivate {
    _root: Arc<Node>,
    buffers: Vec<*const c_void>,
    children: Vec<*mut ArrowArray>,
    _validity: Option<Bits>,
    /// Retyped offsets that the array's offsets buffer points into.
    _offsets: Retyped,
}

/// Rows `start..start + len` of `node` (a part of `root`); `retyped`: other offsets for a
/// string `node` (the root), from [`retyped`].
fn array(root: &Arc<Node>, node: &Node, start: usize, len: usize, retyped: &Retyped) -> ArrowArray {
    let validity = |node: &Node| {
        node.validity
            .as_ref()
            .map_or(ptr::null(), |v| buffer(&v.bytes))
    };
    let mut offset = start;
    let mut own_validity = None;
    let (buffers, children): (Vec<*const c_void>, Vec<ArrowArray>) = match &node.kind {
        Kind::Utf8 { offsets, text } => {
            let offsets = match retyped.as_deref().unwrap_or(offsets) {
                Offsets::Small(o) => buffer(o),
                Offsets::Large(o) => buffer(o),
            };
            (vec![validity(node), offsets, buffer(text)], Vec::new())
        }
        Kind::Int32(values) => (vec![validity(node), buffer(values)], Vec::new()),
        Kind::Int64(values) => (vec![validity(node), buffer(values)], Vec::new()),
        Kind::Bool(values) => (vec![validity(node), buffer(&values.bytes)], Vec::new()),
        Kind::List { offsets, item } => {
            let offsets = match offsets {
                Offsets::Small(o) => buffer(o),
                Offsets::Large(o) => buffer(o),
            };
            (
                vec![validity(node), offsets],
                vec![array(root, item, 0, item.len, &None)],
            )
        }
        Kind::Struct(fields) => {
            offset = 0;
            let bits = node.validity.as_ref().map(|v| v.slice(start, len));
            let validity = bits.as_ref().map_or(ptr::null(), |b| buffer(&b.bytes));
            own_validity = bits;
            (
                vec![validity],
                fields
                    .iter()
                    .map(|(_, f)| array(root, f, start, len, &None))
                    .collect(),
            )
        }
    };
    let mut children: Vec<*mut ArrowArray> = children
        .into_iter()
        .map(|c| Box::into_raw(Box::new(c)))
        .collect();
    let mut buffers = buffers;
    let mut private = Box::new(ArrayPrivate {
        _root: Arc::clone(root),
        buffers: Vec::new(),
        children: Vec::new(),
        _validity: own_validity,
        _offsets: retyped.clone(),
    });
    let n_buffers = buffers.len() as i64;
    let n_children = children.len() as i64;
    let buffers_ptr = buffers.as_mut_ptr();
    let children_ptr = if children.is_empty() {
        ptr::null_mut()
    } else {
        children.as_mut_ptr()
    };
    private.buffers = buffers;
    private.children = children;
    ArrowArray {
        length: len as i64,
        null_count: node.nulls(start, len) as i64,
        offset: offset as i64,
        n_buffers,
        n_children,
        buffers: buffers_ptr,
        children: children_ptr,
        dictionary: ptr::null_mut(),
        release: Some(release_array),
        private_data: Box::into_raw(private).cast(),
    }
}

unsafe extern "C" fn release_array(array: *mut ArrowArray) {
    // SAFETY: `array` is one that `array()` made (only it sets this callback), not yet
    // released: its `private_data` is the `Box<ArrayPrivate>` leaked there, taken back once.
    let private = unsafe { Box::from_raw((*array).private_data.cast::<ArrayPrivate>()) };
    for child in &private.children {
        // SAFETY: each child is a `Box<ArrowArray>` leaked by `array()`; dropping the box
        // releases the child (unless a consumer moved it out) and frees it.
        drop(unsafe { Box::from_raw(*child) });
    }
    drop(private);
    // SAFETY: `array` is valid (above); marking it released is the callback's duty.
    unsafe { (*array).release = None };
}

/// The capsule of `root`'s schema (`__arrow_c_schema__`), or of its retyped string type.
pub(crate) fn schema_capsule<'py>(
    py: Python<'py>,
    root: &Arc<Node>,
    retyped: &Retyped,
) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = root_schema(root, retyped);
    PyCapsule::new_with_value_and_destructor(py, schema, c"arrow_schema", |s, _| drop(s))
}

/// The capsule of rows `start..start + len` of `root` (`__arrow_c_array__`).
pub(crate) fn array_capsule<'py>(
    py: Python<'py>,
    root: &Arc<Node>,
    start: usize,
    len: usize,
    retyped: &Retyped,
) -> PyResult<Bound<'py, PyCapsule>> {
    let array = array(root, root, start, len, retyped);
    PyCapsule::new_with_value_and_destructor(py, array, c"arrow_array", |a, _| drop(a))
}

/// What an exported stream owns: the column and its chunks (rows `start..start + len`).
struct StreamPrivate {
    root: Arc<Node>,
    retyped: Retyped,
    chunks: Vec<(usize, usize)>,
    next: usize,
}

/// The capsule of a stream of `root`'s `chunks` (`__arrow_c_stream__`).
pub(crate) fn stream_capsule<'py>(
    py: Python<'py>,
    root: &Arc<Node>,
    chunks: Vec<(usize, usize)>,
    retyped: Retyped,
) -> PyResult<Bound<'py, PyCapsule>> {
    let private = Box::new(StreamPrivate {
        root: Arc::clone(root),
        retyped,
        chunks,
        next: 0,
    });
    let stream = ArrowArrayStream {
        get_schema: Some(stream_schema),
        get_next: Some(stream_next),
        get_last_error: Some(stream_error),
        release: Some(release_stream),
        private_data: Box::into_raw(private).cast(),
    };
    PyCapsule::new_with_value_and_destructor(py, stream, c"arrow_array_stream", |s, _| drop(s))
}

unsafe extern "C" fn stream_schema(stream: *mut ArrowArrayStream, out: *mut ArrowSchema) -> c_int {
    // SAFETY: `stream` is a live stream that `stream_capsule` made: its private data is a
    // `StreamPrivate`, only read here.
    let private = unsafe { &*(*stream).private_data.cast::<StreamPrivate>() };
    // SAFETY: `out` points to a struct for the callee to fill (its old bits are not a value).
    unsafe { ptr::write(out, root_schema(&private.root, &private.retyped)) };
    0
}

unsafe extern "C" fn stream_next(stream: *mut ArrowArrayStream, out: *mut ArrowArray) -> c_int {
    // SAFETY: as in `stream_schema`; the stream's callbacks are not called concurrently (the
    // C stream interface's rule), so this is the only reference.
    let private = unsafe { &mut *(*stream).private_data.cast::<StreamPrivate>() };
    let next = match private.chunks.get(private.next) {
        Some(&(start, len)) => {
            private.next += 1;
            array(&private.root, &private.root, start, len, &private.retyped)
        }
        None => ArrowArray::empty(),
    };
    // SAFETY: as in `stream_schema`.
    unsafe { ptr::write(out, next) };
    0
}

unsafe extern "C" fn stream_error(_stream: *mut ArrowArrayStream) -> *const c_char {
    ptr::null()
}

unsafe extern "C" fn release_stream(stream: *mut ArrowArrayStream) {
    // SAFETY: as in `stream_schema`; the private data is taken back once, here.
    drop(unsafe { Box::from_raw((*stream).private_data.cast::<StreamPrivate>()) });
    // SAFETY: `stream` is valid; marking it released is the callback's duty.
    unsafe { (*stream).release = None };
}
