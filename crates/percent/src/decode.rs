//! [Percent-decode](https://url.spec.whatwg.org/#percent-decode).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

#[inline]
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// [Percent-decode](https://url.spec.whatwg.org/#percent-decode) a byte sequence. A `%` not
/// followed by two ASCII hex digits is kept as it is. Borrows when `input` has no `%`.
///
/// ```
/// assert_eq!(&*weburl_percent::percent_decode(b"%25%s%1G"), b"%%s%1G");
/// ```
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = input.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(input.get(..first).unwrap_or_default());
    let mut i = first;
    while let Some(&b) = input.get(i) {
        if b == b'%' {
            let hi = input.get(i + 1).copied().and_then(hex_value);
            let lo = input.get(i + 2).copied().and_then(hex_value);
            if let (Some(hi), Some(lo)) = (hi, lo) {
                out.push(hi << 4 | lo);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

/// [Percent-decode](https://url.spec.whatwg.org/#string-percent-decode) a string (its UTF-8
/// bytes).
pub fn percent_decode_str(input: &str) -> Cow<'_, [u8]> {
    percent_decode(input.as_bytes())
}

/// Percent-decode, then UTF-8 decode without BOM, replacing invalid sequences with U+FFFD.
///
/// ```
/// assert_eq!(weburl_percent::percent_decode_utf8_lossy(b"a%E2%80%BD%FF"), "a‽\u{FFFD}");
/// ```
pub fn percent_decode_utf8_lossy(input: &[u8]) -> Cow<'_, str> {
    match percent_decode(input) {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(v) => match String::from_utf8_lossy(&v) {
            Cow::Borrowed(_) => Cow::Owned(String::from_utf8(v).unwrap_or_default()),
            Cow::Owned(s) => Cow::Owned(s),
        },
    }
}
