//! Google Safe Browsing's URL canonicalization, lookup expressions and hashes, from Google's
//! ["URLs and Hashing"](https://developers.google.com/safe-browsing/v4/urls-hashing) (Update
//! API v4) and the v5 reference (`/safe-browsing/reference/URLs.and.Hashing`), which adds
//! bracketed IPv6 hosts (compressed, and IPv4-mapped `::ffff:a.b.c.d` and NAT64
//! `64:ff9b::a.b.c.d` hosts turned into IPv4). Yandex Safe Browsing and Google Web Risk use
//! the same rules.
//!
//! The steps, in Google's order: leading and trailing spaces trimmed; tab, CR and LF removed;
//! the fragment removed; the URL percent-unescaped until nothing more unescapes; `http://`
//! added when there is no scheme; an IDN host converted to Punycode (the URL Standard's
//! domain to ASCII), then its leading and trailing dots removed, runs of dots made one, an
//! IPv4 address in any `inet_aton` form (decimal, octal, hex, fewer than four parts) written
//! as four decimals, a bracketed IPv6 address compressed, the host lowercased; user info and port dropped; the path's `.` and `..`
//! segments resolved and runs of `/` made one (not in the query); then every byte at or below
//! space, at or above DEL, `#` and `%` percent-escaped with uppercase hex.
//!
//! Departure: a string is Rust `str`, so a raw non-UTF-8 byte (Google's table writes
//! `http://\x01\x80.com/`) can only be given percent-escaped (`http://%01%80.com/`), which
//! canonicalizes the same.

use sha2::{Digest, Sha256};
use weburl::percent::percent_encode_bytes_into;

use crate::escape::{inet_aton, push_ipv4, C0_SPACE_HASH_PERCENT};
use crate::Input;

/// Why a URL has no Safe Browsing canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// No host (`/path`, `http:///path`, an empty string).
    NoHost,
    /// A scheme whose URLs have no `//` authority (`mailto:`, `javascript:`, `data:`).
    NotHierarchical,
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Error::NoHost => "the URL has no host",
            Error::NotHierarchical => "the URL's scheme has no host (no \"//\" after it)",
        })
    }
}

impl std::error::Error for Error {}

/// A canonical URL's parts.
struct Canonical {
    /// `scheme://`
    scheme_len: usize,
    /// The end of the host.
    host_end: usize,
    /// The end of the path (the start of `?query` if any).
    path_end: usize,
    /// Whether the host is an IP address.
    ip: bool,
    text: String,
}

/// The Safe Browsing canonical form of `input`.
///
/// ```
/// use weburl_canon::safe_browsing::canonicalize;
/// assert_eq!(canonicalize("http://3279880203/blah").unwrap(), "http://195.127.0.11/blah");
/// assert_eq!(canonicalize("www.google.com").unwrap(), "http://www.google.com/");
/// assert!(canonicalize("mailto:someone@example.com").is_err());
/// ```
pub fn canonicalize<'a>(input: impl Into<Input<'a>>) -> Result<String, Error> {
    canonical(input.into().as_str()).map(|c| c.text)
}

