//! `tldextract`'s split of a URL's host into subdomain, domain and public suffix (as version
//! 5.x of the Python library reads it), with the host found by the URL Standard's host parser
//! and the suffix by the compiled Public Suffix List. Python's `weburl.tldextract` is a thin
//! wrapper around [`extract`] and [`TldExtract`].
//!
//! `tldextract` reads URLs leniently: a bare host (`google.com`), a host with userinfo and port
//! but no scheme (`user:pw@www.example.co.uk:8443`) and a scheme-relative URL (`//a.example`)
//! all have a host. weburl parses the URL when it starts with a scheme and `//`; otherwise it
//! takes the host text `tldextract` would take and gives it to the host parser as an `http`
//! URL's. Hosts are therefore lowercased and IDNA-encoded, and IPv4 forms normalized, where
//! `tldextract` keeps the text as written.
//!
//! ```
//! use weburl_functions::tld::{extract, TldExtract};
//!
//! let r = extract("http://forums.news.cnn.com/", false);
//! assert_eq!((r.subdomain(), r.domain(), r.suffix()), ("forums.news", "cnn", "com"));
//! assert_eq!(r.fqdn(), "forums.news.cnn.com");
//! assert_eq!(r.reverse_domain_name(), "com.cnn.news.forums");
//!
//! // The PRIVATE section's suffixes only when asked for.
//! let r = extract("a.b.c.github.io", true);
//! assert_eq!((r.subdomain(), r.domain(), r.suffix()), ("a.b", "c", "github.io"));
//! assert!(r.is_private());
//! assert_eq!(r.registry_suffix(), "io");
//! assert_eq!(r.top_domain_under_public_suffix(), "c.github.io");
//! assert_eq!(r.top_domain_under_registry_suffix(), "github.io");
//! assert_eq!(extract("a.b.c.github.io", false).suffix(), "io");
//!
//! // IP addresses are the domain, with no suffix.
//! assert_eq!(extract("http://127.0.0.1:8080/x", false).ipv4(), "127.0.0.1");
//! assert_eq!(extract("http://[2001:db8::1]/x", false).ipv6(), "2001:db8::1");
//!
//! // No host: every part is empty.
//! assert_eq!(extract("http://exa mple.com", false), TldExtract::default());
//! ```

use weburl::psl::{lookup, RuleKind, Section, Sections};
use weburl::{HostKind, Position, Url};

/// A host's subdomain, domain and public suffix, as `tldextract.ExtractResult` (5.x) has them:
/// [`subdomain`](Self::subdomain), [`domain`](Self::domain), [`suffix`](Self::suffix),
/// [`is_private`](Self::is_private), [`registry_suffix`](Self::registry_suffix); compared,
/// ordered and hashed as that tuple.
///
/// The four strings are ranges of one buffer. [`extract`] keeps the parsed URL's serialization
/// as that buffer, so a result costs no allocation beyond the URL's own.
#[derive(Clone, Default)]
pub struct TldExtract {
    /// The text the parts are ranges of: the URL's serialization ([`extract`]) or the parts
    /// one after the other ([`TldExtract::new`]).
    buf: String,
    /// Subdomain, domain, suffix and registry suffix: each one's range in `buf`.
    parts: [(usize, usize); 4],
    /// Whether the suffix is in the list's PRIVATE section.
    is_private: bool,
}

impl TldExtract {
    /// A result of the given parts, as `tldextract.ExtractResult(subdomain, domain, suffix,
    /// is_private, registry_suffix)` (whose `registry_suffix` defaults to `suffix`).
    ///
    /// ```
    /// use weburl_functions::tld::{extract, TldExtract};
    ///
    /// let made = TldExtract::new("", "waiterrant", "blogspot.com", true, "com");
    /// assert_eq!(extract("waiterrant.blogspot.com", true), made);
    /// ```
    pub fn new(
        subdomain: &str,
        domain: &str,
        suffix: &str,
        is_private: bool,
        registry_suffix: &str,
    ) -> Self {
        let texts = [subdomain, domain, suffix, registry_suffix];
        let mut buf = String::with_capacity(texts.iter().map(|p| p.len()).sum());
        let mut parts = [(0, 0); 4];
        for (range, text) in parts.iter_mut().zip(texts) {
            let start = buf.len();
            buf.push_str(text);
            *range = (start, buf.len());
        }
        TldExtract {
            buf,
            parts,
            is_private,
        }
    }

