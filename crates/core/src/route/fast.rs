//! A fast path for inputs that are already (nearly) in serialized form.
//!
//! Most URLs met in practice are absolute `http(s)`/`ws(s)`/`ftp`/`file` URLs the
//! [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer) would write back
//! unchanged. For those, the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser)
//! does a lot of work to conclude "copy the input". [`scan`] checks, in one left-to-right pass
//! over the bytes, that the input is such a URL and records where its components are; the
//! caller (`crate::route::resume::accepted`) then copies the input whole into the URL's serialization
//! (one allocation of the exact size). It is a pure scanner: anything unusual makes [`scan`]
//! say how far the input was accepted (its scheme and authority, its scheme, or nothing), and
//! the caller runs the full state machine from there (`crate::route::resume::Resume`).
//! `tests/fast_path.rs` checks that both give the same result on every WPT input and every
//! corpus line.
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
//!   lowercased, to buffer"), which the copy also does. The two U+002F (/) take the
//!   *special authority slashes* (or *special relative or authority*: with a base of the
//!   same scheme "if c is U+002F (/) and remaining starts with U+002F (/)" goes to the same
//!   *special authority ignore slashes* state) and *special authority ignore slashes*
//!   states, or the *file* and *file slash* states, without output; a base therefore makes no
//!   difference;
//! - the host made of ASCII lower alphas, ASCII digits, `-`, `_` and `.` only (no `@`, so the
//!   *authority state* sees no credentials; no `[`, so no IPv6; no `%`, so the host parser's
//!   percent-decoding is the identity); not empty for the non-file schemes (the host state's
//!   "if url is special and buffer is the empty string, host-missing validation error, return
//!   failure"); for `file`, not `localhost` (which the *file host state* turns into the empty
//!   host). The host parser's *domain to ASCII* on an ASCII domain with *beStrict* false is
//!   ASCII lowercasing it, which leaves such a host as it is (a host with ASCII upper alphas
//!   is left to the state machine: they are rare, and looking for them cost every other URL
//!   a few instructions; `docs/performance.md`); no label starts with `xn--` (so no Punycode
//!   is involved at all); none of these code points is a forbidden domain code point; and the
//!   last label starts with a non-digit and the host does not end with `.`, so the *ends in a
//!   number checker* returns false (an IPv4 number is ASCII digits, possibly after `0x`) and
//!   the host is a domain. Or else the host is an IPv4
//!   address as the IPv4 serializer writes it (four decimal numbers from 0 to 255, no
//!   leading zeros): it ends in a number, the *IPv4 parser* reads it without a validation
//!   error, and its serialization is the host as it was (see [`is_serialized_ipv4`]);
//! - the port, if any (not for `file`, where the *file host state* would take `:` into the
//!   host and fail), one to five ASCII digits without a leading zero, at most 65535 and not
//!   the scheme's default port: the *port state* then "sets url's port to port" and the
//!   serializer writes it back as it was;
//! - the path either empty (then the *path state*, at EOF, `?` or `#` with an empty buffer,
//!   appends the empty string to the path: the serialization has `/`, which the copy
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
//!
//! # How the bytes are checked
//!
//! The scheme is compared as one `u64` word. The host, path, query and fragment are then
//! each checked a block of 16 or 32 bytes at a time, without a branch per byte: a
//! [`Block`](weburl_bytes::Block) gives, for a byte class defined from the percent-encode sets, the mask of
//! its bytes in (or not in) it, one bit per byte (on x86-64 AVX2 or SSSE3, whichever
//! the CPU has best, see [`weburl_bytes::block`], and with neither no fast path at all, the
//! state machine instead; on other targets table lookups; an input of one to two blocks is one
//! window, a [`weburl_bytes::Pair`] of its first and last blocks, and on AVX2 one of 16 to 31
//! bytes one padded block, a [`weburl_bytes::Short`]). A
//! component ends at the first byte of its mask of bytes that end it (found with
//! `trailing_zeros`, see [`weburl_bytes::scan_blocks`]), and only then is that byte looked at, so
//! each component costs one data-dependent branch, not one per byte, per label or per
//! segment. The rarer checks are found from masks too and only then done byte by byte: a host
//! label that starts with `xn--` has a `--`, a single-dot or double-dot path segment starts
//! with `.` or `%` right after a `/`, and the last label (for the ends in a number checker)
//! starts after the last `.` of the host's blocks' masks of `.`.

