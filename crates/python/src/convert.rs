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
/// The text is borrowed from the `bytes` object CPython encodes it to (under the stable ABI
/// for 3.9 there is no borrowing the `str`'s own UTF-8), not copied again.
pub fn text<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Text<'py>> {
    let s = obj.cast::<PyString>().map_err(|_| {
        let type_name = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "object".to_owned());
        PyTypeError::new_err(format!("{what} must be str, not {type_name}"))
    })?;
    // CPython's UTF-8 encoder fails on lone surrogates and otherwise writes valid UTF-8 (which
    // `Text`'s `Deref` checks again, as safe code must).
    match s.encode_utf8() {
        Ok(bytes) => Ok(Text::Bytes(bytes)),
        Err(_) => Ok(Text::Owned(scalar_values(s)?)),
    }
}

/// A `str`'s text: its UTF-8 encoding, or its scalar values when it has lone surrogates.
pub enum Text<'py> {
    /// The UTF-8 `bytes` CPython made.
    Bytes(Bound<'py, PyBytes>),
    /// The scalar-value string of a `str` with lone surrogates.
    Owned(String),
}

impl Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
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
            Text::Bytes(_) => self.to_string(),
            Text::Owned(s) => s,
        }
    }
}

/// As [`text`], for an optional argument (`None` is `None`).
pub fn opt_text<'py>(obj: Option<&Bound<'py, PyAny>>, what: &str) -> PyResult<Option<Text<'py>>> {
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
