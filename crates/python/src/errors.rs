//! `weburl.URLError`: a `ValueError` carrying the spec's validation-error name and the byte
//! range of the input it concerns.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use weburl::{ParseError, SetterError};

create_exception!(
    weburl,
    URLError,
    PyValueError,
    "A URL, setter value or pattern was refused. `name` is the URL Standard's validation-error \
     name (e.g. `host-missing`), `start` and `end` the byte range of the UTF-8 input it concerns \
     (None where no range is known)."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("URLError", m.py().get_type::<URLError>())
}

/// A `URLError` with its attributes set.
pub fn url_error(
    py: Python<'_>,
    message: String,
    name: &str,
    range: Option<(usize, usize)>,
) -> PyErr {
    let err = URLError::new_err(message);
    let value = err.value(py);
    let (start, end) = match range {
        Some((s, e)) => (Some(s), Some(e)),
        None => (None, None),
    };
    // Setting attributes on a fresh exception instance cannot fail short of memory
    // exhaustion; if it did, the exception is still a URLError with its message.
    let _ = value.setattr("name", name);
    let _ = value.setattr("start", start);
    let _ = value.setattr("end", end);
    err
}

/// A failed parse.
pub fn parse_error(py: Python<'_>, err: &ParseError) -> PyErr {
    let range = err.range();
    url_error(
        py,
        format!(
            "invalid URL: {} at bytes {}..{}",
            err.name(),
            range.start,
            range.end
        ),
        err.name(),
        Some((range.start, range.end)),
    )
}

/// The kebab-case name of a setter refusal: the validation error's name where one failed the
/// value, else the name of the rule that refused it.
pub fn setter_error_name(err: &SetterError) -> &'static str {
    match err {
        SetterError::CannotHaveUsernamePasswordPort => "cannot-have-username-password-port",
        SetterError::OpaquePath => "opaque-path",
        SetterError::InvalidScheme => "invalid-scheme",
        SetterError::SpecialnessChange => "specialness-change",
        SetterError::FileWithCredentialsOrPort => "file-with-credentials-or-port",
        SetterError::FileWithEmptyHost => "file-with-empty-host",
        SetterError::UnexpectedPort => "unexpected-port",
        SetterError::EmptyHostWithCredentialsOrPort => "empty-host-with-credentials-or-port",
        SetterError::InvalidPort => "invalid-port",
        SetterError::Invalid(kind) => kind.name(),
        SetterError::TooLong => "too-long",
        _ => "invalid-value",
    }
}

/// A refused setter value.
pub fn setter_error(py: Python<'_>, attribute: &str, err: &SetterError) -> PyErr {
    url_error(
        py,
        format!("cannot set {attribute}: {err}"),
        setter_error_name(err),
        None,
    )
}