fn is_scheme(s: &[u8]) -> bool {
    s.first().is_some_and(u8::is_ascii_alphabetic)
        && s.iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

fn canonical(input: &str) -> Result<Canonical, Error> {
    let trimmed = input.trim_matches(|c: char| c == ' ' || c.is_ascii_whitespace());
    let mut bytes: Vec<u8> = trimmed
        .bytes()
        .filter(|b| !matches!(b, b'\t' | b'\r' | b'\n'))
        .collect();
    if let Some(hash) = bytes.iter().position(|&b| b == b'#') {
        bytes.truncate(hash);
    }
    let url = crate::escape::unescape_repeatedly(bytes);
    // The scheme: `scheme://`, or `http` when there is none.
    let (scheme, rest) = match find(&url, b"://") {
        Some(i) if url.get(..i).is_some_and(is_scheme) => (
            url.get(..i).unwrap_or_default().to_ascii_lowercase(),
            url.get(i + 3..).unwrap_or_default(),
        ),
        _ => {
            let colon = url.iter().position(|&b| b == b':');
            if let Some(c) = colon {
                let before = url.get(..c).unwrap_or_default();
                let next = url.get(c + 1);
                if is_scheme(before) && !next.is_some_and(u8::is_ascii_digit) {
                    return Err(Error::NotHierarchical);
                }
            }
            (b"http".to_vec(), url.as_slice())
        }
    };
    let authority_end = rest
        .iter()
        .position(|&b| b == b'/' || b == b'?')
        .unwrap_or(rest.len());
    let authority = rest.get(..authority_end).unwrap_or_default();
    let after = rest.get(authority_end..).unwrap_or_default();
    let (path, query) = match after.iter().position(|&b| b == b'?') {
        Some(q) => (after.get(..q).unwrap_or_default(), after.get(q + 1..)),
        None => (after, None),
    };
    let hostport = match authority.iter().rposition(|&b| b == b'@') {
        Some(at) => authority.get(at + 1..).unwrap_or_default(),
        None => authority,
    };
    let mut text = String::with_capacity(url.len() + 8);
    text.push_str(&String::from_utf8_lossy(&scheme));
    text.push_str("://");
    let scheme_len = text.len();
    let ip = push_host(&mut text, hostport);
    if text.len() == scheme_len {
        return Err(Error::NoHost);
    }
    let host_end = text.len();
    push_path(&mut text, path);
    let path_end = text.len();
    if let Some(q) = query {
        text.push('?');
        percent_encode_bytes_into(q, &C0_SPACE_HASH_PERCENT, false, &mut text);
    }
    Ok(Canonical {
        scheme_len,
        host_end,
        path_end,
        ip,
        text,
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Appends the canonical host of `hostport`; returns whether it is an IP address.
fn push_host(out: &mut String, hostport: &[u8]) -> bool {
    if let Some(inner) = hostport.strip_prefix(b"[") {
        let end = inner.iter().position(|&b| b == b']').unwrap_or(inner.len());
        let addr = inner.get(..end).unwrap_or_default();
        if let Some(v6) = std::str::from_utf8(addr)
            .ok()
            .and_then(|s| s.parse::<std::net::Ipv6Addr>().ok())
        {
            let [a, b, c, d, e, f, _, _] = v6.segments();
            let low = v6.octets();
            let v4 = |o: [u8; 16]| u32::from_be_bytes([o[12], o[13], o[14], o[15]]);
            if (a, b, c, d, e, f) == (0, 0, 0, 0, 0, 0xffff)
                || (a, b, c, d, e, f) == (0x64, 0xff9b, 0, 0, 0, 0)
            {
                push_ipv4(out, v4(low));
            } else {
                out.push('[');
                out.push_str(&v6.to_string());
                out.push(']');
            }
            return true;
        }
        // Not an address: read as a name below, brackets and all.
    }
    // The port, and anything after a `:` that is not one, is dropped.
    let host = match hostport.iter().position(|&b| b == b':') {
        Some(c) => hostport.get(..c).unwrap_or_default(),
        None => hostport,
    };
    // An IDN host to Punycode first: its mapping can make ASCII dots and digits (full-width
    // ones), which the dot and IPv4 rules then see.
    let idn;
    let host = match std::str::from_utf8(host) {
        Ok(s) if !s.is_ascii() => match weburl::host::domain_to_ascii(s, false, &mut ()) {
            Ok(ascii) => {
                idn = ascii.into_owned();
                idn.as_bytes()
            }
            Err(_) => host,
        },
        _ => host,
    };
    // Dots: trimmed, runs made one.
    let mut name: Vec<u8> = Vec::with_capacity(host.len());
    for &b in host {
        if b == b'.' && (name.is_empty() || name.last() == Some(&b'.')) {
            continue;
        }
        name.push(b);
    }
    if name.last() == Some(&b'.') {
        name.pop();
    }
    if let Some(addr) = inet_aton(&name, true) {
        push_ipv4(out, addr);
        return true;
    }
    name.make_ascii_lowercase();
    percent_encode_bytes_into(&name, &C0_SPACE_HASH_PERCENT, false, out);
    false
}

/// Appends the canonical path: `/` when empty; `.` and `..` resolved; runs of `/` made one;
/// a trailing `/` kept (and added after a final `.` or `..`).
fn push_path(out: &mut String, path: &[u8]) {
    let mut segments: Vec<&[u8]> = Vec::new();
    let mut trailing = true;
    for seg in path.split(|&b| b == b'/') {
        match seg {
            b"" => {}
            b"." => trailing = true,
            b".." => {
                segments.pop();
                trailing = true;
            }
            _ => {
                segments.push(seg);
                trailing = false;
            }
        }
    }
    if path.last() == Some(&b'/') {
        trailing = true;
    }
    out.push('/');
    for (i, seg) in segments.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        percent_encode_bytes_into(seg, &C0_SPACE_HASH_PERCENT, false, out);
    }
    if trailing && !segments.is_empty() {
        out.push('/');
    }
}

/// The lookup expressions of `input`'s canonical form, in Google's order: for each host
/// suffix (the exact host, then at most four suffixes of the last five labels, longest first,
/// never the top-level domain alone; only the exact host for an IP address), the path with
/// its query, the path without it, then the root and up to three directories below it.
///
/// ```
/// use weburl_canon::safe_browsing::expressions;
/// assert_eq!(
///     expressions("http://a.b.c/1/2.html?param=1").unwrap(),
///     [
///         "a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
///         "b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/",
///     ]
/// );
/// ```
pub fn expressions<'a>(input: impl Into<Input<'a>>) -> Result<Vec<String>, Error> {
    let c = canonical(input.into().as_str())?;
    let host = c.text.get(c.scheme_len..c.host_end).unwrap_or_default();
    let path = c.text.get(c.host_end..c.path_end).unwrap_or("/");
    let full = c.text.get(c.host_end..).unwrap_or("/");

    let mut hosts: Vec<&str> = vec![host];
    if !c.ip {
        let dots: Vec<usize> = host.match_indices('.').map(|(i, _)| i).collect();
        // The suffixes of k = 5 down to 2 labels: each starts after the k-th dot from the end.
        for k in (2..=5usize).rev() {
            if let Some(&d) = dots.len().checked_sub(k).and_then(|i| dots.get(i)) {
                let suffix = host.get(d + 1..).unwrap_or_default();
                if suffix != host && !hosts.contains(&suffix) {
                    hosts.push(suffix);
                }
            }
        }
    }

    let mut paths: Vec<&str> = vec![full];
    if path != full {
        paths.push(path);
    }
    let mut prefix_ends: Vec<usize> = vec![1];
    for (i, _) in path.match_indices('/').skip(1).take(3) {
        prefix_ends.push(i + 1);
    }
    for end in prefix_ends {
        let p = path.get(..end).unwrap_or("/");
        if !paths.contains(&p) {
            paths.push(p);
        }
    }

    let mut out = Vec::with_capacity(hosts.len() * paths.len());
    for h in &hosts {
        for p in &paths {
            let mut e = String::with_capacity(h.len() + p.len());
            e.push_str(h);
            e.push_str(p);
            out.push(e);
        }
    }
    Ok(out)
}

/// The SHA-256 hash of one expression.
pub fn hash(expression: &str) -> [u8; 32] {
    Sha256::digest(expression.as_bytes()).into()
}

/// The full SHA-256 hashes of `input`'s [`expressions`], in their order.
pub fn hashes<'a>(input: impl Into<Input<'a>>) -> Result<Vec<[u8; 32]>, Error> {
    Ok(expressions(input)?.iter().map(|e| hash(e)).collect())
}

/// The 4-byte hash prefixes of `input`'s [`expressions`], in their order.
///
/// ```
/// use weburl_canon::safe_browsing::hash_prefixes;
/// // One expression, "a.b/", whose SHA-256 starts 2e c5 fb b0.
/// assert_eq!(hash_prefixes("http://a.b/").unwrap(), [[0x2e, 0xc5, 0xfb, 0xb0]]);
/// ```
pub fn hash_prefixes<'a>(input: impl Into<Input<'a>>) -> Result<Vec<[u8; 4]>, Error> {
    Ok(hashes(input)?
        .iter()
        .map(|h| [h[0], h[1], h[2], h[3]])
        .collect())
}
