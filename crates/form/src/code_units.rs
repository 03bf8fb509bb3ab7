//! [Code unit less than](https://infra.spec.whatwg.org/#code-unit-less-than): ordering
//! strings by their UTF-16 code units, as `URLSearchParams.sort()` does.

use core::cmp::Ordering;

/// The first UTF-16 code unit of `c`: itself in the BMP, else its lead surrogate.
#[inline]
fn first_code_unit(c: char) -> u32 {
    let c = u32::from(c);
    if c < 0x1_0000 {
        c
    } else {
        0xD800 + ((c - 0x1_0000) >> 10)
    }
}

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
/// Linear in the length of the common prefix, with no allocation: the common byte prefix is
/// skipped, then only the first differing code points are compared. UTF-8 byte order is
/// code point order, which agrees with code unit order except between a code point above
/// U+FFFF and one from U+E000 to U+FFFF; comparing first code units settles that case.
pub fn code_unit_cmp(a: &str, b: &str) -> Ordering {
    let common = a
        .as_bytes()
        .iter()
        .zip(b.as_bytes())
        .take_while(|(x, y)| x == y)
        .count();
    // Back up to the start of the code point holding the first difference. The bytes before
    // `common` are equal, so a boundary of `a` there is also one of `b`.
    let mut start = common;
    while start > 0 && !a.is_char_boundary(start) {
        start -= 1;
    }
    let x = a.get(start..).and_then(|s| s.chars().next());
    let y = b.get(start..).and_then(|s| s.chars().next());
    match (x, y) {
        (Some(x), Some(y)) => first_code_unit(x)
            .cmp(&first_code_unit(y))
            // Equal first code units: both are above U+FFFF (with the same lead surrogate) or
            // they are the same code point; either way code point order is code unit order.
            .then(x.cmp(&y)),
        // One string is a prefix of the other: the shorter is less.
        (x, y) => x.is_some().cmp(&y.is_some()),
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
