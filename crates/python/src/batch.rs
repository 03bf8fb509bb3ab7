//! One call for a list: the inputs are copied out into one Rust buffer, then the GIL is
//! released while Rust parses them all; string results are gathered in one buffer too, so a
//! list costs a few allocations, not two per item.

use pyo3::prelude::*;
use weburl::Url;

use crate::convert::text;
use crate::url_object::PyUrl;

/// Strings one after another in one buffer.
struct Texts {
    buf: String,
    /// Each string's range in `buf`, or `None`.
    ranges: Vec<Option<(usize, usize)>>,
}

impl Texts {
    fn with_capacity(items: usize) -> Texts {
        Texts {
            buf: String::new(),
            ranges: Vec::with_capacity(items),
        }
    }

    fn push(&mut self, s: Option<&str>) {
        self.ranges.push(s.map(|s| {
            let start = self.buf.len();
            self.buf.push_str(s);
            (start, self.buf.len())
        }));
    }

    fn get(&self, range: Option<(usize, usize)>) -> Option<&str> {
        range.and_then(|(start, end)| self.buf.get(start..end))
    }

    fn iter(&self) -> impl Iterator<Item = Option<&str>> {
        self.ranges.iter().map(|&r| self.get(r))
    }
}

/// The `str` items of `items` (a `TypeError` for any other item).
fn strings(items: &Bound<'_, PyAny>) -> PyResult<Texts> {
    let mut out = Texts::with_capacity(items.len().unwrap_or(0));
    for item in items.try_iter()? {
        out.push(Some(&text(&item?, "item")?));
    }
    Ok(out)
}

/// `f` of each input, with the GIL released; the results as a list of `str` or `None`.
fn map_strings<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    f: impl Fn(&str, &mut Texts) + Send + Sync,
) -> PyResult<Vec<Option<Bound<'py, pyo3::types::PyString>>>> {
    let inputs = strings(items)?;
    let results = py.detach(|| {
        let mut results = Texts::with_capacity(inputs.ranges.len());
        for input in inputs.iter() {
            match input {
                Some(s) => f(s, &mut results),
                None => results.push(None),
            }
        }
        results
    });
    Ok(results
        .iter()
        .map(|s| s.map(|s| pyo3::types::PyString::new(py, s)))
        .collect())
}

/// `parse_many(iterable)`: a `URL` for each string that parses, `None` for each that does not.
#[pyfunction]
fn parse_many(py: Python<'_>, items: &Bound<'_, PyAny>) -> PyResult<Vec<Option<PyUrl>>> {
    let inputs = strings(items)?;
    let parsed: Vec<Option<Url>> = py.detach(|| {
        inputs
            .iter()
            .map(|s| s.and_then(|s| Url::parse(s).ok()))
            .collect()
    });
    Ok(parsed.into_iter().map(|u| u.map(PyUrl::new)).collect())
}

/// `hostnames(list)`: each URL's hostname, `None` where the string does not parse.
#[pyfunction]
fn hostnames<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, pyo3::types::PyString>>>> {
    map_strings(py, items, |s, out| {
        out.push(Url::parse(s).ok().as_ref().map(Url::hostname))
    })
}

/// `registrable_domains(list)`: each URL's registrable domain, `None` where the string does
/// not parse or its host has none.
#[pyfunction]
fn registrable_domains<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, pyo3::types::PyString>>>> {
    map_strings(py, items, |s, out| {
        out.push(
            Url::parse(s)
                .ok()
                .as_ref()
                .and_then(Url::registrable_domain),
        )
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_many, m)?)?;
    m.add_function(wrap_pyfunction!(hostnames, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domains, m)?)
}
