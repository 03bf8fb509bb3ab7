//! The SURT key with the default options in one pass into one output buffer, for the strings
//! where `surt`'s rules reduce to copying, lowercasing, reversing host labels and sorting
//! query arguments and decoding `%XX` once: printable ASCII before the fragment, a scheme (or
//! none and a host: read with `http://` in front, as `surt` reads it), no `%` in the host and
//! none that decodes to `%` (which the general way decodes again), no bracketed host and no
//! all-digits-and-dots one but four canonical decimal parts (an IPv4 address `surt` would
//! write back as it is), no `.`/`..` path segment (written or decoded; a run of `/` is
//! written as one, as `surt`'s path normalization does), no `/(` in the path
//! (where an ASP.NET session segment could start) and no query session-id argument. Any other
//! string (or any rule that would need more) gives `None`, and [`super::surt`] takes it the
//! general way; both ways give the same key (the differential test runs every input through
//! this, and the tests below compare the two ways on the corpora).
//!
//! The work a string needs is found first: vectorized passes over it (`fast/classes.rs`) tell
//! whether it has a fragment, a `%`, a `(`, a query, a `&` or a capital letter at all, and
//! the steps for those are skipped when it has none. The netloc is scanned once
//! ([`netloc`], 16 bytes at a time, noting the host's dots as the bits of a word, which then
//! give its labels in reverse; a netloc with a userinfo, a port, a `[` or a `%` is scanned
//! again byte by byte from its start once one is seen), the path is written whole or segment
//! by segment and the query whole or argument by argument, and everything written after the
//! scheme is lowercased at the end (when there is anything to lowercase) in the pass that
//! checks the key's bytes (`weburl::bytes::ascii_string_lowercased`). Every
//! part is carried as a range of offsets into the input and sliced from it with `?`: a range
//! that does not fit gives `None`. The key is written as bytes (so that a short label is
//! copied as a fixed 16 bytes then cut back: [`push_reversed`], [`push_part`]) and made a
//! `String` by `weburl::bytes::ascii_string`, whose check of the bytes cannot fail here:
//! every byte written is ASCII.

use core::ops::Range;

use super::session::has_pair;
use super::split::scheme_len;
use super::{default_port, is_dotted_quad};
use classes::{
    all_classes, find_byte, AMPERSAND, HASH, NOT_PLAIN, PAREN, PERCENT, QUESTION, UPPER,
};
use query::push_sorted_query;
use weburl::bytes::{range_masks, ByteRange};

pub(super) mod classes;
mod query;

/// Whether the general way writes a decoded byte escaped again (controls, space, `#`, `%`,
/// DEL and non-ASCII: `escape::C0_SPACE_HASH_PERCENT`).
fn escaped(b: u8) -> bool {
    b <= b' ' || b == b'#' || b == b'%' || b >= 0x7f
}

/// `part` percent-decoded once as the general way decodes it (then escapes again), appended
/// to `out`: a `%XX` whose byte is escaped again stays as written (its hex is lowercased with
/// the rest), any other is the byte itself. `None` (the general way) for a `%` that starts no
/// `%XX`, a decoded `%` (decoded again there) or, in a path (`path`), a decoded byte that
/// would change its structure: a `/` or `.` (segments), or a `(` first or after a `/` (where
/// an ASP.NET session segment could start: a part is a whole path or a segment after a `/`).
fn push_decoded(out: &mut Vec<u8>, bytes: &[u8], path: bool) -> Option<()> {
    let mut copied = 0;
    let mut at = 0;
    while let Some(offset) = find_byte(bytes.get(at..)?, b'%') {
        let start = at + offset;
        let hex = |i: usize| char::from(*bytes.get(i)?).to_digit(16);
        let byte = u8::try_from(hex(start + 1)? * 16 + hex(start + 2)?).ok()?;
        let after_slash = || start == 0 || bytes.get(start - 1) == Some(&b'/');
        if byte == b'%'
            || (path && (byte == b'/' || byte == b'.' || (byte == b'(' && after_slash())))
        {
            return None;
        }
        out.extend_from_slice(bytes.get(copied..start)?);
        if escaped(byte) {
            out.extend_from_slice(bytes.get(start..start + 3)?);
        } else {
            out.push(byte);
        }
        at = start + 3;
        copied = at;
    }
    out.extend_from_slice(bytes.get(copied..)?);
    Some(())
}

