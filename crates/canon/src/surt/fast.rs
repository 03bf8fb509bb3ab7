//! The SURT key with the default options in one pass into one output buffer, for the strings
//! where `surt`'s rules reduce to copying, lowercasing, reversing host labels and sorting
//! query arguments and decoding `%XX` once: printable ASCII before the fragment, a scheme, no
//! `%` in the host and none that decodes to `%` (which the general way decodes again), no
//! IPv4-like or bracketed host, no dot or empty path segment (written or decoded), no
//! session-id candidate. Any other string (or any rule that would need more) gives `None`, and
//! [`super::key`] takes it the general way; both ways give the same key (the differential test
//! runs every input through this).
//!
//! Each part is scanned once by a plain loop (the strings are short: a library search's setup
//! would cost more than the scan), and everything written after the scheme is lowercased in
//! one pass at the end.

use super::split::scheme_len;

/// At most this many query arguments are sorted here (more: the general way).
const MAX_ARGS: usize = 16;

/// Printable ASCII.
fn plain(b: u8) -> bool {
    b.wrapping_sub(0x21) < 0x7f - 0x21
}

/// Whether the general way writes a decoded byte escaped again (controls, space, `#`, `%`,
/// DEL and non-ASCII: `escape::C0_SPACE_HASH_PERCENT`).
fn escaped(b: u8) -> bool {
    b <= b' ' || b == b'#' || b == b'%' || b >= 0x7f
}

/// `part` percent-decoded once as the general way decodes it (then escapes again), appended
/// to `out`: a `%XX` whose byte is escaped again stays as written (its hex is lowercased with
/// the rest), any other is the byte itself. `None` (the general way) for a `%` that starts no
/// `%XX`, a decoded `%` (decoded again there) or a decoded byte of `forbidden` (one that would
/// change the part's structure: a path's `/` and `.`, a query's `&` and `=`, `(`).
fn push_decoded(out: &mut String, part: &str, forbidden: &[u8]) -> Option<()> {
    let bytes = part.as_bytes();
    let mut copied = 0;
    let mut at = 0;
    while let Some(offset) = bytes.get(at..)?.iter().position(|&b| b == b'%') {
        let start = at + offset;
        let hex = |i: usize| char::from(*bytes.get(i)?).to_digit(16);
        let byte = u8::try_from(hex(start + 1)? * 16 + hex(start + 2)?).ok()?;
        if byte == b'%' || forbidden.contains(&byte) {
            return None;
        }
        out.push_str(part.get(copied..start)?);
        if escaped(byte) {
            out.push_str(part.get(start..start + 3)?);
        } else {
            out.push(char::from(byte));
        }
        at = start + 3;
        copied = at;
    }
    out.push_str(part.get(copied..)?);
    Some(())
}

