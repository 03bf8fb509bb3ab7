//! One call for a list: the inputs are copied out as Rust strings, then the GIL is released
//! while Rust parses them all.

use pyo3::prelude::*;
use weburl::Url;

use crate::convert::text;
use crate::url::PyUrl;

/// The `str` items of `items` (a `TypeError` for any other item).
fn strings(items: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let mut out = Vec::with_capacity(items.len().unwrap_or(0));
    for item in items.try_iter()? {
        out.push(text(&item?, "item")?.into_owned());
    }
    Ok(out)
}

/// `parse_many(iterable)`: a `URL` for each string that parses, `None` for each that does not.
#[pyfunction]
fn parse_many(py: Python<'_>, items: &Bound<'_, PyAny>) -> PyResult<Vec<Option<PyUrl>>> {
    let inputs = strings(items)?;
    let parsed: Vec<Option<Url>> =
        py.detach(|| inputs.iter().map(|s| Url::parse(s).ok()).collect());
    Ok(parsed.into_iter().map(|u| u.map(PyUrl::new)).collect())
}

/// `hostnames(list)`: each URL's hostname, `None` where the string does not parse.
#[pyfunction]
fn hostnames(py: Python<'_>, items: &Bound<'_, PyAny>) -> PyResult<Vec<Option<String>>> {
    let inputs = strings(items)?;
    Ok(py.detach(|| {
        inputs
            .iter()
            .map(|s| Url::parse(s).ok().map(|u| u.hostname().to_owned()))
            .collect()
    }))
}

/// `registrable_domains(list)`: each URL's registrable domain, `None` where the string does
/// not parse or its host has none.
#[pyfunction]
fn registrable_domains(py: Python<'_>, items: &Bound<'_, PyAny>) -> PyResult<Vec<Option<String>>> {
    let inputs = strings(items)?;
    Ok(py.detach(|| {
        inputs
            .iter()
            .map(|s| {
                Url::parse(s)
                    .ok()
                    .and_then(|u| u.registrable_domain().map(str::to_owned))
            })
            .collect()
    }))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_many, m)?)?;
    m.add_function(wrap_pyfunction!(hostnames, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domains, m)?)
}
