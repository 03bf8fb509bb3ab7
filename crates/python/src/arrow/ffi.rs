//! The structs of the Arrow C data interface and C stream interface
//! (<https://arrow.apache.org/docs/format/CDataInterface.html>), as C lays them out, and their
//! release: the one place where an Arrow struct's `release` callback is called; and a stream's
//! chunks read through its callbacks ([`read_stream`]), and the pointer a PyCapsule of the
//! interface holds ([`capsule_pointer`]).
//!
//! A struct handed to weburl through a PyCapsule is moved out of the capsule ([`take_schema`],
//! [`take_array`], [`take_stream`]): weburl then owns it and releases it when the value is
//! dropped, and the capsule's own destructor finds it released.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_void, CStr};
use std::ptr::{self, NonNull};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

/// `ArrowSchema`: a type (its format string), its name and its children.
#[repr(C)]
pub(crate) struct ArrowSchema {
    pub format: *const c_char,
    pub name: *const c_char,
    pub metadata: *const c_char,
    pub flags: i64,
    pub n_children: i64,
    pub children: *mut *mut ArrowSchema,
    pub dictionary: *mut ArrowSchema,
    pub release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    pub private_data: *mut c_void,
}

/// `ArrowArray`: the buffers and children of an array of the type its schema says.
#[repr(C)]
pub(crate) struct ArrowArray {
    pub length: i64,
    pub null_count: i64,
    pub offset: i64,
    pub n_buffers: i64,
    pub n_children: i64,
    pub buffers: *mut *const c_void,
    pub children: *mut *mut ArrowArray,
    pub dictionary: *mut ArrowArray,
    pub release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    pub private_data: *mut c_void,
}

/// `ArrowArrayStream`: a schema, then arrays (chunks) one after another.
#[repr(C)]
pub(crate) struct ArrowArrayStream {
    pub get_schema: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowSchema) -> c_int>,
    pub get_next: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowArray) -> c_int>,
    pub get_last_error: Option<unsafe extern "C" fn(*mut ArrowArrayStream) -> *const c_char>,
    pub release: Option<unsafe extern "C" fn(*mut ArrowArrayStream)>,
    pub private_data: *mut c_void,
}

// The structs are moved between threads only as a whole and read by one thread at a time;
// the C data interface lets a consumer release a struct on any thread, and weburl's own
// exported structs (export.rs) point to data that is `Send + Sync` (an `Arc` of Rust buffers).
// SAFETY: as above.
unsafe impl Send for ArrowSchema {}
// SAFETY: as above.
unsafe impl Send for ArrowArray {}
// SAFETY: as above.
unsafe impl Send for ArrowArrayStream {}
// SAFETY: an imported array is only read (never written) while weburl holds it, so threads
// may read it at once; its release runs once, on drop, after every reader has finished.
unsafe impl Sync for ArrowArray {}

impl ArrowSchema {
    /// A released (empty) schema: what a producer fills in.
    pub fn empty() -> ArrowSchema {
        ArrowSchema {
            format: ptr::null(),
            name: ptr::null(),
            metadata: ptr::null(),
            flags: 0,
            n_children: 0,
            children: ptr::null_mut(),
            dictionary: ptr::null_mut(),
            release: None,
            private_data: ptr::null_mut(),
        }
    }
}

impl ArrowArray {
    /// A released (empty) array: what a producer fills in, and the end of a stream.
    pub fn empty() -> ArrowArray {
        ArrowArray {
            length: 0,
            null_count: 0,
            offset: 0,
            n_buffers: 0,
            n_children: 0,
            buffers: ptr::null_mut(),
            children: ptr::null_mut(),
            dictionary: ptr::null_mut(),
            release: None,
            private_data: ptr::null_mut(),
        }
    }
}

impl Drop for ArrowSchema {
    fn drop(&mut self) {
        if let Some(release) = self.release {
            // SAFETY: the struct is live and not yet released (its `release` is set); the
            // callback releases it and sets `release` to null, so it runs once.
            unsafe { release(self) };
        }
    }
}

impl Drop for ArrowArray {
    fn drop(&mut self) {
        if let Some(release) = self.release {
            // SAFETY: as for `ArrowSchema`.
            unsafe { release(self) };
        }
    }
}

