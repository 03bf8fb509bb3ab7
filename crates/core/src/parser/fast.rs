//! A fast path for inputs that are already (nearly) in serialized form.
//!
//! Most URLs met in practice are absolute `http(s)`/`ws(s)`/`ftp`/`file` URLs the
//! [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer) would write back
//! unchanged. For those, the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser)
//! does a lot of work to conclude "copy the input". [`scan`] checks, in one left-to-right pass
//! over the bytes, that the input is such a URL and records where its components are;
//! [`build`] then copies the input whole into the URL's serialization (one allocation of the
//! exact size). Anything unusual makes [`scan`] return `None`, and the caller runs the full
//! state machine. `tests/fast_path.rs` checks that both give the same result on every WPT
//! input and every corpus line.
//!
//! # What is accepted, and why the state machine's result is the input
//!
//! The input must be `scheme "://" host [":" port] [path] ["?" query] ["#" fragment]` with:
//!
//! - every byte printable ASCII (0x21 to 0x7E): so there is nothing to trim ("remove any
//!   leading and trailing C0 control or space from input"), no ASCII tab or newline to remove,
//!   and no code point that any percent-encode set holds for being non-ASCII or a C0 control
//!   or space;
//! - the scheme one of the special schemes other than `file` followed by `://`, or `file`
//!   followed by `://`. The *scheme start* and *scheme* states lowercase it ("append c,
//!   lowercased, to buffer"), which [`build`] also does. The two U+002F (/) take the
//!   *special authority slashes* (or *special relative or authority*: with a base of the
//!   same scheme "if c is U+002F (/) and remaining starts with U+002F (/)" goes to the same
//!   *special authority ignore slashes* state) and *special authority ignore slashes*
//!   states, or the *file* and *file slash* states, without output; a base therefore makes no
//!   difference;
//! - the host made of ASCII alphanumerics, `-`, `_` and `.` only (no `@`, so the *authority
//!   state* sees no credentials; no `[`, so no IPv6; no `%`, so the host parser's
//!   percent-decoding is the identity); not empty for the non-file schemes (the host state's
//!   "if url is special and buffer is the empty string, host-missing validation error, return
//!   failure"); for `file`, not an ASCII case-insensitive `localhost` (which the *file host
//!   state* turns into the empty host). The host parser's *domain to ASCII* on an ASCII domain
//!   with *beStrict* false is ASCII lowercasing it (done by [`build`]); no label starts with
//!   `xn--` (so no Punycode is involved at all); none of these code points is a forbidden
//!   domain code point; and the last label starts with a non-digit and the host does not end
//!   with `.`, so the *ends in a number checker* returns false (an IPv4 number is ASCII
//!   digits, possibly after `0x`) and the host is a domain;
//! - the port, if any (not for `file`, where the *file host state* would take `:` into the
//!   host and fail), one to five ASCII digits without a leading zero, at most 65535 and not
//!   the scheme's default port: the *port state* then "sets url's port to port" and the
//!   serializer writes it back as it was;
//! - the path either empty (then the *path state*, at EOF, `?` or `#` with an empty buffer,
//!   appends the empty string to the path: the serialization has `/`, which [`build`]
//!   inserts) or starting with `/`, made of bytes not in the path percent-encode set and
//!   not `\` (which a special URL treats as `/`), with no single-dot or double-dot segment
//!   (`.`, `..`, `%2e`, ... which the path state removes) and, for `file`, no first segment
//!   that is a Windows drive letter with `|` (which the path state rewrites to `:`). Each
//!   segment then goes to the path unchanged ("UTF-8 percent-encode c using the path
//!   percent-encode set" is the identity) and the serializer joins them with `/` again;
//!   the host is never null, so the serializer adds no `/.`;
//! - the query made of bytes not in the special-query percent-encode set, and the fragment
//!   of bytes not in the fragment percent-encode set: the *query* and *fragment* states copy
//!   them. (The query's encoding must be UTF-8, which the caller checks; for ASCII input
//!   every output encoding would give the same bytes, but that is not needed.)
//!
//! No validation error is reported here, so the caller only takes this path when its sink
//! does not want errors.

use weburl_host::HostKind;
use weburl_percent::{AsciiSet, FRAGMENT, PATH, SPECIAL_QUERY};

use super::path::{is_double_dot, is_single_dot};
use super::Parser;
use crate::errors::ErrorSink;
use crate::scheme::SchemeType;
use crate::url::Url;

