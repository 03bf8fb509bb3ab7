//! Hosts as defined by the WHATWG URL Standard, section
//! [Hosts (domains and IP addresses)](https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)).
//!
//! CONTRACT (used by weburl-core; keep these signatures stable):
//! - [`Host`], [`HostKind`], [`parse_host`], [`parse_host_into`], [`HostError`],
//!   [`HostErrorKind`], [`HostErrorSink`].
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod error;

use alloc::string::String;
use core::fmt;

pub use error::{HostError, HostErrorKind, HostErrorSink};

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

impl<S: AsRef<str>> fmt::Display for Host<S> {
    /// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s.as_ref()),
            Host::Empty => Ok(()),
            Host::Ipv4(a) => {
                let [b0, b1, b2, b3] = a.to_be_bytes();
                write!(f, "{b0}.{b1}.{b2}.{b3}")
            }
            Host::Ipv6(pieces) => {
                // PLACEHOLDER: no compression yet; weburl-host issue #3 replaces this.
                f.write_str("[")?;
                for (i, p) in pieces.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{p:x}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// The [host parser](https://url.spec.whatwg.org/#concept-host-parser): parses `input` (with
/// the spec's *isOpaque*), reporting validation errors to `errors`. On failure, the error that
/// failed the parse is returned (it has also been reported to `errors`).
pub fn parse_host<S: HostErrorSink + ?Sized>(
    input: &str,
    is_opaque: bool,
    errors: &mut S,
) -> Result<Host, HostError> {
    let mut out = String::new();
    let kind = parse_host_into(input, is_opaque, &mut out, errors)?;
    Ok(match kind {
        HostKind::Domain => Host::Domain(out),
        HostKind::Opaque => Host::Opaque(out),
        HostKind::Empty => Host::Empty,
        // PLACEHOLDER: the real parser computes these values.
        HostKind::Ipv4 => Host::Ipv4(0),
        HostKind::Ipv6 => Host::Ipv6([0; 8]),
    })
}

/// The [host parser](https://url.spec.whatwg.org/#concept-host-parser), appending the
/// [serialization](https://url.spec.whatwg.org/#concept-host-serializer) of the parsed host to
/// `out` (IPv6 with its brackets). On failure `out` is left as it was.
pub fn parse_host_into<S: HostErrorSink + ?Sized>(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    errors: &mut S,
) -> Result<HostKind, HostError> {
    // PLACEHOLDER so that weburl-core can build against the contract; issue #3 replaces it.
    let _ = errors;
    if input.is_empty() {
        return Ok(HostKind::Empty);
    }
    if is_opaque {
        out.push_str(input);
        return Ok(HostKind::Opaque);
    }
    for c in input.chars() {
        out.push(c.to_ascii_lowercase());
    }
    Ok(HostKind::Domain)
}
