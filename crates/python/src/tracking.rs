//! `weburl.canon.strip_tracking` (weburl-canon's `tracking`): tracking fields removed by the
//! built-in list or by `TrackingRules` (ClearURLs' JSON format, loaded at run time and
//! compiled once), and its batch form. Only conversions: the rules are weburl-canon's.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use weburl_canon::tracking::{self as tr, Rules};

use crate::batch::strings;
use crate::convert::text;

/// Tracking rules in ClearURLs' `data.min.json` format, compiled once; or the built-in list.
#[pyclass(name = "TrackingRules", module = "weburl.canon", frozen)]
pub struct PyRules {
    rules: Rules,
}

fn rules_error(e: tr::RulesError) -> PyErr {
    PyValueError::new_err(format!("weburl: {e}"))
}

#[pymethods]
impl PyRules {
    /// Rules from a file; `ValueError` if it cannot be read or is not ClearURLs' JSON.
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<PyRules> {
        let rules = Rules::from_file(&path).map_err(rules_error)?;
        Ok(PyRules { rules })
    }

    /// Rules from the JSON's bytes (or text); `ValueError` if it is not ClearURLs' JSON.
    #[staticmethod]
    fn from_bytes(data: &Bound<'_, PyAny>) -> PyResult<PyRules> {
        let rules = match data.extract::<&[u8]>() {
            Ok(bytes) => Rules::from_json(bytes),
            Err(_) => Rules::from_json(text(data, "data")?.as_bytes()),
        }
        .map_err(rules_error)?;
        Ok(PyRules { rules })
    }

    /// The built-in list of the most common tracking parameters.
    #[staticmethod]
    fn builtin() -> PyRules {
        PyRules {
            rules: Rules::builtin().clone(),
        }
    }

    /// The providers loaded, in the order they apply.
    #[getter]
    fn providers(&self) -> Vec<String> {
        self.rules.provider_names().map(str::to_owned).collect()
    }

    /// The patterns (or providers) left out when loading: `(provider, key, pattern, reason)`.
    #[getter]
    fn skipped(&self) -> Vec<(String, String, String, String)> {
        self.rules
            .skipped()
            .iter()
            .map(|s| {
                (
                    s.provider.clone(),
                    s.key.to_owned(),
                    s.pattern.clone(),
                    s.reason.clone(),
                )
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "TrackingRules(<{} providers, {} skipped>)",
            self.rules.provider_names().count(),
            self.rules.skipped().len()
        )
    }
}

/// The rules a `rules` argument names: the caller's, or the built-in list for `None`.
fn rules_of(rules: Option<&PyRules>) -> &Rules {
    match rules {
        Some(r) => &r.rules,
        None => Rules::builtin(),
    }
}

/// `strip_tracking(url, rules=None)`: the URL without its tracking fields; `ValueError` if
/// the string is not a valid URL, a complete provider blocks it, or a redirection or raw
/// rule leaves no URL.
#[pyfunction]
#[pyo3(signature = (url, rules=None))]
fn strip_tracking(url: &Bound<'_, PyAny>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<String> {
    tr::strip_tracking(&*text(url, "url")?, rules_of(rules.as_deref()))
        .map_err(|e| PyValueError::new_err(format!("weburl: {e}")))
}

/// `strip_tracking_many(urls, rules=None)`: each string's result with the GIL released,
/// `None` where `strip_tracking` raises.
#[pyfunction]
#[pyo3(signature = (urls, rules=None))]
fn strip_tracking_many<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    rules: Option<PyRef<'py, PyRules>>,
) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
    let inputs = strings(urls)?;
    let rules = rules_of(rules.as_deref());
    let results: Vec<Option<String>> = py.detach(|| {
        inputs
            .iter()
            .map(|s| s.and_then(|s| tr::strip_tracking(s, rules).ok()))
            .collect()
    });
    Ok(results
        .iter()
        .map(|r| r.as_deref().map(|s| PyString::new(py, s)))
        .collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add_function(wrap_pyfunction!(strip_tracking, m)?)?;
    m.add_function(wrap_pyfunction!(strip_tracking_many, m)?)
}
