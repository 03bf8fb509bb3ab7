//! The `weburl.tldextract` module's core: `tldextract`'s split of a host into subdomain,
//! domain and public suffix, with the host found by the URL Standard's host parser and the
//! suffix by the compiled Public Suffix List.

use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use weburl::psl::{lookup, RuleKind, Section, Sections};
use weburl::{HostKind, Url};

use crate::convert::text;

/// A URL's subdomain, domain and public suffix, as `tldextract.ExtractResult` (5.x) has them:
/// `subdomain`, `domain`, `suffix`, `is_private`, `registry_suffix`, compared and ordered as
/// that tuple.
///
/// The four strings live in one buffer (one allocation per result).
#[pyclass(
    name = "ExtractResult",
    module = "weburl.tldextract",
    frozen,
    eq,
    hash,
    ord,
    skip_from_py_object
)]
#[derive(Clone, Debug, Default)]
pub struct ExtractResult {
    /// Subdomain, domain, suffix and registry suffix, one after the other.
    buf: String,
    /// Where each of the four ends in `buf`.
    ends: [usize; 4],
    /// Whether the suffix is in the list's PRIVATE section.
    is_private: bool,
}

impl ExtractResult {
    fn new(subdomain: &str, domain: &str, suffix: &str, is_private: bool, registry: &str) -> Self {
        let mut buf =
            String::with_capacity(subdomain.len() + domain.len() + suffix.len() + registry.len());
        let mut ends = [0; 4];
        for (end, part) in ends.iter_mut().zip([subdomain, domain, suffix, registry]) {
            buf.push_str(part);
            *end = buf.len();
        }
        ExtractResult {
            buf,
            ends,
            is_private,
        }
    }

    fn part(&self, i: usize) -> &str {
        let start = if i == 0 {
            0
        } else {
            self.ends.get(i - 1).copied().unwrap_or(0)
        };
        let end = self.ends.get(i).copied().unwrap_or(0);
        self.buf.get(start..end).unwrap_or_default()
    }

    fn key(&self) -> (&str, &str, &str, bool, &str) {
        (
            self.part(0),
            self.part(1),
            self.part(2),
            self.is_private,
            self.part(3),
        )
    }
}

impl PartialEq for ExtractResult {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl Eq for ExtractResult {}
impl std::hash::Hash for ExtractResult {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}
impl PartialOrd for ExtractResult {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for ExtractResult {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// `tldextract`'s `_schemeless_url`: what follows `//` when the text before it is a scheme
/// and `:` (or nothing).
fn schemeless(url: &str) -> &str {
    let Some(i) = url.find("//") else { return url };
    if i == 0 {
        return url.get(2..).unwrap_or_default();
    }
    let scheme_ok = i >= 2
        && url.as_bytes().get(i - 1) == Some(&b':')
        && url.get(..i - 1).is_some_and(|s| {
            s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        });
    if scheme_ok {
        url.get(i + 2..).unwrap_or_default()
    } else {
        url
    }
}

/// `tldextract`'s `_host_from_authority` on the text after the scheme: the authority ends at
/// `/`, `?` or `#`; the host follows the last `@` and ends at `]` (IPv6) or `:`.
fn lenient_host(rest: &str) -> &str {
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let after_userinfo = authority.rsplit('@').next().unwrap_or_default();
    if after_userinfo.starts_with('[') {
        if let Some(end) = after_userinfo.find(']') {
            return after_userinfo.get(..=end).unwrap_or_default();
        }
    }
    after_userinfo.split(':').next().unwrap_or_default().trim()
}

/// The host of `url` by the URL Standard: the URL's own host when `url` starts with a scheme
/// and `//` and parses; else the host `tldextract` would read (see [`lenient_host`]), given
/// to the host parser as an `http` URL's.
fn host_of(url: &str) -> Option<Url> {
    // The usual case first, without looking for the scheme's end.
    if url.starts_with("https://") || url.starts_with("http://") {
        if let Ok(parsed) = Url::parse(url) {
            return Some(parsed);
        }
    }
    let rest = schemeless(url);
    let has_scheme = rest.len() != url.len() && !url.starts_with("//");
    if has_scheme {
        if let Ok(parsed) = Url::parse(url) {
            return Some(parsed);
        }
    }
    let host = lenient_host(rest);
    let mut s = String::with_capacity(host.len() + 8);
    s.push_str("http://");
    s.push_str(host);
    s.push('/');
    Url::parse(&s).ok()
}

/// The known suffix of `host` (no implicit `*` rule) and whether it is private.
fn known_suffix(host: &str, sections: Sections) -> Option<(usize, bool)> {
    let found = lookup(host, sections)?;
    if found.kind() == RuleKind::Implicit || !found.is_known() {
        return None;
    }
    let suffix = found.as_str();
    let start = host.len() - suffix.len();
    Some((start, found.section() == Some(Section::Private)))
}

impl ExtractResult {
    /// Splits the host of `url`.
    pub fn of(url: &str, include_private: bool) -> ExtractResult {
        let Some(parsed) = host_of(url) else {
            return ExtractResult::default();
        };
        let host = parsed.hostname();
        match parsed.host_kind() {
            Some(HostKind::Ipv4 | HostKind::Ipv6) => {
                return ExtractResult::new("", host, "", false, "");
            }
            Some(HostKind::Domain | HostKind::Opaque) => {}
            _ => return ExtractResult::default(),
        }
        // tldextract drops the root label's dot(s).
        let host = host.trim_end_matches('.');
        let sections = if include_private {
            Sections::All
        } else {
            Sections::IcannOnly
        };
        let Some((start, is_private)) = known_suffix(host, sections) else {
            // An opaque host (a non-special URL's) may be dotted-decimal IPv4 text.
            if looks_like_ipv4(host) {
                return ExtractResult::new("", host, "", false, "");
            }
            let (subdomain, domain) = match host.rfind('.') {
                Some(i) => (
                    host.get(..i).unwrap_or_default(),
                    host.get(i + 1..).unwrap_or_default(),
                ),
                None => ("", host),
            };
            return ExtractResult::new(subdomain, domain, "", false, "");
        };
        let suffix = host.get(start..).unwrap_or_default();
        let before = host.get(..start.saturating_sub(1)).unwrap_or_default();
        let (subdomain, domain) = match before.rfind('.') {
            Some(i) => (
                before.get(..i).unwrap_or_default(),
                before.get(i + 1..).unwrap_or_default(),
            ),
            None => ("", before),
        };
        let registry_suffix = if is_private {
            known_suffix(host, Sections::IcannOnly)
                .and_then(|(s, _)| host.get(s..))
                .unwrap_or_default()
        } else {
            suffix
        };
        ExtractResult::new(subdomain, domain, suffix, is_private, registry_suffix)
    }