    fn part(&self, i: usize) -> &str {
        self.parts
            .get(i)
            .and_then(|&(start, end)| self.buf.get(start..end))
            .unwrap_or_default()
    }

    /// The length of subdomain, domain and suffix with a dot between each two.
    fn dotted_len(&self) -> usize {
        self.subdomain().len() + self.domain().len() + self.suffix().len() + 2
    }

    /// The tuple results are compared, ordered and hashed by.
    fn key(&self) -> (&str, &str, &str, bool, &str) {
        (
            self.subdomain(),
            self.domain(),
            self.suffix(),
            self.is_private,
            self.registry_suffix(),
        )
    }

    /// Every label below the domain, or `""`.
    pub fn subdomain(&self) -> &str {
        self.part(0)
    }

    /// The label before the public suffix (or the whole host when it has no known suffix,
    /// such as an IP address, IPv6 in brackets), or `""`.
    pub fn domain(&self) -> &str {
        self.part(1)
    }

    /// The public suffix, or `""` when no rule of the list matches (the implicit `*` rule
    /// does not count).
    pub fn suffix(&self) -> &str {
        self.part(2)
    }

    /// Whether the suffix is in the list's PRIVATE section.
    pub fn is_private(&self) -> bool {
        self.is_private
    }

    /// The suffix under the ICANN section's rules alone.
    pub fn registry_suffix(&self) -> &str {
        self.part(3)
    }

    /// Subdomain, domain and suffix joined with dots when there are a suffix and a domain
    /// (or a private suffix), else `""`.
    pub fn fqdn(&self) -> String {
        if self.suffix().is_empty() || (self.domain().is_empty() && !self.is_private) {
            return String::new();
        }
        let parts = [self.subdomain(), self.domain(), self.suffix()];
        let mut out = String::with_capacity(self.dotted_len());
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(part);
        }
        out
    }

    /// The IPv4 address the host is (dotted decimal), or `""`.
    pub fn ipv4(&self) -> &str {
        if self.suffix().is_empty() && self.subdomain().is_empty() && looks_like_ipv4(self.domain())
        {
            return self.domain();
        }
        ""
    }

    /// The IPv6 address the host is (without brackets), or `""`.
    pub fn ipv6(&self) -> &str {
        let d = self.domain();
        if d.len() >= 4 && self.suffix().is_empty() && self.subdomain().is_empty() {
            if let Some(inner) = d.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
                return inner;
            }
        }
        ""
    }

    /// Domain and suffix joined with a dot when both are set, else `""` (`tldextract`'s
    /// `top_domain_under_public_suffix`, formerly `registered_domain`).
    pub fn top_domain_under_public_suffix(&self) -> String {
        let (domain, suffix) = (self.domain(), self.suffix());
        if suffix.is_empty() || domain.is_empty() {
            return String::new();
        }
        let mut out = String::with_capacity(domain.len() + 1 + suffix.len());
        out.push_str(domain);
        out.push('.');
        out.push_str(suffix);
        out
    }

    /// The labels of [`top_domain_under_public_suffix`](Self::top_domain_under_public_suffix)
    /// that make the [`registry_suffix`](Self::registry_suffix) and one more, else `""`.
    pub fn top_domain_under_registry_suffix(&self) -> String {
        let top = self.top_domain_under_public_suffix();
        if top.is_empty() || !self.is_private {
            return top;
        }
        // The last `dots + 2` labels: what follows the `dots + 2`-th dot from the right.
        let labels = self.registry_suffix().matches('.').count() + 2;
        let mut top = top;
        if let Some((dot, _)) = top.rmatch_indices('.').nth(labels - 1) {
            top.replace_range(..=dot, "");
        }
        top
    }

    /// Suffix, domain, then the subdomain's labels from right to left, joined with dots.
    pub fn reverse_domain_name(&self) -> String {
        let mut out = String::with_capacity(self.dotted_len());
        let subdomain = self.subdomain();
        let labels = [self.suffix(), self.domain()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .chain(subdomain.rsplit('.').filter(|_| !subdomain.is_empty()));
        for (i, label) in labels.enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(label);
        }
        out
    }
}

