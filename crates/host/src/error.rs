//! Host validation errors: the host rows of the spec's
//! [validation error table](https://url.spec.whatwg.org/#validation-error).

use core::fmt;
use core::ops::Range;

/// A host row of the spec's [validation error table](https://url.spec.whatwg.org/#validation-error).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum HostErrorKind {
    /// [domain-to-ASCII](https://url.spec.whatwg.org/#validation-error-domain-to-ascii)
    DomainToAscii,
    /// [domain-percent-encoded](https://url.spec.whatwg.org/#domain-percent-encoded)
    DomainPercentEncoded,
    /// [host-invalid-code-point](https://url.spec.whatwg.org/#host-invalid-code-point)
    HostInvalidCodePoint,
    /// [IPv4-non-ASCII-input](https://url.spec.whatwg.org/#ipv4-non-ascii-input): a host that
    /// ends in a number after domain to ASCII was not ASCII before it (e.g. `①.②.③.④`).
    /// Newer than the spec copy in `../shared/spec/url.bs`; named and placed as the reference
    /// implementation (whatwg-url 17.3) has it, see ARCHITECTURE.md.
    Ipv4NonAsciiInput,
    /// [IPv4-empty-part](https://url.spec.whatwg.org/#ipv4-empty-part)
    Ipv4EmptyPart,
    /// [IPv4-too-few-parts](https://url.spec.whatwg.org/#ipv4-too-few-parts)
    Ipv4TooFewParts,
    /// [IPv4-too-many-parts](https://url.spec.whatwg.org/#ipv4-too-many-parts)
    Ipv4TooManyParts,
    /// [IPv4-non-numeric-part](https://url.spec.whatwg.org/#ipv4-non-numeric-part)
    Ipv4NonNumericPart,
    /// [IPv4-non-decimal-part](https://url.spec.whatwg.org/#ipv4-non-decimal-part)
    Ipv4NonDecimalPart,
    /// [IPv4-out-of-range-part](https://url.spec.whatwg.org/#ipv4-out-of-range-part)
    Ipv4OutOfRangePart,
    /// [IPv6-unclosed](https://url.spec.whatwg.org/#ipv6-unclosed)
    Ipv6Unclosed,
    /// [IPv6-invalid-compression](https://url.spec.whatwg.org/#ipv6-invalid-compression)
    Ipv6InvalidCompression,
    /// [IPv6-too-many-pieces](https://url.spec.whatwg.org/#ipv6-too-many-pieces)
    Ipv6TooManyPieces,
    /// [IPv6-multiple-compression](https://url.spec.whatwg.org/#ipv6-multiple-compression)
    Ipv6MultipleCompression,
    /// [IPv6-invalid-code-point](https://url.spec.whatwg.org/#ipv6-invalid-code-point)
    Ipv6InvalidCodePoint,
    /// [IPv6-too-few-pieces](https://url.spec.whatwg.org/#ipv6-too-few-pieces)
    Ipv6TooFewPieces,
    /// [IPv6-piece-leading-zero](https://url.spec.whatwg.org/#ipv6-piece-leading-zero)
    Ipv6PieceLeadingZero,
    /// [IPv4-in-IPv6-too-many-pieces](https://url.spec.whatwg.org/#ipv4-in-ipv6-too-many-pieces)
    Ipv4InIpv6TooManyPieces,
    /// [IPv4-in-IPv6-invalid-code-point](https://url.spec.whatwg.org/#ipv4-in-ipv6-invalid-code-point)
    Ipv4InIpv6InvalidCodePoint,
    /// [IPv4-in-IPv6-out-of-range-part](https://url.spec.whatwg.org/#ipv4-in-ipv6-out-of-range-part)
    Ipv4InIpv6OutOfRangePart,
    /// [IPv4-in-IPv6-too-few-parts](https://url.spec.whatwg.org/#ipv4-in-ipv6-too-few-parts)
    Ipv4InIpv6TooFewParts,
}

impl HostErrorKind {
    /// Every host row, in the table's order.
    pub const ALL: [HostErrorKind; 21] = [
        Self::DomainToAscii,
        Self::DomainPercentEncoded,
        Self::HostInvalidCodePoint,
        Self::Ipv4NonAsciiInput,
        Self::Ipv4EmptyPart,
        Self::Ipv4TooFewParts,
        Self::Ipv4TooManyParts,
        Self::Ipv4NonNumericPart,
        Self::Ipv4NonDecimalPart,
        Self::Ipv4OutOfRangePart,
        Self::Ipv6Unclosed,
        Self::Ipv6InvalidCompression,
        Self::Ipv6TooManyPieces,
        Self::Ipv6MultipleCompression,
        Self::Ipv6InvalidCodePoint,
        Self::Ipv6TooFewPieces,
        Self::Ipv6PieceLeadingZero,
        Self::Ipv4InIpv6TooManyPieces,
        Self::Ipv4InIpv6InvalidCodePoint,
        Self::Ipv4InIpv6OutOfRangePart,
        Self::Ipv4InIpv6TooFewParts,
    ];

