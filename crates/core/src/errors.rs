//! Validation errors (the rows of the spec's
//! [validation error table](https://url.spec.whatwg.org/#validation-error)), the error sink the
//! parser reports them to, and the errors of parsing ([`ParseError`]) and of the setters
//! ([`SetterError`]).

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use weburl_host::HostErrorKind;

/// A row of the spec's [validation error table](https://url.spec.whatwg.org/#validation-error).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ValidationErrorKind {
    /// One of the host rows (IDNA and host parsing).
    Host(HostErrorKind),
    /// [invalid-URL-unit](https://url.spec.whatwg.org/#invalid-url-unit)
    InvalidUrlUnit,
    /// [special-scheme-missing-following-solidus](https://url.spec.whatwg.org/#special-scheme-missing-following-solidus)
    SpecialSchemeMissingFollowingSolidus,
    /// [missing-scheme-non-relative-URL](https://url.spec.whatwg.org/#missing-scheme-non-relative-url)
    MissingSchemeNonRelativeUrl,
    /// [invalid-reverse-solidus](https://url.spec.whatwg.org/#invalid-reverse-solidus)
    InvalidReverseSolidus,
    /// [invalid-credentials](https://url.spec.whatwg.org/#invalid-credentials)
    InvalidCredentials,
    /// [host-missing](https://url.spec.whatwg.org/#host-missing)
    HostMissing,
    /// [port-out-of-range](https://url.spec.whatwg.org/#port-out-of-range)
    PortOutOfRange,
    /// [port-invalid](https://url.spec.whatwg.org/#port-invalid)
    PortInvalid,
    /// [file-invalid-Windows-drive-letter](https://url.spec.whatwg.org/#file-invalid-windows-drive-letter)
    FileInvalidWindowsDriveLetter,
    /// [file-invalid-Windows-drive-letter-host](https://url.spec.whatwg.org/#file-invalid-windows-drive-letter-host)
    FileInvalidWindowsDriveLetterHost,
}

impl ValidationErrorKind {
    /// The URL-parsing rows, in the table's order (the host rows are
    /// [`HostErrorKind::ALL`]).
    pub const URL_ROWS: [ValidationErrorKind; 10] = [
        Self::InvalidUrlUnit,
        Self::SpecialSchemeMissingFollowingSolidus,
        Self::MissingSchemeNonRelativeUrl,
        Self::InvalidReverseSolidus,
        Self::InvalidCredentials,
        Self::HostMissing,
        Self::PortOutOfRange,
        Self::PortInvalid,
        Self::FileInvalidWindowsDriveLetter,
        Self::FileInvalidWindowsDriveLetterHost,
    ];

    /// Every row of the table (31: the 30 of the spec copy in `../shared/spec/url.bs`, and
    /// IPv4-non-ASCII-input, added to the spec since), in the table's order.
    pub fn all() -> impl Iterator<Item = ValidationErrorKind> {
        HostErrorKind::ALL
            .into_iter()
            .map(ValidationErrorKind::Host)
            .chain(Self::URL_ROWS)
    }

    /// The error's name exactly as the spec's table spells it, e.g. `"host-missing"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Host(h) => h.name(),
            Self::InvalidUrlUnit => "invalid-URL-unit",
            Self::SpecialSchemeMissingFollowingSolidus => {
                "special-scheme-missing-following-solidus"
            }
            Self::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            Self::InvalidReverseSolidus => "invalid-reverse-solidus",
            Self::InvalidCredentials => "invalid-credentials",
            Self::HostMissing => "host-missing",
            Self::PortOutOfRange => "port-out-of-range",
            Self::PortInvalid => "port-invalid",
            Self::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            Self::FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
        }
    }

    /// The table's "Failure" column. For domain-to-ASCII and IPv4-out-of-range-part the
    /// table's answer is conditional; see [`HostErrorKind::is_failure`] and
    /// [`ValidationError::failure`].
    pub const fn is_failure(self) -> bool {
        match self {
            Self::Host(h) => h.is_failure(),
            Self::MissingSchemeNonRelativeUrl
            | Self::HostMissing
            | Self::PortOutOfRange
            | Self::PortInvalid => true,
            Self::InvalidUrlUnit
            | Self::SpecialSchemeMissingFollowingSolidus
            | Self::InvalidReverseSolidus
            | Self::InvalidCredentials
            | Self::FileInvalidWindowsDriveLetter
            | Self::FileInvalidWindowsDriveLetterHost => false,
        }
    }
}

impl From<HostErrorKind> for ValidationErrorKind {
    fn from(kind: HostErrorKind) -> Self {
        ValidationErrorKind::Host(kind)
    }
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A validation error that occurred in a parse (or a setter's run of the parser): which row,
/// whether this occurrence made the parse return failure, and the byte range of the input it
/// concerns.
///
/// The range is in the input as given (before trimming and tab/newline removal; for a setter,
/// its value). It covers the offending code points (e.g. the credentials and their `@` for
/// invalid-credentials, the digits for port-out-of-range); it is empty, at the place the
/// missing thing should be, where something is missing (e.g.
/// special-scheme-missing-following-solidus right after the scheme's `:`, host-missing where
/// the host should start). Where the host parser works on a string derived from the input
/// (percent-decoded or UTS 46-mapped), host errors cover the whole host.
///
/// Leading and trailing C0 controls and spaces raise one invalid-URL-unit, as the spec does
/// ("If input contains any leading or trailing C0 control or space"): its range is what was
/// removed at the start, or at the end when nothing was removed at the start. Each tab or
/// newline removed raises one of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    /// Which row of the table.
    pub kind: ValidationErrorKind,
    /// Whether this occurrence made the parse return failure.
    pub failure: bool,
    /// Byte range in the input as given.
    pub range: Range<usize>,
}

impl ValidationError {
    /// The row's name exactly as the spec's table spells it, e.g. `"invalid-credentials"`.
    pub const fn name(&self) -> &'static str {
        self.kind.name()
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at {}..{}",
            self.kind, self.range.start, self.range.end
        )
    }
}

