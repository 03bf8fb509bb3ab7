//! Python `str` in, Rust `&str` out: a `TypeError` for anything else, and the scalar-value
//! conversion for a `str` holding lone surrogates.

use std::ops::Deref;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The text of `obj`, which must be a `str` (`TypeError` otherwise, naming `what`).
///
/// A `str` with lone surrogates (which UTF-8 cannot hold) goes through the standard's
/// [scalar value string](https://infra.spec.whatwg.org/#scalar-value-string) conversion, as a
/// JavaScript string passed to the `URL` constructor does: each surrogate code point becomes
/// U+FFFD.
///
/// The text is borrowed: from the `str`'s own UTF-8 (the `abi3-py310` wheel, CPython 3.10's
/// stable ABI has `PyUnicode_AsUTF8AndSize`), or from the `bytes` object CPython encodes it
/// to (the `abi3-py39` wheel, whose stable ABI cannot borrow the `str`'s UTF-8).
pub fn text<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Text<'a>> {
    let s = obj.cast::<PyString>().map_err(|_| {
        let type_name = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "object".to_owned());
        PyTypeError::new_err(format!("{what} must be str, not {type_name}"))
    })?;
    // Both fail on lone surrogates (UTF-8 cannot hold them) and otherwise give valid UTF-8.
    #[cfg(not(feature = "abi3-py39"))]
    let utf8 = s.to_str().map(Text::Str);
    // (`Text`'s `Deref` checks the bytes again, as safe code must.)
    #[cfg(feature = "abi3-py39")]
    let utf8 = s.encode_utf8().map(Text::Bytes);
    match utf8 {
        Ok(text) => Ok(text),
        Err(_) => Ok(Text::Owned(scalar_values(s)?)),
    }
}

/// A `str`'s text: its UTF-8, or its scalar values when it has lone surrogates.
pub enum Text<'a> {
    /// The `str`'s own UTF-8, which CPython keeps with it.
    #[cfg(not(feature = "abi3-py39"))]
    Str(&'a str),
    /// The UTF-8 `bytes` CPython made.
    #[cfg(feature = "abi3-py39")]
    Bytes(Bound<'a, PyBytes>),
    /// The scalar-value string of a `str` with lone surrogates.
    Owned(String),
}

impl Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            #[cfg(not(feature = "abi3-py39"))]
            Text::Str(s) => s,
            #[cfg(feature = "abi3-py39")]
            Text::Bytes(b) => std::str::from_utf8(b.as_bytes()).unwrap_or_default(),
            Text::Owned(s) => s,
        }
    }
}

impl AsRef<str> for Text<'_> {
    fn as_ref(&self) -> &str {
        self
    }
}

impl Text<'_> {
    /// The text as a `String`.
    pub fn into_owned(self) -> String {
        match self {
            Text::Owned(s) => s,
            _ => self.to_string(),
        }
    }
}

/// As [`text`], for an optional argument (`None` is `None`).
pub fn opt_text<'a>(obj: Option<&'a Bound<'_, PyAny>>, what: &str) -> PyResult<Option<Text<'a>>> {
    match obj {
        Some(o) if !o.is_none() => text(o, what).map(Some),
        _ => Ok(None),
    }
}

/// The string's code points with each surrogate replaced by U+FFFD.
fn scalar_values(s: &Bound<'_, PyString>) -> PyResult<String> {
    let encoded = s.call_method1("encode", ("utf-32-le", "surrogatepass"))?;
    let bytes = encoded.cast::<PyBytes>()?.as_bytes();
    Ok(bytes
        .chunks_exact(4)
        .map(|c| {
            <[u8; 4]>::try_from(c)
                .ok()
                .and_then(|b| char::from_u32(u32::from_le_bytes(b)))
                .unwrap_or(char::REPLACEMENT_CHARACTER)
        })
        .collect())
}
