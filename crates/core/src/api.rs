//! Parsing entry points: [`Url::parse`], [`Url::parse_with_base`], [`Url::join`],
//! [`Url::can_parse`] and the [`ParseOptions`] builder (with [`ParseOptionsWithErrors`] for
//! reporting validation errors).

use crate::errors::{ErrorSink, ParseError};
use crate::route;
pub use crate::route::ParseOptions;
use crate::url::Url;

impl Url {
    /// Parses `input` without a base URL: the
    /// [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) on `input`.
    ///
    /// The error names the validation error that made the parse fail.
    // Not `#[inline]`: a caller's crate built without LTO would compile the parser again (with
    // thin LTO it is inlined anyway: docs/performance.md, "Figures from weburl-core's comments").
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
    ///
    /// The parse stops as soon as its outcome is known: no step after the host (path, query,
    /// fragment) can fail, so an input is known to parse once the parser reaches its path.
    /// An input whose scheme and authority are already in serialized form (see the fast path)
    /// is recognized without building anything, so nothing is allocated. Other inputs run the
    /// parser up to the path, which writes into a buffer the thread keeps for the purpose
    /// (with the `std` feature: allocated on first use, kept while at most 16 KiB), so they
    /// allocate nothing either unless a step needs its own copy (removing a tab or newline,
    /// percent-decoding or mapping a host). A `base` is parsed into a URL of its own.
    #[inline]
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        route::can_parse(input, base)
    }

    /// A builder for parsing with options: base URL, query encoding, maximum length, and
    /// reporting [validation errors](https://url.spec.whatwg.org/#validation-error).
    ///
    /// ```
    /// use weburl_core::{Url, ValidationError};
    /// let base = Url::parse("https://example.org/a/").unwrap();
    /// let mut errors: Vec<ValidationError> = Vec::new();
    /// let url = Url::options()
    ///     .base(&base)
    ///     .max_length(2048)
    ///     .validation_errors(&mut errors)
    ///     .parse("https:b\\c")
    ///     .unwrap();
    /// assert_eq!(url.href(), "https://example.org/a/b/c");
    /// let names: Vec<_> = errors.iter().map(|e| e.kind.name()).collect();
    /// assert_eq!(names, ["special-scheme-missing-following-solidus", "invalid-reverse-solidus"]);
    /// ```
    pub fn options<'b>() -> ParseOptions<'b> {
        ParseOptions::new()
    }

    /// Whether `input` takes the fast path for inputs already in serialized form (when parsed
    /// without an error sink and with UTF-8 as the query encoding). A test hook (feature
    /// `__test-hooks`), for tests and fuzzing of the fast path only: not part of the API.
    #[cfg(feature = "__test-hooks")]
    #[doc(hidden)]
    pub fn takes_fast_path(input: &str) -> bool {
        route::fast_accepts(input)
    }

    /// [`Url::can_parse`] without its fast path: the full state machine decides. A test hook
    /// (feature `__test-hooks`), for tests and fuzzing of the fast path only: not part of the
    /// API.
    #[cfg(feature = "__test-hooks")]
    #[doc(hidden)]
    pub fn can_parse_full_state_machine(input: &str, base: Option<&str>) -> bool {
        let options = Url::options().full_state_machine(true);
        match base {
            None => options.parse(input).is_ok(),
            Some(base) => match options.parse(base) {
                Ok(base) => options.base(&base).parse(input).is_ok(),
                Err(_) => false,
            },
        }
    }
}

// The builder's methods of `ParseOptions` (defined with the route that reads it).
impl<'b> ParseOptions<'b> {
    /// Parses relative to `base`.
    pub fn base(mut self, base: &'b Url) -> Self {
        self.base = Some(base);
        self
    }

    /// Encodes the query with `encoding` (the spec's *encoding*; the fragment is always
    /// UTF-8, and non-special and `ws`/`wss` URLs always use UTF-8). Feature `encoding`:
    /// without it every query is encoded as UTF-8, the spec's default.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let url = Url::options()
    ///     .encoding(weburl_percent::encoding_rs::SHIFT_JIS)
    ///     .parse("https://example.org/?\u{2261}#\u{2261}")
    ///     .unwrap();
    /// assert_eq!(url.href(), "https://example.org/?%81%DF#%E2%89%A1");
    /// ```
    #[cfg(feature = "encoding")]
    pub fn encoding(mut self, encoding: &'static encoding_rs::Encoding) -> Self {
        self.encoding = encoding;
        self
    }

