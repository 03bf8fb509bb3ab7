//! The semantic rules on each part of a parsed URL: repeated percent-decoding and urlcanon's
//! "less dumb" re-encoding, the host's dots, the path's dot segments and slashes, the sorted
//! query.

use weburl::host::{ends_in_a_number, parse_host_into};
use weburl::percent::{percent_encode_bytes_into, AsciiSet};
use weburl::{HostKind, Url};

use crate::escape::{unescape_repeatedly, C0_SPACE_HASH_PERCENT};

/// urlcanon's `LESS_DUMB_PATH_ENCODE_RE`: controls, space, `#`, `%`, `?`, non-ASCII.
const PATH: AsciiSet = C0_SPACE_HASH_PERCENT.add(b'?');
/// urlcanon's `LESS_DUMB_QUERY_ENCODE_RE`, for a query key or value: also `&` and `=`.
const QUERY: AsciiSet = C0_SPACE_HASH_PERCENT.add(b'&').add(b'=');
/// An opaque host's: urlcanon's Google set and the URL Standard's forbidden host code points,
/// so that what is decoded stays in the host.
const OPAQUE_HOST: AsciiSet = C0_SPACE_HASH_PERCENT
    .add(b'/')
    .add(b':')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'@')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'|');

/// `s` percent-decoded until nothing more decodes, into `scratch`.
fn decode_into(s: &str, scratch: &mut Vec<u8>) {
    let mut buf = std::mem::take(scratch);
    buf.clear();
    buf.extend_from_slice(s.as_bytes());
    *scratch = unescape_repeatedly(buf);
}

/// Appends `s` decoded repeatedly and re-encoded with `set`.
pub(super) fn push_recoded(out: &mut String, s: &str, set: &AsciiSet, scratch: &mut Vec<u8>) {
    if s.contains('%') {
        decode_into(s, scratch);
        percent_encode_bytes_into(scratch, set, false, out);
    } else {
        percent_encode_bytes_into(s.as_bytes(), set, false, out);
    }
}

/// Appends `host` with its leading and trailing dots dropped and each run of dots made one
/// (urlcanon's `fix_host_dots`); `false` (nothing appended) when nothing would be left.
fn push_fixed_dots(out: &mut String, host: &str) -> bool {
    let trimmed = host.trim_matches('.');
    if trimmed.is_empty() {
        return false;
    }
    let mut dot = false;
    for c in trimmed.chars() {
        if c == '.' {
            if !dot {
                out.push('.');
            }
            dot = true;
        } else {
            out.push(c);
            dot = false;
        }
    }
    true
}

/// The length of a `www.` prefix (`^www\d*\.`), if `host` has one.
fn www_prefix(host: &str) -> Option<usize> {
    let rest = host.strip_prefix("www")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    rest.as_bytes()
        .get(digits)
        .is_some_and(|&b| b == b'.')
        .then_some(3 + digits + 1)
}

/// Appends the URL's host under the semantic rules (and the aggressive ones: no `www.`);
/// returns its kind.
pub(super) fn push_host(
    out: &mut String,
    url: &Url,
    aggressive: bool,
    scratch: &mut Vec<u8>,
) -> Option<HostKind> {
    let host = url.hostname();
    let start = out.len();
    let mut kind = url.host_kind();
    match kind {
        Some(HostKind::Domain) => {
            if !push_fixed_dots(out, host) {
                out.push_str(host);
            }
        }
        Some(HostKind::Opaque) => {
            let mut recoded = String::new();
            push_recoded(&mut recoded, host, &OPAQUE_HOST, scratch);
            if !push_fixed_dots(out, &recoded) {
                out.push_str(&recoded);
            }
        }
        _ => out.push_str(host),
    }
    if aggressive && matches!(kind, Some(HostKind::Domain | HostKind::Opaque)) {
        // Every `www.` prefix (urlcanon strips one per pass), measured first and removed at
        // once: removing them one by one moved the rest each time, quadratic on `www.` × k
        // (found in review).
        let mut n = 0;
        while let Some(k) = out.get(start + n..).and_then(www_prefix) {
            n += k;
        }
        out.replace_range(start..start + n, "");
    }
    // A domain whose dots are fixed may end in a number (`0x7f.1..`): the URL Standard reads
    // it as an IPv4 address next time, so it is read so now; if it is none, the domain stays
    // as it was.
    if kind == Some(HostKind::Domain) && out.get(start..).is_some_and(ends_in_a_number) {
        let fixed = out.split_off(start);
        match parse_host_into(&fixed, false, out, &mut ()) {
            Ok(k) => kind = Some(k),
            Err(_) => {
                out.truncate(start);
                out.push_str(host);
            }
        }
    }
    // The URL Standard writes a `file:` URL's `localhost` as the empty host.
    if url.scheme() == "file" && out.get(start..) == Some("localhost") {
        out.truncate(start);
        kind = Some(HostKind::Empty);
    }
    kind
}

