//! urlcanon's match rules (`urlcanon.MatchRule`, IIPC [urlcanon](https://github.com/iipc/urlcanon),
//! Apache-2.0; written from its `rules.py` documentation and `tests/test_match_rules.py`, at
//! commit `842afd4`): a rule holds conditions, each optional, and applies to a URL when every
//! one holds:
//!
//! - `surt`: urlcanon's SURT of the URL (`http://(com,example,)/path`, the host reversed
//!   between parentheses, user info left out) starts with it;
//! - `ssurt`: the URL's [SSURT](crate::ssurt) starts with it;
//! - `domain`: the URL's host is the domain or one of its subdomains (an IP address: only
//!   itself);
//! - `substring`: the URL contains it;
//!
//! and with `exact`, the `surt`, `ssurt` and `domain` conditions must be equal, not prefixes.
//! The URL is canonicalized by a [`RuleSet`] first, as urlcanon's `Canonicalizer.rule_applies`
//! does; the conditions are compared as they are written (canonicalize a prefix with the same
//! rule set, e.g. with [`surt_of`] or [`ssurt_of`], to build one).
//!
//! Departure: urlcanon's `regex` and `parent_url_regex` conditions are not here (no regular
//! expression engine in this crate); a rule with only the conditions above behaves as
//! urlcanon's.

use weburl::{HostKind, Url};

use crate::urlcanon::{self, Canonical, RuleSet};
use crate::Input;

/// A URL-matching rule (urlcanon's `MatchRule`): every condition that is set must hold.
///
/// ```
/// use weburl_canon::match_rule::MatchRule;
/// use weburl_canon::urlcanon::RuleSet;
/// let rule = MatchRule::new().surt("http://(com,vimeocdn,");
/// assert!(rule.applies("http://a.b.vimeocdn.com/blahblah", RuleSet::Whatwg));
/// assert!(!rule.applies("https://a.b.vimeocdn.com/blahblah", RuleSet::Whatwg));
///
/// let rule = MatchRule::new().domain("example.com");
/// assert!(rule.applies("https://abc.EXAMPLE.com./x", RuleSet::Semantic));
/// assert!(!rule.exact(true).applies("https://abc.example.com", RuleSet::Semantic));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct MatchRule {
    surt: Option<String>,
    ssurt: Option<String>,
    domain: Option<String>,
    substring: Option<String>,
    exact: bool,
}

impl MatchRule {
    /// A rule without conditions (it applies to every URL).
    pub fn new() -> MatchRule {
        MatchRule::default()
    }

    /// The rule with the condition: urlcanon's SURT of the URL starts with (with `exact`:
    /// is) `prefix`.
    pub fn surt(mut self, prefix: impl Into<String>) -> MatchRule {
        self.surt = Some(prefix.into());
        self
    }

    /// The rule with the condition: the URL's SSURT starts with (with `exact`: is) `prefix`.
    pub fn ssurt(mut self, prefix: impl Into<String>) -> MatchRule {
        self.ssurt = Some(prefix.into());
        self
    }

    /// The rule with the condition: the URL's host is `domain` or (without `exact`) one of its
    /// subdomains; an IP address matches only itself.
    pub fn domain(mut self, domain: impl Into<String>) -> MatchRule {
        self.domain = Some(domain.into());
        self
    }

    /// The rule with the condition: the canonical URL contains `substring`.
    pub fn substring(mut self, substring: impl Into<String>) -> MatchRule {
        self.substring = Some(substring.into());
        self
    }

    /// The rule with urlcanon's `exact` modifier set or not.
    pub fn exact(mut self, exact: bool) -> MatchRule {
        self.exact = exact;
        self
    }

    /// Whether the rule applies to `url` canonicalized by `rules` (`false` where `url` has no
    /// canonical form).
    pub fn applies<'a>(&self, url: impl Into<Input<'a>>, rules: RuleSet) -> bool {
        view(url.into(), rules).is_some_and(|v| self.applies_to(&v))
    }

    fn applies_to(&self, v: &View<'_>) -> bool {
        let matches = |key: &str, condition: &str| {
            if self.exact {
                key == condition
            } else {
                key.starts_with(condition)
            }
        };
        if let Some(domain) = &self.domain {
            let host = v.host().unwrap_or_default();
            if !(if self.exact {
                host == domain
            } else {
                host_matches_domain(host, domain)
            }) {
                return false;
            }
        }
        if let Some(s) = &self.surt {
            if !matches(&v.surt(), s) {
                return false;
            }
        }
        if let Some(s) = &self.ssurt {
            if !matches(&v.ssurt(), s) {
                return false;
            }
        }
        if let Some(s) = &self.substring {
            if !v.href().contains(s.as_str()) {
                return false;
            }
        }
        true
    }
}

/// Whether `host` is `domain` or one of its subdomains (urlcanon's `host_matches_domain`): the
/// same string, or, when neither is an IP address, `domain`'s reversed labels start
/// `host`'s. No normalization: canonicalize both first.
///
/// ```
/// use weburl_canon::match_rule::host_matches_domain;
/// assert!(host_matches_domain("foo.example.com", "example.com"));
/// assert!(!host_matches_domain("notexample.com", "example.com"));
/// assert!(!host_matches_domain("foo.EXAMPLE.COM", "example.com"));
/// assert!(host_matches_domain("1.2.3.4", "1.2.3.4"));
/// ```
pub fn host_matches_domain(host: &str, domain: &str) -> bool {
    if host == domain {
        return true;
    }
    let ip = |h: &str| h.starts_with('[') || crate::escape::inet_aton(h.as_bytes(), true).is_some();
    if ip(host) || ip(domain) {
        return false;
    }
    crate::ssurt::reverse_host(host).starts_with(&crate::ssurt::reverse_host(domain))
}