use core::hint::select_unpredictable;

use weburl_host::HostKind;

use crate::scheme::SchemeType;
use crate::state_machine::{is_double_dot, is_single_dot};
#[cfg(feature = "__test-hooks")]
pub(crate) use weburl_bytes::each;
use weburl_bytes::swar::{first_word, mask, splat, word};
#[cfg(any(test, feature = "__test-hooks"))]
use weburl_bytes::WithClassifier;
use weburl_bytes::{before, Block, Mask, Step, Window};
pub(crate) use weburl_bytes::{pick, Classifier, Picked};

/// Where the components of an accepted input are (byte offsets in the input): its scheme and
/// authority, and what follows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// The scheme and authority; its `path_start` is where `/` is inserted when the path is
    /// empty.
    pub(crate) head: Prefix,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
    /// The path is empty: the serialization has `/` at `path_start`.
    pub(crate) add_slash: bool,
}

/// A special scheme recognized at the start of an input, followed by `://` ([`scheme`]).
#[derive(Clone, Copy)]
struct SchemeMatch {
    scheme_type: SchemeType,
    /// The scheme's length: the offset of its `:`.
    end: usize,
    /// The scheme has ASCII upper alphas.
    upper: bool,
}

/// Recognizes a special scheme at the start of `b`, followed by `://`.
///
/// One word compare per scheme: setting bit 5 of the scheme's bytes (`| 0x20`) lowercases
/// ASCII upper alphas and leaves lowercase letters as they are, so the scheme matches
/// case-insensitively (no other byte with bit 5 set matches a letter of the pattern), and the
/// `://` after it is compared exactly, in the same compare.
#[inline]
fn scheme(b: &[u8]) -> Option<SchemeMatch> {
    let w = first_word(b);
    // The first `len` bytes folded, the pattern's `len + 3` bytes compared.
    let is = |pattern: &[u8]| {
        let len = pattern.len() - 3;
        let folded = w | (splat(0x20) & mask(len));
        (folded & mask(pattern.len()) == word(pattern)).then_some(folded != w)
    };
    // `http` and `https` without a branch between them: a corpus mixes the two, and which one
    // an input has is a branch the CPU guesses wrong often (the most mispredicted one of
    // can_parse on userbait: docs/performance.md, "Figures from weburl-core's comments"). The
    // fifth byte picks the pattern (`s` or `S`: `https://`, else `http://`, whose fifth byte,
    // `:`, must not be folded) by arithmetic, so that one compare and one branch remain.
    let s = u64::from(((w >> 32) & 0xFF) | 0x20 == u64::from(b's'));
    let all = s.wrapping_neg();
    let folded = w | (splat(0x20) & mask(4)) | (s << 37);
    let pattern = word(b"http://") ^ (all & (word(b"https://") ^ word(b"http://")));
    if folded & (mask(7) | all) == pattern {
        let https = s != 0;
        let t = select_unpredictable(https, SchemeType::Https, SchemeType::Http);
        return Some(SchemeMatch {
            scheme_type: t,
            end: 4 + usize::from(https),
            upper: folded != w,
        });
    }
    let (scheme_type, end, upper) = if let Some(upper) = is(b"file://") {
        (SchemeType::File, 4, upper)
    } else if let Some(upper) = is(b"wss://") {
        (SchemeType::Wss, 3, upper)
    } else if let Some(upper) = is(b"ws://") {
        (SchemeType::Ws, 2, upper)
    } else if let Some(upper) = is(b"ftp://") {
        (SchemeType::Ftp, 3, upper)
    } else {
        return None;
    };
    Some(SchemeMatch {
        scheme_type,
        end,
        upper,
    })
}

