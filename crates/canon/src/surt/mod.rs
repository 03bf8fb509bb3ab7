//! SURT keys as the [`surt`](https://pypi.org/project/surt/) Python package (0.3.1) makes them
//! (Internet Archive; itself a port of webarchive-commons' `org.archive.url`): the Google-style
//! canonicalizer then the IA canonicalizer, then the host reversed (`com,example)`) before the
//! path and query. Every option of `surt.surt(url, **options)` is here.
//!
//! Written from the package's documentation and observed behaviour (it is AGPL-3.0; nothing
//! of it is copied). Departures, each tested in `tests/tables.rs`:
//! - A non-ASCII host label is converted to ASCII as Python's IDNA 2003 codec does (ASCII
//!   labels as they are, ASCII punctuation kept, `ß` to `ss`), with the URL Standard's
//!   domain to ASCII (UTS 46) standing in for nameprep: they can differ on code points
//!   whose mapping changed after Unicode 3.2 (none does in the differential test).
//! - A dotted host that `surt` hands to the system resolver (`gethostbyname`) is read as
//!   `inet_aton` reads it (glibc's behaviour: decimal and octal parts, the last part filling
//!   the remaining bytes); one that is no address stays a name, never looked up.
//! - `public_suffix`: `surt` 0.3.1 raises `TypeError` for every URL with a host under Python 3
//!   (it hands `tldextract` the host as `bytes`); the option here does what its code means to:
//!   the host replaced by the registered domain `tldextract` gives for it (see
//!   `public_suffix.rs`: ICANN section, no implicit rule, weburl's compiled list), and a host
//!   with none keyed as a URL without a host (`http://localhost/x` gives `http:/x`). The
//!   differential test checks it against the package with that one call given a `str`.
//! - Where `surt` raises (a port that is not a number from 0 to 65535; a string with no
//!   scheme after trimming), [`surt`] returns an [`Error`].
//!
//! A string is read as `surt` reads it (an RFC 2396-style split, not the URL Standard's
//! parser) since its keys must match byte for byte. A parsed [`Url`](weburl::Url) is keyed by
//! its serialization: the URL Standard's parse (percent-encoding, IDNA, IPv4 forms,
//! dot-segments) comes first, so `surt(&url)` can differ from `surt(url.href())` only where
//! the two parsers disagree, which the caller chose by parsing.

mod fast;
mod public_suffix;
mod session;
mod split;

use weburl::percent::percent_encode_bytes_into;

use crate::escape::{inet_aton, push_ipv4, C0_SPACE_HASH_PERCENT};
use crate::Input;
use session::{strip_path_session_id, strip_query_session_id};

/// Why `surt` gives no key (where the `surt` package raises an exception).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The port is not a number from 0 to 65535 (`surt` raises `ValueError`).
    Port,
    /// The string is only whitespace (`surt` raises `AttributeError`).
    NoScheme,
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Error::Port => "the port is not a number from 0 to 65535",
            Error::NoScheme => "the URL is empty after trimming whitespace",
        })
    }
}

impl std::error::Error for Error {}

