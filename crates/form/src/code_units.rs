//! [Code unit less than](https://infra.spec.whatwg.org/#code-unit-less-than): ordering
//! strings by their UTF-16 code units, as `URLSearchParams.sort()` does.

use core::cmp::Ordering;

/// Compares `a` and `b` as sequences of UTF-16 code units (Infra's
/// [code unit less than](https://infra.spec.whatwg.org/#code-unit-less-than), as a total
/// order). This is not the byte (or code point) order of `str`: a code point above U+FFFF
/// is encoded with surrogates 0xD800 to 0xDFFF and so sorts before U+E000 to U+FFFF.
///
/// ```
/// use std::cmp::Ordering;
/// use weburl_form::code_unit_cmp;
/// assert_eq!(code_unit_cmp("a", "b"), Ordering::Less);
/// assert_eq!(code_unit_cmp("ab", "a"), Ordering::Greater);
/// // U+1F600 is 0xD83D 0xDE00 in UTF-16, which is less than 0xFFFD.
/// assert_eq!(code_unit_cmp("😀", "\u{FFFD}"), Ordering::Less);
/// assert!("😀" > "\u{FFFD}");
/// ```
///
/// Linear in the length of the common prefix, with no allocation: the strings are compared
/// at their first differing byte. UTF-8 byte order is code point order, which agrees with
/// code unit order except between a code point above U+FFFF (lead byte 0xF0 to 0xF4) and one
/// from U+E000 to U+FFFF (lead byte 0xEE or 0xEF), which the first differing bytes tell: a
/// differing continuation byte (0x80 to 0xBF) means both code points have the same lead byte,
/// so the same length and the same side of U+FFFF.
pub fn code_unit_cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let Some((&x, &y)) = a.iter().zip(b).find(|(x, y)| x != y) else {
        // One string is a prefix of the other: the shorter is less.
        return a.len().cmp(&b.len());
    };
    let supplementary = |byte: u8| byte >= 0xF0;
    let high_bmp = |byte: u8| byte == 0xEE || byte == 0xEF;
    if supplementary(x) && high_bmp(y) {
        // A lead surrogate (0xD800 to 0xDBFF) against 0xE000 to 0xFFFF.
        Ordering::Less
    } else if high_bmp(x) && supplementary(y) {
        Ordering::Greater
    } else {
        x.cmp(&y)
    }
}

/// Infra's [code unit less than](https://infra.spec.whatwg.org/#code-unit-less-than).
///
/// ```
/// assert!(weburl_form::code_unit_less_than("\u{10000}", "\u{E000}"));
/// ```
pub fn code_unit_less_than(a: &str, b: &str) -> bool {
    code_unit_cmp(a, b) == Ordering::Less
}
