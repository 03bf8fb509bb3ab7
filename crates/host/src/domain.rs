//! The [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii),
//! [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode) and
//! [valid domain](https://url.spec.whatwg.org/#valid-domain).

use alloc::borrow::Cow;
use alloc::string::String;
use core::ops::Range;

use crate::error::{fail, HostError, HostErrorKind, HostErrorSink};
use crate::idna::{self, Output};
use crate::ipv4::ends_in_a_number;
use crate::opaque::is_forbidden_host_code_point;

/// Whether `c` is a [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point):
/// a forbidden host code point, a C0 control, U+0025 (%) or U+007F DELETE.
#[inline]
pub const fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || c.is_ascii_control() || c == '%'
}

/// The [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii) (the spec's
/// "domain to ASCII"): UTS 46 ToASCII of `domain`, strictly or, with `be_strict` false, with
/// the relaxed parameters and the relaxed handling of ASCII input the web needs.
///
/// Reports a *domain-to-ASCII* validation error to `errors` when ToASCII with strict
/// parameters fails; on failure that error (with `failure` set) is returned. Its range is
/// the whole of `domain`.
///
/// An ASCII `domain` with no uppercase letters is returned borrowed when `be_strict` is
/// false.
///
/// ```
/// use weburl_host::domain_to_ascii;
/// assert_eq!(domain_to_ascii("faß.ExAmple", false, &mut ()).unwrap(), "xn--fa-hia.example");
/// assert_eq!(domain_to_ascii("☕.example", false, &mut ()).unwrap(), "xn--53h.example");
/// // ASCII input is lowercased whatever ToASCII says (xn--8i7caa decodes to "ｗｗｗ", whose
/// // code points are mapped, not valid) ...
/// let mut errors = Vec::new();
/// assert_eq!(domain_to_ascii("xn--8i7caa", false, &mut errors).unwrap(), "xn--8i7caa");
/// assert_eq!(errors[0].kind.name(), "domain-to-ASCII");
/// assert!(!errors[0].failure);
/// // ... but not when strict.
/// assert!(domain_to_ascii("xn--8i7caa", true, &mut ()).is_err());
/// assert!(domain_to_ascii("exa#mple.org", false, &mut ()).is_err());
/// ```
pub fn domain_to_ascii<'a, S: HostErrorSink + ?Sized>(
    domain: &'a str,
    be_strict: bool,
    errors: &mut S,
) -> Result<Cow<'a, str>, HostError> {
    if !be_strict && domain.is_ascii() && !domain.bytes().any(|b| b.is_ascii_uppercase()) {
        relaxed_ascii(domain, None, 0..domain.len(), errors)?;
        return Ok(Cow::Borrowed(domain));
    }
    let mut out = String::new();
    domain_parser(domain, be_strict, &mut out, 0..domain.len(), errors)?;
    Ok(Cow::Owned(out))
}

/// Which bytes are ASCII [forbidden domain code points](https://url.spec.whatwg.org/#forbidden-domain-code-point).
static FORBIDDEN_DOMAIN_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0u8;
    while b < 128 {
        #[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
        {
            t[b as usize] = is_forbidden_domain_code_point(b as char);
        }
        b += 1;
    }
    t
};

/// Whether the ASCII byte `b` is a forbidden domain code point (a non-ASCII byte is not).
#[inline]
fn is_forbidden_domain_byte(b: u8) -> bool {
    FORBIDDEN_DOMAIN_BYTE
        .get(usize::from(b))
        .copied()
        .unwrap_or(false)
}

/// The [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii), appending the
/// result to `out` (which is left as it was on failure). `range` is the range of the host
/// parser's input that errors are reported at.
pub(crate) fn domain_parser<S: HostErrorSink + ?Sized>(
    domain: &str,
    be_strict: bool,
    out: &mut String,
    range: Range<usize>,
    errors: &mut S,
) -> Result<(), HostError> {
    let start = out.len();
    if be_strict {
        // "Let strictResult be the result of running domain parser ToASCII with domain and
        // true. If strictResult is a failure value, domain-to-ASCII validation error. If
        // beStrict is true: If strictResult is a failure value, then return failure. Return
        // strictResult."
        let result = idna::process(domain, Output::Ascii(out));
        if result.strict {
            out.truncate(start);
            return fail(errors, HostErrorKind::DomainToAscii, range);
        }
        return Ok(());
    }
    if domain.is_ascii() {
        return relaxed_ascii(domain, Some(out), range, errors);
    }
    // "Otherwise: Set result to the result of running domain parser ToASCII with domain and
    // false. If result is a failure value, then return failure."
    // The strict and the relaxed ToASCII give the same string when both succeed, so one
    // pass computes both (`Errors`); the spec's step 2 error is reported once, below, with
    // the final outcome.
    let result = idna::process(domain, Output::Ascii(out));
    let failure = result.relaxed || {
        let ascii = out.get(start..).unwrap_or_default();
        // "If result is the empty string, then return failure."
        // "If result contains a forbidden domain code point, then return failure."
        ascii.is_empty() || ascii.chars().any(is_forbidden_domain_code_point)
    };
    if failure {
        out.truncate(start);
    }
    finish(result.strict, failure, range, errors)
}