    /// Refuses, with [`ParseErrorKind::TooLong`](crate::ParseErrorKind::TooLong) (`"too-long"`,
    /// which is not a row of the spec's validation error table), any URL whose serialization
    /// would be longer than `max_length` bytes. The URL keeps the limit: its setters refuse to
    /// make it longer (see [`Url::max_length`]). Values over `u32::MAX` mean `u32::MAX`, the
    /// default, which is also the limit of the representation: an input longer than that is
    /// refused without being read.
    ///
    /// This is not part of the spec: with it, a URL the spec's parser accepts can be refused.
    pub fn max_length(mut self, max_length: usize) -> Self {
        self.max_length = u32::try_from(max_length).unwrap_or(u32::MAX);
        self
    }

    /// With `true`, never takes the fast path for inputs already in serialized form: every
    /// input runs through the spec's state machine. The result is the same either way; this
    /// exists to test (and fuzz) that claim. A test hook (feature `__test-hooks`): not part
    /// of the API.
    #[cfg(feature = "__test-hooks")]
    #[doc(hidden)]
    pub fn full_state_machine(mut self, full: bool) -> Self {
        self.fast = !full;
        self
    }

    /// Reports the [validation errors](https://url.spec.whatwg.org/#validation-error) of each
    /// parse to `sink` (typically a `&mut Vec<ValidationError>`, which they are appended to):
    /// every error the spec's parser raises, in the order it raises them, with the byte range
    /// of the input it concerns and whether it failed the parse. See [`ValidationError`].
    ///
    /// Parsing without this costs nothing for errors: the parser is generic over the sink, and
    /// the default `()` sink compiles the reporting away.
    ///
    /// [`ValidationError`]: crate::ValidationError
    pub fn validation_errors<S: ErrorSink>(self, sink: S) -> ParseOptionsWithErrors<'b, S> {
        ParseOptionsWithErrors {
            options: self,
            sink,
        }
    }

    /// Parses `input`.
    #[inline(always)]
    pub fn parse(&self, input: &str) -> Result<Url, ParseError> {
        self.parse_with_sink(input, ())
    }

    /// Parses `input`, reporting every validation error to `sink` (the same as
    /// [`validation_errors`](Self::validation_errors) followed by
    /// [`parse`](ParseOptionsWithErrors::parse)).
    #[inline(always)]
    pub fn parse_with_sink<S: ErrorSink>(&self, input: &str, sink: S) -> Result<Url, ParseError> {
        route::parse(input, self, sink)
    }
}

/// [`ParseOptions`] with an [`ErrorSink`] that each parse reports its validation errors to:
/// see [`ParseOptions::validation_errors`].
#[derive(Debug)]
#[must_use]
pub struct ParseOptionsWithErrors<'b, S: ErrorSink> {
    options: ParseOptions<'b>,
    sink: S,
}

impl<'b, S: ErrorSink> ParseOptionsWithErrors<'b, S> {
    /// As [`ParseOptions::base`].
    pub fn base(mut self, base: &'b Url) -> Self {
        self.options = self.options.base(base);
        self
    }

    /// As [`ParseOptions::encoding`] (feature `encoding`).
    #[cfg(feature = "encoding")]
    pub fn encoding(mut self, encoding: &'static encoding_rs::Encoding) -> Self {
        self.options = self.options.encoding(encoding);
        self
    }

    /// As [`ParseOptions::max_length`].
    pub fn max_length(mut self, max_length: usize) -> Self {
        self.options = self.options.max_length(max_length);
        self
    }

    /// Parses `input`, reporting its validation errors to the sink. Errors of successive
    /// parses accumulate in the sink.
    pub fn parse(&mut self, input: &str) -> Result<Url, ParseError> {
        self.options.parse_with_sink(input, &mut self.sink)
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The options without the sink, and the sink.
    pub fn into_parts(self) -> (ParseOptions<'b>, S) {
        (self.options, self.sink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::ParseErrorKind;

    #[test]
    fn too_long_is_an_error_not_a_panic() {
        let options = Url::options().max_length(20);
        let err = route::parse("https://example.com/a-long-path", &options, ()).unwrap_err();
        assert_eq!(err.kind(), ParseErrorKind::TooLong);
        assert_eq!(err.name(), "too-long");
        assert_eq!(err.to_string(), "invalid URL: too-long");
        assert!(route::parse("https://example.com/", &options, ()).is_ok());
        // Percent-encoding can triple the input: the limit is on the output.
        let options = options.max_length(30);
        assert!(route::parse("https://e.com/\u{e9}\u{e9}\u{e9}", &options, ()).is_err());
    }
}