/// The options of `surt.surt()`, named as its keyword arguments; [`Options::default`] is its
/// defaults (a SURT key without the scheme).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub struct Options {
    /// `surt`: the host reversed and closed by `)`; `false` gives the canonical URL.
    pub surt: bool,
    /// `with_scheme`: start with `scheme://(` (or `scheme:` when there is no host).
    pub with_scheme: bool,
    /// `trailing_comma`: `com,example,)`.
    pub trailing_comma: bool,
    /// `reverse_ipaddr`: reverse a dotted IPv4 host too.
    pub reverse_ipaddr: bool,
    /// `host_lowercase`.
    pub host_lowercase: bool,
    /// `host_massage`: strip a leading `www.` or `www` + digits + `.`.
    pub host_massage: bool,
    /// `port_strip_default`: drop `:80` on `http` and `:443` on `https`.
    pub port_strip_default: bool,
    /// `path_strip_empty`: drop a path that is only `/`.
    pub path_strip_empty: bool,
    /// `path_lowercase`.
    pub path_lowercase: bool,
    /// `path_strip_session_id`: ASP.NET's `/(S(...))/` and `/(...)/` session segments.
    pub path_strip_session_id: bool,
    /// `path_strip_trailing_slash_unless_empty`.
    pub path_strip_trailing_slash_unless_empty: bool,
    /// `query_lowercase`.
    pub query_lowercase: bool,
    /// `query_strip_session_id`: `jsessionid`, `phpsessid`, `sid`, `ASPSESSIONID...`,
    /// `cfid`/`cftoken` arguments.
    pub query_strip_session_id: bool,
    /// `query_strip_empty`: drop a `?` with an empty query.
    pub query_strip_empty: bool,
    /// `query_alpha_reorder`: sort the query's arguments.
    pub query_alpha_reorder: bool,
    /// `public_suffix`: the host replaced by its registered domain (the Public Suffix List's
    /// ICANN section, as `tldextract` gives it to `surt`); a host without one is dropped.
    pub public_suffix: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            surt: true,
            with_scheme: false,
            trailing_comma: false,
            reverse_ipaddr: true,
            host_lowercase: true,
            host_massage: true,
            port_strip_default: true,
            path_strip_empty: false,
            path_lowercase: true,
            path_strip_session_id: true,
            path_strip_trailing_slash_unless_empty: true,
            query_lowercase: true,
            query_strip_session_id: true,
            query_strip_empty: true,
            query_alpha_reorder: true,
            public_suffix: false,
        }
    }
}

/// The SURT key of `input` with `surt`'s default options.
///
/// ```
/// assert_eq!(
///     weburl_canon::surt::surt("http://archive.org/goo/?a=2&b&a=1").unwrap(),
///     "org,archive)/goo?a=1&a=2&b"
/// );
/// let url = weburl::Url::parse("https://www.Example.com:443/A/?b=1&a=2#top").unwrap();
/// assert_eq!(weburl_canon::surt::surt(&url).unwrap(), "com,example)/a?a=2&b=1");
/// ```
pub fn surt<'a>(input: impl Into<Input<'a>>) -> Result<String, Error> {
    let input = input.into();
    let input = input.as_str();
    // The default options' one pass (`fast.rs`), or every rule in turn.
    match fast::key(input) {
        Some(key) => Ok(key),
        None => key_by_rules(input, &Options::default()),
    }
}

/// The SURT key (or, with `surt: false`, the canonical URL) of `input` with `options`.
///
/// ```
/// use weburl_canon::surt::{surt_with, Options};
/// let o = Options { trailing_comma: true, with_scheme: true, ..Options::default() };
/// assert_eq!(surt_with("http://archive.org/goo/", &o).unwrap(), "http://(org,archive,)/goo");
/// let o = Options { surt: false, ..Options::default() };
/// assert_eq!(surt_with("http://www.archive.org/goo/", &o).unwrap(), "archive.org/goo");
/// ```
pub fn surt_with<'a>(input: impl Into<Input<'a>>, options: &Options) -> Result<String, Error> {
    key(input.into().as_str(), options)
}

/// The default options' key by every rule in turn, never by the one pass: what [`surt`] gives
/// (the fuzz target compares the two). Not for users: behind the `__test-hooks` feature.
#[cfg(feature = "__test-hooks")]
#[doc(hidden)]
pub fn surt_by_rules(input: &str) -> Result<String, Error> {
    key_by_rules(input, &Options::default())
}

fn key(input: &str, o: &Options) -> Result<String, Error> {
    if *o == Options::default() {
        if let Some(key) = fast::key(input) {
            return Ok(key);
        }
    }
    key_by_rules(input, o)
}

/// The key of a string [`fast::key`] does not take (or of any string with other options).
fn key_by_rules(input: &str, o: &Options) -> Result<String, Error> {
    if input.is_empty() {
        return Ok("-".to_owned());
    }
    if input.starts_with("filedesc") {
        return Ok(input.to_owned());
    }
    general(input, o)
}