/// The default-options key of `input`, or `None` when it needs the general way.
pub(super) fn key(input: &str) -> Option<String> {
    // Up to the fragment (dropped whatever it holds), every byte plain: a branch-free fold
    // the compiler vectorizes.
    let s = match input.find('#') {
        Some(i) => input.as_bytes().get(..i)?,
        None => input.as_bytes(),
    };
    if !s.iter().fold(true, |ok, &b| ok & plain(b)) {
        return None;
    }
    if s.starts_with(b"filedesc") {
        return None;
    }
    let scheme_end = scheme_len(s)?;
    let scheme = s.get(..scheme_end)?;
    if scheme == b"dns" {
        return None;
    }
    // A run of `http://` / `https://` prefixes: the general way cuts it.
    let is_http_prefix = |r: &[u8]| r.starts_with(b"http://") || r.starts_with(b"https://");
    if is_http_prefix(s) {
        let after = s.get(if s.get(4) == Some(&b's') { 8 } else { 7 }..)?;
        if is_http_prefix(after) {
            return None;
        }
    }
    let mut at = scheme_end + 1;

    // The netloc: its last `@`, the first `:` after it, up to `/` or `?`.
    let mut host = 0..0;
    let mut port: Option<u16> = None;
    if s.get(at..at + 2) == Some(b"//") {
        at += 2;
        let mut host_start = at;
        let mut colon = None;
        while let Some(&b) = s.get(at) {
            match b {
                b'/' | b'?' => break,
                b'@' => {
                    host_start = at + 1;
                    colon = None;
                }
                b':' if colon.is_none() => colon = Some(at),
                b'[' | b'%' => return None,
                _ => {}
            }
            at += 1;
        }
        // Trailing `:`s are cut from the netloc first.
        let mut netloc_end = at;
        while netloc_end > host_start && s.get(netloc_end - 1) == Some(&b':') {
            netloc_end -= 1;
        }
        let name_end = match colon {
            Some(c) if c < netloc_end => {
                let digits = s.get(c + 1..netloc_end)?;
                if digits.len() > 5 {
                    return None;
                }
                let mut v = 0u32;
                for &d in digits {
                    if !d.is_ascii_digit() {
                        return None;
                    }
                    v = v * 10 + u32::from(d - b'0');
                }
                let v = u16::try_from(v).ok()?;
                let default = if scheme.eq_ignore_ascii_case(b"http") {
                    80
                } else if scheme.eq_ignore_ascii_case(b"https") {
                    443
                } else {
                    0
                };
                port = (v != 0 && v != default).then_some(v);
                c
            }
            _ => netloc_end,
        };
        host = host_start..name_end.max(host_start);
    }
    let path_start = at;
    // The path: up to `?`.
    let after_netloc = s.get(path_start..)?;
    let (path, query) = match after_netloc.iter().position(|&b| b == b'?') {
        Some(i) => (after_netloc.get(..i)?, after_netloc.get(i + 1..)?),
        None => (after_netloc, &b""[..]),
    };
    // Whether it has `//` or a segment starting with `.` (then checked whole), or `(` (a
    // possible ASP.NET session segment): branch-free folds over the bytes and their pairs.
    let odd_path = path
        .iter()
        .zip(path.iter().skip(1))
        .fold(false, |odd, (&a, &b)| {
            odd | ((a == b'/') & ((b == b'/') | (b == b'.')))
        });
    if path.iter().fold(false, |p, &b| p | (b == b'(')) {
        return None;
    }
    let raw_host = s.get(host.clone())?;
    // The general way's host after extra slashes (`http:/x/`, `http:///x/`).
    if raw_host.is_empty() && scheme.starts_with(b"http") && !path.is_empty() {
        return None;
    }
    let host = canonical_host(raw_host)?;

    // Every part is a slice of `s`, itself the start of `input`: the same bytes as a `str`
    // (ASCII, so at char boundaries), without validating them again.
    let text = |part: &[u8]| -> &str {
        let at = (part.as_ptr() as usize).wrapping_sub(s.as_ptr() as usize);
        input.get(at..at + part.len()).unwrap_or_default()
    };
    let mut out = String::with_capacity(s.len() + 2);
    let lower_from;
    if host.is_empty() {
        // `scheme:` (as written) then the path as it is (no dot segments without a host).
        out.push_str(text(scheme));
        out.push(':');
        lower_from = out.len();
        push_decoded(&mut out, text(strip_trailing_slash(path)), b"/.(")?;
        if path.is_empty() && !query.is_empty() {
            out.push('/');
        }
    } else {
        lower_from = 0;
        push_reversed(&mut out, text(host));
        if let Some(port) = port {
            push_port(&mut out, port);
        }
        out.push(')');
        if path.is_empty() {
            out.push('/');
        } else {
            if odd_path && !plain_segments(path) {
                return None;
            }
            push_decoded(&mut out, text(strip_trailing_slash(path)), b"/.(")?;
        }
    }
    if !query.is_empty() {
        let query = text(query);
        if query.contains('%') {
            let mut decoded = String::with_capacity(query.len());
            push_decoded(&mut decoded, query, b"&=")?;
            push_sorted_query(&mut out, &decoded)?;
        } else {
            push_sorted_query(&mut out, query)?;
        }
    }
    out.get_mut(lower_from..)?.make_ascii_lowercase();
    Some(out)
}