/// A byte that may appear in a path segment unchanged (not `/`, `\`, `?` or `#`, which end it).
const PATH_OK: u8 = 1;
/// A byte the query state copies unchanged for a special URL (not `#`, which ends it).
const QUERY_OK: u8 = 2;
/// A byte the fragment state copies unchanged.
const FRAGMENT_OK: u8 = 4;
/// A byte of a host label already in serialized form: lowercase ASCII alphanumeric, `-`, `_`.
const HOST_OK: u8 = 8;
/// An ASCII upper alpha: allowed in a host, which is then lowercased.
const HOST_UPPER: u8 = 16;
/// An ASCII digit.
const DIGIT: u8 = 32;

/// Whether `b` is printable ASCII and not in `set`.
const fn copied(set: &AsciiSet, b: u8) -> bool {
    b > 0x20 && b < 0x7F && !set.contains(b)
}

/// The byte classes, computed at compile time from the percent-encode sets.
#[allow(clippy::indexing_slicing)] // const evaluation: an out-of-bounds index fails the build.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut c = 0;
        if copied(&PATH, b) && b != b'/' && b != b'\\' {
            c |= PATH_OK;
        }
        if copied(&SPECIAL_QUERY, b) && b != b'#' {
            c |= QUERY_OK;
        }
        if copied(&FRAGMENT, b) {
            c |= FRAGMENT_OK;
        }
        if b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_' {
            c |= HOST_OK;
        }
        if b.is_ascii_digit() {
            c |= DIGIT;
        }
        if b.is_ascii_uppercase() {
            c |= HOST_UPPER;
        }
        t[i] = c;
        i += 1;
    }
    t
};

#[inline(always)]
#[allow(clippy::indexing_slicing)] // a `u8` index into a 256-entry table
fn class(b: u8) -> u8 {
    CLASS[b as usize]
}

/// Where the components of an accepted input are (byte offsets in the input).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    scheme_type: SchemeType,
    scheme_end: usize,
    host_start: usize,
    host_end: usize,
    port: Option<u16>,
    /// Start of the path in the input (where `/` is inserted when the path is empty).
    path_start: usize,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
    /// The path is empty: the serialization has `/` at `path_start`.
    add_slash: bool,
    /// The scheme or host has ASCII upper alphas to lowercase.
    lowercase: bool,
}

/// The first eight bytes of `b` as a little-endian word, zero-padded.
#[inline(always)]
fn first_word(b: &[u8]) -> u64 {
    if let Some(&w) = b.first_chunk::<8>() {
        return u64::from_le_bytes(w);
    }
    // Shorter: byte by byte (a `copy_from_slice` of a variable length calls `memcpy`).
    b.iter().rev().fold(0u64, |w, &x| (w << 8) | u64::from(x))
}

/// `s` (at most eight bytes) as a little-endian word, zero-padded; for the patterns below.
const fn word(s: &[u8]) -> u64 {
    let mut w = 0u64;
    let mut i = s.len();
    while i > 0 {
        i -= 1;
        #[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
        {
            w = (w << 8) | s[i] as u64;
        }
    }
    w
}

/// The mask of the first `n` bytes of a little-endian word.
const fn mask(n: u32) -> u64 {
    if n >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * n)) - 1
    }
}

/// The special schemes with `://`: the pattern, its length, the scheme type and the scheme's
/// length.
static SCHEMES: [(u64, u32, SchemeType, usize); 6] = [
    (word(b"https://"), 8, SchemeType::Https, 5),
    (word(b"http://"), 7, SchemeType::Http, 4),
    (word(b"file://"), 7, SchemeType::File, 4),
    (word(b"wss://"), 6, SchemeType::Wss, 3),
    (word(b"ws://"), 5, SchemeType::Ws, 2),
    (word(b"ftp://"), 6, SchemeType::Ftp, 3),
];

/// Recognizes a special scheme at the start of `b`, followed by `://`: the scheme type, the
/// scheme's length, and whether it has upper-case letters.
///
/// One word compare per scheme: setting bit 5 of every byte (`| 0x20`) lowercases ASCII
/// upper alphas and leaves lowercase letters, `:` and `/` as they are, so the scheme matches
/// case-insensitively. It also maps U+001A to `:` and U+000F to `/`, so the three bytes of
/// `://` are then compared exactly.
#[inline]
fn scheme(b: &[u8]) -> Option<(SchemeType, usize, bool)> {
    let w = first_word(b);
    let folded = w | 0x2020_2020_2020_2020;
    for &(pattern, len, t, scheme_len) in &SCHEMES {
        let m = mask(len);
        if folded & m == pattern {
            if b.get(scheme_len..scheme_len + 3) != Some(b"://") {
                return None;
            }
            return Some((t, scheme_len, w & m != pattern));
        }
    }
    None
}

