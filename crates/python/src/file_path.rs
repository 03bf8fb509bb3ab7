//! File paths to and from `file:` URLs (`str`, `bytes` and `os.PathLike` in; `pathlib` out).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use weburl::{FilePathError, PathStyle, Url};

use crate::errors::url_error;
use crate::url_object::{url_arg, PyUrl};

fn style_of(style: Option<&str>) -> PyResult<PathStyle> {
    match style {
        None => Ok(PathStyle::NATIVE),
        Some("unix") => Ok(PathStyle::Unix),
        Some("windows") => Ok(PathStyle::Windows),
        Some(other) => Err(PyValueError::new_err(format!(
            "style must be 'unix', 'windows' or None, not {other:?}"
        ))),
    }
}

fn path_error(py: Python<'_>, err: FilePathError) -> PyErr {
    url_error(py, format!("{err}"), err.name(), None)
}

/// The `file:` URL of an absolute path (`str`, `bytes` or `os.PathLike`). With
/// `directory=True` the URL ends with `/`. `style` is `"unix"`, `"windows"` or `None` (this
/// platform's rules).
pub fn from_path(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    directory: bool,
    style: Option<&str>,
) -> PyResult<PyUrl> {
    let style = style_of(style)?;
    let os = py.import("os")?;
    let encoded = os.call_method1("fsencode", (path,))?;
    let bytes = encoded.cast::<PyBytes>()?.as_bytes();
    let url = if directory {
        Url::from_directory_path_with(bytes, style)
    } else {
        Url::from_file_path_with(bytes, style)
    };
    url.map(PyUrl::new).map_err(|e| path_error(py, e))
}

/// The path of a `file:` URL: a `pathlib.Path` under this platform's rules, or a
/// `pathlib.PurePosixPath` / `pathlib.PureWindowsPath` for `style="unix"` / `"windows"`.
pub fn to_path<'py>(
    py: Python<'py>,
    url: &Url,
    style: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = style_of(style)?;
    let bytes = url
        .to_file_path_with(rules)
        .map_err(|e| path_error(py, e))?;
    let pathlib = py.import("pathlib")?;
    let class = match style {
        None => "Path",
        Some("unix") => "PurePosixPath",
        _ => "PureWindowsPath",
    };
    let text = py
        .import("os")?
        .call_method1("fsdecode", (PyBytes::new(py, &bytes),))?;
    pathlib.getattr(class)?.call1((text,))
}

/// `from_file_path(path, *, directory=False, style=None)`: see `URL.from_file_path`.
#[pyfunction]
#[pyo3(signature = (path, *, directory = false, style = None))]
fn from_file_path(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    directory: bool,
    style: Option<&str>,
) -> PyResult<PyUrl> {
    from_path(py, path, directory, style)
}

/// `to_file_path(url, *, style=None)`: see `URL.to_file_path`.
#[pyfunction]
#[pyo3(signature = (url, *, style = None))]
fn to_file_path<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    style: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    to_path(py, &url_arg(url, "url")?, style)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(from_file_path, m)?)?;
    m.add_function(wrap_pyfunction!(to_file_path, m)?)
}
