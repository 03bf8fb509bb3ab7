//! The Arrow types `import.rs` reads, by their format strings, and its errors' wording. Safe
//! code only.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// How a column's strings are laid out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Layout {
    /// The `null` type: every row NULL.
    Null,
    /// Offsets (`i32`, or `i64` when `large`) into one data buffer.
    Offsets { large: bool },
    /// 16-byte views, inline or into variadic data buffers.
    Views,
    /// Indices into a dictionary of strings (the column's [`Dictionary`]).
    Dictionary,
}

/// The string type of a schema, if it is one: its layout, or for a dictionary-encoded column
/// its indices' type and its values' layout.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StringType {
    pub layout: Layout,
    pub dictionary: Option<(IndexType, Layout)>,
}

/// The layout of a string format.
pub(crate) fn layout(format: &str) -> Option<Layout> {
    Some(match format {
        "n" => Layout::Null,
        "u" | "z" => Layout::Offsets { large: false },
        "U" | "Z" => Layout::Offsets { large: true },
        "vu" | "vz" => Layout::Views,
        _ => return None,
    })
}

/// The integer type of a dictionary's indices.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum IndexType {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
}

impl IndexType {
    /// The index type of an Arrow format string, if it is an integer one.
    pub fn of(format: &str) -> Option<IndexType> {
        Some(match format {
            "c" => IndexType::I8,
            "C" => IndexType::U8,
            "s" => IndexType::I16,
            "S" => IndexType::U16,
            "i" => IndexType::I32,
            "I" => IndexType::U32,
            "l" => IndexType::I64,
            "L" => IndexType::U64,
            _ => return None,
        })
    }
}

/// The name of an Arrow type, for messages, from its format string.
pub(crate) fn type_label(format: &str) -> String {
    let name = match format {
        "n" => "null",
        "b" => "bool",
        "c" => "int8",
        "C" => "uint8",
        "s" => "int16",
        "S" => "uint16",
        "i" => "int32",
        "I" => "uint32",
        "l" => "int64",
        "L" => "uint64",
        "e" => "float16",
        "f" => "float32",
        "g" => "float64",
        "u" => "string",
        "U" => "large_string",
        "vu" => "string_view",
        "z" => "binary",
        "Z" => "large_binary",
        "vz" => "binary_view",
        "+l" => "list",
        "+L" => "large_list",
        "+s" => "struct",
        "+m" => "map",
        _ if format.starts_with("td") => "date",
        _ if format.starts_with("ts") => "timestamp",
        _ if format.starts_with('d') => "decimal",
        _ if format.starts_with("w:") => "fixed_size_binary",
        _ if format.starts_with("+w:") => "fixed_size_list",
        _ => "",
    };
    if name.is_empty() {
        format!("Arrow format '{format}'")
    } else {
        format!("{name} (Arrow format '{format}')")
    }
}

/// A `TypeError` for a column of the Arrow type `format`.
pub(crate) fn not_strings(format: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "weburl.arrow: a column of {} is not a string column (string, large_string, \
         string_view or binary)",
        type_label(format)
    ))
}

/// A `ValueError` for an array that breaks the C data interface's rules (`what`).
pub(crate) fn invalid(what: &str) -> PyErr {
    PyValueError::new_err(format!("weburl.arrow: an invalid Arrow array: {what}"))
}

/// The Python type name of `obj`, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    let ty = obj.get_type();
    let module = ty
        .module()
        .map(|m| m.to_string())
        .unwrap_or_else(|_| String::new());
    let name = ty
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".to_owned());
    if module.is_empty() || module == "builtins" {
        name
    } else {
        format!("{module}.{name}")
    }
}

/// The error for a capsule whose struct is already released: taking it twice (a producer
/// handing out the same capsules again, or a capsule already consumed) must not reach the
/// released struct's callbacks or buffers.
pub(crate) fn consumed_twice() -> PyErr {
    PyValueError::new_err("weburl.arrow: a released Arrow struct (a capsule consumed twice)")
}

/// An Arrow length, offset or size as a `usize` (a negative one is an invalid array).
pub(crate) fn size(v: i64, what: &str) -> PyResult<usize> {
    usize::try_from(v).map_err(|_| invalid(what))
}

/// A valid row of a dictionary-encoded column whose index is outside its dictionary.
#[derive(Debug)]
pub(crate) struct BadIndex {
    /// The row, counted across the column's chunks.
    pub row: usize,
    /// Its index (`None`: past the indices buffer, which a valid array does not reach).
    pub index: Option<i128>,
    /// How many values the dictionary has.
    pub values: usize,
}

impl std::fmt::Display for BadIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let index = self
            .index
            .map_or_else(|| "past its indices".to_owned(), |k| k.to_string());
        write!(
            f,
            "an invalid dictionary-encoded array: row {} has index {index}, out of range for \
             a dictionary of {} values",
            self.row, self.values
        )
    }
}
