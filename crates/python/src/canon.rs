//! `weburl.surt` and `weburl.canon` (weburl-canon): SURT keys with `surt.surt`'s options, the
//! SSURT, Safe Browsing's canonical URL and lookup expressions, and their batch forms (the
//! catalogue's `url_surt`, `url_ssurt`, `url_safe_browsing`, `url_safe_browsing_expressions`
//! on each string, with the GIL released). Only conversions: the rules are weburl-canon's.

use pyo3::exceptions::{PyAttributeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use weburl_canon as wc;
use weburl_functions::catalogue::{self, CallError, Datum, Evaluator, Type};

use crate::batch::{map_function, strings};
use crate::convert::text;

/// Sets the option called `name` (a keyword argument of `surt.surt`); `false` for a name
/// `surt` does not read either (it ignores unknown keywords too).
fn set_option(o: &mut wc::surt::Options, name: &str, on: bool) -> bool {
    let field = match name {
        "surt" => &mut o.surt,
        "with_scheme" => &mut o.with_scheme,
        "trailing_comma" => &mut o.trailing_comma,
        "reverse_ipaddr" => &mut o.reverse_ipaddr,
        "host_lowercase" => &mut o.host_lowercase,
        "host_massage" => &mut o.host_massage,
        "port_strip_default" => &mut o.port_strip_default,
        "path_strip_empty" => &mut o.path_strip_empty,
        "path_lowercase" => &mut o.path_lowercase,
        "path_strip_session_id" => &mut o.path_strip_session_id,
        "path_strip_trailing_slash_unless_empty" => &mut o.path_strip_trailing_slash_unless_empty,
        "query_lowercase" => &mut o.query_lowercase,
        "query_strip_session_id" => &mut o.query_strip_session_id,
        "query_strip_empty" => &mut o.query_strip_empty,
        "query_alpha_reorder" => &mut o.query_alpha_reorder,
        "public_suffix" => &mut o.public_suffix,
        _ => return false,
    };
    *field = on;
    true
}

/// `_surt(url, **options)`: the SURT key with `surt.surt`'s keyword options (each read by its
/// truth value). `ValueError` for a bad port and `AttributeError` for a blank string, where
/// `surt` raises those.
#[pyfunction]
#[pyo3(signature = (url, **options))]
fn _surt(url: &Bound<'_, PyAny>, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let mut o = wc::surt::Options::default();
    if let Some(options) = options {
        for (name, value) in options.iter() {
            let name: String = name.extract()?;
            let on = value.is_truthy()?;
            set_option(&mut o, &name, on);
        }
    }
    let url = text(url, "url")?;
    wc::surt::surt_with(&*url, &o).map_err(|e| match e {
        wc::surt::Error::NoScheme => PyAttributeError::new_err(format!("weburl.surt: {e}")),
        _ => PyValueError::new_err(format!("weburl.surt: {e}")),
    })
}

/// `ssurt(url)`: urlcanon's SSURT; `ValueError` if the string is not a valid URL.
#[pyfunction]
fn ssurt(url: &Bound<'_, PyAny>) -> PyResult<String> {
    wc::ssurt::ssurt(&*text(url, "url")?).map_err(|e| PyValueError::new_err(format!("weburl: {e}")))
}

/// `safe_browsing(url)`: Safe Browsing's canonical URL; `ValueError` where it has none.
#[pyfunction]
fn safe_browsing(url: &Bound<'_, PyAny>) -> PyResult<String> {
    wc::safe_browsing::canonicalize(&*text(url, "url")?)
        .map_err(|e| PyValueError::new_err(format!("weburl: {e}")))
}

/// `safe_browsing_expressions(url)`: the lookup expressions in Google's order; `ValueError`
/// where the URL has no canonical form.
#[pyfunction]
fn safe_browsing_expressions(url: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    wc::safe_browsing::expressions(&*text(url, "url")?)
        .map_err(|e| PyValueError::new_err(format!("weburl: {e}")))
}

/// `safe_browsing_hash_prefixes(url)`: the 4-byte SHA-256 prefixes of the expressions.
#[pyfunction]
fn safe_browsing_hash_prefixes<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let prefixes = wc::safe_browsing::hash_prefixes(&*text(url, "url")?)
        .map_err(|e| PyValueError::new_err(format!("weburl: {e}")))?;
    Ok(prefixes.iter().map(|p| PyBytes::new(py, p)).collect())
}

