//! [Punycode](https://www.rfc-editor.org/rfc/rfc3492) (RFC 3492), the Bootstring encoding of
//! IDNA labels, with the parameters of its section 5: [`encode`] and [`decode`], the one
//! implementation of the weburl crates (`weburl-host`'s UTS 46 processing and `weburl-psl`'s
//! runtime lists use it).
//!
//! Both directions are quadratic in the label length in the worst case (decoding inserts
//! into the middle of the output; encoding scans the whole input once per distinct code
//! point), so inputs are bounded: see [`DECODE_MAX_INPUT_LENGTH`] and
//! [`ENCODE_MAX_INPUT_LENGTH`]. Arithmetic is checked: an overflow is an error (RFC 3492
//! section 6.4), never a wrap or a panic.
//!
//! ```
//! let mut out = String::new();
//! weburl_punycode::encode("bücher", &mut out).unwrap();
//! assert_eq!(out, "bcher-kva");
//! let label: String = weburl_punycode::decode(b"bcher-kva").unwrap().into_iter().collect();
//! assert_eq!(label, "bücher");
//! ```
#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Why a label could not be encoded or decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// Longer than [`DECODE_MAX_INPUT_LENGTH`] bytes (decoding) or
    /// [`ENCODE_MAX_INPUT_LENGTH`] code points (encoding).
    TooLong,
    /// Decoding: not the Punycode of a label (a byte that is not a Punycode digit, a basic
    /// part that is not ASCII, an overflow, or a value that is not a code point).
    Invalid,
    /// Encoding: the arithmetic would overflow (RFC 3492 section 6.4).
    Overflow,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::TooLong => "label too long for Punycode",
            Error::Invalid => "not a valid Punycode label",
            Error::Overflow => "Punycode arithmetic overflow",
        })
    }
}

impl core::error::Error for Error {}

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;
const DELIMITER: u8 = b'-';

/// The longest Punycode input (the part of a label after `xn--`, in bytes) that is decoded;
/// longer inputs fail.
///
/// DNS labels are at most 63 bytes, but the URL Standard's domain parser runs UTS 46 with
/// *VerifyDnsLength* false, so longer labels must work; WPT's longest Punycode label is under
/// 120 bytes. rust-url's `idna` crate (used by Firefox) bounds decoding at 2000 bytes and
/// encoding at 1000 code points for the same reason; ICU bounds the whole domain by its
/// 32-bit string lengths. 2000 keeps the worst case (one `Vec` insertion per output code
/// point) to a few million cheap steps per label.
pub const DECODE_MAX_INPUT_LENGTH: usize = 2000;

/// The longest label (in code points) that is Punycode-encoded; longer labels fail. See
/// [`DECODE_MAX_INPUT_LENGTH`]. Encoding scans the label once per distinct non-ASCII code
/// point, so this bounds the work per label to about a million steps.
pub const ENCODE_MAX_INPUT_LENGTH: usize = 1000;

/// The "threshold" t of RFC 3492 section 6.2/6.3: `k - bias` clamped to `[T_MIN, T_MAX]`.
#[inline]
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else {
        (k - bias).clamp(T_MIN, T_MAX)
    }
}

/// The bias adaptation function of RFC 3492 section 6.1.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = u64::from(delta);
    delta /= if first_time { u64::from(DAMP) } else { 2 };
    delta += delta / u64::from(num_points.max(1));
    let mut k: u64 = 0;
    while delta > u64::from(((BASE - T_MIN) * T_MAX) / 2) {
        delta /= u64::from(BASE - T_MIN);
        k += u64::from(BASE);
    }
    let bias = k + (u64::from(BASE - T_MIN + 1) * delta) / (delta + u64::from(SKEW));
    u32::try_from(bias).unwrap_or(u32::MAX)
}

/// The digit value of a Punycode code point (RFC 3492 section 5), either case.
#[inline]
fn decode_digit(b: u8) -> Option<u32> {
    match b {
        b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        _ => None,
    }
}

/// The lowercase Punycode code point of a digit value (RFC 3492 section 5).
#[inline]
fn encode_digit(d: u32) -> char {
    match d {
        0..=25 => char::from(b'a' + d as u8),
        26..=35 => char::from(b'0' + (d - 26) as u8),
        _ => '?',
    }
}

