//! weburl: URLs parsed, serialized and edited exactly as the
//! [WHATWG URL Standard](https://url.spec.whatwg.org/) says.
//!
//! [`Url`] is the standard's [URL record](https://url.spec.whatwg.org/#concept-url) with the
//! [`URL` class](https://url.spec.whatwg.org/#url-class)'s getters and setters, under their
//! WHATWG names.
//!
//! ```
//! use weburl::Url;
//!
//! // Parse, and resolve relative references against a base.
//! let base = Url::parse("https://example.com/docs/guide/")?;
//! let mut url = base.join("../api/index.html?lang=en#intro")?;
//! assert_eq!(url.href(), "https://example.com/docs/api/index.html?lang=en#intro");
//! assert_eq!(url.pathname(), "/docs/api/index.html");
//! assert_eq!(url.search(), "?lang=en");
//! assert_eq!(url.hash(), "#intro");
//!
//! // Setters follow the standard's setter steps.
//! url.set_hostname("EXAMPLE.org")?;
//! url.set_port("8443")?;
//! assert_eq!(url.host(), "example.org:8443");
//!
//! // Search params: read, edit, write back.
//! let mut params = url.search_params();
//! params.append("q", "a b");
//! url.set_search_params(&params)?;
//! assert_eq!(url.search(), "?lang=en&q=a+b");
//!
//! // Origins.
//! assert_eq!(url.origin().to_string(), "https://example.org:8443");
//! assert_eq!(Url::parse("data:,hi")?.origin().to_string(), "null");
//!
//! // Failures name the validation error that failed the parse.
//! let err = Url::parse("https://:443").unwrap_err();
//! assert_eq!(err.to_string(), "invalid URL: host-missing");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Validation errors
//!
//! Every [validation error](https://url.spec.whatwg.org/#validation-error) the spec's parser
//! raises is available, by its spec name, with whether it failed the parse and the byte range
//! of the input it concerns. Ask for them through the builder, or for a setter with
//! [`Url::set_with_errors`]; not asking costs nothing.
//!
//! ```
//! use weburl::{Setter, Url, ValidationError};
//!
//! let mut errors: Vec<ValidationError> = Vec::new();
//! let url = Url::options()
//!     .validation_errors(&mut errors)
//!     .parse("https://user@example.org\\path")?;
//! assert_eq!(url.href(), "https://user@example.org/path");
//! let found: Vec<_> = errors.iter().map(|e| (e.name(), e.range.clone())).collect();
//! assert_eq!(found, [("invalid-credentials", 8..13), ("invalid-reverse-solidus", 24..25)]);
//!
//! let mut url = url;
//! errors.clear();
//! url.set_with_errors(Setter::Hostname, "127.0.0.0x1", &mut errors)?;
//! assert_eq!(url.hostname(), "127.0.0.1");
//! assert_eq!(errors[0].name(), "IPv4-non-decimal-part");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! [`ParseOptions::max_length`] refuses URLs whose serialization would be longer than a
//! number of bytes, and the URL keeps that limit: its setters refuse to make it longer
//! ([`Url::max_length`]). Inputs over 4 GiB are always refused.
//!
//! Features: `std` (default); `serde`, which (de)serializes a [`Url`] as its href string.
//! The sub-crates are re-exported as [`percent`], [`form`] and [`host`].
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

/// The migration guide's examples (docs/migrating-from-url.md), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/migrating-from-url.md")]
struct MigrationGuideDoctests;

pub use weburl_form as form;
pub use weburl_host as host;
pub use weburl_percent as percent;

pub use weburl_core::{
    ErrorSink, Host, HostKind, OpaqueOrigin, Origin, ParseError, ParseErrorKind, ParseOptions,
    ParseOptionsWithErrors, SchemeType, SearchParams, Setter, SetterError, Url, ValidationError,
    ValidationErrorKind,
};
// For code moving from the `url` crate (see docs/migrating-from-url.md): file paths,
// record-level editors, slicing and the builder.
pub use weburl_core::{
    BuildError, FilePathError, PathSegmentsMut, PathStyle, Position, QueryPairsMut, UrlBuilder,
};