/// Whether a label of the host `host` starts with an ASCII case-insensitive `xn--` (its
/// letters are lower-case, see [`host_run`]; the compare by case measured no cheaper: the
/// cold path's code moves the hot path's).
// Cold (rare, and out of line): the scan's vector registers are then saved around the call
// only where it is made, not on the way past it (docs/performance.md, "Figures from
// weburl-core's comments").
#[cold]
fn has_punycode_label(host: &[u8]) -> bool {
    host.split(|&c| c == b'.').any(|label| {
        matches!(label, [x, n, b'-', b'-', ..] if x.eq_ignore_ascii_case(&b'x') && n.eq_ignore_ascii_case(&b'n'))
    })
}

/// Whether `host` (ASCII lower alphas, ASCII digits, `-`, `.`, `_`) is an IPv4 address as the
/// [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer) writes it: four
/// decimal numbers from 0 to 255 without leading zeros, separated by `.`.
///
/// Such a host *ends in a number*, and the [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser)
/// reads each part as a decimal number (no `0x` or leading `0`, so no validation error) not
/// above 255: the address's serialization is the host itself. Any other host that ends in a
/// number (fewer parts, octal, hexadecimal, a trailing `.`, out of range) is left to the
/// state machine.
// Cold, as `has_punycode_label` is.
#[cold]
fn is_serialized_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&c| c == b'.') {
        parts += 1;
        let ok = match *part {
            [b'0'..=b'9'] => true,
            [b'1'..=b'9', b'0'..=b'9'] => true,
            [a @ b'1'..=b'2', b @ b'0'..=b'9', c @ b'0'..=b'9'] => {
                u32::from(a - b'0') * 100 + u32::from(b - b'0') * 10 + u32::from(c - b'0') <= 255
            }
            _ => false,
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// The run of host bytes (ASCII lower alphas, ASCII digits, `-`, `.`, `_`) at `start`: where
/// it ends, where its last label starts (after its last `.`), and whether it has `--` (or a
/// block of it ends with `-`).
#[inline(always)]
fn host_run<K: Classifier>(k: K, b: &[u8], start: usize) -> HostRun {
    let mut step = HostStep {
        dashes: 0,
        label: start,
    };
    // Most hosts end in their first window: that window is chosen without a branch (measured,
    // median of three runs: can_parse on kasztp 0.23x ada's time to 0.20x, the others
    // unchanged; the same for the path and query made parse slower on userbait).
    let end = k.scan_from_one(b, start, &mut step);
    HostRun {
        end,
        label: step.label,
        dashes: step.dashes != 0,
    }
}

/// [`host_run`]'s check of a window: its stops, and its `--` and last `.`.
struct HostStep {
    dashes: Mask,
    label: usize,
}

impl Step for HostStep {
    #[inline(always)]
    fn step<B: Block>(&mut self, w: &Window<B>) -> Mask {
        let c = w.block;
        let stop = w.stops(c.host_bad());
        let keep = before(stop) & w.from;
        // A `-` followed by a `-`, or the block's last byte if it is `-`.
        let dash = c.dash();
        self.dashes |= dash & keep & ((dash >> 1) | (1 << (B::LEN - 1)));
        // After the window's last `.` in the run, if any.
        let dots = c.period() & keep;
        if dots != 0 {
            self.label = w.base + (Mask::BITS - dots.leading_zeros()) as usize;
        }
        stop
    }
}

/// What [`host_run`] found.
struct HostRun {
    end: usize,
    label: usize,
    dashes: bool,
}

/// An authority the fast path accepts ([`authority`]).
struct Authority {
    host_end: usize,
    port: Option<u16>,
    /// Where the authority ends: at `/`, `?`, `#` or the end of the input.
    path_start: usize,
    kind: HostKind,
}

/// The authority (`host [":" port]`) at `start`, whose host bytes are `run`; `None` unless
/// accepted (see the module documentation).
#[inline(always)]
fn authority(b: &[u8], start: usize, run: &HostRun, scheme: SchemeType) -> Option<Authority> {
    let file = scheme.is_file();
    let host_end = run.end;
    let kind = if host_end == start {
        // The empty host: only `file` allows it.
        if !file {
            return None;
        }
        HostKind::Empty
    } else {
        let label_start = run.label;
        let host = b.get(start..host_end)?;
        if label_start >= host_end {
            // Ends with `.`.
            return None;
        } else if b.get(label_start).is_some_and(u8::is_ascii_digit) {
            // The host ends in a number: accepted only as an IPv4 address in serialized form.
            if !is_serialized_ipv4(host) {
                return None;
            }
            HostKind::Ipv4
        } else if (run.dashes && has_punycode_label(host))
            || (file && host.eq_ignore_ascii_case(b"localhost"))
        {
            return None;
        } else {
            HostKind::Domain
        }
    };
    match b.get(host_end) {
        None | Some(b'/' | b'?' | b'#') => Some(Authority {
            host_end,
            port: None,
            path_start: host_end,
            kind,
        }),
        Some(b':') if !file => {
            let p = b.get(host_end + 1..)?;
            let len = p.iter().take(6).take_while(|d| d.is_ascii_digit()).count();
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
                None | Some(b'/' | b'?' | b'#') => Some(Authority {
                    host_end,
                    port: Some(v),
                    path_start: host_end + 1 + len,
                    kind,
                }),
                Some(_) => None,
            }
        }
        Some(_) => None,
    }
}

/// Whether a segment of the path `path` (`/`-separated) is a single-dot or double-dot
/// segment.
// Cold, as `has_punycode_label` is.
#[cold]
fn has_dot_segment(path: &[u8]) -> bool {
    path.split(|&c| c == b'/')
        .any(|seg| seg.len() <= 6 && (is_single_dot(seg) || is_double_dot(seg)))
}

/// A path the fast path accepts ([`path`]).
struct PathEnd {
    end: usize,
    /// The path is empty: the serialization has `/`.
    empty: bool,
}

/// The path at `at`, or `None` unless accepted (see the module documentation).
#[inline(always)]
fn path<K: Classifier>(k: K, b: &[u8], at: usize, file: bool) -> Option<PathEnd> {
    let p = b.get(at..)?;
    if p.first() != Some(&b'/') {
        // The authority ended at `?`, `#` or the end: the path is empty.
        return Some(PathEnd {
            end: at,
            empty: true,
        });
    }
    if file && matches!(p.get(1..3), Some([a, b'|']) if a.is_ascii_alphabetic()) {
        // Possibly a Windows drive letter with `|`, which the path state rewrites.
        return None;
    }
    // The segments and the `/` between them; also each `.` or `%` right after a `/` (where a
    // dot segment starts).
    let mut step = PathStep {
        dot_starts: 0,
        slash_before: 0,
    };
    let end = k.scan(b, at, &mut step);
    if !matches!(b.get(end), None | Some(b'?' | b'#'))
        || (step.dot_starts != 0 && has_dot_segment(b.get(at..end)?))
    {
        return None;
    }
    Some(PathEnd { end, empty: false })
}

/// [`path`]'s check of a window: its stops, and each `.` or `%` right after a `/` (where a dot
/// segment starts).
struct PathStep {
    dot_starts: Mask,
    /// 1 if the previous window's last byte is `/`, else 0.
    slash_before: Mask,
}

impl Step for PathStep {
    #[inline(always)]
    fn step<B: Block>(&mut self, w: &Window<B>) -> Mask {
        // The bytes after a `/`: the slashes shifted up by a byte, and the window's first
        // byte if the previous window's last byte is `/`. (The last window may overlap the
        // previous one: its bytes the check already saw are not in `w.from`, and the byte
        // before its first new one is in it.)
        let c = w.block;
        let slash = c.slash();
        self.dot_starts |= c.dot() & ((slash << 1) | self.slash_before) & w.from;
        self.slash_before = slash >> (B::LEN - 1);
        w.stops(c.path_bad())
    }
}

/// The query's check of a window: its stops.
struct QueryStep;

impl Step for QueryStep {
    #[inline(always)]
    fn step<B: Block>(&mut self, w: &Window<B>) -> Mask {
        w.stops(w.block.query_bad())
    }
}

/// The fragment's check of a window: its stops.
struct FragmentStep;

impl Step for FragmentStep {
    #[inline(always)]
    fn step<B: Block>(&mut self, w: &Window<B>) -> Mask {
        w.stops(w.block.fragment_bad())
    }
}

/// A scheme and authority checked as for the fast path (see the module documentation), at
/// the start of an input whose remainder the fast path does not accept: the full state
/// machine can take over at the *path start state* (see `crate::route::resume::Resume::PathStart`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prefix {
    pub(crate) scheme_type: SchemeType,
    pub(crate) scheme_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) port: Option<u16>,
    /// Where the authority ends: at `/`, `?`, `#` or the end of the input.
    pub(crate) path_start: usize,
    /// The scheme has ASCII upper alphas to lowercase (the host has none).
    pub(crate) lowercase: bool,
    /// The host: a domain, an IPv4 address or (`file` only) empty.
    pub(crate) host_kind: HostKind,
}

