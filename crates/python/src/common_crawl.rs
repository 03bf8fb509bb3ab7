//! `weburl.canon.common_crawl` (weburl-canon's `common_crawl`): Common Crawl's URL index fields
//! of a URL as a dict named as its schema, its batch form, and `PublicSuffixList`, a caller's
//! list parsed once. Only conversions: the rules are weburl-canon's (the per-field SQL
//! functions are the catalogue's, for Polars and the SQL engines).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use weburl::psl::List;
use weburl_canon::common_crawl::{self as cc, Fields};

use crate::batch::strings;
use crate::convert::text;

/// A Public Suffix List of the caller's: the text of `public_suffix_list.dat` (its ICANN and
/// PRIVATE sections), parsed once.
#[pyclass(name = "PublicSuffixList", module = "weburl.canon", frozen)]
pub struct PyList {
    list: List,
}

#[pymethods]
impl PyList {
    /// Parses the list's text; `ValueError` names the line of a rule it cannot read.
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyList> {
        let list = List::parse(&crate::convert::text(text, "text")?)
            .map_err(|e| PyValueError::new_err(format!("weburl: the Public Suffix List: {e}")))?;
        Ok(PyList { list })
    }

    /// The number of rules.
    #[getter]
    fn rules(&self) -> usize {
        self.list.rules()
    }

    fn __repr__(&self) -> String {
        format!("PublicSuffixList(<{} rules>)", self.list.rules())
    }
}

/// The list a `psl` argument names: the caller's, or the compiled one for `None`.
fn list_of(psl: Option<&PyList>) -> &List {
    match psl {
        Some(p) => &p.list,
        None => List::compiled(),
    }
}

/// The fields as a dict, in the schema's order (`None` for NULL).
fn to_dict<'py>(py: Python<'py>, fields: &Fields) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in fields.named() {
        dict.set_item(name, value)?;
    }
    Ok(dict)
}

/// `common_crawl(url, psl=None)`: every field; `ValueError` if the string is not a valid URL.
#[pyfunction]
#[pyo3(signature = (url, psl=None))]
fn common_crawl<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    psl: Option<PyRef<'py, PyList>>,
) -> PyResult<Bound<'py, PyDict>> {
    let fields = cc::fields_in(&*text(url, "url")?, list_of(psl.as_deref()))
        .map_err(|e| PyValueError::new_err(format!("weburl: {e}")))?;
    to_dict(py, &fields)
}

/// `common_crawl_many(urls, psl=None)`: each string's fields with the GIL released, `None` for
/// one that is not a valid URL.
#[pyfunction]
#[pyo3(signature = (urls, psl=None))]
fn common_crawl_many<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    psl: Option<PyRef<'py, PyList>>,
) -> PyResult<Vec<Option<Bound<'py, PyDict>>>> {
    let inputs = strings(urls)?;
    let list = list_of(psl.as_deref());
    let all: Vec<Option<Fields>> = py.detach(|| {
        inputs
            .iter()
            .map(|s| s.and_then(|s| cc::fields_in(s, list).ok()))
            .collect()
    });
    all.iter()
        .map(|f| f.as_ref().map(|f| to_dict(py, f)).transpose())
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyList>()?;
    m.add_function(wrap_pyfunction!(common_crawl, m)?)?;
    m.add_function(wrap_pyfunction!(common_crawl_many, m)?)
}
