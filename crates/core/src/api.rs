//! Parsing entry points: [`Url::parse`], [`Url::parse_with_base`], [`Url::join`],
//! [`Url::can_parse`] and the [`ParseOptions`] builder.

use encoding_rs::Encoding;

use crate::errors::{ErrorSink, ParseError};
use crate::parser::{self, ParseConfig};
use crate::url::Url;

impl Url {
    /// Parses `input` without a base URL: the
    /// [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) on `input`.
    ///
    /// The error names the validation error that made the parse fail.
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        Url::options().parse(input)
    }

    /// Parses `input` against `base`.
    pub fn parse_with_base(input: &str, base: &Url) -> Result<Url, ParseError> {
        Url::options().base(base).parse(input)
    }

    /// Parses `input` with this URL as the base (the same as [`Url::parse_with_base`]).
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse_with_base(input, self)
    }

    /// The [`canParse(url, base)`](https://url.spec.whatwg.org/#dom-url-canparse) method:
    /// whether `input` parses (against `base` parsed first, if given).
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        match base {
            None => Url::parse(input).is_ok(),
            Some(base) => match Url::parse(base) {
                Ok(base) => Url::parse_with_base(input, &base).is_ok(),
                Err(_) => false,
            },
        }
    }

    /// A builder for parsing with options (base URL, query encoding).
    pub fn options<'b>() -> ParseOptions<'b> {
        ParseOptions {
            base: None,
            encoding: encoding_rs::UTF_8,
            max_length: u32::MAX as usize,
        }
    }
}

/// Options for the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser):
/// see [`Url::options`].
#[derive(Clone, Copy, Debug)]
#[must_use]
pub struct ParseOptions<'b> {
    base: Option<&'b Url>,
    encoding: &'static Encoding,
    max_length: usize,
}

impl<'b> ParseOptions<'b> {
    /// Parses relative to `base`.
    pub fn base(mut self, base: &'b Url) -> Self {
        self.base = Some(base);
        self
    }

    /// Encodes the query with `encoding` (the spec's *encoding*; the fragment is always
    /// UTF-8, and non-special and `ws`/`wss` URLs always use UTF-8).
    pub fn encoding(mut self, encoding: &'static Encoding) -> Self {
        self.encoding = encoding;
        self
    }

    /// Parses `input`.
    pub fn parse(&self, input: &str) -> Result<Url, ParseError> {
        self.parse_with_sink(input, ())
    }

    /// Parses `input`, reporting every validation error to `sink`.
    #[doc(hidden)]
    pub fn parse_with_sink<S: ErrorSink>(&self, input: &str, sink: S) -> Result<Url, ParseError> {
        let config = ParseConfig {
            base: self.base,
            encoding: self.encoding,
            max_len: self.max_length,
        };
        parser::parse(input, &config, sink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::ParseErrorKind;

    #[test]
    fn too_long_is_an_error_not_a_panic() {
        let config = ParseConfig {
            base: None,
            encoding: encoding_rs::UTF_8,
            max_len: 20,
        };
        let err = parser::parse("https://example.com/a-long-path", &config, ()).unwrap_err();
        assert_eq!(err.kind(), ParseErrorKind::TooLong);
        assert_eq!(err.name(), "too-long");
        assert_eq!(err.to_string(), "invalid URL: too-long");
        assert!(parser::parse("https://example.com/", &config, ()).is_ok());
        // Percent-encoding can triple the input: the limit is on the output.
        let config = ParseConfig {
            max_len: 30,
            ..config
        };
        assert!(parser::parse("https://e.com/\u{e9}\u{e9}\u{e9}", &config, ()).is_err());
    }
}