/// A special scheme followed by `://`, recognized as for the fast path at the start of an
/// input whose authority the fast path does not accept: the full state machine can take over
/// at the `:` (see `crate::route::resume::Resume`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SchemePrefix {
    pub(crate) scheme_type: SchemeType,
    /// The scheme's length: the offset of its `:`.
    pub(crate) scheme_end: usize,
    /// The scheme has ASCII upper alphas to lowercase.
    pub(crate) lowercase: bool,
    /// The end of the run of ASCII lower alphas, ASCII digits, `-`, `.` and `_` after the
    /// `://`.
    pub(crate) host_run_end: usize,
}

/// What [`scan`] finds in an input, written out (for the tests and the test hooks, which
/// compare the classifiers).
#[cfg(any(test, feature = "__test-hooks"))]
#[derive(Clone)]
pub(crate) struct Scanned;

#[cfg(any(test, feature = "__test-hooks"))]
impl WithClassifier for Scanned {
    type Out = alloc::string::String;
    fn run<K: Classifier>(self, k: K, input: &str) -> alloc::string::String {
        alloc::format!("{:?}", scan(k, input))
    }
}

/// What [`scan`] found.
#[derive(Debug)]
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

/// The path, query and fragment the fast path accepts ([`rest`]).
struct Rest {
    /// The path is empty: the serialization has `/`.
    add_slash: bool,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
}

