//! `weburl.URLPattern`: the [URLPattern Standard](https://urlpattern.spec.whatwg.org/)'s class.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use weburl_pattern::{
    ComponentName, Error, MatchInput, UrlPattern, UrlPatternComponentResult, UrlPatternInit,
    UrlPatternOptions, UrlPatternResult,
};

use crate::convert::{opt_text, text};
use crate::errors::url_error;

/// A compiled URL pattern: `URLPattern(input, base_url=None, *, ignore_case=False)` where
/// `input` is a pattern string or a dict of components (`protocol`, `username`, `password`,
/// `hostname`, `port`, `pathname`, `search`, `hash`, `baseURL`).
#[pyclass(name = "URLPattern", module = "weburl", frozen)]
pub struct PyUrlPattern {
    pattern: UrlPattern,
}

fn pattern_error(py: Python<'_>, err: &Error) -> PyErr {
    url_error(py, format!("invalid URL pattern: {err}"), err.name(), None)
}

/// A `URLPatternInit` from a dict.
fn init_of(dict: &Bound<'_, PyDict>) -> PyResult<UrlPatternInit> {
    let mut init = UrlPatternInit::default();
    for (k, v) in dict.iter() {
        let key = text(&k, "key")?;
        // Other keys are ignored, as a WebIDL dictionary ignores unknown members.
        let slot = match ComponentName::from_name(&key) {
            Some(name) => &mut init[name],
            None if matches!(key.as_ref(), "baseURL" | "base_url") => &mut init.base_url,
            None => continue,
        };
        *slot = Some(text(&v, key.as_ref())?.into_owned());
    }
    Ok(init)
}

/// A pattern or match input: a `str`, a dict, or `None` (an empty dict).
enum Input {
    Str(String),
    Init(UrlPatternInit),
}

fn input_of(input: Option<&Bound<'_, PyAny>>) -> PyResult<Input> {
    match input.filter(|i| !i.is_none()) {
        None => Ok(Input::Init(UrlPatternInit::default())),
        Some(i) => match i.cast::<PyDict>() {
            Ok(d) => Ok(Input::Init(init_of(d)?)),
            Err(_) if i.is_instance_of::<PyString>() => {
                Ok(Input::Str(text(i, "input")?.into_owned()))
            }
            Err(_) => Err(PyTypeError::new_err("input must be str, dict or None")),
        },
    }
}

fn init_dict<'py>(py: Python<'py>, init: &UrlPatternInit) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let components = ComponentName::ALL.map(|name| (name.name(), &init[name]));
    for (k, v) in components.into_iter().chain([("baseURL", &init.base_url)]) {
        if let Some(v) = v {
            d.set_item(k, v)?;
        }
    }
    Ok(d)
}

fn component_dict<'py>(
    py: Python<'py>,
    c: &UrlPatternComponentResult,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("input", &c.input)?;
    let groups = PyDict::new(py);
    for (name, value) in &c.groups {
        groups.set_item(name, value)?;
    }
    d.set_item("groups", groups)?;
    Ok(d)
}

fn result_dict<'py>(py: Python<'py>, r: &UrlPatternResult) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let inputs = r
        .inputs
        .iter()
        .map(|i| match i {
            MatchInput::String(s) => Ok(PyString::new(py, s).into_any()),
            MatchInput::Init(init) => init_dict(py, init).map(Bound::into_any),
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("inputs", inputs)?;
    for (name, c) in r.components.iter() {
        d.set_item(name.name(), component_dict(py, c)?)?;
    }
    Ok(d)
}

#[pymethods]
impl PyUrlPattern {
    #[new]
    #[pyo3(signature = (input = None, base_url = None, *, ignore_case = false))]
    fn py_new(
        py: Python<'_>,
        input: Option<&Bound<'_, PyAny>>,
        base_url: Option<&Bound<'_, PyAny>>,
        ignore_case: bool,
    ) -> PyResult<PyUrlPattern> {
        let base = opt_text(base_url, "base_url")?;
        let options = UrlPatternOptions { ignore_case };
        let pattern = match input_of(input)? {
            Input::Str(s) => UrlPattern::new(s.as_str(), base.as_deref(), options),
            Input::Init(init) => UrlPattern::new(&init, base.as_deref(), options),
        };
        pattern
            .map(|pattern| PyUrlPattern { pattern })
            .map_err(|e| pattern_error(py, &e))
    }

    /// Whether `input` (a URL string, with `base_url`, or a dict of components) matches.
    #[pyo3(signature = (input = None, base_url = None))]
    fn test(
        &self,
        py: Python<'_>,
        input: Option<&Bound<'_, PyAny>>,
        base_url: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let base = opt_text(base_url, "base_url")?;
        let r = match input_of(input)? {
            Input::Str(s) => self.pattern.test(s.as_str(), base.as_deref()),
            Input::Init(init) => self.pattern.test(&init, base.as_deref()),
        };
        r.map_err(|e| pattern_error(py, &e))
    }

    /// The match (a dict shaped like JavaScript's `URLPatternResult`, unmatched optional
    /// groups `None`), or `None`.
    #[pyo3(signature = (input = None, base_url = None))]
    fn exec<'py>(
        &self,
        py: Python<'py>,
        input: Option<&Bound<'py, PyAny>>,
        base_url: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let base = opt_text(base_url, "base_url")?;
        let r = match input_of(input)? {
            Input::Str(s) => self.pattern.exec(s.as_str(), base.as_deref()),
            Input::Init(init) => self.pattern.exec(&init, base.as_deref()),
        };
        match r.map_err(|e| pattern_error(py, &e))? {
            Some(result) => result_dict(py, &result).map(Some),
            None => Ok(None),
        }
    }

    #[getter]
    fn protocol(&self) -> &str {
        self.pattern.protocol()
    }
    #[getter]
    fn username(&self) -> &str {
        self.pattern.username()
    }
    #[getter]
    fn password(&self) -> &str {
        self.pattern.password()
    }
    #[getter]
    fn hostname(&self) -> &str {
        self.pattern.hostname()
    }
    #[getter]
    fn port(&self) -> &str {
        self.pattern.port()
    }
    #[getter]
    fn pathname(&self) -> &str {
        self.pattern.pathname()
    }
    #[getter]
    fn search(&self) -> &str {
        self.pattern.search()
    }
    #[getter]
    fn hash(&self) -> &str {
        self.pattern.hash()
    }
    /// Whether a component has a custom `(regexp)` group.
    #[getter]
    fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUrlPattern>()
}
