//! weburl for Python: the `weburl._weburl` extension module (PyO3).
//!
//! A thin layer over the `weburl` facade (and `weburl-pattern`): it converts Python values to
//! Rust ones and errors to `weburl.URLError`, and nothing more; every rule lives in the Rust
//! crates. The pure-Python modules in `python/weburl/` (`ada`, `tldextract`, `surt`, `canon`) build on it.
//!
//! Each module below registers its classes and functions with one line in [`_weburl`].
#![deny(missing_docs)]
// `unsafe_code` is denied but in the Arrow C data interface's modules (`arrow::ffi`, `import`,
// `export`), where each operation is in its own block with a SAFETY note.
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

use pyo3::prelude::*;

mod ada;
mod arrow;
mod batch;
mod canon;
mod common_crawl;
mod convert;
mod errors;
mod file_path;
mod pattern;
mod search_params;
mod site;
mod tld;
mod tracking;
mod url;
mod url_object;

/// The extension module. One line per Rust module: each adds its own names.
#[pymodule]
fn _weburl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    url::register(m)?;
    search_params::register(m)?;
    site::register(m)?;
    file_path::register(m)?;
    pattern::register(m)?;
    batch::register(m)?;
    ada::register(m)?;
    canon::register(m)?;
    common_crawl::register(m)?;
    tracking::register(m)?;
    arrow::register(m)?;
    Ok(())
}
