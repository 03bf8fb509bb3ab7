//! The rules of `weburl.ada` (ada-url's Python API) from the facade's `weburl::ada`, the
//! module the C API's `ada_*` functions use too: `ada.py` keeps only the conversion of
//! Python values (arguments, `HostType` and `SchemeType`, `ValueError`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use weburl::{ada, Setter};

use crate::url_object::PyUrl;

/// `_ada_set(url, attr, value)`: runs the setter `attr` on the `URL` and returns what ada's
/// setter returns (`False` where ada reports the value refused).
#[pyfunction]
fn _ada_set(url: &Bound<'_, PyUrl>, attr: &str, value: &str) -> PyResult<bool> {
    let setter = Setter::ALL
        .into_iter()
        .find(|s| s.name() == attr)
        .ok_or_else(|| PyValueError::new_err(format!("no setter named {attr}")))?;
    Ok(ada::set(&mut url.get().lock(), setter, value))
}

/// `_ada_host_type(url)`: ada's number for the `URL`'s host type.
#[pyfunction]
fn _ada_host_type(url: &Bound<'_, PyUrl>) -> u8 {
    ada::host_type(&url.get().lock())
}

/// `_ada_scheme_type(url)`: ada's number for the `URL`'s scheme type.
#[pyfunction]
fn _ada_scheme_type(url: &Bound<'_, PyUrl>) -> u8 {
    ada::scheme_type(&url.get().lock())
}

/// Adds the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_ada_set, m)?)?;
    m.add_function(wrap_pyfunction!(_ada_host_type, m)?)?;
    m.add_function(wrap_pyfunction!(_ada_scheme_type, m)?)
}
