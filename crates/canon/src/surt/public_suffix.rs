//! `surt`'s `public_suffix` option: the host replaced by its registered domain as the
//! [`tldextract`](https://pypi.org/project/tldextract/) package (5.x, BSD-3-Clause) computes it
//! for `surt`, by its documented and observed behaviour: the Public Suffix List's ICANN section
//! only (its default `include_psl_private_domains=False`), no implicit `*` rule (a host under no
//! listed suffix, an IP address or a bare label has no registered domain), the host read as its
//! lenient netloc reader reads a URL (a leading `scheme://` or `//` skipped, cut at the first
//! `/` or `?`, after the last `@`, then at the first `:`, trailing dots dropped; a host starting
//! with `[` and holding a `]` has none), and the label before the suffix taken whatever comes
//! before it (`.example.com`, `a..example.com`: `example.com`).
//!
//! One departure: an empty label that a wildcard rule would take as its label (`x..kawasaki.jp`
//! under `*.kawasaki.jp`, which `surt`'s own `..` to `.` rewrite makes rare) gives no registered
//! domain here, where tldextract gives `x..kawasaki.jp`.
//!
//! The list is weburl's compiled Public Suffix List (`weburl::psl`), not tldextract's copy
//! (which it fetches from the network at run time, else its bundled snapshot): keys follow
//! the list version weburl was built with.

use weburl::psl::{self, Sections};

/// The byte range of `host` that is its registered domain, empty when it has none.
pub(super) fn registered_domain(host: &str) -> core::ops::Range<usize> {
    let name = lenient_host(host);
    let Some(text) = host.get(name.clone()) else {
        return 0..0;
    };
    // Labels before an empty one do not matter: the suffix and one label before it do.
    let tail = match text.rfind("..") {
        Some(i) => i + 2,
        None => usize::from(text.starts_with('.')),
    };
    let labels = text.get(tail..).unwrap_or_default();
    match psl::lookup(labels, Sections::IcannOnly) {
        Some(suffix) if suffix.is_known() => match suffix.registrable_domain() {
            Some(domain) => name.end - domain.len()..name.end,
            None => 0..0,
        },
        _ => 0..0,
    }
}

/// The range of `host` that tldextract's lenient netloc reader keeps as the host name.
fn lenient_host(host: &str) -> core::ops::Range<usize> {
    let bytes = host.as_bytes();
    let mut start = 0;
    // A leading `//`, or `scheme://` where the scheme is letters, digits, `+`, `-`, `.`.
    if let Some(i) = host.find("//") {
        let scheme = bytes.get(..i.saturating_sub(1)).unwrap_or_default();
        if i == 0 {
            start = 2;
        } else if i >= 2
            && bytes.get(i - 1) == Some(&b':')
            && scheme
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        {
            start = i + 2;
        }
    }
    let rest = bytes.get(start..).unwrap_or_default();
    let mut end = start
        + rest
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(rest.len());
    let authority = bytes.get(start..end).unwrap_or_default();
    if let Some(at) = authority.iter().rposition(|&b| b == b'@') {
        start += at + 1;
    }
    let after_userinfo = bytes.get(start..end).unwrap_or_default();
    if after_userinfo.first() == Some(&b'[') && after_userinfo.contains(&b']') {
        // An IPv6 address or a bracketed name: its last label ends in `]`, under no suffix.
        return 0..0;
    }
    if let Some(colon) = after_userinfo.iter().position(|&b| b == b':') {
        end = start + colon;
    }
    // Python's `str.strip()` (the host has no whitespace left: `surt` percent-encodes it),
    // then trailing dots.
    while end > start && bytes.get(end - 1) == Some(&b'.') {
        end -= 1;
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::registered_domain;

    fn rd(host: &str) -> &str {
        host.get(registered_domain(host))
            .unwrap_or("(not a char boundary)")
    }

    #[test]
    fn as_tldextract() {
        assert_eq!(rd("www.example.co.uk"), "example.co.uk");
        assert_eq!(rd("a.b.blogspot.com"), "blogspot.com");
        assert_eq!(rd("city.kawasaki.jp"), "city.kawasaki.jp");
        assert_eq!(rd("a.b.kawasaki.jp"), "a.b.kawasaki.jp");
        assert_eq!(rd("x.kawasaki.jp"), "");
        assert_eq!(rd("co.uk"), "");
        assert_eq!(rd("localhost"), "");
        assert_eq!(rd("example.unknowntld"), "");
        assert_eq!(rd("1.2.3.4"), "");
        assert_eq!(rd("::1"), "");
        assert_eq!(rd("[a.example.com]"), "");
        assert_eq!(rd("a.example.com:80"), "example.com");
        assert_eq!(rd("a.example.com.:80"), "example.com");
        assert_eq!(rd("a..com"), "");
        assert_eq!(rd(""), "");
        assert_eq!(rd(".knology.net"), "knology.net");
        assert_eq!(rd("a...b.example.com"), "example.com");
        assert_eq!(rd("www/au(lkner.com"), "");
        assert_eq!(rd("o+r/inearts.com"), "");
        assert_eq!(rd("@freewebs.com"), "freewebs.com");
        assert_eq!(rd("a@b@x.example.org"), "example.org");
        assert_eq!(rd("//x.example.org"), "example.org");
        assert_eq!(rd("ht-tp://x.example.org"), "example.org");
        assert_eq!(rd("a_b://x.example.org"), "");
        assert_eq!(rd("x.example.org?q"), "example.org");
    }
}