/// The longest host whose dots are carried as the bits of a `u64` (bit `i` a dot at the
/// host's byte `i`); a longer one is massaged and reversed by searching its bytes
/// ([`massaged_long_host`], [`push_reversed_long`]).
const MAX_HOST: usize = 64;

/// The default-options key of `input`, or `None` when it needs the general way.
pub(super) fn key(input: &str) -> Option<String> {
    // Up to the fragment (dropped whatever it holds), every byte plain.
    let mut s = input.as_bytes();
    let mut seen = all_classes(s);
    if seen & HASH != 0 {
        s = s.get(..find_byte(s, b'#')?)?;
        seen = all_classes(s);
    }
    if seen & NOT_PLAIN != 0 {
        return None;
    }
    // `http:`, `https:` and `file:` (most strings) without scanning for the scheme's end:
    // exactly what `scheme_len` gives for them (their letters are scheme bytes and the `:`
    // ends the scheme); anything else (`HTTP:`, a 5-byte `http:`) takes `scheme_len`.
    // A string without a scheme is read as `http://` followed by it (`surt` puts `http://` in
    // front): its netloc starts at its first byte. `https://` and `http://` are tried first,
    // each by one comparison of the first 8 bytes.
    const HTTPS: u64 = u64::from_le_bytes(*b"https://");
    const HTTP: u64 = u64::from_le_bytes(*b"http://\0");
    const SEVEN_BYTES: u64 = u64::MAX >> 8;
    let head = s.first_chunk::<8>().map(|w| u64::from_le_bytes(*w));
    let slashed_scheme = match head {
        Some(HTTPS) => Some((&b"https"[..], 6)),
        Some(w) if w & SEVEN_BYTES == HTTP => Some((&b"http"[..], 5)),
        _ => None,
    };
    // Whether `//` is known to follow the scheme.
    let slashed = slashed_scheme.is_some();
    let (scheme, netloc_start) = match (slashed_scheme, s.get(..6)) {
        (Some((scheme, at)), _) => (scheme, Some(at)),
        (_, Some([b'h', b't', b't', b'p', b':', _])) => (&b"http"[..], Some(5)),
        (_, Some(b"https:")) => (&b"https"[..], Some(6)),
        (_, Some([b'f', b'i', b'l', b'e', b':', _])) => (&b"file"[..], Some(5)),
        // (`filedesc` strings: the general way.)
        _ if s.starts_with(b"filedesc") => return None,
        _ => match scheme_len(s) {
            Some(n) => (s.get(..n)?, Some(n + 1)),
            None => (&b"http"[..], None),
        },
    };
    let scheme_end = scheme.len();
    if !slashed && scheme == b"dns" {
        return None;
    }
    // A run of `http://` / `https://` prefixes: the general way cuts it. (The string starts
    // with one exactly when its scheme, as written, is `http` or `https` and `//` follows.)
    if let Some(at) = netloc_start {
        if slashed
            || ((scheme == b"http" || scheme == b"https") && s.get(at..at + 2) == Some(b"//"))
        {
            let after = s.get(at + 2..)?;
            if after.starts_with(b"http")
                && (after.starts_with(b"http://") || after.starts_with(b"https://"))
            {
                return None;
            }
        }
    }
    let netloc = match netloc_start {
        Some(at) if slashed => netloc_after_slashes(s, at + 2, scheme)?,
        Some(at) => netloc(s, at, scheme)?,
        None => netloc_after_slashes(s, 0, scheme)?,
    };

    // The path: up to `?`; the query: after it.
    let path_start = netloc.end;
    let question = match seen & QUESTION {
        0 => None,
        _ => find_byte(s.get(path_start..)?, b'?'),
    };
    let (path, query) = match question {
        Some(i) => (path_start..path_start + i, path_start + i + 1..s.len()),
        None => (path_start..s.len(), s.len()..s.len()),
    };
    // `/(`: a possible ASP.NET session segment.
    if seen & PAREN != 0 && has_pair(s.get(path.clone())?, |a, b| (a == b'/') & (b == b'(')) {
        return None;
    }
    // The general way's host after extra slashes (`http:/x/`, `http:///x/`).
    if netloc.host.is_empty() && scheme.starts_with(b"http") && !path.is_empty() {
        return None;
    }
    let (host, dots) = massaged_host_range(s, netloc.host.clone(), netloc.dots)?;
    // No scheme and no host left (`?x`, `/x`, `./x`): the general way (the scheme below is
    // copied from the input).
    if netloc_start.is_none() && host.is_empty() {
        return None;
    }

    let decode = seen & PERCENT != 0;
    // Room for a label's 16-byte copy past the key's end ([`push_reversed`], [`push_part`]):
    // a key is at most 2 bytes longer than its string.
    let mut out = Vec::with_capacity(s.len() + 18);
    let lower_from;
    if host.is_empty() {
        lower_from = push_without_host(&mut out, s, scheme_end, path, query.is_empty(), decode)?;
    } else {
        lower_from = 0;
        push_reversed(&mut out, s, host, dots)?;
        if let Some(port) = netloc.port {
            push_port(&mut out, port);
        }
        out.push(b')');
        push_host_path(&mut out, s, path, decode)?;
    }
    if !query.is_empty() {
        let query = s.get(query)?;
        if decode && query.contains(&b'%') {
            let mut decoded = Vec::with_capacity(query.len());
            // Decoded (the Google canonicalizer's repeated unescape: once here, a decoded `%`
            // goes the general way), then sorted (`query_alpha_reorder`): a decoded `&` or `=`
            // splits the decoded query as it splits the general way's (which sorts the decoded
            // query too).
            push_decoded(&mut decoded, query, false)?;
            push_sorted_query(&mut out, &decoded, true)?;
        } else {
            push_sorted_query(&mut out, query, seen & AMPERSAND != 0)?;
        }
    }
    // The bytes made a `String`. Every byte written is one of the string's plain ASCII bytes
    // before the fragment, a decoded plain byte, a port's digit or an ASCII punctuation mark:
    // the check cannot fail. Everything after a scheme written as it is lowercased in the same
    // pass (`host_lowercase`, `path_lowercase`, `query_lowercase`) where the string has an
    // ASCII capital letter or a `%` (a `%XX` kept is lowercased, or may decode to a capital).
    if seen & (UPPER | PERCENT) != 0 {
        return weburl::bytes::ascii_string_lowercased(out, lower_from).ok();
    }
    weburl::bytes::ascii_string(out).ok()
}

