//! Validation errors, sites (public suffix, registrable domain, same site), URL rendering
//! and IDNA, as module functions taking a `str` or a `URL`.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use weburl::display::Rendering;
use weburl::{Url, UrlDisplay};

use crate::convert::text;
use crate::errors::{parse_error, url_error};
use crate::url_object::{base_url, url_arg};

/// `validation_errors(input, base=None)`: every validation error the parser raises, as
/// `(name, start, end, failure)` tuples (byte ranges of the UTF-8 input).
#[pyfunction]
#[pyo3(signature = (input, base = None))]
fn validation_errors(
    input: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(&'static str, usize, usize, bool)>> {
    let input = text(input, "input")?;
    let base = base_url(base)?;
    let options = match &base {
        Some(b) => Url::options().base(b),
        None => Url::options(),
    };
    let (_, errors) = options.parse_with_error_list(&input);
    Ok(errors
        .iter()
        .map(|e| (e.name(), e.range.start, e.range.end, e.failure))
        .collect())
}

/// The public suffix of a URL's host (a `URL` or a `str`), or `None`.
#[pyfunction]
fn public_suffix(url: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    Ok(url_arg(url, "url")?.public_suffix().map(str::to_owned))
}

/// The registrable domain of a URL's host (a `URL` or a `str`), or `None`.
#[pyfunction]
fn registrable_domain(url: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    Ok(url_arg(url, "url")?.registrable_domain().map(str::to_owned))
}

/// Whether the origins of two URLs (`URL`s or `str`s) are same site.
#[pyfunction]
fn same_site(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(url_arg(a, "a")?
        .origin()
        .same_site(&url_arg(b, "b")?.origin()))
}

/// One of the rendering's option setters.
type RenderOption<'a> = fn(Rendering<'a>, bool) -> Rendering<'a>;

/// `display(url, ...)`: the URL rendered for a person (the standard's URL rendering).
#[pyfunction]
#[pyo3(signature = (
    url, *, omit_scheme = false, omit_http = false, omit_https = false,
    omit_file_scheme = false, omit_mailto_scheme = false, omit_trivial_subdomains = false,
    trim_after_host = false, omit_trailing_slash = false, host_only = false,
    keep_percent_encoded = false, max_width = None
))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
fn display(
    url: &Bound<'_, PyAny>,
    omit_scheme: bool,
    omit_http: bool,
    omit_https: bool,
    omit_file_scheme: bool,
    omit_mailto_scheme: bool,
    omit_trivial_subdomains: bool,
    trim_after_host: bool,
    omit_trailing_slash: bool,
    host_only: bool,
    keep_percent_encoded: bool,
    max_width: Option<usize>,
) -> PyResult<String> {
    let url = url_arg(url, "url")?;
    // Each option is applied only when asked for: `omit_scheme` is `omit_http` and
    // `omit_https` together, which a later `false` would undo.
    let mut r = url.display();
    let options: [(bool, RenderOption<'_>); 10] = [
        (omit_scheme, Rendering::omit_scheme),
        (omit_http, Rendering::omit_http),
        (omit_https, Rendering::omit_https),
        (omit_file_scheme, Rendering::omit_file_scheme),
        (omit_mailto_scheme, Rendering::omit_mailto_scheme),
        (omit_trivial_subdomains, Rendering::omit_trivial_subdomains),
        (trim_after_host, Rendering::trim_after_host),
        (omit_trailing_slash, Rendering::omit_trailing_slash),
        (host_only, Rendering::host_only),
        (keep_percent_encoded, Rendering::keep_percent_encoded),
    ];
    for (yes, set) in options {
        if yes {
            r = set(r, true);
        }
    }
    if let Some(w) = max_width {
        r = r.max_width(w);
    }
    Ok(r.to_string())
}

/// The standard's [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii)
/// (UTS 46 ToASCII, not strict) as bytes; `URLError` when it fails.
#[pyfunction]
fn domain_to_ascii<'py>(
    py: Python<'py>,
    domain: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let domain = text(domain, "domain")?;
    match weburl::host::domain_to_ascii(&domain, false, &mut ()) {
        Ok(ascii) => Ok(PyBytes::new(py, ascii.as_bytes())),
        Err(e) => {
            let name = e.kind.name();
            Err(url_error(
                py,
                format!("invalid domain: {name}"),
                name,
                Some((0, domain.len())),
            ))
        }
    }
}

/// The standard's [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode).
#[pyfunction]
fn domain_to_unicode(domain: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(weburl::host::domain_to_unicode(&text(domain, "domain")?))
}

/// `href` of `input` parsed against `base`, for the `ada` module's `join_url`.
#[pyfunction]
fn _join(py: Python<'_>, base: &Bound<'_, PyAny>, input: &Bound<'_, PyAny>) -> PyResult<String> {
    let base = url_arg(base, "base")?;
    let input = text(input, "input")?;
    base.join(&input)
        .map(|u| u.into_string())
        .map_err(|e| parse_error(py, &e))
}

/// The version of the compiled Public Suffix List.
#[pyfunction]
fn psl_version() -> &'static str {
    weburl::psl::LIST_VERSION
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(validation_errors, m)?)?;
    m.add_function(wrap_pyfunction!(public_suffix, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domain, m)?)?;
    m.add_function(wrap_pyfunction!(same_site, m)?)?;
    m.add_function(wrap_pyfunction!(display, m)?)?;
    m.add_function(wrap_pyfunction!(domain_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(domain_to_unicode, m)?)?;
    m.add_function(wrap_pyfunction!(_join, m)?)?;
    m.add_function(wrap_pyfunction!(psl_version, m)?)?;
    crate::tld::register(m)
}
