//! `weburl.URLSearchParams`: the standard's
//! [`URLSearchParams` class](https://url.spec.whatwg.org/#interface-urlsearchparams).

use std::sync::Mutex;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PyString};
use weburl::SearchParams;

use crate::convert::text;
use crate::errors::setter_error;
use crate::url_object::PyUrl;

/// A list of name-value pairs, as `application/x-www-form-urlencoded` reads and writes them.
///
/// Obtained from `URL.search_params`, it is bound to that URL: it reads the URL's query, and
/// each edit writes the query back (an empty list removes it), as in JavaScript.
#[pyclass(name = "URLSearchParams", module = "weburl", frozen)]
pub struct PySearchParams {
    /// The list, when not bound to a URL.
    own: Mutex<SearchParams>,
    /// The URL this object is the query of.
    url: Option<Py<PyUrl>>,
}

impl PySearchParams {
    /// The `URLSearchParams` of `url`.
    pub fn bound_to(url: Py<PyUrl>) -> PySearchParams {
        PySearchParams {
            own: Mutex::new(SearchParams::new()),
            url: Some(url),
        }
    }

    /// Reads the list.
    fn read<R>(&self, py: Python<'_>, f: impl FnOnce(&SearchParams) -> R) -> R {
        match &self.url {
            Some(url) => f(&url.bind(py).get().lock().search_params()),
            None => f(&self.own.lock().unwrap_or_else(|e| e.into_inner())),
        }
    }

    /// Edits the list, then (when bound) runs the standard's
    /// [update steps](https://url.spec.whatwg.org/#concept-urlsearchparams-update).
    fn edit(&self, py: Python<'_>, f: impl FnOnce(&mut SearchParams)) -> PyResult<()> {
        match &self.url {
            Some(url) => {
                let py_url = url.bind(py).get();
                let mut url = py_url.lock();
                let mut params = url.search_params();
                f(&mut params);
                url.set_search_params(&params)
                    .map_err(|e| setter_error(py, "search", &e))
            }
            None => {
                f(&mut self.own.lock().unwrap_or_else(|e| e.into_inner()));
                Ok(())
            }
        }
    }
}

/// The pairs of an `init` that is not a string: another `URLSearchParams`, a mapping, or an
/// iterable of two-item sequences.
fn pairs_of(init: &Bound<'_, PyAny>) -> PyResult<SearchParams> {
    let py = init.py();
    if let Ok(other) = init.cast::<PySearchParams>() {
        return Ok(other.get().read(py, SearchParams::clone));
    }
    let mut params = SearchParams::new();
    if let Ok(dict) = init.cast::<PyDict>() {
        for (k, v) in dict.iter() {
            params.append(
                text(&k, "name")?.into_owned(),
                text(&v, "value")?.into_owned(),
            );
        }
        return Ok(params);
    }
    if init.hasattr("keys")? && init.hasattr("__getitem__")? {
        for k in PyIterator::from_object(&init.call_method0("keys")?)? {
            let k = k?;
            let v = init.get_item(&k)?;
            params.append(
                text(&k, "name")?.into_owned(),
                text(&v, "value")?.into_owned(),
            );
        }
        return Ok(params);
    }
    for pair in PyIterator::from_object(init)? {
        let pair = pair?;
        if pair.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "each pair must be a sequence of two str, not str",
            ));
        }
        let items: Vec<Bound<'_, PyAny>> =
            PyIterator::from_object(&pair)?.collect::<PyResult<_>>()?;
        match items.as_slice() {
            [k, v] => params.append(
                text(k, "name")?.into_owned(),
                text(v, "value")?.into_owned(),
            ),
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "each pair must have exactly two items, not {}",
                    items.len()
                )))
            }
        }
    }
    Ok(params)
}

#[pymethods]
impl PySearchParams {
    /// `new URLSearchParams(init)`: `init` is a query string (a leading `?` is ignored), a
    /// mapping, an iterable of `(name, value)` pairs, or another `URLSearchParams`.
    #[new]
    #[pyo3(signature = (init = None))]
    fn py_new(init: Option<&Bound<'_, PyAny>>) -> PyResult<PySearchParams> {
        let params = match init.filter(|i| !i.is_none()) {
            None => SearchParams::new(),
            Some(i) if i.is_instance_of::<PyString>() => SearchParams::parse(&text(i, "init")?),
            Some(i) => pairs_of(i)?,
        };
        Ok(PySearchParams {
            own: Mutex::new(params),
            url: None,
        })
    }

    /// The number of pairs.
    #[getter]
    fn size(&self, py: Python<'_>) -> usize {
        self.read(py, SearchParams::len)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.size(py)
    }

    /// Appends a pair.
    fn append(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (name, value) = (text(name, "name")?, text(value, "value")?);
        self.edit(py, |p| p.append(name.into_owned(), value.into_owned()))
    }

    /// Removes the pairs named `name` (and, if given, whose value is `value`).
    #[pyo3(signature = (name, value = None))]
    fn delete(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let name = text(name, "name")?;
        match crate::convert::opt_text(value, "value")? {
            Some(v) => self.edit(py, |p| p.delete_with_value(&name, &v)),
            None => self.edit(py, |p| p.delete(&name)),
        }
    }

    /// The value of the first pair named `name`, or `None`.
    fn get(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let name = text(name, "name")?;
        Ok(self.read(py, |p| p.get(&name).map(str::to_owned)))
    }

    /// The values of the pairs named `name`.
    fn get_all(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let name = text(name, "name")?;
        Ok(self.read(py, |p| p.get_all(&name).map(str::to_owned).collect()))
    }

    /// Whether a pair is named `name` (and, if given, has the value `value`).
    #[pyo3(signature = (name, value = None))]
    fn has(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let name = text(name, "name")?;
        Ok(match crate::convert::opt_text(value, "value")? {
            Some(v) => self.read(py, |p| p.has_with_value(&name, &v)),
            None => self.read(py, |p| p.has(&name)),
        })
    }

    fn __contains__(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.has(py, name, None)
    }

    /// Sets the first pair named `name` to `value` and removes the others (appends if none).
    fn set(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (name, value) = (text(name, "name")?, text(value, "value")?);
        self.edit(py, |p| p.set(name.into_owned(), value.into_owned()))
    }

    /// Sorts the pairs by name (UTF-16 code units, stable).
    fn sort(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, SearchParams::sort)
    }

    /// The names, in order.
    fn keys(&self, py: Python<'_>) -> Vec<String> {
        self.read(py, |p| p.iter().map(|(k, _)| k.to_owned()).collect())
    }

    /// The values, in order.
    fn values(&self, py: Python<'_>) -> Vec<String> {
        self.read(py, |p| p.iter().map(|(_, v)| v.to_owned()).collect())
    }

    /// The `(name, value)` pairs, in order.
    fn items(&self, py: Python<'_>) -> Vec<(String, String)> {
        self.read(py, |p| {
            p.iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let list = PyList::new(py, self.items(py))?;
        PyIterator::from_object(&list)
    }

    /// The pairs, `application/x-www-form-urlencoded`.
    fn __str__(&self, py: Python<'_>) -> String {
        self.read(py, |p| p.to_string())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("URLSearchParams({:?})", self.__str__(py))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PySearchParams>() {
            Ok(o) => self.items(py) == o.get().items(py),
            Err(_) => false,
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySearchParams>()
}