/// A key without a host, up to its query: `scheme:` (as written) then the path as it is (no
/// dot segments without a host; `/` for an empty one before a query); where the lowercasing
/// starts (after the scheme). Cold and out of line: a web archive's strings have a host (the
/// hint lays out and allocates [`key`]'s registers for those; strings without one, `file:///`
/// and `node:` paths, pay for it: figures in `docs/performance.md`).
#[cold]
#[inline(never)]
fn push_without_host(
    out: &mut Vec<u8>,
    s: &[u8],
    scheme_end: usize,
    path: Range<usize>,
    no_query: bool,
    decode: bool,
) -> Option<usize> {
    out.extend_from_slice(s.get(..scheme_end)?);
    out.push(b':');
    let lower_from = out.len();
    push_path(out, s.get(strip_trailing_slash(s, path.clone()))?, decode)?;
    if path.is_empty() && !no_query {
        out.push(b'/');
    }
    Some(lower_from)
}

/// The bytes the netloc scan stops at: `/`, `?`, `.`, `@`, `:`, `[`, `%` (a table: one load
/// a byte, where a `match` compiled to a range test and a jump).
// Evaluated at compile time: an out-of-bounds index fails the build.
#[allow(clippy::indexing_slicing)]
static NETLOC_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let stops = b"/?.@:[%";
    let mut i = 0;
    while i < stops.len() {
        table[stops[i] as usize] = true;
        i += 1;
    }
    table
};

