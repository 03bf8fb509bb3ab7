//! Percent-decoding for display: [URL rendering](https://url.spec.whatwg.org/#url-rendering-i18n)
//! asks for "sequences of percent-encoded bytes replaced with code points resulting from
//! running UTF-8 decode without BOM on the percent-decoding of those sequences, unless that
//! renders those sequences invisible", and allows keeping encoded "certain sequences that
//! present spoofing risks (e.g., U+1F512 (🔒))".
//!
//! What is decoded, and why not more:
//!
//! - non-ASCII code points, one valid UTF-8 sequence at a time (an invalid or overlong
//!   sequence stays encoded, byte by byte);
//! - U+0020 SPACE, except in a run of white space that ends the component (invisible
//!   there) and in opaque paths (where the parser would not encode it again);
//! - no other ASCII: `%2F` is not `/`, `%3F` not `?`, `%23` not `#`, `%25` not `%`, `%5C`
//!   not `\`, `%2E%2E` not `..`, `%26` not `&` in a query: each would change what the URL
//!   means if the rendering were read back, and decoding `%41` to `A` reads no better.
//!
//! A decoded code point stays encoded when it is a control, format, separator, private-use,
//! unassigned, Default_Ignorable or Bidi_Control code point (invisible, or moving text
//! around); white space at the end of the component; a mark that would combine with a
//! character that was not decoded with it (`/` + U+0338 COMBINING LONG SOLIDUS OVERLAY);
//! one whose UTS 39 confusable prototype contains `/`, `\`, `?`, `#`, `%` or `@` (U+2215
//! DIVISION SLASH, U+FF1F FULLWIDTH QUESTION MARK, ...); and the lock and key emoji
//! U+1F50F..=U+1F513, which pose as a browser's security indicator (the spec's example and
//! Chromium's list).

use alloc::string::String;

use crate::unicode;

/// The kind of component being decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// A path (list of segments) or a query or fragment.
    Normal,
    /// An opaque path, where the parser leaves spaces alone.
    OpaquePath,
}

/// The lock and key emoji (U+1F50F LOCK WITH INK PEN .. U+1F513 OPEN LOCK).
const LOCKS: core::ops::RangeInclusive<char> = '\u{1F50F}'..='\u{1F513}';

/// The value of an ASCII hex digit.
#[inline]
fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// The byte `%XY` at `input[i..]` encodes, if it is a percent-encoded byte.
#[inline]
fn escape_at(input: &[u8], i: usize) -> Option<u8> {
    match input.get(i..i + 3) {
        Some([b'%', h, l]) => Some(hex(*h)? << 4 | hex(*l)?),
        _ => None,
    }
}

/// Appends `input` (a serialized path, query or fragment: ASCII) to `out`, with the
/// percent-encoded sequences this module allows decoded. Returns whether any byte was
/// decoded.
pub(crate) fn decode_into(input: &str, part: Part, out: &mut String) -> bool {
    let bytes = input.as_bytes();
    if !bytes.contains(&b'%') {
        out.push_str(input);
        return false;
    }
    let mut decoded_any = false;
    // Whether the last code point appended was decoded from a non-ASCII sequence and is
    // not a mark: a decoded mark may combine with it.
    let mut base_decoded = false;
    let mut i = 0;
    while i < bytes.len() {
        let Some(byte) = escape_at(bytes, i) else {
            // Copy up to the next `%`.
            let next = bytes
                .get(i + 1..)
                .and_then(|rest| rest.iter().position(|&b| b == b'%'))
                .map_or(bytes.len(), |p| i + 1 + p);
            out.push_str(input.get(i..next).unwrap_or_default());
            base_decoded = false;
            i = next;
            continue;
        };
        if byte.is_ascii() {
            if byte == b' ' && part == Part::Normal && !white_space_to_end(bytes, i + 3) {
                out.push(' ');
                decoded_any = true;
            } else {
                out.push_str(input.get(i..i + 3).unwrap_or_default());
            }
            base_decoded = false;
            i += 3;
            continue;
        }
        match utf8_at(bytes, i) {
            Some((c, len)) if may_decode(c, base_decoded, bytes, i + len) => {
                out.push(c);
                decoded_any = true;
                base_decoded = !unicode::is_mark(c);
                i += len;
            }
            _ => {
                // Not decodable here: keep this escape and go on with the next byte.
                out.push_str(input.get(i..i + 3).unwrap_or_default());
                base_decoded = false;
                i += 3;
            }
        }
    }
    decoded_any
}