/// The path, query and fragment at `at`; `None` unless accepted (see the module
/// documentation).
#[inline(always)]
fn rest<K: Classifier>(k: K, b: &[u8], at: usize, file: bool) -> Option<Rest> {
    let PathEnd {
        end: mut i,
        empty: add_slash,
    } = path(k, b, at, file)?;
    // Query.
    let mut query_start = None;
    if b.get(i) == Some(&b'?') {
        query_start = Some(i);
        i = k.scan(b, i + 1, &mut QueryStep);
    }
    // Fragment.
    let mut fragment_start = None;
    match b.get(i) {
        None => {}
        Some(b'#') => {
            fragment_start = Some(i);
            if k.scan(b, i + 1, &mut FragmentStep) != b.len() {
                return None;
            }
        }
        Some(_) => return None,
    }
    Some(Rest {
        add_slash,
        query_start,
        fragment_start,
    })
}

/// The scheme and authority at the start of `b`, if the fast path accepts them (see the
/// module documentation); else the scheme if that is accepted (`Err(None)`: not even that).
/// (`can_parse` asks [`can_parse_head`], which needs no more than whether they are.)
#[inline(always)]
pub(crate) fn head<K: Classifier>(k: K, b: &[u8]) -> Result<Prefix, Option<SchemePrefix>> {
    let Some(scheme) = scheme(b) else {
        return Err(None);
    };
    authority_after(k, b, scheme)
}