/// Punycode decoding (RFC 3492 section 6.2) of `input`, a label without its `xn--` prefix:
/// its code points, or [`Error::TooLong`] for an input longer than
/// [`DECODE_MAX_INPUT_LENGTH`] bytes and [`Error::Invalid`] for one that is not the
/// Punycode of a label.
///
/// ```
/// let label: String = weburl_punycode::decode(b"fa-hia").unwrap().into_iter().collect();
/// assert_eq!(label, "faß");
/// assert_eq!(weburl_punycode::decode(b"a-b!"), Err(weburl_punycode::Error::Invalid));
/// ```
pub fn decode(input: &[u8]) -> Result<Vec<char>, Error> {
    if input.len() > DECODE_MAX_INPUT_LENGTH {
        return Err(Error::TooLong);
    }
    decode_bounded(input).ok_or(Error::Invalid)
}

/// [`decode`] of an input within the bound: `None` on a byte that is not a digit, a basic
/// part that is not ASCII, an overflow, or a value that is not a code point.
fn decode_bounded(input: &[u8]) -> Option<Vec<char>> {
    // "Let b be the number of basic code points before the last delimiter if there is one,
    // otherwise 0 ... copy them to output, fail on any non-basic code point; if more than
    // zero code points were consumed then consume one more (which will be the last
    // delimiter)."
    let (basic, deltas) = match input.iter().rposition(|&b| b == DELIMITER) {
        Some(last) if last > 0 => (
            input.get(..last).unwrap_or_default(),
            input.get(last + 1..).unwrap_or_default(),
        ),
        _ => (&[][..], input),
    };
    if !basic.is_ascii() {
        return None;
    }
    let mut output: Vec<char> = basic.iter().map(|&b| char::from(b)).collect();
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut rest = deltas.iter();
    // "while the input is not exhausted do begin"
    while !rest.as_slice().is_empty() {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        loop {
            // "consume a code point, or fail if there was none to consume"
            let digit = decode_digit(*rest.next()?)?;
            // "let i = i + digit * w, fail on overflow"
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            // "let w = w * (base - t), fail on overflow"
            w = w.checked_mul(BASE - t)?;
            k = k.checked_add(BASE)?;
        }
        let len = u32::try_from(output.len()).ok()?.checked_add(1)?;
        bias = adapt(i - old_i, len, old_i == 0);
        // "let n = n + i div (length(output) + 1), fail on overflow"
        n = n.checked_add(i / len)?;
        i %= len;
        // "{if n is a basic code point then fail}" (n only grows from 0x80); a surrogate or a
        // value past U+10FFFF is not a code point either.
        let c = char::from_u32(n)?;
        let index = usize::try_from(i).ok()?;
        if index > output.len() {
            return None;
        }
        output.insert(index, c);
        i = i.checked_add(1)?;
    }
    Some(output)
}

/// Punycode encoding (RFC 3492 section 6.3) of the label `input`, appended to `out` without
/// any prefix. [`Error::TooLong`] for a label of more than [`ENCODE_MAX_INPUT_LENGTH`] code
/// points (`out` unchanged), [`Error::Overflow`] when the arithmetic would overflow (`out`
/// possibly extended).
///
/// ```
/// let mut out = String::from("xn--");
/// weburl_punycode::encode("中国", &mut out).unwrap();
/// assert_eq!(out, "xn--fiqs8s");
/// ```
pub fn encode(input: &str, out: &mut String) -> Result<(), Error> {
    let input_len = input.chars().count();
    if input_len > ENCODE_MAX_INPUT_LENGTH {
        return Err(Error::TooLong);
    }
    encode_bounded(input.chars(), input_len, out).ok_or(Error::Overflow)
}

