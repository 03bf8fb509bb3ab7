//! A URL canonicalized by a rule set, as the conditions read it: its serialization, host, SURT
//! and SSURT.

use std::borrow::Cow;

use weburl::{HostKind, Url};

use crate::urlcanon::{self, Canonical, RuleSet};
use crate::Input;

/// A canonical URL, as the conditions read it.
pub(super) enum View<'a> {
    /// The URL Standard's (the WHATWG rule set).
    Url(Cow<'a, Url>),
    /// A semantic or aggressive one.
    Canonical(Canonical),
}

pub(super) fn view(input: Input<'_>, rules: RuleSet) -> Option<View<'_>> {
    let parsed = match input {
        Input::Url(u) => Cow::Borrowed(u),
        Input::Str(s) if rules == RuleSet::Whatwg => Cow::Owned(Url::parse(s).ok()?),
        Input::Str(s) => Cow::Owned(urlcanon::parse(s).ok()?),
    };
    Some(match rules {
        RuleSet::Whatwg => View::Url(parsed),
        _ => View::Canonical(urlcanon::canonical(&parsed, rules)),
    })
}

impl View<'_> {
    pub(super) fn href(&self) -> &str {
        match self {
            View::Url(u) => u.href(),
            View::Canonical(c) => &c.href,
        }
    }

    pub(super) fn host(&self) -> Option<&str> {
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

    pub(super) fn surt(&self) -> String {
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

    pub(super) fn ssurt(&self) -> String {
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
