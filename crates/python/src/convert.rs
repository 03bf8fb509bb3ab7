//! Python `str` in, Rust `&str` out: a `TypeError` for anything else, and the scalar-value
//! conversion for a `str` holding lone surrogates.

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The text of `obj`, which must be a `str` (`TypeError` otherwise, naming `what`).
///
/// A `str` with lone surrogates (which UTF-8 cannot hold) goes through the standard's
/// [scalar value string](https://infra.spec.whatwg.org/#scalar-value-string) conversion, as a
/// JavaScript string passed to the `URL` constructor does: each surrogate code point becomes
/// U+FFFD.
pub fn text<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    let s = obj.cast::<PyString>().map_err(|_| {
        let type_name = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "object".to_owned());
        PyTypeError::new_err(format!("{what} must be str, not {type_name}"))
    })?;
    match s.to_cow() {
        Ok(text) => Ok(text),
        Err(_) => Ok(Cow::Owned(scalar_values(s)?)),
    }
}

/// As [`text`], for an optional argument (`None` is `None`).
pub fn opt_text<'a>(
    obj: Option<&'a Bound<'_, PyAny>>,
    what: &str,
) -> PyResult<Option<Cow<'a, str>>> {
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