/// What `can_parse` needs of the scheme and authority at the start of `b` (see
/// `crate::route::can_parse`): whether the fast path accepts them, as [`head`] says, else the scheme
/// if that is accepted (`Err(None)`: not even that).
///
/// A `file:///` input (the scheme in any case) is accepted without the host scan: a `file`
/// URL with the empty host, which parses whatever follows. The *scheme state* goes on to the
/// [file state](https://url.spec.whatwg.org/#file-state), whose `/` goes to the *file slash
/// state*, whose `/` goes to the *file host state*; there the third `/` ends an empty buffer:
/// "Otherwise, if buffer is the empty string, then: set url's host to the empty string; ...
/// set state to path start state", after which no step fails. ([`head`] finds the same
/// after scanning the host's bytes; asked here, after the scheme is known to be `file`, it
/// costs the other schemes nothing, and halves can_parse's cost on `file:///` inputs:
/// docs/performance.md, "Figures from weburl-core's comments".)
#[inline(always)]
pub(crate) fn can_parse_head<K: Classifier>(k: K, b: &[u8]) -> Result<(), Option<SchemePrefix>> {
    let Some(scheme) = scheme(b) else {
        return Err(None);
    };
    // The byte after `file://` (a constant, not the scheme's end plus 3, which the compiler
    // does not fold and costs instructions on every corpus: docs/performance.md).
    const FILE_HOST_START: usize = b"file://".len();
    if scheme.scheme_type.is_file() && b.get(FILE_HOST_START) == Some(&b'/') {
        return Ok(());
    }
    authority_after(k, b, scheme).map(|_| ())
}

/// [`head`] after the scheme: the authority from the scheme's `://` on.
#[inline(always)]
fn authority_after<K: Classifier>(
    k: K,
    b: &[u8],
    scheme: SchemeMatch,
) -> Result<Prefix, Option<SchemePrefix>> {
    let SchemeMatch {
        scheme_type,
        end: scheme_end,
        upper: scheme_upper,
    } = scheme;
    let host_start = scheme_end + 3;
    let run = host_run(k, b, host_start);
    let Some(Authority {
        host_end,
        port,
        path_start,
        kind: host_kind,
    }) = authority(b, host_start, &run, scheme_type)
    else {
        return Err(Some(SchemePrefix {
            scheme_type,
            scheme_end,
            lowercase: scheme_upper,
            host_run_end: run.end,
        }));
    };
    Ok(Prefix {
        scheme_type,
        scheme_end,
        host_start,
        host_end,
        port,
        path_start,
        lowercase: scheme_upper,
        host_kind,
    })
}

