//! Hosts as defined by the WHATWG URL Standard, section
//! [Hosts (domains and IP addresses)](https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)).
//!
//! CONTRACT (used by weburl-core; keep these signatures stable):
//! - [`Host`], [`HostKind`], [`parse_host`], [`parse_host_into`], [`HostError`],
//!   [`HostErrorKind`], [`HostErrorSink`].
//!
//! Also: the [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii)
//! ([`domain_to_ascii`]), [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode)
//! ([`domain_to_unicode`]), [valid domain](https://url.spec.whatwg.org/#valid-domain)
//! ([`is_valid_domain`]), the [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker)
//! and the code point classes.
//!
//! ```
//! use weburl_host::{parse_host, Host};
//! assert_eq!(parse_host("faß.example", false, &mut ()).unwrap().to_string(), "xn--fa-hia.example");
//! assert_eq!(parse_host("[0:0::1]", false, &mut ()).unwrap().to_string(), "[::1]");
//! assert_eq!(parse_host("0xffffffff", false, &mut ()), Ok(Host::Ipv4(u32::MAX)));
//! ```
//!
//! # IDNA
//!
//! UTS 46 (ToASCII, ToUnicode, the validity criteria, the Bidi rule of RFC 5893 and the
//! CONTEXTJ rules of RFC 5892) is implemented in this crate, Punycode (RFC 3492) in
//! `weburl-punycode` (shared with `weburl-psl`); the Unicode data (UTS 46 mapping with NFC,
//! Bidi_Class, Joining_Type, General_Category, the virama test) comes from `idna_adapter`
//! with its ICU4X back end and compiled data. The ICU4X version is pinned (see `Cargo.toml`)
//! so the data's Unicode version matches WPT's `IdnaTestV2.json`.
//!
//! Punycode is quadratic in the worst case, so labels are bounded:
//! [`DECODE_MAX_INPUT_LENGTH`] and [`ENCODE_MAX_INPUT_LENGTH`]. Everything else is linear in
//! the input.
//!
//! # Validation errors
//!
//! Errors are reported to a [`HostErrorSink`] in the order the spec raises them, with the byte
//! range of the host parser's input they concern. Where the host parser works on a string
//! derived from its input (percent-decoded, or UTS 46-mapped non-ASCII input), ranges cover the
//! whole input. With `()` as the sink, no work is done for errors that do not fail the parse.
//! The opaque-host parser's *invalid-URL-unit* errors belong to the URL parsing rows of the
//! table; [`opaque_host_invalid_url_units`] finds them for the URL parser to report.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod domain;
mod error;
mod idna;
mod ipv4;
mod ipv6;
mod opaque;
mod serialize;
#[cfg(feature = "psl")]
mod site;

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

pub use domain::{
    domain_to_ascii, domain_to_unicode, is_forbidden_domain_code_point, is_valid_domain,
};
pub use error::{HostError, HostErrorKind, HostErrorSink};
pub use ipv4::ends_in_a_number;
pub use opaque::{is_forbidden_host_code_point, opaque_host_invalid_url_units};
/// The Public Suffix List crate that [`Host::public_suffix_in`] and friends take lists of.
#[cfg(feature = "psl")]
pub use weburl_psl as psl;
pub use weburl_punycode::{DECODE_MAX_INPUT_LENGTH, ENCODE_MAX_INPUT_LENGTH};

use error::{fail, RangeMap};

/// A [host](https://url.spec.whatwg.org/#concept-host): a domain, an IPv4 or IPv6 address, an
/// opaque host or the empty host. `S` is the string type of domains and opaque hosts (`&str`
/// for a borrowed view into a URL).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Host<S = String> {
    /// A [domain](https://url.spec.whatwg.org/#concept-domain): a non-empty ASCII string.
    Domain(S),
    /// An [IPv4 address](https://url.spec.whatwg.org/#concept-ipv4).
    Ipv4(u32),
    /// An [IPv6 address](https://url.spec.whatwg.org/#concept-ipv6): its eight pieces.
    Ipv6([u16; 8]),
    /// An [opaque host](https://url.spec.whatwg.org/#opaque-host): a non-empty ASCII string.
    Opaque(S),
    /// The [empty host](https://url.spec.whatwg.org/#empty-host).
    Empty,
}

/// Which kind of [`Host`] a parse produced, without its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A domain.
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// An opaque host.
    Opaque,
    /// The empty host.
    Empty,
}

