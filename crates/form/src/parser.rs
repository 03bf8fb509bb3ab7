//! The [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::iter::FusedIterator;

use weburl_percent::decode_percent_encoded_byte;

/// The [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser):
/// the list of name-value tuples `input` encodes.
///
/// Never fails: empty sequences between `&` are skipped, `+` means U+0020 SPACE, malformed
/// percent-encoded bytes are kept as they are, and invalid UTF-8 becomes U+FFFD.
///
/// ```
/// assert_eq!(
///     weburl_form::parse(b"a=b+c&&%61=%E2%80%BD&d"),
///     [("a".into(), "b c".into()), ("a".into(), "‽".into()), ("d".into(), "".into())],
/// );
/// ```
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    parse_iter(input)
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

/// The [application/x-www-form-urlencoded string parser](https://url.spec.whatwg.org/#concept-urlencoded-string-parser):
/// [`parse`] of the UTF-8 encoding of `input`.
///
/// ```
/// assert_eq!(weburl_form::parse_str("?a=1"), [("?a".into(), "1".into())]);
/// ```
pub fn parse_str(input: &str) -> Vec<(String, String)> {
    parse(input.as_bytes())
}

/// The [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser)
/// as a lazy iterator over the tuples of `input`. Names and values are borrowed from `input`
/// when they need no decoding.
///
/// ```
/// use std::borrow::Cow;
/// let mut tuples = weburl_form::parse_iter(b"q=rust&lang=en+GB");
/// assert!(matches!(tuples.next(), Some((Cow::Borrowed("q"), Cow::Borrowed("rust")))));
/// assert_eq!(tuples.next(), Some(("lang".into(), "en GB".into())));
/// assert_eq!(tuples.next(), None);
/// ```
pub fn parse_iter(input: &[u8]) -> Parse<'_> {
    Parse { rest: Some(input) }
}

/// Iterator over the name-value tuples of application/x-www-form-urlencoded input; see
/// [`parse_iter`].
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    /// The bytes not yet split off; `None` once the last sequence has been taken.
    rest: Option<&'a [u8]>,
}

impl<'a> Parse<'a> {
    /// The next sequence of the spec's "splitting input on 0x26 (&)", empty ones included.
    fn next_sequence(&mut self) -> Option<&'a [u8]> {
        let rest = self.rest?;
        match rest.iter().position(|&b| b == b'&') {
            Some(amp) => {
                let (bytes, tail) = rest.split_at(amp);
                self.rest = tail.get(1..);
                Some(bytes)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let bytes = self.next_sequence()?;
            // "If bytes is the empty byte sequence, then continue."
            if bytes.is_empty() {
                continue;
            }
            // "If bytes contains a 0x3D (=), then let name be the bytes from the start of bytes
            // up to but excluding its first 0x3D (=), and let value be the bytes, if any, after
            // the first 0x3D (=) up to the end of bytes." Otherwise value is empty.
            let (name, value) = match bytes.iter().position(|&b| b == b'=') {
                Some(eq) => {
                    let (name, tail) = bytes.split_at(eq);
                    (name, tail.get(1..).unwrap_or_default())
                }
                None => (bytes, &[][..]),
            };
            return Some((decode(name), decode(value)));
        }
    }
}

impl FusedIterator for Parse<'_> {}

/// The parser's last steps for one name or value:
///
/// > Replace any 0x2B (+) in name and value with 0x20 (SP).
/// >
/// > Let nameString and valueString be the result of running UTF-8 decode without BOM on the
/// > percent-decoding of name and value, respectively.
///
/// Done in one pass: `+` is not an ASCII hex digit, so replacing it while percent-decoding
/// gives the same bytes as replacing it first. Bytes without `+` or `%` are only
/// UTF-8 decoded (borrowed when valid).
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let is_special = |b: &u8| *b == b'+' || *b == b'%';
    let Some(first) = bytes.iter().position(is_special) else {
        return String::from_utf8_lossy(bytes);
    };
    let (plain, mut rest) = bytes.split_at(first);
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(plain);
    // `rest` starts with `+` or `%` at the top of each round.
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'+' {
            out.push(b' ');
            rest = tail;
        } else if let Some(byte) = decode_percent_encoded_byte(rest) {
            out.push(byte);
            rest = tail.get(2..).unwrap_or_default();
        } else {
            // A `%` not followed by two ASCII hex digits is kept.
            out.push(b);
            rest = tail;
        }
        // Copy the run up to the next `+` or `%` whole.
        let run = rest.iter().position(is_special).unwrap_or(rest.len());
        let (plain, tail) = rest.split_at(run);
        out.extend_from_slice(plain);
        rest = tail;
    }
    // UTF-8 decode without BOM: invalid sequences become U+FFFD; a BOM is kept.
    Cow::Owned(match String::from_utf8(out) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}