/// What [`netloc`] finds after `scheme:` (or [`netloc_after_slashes`] where `surt` puts
/// `http://`).
struct Netloc {
    /// The host name (empty without a netloc), before the general way's trimming and massage.
    host: Range<usize>,
    /// The host's dots: bit `i` for a dot at `host.start + i` (none noted past [`MAX_HOST`]
    /// bytes: a longer host's are found again in its bytes).
    dots: u64,
    /// The port, `None` for none or the scheme's default (`port_strip_default`).
    port: Option<u16>,
    /// Where the netloc ends (the path starts).
    end: usize,
}

/// `surt`'s netloc (the RFC 2396 split): after `//` up to the first `/` or `?`; the host is
/// what follows its last `@` up to the first `:` after that, trailing `:`s cut first; the
/// host's dots are noted on the way (for reversing its labels). `None` (the general
/// way) for a `[` (a bracketed host) or `%` in it or a port
/// [`parse_port`] does not take. Inlined into [`key`], its one caller (out of line it measured
/// worse).
#[inline(always)]
fn netloc(s: &[u8], at: usize, scheme: &[u8]) -> Option<Netloc> {
    if s.get(at..at + 2) != Some(b"//") {
        return Some(Netloc {
            host: 0..0,
            dots: 0,
            port: None,
            end: at,
        });
    }
    // An empty netloc (`file:///x`): no block needed.
    if matches!(s.get(at + 2), None | Some(b'/' | b'?')) {
        return Some(Netloc {
            host: at + 2..at + 2,
            dots: 0,
            port: None,
            end: at + 2,
        });
    }
    netloc_after_slashes(s, at + 2, scheme)
}

/// The ranges [`netloc_after_slashes`] finds in a block, in the order of its masks: the
/// netloc's ends (`/`, `?`), the host's dots, and the bytes after which a netloc is read
/// byte by byte ([`netloc_bytewise`]): a userinfo's `@`, a port's `:`, `[` and `%`.
const NETLOC_RANGES: [ByteRange; 7] = [
    ByteRange { low: b'/', span: 0 },
    ByteRange { low: b'?', span: 0 },
    ByteRange { low: b'.', span: 0 },
    ByteRange { low: b'@', span: 0 },
    ByteRange { low: b':', span: 0 },
    ByteRange { low: b'[', span: 0 },
    ByteRange { low: b'%', span: 0 },
];

/// [`netloc`] from `at`, after the `//` (or where `surt` puts `http://` in front). A netloc
/// of a name alone (no `@`, `:`, `[` or `%`) is found by blocks ([`netloc_masks`]: its end is
/// the first `/` or `?`, its dots the bits of the dots' mask before that), its first 32 bytes
/// as two blocks at once and 16 bytes at a time after them, where a byte loop tests each
/// byte; any other netloc, and any in a string under 16 bytes, byte by byte
/// ([`netloc_bytewise`]).
#[inline(always)]
fn netloc_after_slashes(s: &[u8], at: usize, scheme: &[u8]) -> Option<Netloc> {
    let mut dots = 0u64;
    let mut start = at;
    // The first 32 bytes as two blocks at once, their masks joined (most netlocs end in
    // them: no loop); a longer netloc goes on 16 bytes at a time from there.
    if let Some((first, second)) = s
        .get(at..)
        .and_then(<[u8]>::first_chunk::<32>)
        .and_then(|pair| Some((pair.first_chunk::<16>()?, pair.last_chunk::<16>()?)))
    {
        // The two blocks' masks joined.
        let [low_ends, low_dots, low_bytewise] = netloc_masks(first);
        let [high_ends, high_dots, high_bytewise] = netloc_masks(second);
        let join = |low: u16, high: u16| u32::from(low) | u32::from(high) << 16;
        let ends = join(low_ends, high_ends);
        let dot = join(low_dots, high_dots);
        let bytewise = join(low_bytewise, high_bytewise);
        // The bits before the netloc's end (all 32 when it is not in them).
        let inside = if ends == 0 {
            u32::MAX
        } else {
            ends.wrapping_sub(1) & !ends
        };
        if bytewise & inside != 0 {
            return netloc_bytewise(s, at, scheme);
        }
        dots = u64::from(dot & inside);
        if ends != 0 {
            let end = at + ends.trailing_zeros() as usize;
            return Some(Netloc {
                host: at..end,
                dots,
                port: None,
                end,
            });
        }
        start = at + 32;
    }
    loop {
        // The block from `start`, or the string's last 16 bytes (those before `start`
        // masked off).
        let (block_start, block) = match s.get(start..).and_then(<[u8]>::first_chunk::<16>) {
            Some(block) => (start, block),
            None => match s.last_chunk::<16>() {
                Some(block) => (s.len() - 16, block),
                None => return netloc_bytewise(s, at, scheme),
            },
        };
        let [ends, dot, bytewise] = netloc_masks(block);
        let from = u16::MAX
            .checked_shl((start - block_start) as u32)
            .unwrap_or(0);
        let ends = ends & from;
        // The bits before the netloc's end (all from `start` when it is not in the block).
        let inside = from & ends.wrapping_sub(1) & !ends;
        let inside = if ends == 0 { from } else { inside };
        if bytewise & inside != 0 {
            return netloc_bytewise(s, at, scheme);
        }
        // The block's dots from the host's start: the first block (from `at`, or the string's
        // last 16 bytes) starts at or before it, a later one after it (its bits past
        // [`MAX_HOST`] lost: a longer host's dots are found again in its bytes).
        let d = u64::from(dot & inside);
        if block_start <= at {
            dots = d >> (at - block_start);
        } else {
            dots |= d.checked_shl((block_start - at) as u32).unwrap_or(0);
        }
        let end = if ends != 0 {
            Some(block_start + ends.trailing_zeros() as usize)
        } else if block_start + 16 >= s.len() {
            Some(s.len())
        } else {
            None
        };
        if let Some(end) = end {
            return Some(Netloc {
                host: at..end,
                dots,
                port: None,
                end,
            });
        }
        start = block_start + 16;
    }
}