/// urlcanon's SURT of `url` canonicalized by `rules`: scheme, `://(`, the host as SSURT
/// writes it (reversed, trailing comma), `:port`, `)`, then path, query and fragment; no
/// user info. `None` where the URL has no canonical form.
///
/// ```
/// use weburl_canon::match_rule::surt_of;
/// use weburl_canon::urlcanon::RuleSet;
/// assert_eq!(
///     surt_of("http://Example.com:8080/foo/bar", RuleSet::Semantic).as_deref(),
///     Some("http://(com,example,:8080)/foo/bar")
/// );
/// ```
pub fn surt_of<'a>(url: impl Into<Input<'a>>, rules: RuleSet) -> Option<String> {
    view(url.into(), rules).map(|v| v.surt())
}

/// The SSURT of `url` canonicalized by `rules` (`None` where it has no canonical form).
///
/// ```
/// use weburl_canon::match_rule::ssurt_of;
/// use weburl_canon::urlcanon::RuleSet;
/// assert_eq!(
///     ssurt_of("https://www.Example.com/a/", RuleSet::Aggressive).as_deref(),
///     Some("com,example,//:http/a")
/// );
/// ```
pub fn ssurt_of<'a>(url: impl Into<Input<'a>>, rules: RuleSet) -> Option<String> {
    view(url.into(), rules).map(|v| v.ssurt())
}

/// A canonical URL, as the conditions read it.
enum View<'a> {
    /// The URL Standard's (the WHATWG rule set).
    Url(std::borrow::Cow<'a, Url>),
    /// A semantic or aggressive one.
    Canonical(Canonical),
}

fn view(input: Input<'_>, rules: RuleSet) -> Option<View<'_>> {
    let parsed = match input {
        Input::Url(u) => std::borrow::Cow::Borrowed(u),
        Input::Str(s) if rules == RuleSet::Whatwg => std::borrow::Cow::Owned(Url::parse(s).ok()?),
        Input::Str(s) => std::borrow::Cow::Owned(urlcanon::parse(s).ok()?),
    };
    Some(match rules {
        RuleSet::Whatwg => View::Url(parsed),
        _ => View::Canonical(urlcanon::canonical(&parsed, rules)),
    })
}

impl View<'_> {
    fn href(&self) -> &str {
        match self {
            View::Url(u) => u.href(),
            View::Canonical(c) => &c.href,
        }
    }

    fn host(&self) -> Option<&str> {
        match self {
            View::Url(u) => u.has_host().then(|| u.hostname()),
            View::Canonical(c) => c.host(),
        }
    }

    /// The host as SSURT writes it.
    fn ssurt_host(&self) -> String {
        let (host, kind) = match self {
            View::Url(u) => (u.hostname(), u.host_kind()),
            View::Canonical(c) => (c.host().unwrap_or_default(), c.host_kind),
        };
        match kind {
            Some(HostKind::Domain) => crate::ssurt::reverse_host(host),
            Some(HostKind::Opaque) => crate::ssurt::ssurt_host(host),
            _ => host.to_owned(),
        }
    }

    fn parts(&self) -> Parts<'_> {
        match self {
            View::Url(u) => Parts {
                scheme: u.scheme(),
                port: u.port(),
                path: u.pathname(),
                query: u.query(),
                fragment: u.fragment(),
            },
            View::Canonical(c) => Parts {
                scheme: c.scheme(),
                port: c.port(),
                path: c.path(),
                query: c.query(),
                fragment: c.fragment(),
            },
        }
    }

    fn surt(&self) -> String {
        let p = self.parts();
        let mut out = String::with_capacity(self.href().len() + 8);
        out.push_str(p.scheme);
        out.push(':');
        if self.host().is_some() {
            out.push_str("//");
        }
        if self.host().is_some_and(|h| !h.is_empty()) {
            out.push('(');
            out.push_str(&self.ssurt_host());
            if !p.port.is_empty() {
                out.push(':');
                out.push_str(p.port);
            }
            out.push(')');
        }
        p.push_rest(&mut out);
        out
    }

    fn ssurt(&self) -> String {
        if let View::Url(u) = self {
            return crate::ssurt::ssurt(&**u).unwrap_or_default();
        }
        let p = self.parts();
        let mut out = String::with_capacity(self.href().len() + 8);
        out.push_str(&self.ssurt_host());
        if self.host().is_some() {
            out.push_str("//");
        }
        if !p.port.is_empty() {
            out.push(':');
            out.push_str(p.port);
        }
        out.push(':');
        out.push_str(p.scheme);
        p.push_rest(&mut out);
        out
    }
}

/// The parts of a canonical URL that SURT and SSURT write as they are.
struct Parts<'a> {
    scheme: &'a str,
    port: &'a str,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl Parts<'_> {
    fn push_rest(&self, out: &mut String) {
        out.push_str(self.path);
        if let Some(q) = self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = self.fragment {
            out.push('#');
            out.push_str(f);
        }
    }
}