/// Scans `input`: its layout if it is accepted, else its scheme and authority if they are
/// (see the module documentation).
// Inlined into `crate::route::parse`: the layout is then built where it is used, not moved
// through memory (docs/performance.md, "Figures from weburl-core's comments").
#[inline(always)]
pub(crate) fn scan<K: Classifier>(k: K, input: &str) -> Scan {
    let b = input.as_bytes();
    let head = match head(k, b) {
        Ok(head) => head,
        Err(scheme) => return scheme.map_or(Scan::Rejected, Scan::Scheme),
    };
    match rest(k, b, head.path_start, head.scheme_type.is_file()) {
        Some(Rest {
            add_slash,
            query_start,
            fragment_start,
        }) => Scan::Accepted(Layout {
            head,
            query_start,
            fragment_start,
            add_slash,
        }),
        None => Scan::Prefix(head),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `weburl-bytes` (which depends on nothing) spells the percent-encode sets its byte
    /// classes are defined from as masks: they are `weburl-percent`'s.
    #[test]
    fn byte_classes_are_the_percent_encode_sets() {
        use weburl_bytes::class;
        for (mask, set) in [
            (class::C0_CONTROL, weburl_percent::C0_CONTROL),
            (class::FRAGMENT, weburl_percent::FRAGMENT),
            (class::QUERY, weburl_percent::QUERY),
            (class::SPECIAL_QUERY, weburl_percent::SPECIAL_QUERY),
            (class::PATH, weburl_percent::PATH),
        ] {
            for b in 0..0x80u8 {
                assert_eq!(mask & (1 << b) != 0, set.contains(b), "{b:#x}");
            }
        }
    }

    /// Whether the input is accepted whole, the same with every classifier.
    fn accepted(input: &str) -> bool {
        let all = weburl_bytes::each(input, &Scanned);
        for found in &all {
            assert_eq!(*found, all[0], "{input}");
        }
        all[0].starts_with("Accepted")
    }

    #[test]
    fn serialized_ipv4_hosts() {
        for host in [
            "0.0.0.0",
            "1.2.3.4",
            "10.0.0.255",
            "255.255.255.255",
            "127.0.0.1",
        ] {
            assert!(is_serialized_ipv4(host.as_bytes()), "{host}");
            for input in [
                format!("http://{host}"),
                format!("https://{host}:8080/a?b#c"),
                format!("file://{host}/C:/x"),
            ] {
                assert!(accepted(&input), "{input}");
            }
        }
        for host in [
            "1.2.3",
            "1.2.3.4.5",
            "01.2.3.4",
            "1.2.3.04",
            "256.0.0.1",
            "1.2.3.300",
            "0x1.2.3.4",
            "1.2.3.4.",
            "1..3.4",
            "a.1.2.3",
            "1.2.3.4a",
            "1.2.3.1000",
            "9999999999",
        ] {
            assert!(!is_serialized_ipv4(host.as_bytes()), "{host}");
            assert!(!accepted(&format!("http://{host}/")), "{host}");
        }
    }

    /// A host with ASCII upper alphas is left to the state machine (from the end of the run
    /// of lower-case host bytes), which lowercases it; a scheme with them is lowercased by
    /// the copy.
    #[test]
    fn upper_case_hosts_are_left_to_the_state_machine() {
        for input in [
            "https://Example.com/",
            "http://EXAMPLE.COM/",
            "https://a.b.C/x?y#z",
            "file://Host/x",
            "wss://abcdefghijklmnopqrstuvwxyz0123456789.Z/",
        ] {
            assert!(!accepted(input), "{input}");
            let url = crate::Url::parse(input).map(|u| u.href().to_owned());
            assert_eq!(url.ok(), Some(input.to_ascii_lowercase()), "{input}");
        }
        assert!(accepted("HTTPS://example.com/A"));
        assert!(matches!(
            scan(weburl_bytes::Portable, "https://exAmple.com/"),
            Scan::Scheme(SchemePrefix {
                host_run_end: 10,
                ..
            })
        ));
    }

    #[test]
    fn masks_across_blocks() {
        // A dot segment, `xn--` label or last label at every offset, also across the blocks'
        // boundaries.
        for pad in 0..34 {
            let p = "a".repeat(pad);
            assert!(accepted(&format!("https://ex.com/{p}/a.%2e/b")), "{pad}");
            for dots in [".", "..", "%2E", ".%2e", "%2e.", "%2e%2E"] {
                for end in ["", "/", "/x", "?q", "#f"] {
                    let input = format!("https://ex.com/{p}/{dots}{end}");
                    assert!(!accepted(&input), "{input}");
                }
            }
            assert!(
                accepted(&format!("https://{p}a-x--n.{p}x-n--.com/")),
                "{pad}"
            );
            assert!(!accepted(&format!("https://{p}a.xN--n.com/")), "{pad}");
            assert!(!accepted(&format!("https://{p}a.xn--n/")), "{pad}");
            assert!(!accepted(&format!("https://a.{p}.9/")), "{pad}");
            assert!(accepted(&format!("https://a.{p}b9/")), "{pad}");
        }
    }
}