    /// The error's name exactly as the spec's table spells it, e.g. `"IPv4-empty-part"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::DomainToAscii => "domain-to-ASCII",
            Self::DomainPercentEncoded => "domain-percent-encoded",
            Self::HostInvalidCodePoint => "host-invalid-code-point",
            Self::Ipv4NonAsciiInput => "IPv4-non-ASCII-input",
            Self::Ipv4EmptyPart => "IPv4-empty-part",
            Self::Ipv4TooFewParts => "IPv4-too-few-parts",
            Self::Ipv4TooManyParts => "IPv4-too-many-parts",
            Self::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            Self::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            Self::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            Self::Ipv6Unclosed => "IPv6-unclosed",
            Self::Ipv6InvalidCompression => "IPv6-invalid-compression",
            Self::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            Self::Ipv6MultipleCompression => "IPv6-multiple-compression",
            Self::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            Self::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            Self::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            Self::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            Self::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            Self::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            Self::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
        }
    }

    /// The table's "Failure" column: whether this error, where the spec raises it, makes the
    /// parse return failure. domain-to-ASCII fails only under the conditions the table gives
    /// and IPv4-out-of-range-part only for a part other than the last; for those two, the
    /// error's own [`HostError::failure`] tells what happened in a given parse.
    pub const fn is_failure(self) -> bool {
        !matches!(
            self,
            Self::DomainToAscii
                | Self::DomainPercentEncoded
                | Self::Ipv4NonAsciiInput
                | Self::Ipv4EmptyPart
                | Self::Ipv4TooFewParts
                | Self::Ipv4NonDecimalPart
                | Self::Ipv6PieceLeadingZero
        )
    }
}

impl fmt::Display for HostErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A host validation error that occurred: which one, whether it failed the parse, and the byte
/// range of the host parser's input it concerns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HostError {
    /// Which row of the table.
    pub kind: HostErrorKind,
    /// Whether this occurrence made the host parser return failure.
    pub failure: bool,
    /// Byte range in the input given to the host parser.
    pub range: Range<usize>,
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at {}..{}",
            self.kind, self.range.start, self.range.end
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for HostError {}

/// Receives the validation errors of a host parse, in the order they occur.
///
/// `()` ignores them at no cost: parsers check [`wants_errors`](Self::wants_errors) before doing
/// any work that only serves error reporting.
pub trait HostErrorSink {
    /// Whether errors are wanted at all.
    fn wants_errors(&self) -> bool {
        true
    }
    /// Records one validation error.
    fn report(&mut self, error: HostError);
}

impl HostErrorSink for () {
    #[inline]
    fn wants_errors(&self) -> bool {
        false
    }
    #[inline]
    fn report(&mut self, _error: HostError) {}
}

impl HostErrorSink for alloc::vec::Vec<HostError> {
    fn report(&mut self, error: HostError) {
        self.push(error);
    }
}

impl<S: HostErrorSink + ?Sized> HostErrorSink for &mut S {
    fn wants_errors(&self) -> bool {
        (**self).wants_errors()
    }
    fn report(&mut self, error: HostError) {
        (**self).report(error)
    }
}

impl HostError {
    /// A new error.
    #[inline]
    pub(crate) fn new(kind: HostErrorKind, failure: bool, range: Range<usize>) -> HostError {
        HostError {
            kind,
            failure,
            range,
        }
    }
}

/// The spec's "*kind* validation error, return failure": reports `kind` over `range` to
/// `errors` as the error that fails the parse, and returns it as the `Err`.
#[inline]
pub(crate) fn fail<T, S: HostErrorSink + ?Sized>(
    errors: &mut S,
    kind: HostErrorKind,
    range: Range<usize>,
) -> Result<T, HostError> {
    let e = HostError::new(kind, true, range);
    errors.report(e.clone());
    Err(e)
}

/// Maps a byte range of a string a host algorithm works on back to the host parser's input.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RangeMap {
    /// The string is a substring of the input starting at this byte offset.
    Offset(usize),
    /// The string was derived (percent-decoded, mapped) from an input of this length: errors
    /// concern the whole input.
    Whole(usize),
}

impl RangeMap {
    /// The input range for `range` of the derived string.
    #[inline]
    pub(crate) fn map(self, range: Range<usize>) -> Range<usize> {
        match self {
            RangeMap::Offset(o) => range.start.saturating_add(o)..range.end.saturating_add(o),
            RangeMap::Whole(len) => 0..len,
        }
    }
}
