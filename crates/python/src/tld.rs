//! The `weburl.tldextract` module's types: `ExtractResult` and `extract` over
//! `weburl_functions::tld` (tldextract's split of a host into subdomain, domain and public
//! suffix); this module converts types only.

use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use weburl_functions::tld::ExtraSuffixes as Extra;
use weburl_functions::tld::{self, TldExtract};

use crate::convert::text;

/// A URL's subdomain, domain and public suffix, as `tldextract.ExtractResult` (5.x) has them:
/// `subdomain`, `domain`, `suffix`, `is_private`, `registry_suffix`, compared and ordered as
/// that tuple (`weburl_functions::tld::TldExtract`, one allocation per result).
#[pyclass(
    name = "ExtractResult",
    module = "weburl.tldextract",
    frozen,
    eq,
    hash,
    ord,
    skip_from_py_object
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExtractResult(TldExtract);

#[pymethods]
impl ExtractResult {
    #[new]
    #[pyo3(signature = (subdomain, domain, suffix, is_private, registry_suffix = None))]
    fn py_new(
        subdomain: &str,
        domain: &str,
        suffix: &str,
        is_private: bool,
        registry_suffix: Option<&str>,
    ) -> ExtractResult {
        ExtractResult(TldExtract::new(
            subdomain,
            domain,
            suffix,
            is_private,
            registry_suffix.unwrap_or(suffix),
        ))
    }

    /// Every label below the domain, or `""`.
    #[getter]
    fn subdomain(&self) -> &str {
        self.0.subdomain()
    }

    /// The label before the public suffix (or the whole host when it has no known suffix,
    /// such as an IP address), or `""`.
    #[getter]
    fn domain(&self) -> &str {
        self.0.domain()
    }

    /// The public suffix, or `""` when no rule of the list matches.
    #[getter]
    fn suffix(&self) -> &str {
        self.0.suffix()
    }

    /// Whether the suffix is in the list's PRIVATE section.
    #[getter]
    fn is_private(&self) -> bool {
        self.0.is_private()
    }

    /// The suffix under the ICANN section's rules alone.
    #[getter]
    fn registry_suffix(&self) -> &str {
        self.0.registry_suffix()
    }

    /// Subdomain, domain and suffix joined with dots when there are a suffix and a domain
    /// (or a private suffix), else `""`.
    #[getter]
    fn fqdn(&self) -> String {
        self.0.fqdn()
    }

    /// The IPv4 address the host is, or `""`.
    #[getter]
    fn ipv4(&self) -> &str {
        self.0.ipv4()
    }

    /// The IPv6 address the host is (without brackets), or `""`.
    #[getter]
    fn ipv6(&self) -> &str {
        self.0.ipv6()
    }

    /// Deprecated alias of `top_domain_under_public_suffix` (as in tldextract 5.3+).
    #[getter]
    fn registered_domain(&self, py: Python<'_>) -> PyResult<String> {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"The 'registered_domain' property is deprecated; use 'top_domain_under_public_suffix'",
            1,
        )?;
        Ok(self.0.top_domain_under_public_suffix())
    }

    /// Domain and suffix joined with a dot when both are set, else `""`.
    #[getter]
    fn top_domain_under_public_suffix(&self) -> String {
        self.0.top_domain_under_public_suffix()
    }

    /// The rightmost label and `registry_suffix` joined with a dot, else `""`.
    #[getter]
    fn top_domain_under_registry_suffix(&self) -> String {
        self.0.top_domain_under_registry_suffix()
    }

    /// Suffix, domain, then the subdomain's labels reversed, joined with dots.
    #[getter]
    fn reverse_domain_name(&self) -> String {
        self.0.reverse_domain_name()
    }

    fn __repr__(&self) -> String {
        format!(
            "ExtractResult(subdomain={}, domain={}, suffix={}, is_private={})",
            py_str_repr(self.subdomain()),
            py_str_repr(self.domain()),
            py_str_repr(self.suffix()),
            if self.is_private() { "True" } else { "False" }
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let r = slf.get();
        let args = (
            r.subdomain(),
            r.domain(),
            r.suffix(),
            r.is_private(),
            r.registry_suffix(),
        );
        (slf.get_type(), args).into_pyobject(py)
    }
}

/// A `str`'s Python repr for the ASCII text hosts are made of (`'…'`).
fn py_str_repr(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// `extract(url, include_psl_private_domains=False)`: `tldextract.extract` on the compiled
/// list. `session` is accepted and ignored (there is no network).
#[pyfunction]
#[pyo3(signature = (url, include_psl_private_domains = None, session = None))]
fn extract(
    url: &Bound<'_, PyAny>,
    include_psl_private_domains: Option<bool>,
    session: Option<&Bound<'_, PyAny>>,
) -> PyResult<ExtractResult> {
    let _ = session;
    let url = text(url, "url")?;
    Ok(ExtractResult(tld::extract(
        &url,
        include_psl_private_domains.unwrap_or(false),
    )))
}

/// `TLDExtract(extra_suffixes=...)`'s suffixes, normalized once (`weburl_functions::tld::ExtraSuffixes`).
#[pyclass(name = "ExtraSuffixes", module = "weburl._weburl", frozen)]
pub struct ExtraSuffixes(Extra);

#[pymethods]
impl ExtraSuffixes {
    #[new]
    fn py_new(suffixes: Vec<String>) -> ExtraSuffixes {
        ExtraSuffixes(Extra::new(suffixes))
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    /// `result` split again when an extra suffix is a longer suffix of its host.
    fn apply(&self, result: &Bound<'_, ExtractResult>) -> ExtractResult {
        ExtractResult(self.0.apply(result.get().0.clone()))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ExtractResult>()?;
    m.add_class::<ExtraSuffixes>()?;
    m.add_function(wrap_pyfunction!(extract, m)?)
}