impl std::fmt::Debug for TldExtract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TldExtract")
            .field("subdomain", &self.subdomain())
            .field("domain", &self.domain())
            .field("suffix", &self.suffix())
            .field("is_private", &self.is_private)
            .field("registry_suffix", &self.registry_suffix())
            .finish()
    }
}

impl PartialEq for TldExtract {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for TldExtract {}

impl std::hash::Hash for TldExtract {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}

impl PartialOrd for TldExtract {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TldExtract {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// Splits the host of `url` (a URL or a bare host, read as `tldextract.extract` reads it) into
/// subdomain, domain and public suffix; with `include_private`, the Public Suffix List's
/// PRIVATE section counts too. A URL without a host the URL Standard accepts gives the
/// [default](TldExtract::default) result, every part empty.
pub fn extract(url: &str, include_private: bool) -> TldExtract {
    let Some(parsed) = host_of(url) else {
        return TldExtract::default();
    };
    let host = parsed.hostname();
    match parsed.host_kind() {
        Some(HostKind::Ipv4 | HostKind::Ipv6) => {
            return TldExtract::new("", host, "", false, "");
        }
        Some(HostKind::Domain | HostKind::Opaque) => {}
        _ => return TldExtract::default(),
    }
    // tldextract drops the root label's dot(s).
    let host = host.trim_end_matches('.');
    let sections = if include_private {
        Sections::All
    } else {
        Sections::IcannOnly
    };
    // The parts are ranges of the host, which the URL's serialization holds from `at`: the
    // result keeps that serialization instead of copying the parts out.
    let at = parsed.position(Position::BeforeHost);
    let end = host.len();
    let Some((start, is_private)) = known_suffix(host, sections) else {
        // An opaque host (a non-special URL's) may be dotted-decimal IPv4 text.
        if looks_like_ipv4(host) {
            return TldExtract::new("", host, "", false, "");
        }
        let [subdomain, domain] = split_last_label(host, end);
        let parts = [subdomain, domain, (end, end), (end, end)];
        return TldExtract::in_url(parsed, at, parts, false);
    };
    let [subdomain, domain] = split_last_label(host, start.saturating_sub(1));
    let registry_start = if is_private {
        known_suffix(host, Sections::IcannOnly).map_or(end, |(s, _)| s)
    } else {
        start
    };
    let parts = [subdomain, domain, (start, end), (registry_start, end)];
    TldExtract::in_url(parsed, at, parts, is_private)
}

impl TldExtract {
    /// A result whose parts are ranges of `url`'s host, which starts at `at` in its
    /// serialization.
    fn in_url(url: Url, at: usize, parts: [(usize, usize); 4], is_private: bool) -> Self {
        let mut buf = url.into_string();
        // Results are often stored, and a path, query or fragment can be long: a result keeps
        // at most `KEPT_TAIL` bytes after the host. (Shrinking every buffer, a `realloc`,
        // would cost about as much as the rest of `extract`.)
        const KEPT_TAIL: usize = 64;
        let end = parts.iter().map(|&(_, end)| at + end).max().unwrap_or(0);
        if buf.len().saturating_sub(end) > KEPT_TAIL {
            buf.truncate(end);
            buf.shrink_to_fit();
        }
        TldExtract {
            buf,
            parts: parts.map(|(start, end)| (at + start, at + end)),
            is_private,
        }
    }
}

/// `tldextract`'s `extra_suffixes`: suffixes counted on top of the list's. Each is read
/// without leading and trailing dots and in lower case; empty ones are dropped.
///
/// ```
/// use weburl_functions::tld::{extract, ExtraSuffixes};
///
/// let extra = ExtraSuffixes::new([".Internal.TEST."]);
/// let r = extra.apply(extract("a.b.c.d.internal.test", false));
/// assert_eq!((r.subdomain(), r.domain(), r.suffix()), ("a.b.c", "d", "internal.test"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtraSuffixes(Vec<String>);

impl ExtraSuffixes {
    /// The extra suffixes, normalized.
    pub fn new<I, S>(suffixes: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        ExtraSuffixes(
            suffixes
                .into_iter()
                .map(|s| s.as_ref().trim_matches('.').to_lowercase())
                .filter(|s| !s.is_empty())
                .collect(),
        )
    }

