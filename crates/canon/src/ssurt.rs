//! SSURT, the "Superior SURT" of IIPC's [urlcanon](https://github.com/iipc/urlcanon)
//! (Apache-2.0): `scheme://userinfo@domain.tld:port/path?query#fragment` becomes
//! `tld,domain,//:port:scheme@userinfo/path?query#fragment`, so that a prefix selects a
//! domain and its subdomains (`org,example,`), a host (`org,example,//`), a port or a
//! scheme, and the form is reversible. Written from urlcanon's documentation and test data
//! (`testdata/ssurt.json`, carried over into `tests/data/ssurt.json`).
//!
//! The URL is canonicalized by weburl's parse first (urlcanon's WHATWG rule set is the URL
//! Standard's parser). Departure: a name is kept unreversed when it reads as an IPv4 address
//! in `inet_aton`'s forms (only an opaque host can, after the URL Standard's parse), where
//! urlcanon uses its own IPv4 reading.

use weburl::{HostKind, Url};

use crate::escape::inet_aton;
use crate::{Input, NotAUrl};

/// A host's dot-separated labels in reverse order, commas in them made dots, joined by
/// commas, with a trailing comma (urlcanon's `reverse_host`).
///
/// ```
/// assert_eq!(weburl_canon::ssurt::reverse_host("x.y.z"), "z,y,x,");
/// assert_eq!(weburl_canon::ssurt::reverse_host("a,b.y.z."), ",z,y,a.b,");
/// ```
pub fn reverse_host(host: &str) -> String {
    let mut out = String::with_capacity(host.len() + 1);
    push_reversed(&mut out, host);
    out
}

fn push_reversed(out: &mut String, host: &str) {
    for label in host.rsplit('.') {
        for c in label.chars() {
            out.push(if c == ',' { '.' } else { c });
        }
        out.push(',');
    }
}

/// A host as SSURT writes it: an IPv4 or bracketed IPv6 address (or no host) as it is, a name
/// reversed ([`reverse_host`]).
///
/// ```
/// assert_eq!(weburl_canon::ssurt::ssurt_host("1.2.3.4"), "1.2.3.4");
/// assert_eq!(weburl_canon::ssurt::ssurt_host("x.y.z"), "z,y,x,");
/// ```
pub fn ssurt_host(host: &str) -> String {
    let mut out = String::with_capacity(host.len() + 1);
    push_ssurt_host(&mut out, host);
    out
}

fn push_ssurt_host(out: &mut String, host: &str) {
    let bytes = host.as_bytes();
    let unreversed = host.is_empty()
        || host.starts_with('[')
        || inet_aton(bytes.strip_suffix(b".").unwrap_or(bytes), true).is_some();
    if unreversed {
        out.push_str(host);
    } else {
        push_reversed(out, host);
    }
}

/// The SSURT of `input` (a string is parsed by the URL Standard's parser first; [`NotAUrl`]
/// where it fails).
///
/// ```
/// use weburl_canon::ssurt::ssurt;
/// assert_eq!(
///     ssurt("http://user:pass@foo.example.org:81/path?query#frag").unwrap(),
///     "org,example,foo,//:81:http@user:pass/path?query#frag"
/// );
/// assert_eq!(ssurt("https://example.com/").unwrap(), "com,example,//:https/");
/// ```
pub fn ssurt<'a>(input: impl Into<Input<'a>>) -> Result<String, NotAUrl> {
    let parsed;
    let url: &Url = match input.into() {
        Input::Url(u) => u,
        Input::Str(s) => {
            parsed = crate::error::parse(s)?;
            &parsed
        }
    };
    let href = url.href();
    let mut out = String::with_capacity(href.len() + 8);
    let host = url.hostname();
    match url.host_kind() {
        // The URL Standard's host parser reads a domain ending in a number as IPv4 (or
        // fails), so no domain reads as an address in `inet_aton`'s forms.
        Some(HostKind::Domain) => push_reversed(&mut out, host),
        Some(HostKind::Opaque) => push_ssurt_host(&mut out, host),
        // An address, the empty host or none: as it is.
        Some(HostKind::Ipv4 | HostKind::Ipv6 | HostKind::Empty) | None => out.push_str(host),
    }
    let scheme = url.scheme();
    // The serialization writes `//` after the scheme exactly when there is a host.
    if url.has_host() {
        out.push_str("//");
    }
    if !url.port().is_empty() {
        out.push(':');
        out.push_str(url.port());
    }
    out.push(':');
    out.push_str(scheme);
    if url.includes_credentials() {
        out.push('@');
        out.push_str(url.username());
        if !url.password().is_empty() {
            out.push(':');
            out.push_str(url.password());
        }
    }
    out.push_str(url.pathname());
    if let Some(q) = url.query() {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = url.fragment() {
        out.push('#');
        out.push_str(f);
    }
    Ok(out)
}
