//! Errors: each place where the standard throws a `TypeError`, by name.

use core::fmt;

/// Why a [`UrlPattern`](crate::UrlPattern) could not be built, or an input not matched.
///
/// Each variant is one place where the URLPattern Standard throws a `TypeError`; its
/// [`name`](Error::name) is a stable kebab-case identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// [process a tokenizing error](https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error)
    /// under the strict policy: an invalid code point (a lone `\` at the end, a `:` with no
    /// name, a malformed or non-ASCII `(regexp)`) at this code point index of the pattern
    /// string.
    Tokenize {
        /// Code point index in the component's pattern string.
        index: usize,
    },
    /// [consume a required token](https://urlpattern.spec.whatwg.org/#consume-a-required-token)
    /// found another token (e.g. a `{` with no `}`, or a modifier with nothing to modify).
    UnexpectedToken {
        /// Code point index in the component's pattern string.
        index: usize,
    },
    /// [is a duplicate name](https://urlpattern.spec.whatwg.org/#is-a-duplicate-name): two
    /// groups of one component share a name.
    DuplicateName(String),
    /// An encoding callback (the URL parser run on a fixed part of the pattern, e.g.
    /// [canonicalize a hostname](https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname))
    /// failed on this text.
    InvalidComponent {
        /// The component: `"protocol"`, `"hostname"`, `"port"`, ...
        component: &'static str,
        /// The text the URL parser refused.
        value: String,
    },
    /// `RegExpCreate` would throw: the generated regular expression (with a custom
    /// `(regexp)` group) is not valid ECMAScript with the `v` flag.
    InvalidRegExp(String),
    /// A valid ECMAScript regular expression that the linear-time engine cannot run:
    /// look-around, backreferences or class string disjunctions (see ARCHITECTURE.md).
    UnsupportedRegExp(&'static str),
    /// The compiled regular expression is larger than the engine's size limit.
    RegExpTooBig,
    /// [create](https://urlpattern.spec.whatwg.org/#url-pattern-create): a pattern string
    /// with no protocol and no base URL.
    RelativeWithoutBase,
    /// A base URL given together with a `URLPatternInit` (which carries its own `baseURL`).
    BaseUrlWithInit,
    /// The base URL does not parse.
    InvalidBaseUrl,
    /// [`generate`](crate::UrlPattern::generate) met a part that does not stand for one
    /// string.
    CannotGenerate(&'static str),
}

impl Error {
    /// The error's stable name, e.g. `"tokenize"` or `"unsupported-regexp"`.
    pub fn name(&self) -> &'static str {
        match self {
            Error::Tokenize { .. } => "tokenize",
            Error::UnexpectedToken { .. } => "unexpected-token",
            Error::DuplicateName(_) => "duplicate-name",
            Error::InvalidComponent { .. } => "invalid-component",
            Error::InvalidRegExp(_) => "invalid-regexp",
            Error::UnsupportedRegExp(_) => "unsupported-regexp",
            Error::RegExpTooBig => "regexp-too-big",
            Error::RelativeWithoutBase => "relative-without-base",
            Error::BaseUrlWithInit => "base-url-with-init",
            Error::InvalidBaseUrl => "invalid-base-url",
            Error::CannotGenerate(_) => "cannot-generate",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid URL pattern: {}", self.name())?;
        match self {
            Error::Tokenize { index } | Error::UnexpectedToken { index } => {
                write!(f, " at code point {index}")
            }
            Error::DuplicateName(name) => write!(f, " ({name:?})"),
            Error::InvalidComponent { component, value } => write!(f, " ({component} {value:?})"),
            Error::InvalidRegExp(why) => write!(f, " ({why})"),
            Error::UnsupportedRegExp(what) | Error::CannotGenerate(what) => {
                write!(f, " ({what})")
            }
            _ => Ok(()),
        }
    }
}

impl std::error::Error for Error {}