/// The key by every rule in turn (the way [`fast::key`] falls back to).
fn general(input: &str, o: &Options) -> Result<String, Error> {
    let prepared = split::prepare(input);
    let parts = split::split(&prepared)?;
    let scheme = parts.scheme;

    // The Google-style canonicalizer: host, path, query.
    let mut host = String::new();
    if !parts.host.is_empty() {
        canonical_host(parts.host, &mut host);
    }
    let mut path = String::new();
    let path_present = match parts.path {
        Some(p) => {
            let raw = crate::escape::unescape_repeatedly(p.to_vec());
            if host.is_empty() {
                percent_encode_bytes_into(&raw, &C0_SPACE_HASH_PERCENT, false, &mut path);
            } else {
                percent_encode_bytes_into(
                    &normalize_path(&raw),
                    &C0_SPACE_HASH_PERCENT,
                    false,
                    &mut path,
                );
            }
            true
        }
        None if !host.is_empty() => {
            path.push('/');
            true
        }
        None => false,
    };
    let mut query: Option<String> = parts.query.map(|q| {
        let mut out = String::with_capacity(q.len());
        percent_encode_bytes_into(
            &crate::escape::unescape_repeatedly(q.to_vec()),
            &C0_SPACE_HASH_PERCENT,
            false,
            &mut out,
        );
        out
    });

    // The IA canonicalizer.
    if o.host_lowercase {
        host.make_ascii_lowercase();
    }
    if o.host_massage && !host.is_empty() && scheme != b"dns" {
        let digits = host
            .as_bytes()
            .get(3..)
            .map_or(0, |r| r.iter().take_while(|b| b.is_ascii_digit()).count());
        if host.starts_with("www") && host.as_bytes().get(3 + digits) == Some(&b'.') {
            host.drain(..4 + digits);
        }
    }
    let mut port = parts.port;
    if o.port_strip_default && port.is_some() && port == default_port(scheme) {
        port = None;
    }
    let mut path: Option<String> = path_present.then_some(path);
    if o.path_strip_empty && path.as_deref() == Some("/") {
        path = None;
    } else if let Some(p) = path.as_mut().filter(|p| !p.is_empty()) {
        if o.path_lowercase {
            p.make_ascii_lowercase();
        }
        if o.path_strip_session_id {
            strip_path_session_id(p);
        }
        if o.path_strip_empty && p == "/" {
            path = None;
        } else if o.path_strip_trailing_slash_unless_empty && p.len() > 1 && p.ends_with('/') {
            p.pop();
        }
    }
    let mut last_question_mark = parts.last_question_mark;
    match query.as_mut() {
        Some(q) if !q.is_empty() => {
            if o.query_strip_session_id {
                strip_query_session_id(q);
            }
            if o.query_lowercase {
                q.make_ascii_lowercase();
            }
            if o.query_alpha_reorder {
                alpha_reorder(q);
            }
            if q.is_empty() && o.query_strip_empty {
                query = None;
            }
        }
        _ => {
            if o.query_strip_empty {
                last_question_mark = false;
            }
        }
    }

    if o.public_suffix && !host.is_empty() {
        let domain = public_suffix::registered_domain(&host);
        host.truncate(domain.end);
        host.drain(..domain.start);
    }

    // The serialization.
    let scheme = String::from_utf8_lossy(scheme);
    let mut out = String::with_capacity(
        scheme.len()
            + host.len()
            + path.as_ref().map_or(0, String::len)
            + 16
            + query.as_ref().map_or(0, String::len),
    );
    let has_host = !host.is_empty();
    if o.with_scheme {
        out.push_str(&scheme);
        out.push(':');
        if has_host {
            if scheme != "dns" {
                out.push_str("//");
            }
            if o.surt {
                out.push('(');
            }
        }
    } else if !has_host {
        out.push_str(&scheme);
        out.push(':');
    }
    if has_host {
        if o.surt {
            push_reversed_host(&mut out, &host, o.reverse_ipaddr);
        } else {
            out.push_str(&host);
        }
        if let Some(port) = port {
            out.push(':');
            out.push_str(&port.to_string());
        }
        if o.surt {
            if o.trailing_comma {
                out.push(',');
            }
            out.push(')');
        }
    }
    match path.as_deref() {
        Some(p) if !p.is_empty() => out.push_str(p),
        _ if query.is_some() => out.push('/'),
        _ => {}
    }
    if let Some(q) = &query {
        out.push('?');
        out.push_str(q);
    }
    if last_question_mark {
        out.push('?');
    }
    Ok(out)
}

