//! [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
//! with a legacy encoding (feature `encoding`, using `encoding_rs`).

use alloc::string::String;
use core::fmt::Write;

use encoding_rs::{EncoderResult, Encoding};

use crate::encode::{encode_str_into, percent_encode_bytes_into};
use crate::sets::AsciiSet;

/// Size of the stack buffer the encoder writes into; any encoder makes progress with it.
const CHUNK: usize = 1024;

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
/// `input` with `encoding` and `set`, appending to `out`.
///
/// `space_as_plus` is the spec's *spaceAsPlus*, which the spec derives from the set: pass
/// true exactly when `set` is [`APPLICATION_X_WWW_FORM_URLENCODED`](crate::APPLICATION_X_WWW_FORM_URLENCODED).
/// The spec asserts that `encoding` is UTF-8 or `set` is the special-query or the
/// application/x-www-form-urlencoded set; other combinations are not rejected here.
///
/// Code points the encoding cannot represent become `%26%23`, their decimal value, `%3B`
/// (an HTML numeric character reference, percent-encoded).
///
/// ```
/// use weburl_percent::{percent_encode_after_encoding_into, SPECIAL_QUERY};
/// let mut out = String::new();
/// percent_encode_after_encoding_into(encoding_rs::SHIFT_JIS, "≡‽", &SPECIAL_QUERY, false, &mut out);
/// assert_eq!(out, "%81%DF%26%238253%3B");
/// ```
pub fn percent_encode_after_encoding_into(
    encoding: &'static Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) {
    // "Let encoder be the result of getting an encoder from encoding": getting an output
    // encoding turns UTF-16BE/LE and replacement into UTF-8.
    let encoding = encoding.output_encoding();
    if encoding == encoding_rs::UTF_8 {
        // UTF-8 encoding of a `str` is its bytes and never fails: skip the encoder.
        encode_str_into(input, set, space_as_plus, out);
        return;
    }
    let mut encoder = encoding.new_encoder();
    let mut buf = [0u8; CHUNK];
    let mut rest = input;
    // "While potentialError is non-null": each round runs "encode or fail" until the input
    // is exhausted or an unmappable code point is met. encoding_rs also stops when `buf` is
    // full; that round simply continues.
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        percent_encode_bytes_into(
            buf.get(..written).unwrap_or_default(),
            set,
            space_as_plus,
            out,
        );
        rest = rest.get(read..).unwrap_or_default();
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {
                if read == 0 && written == 0 {
                    // Cannot happen with a 1 KiB buffer; guards against looping forever.
                    break;
                }
            }
            // "If potentialError is non-null, then append "%26%23", followed by the shortest
            // sequence of ASCII digits representing potentialError in base ten, followed by
            // "%3B", to output."
            EncoderResult::Unmappable(c) => {
                // Writing to a `String` cannot fail.
                let _ = write!(out, "%26%23{}%3B", u32::from(c));
            }
        }
    }
}

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding),
/// returning a new string; see [`percent_encode_after_encoding_into`].
///
/// ```
/// use weburl_percent::{percent_encode_after_encoding, APPLICATION_X_WWW_FORM_URLENCODED};
/// assert_eq!(
///     percent_encode_after_encoding(
///         encoding_rs::SHIFT_JIS,
///         "1+1 ≡ 2%20‽",
///         &APPLICATION_X_WWW_FORM_URLENCODED,
///         true,
///     ),
///     "1%2B1+%81%DF+2%2520%26%238253%3B",
/// );
/// ```
pub fn percent_encode_after_encoding(
    encoding: &'static Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
) -> String {
    let mut out = String::with_capacity(input.len());
    percent_encode_after_encoding_into(encoding, input, set, space_as_plus, &mut out);
    out
}
