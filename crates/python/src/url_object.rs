//! The `URL` object's Rust side, [`PyUrl`] (a parsed `Url` behind a lock), and the
//! conversions of a URL argument ([`base_url`], [`url_arg`]), below the modules that use
//! them, so that they depend one way: this one, then `search_params` (bound to a `URL`) and
//! `file_path`, then `url` (the class's methods, which return those), and `site` and `batch`.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use weburl::Url;

use crate::convert::text;
use crate::errors::parse_error;

/// A URL parsed by the WHATWG URL Standard, with the `URL` class's getters and setters.
///
/// Safe to share between threads: each access holds the URL's lock.
#[pyclass(name = "URL", module = "weburl", frozen, weakref)]
pub struct PyUrl {
    inner: Mutex<Url>,
}

impl PyUrl {
    /// Wraps a parsed URL.
    pub fn new(url: Url) -> PyUrl {
        PyUrl {
            inner: Mutex::new(url),
        }
    }

    /// The URL, locked. A poisoned lock (impossible: nothing here panics) is taken over.
    pub fn lock(&self) -> MutexGuard<'_, Url> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the URL.
    pub fn get(&self) -> Url {
        self.lock().clone()
    }
}

/// A `base` argument: `None`, a `str` or a `URL`.
pub fn base_url(base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Url>> {
    let Some(base) = base.filter(|b| !b.is_none()) else {
        return Ok(None);
    };
    if let Ok(url) = base.cast::<PyUrl>() {
        return Ok(Some(url.get().get()));
    }
    let s = text(base, "base")?;
    Url::parse(&s)
        .map(Some)
        .map_err(|e| parse_error(base.py(), &e))
}

/// A `URL`, or a `str` parsed as one (`URLError` if it does not parse).
pub fn url_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Url> {
    if let Ok(url) = obj.cast::<PyUrl>() {
        return Ok(url.get().get());
    }
    let s = text(obj, what)?;
    Url::parse(&s).map_err(|e| parse_error(obj.py(), &e))
}