/// A block's masks for [`netloc_after_slashes`]: the netloc's ends (`/`, `?`), the dots, and
/// the bytes after which it is read byte by byte (`@`, `:`, `[`, `%`).
#[inline(always)]
fn netloc_masks(block: &[u8; 16]) -> [u16; 3] {
    let [slash, question, dot, at_sign, colon, bracket, percent] =
        range_masks(block, &NETLOC_RANGES);
    [slash | question, dot, at_sign | colon | bracket | percent]
}

/// [`netloc_after_slashes`] byte by byte. Inlined: out of line, its result (returned through
/// memory) made every netloc, the blocks' too, go through the stack.
#[inline(always)]
fn netloc_bytewise(s: &[u8], mut at: usize, scheme: &[u8]) -> Option<Netloc> {
    let mut n = Netloc {
        host: 0..0,
        dots: 0,
        port: None,
        end: at,
    };
    let mut host_start = at;
    let mut colon = None;
    while let Some(&b) = s.get(at) {
        if NETLOC_BYTES.get(usize::from(b)) == Some(&true) {
            match b {
                b'/' | b'?' => break,
                b'.' if colon.is_none() => {
                    n.dots |= 1u64.checked_shl((at - host_start) as u32).unwrap_or(0);
                }
                b'@' => {
                    host_start = at + 1;
                    colon = None;
                    n.dots = 0;
                }
                b':' if colon.is_none() => colon = Some(at),
                b'[' | b'%' => return None,
                _ => {}
            }
        }
        at += 1;
    }
    n.end = at;
    // Trailing `:`s are cut from the netloc first.
    let mut netloc_end = at;
    while netloc_end > host_start && s.get(netloc_end - 1) == Some(&b':') {
        netloc_end -= 1;
    }
    let name_end = match colon {
        Some(c) if c < netloc_end => {
            n.port = parse_port(s.get(c + 1..netloc_end)?, scheme)?;
            c
        }
        _ => netloc_end,
    };
    n.host = host_start..name_end.max(host_start);
    Some(n)
}