    fn top_domain(&self) -> String {
        if self.suffix().is_empty() || self.domain().is_empty() {
            return String::new();
        }
        format!("{}.{}", self.domain(), self.suffix())
    }
}

/// Whether `s` is a dotted-decimal IPv4 address (what tldextract's `looks_like_ip` accepts).
fn looks_like_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

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
        ExtractResult::new(
            subdomain,
            domain,
            suffix,
            is_private,
            registry_suffix.unwrap_or(suffix),
        )
    }

    /// Every label below the domain, or `""`.
    #[getter]
    fn subdomain(&self) -> &str {
        self.part(0)
    }

    /// The label before the public suffix (or the whole host when it has no known suffix,
    /// such as an IP address), or `""`.
    #[getter]
    fn domain(&self) -> &str {
        self.part(1)
    }

    /// The public suffix, or `""` when no rule of the list matches.
    #[getter]
    fn suffix(&self) -> &str {
        self.part(2)
    }

    /// Whether the suffix is in the list's PRIVATE section.
    #[getter]
    fn is_private(&self) -> bool {
        self.is_private
    }

    /// The suffix under the ICANN section's rules alone.
    #[getter]
    fn registry_suffix(&self) -> &str {
        self.part(3)
    }

    /// Subdomain, domain and suffix joined with dots when there are a suffix and a domain
    /// (or a private suffix), else `""`.
    #[getter]
    fn fqdn(&self) -> String {
        if !self.suffix().is_empty() && (!self.domain().is_empty() || self.is_private) {
            let parts = [self.subdomain(), self.domain(), self.suffix()];
            return parts
                .iter()
                .filter(|p| !p.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(".");
        }
        String::new()
    }

    /// The IPv4 address the host is, or `""`.
    #[getter]
    fn ipv4(&self) -> String {
        if self.suffix().is_empty() && self.subdomain().is_empty() && looks_like_ipv4(self.domain())
        {
            return self.domain().to_owned();
        }
        String::new()
    }

    /// The IPv6 address the host is (without brackets), or `""`.
    #[getter]
    fn ipv6(&self) -> String {
        let d = self.domain();
        if d.len() >= 4
            && d.starts_with('[')
            && d.ends_with(']')
            && self.suffix().is_empty()
            && self.subdomain().is_empty()
        {
            return d.get(1..d.len() - 1).unwrap_or_default().to_owned();
        }
        String::new()
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
        Ok(self.top_domain())
    }

    /// Domain and suffix joined with a dot when both are set, else `""`.
    #[getter]
    fn top_domain_under_public_suffix(&self) -> String {
        self.top_domain()
    }

    /// The rightmost label and `registry_suffix` joined with a dot, else `""`.
    #[getter]
    fn top_domain_under_registry_suffix(&self) -> String {
        let top = self.top_domain();
        if top.is_empty() || !self.is_private {
            return top;
        }
        let n = self.registry_suffix().matches('.').count() + 2;
        let labels: Vec<&str> = top.split('.').collect();
        labels
            .get(labels.len().saturating_sub(n)..)
            .unwrap_or_default()
            .join(".")
    }

    /// Suffix, domain, then the subdomain's labels reversed, joined with dots.
    #[getter]
    fn reverse_domain_name(&self) -> String {
        let mut stack: Vec<&str> = [self.suffix(), self.domain()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect();
        if !self.subdomain().is_empty() {
            stack.extend(self.subdomain().split('.').rev());
        }
        stack.join(".")
    }

    fn __repr__(&self) -> String {
        format!(
            "ExtractResult(subdomain={}, domain={}, suffix={}, is_private={})",
            py_str_repr(self.subdomain()),
            py_str_repr(self.domain()),
            py_str_repr(self.suffix()),
            if self.is_private { "True" } else { "False" }
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let r = slf.get();
        let args = (
            r.subdomain(),
            r.domain(),
            r.suffix(),
            r.is_private,
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
    Ok(ExtractResult::of(
        &url,
        include_psl_private_domains.unwrap_or(false),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ExtractResult>()?;
    m.add_function(wrap_pyfunction!(extract, m)?)
}
