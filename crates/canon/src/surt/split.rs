//! The `surt` package's reading of a URL string: not the URL Standard's parser but an
//! RFC 2396-style split (scheme, `//authority`, path, `?query`, `#fragment`), with its repairs
//! (a default `http://`, repeated `http://` prefixes, hosts after extra slashes). Written from
//! the package's documented and observed behaviour.

use super::Error;

/// A URL as `surt` reads it, before canonicalization.
#[derive(Debug, Default)]
pub(super) struct Parts<'a> {
    pub scheme: &'a [u8],
    /// The host name (not lowercased here); empty when absent.
    pub host: &'a [u8],
    pub port: Option<u16>,
    /// The path, `None` when empty.
    pub path: Option<Path<'a>>,
    pub query: Option<&'a [u8]>,
    /// Whether the string ended in a `?` that starts no query.
    pub last_question_mark: bool,
}

/// A path, either a slice of the input or `/` followed by a slice.
#[derive(Debug, Clone, Copy)]
pub(super) enum Path<'a> {
    Slice(&'a [u8]),
    SlashThen(&'a [u8]),
}

impl Path<'_> {
    pub fn to_vec(self) -> Vec<u8> {
        match self {
            Path::Slice(s) => s.to_vec(),
            Path::SlashThen(s) => {
                let mut v = Vec::with_capacity(s.len() + 1);
                v.push(b'/');
                v.extend_from_slice(s);
                v
            }
        }
    }
}

fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// The length of a leading `scheme:` (without the colon), if there is one.
pub(super) fn scheme_len(s: &[u8]) -> Option<usize> {
    if !s.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = s.iter().take_while(|&&b| is_scheme_char(b)).count();
    (s.get(n) == Some(&b':')).then_some(n)
}

/// Python's `bytes.strip()`: ASCII whitespace including `\x0b`.
fn is_py_space(b: &u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Prepares the string: ASCII whitespace trimmed, tab/CR/LF removed anywhere, `http://` added
/// when there is no scheme, and a run of `http://` / `https://` prefixes cut to its last.
pub(super) fn prepare(input: &str) -> Vec<u8> {
    let bytes = input.as_bytes();
    let start = bytes
        .iter()
        .position(|b| !is_py_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !is_py_space(b))
        .map_or(start, |i| i + 1);
    let trimmed = bytes.get(start..end).unwrap_or_default();
    let mut out = Vec::with_capacity(trimmed.len() + 7);
    out.extend(
        trimmed
            .iter()
            .copied()
            .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r')),
    );
    if scheme_len(&out).is_none() && !out.is_empty() {
        out.splice(0..0, *b"http://");
    }
    // ^(https?://)+ replaced by its last repetition.
    let mut at = 0;
    let mut last = None;
    loop {
        let rest = out.get(at..).unwrap_or_default();
        let n = if rest.starts_with(b"http://") {
            7
        } else if rest.starts_with(b"https://") {
            8
        } else {
            break;
        };
        last = Some(at);
        at += n;
    }
    if let Some(last) = last {
        out.drain(..last);
    }
    out
}

fn before(s: &[u8], i: usize) -> &[u8] {
    s.get(..i).unwrap_or_default()
}

fn after(s: &[u8], i: usize) -> &[u8] {
    s.get(i..).unwrap_or_default()
}

/// Splits the prepared string.
pub(super) fn split(url: &[u8]) -> Result<Parts<'_>, Error> {
    let mut parts = Parts::default();
    let n = scheme_len(url).ok_or(Error::NoScheme)?;
    let scheme = before(url, n);
    let rest = after(url, n + 1);
    parts.scheme = scheme;
    let before_hash = match rest.iter().position(|&b| b == b'#') {
        Some(i) => before(rest, i),
        None => rest,
    };
    let (netloc, tail) = match before_hash.strip_prefix(b"//") {
        Some(r) => {
            let end = r
                .iter()
                .position(|&b| b == b'/' || b == b'?')
                .unwrap_or(r.len());
            (Some(before(r, end)), after(r, end))
        }
        None => (None, before_hash),
    };
    let (path, query) = match tail.iter().position(|&b| b == b'?') {
        Some(i) => (before(tail, i), after(tail, i + 1)),
        None => (tail, &b""[..]),
    };
    parts.query = (!query.is_empty()).then_some(query);
    parts.last_question_mark = url.last() == Some(&b'?') && parts.query.is_none();
    let mut host: &[u8] = b"";
    if let Some(mut netloc) = netloc {
        while let [rest @ .., b':'] = netloc {
            netloc = rest;
        }
        let hostinfo = match netloc.iter().rposition(|&b| b == b'@') {
            Some(i) => after(netloc, i + 1),
            None => netloc,
        };
        let (name, port) = match hostinfo.iter().position(|&b| b == b'[') {
            Some(i) => {
                let bracketed = after(hostinfo, i + 1);
                match bracketed.iter().position(|&b| b == b']') {
                    Some(j) => {
                        let rest = after(bracketed, j + 1);
                        let port = match rest.iter().position(|&b| b == b':') {
                            Some(k) => after(rest, k + 1),
                            None => &b""[..],
                        };
                        (before(bracketed, j), port)
                    }
                    None => (bracketed, &b""[..]),
                }
            }
            None => match hostinfo.iter().position(|&b| b == b':') {
                Some(k) => (before(hostinfo, k), after(hostinfo, k + 1)),
                None => (hostinfo, &b""[..]),
            },
        };
        if !port.is_empty() {
            if !port.iter().all(u8::is_ascii_digit) {
                return Err(Error::Port);
            }
            let v = port.iter().fold(0u32, |v, &d| {
                v.saturating_mul(10).saturating_add(u32::from(d - b'0'))
            });
            let v = u16::try_from(v).map_err(|_| Error::Port)?;
            parts.port = (v != 0).then_some(v);
        }
        host = name;
    }
    parts.path = (!path.is_empty()).then_some(Path::Slice(path));
    if host.is_empty() && scheme.starts_with(b"http") && !path.is_empty() {
        let mut p = path;
        while let [b'/', rest @ ..] = p {
            p = rest;
        }
        let (h, rest) = match p.iter().position(|&b| b == b'/') {
            Some(i) => (before(p, i), after(p, i + 1)),
            None => (p, &b""[..]),
        };
        host = h;
        parts.path = Some(Path::SlashThen(rest));
    }
    parts.host = host;
    Ok(parts)
}