/// The port `port_strip_default` drops for `scheme` (any case): 80 for `http`, 443 for
/// `https`.
fn default_port(scheme: &[u8]) -> Option<u16> {
    if scheme.eq_ignore_ascii_case(b"http") {
        Some(80)
    } else if scheme.eq_ignore_ascii_case(b"https") {
        Some(443)
    } else {
        None
    }
}

/// The host as the Google-style canonicalizer leaves it, appended to `out`.
fn canonical_host(raw: &[u8], out: &mut String) {
    let mut host = crate::escape::unescape_repeatedly(raw.to_vec());
    if !host.is_ascii() {
        let text = String::from_utf8_lossy(&host).replace('\u{FFFD}', "");
        if let Some(ascii) = idna_2003_like(&text) {
            host = ascii.into_bytes();
        }
    }
    // `..` replaced by `.` (one pass, non-overlapping), then dots trimmed.
    let mut collapsed = Vec::with_capacity(host.len());
    let mut i = 0;
    while let Some(&b) = host.get(i) {
        if b == b'.' && host.get(i + 1) == Some(&b'.') {
            collapsed.push(b'.');
            i += 2;
        } else {
            collapsed.push(b);
            i += 1;
        }
    }
    let start = collapsed
        .iter()
        .position(|&b| b != b'.')
        .unwrap_or(collapsed.len());
    let end = collapsed
        .iter()
        .rposition(|&b| b != b'.')
        .map_or(start, |e| e + 1);
    let host = collapsed.get(start..end).unwrap_or_default();
    if let Some(addr) = ip_formats(host) {
        push_ipv4(out, addr);
    } else {
        percent_encode_bytes_into(
            &host.to_ascii_lowercase(),
            &C0_SPACE_HASH_PERCENT,
            false,
            out,
        );
    }
}

/// A host to ASCII label by label, as Python's `idna` codec (IDNA 2003, without the STD3
/// rules) does: ASCII labels kept as they are (1 to 63 bytes), other labels mapped (`ß` to
/// `ss`, `ς` to `σ`, the code points nameprep maps to nothing removed) then converted by the
/// URL Standard's domain to ASCII (UTS 46), which stands in for nameprep; `None` where a
/// label fails, as the codec raises.
fn idna_2003_like(host: &str) -> Option<String> {
    let mut labels: Vec<&str> = host
        .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .collect();
    let trailing_dot = labels.len() > 1 && labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let mut out = String::with_capacity(host.len() + 8);
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.is_ascii() {
            if label.is_empty() || label.len() > 63 {
                return None;
            }
            out.push_str(label);
            continue;
        }
        let mut mapped = String::with_capacity(label.len() + 2);
        for c in label.chars() {
            match c {
                'ß' | 'ẞ' => mapped.push_str("ss"),
                'ς' => mapped.push('σ'),
                '\u{AD}'
                | '\u{34F}'
                | '\u{1806}'
                | '\u{180B}'..='\u{180D}'
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}' => {}
                c => mapped.push(c),
            }
        }
        if mapped.is_ascii() {
            // Nameprep left only ASCII: no Punycode, lowercased by its case folding.
            if mapped.is_empty() || mapped.len() > 63 {
                return None;
            }
            out.push_str(&mapped.to_ascii_lowercase());
            continue;
        }
        // Without the STD3 rules IDNA 2003 keeps ASCII punctuation and controls that the URL
        // Standard forbids in a domain: each is replaced by a letter for the conversion, then
        // put back in Punycode's basic part (a label's ASCII, in order, after mapping). Which
        // basic letters were placeholders shows by converting with two different letters.
        let forbidden = |c: char| c.is_ascii() && !c.is_ascii_alphanumeric() && c != '-';
        let with = |letter: char| -> String {
            mapped
                .chars()
                .map(|c| if forbidden(c) { letter } else { c })
                .collect()
        };
        let (with_a, with_b) = (with('a'), with('b'));
        let ascii = weburl::host::domain_to_ascii(&with_a, false, &mut ()).ok()?;
        let basic_a: Vec<u8> = weburl::host::domain_to_unicode(&with_a)
            .bytes()
            .filter(u8::is_ascii)
            .collect();
        let basic_b: Vec<u8> = weburl::host::domain_to_unicode(&with_b)
            .bytes()
            .filter(u8::is_ascii)
            .collect();
        let mut originals = mapped.chars().filter(|&c| forbidden(c));
        let mut kept = Vec::with_capacity(basic_a.len());
        if basic_a.len() != basic_b.len() {
            return None;
        }
        for (&a, &b) in basic_a.iter().zip(&basic_b) {
            if a == b {
                kept.push(a);
            } else {
                let c = originals.next()?;
                kept.push(u8::try_from(c).ok()?);
            }
        }
        let encoded = ascii.strip_prefix("xn--")?;
        let basic_len = encoded.rfind('-').unwrap_or(0);
        if basic_len != kept.len() || ascii.len() > 63 || ascii.contains('.') {
            return None;
        }
        out.push_str("xn--");
        out.push_str(&String::from_utf8_lossy(&kept));
        out.push_str(encoded.get(basic_len..).unwrap_or_default());
    }
    if trailing_dot {
        out.push('.');
    }
    Some(out)
}

