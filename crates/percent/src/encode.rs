//! [Percent-encode](https://url.spec.whatwg.org/#percent-encode) and
//! [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode).

use alloc::borrow::Cow;
use alloc::string::String;

use crate::sets::AsciiSet;

/// "%00" to "%FF", three bytes each, upper-case hex as the spec requires.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-bounds index fails the build.
static HEX_TABLE: [u8; 768] = {
    let hex = b"0123456789ABCDEF";
    let mut t = [0u8; 768];
    let mut i = 0;
    while i < 256 {
        t[i * 3] = b'%';
        t[i * 3 + 1] = hex[i >> 4];
        t[i * 3 + 2] = hex[i & 15];
        i += 1;
    }
    t
};

/// [Percent-encode](https://url.spec.whatwg.org/#percent-encode) a byte: `%` followed by two
/// ASCII upper hex digits.
///
/// ```
/// assert_eq!(weburl_percent::percent_encode_byte(0x7F), "%7F");
/// ```
#[inline]
pub fn percent_encode_byte(byte: u8) -> &'static str {
    let i = byte as usize * 3;
    match HEX_TABLE.get(i..i + 3).map(core::str::from_utf8) {
        Some(Ok(s)) => s,
        // Unreachable: the table holds 256 ASCII triples.
        _ => "%00",
    }
}

/// Length of the prefix of `bytes` that needs no encoding under `set`.
#[inline]
fn unencoded_prefix(bytes: &[u8], set: &AsciiSet) -> usize {
    bytes
        .iter()
        .position(|&b| set.contains(b))
        .unwrap_or(bytes.len())
}

/// [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode) `input`
/// using `set`, appending to `out`. Runs of bytes that need no encoding are copied whole.
pub fn utf8_percent_encode_into(input: &str, set: &AsciiSet, out: &mut String) {
    let bytes = input.as_bytes();
    let mut start = 0;
    while start < bytes.len() {
        let rest = bytes.get(start..).unwrap_or_default();
        let run = unencoded_prefix(rest, set);
        // A run of bytes outside the set is all ASCII, so it ends on a char boundary.
        out.push_str(input.get(start..start + run).unwrap_or_default());
        start += run;
        // Encode the following run of bytes that are in the set.
        while let Some(&b) = bytes.get(start) {
            if !set.contains(b) {
                break;
            }
            out.push_str(percent_encode_byte(b));
            start += 1;
        }
    }
}

/// [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode) `input`
/// using `set`. Borrows when nothing needs encoding.
///
/// ```
/// use weburl_percent::{utf8_percent_encode, PATH};
/// assert_eq!(utf8_percent_encode("a b", &PATH), "a%20b");
/// assert!(matches!(utf8_percent_encode("ab", &PATH), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn utf8_percent_encode<'a>(input: &'a str, set: &AsciiSet) -> Cow<'a, str> {
    let run = unencoded_prefix(input.as_bytes(), set);
    if run == input.len() {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len() + 16);
    utf8_percent_encode_into(input, set, &mut out);
    Cow::Owned(out)
}

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
/// `input` with `encoding` and `set`, appending to `out`. `space_as_plus` is the spec's
/// *spaceAsPlus* (true exactly when `set` is the application/x-www-form-urlencoded set).
/// Code points the encoding cannot represent become `%26%23`, their decimal value, `%3B`.
#[cfg(feature = "encoding")]
pub fn percent_encode_after_encoding_into(
    encoding: &'static encoding_rs::Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) {
    use encoding_rs::EncoderResult;
    // Getting an encoder: UTF-16BE/LE and replacement encode as UTF-8.
    let encoding = encoding.output_encoding();
    let push_bytes = |bytes: &[u8], out: &mut String| {
        for &b in bytes {
            if space_as_plus && b == b' ' {
                out.push('+');
            } else if set.contains(b) {
                out.push_str(percent_encode_byte(b));
            } else {
                out.push(b as char);
            }
        }
    };
    if encoding == encoding_rs::UTF_8 {
        push_bytes(input.as_bytes(), out);
        return;
    }
    let mut encoder = encoding.new_encoder();
    let mut buf = [0u8; 1024];
    let mut rest = input;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        push_bytes(buf.get(..written).unwrap_or_default(), out);
        rest = rest.get(read..).unwrap_or_default();
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => continue,
            EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                let mut digits = [0u8; 10];
                let mut n = c as u32;
                let mut i = digits.len();
                loop {
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
                    out.push(d as char);
                }
                out.push_str("%3B");
            }
        }
    }
}

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding),
/// returning a new string; see [`percent_encode_after_encoding_into`].
#[cfg(feature = "encoding")]
pub fn percent_encode_after_encoding(
    encoding: &'static encoding_rs::Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
) -> String {
    let mut out = String::with_capacity(input.len());
    percent_encode_after_encoding_into(encoding, input, set, space_as_plus, &mut out);
    out
}