impl HostKind {
    /// The kind's name: `"domain"`, `"ipv4"`, `"ipv6"`, `"opaque"` or `"empty"` (the names
    /// the bindings and SQL functions give it).
    ///
    /// ```
    /// use weburl_host::HostKind;
    /// assert_eq!(HostKind::Ipv6.name(), "ipv6");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::Domain => "domain",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::Opaque => "opaque",
            HostKind::Empty => "empty",
        }
    }
}

impl<S: AsRef<str>> Host<S> {
    /// The kind of this host.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }
}

impl<S: AsRef<str>> Host<S> {
    /// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer), appending
    /// to `out`.
    pub fn serialize_into(&self, out: &mut String) {
        // Writing to a `String` cannot fail.
        let _ = write_host(self, out);
    }

    /// A borrowed view of this host.
    pub fn as_borrowed(&self) -> Host<&str> {
        match self {
            Host::Domain(s) => Host::Domain(s.as_ref()),
            Host::Opaque(s) => Host::Opaque(s.as_ref()),
            Host::Ipv4(a) => Host::Ipv4(*a),
            Host::Ipv6(a) => Host::Ipv6(*a),
            Host::Empty => Host::Empty,
        }
    }

    /// [Host equality](https://url.spec.whatwg.org/#concept-host-equals) across string types:
    /// "return true if A is B". (`==` compares hosts of one string type.)
    pub fn equals<T: AsRef<str>>(&self, other: &Host<T>) -> bool {
        self.as_borrowed() == other.as_borrowed()
    }
}

/// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer).
fn write_host<S: AsRef<str>, W: fmt::Write + ?Sized>(host: &Host<S>, f: &mut W) -> fmt::Result {
    match host {
        // "If host is an IPv4 address, return the result of running the IPv4 serializer on
        // host."
        Host::Ipv4(a) => serialize::ipv4_serializer(*a, f),
        // "Otherwise, if host is an IPv6 address, return U+005B ([), followed by the result of
        // running the IPv6 serializer on host, followed by U+005D (])."
        Host::Ipv6(pieces) => {
            f.write_char('[')?;
            serialize::ipv6_serializer(pieces, f)?;
            f.write_char(']')
        }
        // "Otherwise, host is a domain, opaque host, or empty host, return host."
        Host::Domain(s) | Host::Opaque(s) => f.write_str(s.as_ref()),
        Host::Empty => Ok(()),
    }
}

impl<S: AsRef<str>> fmt::Display for Host<S> {
    /// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_host(self, f)
    }
}

/// What [`host_parser`] produced; a domain or opaque host was appended to the output string.
enum Parsed {
    Domain,
    Ipv4(u32),
    Ipv6([u16; 8]),
    Opaque,
    Empty,
}

/// The [host parser](https://url.spec.whatwg.org/#concept-host-parser): parses `input` (with
/// the spec's *isOpaque*), reporting validation errors to `errors`. On failure, the error that
/// failed the parse is returned (it has also been reported to `errors`).
///
/// The spec asserts that `input` is not empty when *isOpaque* is false; here the empty input
/// then fails with a *domain-to-ASCII* error (range `0..0`), as the domain parser would fail
/// on it. With *isOpaque* true the empty input gives [`Host::Empty`].
///
/// ```
/// use weburl_host::{parse_host, Host};
/// assert_eq!(parse_host("EXAMPLE.COM", false, &mut ()), Ok(Host::Domain("example.com".into())));
/// assert_eq!(parse_host("EXAMPLE.COM", true, &mut ()), Ok(Host::Opaque("EXAMPLE.COM".into())));
/// assert_eq!(parse_host("0x7f.1", false, &mut ()), Ok(Host::Ipv4(0x7F00_0001)));
/// assert_eq!(parse_host("[0:0::1]", true, &mut ()), Ok(Host::Ipv6([0, 0, 0, 0, 0, 0, 0, 1])));
/// let mut errors = Vec::new();
/// assert!(parse_host("example^example", false, &mut errors).is_err());
/// assert_eq!(errors[0].kind.name(), "domain-to-ASCII");
/// ```
pub fn parse_host<S: HostErrorSink + ?Sized>(
    input: &str,
    is_opaque: bool,
    errors: &mut S,
) -> Result<Host, HostError> {
    let mut out = String::new();
    Ok(match host_parser(input, is_opaque, &mut out, errors)? {
        Parsed::Domain => Host::Domain(out),
        Parsed::Opaque => Host::Opaque(out),
        Parsed::Empty => Host::Empty,
        Parsed::Ipv4(a) => Host::Ipv4(a),
        Parsed::Ipv6(a) => Host::Ipv6(a),
    })
}