/// The host as the general way leaves it (dots trimmed, `www` or `www` + digits + `.` cut; not
/// yet lowercased), or `None` for one with `..` or one that might be an IPv4 address (all
/// digits and dots): the general way reads those.
fn canonical_host(host: &[u8]) -> Option<&[u8]> {
    // `..` anywhere (a branch-free fold over the pairs).
    let dots = host
        .iter()
        .zip(host.iter().skip(1))
        .fold(false, |d, (&a, &b)| d | ((a == b'.') & (b == b'.')));
    if dots {
        return None;
    }
    let mut host = host;
    while let [b'.', rest @ ..] = host {
        host = rest;
    }
    while let [rest @ .., b'.'] = host {
        host = rest;
    }
    // All digits and dots: read as an IPv4 address the general way (only a host ending in a
    // digit can be one).
    if host.last().is_some_and(u8::is_ascii_digit)
        && host.iter().all(|&b| b.is_ascii_digit() || b == b'.')
    {
        return None;
    }
    // `www` + digits + `.`, any case (the general way lowercases first).
    if host.len() > 3
        && host
            .get(..3)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"www"))
    {
        let digits = host
            .get(3..)
            .map_or(0, |r| r.iter().take_while(|b| b.is_ascii_digit()).count());
        if host.get(3 + digits) == Some(&b'.') {
            return host.get(4 + digits..);
        }
    }
    Some(host)
}

/// Whether every segment of `path` (after its first `/`) is non-empty (but the last) and
/// neither `.` nor `..`: then `surt`'s path normalization leaves it as it is.
fn plain_segments(path: &[u8]) -> bool {
    let Some(rest) = path.strip_prefix(b"/") else {
        return false;
    };
    let mut segments = rest.split(|&b| b == b'/').peekable();
    while let Some(seg) = segments.next() {
        let last = segments.peek().is_none();
        if (seg.is_empty() && !last) || seg == b"." || seg == b".." {
            return false;
        }
    }
    true
}

fn strip_trailing_slash(path: &[u8]) -> &[u8] {
    match path {
        [init @ .., b'/'] if !init.is_empty() => init,
        _ => path,
    }
}

/// The host's labels in reverse order, joined by `,`.
fn push_reversed(out: &mut String, host: &str) {
    let mut end = host.len();
    for (i, &b) in host.as_bytes().iter().enumerate().rev() {
        if b == b'.' {
            out.push_str(host.get(i + 1..end).unwrap_or_default());
            out.push(',');
            end = i;
        }
    }
    out.push_str(host.get(..end).unwrap_or_default());
}