/// The length of the prefix of `s` whose bytes all have the class bit `bit`.
///
/// Unrolled by four (one loop test per four bytes); each byte still ends the run at once.
#[inline(always)]
fn run(s: &[u8], bit: u8) -> usize {
    let mut i = 0;
    let mut chunks = s.chunks_exact(4);
    for chunk in &mut chunks {
        if let [a, b, c, d] = *chunk {
            if class(a) & bit == 0 {
                return i;
            }
            if class(b) & bit == 0 {
                return i + 1;
            }
            if class(c) & bit == 0 {
                return i + 2;
            }
            if class(d) & bit == 0 {
                return i + 3;
            }
        }
        i += 4;
    }
    for &b in chunks.remainder() {
        if class(b) & bit == 0 {
            return i;
        }
        i += 1;
    }
    i
}

/// Whether the host label `label` starts with an ASCII case-insensitive `xn--`.
#[inline]
fn is_punycode_label(label: &[u8]) -> bool {
    matches!(label, [x, n, b'-', b'-', ..] if x.eq_ignore_ascii_case(&b'x') && n.eq_ignore_ascii_case(&b'n'))
}

/// The authority (`host [":" port]`) at `start`: the host's end, the port, the path's start
/// and whether the host has upper-case letters; `None` unless accepted (see the module
/// documentation).
#[inline]
fn authority(
    b: &[u8],
    start: usize,
    scheme: SchemeType,
) -> Option<(usize, Option<u16>, usize, bool)> {
    let file = scheme.is_file();
    let h = b.get(start..)?;
    let mut upper = false;
    let mut label_start = 0;
    let mut i = 0;
    // One pass over the host: lowercase alphanumerics, `-` and `_` in a tight loop, stopping
    // at each `.` (to check the label), upper-case letter or end of the host.
    let stop = loop {
        i += run(h.get(i..)?, HOST_OK);
        match h.get(i) {
            Some(&c) if class(c) & HOST_UPPER != 0 => {
                upper = true;
                i += 1;
            }
            Some(b'.') => {
                if is_punycode_label(h.get(label_start..i)?) {
                    return None;
                }
                i += 1;
                label_start = i;
            }
            other => break other.copied(),
        }
    };
    let host = h.get(..i)?;
    let last = h.get(label_start..i)?;
    if host.is_empty() {
        // The empty host: only `file` allows it.
        if !file {
            return None;
        }
    } else if is_punycode_label(last)
        // The ends in a number checker: the last label (not empty) starts with a non-digit.
        || last.first().is_none_or(u8::is_ascii_digit)
        || (file && host.eq_ignore_ascii_case(b"localhost"))
    {
        return None;
    }
    let host_end = start + i;
    match stop {
        None | Some(b'/' | b'?' | b'#') => Some((host_end, None, host_end, upper)),
        Some(b':') if !file => {
            let p = h.get(i + 1..)?;
            let len = run(p, DIGIT);
            // At most five digits, no leading zero, at most 65535, not the default port.
            if len == 0 || len > 5 || (len > 1 && p.first() == Some(&b'0')) {
                return None;
            }
            let mut v: u32 = 0;
            for &d in p.get(..len)? {
                v = v * 10 + u32::from(d - b'0');
            }
            let v = u16::try_from(v).ok()?;
            if Some(v) == scheme.default_port() {
                return None;
            }
            match p.get(len) {
                None | Some(b'/' | b'?' | b'#') => {
                    Some((host_end, Some(v), host_end + 1 + len, upper))
                }
                Some(_) => None,
            }
        }
        Some(_) => None,
    }
}

/// Whether the path segment `seg` is a single-dot or double-dot segment.
#[inline]
fn is_dot_segment(seg: &[u8]) -> bool {
    core::str::from_utf8(seg).is_ok_and(|s| is_single_dot(s) || is_double_dot(s))
}

/// The path at `at`: its end and whether it is empty (the serialization then has `/`), or
/// `None` unless accepted (see the module documentation).
#[inline]
fn path(b: &[u8], at: usize, file: bool) -> Option<(usize, bool)> {
    let p = b.get(at..)?;
    if p.first() != Some(&b'/') {
        // The authority ended at `?`, `#` or the end: the path is empty.
        return Some((at, true));
    }
    if file && matches!(p.get(1..3), Some([a, b'|']) if a.is_ascii_alphabetic()) {
        // Possibly a Windows drive letter with `|`, which the path state rewrites.
        return None;
    }
    let mut i = 1;
    loop {
        // At the start of a segment.
        let seg = p.get(i..)?;
        let n = run(seg, PATH_OK);
        if matches!(seg.first(), Some(b'.' | b'%')) && is_dot_segment(seg.get(..n)?) {
            return None;
        }
        i += n;
        match p.get(i) {
            Some(b'/') => i += 1,
            None | Some(b'?' | b'#') => return Some((at + i, false)),
            Some(_) => return None,
        }
    }
}

