//! [Percent-decode](https://url.spec.whatwg.org/#percent-decode).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// The value of an ASCII hex digit, or `None` for any other byte.
#[inline]
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// The byte a [percent-encoded byte](https://url.spec.whatwg.org/#percent-encoded-byte)
/// at the start of `bytes` stands for: `bytes` must start with `%` and two ASCII hex digits.
///
/// ```
/// assert_eq!(weburl_percent::decode_percent_encoded_byte(b"%2fx"), Some(b'/'));
/// assert_eq!(weburl_percent::decode_percent_encoded_byte(b"%2"), None);
/// ```
#[inline]
pub fn decode_percent_encoded_byte(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', hi, lo, ..] => Some(hex_value(*hi)? << 4 | hex_value(*lo)?),
        _ => None,
    }
}

/// [Percent-decode](https://url.spec.whatwg.org/#percent-decode) `input`, appending the
/// bytes to `out`.
///
/// The spec looks at each byte in turn; here a run of bytes without `%` is copied whole,
/// which appends the same bytes ("If byte is not 0x25 (%), then append byte to output").
///
/// ```
/// let mut out = b"x".to_vec();
/// weburl_percent::percent_decode_into(b"%41%", &mut out);
/// assert_eq!(out, b"xA%");
/// ```
pub fn percent_decode_into(input: &[u8], out: &mut Vec<u8>) {
    let mut rest = input;
    loop {
        let run = rest.iter().position(|&b| b == b'%').unwrap_or(rest.len());
        let (plain, tail) = rest.split_at(run.min(rest.len()));
        out.extend_from_slice(plain);
        if tail.is_empty() {
            return;
        }
        // `tail` starts with 0x25 (%).
        match decode_percent_encoded_byte(tail) {
            Some(byte) => {
                // "Append a byte whose value is bytePoint to output. Skip the next two bytes."
                out.push(byte);
                rest = tail.get(3..).unwrap_or_default();
            }
            None => {
                // "Otherwise, if byte is 0x25 (%) and the next two bytes after byte in input
                // are not [ASCII hex digits], append byte to output."
                out.push(b'%');
                rest = tail.get(1..).unwrap_or_default();
            }
        }
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
    let (plain, rest) = input.split_at(first.min(input.len()));
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(plain);
    percent_decode_into(rest, &mut out);
    Cow::Owned(out)
}

/// [Percent-decode](https://url.spec.whatwg.org/#string-percent-decode) a string: its UTF-8
/// encoding, percent-decoded.
///
/// ```
/// assert_eq!(&*weburl_percent::percent_decode_str("‽%25%2E"), b"\xE2\x80\xBD%.");
/// ```
pub fn percent_decode_str(input: &str) -> Cow<'_, [u8]> {
    percent_decode(input.as_bytes())
}

/// Percent-decode, then [UTF-8 decode without BOM](https://encoding.spec.whatwg.org/#utf-8-decode-without-bom):
/// invalid sequences become U+FFFD and a leading BOM is kept.
///
/// ```
/// assert_eq!(weburl_percent::percent_decode_utf8_lossy(b"a%E2%80%BD%FF"), "a‽\u{FFFD}");
/// ```
pub fn percent_decode_utf8_lossy(input: &[u8]) -> Cow<'_, str> {
    match percent_decode(input) {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(v) => Cow::Owned(utf8_decode_lossy_owned(v)),
    }
}

/// UTF-8 decode without BOM an owned byte vector, reusing its allocation when it is valid.
pub(crate) fn utf8_decode_lossy_owned(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}