/// Whether a path segment is `.` or `..` (urlcanon's `PATH_DOTS_REGEX`, on decoded bytes).
fn dots(segment: &[u8]) -> Option<bool> {
    match segment {
        b"." => Some(false),
        b".." => Some(true),
        _ => None,
    }
}

/// Appends `path` (starting with `/`) with its `.` and `..` segments resolved as urlcanon's
/// `resolve_path_dots` does: a `..` pops the segment before it and its slash, and the slash
/// after a dot segment goes with it.
fn push_resolved(out: &mut Vec<u8>, path: &[u8]) {
    // The path as separators and segments, alternately, each a range of `path`.
    let mut kept: Vec<&[u8]> = Vec::new();
    let mut tokens = Vec::new();
    for (i, segment) in path.split(|&b| b == b'/').enumerate() {
        if i > 0 {
            tokens.push(&b"/"[..]);
            tokens.push(segment);
        }
    }
    let mut i = 0;
    while let Some(&token) = tokens.get(i) {
        match dots(token) {
            Some(double) => {
                if double {
                    for _ in 0..2 {
                        if kept.len() > 1 {
                            kept.pop();
                        }
                    }
                }
                i += 1;
            }
            None => kept.push(token),
        }
        i += 1;
    }
    for token in kept {
        out.extend_from_slice(token);
    }
}

/// Appends the URL's path under the semantic rules: decoded, backslashes made slashes and a
/// leading slash added (special URLs), dot segments resolved, runs of slashes made one
/// (special URLs), re-encoded.
pub(super) fn push_path(out: &mut String, url: &Url, special: bool, scratch: &mut Vec<u8>) {
    let p = url.pathname();
    // Nothing to decode, no run of slashes: the parser has resolved the dot segments and made
    // the backslashes slashes already, so only the re-encoding is left.
    let slashes = special && p.contains("//");
    if !p.contains('%') && !slashes && url.scheme() != "file" {
        percent_encode_bytes_into(p.as_bytes(), &PATH, false, out);
        return;
    }
    decode_into(p, scratch);
    let mut path = std::mem::take(scratch);
    if special {
        for b in path.iter_mut() {
            if *b == b'\\' {
                *b = b'/';
            }
        }
        if path.first() != Some(&b'/') {
            path.insert(0, b'/');
        }
    }
    let mut resolved = Vec::with_capacity(path.len());
    if path.first() == Some(&b'/') {
        push_resolved(&mut resolved, &path);
    } else {
        resolved.extend_from_slice(&path);
    }
    if special {
        resolved.dedup_by(|a, b| *a == b'/' && *b == b'/');
    }
    // The URL Standard reads a `file:` path's `C|` as the drive letter `C:`.
    if url.scheme() == "file" {
        if let [b'/', letter, bar @ b'|', rest @ ..] = &mut resolved[..] {
            if letter.is_ascii_alphabetic() && matches!(rest.first(), None | Some(b'/')) {
                *bar = b':';
            }
        }
    }
    percent_encode_bytes_into(&resolved, &PATH, false, out);
    *scratch = path;
}

/// Appends a query under the semantic rules: each key and value decoded and re-encoded, the
/// `&`-separated parts sorted (when there are any).
pub(super) fn push_query(out: &mut String, query: &str, scratch: &mut Vec<u8>) {
    let start = out.len();
    for (i, part) in query.split('&').enumerate() {
        if i > 0 {
            out.push('&');
        }
        match part.split_once('=') {
            Some((k, v)) => {
                push_recoded(out, k, &QUERY, scratch);
                out.push('=');
                push_recoded(out, v, &QUERY, scratch);
            }
            None => push_recoded(out, part, &QUERY, scratch),
        }
    }
    sort_parts(out, start);
}

/// Sorts the `&`-separated parts of `out[start..]` (byte order, as urlcanon's
/// `alpha_reorder_query`).
pub(super) fn sort_parts(out: &mut String, start: usize) {
    let Some(tail) = out.get(start..) else {
        return;
    };
    if !tail.contains('&') {
        return;
    }
    let tail = out.split_off(start);
    let mut parts: Vec<&str> = tail.split('&').collect();
    parts.sort_unstable();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(part);
    }
}

#[cfg(test)]
mod tests {
    use super::www_prefix;

    #[test]
    fn www_prefix_lengths() {
        assert_eq!(www_prefix("www.example.com"), Some(4));
        assert_eq!(www_prefix("www12.example.com"), Some(6));
        assert_eq!(www_prefix("wwwx.example.com"), None);
        assert_eq!(www_prefix("www"), None);
    }

    #[test]
    fn every_www_prefix_stripped() {
        let url = crate::urlcanon::aggressive("http://www.www2.WWW.wwwx.example.com/").unwrap();
        assert_eq!(url, "http://wwwx.example.com/");
    }

    /// Found in review: the prefixes were removed one by one, quadratic (minutes) on this.
    #[test]
    fn many_www_prefixes() {
        let input = format!("http://{}example.com/", "www.".repeat(200_000));
        assert_eq!(
            crate::urlcanon::aggressive(input.as_str()).unwrap(),
            "http://example.com/"
        );
    }
}