/// A scheme and authority checked as for the fast path (see the module documentation), at
/// the start of an input whose remainder the fast path does not accept: the full state
/// machine can take over at the *path start state* (see [`Parser::resume_at_path_start`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prefix {
    scheme_type: SchemeType,
    scheme_end: usize,
    host_start: usize,
    host_end: usize,
    port: Option<u16>,
    /// Where the authority ends: at `/`, `?`, `#` or the end of the input.
    path_start: usize,
    /// The scheme or host has ASCII upper alphas to lowercase.
    lowercase: bool,
}

/// A special scheme followed by `://`, recognized as for the fast path at the start of an
/// input whose authority the fast path does not accept: the full state machine can take over
/// at the `:` (see [`Parser::resume_at_scheme_end`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SchemePrefix {
    /// The scheme's length: the offset of its `:`.
    scheme_end: usize,
    /// The scheme has ASCII upper alphas to lowercase.
    lowercase: bool,
}

/// What [`scan`] found.
pub(crate) enum Scan {
    /// The whole input is accepted.
    Accepted(Layout),
    /// Only the scheme and authority are.
    Prefix(Prefix),
    /// Only the scheme (and the `://` after it) is.
    Scheme(SchemePrefix),
    /// Not even the scheme is.
    Rejected,
}

/// The path, query and fragment at `at`: whether the path is empty, where the query and the
/// fragment start; `None` unless accepted (see the module documentation).
#[inline]
fn rest(b: &[u8], at: usize, file: bool) -> Option<(bool, Option<usize>, Option<usize>)> {
    let (mut i, add_slash) = path(b, at, file)?;
    // Query.
    let mut query_start = None;
    if b.get(i) == Some(&b'?') {
        query_start = Some(i);
        i += 1;
        i += run(b.get(i..)?, QUERY_OK);
    }
    // Fragment.
    let mut fragment_start = None;
    match b.get(i) {
        None => {}
        Some(b'#') => {
            fragment_start = Some(i);
            let f = b.get(i + 1..)?;
            if run(f, FRAGMENT_OK) != f.len() {
                return None;
            }
        }
        Some(_) => return None,
    }
    Some((add_slash, query_start, fragment_start))
}

