//! Parsing UTF-16 input, for JavaScript engines and FFI: [`Url::parse_utf16`] and
//! [`Url::parse_utf16_with_base`].

use alloc::string::String;

use crate::errors::ParseError;
use crate::url::Url;

/// The [conversion to a USVString](https://webidl.spec.whatwg.org/#es-USVString): the code
/// points of `input`, each lone surrogate replaced by U+FFFD.
fn to_usv_string(input: &[u16]) -> String {
    let mut out = String::with_capacity(input.len());
    out.extend(char::decode_utf16(input.iter().copied()).map(|r| r.unwrap_or('\u{FFFD}')));
    out
}

impl Url {
    /// Parses UTF-16 `input` (a JavaScript string, a Windows wide string): converted to a
    /// [USVString](https://webidl.spec.whatwg.org/#es-USVString) first, as the `URL`
    /// constructor's argument is, so a lone surrogate becomes U+FFFD (and then `%EF%BF%BD`
    /// in the path, query or fragment).
    ///
    /// Validation error ranges, if asked for through [`Url::options`] on the converted
    /// string, are byte ranges of its UTF-8 form.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let input: Vec<u16> = "https://example.org/a?".encode_utf16().chain([0xD800]).collect();
    /// let url = Url::parse_utf16(&input).unwrap();
    /// assert_eq!(url.href(), "https://example.org/a?%EF%BF%BD");
    /// ```
    pub fn parse_utf16(input: &[u16]) -> Result<Url, ParseError> {
        Url::parse(&to_usv_string(input))
    }

    /// Parses UTF-16 `input` against `base`: see [`Url::parse_utf16`].
    pub fn parse_utf16_with_base(input: &[u16], base: &Url) -> Result<Url, ParseError> {
        Url::parse_with_base(&to_usv_string(input), base)
    }
}