/// The path after a host (range `path` of `input`), appended to `out` as `surt`'s path
/// normalization then `path_strip_trailing_slash_unless_empty` leave it: `/` for an empty
/// path; without a `//` or a segment starting with `.`, the path itself less a trailing `/`;
/// else each run of `/` written as one and the last dropped. `None` (the general way) for a
/// `.` or `..` segment, which the normalization resolves. Inlined into [`key`] as
/// [`netloc`] is.
#[inline(always)]
fn push_host_path(out: &mut Vec<u8>, s: &[u8], path: Range<usize>, decode: bool) -> Option<()> {
    let bytes = s.get(path.clone())?;
    if bytes.is_empty() {
        out.push(b'/');
        return Some(());
    }
    // Whether it has `//` or a segment starting with `.` (then checked whole).
    if !has_slash_pair(s, path.clone()) {
        let path = strip_trailing_slash(s, path);
        return push_path(out, s.get(path)?, decode);
    }
    if !no_dot_segments(bytes) {
        return None;
    }
    out.push(b'/');
    let mut first = true;
    let mut at = path.start;
    for seg in bytes.split(|&b| b == b'/') {
        let seg_range = at..at + seg.len();
        at = seg_range.end + 1;
        if seg.is_empty() {
            continue;
        }
        if !first {
            out.push(b'/');
        }
        first = false;
        push_path(out, s.get(seg_range)?, decode)?;
    }
    Some(())
}

/// The port after the host's `:` (`None` inside for none or the scheme's default); `None`
/// (the general way) for one that is not up to five digits or over 65535.
fn parse_port(digits: &[u8], scheme: &[u8]) -> Option<Option<u16>> {
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
    Some((v != 0 && Some(v) != default_port(scheme)).then_some(v))
}

/// The path (decoded once when the string has a `%`), appended to `out`.
#[inline(always)]
fn push_path(out: &mut Vec<u8>, path: &[u8], decode: bool) -> Option<()> {
    if decode {
        push_decoded(out, path, true)
    } else {
        out.extend_from_slice(path);
        Some(())
    }
}

/// The host range of `s` as the general way leaves it (dots trimmed, `www` and any digits
/// then `.` cut; not yet lowercased) with its dots (bit `i` a dot at its byte `i`; `dots` are
/// those of `host`, the same way), or `None` for a host the general way reads otherwise: one
/// with `..` (or a `.` first after `www`), or an all-digits-and-dots one that is not four
/// canonical decimal parts (`inet_aton` reads it, maybe to another text). A host over
/// [`MAX_HOST`] bytes: [`massaged_long_host`]. (Unlike [`super::canonical_host`], it writes
/// nothing: the host is still a range of `s`.) Inlined into [`key`], its one caller (out of
/// line its result went through memory and it measured worse).
#[inline(always)]
fn massaged_host_range(s: &[u8], host: Range<usize>, dots: u64) -> Option<(Range<usize>, u64)> {
    if host.len() > MAX_HOST {
        return massaged_long_host(s, host);
    }
    // Dots trimmed at both ends: the host from its first byte that is no dot to its last.
    let others = !dots
        & u64::MAX
            .checked_shr((MAX_HOST - host.len()) as u32)
            .unwrap_or(0);
    if others == 0 {
        return Some((host.end..host.end, 0));
    }
    let first = others.trailing_zeros();
    let last = 63 - others.leading_zeros();
    let mut host = host.start + first as usize..host.start + last as usize + 1;
    // (The dots up to `last`, from `first`: `last` is under 64, `first` at most `last`.)
    let mut dots = (dots & (u64::MAX >> (63 - last))) >> first;
    let name = s.get(host.clone())?;
    if other_ipv4(name) {
        return None;
    }
    // `www` + digits + `.`, any case (the general way lowercases first).
    if dots != 0 && name.first_chunk::<4>().is_some_and(starts_with_www) {
        // (Under 63: the host's last byte is no dot.)
        let first_dot = dots.trailing_zeros();
        let digits = name.get(3..first_dot as usize)?;
        if digits.iter().all(u8::is_ascii_digit) {
            host.start += first_dot as usize + 1;
            dots >>= first_dot + 1;
        }
    }
    // An empty label: a dot first (after `www`) or two dots in a row.
    if dots & ((dots >> 1) | 1) != 0 {
        return None;
    }
    Some((host, dots))
}

