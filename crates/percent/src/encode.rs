//! [Percent-encode](https://url.spec.whatwg.org/#percent-encode) and
//! [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode).

use alloc::borrow::Cow;
use alloc::string::String;

use crate::sets::{AsciiSet, APPLICATION_X_WWW_FORM_URLENCODED};

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

/// [`HEX_TABLE`] as a `str`, so encoding a byte is a slice of it rather than a UTF-8
/// validation at run time.
static HEX_STR: &str = match core::str::from_utf8(&HEX_TABLE) {
    Ok(s) => s,
    // Unreachable: the table is ASCII. An empty string would make every lookup fall back.
    Err(_) => "",
};

/// [Percent-encode](https://url.spec.whatwg.org/#percent-encode) a byte: `%` followed by two
/// ASCII upper hex digits.
///
/// ```
/// assert_eq!(weburl_percent::percent_encode_byte(0x23), "%23");
/// assert_eq!(weburl_percent::percent_encode_byte(0x7F), "%7F");
/// ```
#[inline]
pub fn percent_encode_byte(byte: u8) -> &'static str {
    let i = byte as usize * 3;
    // Always in bounds and on char boundaries: the table holds 256 ASCII triples.
    HEX_STR.get(i..i + 3).unwrap_or("%00")
}

/// Length of the prefix of `bytes` that needs no encoding under `set`.
///
/// Looks at eight bytes per step without branching on each (the table lookups are OR-ed),
/// then finds the exact position byte by byte.
#[inline]
pub(crate) fn unencoded_prefix(bytes: &[u8], set: &AsciiSet) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |any, &b| any | set.contains(b)) {
            break;
        }
        offset += 8;
    }
    let rest = bytes.get(offset..).unwrap_or_default();
    offset
        + rest
            .iter()
            .position(|&b| set.contains(b))
            .unwrap_or(rest.len())
}

/// The inner loop of [percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
/// (its steps "for each byte of encodeOutput"), appending to `out`:
///
/// > 1. If spaceAsPlus is true and byte is 0x20 (SP), then append U+002B (+) to output and
/// >    continue.
/// > 2. Let isomorph be a code point whose value is byte's value.
/// > 3. Assert: percentEncodeSet includes all non-ASCII code points.
/// > 4. If isomorph is not in percentEncodeSet, then append isomorph to output.
/// > 5. Otherwise, percent-encode byte and append the result to output.
///
/// A run of bytes outside the set is ASCII and is appended whole rather than byte by byte.
///
/// ```
/// use weburl_percent::{percent_encode_bytes_into, APPLICATION_X_WWW_FORM_URLENCODED, PATH};
/// let mut out = String::new();
/// percent_encode_bytes_into(b"a b\xFF", &PATH, false, &mut out);
/// percent_encode_bytes_into(b"&c d", &APPLICATION_X_WWW_FORM_URLENCODED, true, &mut out);
/// assert_eq!(out, "a%20b%FF%26c+d");
/// ```
pub fn percent_encode_bytes_into(
    bytes: &[u8],
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) {
    let mut rest = bytes;
    while !rest.is_empty() {
        let run = unencoded_prefix(rest, set);
        let (ascii, tail) = rest.split_at(run.min(rest.len()));
        // Bytes outside the set are ASCII (every set holds all bytes >= 0x80), so this
        // conversion always succeeds.
        if let Ok(ascii) = core::str::from_utf8(ascii) {
            out.push_str(ascii);
        }
        rest = encode_in_set_run(tail, set, space_as_plus, out);
    }
}

/// Encodes the leading run of bytes of `bytes` that are in `set`; returns what follows it.
#[inline]
fn encode_in_set_run<'a>(
    bytes: &'a [u8],
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) -> &'a [u8] {
    let mut rest = bytes;
    while let Some((&b, tail)) = rest.split_first() {
        if !set.contains(b) {
            break;
        }
        if space_as_plus && b == b' ' {
            out.push('+');
        } else {
            out.push_str(percent_encode_byte(b));
        }
        rest = tail;
    }
    rest
}

