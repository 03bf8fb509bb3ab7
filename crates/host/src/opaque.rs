//! The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser).

use alloc::string::String;
use core::ops::Range;

use crate::error::{fail, HostError, HostErrorKind, HostErrorSink};

/// Whether `c` is a [forbidden host code point](https://url.spec.whatwg.org/#forbidden-host-code-point).
#[inline]
pub const fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// Whether `c` is a [URL code point](https://url.spec.whatwg.org/#url-code-points).
#[inline]
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{0}'..='\u{9F}' => false,
        // "code points in the range U+00A0 to U+10FFFD, inclusive, excluding surrogates and
        // noncharacters" (a `char` is never a surrogate).
        _ => {
            let cp = u32::from(c);
            !((0xFDD0..=0xFDEF).contains(&cp) || (cp & 0xFFFE) == 0xFFFE)
        }
    }
}

/// For each byte: whether it is a forbidden host code point or in the C0 control
/// percent-encode set.
#[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
static NOT_PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        t[b] = c >= 0x7F || c < 0x20 || is_forbidden_host_code_point(c as char);
        b += 1;
    }
    t
};

#[inline(always)]
fn not_plain(b: u8) -> bool {
    NOT_PLAIN.get(usize::from(b)).copied().unwrap_or(true)
}

/// The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser),
/// appending the opaque host to `out` (nothing on failure, or for the empty input).
///
/// Steps 2 and 3 of the algorithm raise *invalid-URL-unit*, a URL-parsing row of the
/// validation error table rather than a host row, so they are not reported here: the URL
/// parser can report them with [`opaque_host_invalid_url_units`].
pub(crate) fn opaque_host_parser<S: HostErrorSink + ?Sized>(
    input: &str,
    out: &mut String,
    errors: &mut S,
) -> Result<(), HostError> {
    // The usual host, in one pass: no byte is a forbidden host code point (all of which are
    // ASCII) or in the C0 control percent-encode set (C0 controls, U+007F and every
    // non-ASCII byte). Steps 1 and 4 then leave it as it is.
    if input.bytes().all(|b| !not_plain(b)) {
        out.push_str(input);
        return Ok(());
    }
    // "If input contains a forbidden host code point, host-invalid-code-point validation
    // error, return failure."
    if let Some((i, c)) = input
        .char_indices()
        .find(|&(_, c)| is_forbidden_host_code_point(c))
    {
        return fail(
            errors,
            HostErrorKind::HostInvalidCodePoint,
            i..i + c.len_utf8(),
        );
    }
    // "Return the result of running UTF-8 percent-encode on input using the C0 control
    // percent-encode set."
    weburl_percent::utf8_percent_encode_into(input, &weburl_percent::C0_CONTROL, out);
    Ok(())
}

/// The byte ranges of `input` where the [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser)
/// raises *invalid-URL-unit* validation errors, in the order the spec raises them (at most
/// two):
///
/// 1. the first code point that is neither a [URL code point](https://url.spec.whatwg.org/#url-code-points)
///    nor U+0025 (%);
/// 2. the first U+0025 (%) not followed by two ASCII hex digits.
///
/// ```
/// let ranges: Vec<_> = weburl_host::opaque_host_invalid_url_units("a%zz\u{1}").collect();
/// assert_eq!(ranges, [4..5, 1..2]);
/// ```
pub fn opaque_host_invalid_url_units(input: &str) -> impl Iterator<Item = Range<usize>> {
    let non_url_unit = input
        .char_indices()
        .find(|&(_, c)| c != '%' && !is_url_code_point(c))
        .map(|(i, c)| i..i + c.len_utf8());
    let bytes = input.as_bytes();
    let bad_percent = bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'%')
        .find(|&(i, _)| {
            !matches!(
                bytes.get(i + 1..i + 3),
                Some([a, b]) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit()
            )
        })
        .map(|(i, _)| i..i + 1);
    [non_url_unit, bad_percent].into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass check and the spec's steps agree: plain hosts are copied, others are
    /// refused or percent-encoded.
    #[test]
    fn plain_and_other_hosts() {
        let cases: [(&str, Option<&str>); 9] = [
            ("abc", Some("abc")),
            ("a%zz.b-c_d~!$&'()*+,;=", Some("a%zz.b-c_d~!$&'()*+,;=")),
            ("\u{e9}x", Some("%C3%A9x")),
            ("a\u{7f}", Some("a%7F")),
            ("a\u{1}", Some("a%01")),
            ("a b", None),
            ("a^b", None),
            ("a|b", None),
            ("\u{e9}<", None),
        ];
        for (input, want) in cases {
            let mut out = String::from("x:");
            let got = opaque_host_parser(input, &mut out, &mut ());
            match want {
                Some(w) => {
                    assert!(got.is_ok(), "{input:?}");
                    assert_eq!(out, alloc::format!("x:{w}"), "{input:?}");
                }
                None => {
                    assert!(got.is_err(), "{input:?}");
                    assert_eq!(out, "x:", "{input:?}");
                }
            }
        }
    }
}