/// The domain parser's steps for an ASCII `domain` when *beStrict* is false:
///
/// > If domain is an ASCII string, then set result to domain, lowercased.
///
/// Strict ToASCII runs only for its validation error, so not at all when `errors` does not
/// want errors. The result is appended to `out` if given.
fn relaxed_ascii<S: HostErrorSink + ?Sized>(
    domain: &str,
    out: Option<&mut String>,
    range: Range<usize>,
    errors: &mut S,
) -> Result<(), HostError> {
    // "If result is the empty string, then return failure."
    // "If result contains a forbidden domain code point, then return failure."
    // (Lowercasing changes neither.)
    // (`domain` is ASCII: its bytes are its code points.)
    let failure = domain.is_empty() || domain.bytes().any(is_forbidden_domain_byte);
    let strict_error = errors.wants_errors() && idna::process(domain, Output::None).strict;
    if !failure {
        if let Some(out) = out {
            // One copy, then lowercasing in place: pushing char by char costs several times
            // more (see benches/host.rs).
            let start = out.len();
            out.push_str(domain);
            if let Some(added) = out.get_mut(start..) {
                added.make_ascii_lowercase();
            }
        }
    }
    finish(strict_error, failure, range, errors)
}

/// Reports the domain parser's *domain-to-ASCII* validation error (step 2), whose `failure`
/// says whether the parser returns failure, and returns that error on failure.
///
/// Every failure of the relaxed domain parser comes with a strict ToASCII failure (an empty
/// result fails *VerifyDnsLength*, a forbidden domain code point fails *UseSTD3ASCIIRules*),
/// so the failure is reported as that error; when `errors` does not want errors the strict
/// pass is skipped and `strict_error` may be false even then.
fn finish<S: HostErrorSink + ?Sized>(
    strict_error: bool,
    failure: bool,
    range: Range<usize>,
    errors: &mut S,
) -> Result<(), HostError> {
    if strict_error || failure {
        let e = HostError::new(HostErrorKind::DomainToAscii, failure, range);
        if errors.wants_errors() {
            errors.report(e.clone());
        }
        if failure {
            return Err(e);
        }
    }
    Ok(())
}

/// [Domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode): UTS 46
/// ToUnicode of `domain`, or `domain` itself if ToUnicode records an error.
///
/// ```
/// use weburl_host::domain_to_unicode;
/// assert_eq!(domain_to_unicode("xn--fa-hia.example"), "faß.example");
/// assert_eq!(domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
/// assert_eq!(domain_to_unicode("example.com"), "example.com");
/// ```
pub fn domain_to_unicode(domain: &str) -> String {
    let mut out = String::with_capacity(domain.len());
    let result = idna::process(domain, Output::Unicode(&mut out));
    // "If an error was recorded, then return domain."
    if result.relaxed {
        return String::from(domain);
    }
    out
}

/// Whether `input` is a [valid domain](https://url.spec.whatwg.org/#valid-domain): the
/// strict domain parser accepts it and the result does not end in a number.
///
/// ```
/// use weburl_host::is_valid_domain;
/// assert!(is_valid_domain("example.com"));
/// assert!(is_valid_domain("faß.example"));
/// assert!(!is_valid_domain("exa_mple.com"));
/// assert!(!is_valid_domain("example.123"));
/// assert!(!is_valid_domain("-example.com"));
/// ```
pub fn is_valid_domain(input: &str) -> bool {
    // "Let domain be the result of running domain parser with input and true. If domain is
    // failure, then return false."
    let mut domain = String::new();
    if domain_parser(input, true, &mut domain, 0..input.len(), &mut ()).is_err() {
        return false;
    }
    // "If running the ends in a number checker on domain returns true, then return false."
    !ends_in_a_number(&domain)
}