fn push_port(out: &mut String, port: u16) {
    out.push(':');
    let mut digits = [0u8; 5];
    let mut n = port;
    let mut i = digits.len();
    while i > 0 {
        i -= 1;
        if let Some(d) = digits.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in digits.get(i..).unwrap_or_default() {
        out.push(char::from(d));
    }
}

/// Whether `q` holds, in any case, `sid=` (also ending `phpsessid=`), `sessionid` (in
/// `jsessionid=`, `aspsessionid...`) or `cfid=`: the session-id arguments the general way
/// strips could start there.
fn session_candidate(q: &[u8]) -> bool {
    let ends_at = |i: usize, needle: &[u8]| {
        i + 1 >= needle.len()
            && q.get(i + 1 - needle.len()..=i)
                .is_some_and(|w| w.eq_ignore_ascii_case(needle))
    };
    q.iter().enumerate().any(|(i, &b)| {
        (b | 0x20) == b'd'
            && (ends_at(i, b"sessionid") || ends_at(i + 1, b"sid=") || ends_at(i + 1, b"cfid="))
    })
}

/// `?` and the query's arguments sorted as the general way sorts them once lowercased (by
/// name, then an argument without `=` before one with, then by value); `None` for a query
/// with a session-id candidate or more than [`MAX_ARGS`] arguments.
fn push_sorted_query(out: &mut String, query: &str) -> Option<()> {
    if session_candidate(query.as_bytes()) {
        return None;
    }
    out.push('?');
    if !query.contains('&') {
        // One argument: nothing to sort.
        out.push_str(query);
        return Some(());
    }
    // (start, end of name, end) of each argument in `query`.
    let mut args = [(0u32, 0u32, 0u32); MAX_ARGS];
    let mut n = 0;
    let mut start = 0u32;
    let mut name_end = None;
    // Offsets fit: a longer query goes the general way.
    let len = u32::try_from(query.len()).ok()?;
    for (i, &b) in (0..=len).zip(query.as_bytes().iter().chain(core::iter::once(&b'&'))) {
        match b {
            b'&' => {
                *args.get_mut(n)? = (start, name_end.unwrap_or(i), i);
                n += 1;
                start = i + 1;
                name_end = None;
            }
            b'=' if name_end.is_none() => name_end = Some(i),
            _ => {}
        }
    }
    let args = args.get_mut(..n)?;
    let part = |a: u32, b: u32| {
        query
            .as_bytes()
            .get(a as usize..b as usize)
            .unwrap_or_default()
    };
    let cmp_ci = |x: &[u8], y: &[u8]| {
        x.iter()
            .map(u8::to_ascii_lowercase)
            .cmp(y.iter().map(u8::to_ascii_lowercase))
    };
    args.sort_unstable_by(|&(s1, n1, e1), &(s2, n2, e2)| {
        cmp_ci(part(s1, n1), part(s2, n2)).then_with(|| match (n1 == e1, n2 == e2) {
            // No `=` sorts first.
            (true, true) => core::cmp::Ordering::Equal,
            (true, false) => core::cmp::Ordering::Less,
            (false, true) => core::cmp::Ordering::Greater,
            (false, false) => cmp_ci(part(n1 + 1, e1), part(n2 + 1, e2)),
        })
    });
    for (i, &(s, _, e)) in args.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(query.get(s as usize..e as usize).unwrap_or_default());
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::super::{general, Options};

    /// Where this way gives a key, the general way gives the same.
    #[test]
    fn same_as_general() {
        let inputs = [
            "http://www.Example.com/A/b/?b=2&a=1&A=0#f",
            "https://www12.example.com:443/x/",
            "http://example.com:8080",
            "http://example.com:0/",
            "HTTPS://EXAMPLE.COM/?",
            "http://user:pw@example.com:81/x?y",
            "file://node.gypi",
            "file:///Users/A/x.js/",
            "node:url",
            "mailto:?to=x",
            "ftp://a.b.c/d.e/f?=&=1&a&a=",
            "http://example.com./a",
            "http://.example.com/a",
            "http://www./a",
            "http://a/b/c/./d",
            "http://a/b//c",
            "http://a/(S(0123456789abcdefghijklmn))/x.aspx",
            "http://a/?jsessionid=0123456789abcdef0123456789abcdef",
            "http://a/?x=1&sid=0123456789abcdef0123456789abcdef",
            "http://1.2.3.4/",
            "http://[::1]/",
            "http://http://example.com/",
            "http:/example.com/a",
            "http://a.com:99999/",
            "http://a.com:00080/",
            "dns:www.example.com",
            "http://a/?b&a&c=1&c",
            "file://tools/node_modules/%40types/x",
            "http://a/%7Euser/%41b/%c4%97/%20x%23/?q=%41&b=%c4%97&a=%20",
            "http://a/%2Fb",
            "http://a/%2e%2e/b",
            "http://a/%28S(x)",
            "http://a/?a%3D1&b",
            "http://a/?a%261&b",
            "http://a/%2541",
            "http://a/%zz",
            "http://a/x%",
            "http://a/x%4",
            "http://%41.com/",
            "node:%41b",
            "http://a/?x=%73id=0123456789abcdef0123456789abcdef",
        ];
        let o = Options::default();
        let mut fast = 0;
        for input in inputs {
            if let Some(k) = super::key(input) {
                fast += 1;
                assert_eq!(Ok(k), general(input, &o), "{input:?}");
            }
        }
        assert!(fast >= 18, "{fast} inputs took this way");
    }
}