impl core::error::Error for ValidationError {}

/// Receives the validation errors of a parse, in the order they occur: see
/// [`ParseOptions::validation_errors`](crate::ParseOptions::validation_errors) and, for the
/// setters, [`Url::set_with_errors`](crate::Url::set_with_errors).
///
/// `()` ignores them at no cost: the parser is generic over the sink and checks
/// [`wants_errors`](Self::wants_errors) before doing any work that only serves error
/// reporting. `Vec<ValidationError>` collects them; implement the trait to do anything else
/// (count them, stop at the first, ...).
pub trait ErrorSink {
    /// Whether errors are wanted at all.
    fn wants_errors(&self) -> bool {
        true
    }
    /// Records one validation error.
    fn report(&mut self, error: ValidationError);
}

impl ErrorSink for () {
    #[inline]
    fn wants_errors(&self) -> bool {
        false
    }
    #[inline]
    fn report(&mut self, _error: ValidationError) {}
}

impl ErrorSink for Vec<ValidationError> {
    fn report(&mut self, error: ValidationError) {
        self.push(error);
    }
}

impl<S: ErrorSink + ?Sized> ErrorSink for &mut S {
    fn wants_errors(&self) -> bool {
        (**self).wants_errors()
    }
    fn report(&mut self, error: ValidationError) {
        (**self).report(error)
    }
}

/// What made a parse fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The validation error (a failure row of the table) that made the basic URL parser
    /// return failure.
    Validation(ValidationErrorKind),
    /// The serialization would be longer than the representation's `u32` offsets (or a
    /// configured maximum length) allow. Not a row of the spec's table.
    TooLong,
}

impl ParseErrorKind {
    /// The spec's name of the validation error, or `"too-long"`.
    pub const fn name(self) -> &'static str {
        match self {
            ParseErrorKind::Validation(k) => k.name(),
            ParseErrorKind::TooLong => "too-long",
        }
    }
}

/// Why a URL failed to parse. `Display` is e.g. `invalid URL: host-missing`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ParseErrorKind,
    range: Range<usize>,
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind, range: Range<usize>) -> ParseError {
        ParseError { kind, range }
    }

    pub(crate) fn too_long(len: usize) -> ParseError {
        ParseError::new(ParseErrorKind::TooLong, 0..len)
    }

    /// What failed the parse.
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The spec's name of the failing validation error (e.g. `"host-missing"`), or
    /// `"too-long"`.
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The failing validation error's row, if the failure was one.
    pub fn validation_error(&self) -> Option<ValidationErrorKind> {
        match self.kind {
            ParseErrorKind::Validation(k) => Some(k),
            ParseErrorKind::TooLong => None,
        }
    }

    /// Byte range of the original input the error concerns.
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid URL: {}", self.name())
    }
}

impl core::error::Error for ParseError {}

/// Why a setter refused (all or, where noted, part of) the value it was given. Where the spec
/// ignores a value, the URL is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetterError {
    /// The URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port).
    CannotHaveUsernamePasswordPort,
    /// The URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path), so it has no
    /// host and its path cannot be set.
    OpaquePath,
    /// The protocol value does not start with a valid scheme.
    InvalidScheme,
    /// The scheme would change between a special and a non-special scheme.
    SpecialnessChange,
    /// The scheme would become `file` while the URL includes credentials or has a port.
    FileWithCredentialsOrPort,
    /// The scheme is `file` and the host is empty, so it cannot change.
    FileWithEmptyHost,
    /// The hostname setter's value has a port.
    UnexpectedPort,
    /// The host would become empty while the URL includes credentials or has a port.
    EmptyHostWithCredentialsOrPort,
    /// The port value does not start with a digit. When the host setter reports this, the host
    /// itself has been set, as the spec says; only the port was refused.
    InvalidPort,
    /// A validation error failed the value, e.g. host-missing, a host error or
    /// port-out-of-range. When the host setter reports port-out-of-range, the host itself has
    /// been set, as the spec says; only the port was refused.
    Invalid(ValidationErrorKind),
    /// The result would be too long for the representation.
    TooLong,
}

impl fmt::Display for SetterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            SetterError::CannotHaveUsernamePasswordPort => {
                "the URL cannot have a username, password or port"
            }
            SetterError::OpaquePath => "the URL has an opaque path",
            SetterError::InvalidScheme => "not a valid scheme",
            SetterError::SpecialnessChange => {
                "cannot change between a special and a non-special scheme"
            }
            SetterError::FileWithCredentialsOrPort => {
                "a URL with credentials or a port cannot become a file URL"
            }
            SetterError::FileWithEmptyHost => "a file URL with an empty host keeps its scheme",
            SetterError::UnexpectedPort => "a hostname cannot have a port",
            SetterError::EmptyHostWithCredentialsOrPort => {
                "the host cannot be empty when the URL has credentials or a port"
            }
            SetterError::InvalidPort => "not a valid port",
            SetterError::Invalid(k) => return write!(f, "invalid value: {k}"),
            SetterError::TooLong => "the URL would be too long",
        };
        f.write_str(s)
    }
}

impl core::error::Error for SetterError {}