/// Scans `input`: its layout if it is accepted, else its scheme and authority if they are
/// (see the module documentation).
pub(crate) fn scan(input: &str) -> Scan {
    let b = input.as_bytes();
    let Some((scheme_type, scheme_end, scheme_upper)) = scheme(b) else {
        return Scan::Rejected;
    };
    let host_start = scheme_end + 3;
    let Some((host_end, port, path_start, host_upper)) = authority(b, host_start, scheme_type)
    else {
        return Scan::Scheme(SchemePrefix {
            scheme_end,
            lowercase: scheme_upper,
        });
    };
    let lowercase = scheme_upper || host_upper;
    match rest(b, path_start, scheme_type.is_file()) {
        Some((add_slash, query_start, fragment_start)) => Scan::Accepted(Layout {
            scheme_type,
            scheme_end,
            host_start,
            host_end,
            port,
            path_start,
            query_start,
            fragment_start,
            add_slash,
            lowercase,
        }),
        None => Scan::Prefix(Prefix {
            scheme_type,
            scheme_end,
            host_start,
            host_end,
            port,
            path_start,
            lowercase,
        }),
    }
}

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// Writes the scheme and authority of `prefix` (checked on `original`, the input before
    /// preprocessing, at the start of a fresh parser) as the state machine would have, and moves the pointer to
    /// where they end, so that the caller runs the *path start state* from there. `false`
    /// (nothing written) if the processed input does not start with the same bytes.
    ///
    /// The state machine reaches the same point: the *scheme start* and *scheme* states
    /// append the scheme, lowercased, and `:` ("set url's scheme to buffer"); the two `/`
    /// pass through the *special authority slashes* and *special authority ignore slashes*
    /// states (or *file* and *file slash*) with the serializer's `//`; the *authority state*
    /// sees no `@` and hands the host to the *host state* (or *file host state*), which at `/`,
    /// `?`, `#` or the EOF code point "decrease[s] pointer by 1", sets url's host (a domain,
    /// lowercased, or for `file` possibly the empty host) and, with a `:`, goes through the
    /// *port state*, which sets url's port; then "set state to path start state" with the
    /// pointer at that `/`, `?`, `#` or EOF. None of these steps raises a validation error
    /// for such a prefix, nor depends on a base. The prefix has only ASCII alphanumerics and
    /// `.`, `-`, `_`, `:`, `/`: trimming (it starts with an ASCII alpha) and tab/newline
    /// removal leave it alone, which the comparison below confirms.
    pub(crate) fn resume_at_path_start(&mut self, original: &str, prefix: &Prefix) -> bool {
        let p = prefix;
        let Some(head) = self.input.get(..p.path_start) else {
            return false;
        };
        if original.as_bytes().get(..p.path_start) != Some(head.as_bytes())
            || self.pos != 0
            || !self.url.out.is_empty()
        {
            return false;
        }
        let u = &mut self.url;
        u.out.push_str(head);
        if p.lowercase {
            if let Some(s) = u.out.get_mut(..p.host_end) {
                s.make_ascii_lowercase();
            }
        }
        u.scheme_type = p.scheme_type;
        u.scheme_end = p.scheme_end;
        u.username_end = p.host_start;
        u.host_start = p.host_start;
        u.host_end = p.host_end;
        u.port = p.port;
        u.host_kind = Some(if p.host_start == p.host_end {
            HostKind::Empty
        } else {
            HostKind::Domain
        });
        self.pos = p.path_start;
        true
    }
}

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// Writes the scheme of `prefix` (checked on `original`, the input before preprocessing,
    /// at the start of a fresh parser), lowercased, as the *scheme start* and *scheme* states
    /// would have ("append c, lowercased, to buffer"), and runs the scheme state on the `:`
    /// that ends it, which sets url's scheme and returns where the state machine goes on.
    /// `None` (nothing written) if the processed input does not start with the same bytes.
    ///
    /// The scheme is ASCII alphas followed by `:`: trimming (it starts with an ASCII alpha)
    /// and tab/newline removal leave it alone, which the comparison below confirms. No step
    /// of the two states raises a validation error for it, nor depends on a base before the
    /// `:`.
    pub(crate) fn resume_at_scheme_end(
        &mut self,
        original: &str,
        prefix: &SchemePrefix,
    ) -> Option<Result<super::Flow, super::Failure>> {
        let end = prefix.scheme_end;
        let head = self.input.get(..end)?;
        if original.as_bytes().get(..=end) != self.input.as_bytes().get(..=end)
            || self.pos != 0
            || !self.url.out.is_empty()
        {
            return None;
        }
        self.url.out.push_str(head);
        if prefix.lowercase {
            self.url.out.make_ascii_lowercase();
        }
        self.pos = end;
        Some(self.scheme_state(Some(':')))
    }
}

/// The URL for an accepted `input` and its `layout`; `None` if its serialization is longer
/// than `max_len` (or than `u32` offsets allow), which the caller leaves to the full parser.
pub(crate) fn build(input: &str, layout: &Layout, max_len: u32) -> Option<Url> {
    let extra = usize::from(layout.add_slash);
    let len = input.len() + extra;
    if len > max_len as usize {
        return None;
    }
    // Every offset is at most `len`, which is at most `max_len`, a `u32`: the casts below are
    // lossless.
    #[allow(clippy::cast_possible_truncation)]
    let c = |o: usize| o as u32;
    let shift = |o: usize| c(o + extra);
    let mut out = alloc::string::String::with_capacity(len);
    if layout.add_slash {
        let (head, tail) = input.split_at_checked(layout.path_start)?;
        out.push_str(head);
        out.push('/');
        out.push_str(tail);
    } else {
        out.push_str(input);
    }
    if layout.lowercase {
        if let Some(s) = out.get_mut(..layout.host_end) {
            s.make_ascii_lowercase();
        }
    }
    let host_kind = if layout.host_start == layout.host_end {
        HostKind::Empty
    } else {
        HostKind::Domain
    };
    let url = Url {
        scheme_end: c(layout.scheme_end),
        username_end: c(layout.host_start),
        host_start: c(layout.host_start),
        host_end: c(layout.host_end),
        port: layout.port,
        path_start: c(layout.path_start),
        query_start: layout.query_start.map(shift),
        fragment_start: layout.fragment_start.map(shift),
        host_kind: Some(host_kind),
        scheme_type: layout.scheme_type,
        opaque_path: false,
        max_len,
        serialization: out,
    };
    #[cfg(debug_assertions)]
    {
        let check = url.check_invariants();
        debug_assert!(check.is_ok(), "{check:?} in {url:?}");
    }
    Some(url)
}
