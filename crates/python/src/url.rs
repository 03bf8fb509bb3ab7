//! `weburl.URL`: the standard's [`URL` class](https://url.spec.whatwg.org/#url-class).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use weburl::{HostKind, ParseError, Setter, Url};

use crate::convert::{opt_text, text};
use crate::errors::{parse_error, setter_error};
use crate::search_params::PySearchParams;
use crate::url_object::{base_url, url_arg, PyUrl};

/// Parses `input` against an optional `base` (a `str` or a `URL`). The outer error is for
/// the arguments (a wrong type, a base that does not parse); the inner result is the parse.
pub fn parse_args(
    input: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Result<Url, ParseError>> {
    let input = text(input, "input")?;
    Ok(match base_url(base)? {
        Some(base) => Url::parse_with_base(&input, &base),
        None => Url::parse(&input),
    })
}

impl PyUrl {
    fn set(&self, py: Python<'_>, setter: Setter, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let value = text(value, setter.name())?;
        let mut url = self.lock();
        if setter == Setter::Href {
            return url.set_href(&value).map_err(|e| parse_error(py, &e));
        }
        url.set(setter, &value)
            .map_err(|e| setter_error(py, setter.name(), &e))
    }
}

#[pymethods]
impl PyUrl {
    /// Parses `input` against `base` (a `str` or a `URL`), raising `URLError` on failure.
    /// With `max_length`, a URL whose serialization would be longer (in UTF-8 bytes) is
    /// refused (`too-long`), and its setters keep to that limit.
    #[new]
    #[pyo3(signature = (input, base = None, *, max_length = None))]
    fn py_new(
        input: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
        max_length: Option<usize>,
    ) -> PyResult<PyUrl> {
        if let Some(max) = max_length {
            let text = text(input, "input")?;
            let base = base_url(base)?;
            let mut options = Url::options().max_length(max);
            if let Some(b) = &base {
                options = options.base(b);
            }
            return options
                .parse(&text)
                .map(PyUrl::new)
                .map_err(|e| parse_error(input.py(), &e));
        }
        match parse_args(input, base)? {
            Ok(url) => Ok(PyUrl::new(url)),
            Err(e) => Err(parse_error(input.py(), &e)),
        }
    }

    /// `URL.parse(input, base)`: the URL, or `None` if it does not parse.
    #[staticmethod]
    #[pyo3(signature = (input, base = None))]
    fn parse(input: &Bound<'_, PyAny>, base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PyUrl>> {
        let input = text(input, "input")?;
        // A base of another type is a TypeError; a base that does not parse gives None.
        if let Some(b) = base.filter(|b| !b.is_none() && !b.is_instance_of::<PyUrl>()) {
            text(b, "base")?;
        }
        let base = match base_url(base) {
            Ok(b) => b,
            Err(_) => return Ok(None),
        };
        let url = match base {
            Some(base) => Url::parse_with_base(&input, &base),
            None => Url::parse(&input),
        };
        Ok(url.ok().map(PyUrl::new))
    }

    /// `URL.canParse(input, base)`: whether `input` parses (against `base`).
    #[staticmethod]
    #[pyo3(signature = (input, base = None))]
    fn can_parse(input: &Bound<'_, PyAny>, base: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let input = text(input, "input")?;
        if let Some(b) = base.filter(|b| !b.is_none()) {
            if let Ok(url) = b.cast::<PyUrl>() {
                return Ok(Url::parse_with_base(&input, &url.get().lock()).is_ok());
            }
        }
        let base = opt_text(base, "base")?;
        Ok(Url::can_parse(&input, base.as_deref()))
    }

    /// Resolves `input` against this URL.
    fn join(&self, py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<PyUrl> {
        let input = text(input, "input")?;
        let joined = self.lock().join(&input);
        joined.map(PyUrl::new).map_err(|e| parse_error(py, &e))
    }

    /// The whole URL, serialized.
    #[getter]
    fn href(&self) -> String {
        self.lock().href().to_owned()
    }
    #[setter]
    fn set_href(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Href, value)
    }

    /// The scheme followed by `:`.
    #[getter]
    fn protocol(&self) -> String {
        self.lock().protocol().to_owned()
    }
    #[setter]
    fn set_protocol(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Protocol, value)
    }

    /// The username, percent-encoded.
    #[getter]
    fn username(&self) -> String {
        self.lock().username().to_owned()
    }
    #[setter]
    fn set_username(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Username, value)
    }

    /// The password, percent-encoded.
    #[getter]
    fn password(&self) -> String {
        self.lock().password().to_owned()
    }
    #[setter]
    fn set_password(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Password, value)
    }

    /// The host and, if there is one, `:` and the port.
    #[getter]
    fn host(&self) -> String {
        self.lock().host().to_owned()
    }
    #[setter]
    fn set_host(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Host, value)
    }

    /// The host, serialized.
    #[getter]
    fn hostname(&self) -> String {
        self.lock().hostname().to_owned()
    }
    #[setter]
    fn set_hostname(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Hostname, value)
    }

    /// The port, or `""` when it is the scheme's default or absent.
    #[getter]
    fn port(&self) -> String {
        self.lock().port().to_owned()
    }
    #[setter]
    fn set_port(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Port, value)
    }

    /// The path, serialized.
    #[getter]
    fn pathname(&self) -> String {
        self.lock().pathname().to_owned()
    }
    #[setter]
    fn set_pathname(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Pathname, value)
    }

    /// `?` and the query, or `""`.
    #[getter]
    fn search(&self) -> String {
        self.lock().search().to_owned()
    }
    #[setter]
    fn set_search(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Search, value)
    }

    /// `#` and the fragment, or `""`.
    #[getter]
    fn hash(&self) -> String {
        self.lock().hash().to_owned()
    }
    #[setter]
    fn set_hash(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(py, Setter::Hash, value)
    }

    /// The origin, serialized (`"null"` for an opaque origin).
    #[getter]
    fn origin(&self) -> String {
        self.lock().origin().to_string()
    }

    /// The query as a `URLSearchParams` bound to this URL: editing it updates the URL.
    #[getter]
    fn search_params(slf: &Bound<'_, Self>) -> PySearchParams {
        PySearchParams::bound_to(slf.clone().unbind())
    }

    /// The host's kind: `"domain"`, `"ipv4"`, `"ipv6"`, `"opaque"`, `"empty"`, or `None`.
    #[getter]
    fn host_type(&self) -> Option<&'static str> {
        self.lock().host_kind().map(HostKind::name)
    }

    /// The scheme's kind: `"http"`, `"https"`, `"ws"`, `"wss"`, `"ftp"`, `"file"` or
    /// `"not-special"`.
    #[getter]
    fn scheme_type(&self) -> &'static str {
        self.lock().scheme_type().as_str()
    }

    /// The host's public suffix by the compiled Public Suffix List, or `None`.
    #[getter]
    fn public_suffix(&self) -> Option<String> {
        self.lock().public_suffix().map(str::to_owned)
    }

    /// The host's registrable domain by the compiled Public Suffix List, or `None`.
    #[getter]
    fn registrable_domain(&self) -> Option<String> {
        self.lock().registrable_domain().map(str::to_owned)
    }

    /// Whether this URL's origin and `other`'s (a `URL` or `str`) are same site.
    fn same_site(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = url_arg(other, "other")?;
        Ok(self.lock().origin().same_site(&other.origin()))
    }

    /// The `file:` URL of an absolute path (`str`, `bytes` or `os.PathLike`); with
    /// `directory=True` it ends with `/`. `style`: `"unix"`, `"windows"` or `None` (native).
    #[staticmethod]
    #[pyo3(signature = (path, *, directory = false, style = None))]
    fn from_file_path(
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        directory: bool,
        style: Option<&str>,
    ) -> PyResult<PyUrl> {
        crate::file_path::from_path(py, path, directory, style)
    }

    /// The path of this `file:` URL as a `pathlib` path (`URLError` if it has none).
    #[pyo3(signature = (*, style = None))]
    fn to_file_path<'py>(
        &self,
        py: Python<'py>,
        style: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let url = self.get();
        crate::file_path::to_path(py, &url, style)
    }

    /// `toJSON()`: the href.
    fn to_json(&self) -> String {
        self.href()
    }

    fn __str__(&self) -> String {
        self.href()
    }

    /// `URL('…')`, without the password.
    fn __repr__(&self) -> String {
        let mut url = self.get();
        // Clearing the password of a URL that has one cannot be refused.
        let _ = url.set_password("");
        format!("URL({:?})", url.href())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyUrl>() {
            Ok(o) => {
                let o = o.get().get();
                self.lock().href() == o.href()
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        pyo3::types::PyString::new(py, self.lock().href()).hash()
    }

    fn __copy__(&self) -> PyUrl {
        PyUrl::new(self.get())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyDict>) -> PyUrl {
        PyUrl::new(self.get())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let href = slf.get().href();
        PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                PyTuple::new(py, [href])?.into_any(),
            ],
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUrl>()
}