impl Drop for ArrowArrayStream {
    fn drop(&mut self) {
        if let Some(release) = self.release {
            // SAFETY: as for `ArrowSchema`.
            unsafe { release(self) };
        }
    }
}

/// Moves the schema out of `from`, marking `from` released (the C data interface's "move").
///
/// # Safety
///
/// `from` must point to a live `ArrowSchema` (such as a capsule's `arrow_schema` pointer) that
/// nothing else reads or writes meanwhile.
pub(crate) unsafe fn take_schema(from: *mut ArrowSchema) -> ArrowSchema {
    // SAFETY: `from` is a valid, exclusive pointer (the caller's promise); the bits are copied
    // and the source's `release` cleared, so exactly one of the two is ever released.
    unsafe {
        let value = ptr::read(from);
        (*from).release = None;
        value
    }
}

/// Moves the array out of `from`, marking `from` released.
///
/// # Safety
///
/// As [`take_schema`], for an `ArrowArray`.
pub(crate) unsafe fn take_array(from: *mut ArrowArray) -> ArrowArray {
    // SAFETY: as in `take_schema`.
    unsafe {
        let value = ptr::read(from);
        (*from).release = None;
        value
    }
}

/// Moves the stream out of `from`, marking `from` released.
///
/// # Safety
///
/// As [`take_schema`], for an `ArrowArrayStream`.
pub(crate) unsafe fn take_stream(from: *mut ArrowArrayStream) -> ArrowArrayStream {
    // SAFETY: as in `take_schema`.
    unsafe {
        let value = ptr::read(from);
        (*from).release = None;
        value
    }
}

/// A stream's schema and every chunk. The callbacks run with the GIL held (a stream made in
/// Python may call back into Python).
pub(crate) fn read_stream(
    stream: &mut ArrowArrayStream,
) -> PyResult<(ArrowSchema, Vec<ArrowArray>)> {
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err(PyValueError::new_err(
            "weburl.arrow: a released Arrow stream",
        ));
    };
    let mut schema = ArrowSchema::empty();
    // SAFETY: the stream is live and ours; `schema` is a released struct for it to fill.
    let code = unsafe { get_schema(stream, &mut schema) };
    if code != 0 || schema.release.is_none() {
        return Err(stream_error(stream, code));
    }
    let mut chunks = Vec::new();
    loop {
        let mut array = ArrowArray::empty();
        // SAFETY: as above; a released `array` afterwards is the end of the stream.
        let code = unsafe { get_next(stream, &mut array) };
        if code != 0 {
            return Err(stream_error(stream, code));
        }
        if array.release.is_none() {
            return Ok((schema, chunks));
        }
        chunks.push(array);
    }
}

fn stream_error(stream: &mut ArrowArrayStream, code: i32) -> PyErr {
    let message = stream
        .get_last_error
        .map(|f| {
            // SAFETY: the stream is live; the message (if any) is a C string that lives until
            // the next call on the stream, and is copied at once.
            let p = unsafe { f(stream) };
            if p.is_null() {
                String::new()
            } else {
                // SAFETY: a non-null `get_last_error` result is a NUL-terminated string.
                unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
            }
        })
        .unwrap_or_default();
    PyValueError::new_err(format!(
        "weburl.arrow: the Arrow stream failed (error {code}): {message}"
    ))
}

/// The pointer a capsule holds under `name`.
pub(crate) fn capsule_pointer(
    obj: &Bound<'_, PyAny>,
    name: &CStr,
    what: &str,
) -> PyResult<*mut c_void> {
    let capsule = obj.cast::<PyCapsule>().map_err(|_| {
        PyTypeError::new_err(format!("weburl.arrow: {what} did not return a PyCapsule"))
    })?;
    capsule
        .pointer_checked(Some(name))
        .map(NonNull::as_ptr)
        .map_err(|_| {
            let actual = match capsule.name() {
                Ok(Some(actual)) => {
                    // SAFETY: the name is copied at once, while the capsule (which owns it)
                    // is held and no Python code runs.
                    let actual = unsafe { actual.as_cstr() };
                    format!("'{}'", actual.to_string_lossy())
                }
                _ => "no name".to_owned(),
            };
            PyTypeError::new_err(format!(
                "weburl.arrow: {what} gave a PyCapsule named {actual}, not '{}'",
                name.to_string_lossy()
            ))
        })
}