/// `surt`'s IPv4 forms: all digits (taken modulo 2^32), or a dotted decimal (first part not
/// starting with `0`) or dotted octal (first part starting with `0`) address of one to four
/// parts, read as `inet_aton` reads it.
fn ip_formats(host: &[u8]) -> Option<u32> {
    if host.is_empty() {
        return None;
    }
    if host.iter().all(u8::is_ascii_digit) {
        let v = host
            .iter()
            .fold(0u64, |v, &d| (v * 10 + u64::from(d - b'0')) & 0xffff_ffff);
        return u32::try_from(v).ok();
    }
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    let first = parts.first()?;
    let decimal = matches!(first.first(), Some(b'1'..=b'9'))
        && first.iter().all(u8::is_ascii_digit)
        && parts
            .iter()
            .skip(1)
            .all(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit));
    let octal = first.first() == Some(&b'0')
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.iter().all(|b| (b'0'..=b'7').contains(b)));
    if parts.len() > 4 || !(decimal || octal) {
        return None;
    }
    inet_aton(host, false)
}

/// `surt`'s path normalization: `.` segments dropped, `..` pops a segment (kept when there is
/// none to pop), empty segments dropped except the last; always starts with `/`.
fn normalize_path(path: &[u8]) -> Vec<u8> {
    if path.is_empty() {
        return b"/".to_vec();
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for seg in path.split(|&b| b == b'/').skip(1) {
        match seg {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(seg);
                }
            }
            _ => kept.push(seg),
        }
    }
    let mut out = Vec::with_capacity(path.len());
    out.push(b'/');
    if let Some((last, init)) = kept.split_last() {
        for seg in init.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(seg);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    out
}

fn push_reversed_host(out: &mut String, host: &str, reverse_ipaddr: bool) {
    if !reverse_ipaddr && is_dotted_quad(host.as_bytes()) {
        out.push_str(host);
        return;
    }
    for (i, label) in host.rsplit('.').enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(label);
    }
}

/// `(\d{1,3}\.){3}\d{1,3}` at the start of `host`, to its end.
fn is_dotted_quad(host: &[u8]) -> bool {
    let mut parts = 0;
    for p in host.split(|&b| b == b'.') {
        parts += 1;
        if p.is_empty() || p.len() > 3 || !p.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    parts == 4
}

/// `surt`'s query sort: arguments split on `&`, each split on its first `=`, sorted by name
/// then by value (an argument without `=` before one with), joined again.
fn alpha_reorder(query: &mut String) {
    if query.len() <= 1 {
        return;
    }
    let mut args: Vec<(&str, Option<&str>)> = query
        .split('&')
        .map(|a| match a.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (a, None),
        })
        .collect();
    args.sort_unstable();
    let mut out = String::with_capacity(query.len());
    for (i, (k, v)) in args.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(k);
        if let Some(v) = v {
            out.push('=');
            out.push_str(v);
        }
    }
    *query = out;
}
