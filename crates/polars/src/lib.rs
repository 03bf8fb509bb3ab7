//! weburl for Polars: the `weburl_polars._weburl_polars` library, a Polars expression plugin
//! (`polars`) over weburl's function catalogue (`weburl_functions::catalogue`). The Python
//! package `weburl-polars` (`python/weburl_polars`) registers the `url` namespace on
//! expressions; `import weburl.polars` (the base package's shim) imports it.
//!
//! A package of its own so that the base package `weburl` (crates/python) builds without
//! Polars. Polars loads this library by path and calls the plugin's entry points; the Python
//! module below only makes it an importable extension as maturin builds it.
#![deny(missing_docs)]
// No `unsafe` of this crate's own (`unsafe_code` is denied but in `polars`, for its macro's
// expansion); should any appear, each operation is in its own block with a SAFETY note.
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

use pyo3::prelude::*;

mod polars;

/// The extension module: the package's version; the plugin's functions are found by Polars.
#[pymodule]
fn _weburl_polars(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))
}