/// [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode) `input`
/// using `set`, appending to `out`. Runs of bytes that need no encoding are copied whole.
///
/// The spec defines this as percent-encode after encoding with UTF-8, whose *spaceAsPlus*
/// is true exactly when `set` is the
/// [application/x-www-form-urlencoded percent-encode set](APPLICATION_X_WWW_FORM_URLENCODED):
/// with that set U+0020 SPACE becomes `+`.
///
/// ```
/// use weburl_percent::{utf8_percent_encode_into, APPLICATION_X_WWW_FORM_URLENCODED, QUERY};
/// let mut out = String::from("?");
/// utf8_percent_encode_into("a b‽", &QUERY, &mut out);
/// out.push('&');
/// utf8_percent_encode_into("a b‽", &APPLICATION_X_WWW_FORM_URLENCODED, &mut out);
/// assert_eq!(out, "?a%20b%E2%80%BD&a+b%E2%80%BD");
/// ```
#[inline]
pub fn utf8_percent_encode_into(input: &str, set: &AsciiSet, out: &mut String) {
    // The usual case, inlined at the caller: nothing to encode, one copy.
    let run = unencoded_prefix(input.as_bytes(), set);
    let (plain, rest) = input.split_at_checked(run).unwrap_or((input, ""));
    out.push_str(plain);
    if !rest.is_empty() {
        let space_as_plus = set.const_eq(&APPLICATION_X_WWW_FORM_URLENCODED);
        encode_str_into(rest, set, space_as_plus, out);
    }
}

/// [`percent_encode_bytes_into`] for the bytes of a `str`: encoding as UTF-8 is the identity
/// on them, so this is the spec's loop over encodeOutput, with no potentialError ever
/// reported.
pub(crate) fn encode_str_into(input: &str, set: &AsciiSet, space_as_plus: bool, out: &mut String) {
    let bytes = input.as_bytes();
    let mut start = 0;
    while start < bytes.len() {
        let rest = bytes.get(start..).unwrap_or_default();
        let run = unencoded_prefix(rest, set);
        // A run of bytes outside the set is ASCII, so it ends on a char boundary; slicing
        // the `str` avoids re-validating it.
        out.push_str(input.get(start..start + run).unwrap_or_default());
        let after = encode_in_set_run(rest.get(run..).unwrap_or_default(), set, space_as_plus, out);
        start = bytes.len() - after.len();
    }
}

/// [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode) `input`
/// using `set`. Borrows when nothing needs encoding. See [`utf8_percent_encode_into`].
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
    let mut out = String::with_capacity(input.len() + input.len() / 2 + 8);
    out.push_str(input.get(..run).unwrap_or_default());
    utf8_percent_encode_into(input.get(run..).unwrap_or_default(), set, &mut out);
    Cow::Owned(out)
}

/// [UTF-8 percent-encode](https://url.spec.whatwg.org/#utf-8-percent-encode) the
/// scalar value `c` using `set`, appending to `out`.
///
/// ```
/// let mut out = String::new();
/// weburl_percent::utf8_percent_encode_char_into('‽', &weburl_percent::PATH, &mut out);
/// weburl_percent::utf8_percent_encode_char_into('a', &weburl_percent::PATH, &mut out);
/// assert_eq!(out, "%E2%80%BDa");
/// ```
#[inline]
pub fn utf8_percent_encode_char_into(c: char, set: &AsciiSet, out: &mut String) {
    if !set.contains_char(c) {
        out.push(c);
    } else {
        let mut buf = [0u8; 4];
        let bytes = c.encode_utf8(&mut buf).as_bytes();
        let space_as_plus = set.const_eq(&APPLICATION_X_WWW_FORM_URLENCODED);
        encode_in_set_run(bytes, set, space_as_plus, out);
    }
}