/// Whether 4 bytes start with `www` in any case (a host over 3 bytes): one test of the word,
/// each letter's case bit set (only `W` and `w` give `w` so).
#[inline(always)]
fn starts_with_www(head: &[u8; 4]) -> bool {
    (u32::from_le_bytes(*head) | 0x0020_2020) & 0x00ff_ffff == u32::from_le_bytes(*b"www\0")
}

/// [`massaged_host_range`] for a host over [`MAX_HOST`] bytes, by searching its bytes; the
/// dots' bits of the host left, or none for one still over [`MAX_HOST`] bytes (reversed by
/// [`push_reversed_long`]).
#[cold]
#[inline(never)]
fn massaged_long_host(s: &[u8], host: Range<usize>) -> Option<(Range<usize>, u64)> {
    let name = s.get(host.clone())?;
    let Some(first) = name.iter().position(|&b| b != b'.') else {
        return Some((host.end..host.end, 0));
    };
    let last = name.iter().rposition(|&b| b != b'.')?;
    let mut host = host.start + first..host.start + last + 1;
    let name = s.get(host.clone())?;
    if other_ipv4(name) {
        return None;
    }
    if name.len() > 3 && matches!(name, [b'w' | b'W', b'w' | b'W', b'w' | b'W', ..]) {
        if let Some(dot) = name.iter().position(|&b| b == b'.') {
            if name.get(3..dot)?.iter().all(u8::is_ascii_digit) {
                host.start += dot + 1;
            }
        }
    }
    let name = s.get(host.clone())?;
    if name.first() == Some(&b'.') || name.windows(2).any(|w| w == b"..") {
        return None;
    }
    let dots = match name.len() {
        0..=MAX_HOST => name
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'.')
            .fold(0, |dots, (i, _)| dots | 1 << i),
        _ => 0,
    };
    Some((host, dots))
}

/// Whether `name` is all digits and dots but not four canonical decimal parts: read as an
/// IPv4 address the general way (only a host ending in a digit can be one), which keeps the
/// text of four decimal parts without leading zeros.
#[inline(always)]
fn other_ipv4(name: &[u8]) -> bool {
    name.last().is_some_and(u8::is_ascii_digit)
        && name.iter().all(|&b| b.is_ascii_digit() || b == b'.')
        && !canonical_dotted_quad(name)
}

/// A dotted quad ([`is_dotted_quad`]) with no part starting with `0` but `0` itself: the text
/// `inet_aton` and `surt`'s IPv4 reading give back as it is (or, over 255, leave as a name).
fn canonical_dotted_quad(name: &[u8]) -> bool {
    is_dotted_quad(name)
        && name
            .split(|&b| b == b'.')
            .all(|part| part.len() == 1 || part.first() != Some(&b'0'))
}

/// `/` then `/` or `.` (one range: `.` is 0x2e, `/` 0x2f), for [`has_slash_pair`].
const SLASH_PAIR: [ByteRange; 2] = [
    ByteRange { low: b'/', span: 0 },
    ByteRange { low: b'.', span: 1 },
];

/// Whether the range `part` of `s` has a `/` followed by `/` or `.`: 16-byte blocks of `s`
/// 15 bytes apart (so that every pair is in one), each tested at once
/// (`weburl::bytes::range_masks`), the bits of pairs outside `part` masked off; where a
/// fold over the pairs (`has_pair`) compiled to a loop over 4 bytes then one over the rest.
/// A string under 16 bytes: that fold.
#[inline(always)]
fn has_slash_pair(s: &[u8], part: Range<usize>) -> bool {
    // Pairs start before `end`.
    let end = part.end.saturating_sub(1);
    let mut start = part.start;
    while start < end {
        let pairs = |block: &[u8; 16]| {
            let [slash, slash_or_dot] = range_masks(block, &SLASH_PAIR);
            // Bit `i`: a pair at the block's byte `i` (`i` up to 14).
            slash & (slash_or_dot >> 1)
        };
        // Bits `0..n` (all for 16 or more).
        let below = |n: usize| u16::MAX.checked_shr(16 - n.min(16) as u32).unwrap_or(0);
        match s.get(start..).and_then(<[u8]>::first_chunk::<16>) {
            Some(block) if start + 15 < end => {
                if pairs(block) != 0 {
                    return true;
                }
                start += 15;
            }
            Some(block) => return pairs(block) & below(end - start) != 0,
            // The string's last 16 bytes, those before `start` masked off.
            None => {
                return match s.last_chunk::<16>() {
                    Some(block) => {
                        let block_start = s.len() - 16;
                        let from = u16::MAX
                            .checked_shl((start - block_start) as u32)
                            .unwrap_or(0);
                        pairs(block) & from & below(end - block_start) != 0
                    }
                    None => has_pair(s.get(part).unwrap_or_default(), |a, b| {
                        (a == b'/') & ((b == b'/') | (b == b'.'))
                    }),
                }
            }
        }
    }
    false
}