/// `surt_many(list)`: each string's SURT key with the default options (`url_surt`), `None`
/// where `surt` raises.
#[pyfunction]
fn surt_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
    map_function(py, items, "url_surt")
}

/// `ssurt_many(list)`: each string's SSURT (`url_ssurt`), `None` where it does not parse.
#[pyfunction]
fn ssurt_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
    map_function(py, items, "url_ssurt")
}

/// `safe_browsing_many(list)`: each string's canonical URL (`url_safe_browsing`), `None` where
/// it has none.
#[pyfunction]
fn safe_browsing_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
    map_function(py, items, "url_safe_browsing")
}

/// `safe_browsing_expressions_many(list)`: each string's expressions
/// (`url_safe_browsing_expressions`), `None` where it has no canonical form.
#[pyfunction]
fn safe_browsing_expressions_many(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
) -> PyResult<Vec<Option<Vec<String>>>> {
    let f = catalogue::function("url_safe_browsing_expressions")
        .filter(|f| f.returns == Type::VarcharList)
        .ok_or_else(|| PyValueError::new_err("weburl: url_safe_browsing_expressions"))?;
    let inputs = strings(items)?;
    py.detach(|| {
        let mut row = Evaluator::new(f);
        // The number of arguments checked once, by `Evaluator::one`.
        let mut one = row.one()?;
        Ok(inputs
            .iter()
            .map(|input| match one.eval(input) {
                Ok(Datum::List(items)) => Some(items.iter().map(str::to_owned).collect()),
                _ => None,
            })
            .collect())
    })
    .map_err(|e: CallError| PyValueError::new_err(format!("weburl: {e}")))
}

/// `semantic(url)`: urlcanon's semantic canonical URL; `ValueError` where it has none.
#[pyfunction]
fn semantic(url: &Bound<'_, PyAny>) -> PyResult<String> {
    wc::urlcanon::semantic(&*text(url, "url")?)
        .map_err(|e| PyValueError::new_err(format!("weburl: {e}")))
}

/// `aggressive(url)`: urlcanon's aggressive canonical URL; `ValueError` where it has none.
#[pyfunction]
fn aggressive(url: &Bound<'_, PyAny>) -> PyResult<String> {
    wc::urlcanon::aggressive(&*text(url, "url")?)
        .map_err(|e| PyValueError::new_err(format!("weburl: {e}")))
}

/// A urlcanon rule set on each string, with the GIL released; `None` where it has no answer.
fn urlcanon_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    rules: wc::urlcanon::RuleSet,
) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
    let inputs = strings(items)?;
    let results: Vec<Option<String>> = py.detach(|| {
        inputs
            .iter()
            .map(|s| s.and_then(|s| rules.canonicalize(s).ok()))
            .collect()
    });
    Ok(results
        .iter()
        .map(|r| r.as_deref().map(|s| PyString::new(py, s)))
        .collect())
}

/// `semantic_many(list)`: each string's semantic canonical URL, `None` where it has none.
#[pyfunction]
fn semantic_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
    urlcanon_many(py, items, wc::urlcanon::RuleSet::Semantic)
}

/// `aggressive_many(list)`: each string's aggressive canonical URL, `None` where it has none.
#[pyfunction]
fn aggressive_many<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, PyString>>>> {
    urlcanon_many(py, items, wc::urlcanon::RuleSet::Aggressive)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_surt, m)?)?;
    m.add_function(wrap_pyfunction!(semantic, m)?)?;
    m.add_function(wrap_pyfunction!(aggressive, m)?)?;
    m.add_function(wrap_pyfunction!(semantic_many, m)?)?;
    m.add_function(wrap_pyfunction!(aggressive_many, m)?)?;
    m.add_function(wrap_pyfunction!(ssurt, m)?)?;
    m.add_function(wrap_pyfunction!(safe_browsing, m)?)?;
    m.add_function(wrap_pyfunction!(safe_browsing_expressions, m)?)?;
    m.add_function(wrap_pyfunction!(safe_browsing_hash_prefixes, m)?)?;
    m.add_function(wrap_pyfunction!(surt_many, m)?)?;
    m.add_function(wrap_pyfunction!(ssurt_many, m)?)?;
    m.add_function(wrap_pyfunction!(safe_browsing_many, m)?)?;
    m.add_function(wrap_pyfunction!(safe_browsing_expressions_many, m)?)
}