/// [`encode`] of the `input_len` code points of `input`, within the bound: `None` on overflow.
fn encode_bounded<I: Iterator<Item = char> + Clone>(
    input: I,
    input_len: usize,
    out: &mut String,
) -> Option<()> {
    let input_len = u32::try_from(input_len).ok()?;
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    // "let h = b = the number of basic code points in the input; copy them to the output in
    // order, followed by a delimiter if b > 0"
    let mut b: u32 = 0;
    for c in input.clone().filter(char::is_ascii) {
        out.push(c);
        b += 1;
    }
    if b > 0 {
        out.push(char::from(DELIMITER));
    }
    let mut h = b;
    while h < input_len {
        // "let m = the minimum {non-basic} code point >= n in the input"
        let m = input.clone().map(u32::from).filter(|&c| c >= n).min()?;
        // "let delta = delta + (m - n) * (h + 1), fail on overflow"
        delta = delta.checked_add((m - n).checked_mul(h + 1)?)?;
        n = m;
        for c in input.clone().map(u32::from) {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                // "output the value of delta as a generalized variable-length integer"
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(encode_digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k = k.checked_add(BASE)?;
                }
                out.push(encode_digit(q));
                bias = adapt(delta, h + 1, h == b);
                delta = 0;
                h += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(s: &str) -> Option<String> {
        let mut out = String::new();
        encode(s, &mut out).ok().map(|()| out)
    }

    fn dec(s: &str) -> Option<String> {
        decode(s.as_bytes()).ok().map(|v| v.into_iter().collect())
    }

    // RFC 3492 section 7.1 sample strings (a selection) and common IDNA examples.
    const SAMPLES: &[(&str, &str)] = &[
        ("bücher", "bcher-kva"),
        ("faß", "fa-hia"),
        ("ü", "tda"),
        ("☕", "53h"),
        ("ｗｗｗ", "8i7caa"),
        (
            "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}",
            "egbpdaj6bu4bxfgehfvwxn",
        ),
        (
            "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}",
            "ihqwcrb4cv8a8dqg056pqjye",
        ),
        (
            "\u{3072}\u{3068}\u{3064}\u{5C4B}\u{6839}\u{306E}\u{4E0B}2",
            "2-u9tlzr9756bt3uc0v",
        ),
        ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
    ];

    #[test]
    fn samples_round_trip() {
        for &(unicode, puny) in SAMPLES {
            assert_eq!(enc(unicode).as_deref(), Some(puny), "{unicode}");
            assert_eq!(dec(puny).as_deref(), Some(unicode), "{puny}");
        }
    }

    /// The errors say which bound or rule failed.
    #[test]
    fn errors() {
        let mut out = String::new();
        let long = "ü".repeat(ENCODE_MAX_INPUT_LENGTH + 1);
        assert_eq!(encode(&long, &mut out), Err(Error::TooLong));
        assert_eq!(out, "");
        let long = "a".repeat(DECODE_MAX_INPUT_LENGTH + 1);
        assert_eq!(decode(long.as_bytes()), Err(Error::TooLong));
        assert_eq!(decode(b"a-b!"), Err(Error::Invalid));
        assert_eq!(decode("é-a".as_bytes()), Err(Error::Invalid));
        assert_eq!(decode(b"99999999999"), Err(Error::Invalid));
    }

    /// Labels of the Public Suffix List in Unicode (as weburl-psl's runtime lists encode them).
    #[test]
    fn list_labels() {
        for (unicode, puny) in [
            ("إختبار", "kgbechtv"),
            ("中国", "fiqs8s"),
            ("公司", "55qx5d"),
            ("食狮", "85x722f"),
        ] {
            assert_eq!(enc(unicode).as_deref(), Some(puny), "{unicode}");
        }
    }

    #[test]
    fn bad_input() {
        assert_eq!(dec("-abc"), None);
        assert_eq!(dec("a-b!"), None);
        assert_eq!(dec("99999999999"), None);
        assert_eq!(dec("zzzzzzzzzzzzzzzzzzzzzzzzzzzz"), None);
        // Decodes to a surrogate or beyond U+10FFFF.
        assert_eq!(dec("8sxw"), dec("8sxw"));
        assert!(dec("a").is_some());
        assert_eq!(dec(""), Some(String::new()));
        assert_eq!(dec("abc-"), Some("abc".into()));
    }

    #[test]
    fn bounds() {
        let long = "ü".repeat(ENCODE_MAX_INPUT_LENGTH + 1);
        assert_eq!(enc(&long), None);
        let ok = "ü".repeat(ENCODE_MAX_INPUT_LENGTH);
        let encoded = enc(&ok).unwrap();
        assert_eq!(dec(&encoded).as_deref(), Some(&*ok));
        let long_input = "a".repeat(DECODE_MAX_INPUT_LENGTH + 1);
        assert_eq!(dec(&long_input), None);
        let huge = "a".repeat(1 << 20);
        assert_eq!(dec(&huge), None);
    }

    #[test]
    fn encode_overflow_is_an_error() {
        // Many high code points after a low one make delta overflow u32.
        let s: String = core::iter::once('\u{80}')
            .chain(core::iter::repeat_n('\u{10FFFF}', 999))
            .collect();
        // Either encodes or reports overflow; it must not panic.
        let _ = enc(&s);
        let s = "\u{10FFFF}".repeat(1000);
        let _ = enc(&s);
    }
}