/// Whether no segment of `path` (after its first `/`) is `.` or `..` (which `surt`'s path
/// normalization resolves: the general way).
fn no_dot_segments(path: &[u8]) -> bool {
    path.strip_prefix(b"/").is_some_and(|rest| {
        rest.split(|&b| b == b'/')
            .all(|seg| seg != b"." && seg != b"..")
    })
}

/// The range `path` of `s` less a trailing `/` unless that is all of it
/// (`path_strip_trailing_slash_unless_empty`).
fn strip_trailing_slash(s: &[u8], path: Range<usize>) -> Range<usize> {
    if path.len() > 1 && s.get(path.end - 1) == Some(&b'/') {
        path.start..path.end - 1
    } else {
        path
    }
}

/// The host's labels (`host` in `s`, its dots the bits of `dots`: bit `i` a dot at its byte
/// `i`, none first, last or next to another, as [`massaged_host_range`] leaves them) in
/// reverse order, joined by `,`: each label from the highest dot down.
fn push_reversed(out: &mut Vec<u8>, s: &[u8], host: Range<usize>, mut dots: u64) -> Option<()> {
    if host.len() > MAX_HOST {
        return push_reversed_long(out, s.get(host)?);
    }
    let mut end = host.end;
    while dots != 0 {
        let i = 63 - dots.leading_zeros();
        let dot = host.start + i as usize;
        let label = dot + 1..end;
        // A label under 16 bytes with the byte after it (a `.` or the host's end) as the 16
        // bytes from its start, that byte then made the `,`.
        match s.get(label.start..).and_then(<[u8]>::first_chunk::<16>) {
            Some(block) if label.len() < 16 => {
                let keep = out.len() + label.len() + 1;
                out.extend_from_slice(block);
                out.truncate(keep);
                if let Some(b) = out.last_mut() {
                    *b = b',';
                }
            }
            _ => {
                out.extend_from_slice(s.get(label)?);
                out.push(b',');
            }
        }
        end = dot;
        dots &= !(1 << i);
    }
    push_part(out, s, host.start..end)
}

/// [`push_reversed`] for a host over [`MAX_HOST`] bytes (its labels found by searching it;
/// none empty, as [`massaged_long_host`] leaves them).
#[cold]
#[inline(never)]
fn push_reversed_long(out: &mut Vec<u8>, name: &[u8]) -> Option<()> {
    for (i, label) in name.rsplit(|&b| b == b'.').enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(label);
    }
    Some(())
}

/// The range `part` of `s` appended to `out`: a part of up to 16 bytes as the 16 bytes from
/// its start (a copy of a fixed size, inlined, where a copy of the part's own length calls
/// `memcpy`), then cut back to it, when `s` has 16 bytes from there; else the part itself.
#[inline(always)]
fn push_part(out: &mut Vec<u8>, s: &[u8], part: Range<usize>) -> Option<()> {
    if part.len() <= 16 {
        if let Some(block) = s.get(part.start..).and_then(<[u8]>::first_chunk::<16>) {
            let keep = out.len() + part.len();
            out.extend_from_slice(block);
            out.truncate(keep);
            return Some(());
        }
    }
    out.extend_from_slice(s.get(part)?);
    Some(())
}

fn push_port(out: &mut Vec<u8>, port: u16) {
    out.push(b':');
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
    out.extend_from_slice(digits.get(i..).unwrap_or_default());
}

#[cfg(test)]
mod tests;