/// The [host parser](https://url.spec.whatwg.org/#concept-host-parser), appending the
/// [serialization](https://url.spec.whatwg.org/#concept-host-serializer) of the parsed host to
/// `out` (IPv6 with its brackets). On failure `out` is left as it was.
///
/// ```
/// use weburl_host::{parse_host_into, HostKind};
/// let mut out = String::from("https://");
/// assert_eq!(parse_host_into("[0:0::1]", false, &mut out, &mut ()), Ok(HostKind::Ipv6));
/// assert_eq!(out, "https://[::1]");
/// assert!(parse_host_into("[0:0::1%5D", false, &mut out, &mut ()).is_err());
/// assert_eq!(out, "https://[::1]");
/// ```
pub fn parse_host_into<S: HostErrorSink + ?Sized>(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    errors: &mut S,
) -> Result<HostKind, HostError> {
    let host = host_parser(input, is_opaque, out, errors)?;
    Ok(match host {
        Parsed::Domain => HostKind::Domain,
        Parsed::Opaque => HostKind::Opaque,
        Parsed::Empty => HostKind::Empty,
        Parsed::Ipv4(a) => {
            let _ = serialize::ipv4_serializer(a, out);
            HostKind::Ipv4
        }
        Parsed::Ipv6(a) => {
            out.push('[');
            let _ = serialize::ipv6_serializer(&a, out);
            out.push(']');
            HostKind::Ipv6
        }
    })
}

/// The [host parser](https://url.spec.whatwg.org/#concept-host-parser); a domain or opaque
/// host is appended to `out`, which is left as it was on failure.
fn host_parser<S: HostErrorSink + ?Sized>(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    errors: &mut S,
) -> Result<Parsed, HostError> {
    // "If input starts with U+005B ([), then:"
    if let Some(rest) = input.strip_prefix('[') {
        // "If input does not end with U+005D (]), IPv6-unclosed validation error, return
        // failure."
        let Some(inner) = rest.strip_suffix(']') else {
            let e = HostError::new(HostErrorKind::Ipv6Unclosed, true, 0..input.len());
            errors.report(e.clone());
            return Err(e);
        };
        // "Return the result of IPv6 parsing input with its leading U+005B ([) and trailing
        // U+005D (]) removed."
        return ipv6::ipv6_parser(inner, 1, errors).map(Parsed::Ipv6);
    }
    // "If isOpaque is true, then return the result of opaque-host parsing input."
    if is_opaque {
        opaque::opaque_host_parser(input, out, errors)?;
        return Ok(if input.is_empty() {
            Parsed::Empty
        } else {
            Parsed::Opaque
        });
    }
    // "Assert: input is not the empty string." (Failure here; see `parse_host`.)
    if input.is_empty() {
        let e = HostError::new(HostErrorKind::DomainToAscii, true, 0..0);
        errors.report(e.clone());
        return Err(e);
    }
    if !errors.wants_errors() && plain_ascii_domain(input, out) {
        return Ok(Parsed::Domain);
    }
    // "If input contains a percent-encoded byte, domain-percent-encoded validation error."
    // "Let domain be the result of running UTF-8 decode without BOM on the percent-decoding
    // of input."
    let (domain, map) = if input.as_bytes().contains(&b'%') {
        if errors.wants_errors() {
            if let Some(i) = first_percent_encoded_byte(input.as_bytes()) {
                errors.report(HostError::new(
                    HostErrorKind::DomainPercentEncoded,
                    false,
                    i..i + 3,
                ));
            }
        }
        match weburl_percent::percent_decode(input.as_bytes()) {
            Cow::Borrowed(_) => (Cow::Borrowed(input), range_map(input)),
            // Valid UTF-8 (the usual case) keeps the decoded bytes' allocation.
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(domain) => (Cow::Owned(domain), RangeMap::Whole(input.len())),
                // Invalid UTF-8 decodes with U+FFFD substitutions, and U+FFFD is disallowed in
                // the IDNA Mapping Table: UTS 46 ToASCII records an error, strict or not, so
                // the domain parser reports its domain-to-ASCII validation error on the whole
                // input and returns failure. Done here without decoding and mapping.
                Err(_) => return fail(errors, HostErrorKind::DomainToAscii, 0..input.len()),
            },
        }
    } else {
        (Cow::Borrowed(input), range_map(input))
    };
    // "Let asciiDomain be the result of running domain parser with domain and false."
    // "If asciiDomain is failure, then return failure."
    let start = out.len();
    domain::domain_parser(&domain, false, out, 0..input.len(), errors)?;
    // "If asciiDomain ends in a number, then return the result of IPv4 parsing asciiDomain."
    let ascii_domain = out.get(start..).unwrap_or_default();
    if ends_in_a_number(ascii_domain) {
        // "If domain is not an ASCII string, IPv4-non-ASCII-input validation error." (A step
        // newer than ../shared/spec/url.bs, as the reference implementation, whatwg-url 17.3,
        // has it: see ARCHITECTURE.md.)
        if errors.wants_errors() && !domain.is_ascii() {
            errors.report(HostError::new(
                HostErrorKind::Ipv4NonAsciiInput,
                false,
                0..input.len(),
            ));
        }
        let result = ipv4::ipv4_parser(ascii_domain, map, errors);
        out.truncate(start);
        return result.map(Parsed::Ipv4);
    }
    // "Return asciiDomain."
    Ok(Parsed::Domain)
}