    /// Whether there is none (then [`apply`](Self::apply) returns its argument).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// `result` split again when one of the extra suffixes is a longer suffix of its host
    /// (the parts joined with dots) than the list's: the longest one becomes the suffix and
    /// the registry suffix, not private.
    pub fn apply(&self, result: TldExtract) -> TldExtract {
        if self.is_empty() {
            return result;
        }
        let (sub, domain, suffix) = (result.subdomain(), result.domain(), result.suffix());
        let mut host = String::with_capacity(sub.len() + domain.len() + suffix.len() + 2);
        for part in [sub, domain, suffix].into_iter().filter(|p| !p.is_empty()) {
            if !host.is_empty() {
                host.push('.');
            }
            host.push_str(part);
        }
        let mut best = suffix;
        for extra in &self.0 {
            let fits = host
                .strip_suffix(extra.as_str())
                .is_some_and(|before| before.is_empty() || before.ends_with('.'));
            if fits && extra.len() > best.len() {
                best = extra;
            }
        }
        if best == suffix {
            return result;
        }
        let before = host.get(..host.len() - best.len()).unwrap_or_default();
        let before = before.trim_end_matches('.');
        let [subdomain, domain] = split_last_label(before, before.len())
            .map(|(s, e)| before.get(s..e).unwrap_or_default());
        TldExtract::new(subdomain, domain, best, false, best)
    }
}

/// The ranges of `host[..end]` before and after its last dot (the empty range and all of it
/// without one).
fn split_last_label(host: &str, end: usize) -> [(usize, usize); 2] {
    // A byte search: `str::rfind(char)`'s generic searcher costs more than the label it
    // scans.
    let before = host.as_bytes().get(..end).unwrap_or_default();
    match before.iter().rposition(|&b| b == b'.') {
        Some(i) => [(0, i), (i + 1, end)],
        None => [(0, 0), (0, end)],
    }
}

/// `tldextract`'s `_schemeless_url`: what follows `//` when the text before it is a scheme
/// and `:` (or nothing).
fn schemeless(url: &str) -> &str {
    // The first `//` (a byte search; `str::find(&str)` builds a substring searcher first).
    let Some(i) = url.as_bytes().windows(2).position(|w| w == b"//") else {
        return url;
    };
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

/// Where the known suffix of `host` starts (no implicit `*` rule) and whether it is private.
fn known_suffix(host: &str, sections: Sections) -> Option<(usize, bool)> {
    let found = lookup(host, sections)?;
    if found.kind() == RuleKind::Implicit || !found.is_known() {
        return None;
    }
    let start = host.len().checked_sub(found.as_str().len())?;
    Some((start, found.section() == Some(Section::Private)))
}

/// Whether `s` is a dotted-decimal IPv4 address (what `tldextract`'s `looks_like_ip`
/// accepts): four decimal numbers up to 255 without leading zeros.
pub fn looks_like_ipv4(s: &str) -> bool {
    let mut parts = 0;
    for p in s.split('.') {
        parts += 1;
        let ok = parts <= 4
            && !p.is_empty()
            && p.len() <= 3
            && p.bytes().all(|b| b.is_ascii_digit())
            && (p.len() == 1 || !p.starts_with('0'))
            && p.parse::<u16>().is_ok_and(|n| n <= 255);
        if !ok {
            return false;
        }
    }
    parts == 4
}

#[cfg(test)]
mod tests;
