//! A parse's complete error list: every validation error the parser raised, and the failure
//! in it even where the failure is not a row of the spec's table (too-long). The one rule
//! the bindings (CLI, Python, C API) use to list a parse's errors.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::api::ParseOptions;
use crate::errors::{ParseError, ParseErrorKind, ValidationError, ValidationErrorKind};
use crate::url::Url;

/// One entry of a parse's complete error list (see [`ParseOptions::parse_with_error_list`]):
/// a [`ValidationError`] the parser raised, or the failure that is not a row of the spec's
/// table ([`ParseErrorKind::TooLong`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReportedError {
    /// The row of the table, or too-long.
    pub kind: ParseErrorKind,
    /// Whether this error made the parse fail.
    pub failure: bool,
    /// Byte range in the input as given (too-long: the whole input).
    pub range: Range<usize>,
}

impl ReportedError {
    /// The spec's name of the validation error (e.g. `"host-missing"`), or `"too-long"`.
    pub const fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The row of the spec's table, if the error is one.
    pub const fn validation_error(&self) -> Option<ValidationErrorKind> {
        match self.kind {
            ParseErrorKind::Validation(k) => Some(k),
            ParseErrorKind::TooLong => None,
        }
    }

    /// Whether this entry is `error`, the failure of a parse.
    fn is(&self, error: &ParseError) -> bool {
        self.failure && self.kind == error.kind() && self.range == error.range()
    }
}

impl From<ValidationError> for ReportedError {
    fn from(e: ValidationError) -> Self {
        ReportedError {
            kind: ParseErrorKind::Validation(e.kind),
            failure: e.failure,
            range: e.range,
        }
    }
}

impl From<&ParseError> for ReportedError {
    fn from(e: &ParseError) -> Self {
        ReportedError {
            kind: e.kind(),
            failure: true,
            range: e.range(),
        }
    }
}

impl fmt::Display for ReportedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at {}..{}",
            self.name(),
            self.range.start,
            self.range.end
        )
    }
}

impl ParseOptions<'_> {
    /// Parses `input` and returns, beside the result, the parse's complete error list: every
    /// [validation error](https://url.spec.whatwg.org/#validation-error) in the order the
    /// parser raised it, and, when the parse fails, the failure exactly once: the parser
    /// reports a failing row of the table itself; a failure that is not one (too-long) is
    /// appended at the end.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let (url, errors) = Url::options().parse_with_error_list("https://example.org:99999/");
    /// assert!(url.is_err());
    /// let names: Vec<_> = errors.iter().map(|e| (e.name(), e.failure)).collect();
    /// assert_eq!(names, [("port-out-of-range", true)]);
    ///
    /// let (url, errors) = Url::options().max_length(12).parse_with_error_list("https:example.org/");
    /// assert!(url.is_err());
    /// let names: Vec<_> = errors.iter().map(|e| (e.name(), e.failure)).collect();
    /// assert_eq!(names, [("special-scheme-missing-following-solidus", false), ("too-long", true)]);
    /// ```
    pub fn parse_with_error_list(
        &self,
        input: &str,
    ) -> (Result<Url, ParseError>, Vec<ReportedError>) {
        let mut found: Vec<ValidationError> = Vec::new();
        let result = self.parse_with_sink(input, &mut found);
        let mut errors: Vec<ReportedError> = found.into_iter().map(ReportedError::from).collect();
        if let Err(e) = &result {
            if !errors.iter().any(|r| r.is(e)) {
                errors.push(ReportedError::from(e));
            }
        }
        (result, errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(options: ParseOptions<'_>, input: &str) -> Vec<(&'static str, bool, Range<usize>)> {
        let (_, errors) = options.parse_with_error_list(input);
        errors
            .iter()
            .map(|e| (e.name(), e.failure, e.range.clone()))
            .collect()
    }

    #[test]
    fn a_valid_input_lists_its_validation_errors_only() {
        assert!(list(Url::options(), "https://example.org/").is_empty());
        assert_eq!(
            list(Url::options(), "https:example.org"),
            [("special-scheme-missing-following-solidus", false, 6..6)]
        );
    }

    #[test]
    fn a_failing_row_is_listed_once() {
        for input in [
            "https://",
            "http://a:99999/",
            "foo",
            "https://[::1/",
            "http://1.2.3.256/",
        ] {
            let (result, errors) = Url::options().parse_with_error_list(input);
            let failure = result.expect_err(input);
            let failures: Vec<_> = errors.iter().filter(|e| e.failure).collect();
            assert_eq!(failures.len(), 1, "{input}: {errors:?}");
            assert_eq!(failures[0].kind, failure.kind(), "{input}");
            assert_eq!(failures[0].range, failure.range(), "{input}");
            assert!(failures[0].validation_error().is_some());
        }
    }

    #[test]
    fn a_failing_row_of_a_relative_input_is_listed_once() {
        let base = Url::parse("https://example.org/a/").unwrap();
        let (result, errors) = Url::options().base(&base).parse_with_error_list("//:80/");
        assert!(result.is_err());
        assert_eq!(errors.iter().filter(|e| e.failure).count(), 1, "{errors:?}");
    }

    #[test]
    fn too_long_is_appended_after_the_validation_errors() {
        let options = Url::options().max_length(12);
        assert_eq!(
            list(options, "https:example.org/long"),
            [
                ("special-scheme-missing-following-solidus", false, 6..6),
                ("too-long", true, 0..22),
            ]
        );
        let (_, errors) = options.parse_with_error_list("https://example.org/long");
        assert_eq!(errors[0].validation_error(), None);
        assert_eq!(errors[0].to_string(), "too-long at 0..24");
    }
}