/// [`DOMAIN_BYTE`] bit: a byte that [`plain_ascii_domain`] turns down: non-ASCII, U+0025 (%)
/// or a [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point).
const NOT_PLAIN: u8 = 1;
/// [`DOMAIN_BYTE`] bit: an ASCII upper alpha.
const UPPER: u8 = 2;

/// The class of each byte for [`plain_ascii_domain`].
static DOMAIN_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        #[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
        {
            if c >= 0x80 || domain::is_forbidden_domain_code_point(c as char) {
                // U+0025 (%) is a forbidden domain code point.
                t[b] = NOT_PLAIN;
            } else if c.is_ascii_uppercase() {
                t[b] = UPPER;
            }
        }
        b += 1;
    }
    t
};

/// The host parser's steps after *isOpaque*, in one scan of the bytes and the ends in a
/// number checker, for the usual input when no validation error is wanted: ASCII with no
/// U+0025 (%) and no forbidden domain code point, that does not end in a number. Appends the
/// domain and returns true; returns false (`out` unchanged) for any other input, which the
/// caller then runs the steps on one by one.
///
/// For such an input, the spec's steps give: percent-decoding and "UTF-8 decode without BOM"
/// return `input` itself; the domain parser with *beStrict* false runs *domain parser
/// ToASCII* with true only for its validation error (step 2, which "does not return"), then
/// "If domain is an ASCII string, then set result to domain, lowercased": not empty, no
/// forbidden domain code point, so that is the result; and it does not *end in a number*.
/// The result is the domain, `input` lowercased.
#[inline]
fn plain_ascii_domain(input: &str, out: &mut String) -> bool {
    let bytes = input.as_bytes();
    let mut class = 0u8;
    for &b in bytes {
        class |= DOMAIN_BYTE
            .get(usize::from(b))
            .copied()
            .unwrap_or(NOT_PLAIN);
    }
    if class & NOT_PLAIN != 0 {
        return false;
    }
    // The ends in a number checker gives the same answer on `input` as on it lowercased.
    if ends_in_a_number(input) {
        return false;
    }
    let start = out.len();
    out.push_str(input);
    if class & UPPER != 0 {
        if let Some(added) = out.get_mut(start..) {
            added.make_ascii_lowercase();
        }
    }
    true
}

/// How byte ranges of the ASCII domain map to `input`: one to one when the domain is
/// `input` lowercased, that is when `input` is ASCII and was not percent-decoded.
fn range_map(input: &str) -> RangeMap {
    if input.is_ascii() {
        RangeMap::Offset(0)
    } else {
        RangeMap::Whole(input.len())
    }
}

/// The byte offset of the first [percent-encoded byte](https://url.spec.whatwg.org/#percent-encoded-byte)
/// in `bytes`.
fn first_percent_encoded_byte(bytes: &[u8]) -> Option<usize> {
    bytes.iter().enumerate().position(|(i, &b)| {
        b == b'%'
            && matches!(
                bytes.get(i + 1..i + 3),
                Some([a, b]) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit()
            )
    })
}