/// The code point whose UTF-8 encoding is percent-encoded at `bytes[i..]`, and the length
/// of its escapes (3 per byte); `None` when the escapes there are not one valid UTF-8
/// sequence.
fn utf8_at(bytes: &[u8], i: usize) -> Option<(char, usize)> {
    let lead = escape_at(bytes, i)?;
    let n = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [0u8; 4];
    for (k, slot) in buf.iter_mut().enumerate().take(n) {
        *slot = escape_at(bytes, i + 3 * k)?;
    }
    let s = core::str::from_utf8(buf.get(..n)?).ok()?;
    let c = s.chars().next()?;
    Some((c, 3 * n))
}

/// Whether the rest of the component, `bytes[from..]`, is only (literal or percent-encoded)
/// white space, so that white space before it would end the component.
fn white_space_to_end(bytes: &[u8], from: usize) -> bool {
    let mut i = from;
    while i < bytes.len() {
        if let Some(b) = escape_at(bytes, i) {
            if b.is_ascii_whitespace() {
                i += 3;
                continue;
            }
            // A percent-encoded non-ASCII white space (NBSP, U+3000, ...).
            match utf8_at(bytes, i) {
                Some((c, len)) if unicode::is_white_space(c) => {
                    i += len;
                    continue;
                }
                _ => return false,
            }
        }
        match bytes.get(i) {
            Some(b) if b.is_ascii_whitespace() => i += 1,
            _ => return false,
        }
    }
    true
}

/// Whether the decoded non-ASCII `c`, followed by `bytes[after..]`, may be shown decoded.
fn may_decode(c: char, base_decoded: bool, bytes: &[u8], after: usize) -> bool {
    if unicode::is_hidden_or_control(c) || LOCKS.contains(&c) {
        return false;
    }
    if unicode::is_mark(c) && !base_decoded {
        return false;
    }
    if unicode::is_white_space(c) && white_space_to_end(bytes, after) {
        return false;
    }
    !looks_like_syntax(c)
}

/// Whether the UTS 39 confusable prototype of `c` contains a URL delimiter.
fn looks_like_syntax(c: char) -> bool {
    let mut buf = [0u8; 4];
    let found = unicode_security::skeleton(c.encode_utf8(&mut buf))
        .any(|p| matches!(p, '/' | '\\' | '?' | '#' | '%' | '@'));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> String {
        let mut out = String::new();
        decode_into(s, Part::Normal, &mut out);
        out
    }

    #[test]
    fn decodes_text_and_keeps_syntax() {
        assert_eq!(d("/caf%C3%A9/%E4%BE%8B"), "/café/例");
        assert_eq!(d("/a%2Fb%3F%23%25%5C%2E"), "/a%2Fb%3F%23%25%5C%2E");
        assert_eq!(d("/a%20b%20"), "/a b%20");
        assert_eq!(d("/a%20%C2%A0"), "/a%20%C2%A0");
        assert_eq!(d("/%E2%80%AEevil"), "/%E2%80%AEevil"); // RLO
        assert_eq!(d("/%F0%9F%94%92"), "/%F0%9F%94%92"); // LOCK
        assert_eq!(d("/%E2%88%95"), "/%E2%88%95"); // DIVISION SLASH
        assert_eq!(d("/%CC%B8"), "/%CC%B8"); // combining mark after ASCII
        assert_eq!(d("/e%CC%81"), "/e%CC%81");
        assert_eq!(d("/%C3%A9%CC%81"), "/é\u{301}");
        assert_eq!(d("/%C3"), "/%C3");
        assert_eq!(d("/%C3%28"), "/%C3%28");
        assert_eq!(d("/%c3%a9"), "/é");
        assert_eq!(d("/%E2%80%8B"), "/%E2%80%8B"); // ZERO WIDTH SPACE
        assert_eq!(d("/%"), "/%");
        assert_eq!(d("%zz%2"), "%zz%2");
    }
}
