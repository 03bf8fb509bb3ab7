//! One call for a list: `parse_many`, and `hostnames` and `registrable_domains` (catalogue
//! functions, one line each). The inputs are copied out into one Rust buffer, then the GIL is
//! released while Rust parses them all; string results are gathered in one buffer too, so a
//! list costs a few allocations, not two per item. And `_catalogue()`, every function's record.

use pyo3::prelude::*;
use weburl::Url;
use weburl_functions::catalogue::{self, CallError, Datum, Evaluator, Type};

use crate::convert::text;
use crate::url_object::PyUrl;

/// Strings one after another in one buffer.
pub(crate) struct Texts {
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

    pub(crate) fn iter(&self) -> impl Iterator<Item = Option<&str>> {
        self.ranges.iter().map(|&r| self.get(r))
    }
}

/// The `str` items of `items` (a `TypeError` for any other item).
pub(crate) fn strings(items: &Bound<'_, PyAny>) -> PyResult<Texts> {
    let mut out = Texts::with_capacity(items.len().unwrap_or(0));
    for item in items.try_iter()? {
        out.push(Some(&text(&item?, "item")?));
    }
    Ok(out)
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

/// The catalogue function `name` on each string, with the GIL released: one of weburl's own
/// functions of one argument whose result is a string (`url_hostname`, ...).
pub(crate) fn map_function<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Vec<Option<Bound<'py, pyo3::types::PyString>>>> {
    let f = catalogue::function(name)
        .filter(|f| f.returns == Type::Varchar && f.min_arguments() == 1)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("weburl: {name}")))?;
    let inputs = strings(items)?;
    let results = py.detach(|| {
        let mut row = Evaluator::new(f);
        // The number of arguments checked once, by `Evaluator::one`.
        let mut one = row.one()?;
        let mut results = Texts::with_capacity(inputs.ranges.len());
        for input in inputs.iter() {
            match one.eval(input) {
                Ok(Datum::Str(v)) => results.push(Some(v)),
                _ => results.push(None),
            }
        }
        Ok::<Texts, CallError>(results)
    });
    let results =
        results.map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("weburl: {e}")))?;
    Ok(results
        .iter()
        .map(|s| s.map(|s| pyo3::types::PyString::new(py, s)))
        .collect())
}

/// `hostnames(list)`: each URL's hostname (`url_hostname`), `None` where the string does not
/// parse.
#[pyfunction]
fn hostnames<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, pyo3::types::PyString>>>> {
    map_function(py, items, "url_hostname")
}

/// `registrable_domains(list)`: each URL's registrable domain (`url_registrable_domain`),
/// `None` where the string does not parse or its host has none.
#[pyfunction]
fn registrable_domains<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
) -> PyResult<Vec<Option<Bound<'py, pyo3::types::PyString>>>> {
    map_function(py, items, "url_registrable_domain")
}

/// One catalogue record, as `_catalogue()` gives it to Python.
#[derive(IntoPyObject)]
struct Record {
    name: &'static str,
    dialect: Option<&'static str>,
    /// Each argument's name and whether it is optional.
    arguments: Vec<(&'static str, bool)>,
    returns: String,
    description: &'static str,
    call: &'static str,
    result: &'static str,
}

/// `_catalogue()`: every function's record (`weburl_functions::catalogue`), from which
/// `weburl.polars`, `weburl.arrow`, `weburl.pandas` and `weburl.spark` (and their stubs) are
/// made and against which the tests check them.
#[pyfunction]
fn _catalogue() -> Vec<Record> {
    catalogue::functions()
        .map(|f| Record {
            name: f.name,
            dialect: f.dialect.map(|d| d.name()),
            arguments: f.arguments.iter().map(|a| (a.name, a.optional)).collect(),
            returns: format!("{:?}", f.returns),
            description: f.description,
            call: f.example.call,
            result: f.example.result,
        })
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_many, m)?)?;
    m.add_function(wrap_pyfunction!(hostnames, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domains, m)?)?;
    m.add_function(wrap_pyfunction!(_catalogue, m)?)
}
