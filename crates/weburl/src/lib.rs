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
//! # Sites
//!
//! A URL's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain), and HTML's
//! [same site](https://html.spec.whatwg.org/multipage/browsers.html#same-site), by the Public
//! Suffix List compiled into [`psl`] (MPL-2.0; see that crate for its version and how to
//! refresh it), or by a list loaded at run time.
//!
//! ```
//! use weburl::Url;
//!
//! let url = Url::parse("https://www.example.co.uk/a")?;
//! assert_eq!(url.public_suffix(), Some("co.uk"));
//! assert_eq!(url.registrable_domain(), Some("example.co.uk"));
//! let other = Url::parse("https://static.example.co.uk/b")?;
//! assert!(url.origin().same_site(&other.origin()));
//!
//! // A fresher list, shipped with the program.
//! let list = weburl::psl::List::parse("// ===BEGIN PRIVATE DOMAINS===\nexample.co.uk\n// ===END PRIVATE DOMAINS===")?;
//! assert_eq!(url.registrable_domain_in(&list, weburl::psl::Sections::All), Some("www.example.co.uk"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Showing URLs to people
//!
//! [`display`] (feature `display`, on by default) renders a URL for a person who makes a
//! trust decision from it, as the standard's [URL rendering](https://url.spec.whatwg.org/#url-rendering)
//! asks: no credentials, hosts in Unicode only where the UTS 39 spoof checks pass,
//! percent-encoded text decoded where that is safe, elision that keeps the registrable
//! domain whole.
//!
//! ```
//! use weburl::{Url, UrlDisplay};
//!
//! let url = Url::parse("https://user:pw@www.xn--mnchen-3ya.de/stra%C3%9Fe")?;
//! assert_eq!(url.display().to_string(), "https://www.münchen.de/straße");
//! assert_eq!(url.display().omit_scheme(true).omit_trivial_subdomains(true).to_string(), "münchen.de/straße");
//! let spoof = Url::parse("https://pаypal.com/")?; // a Cyrillic а
//! assert_eq!(spoof.display().to_string(), "https://xn--pypal-4ve.com/");
//! assert_eq!(weburl::display::is_spoof_safe("pаypal").unwrap_err().name(), "mixed-script");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Features: `std` (default); `compat` (default), the API beyond the URL Standard's, mostly
//! for code moving from the `url` crate (docs/migrating-from-url.md): its helpers
//! ([`Url::host_str`], [`Url::make_relative`], ...), the record-level editors
//! ([`Url::path_segments_mut`], [`Url::query_pairs_mut`], ...), file paths and
//! [`UrlBuilder`]; `psl-list` (default), the compiled Public Suffix List, which
//! implies `psl`, the Public Suffix List algorithm with lists of the caller's ([`psl::List`]
//! and the methods taking one; without `psl` weburl-psl is not built); `display` (default;
//! implies `std`), URL
//! rendering; `form` (default), `application/x-www-form-urlencoded` and the spec's
//! `URLSearchParams` ([`form`], [`SearchParams`], [`Url::search_params`]; `compat` and
//! `encoding` imply it); `serde`, which (de)serializes a [`Url`] as its href string;
//! `encoding` (off by default), legacy query encodings through `encoding_rs`:
//! `ParseOptions::encoding`, `form::serialize_with_encoding`, `SearchParams::to_string_with_encoding` and
//! `percent::percent_encode_after_encoding`, with `encoding_rs` re-exported as
//! `percent::encoding_rs`. Without `encoding` those do not exist, every query is encoded
//! from UTF-8 (the spec's default *encoding*, the `URL` class's), and encoding_rs's legacy
//! encoders and their tables are not linked: a program that only parses URLs (the `std`
//! feature alone) pays for the parser and the IDNA data alone, in bytes and in build time
//! (`cargo xtask size` measures one). The sub-crates are
//! re-exported as [`percent`], [`form`], [`host`], [`psl`] and [`display`].
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

/// The Rust guide's examples (docs/rust.md), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/rust.md")]
struct RustGuideDoctests;

/// The public-suffix guide's examples (docs/public-suffixes.md), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/public-suffixes.md")]
struct PublicSuffixGuideDoctests;

/// The display guide's examples (docs/display.md), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/display.md")]
struct DisplayGuideDoctests;

/// The URLPattern guide's examples (docs/urlpattern.md), compiled and run as doctests (through
/// this crate's dev-dependency on weburl-pattern).
#[cfg(doctest)]
#[doc = include_str!("../../../docs/urlpattern.md")]
struct UrlPatternGuideDoctests;

/// Byte helpers for bindings that take input from outside Rust (the C API checks its input
/// with [`bytes::is_ascii`] before borrowing it as `&str`) and for crates on the facade
/// (weburl-canon's SURT key finds the kinds of byte a string holds with
/// [`bytes::in_ranges`], a netloc's end and dots, a path's `//` and `/.` and a query's `&`
/// and `=` with [`bytes::range_masks`], compares the query's arguments as words
/// ([`bytes::first_word`], [`bytes::to_ascii_lowercase`]) and makes its key a `String` with
/// [`bytes::ascii_string`], or [`bytes::ascii_string_lowercased`] where it is lowercased in
/// the same pass): `weburl-bytes`, their one home.
pub mod bytes {
    pub use weburl_bytes::swar::{first_word, is_ascii, to_ascii_lowercase};
    pub use weburl_bytes::text::{
        ascii_string, ascii_string_lowercased, in_ranges, range_masks, ByteRange,
    };
}

#[cfg(feature = "ada")]
pub mod ada;

#[cfg(feature = "form")]
pub use weburl_form as form;
pub use weburl_host as host;
pub use weburl_percent as percent;
#[cfg(feature = "psl")]
pub use weburl_psl as psl;

/// [URL rendering](https://url.spec.whatwg.org/#url-rendering): the `weburl-display` crate.
#[cfg(feature = "display")]
pub use weburl_display as display;
#[cfg(feature = "display")]
pub use weburl_display::UrlDisplay;

#[cfg(feature = "form")]
pub use weburl_core::SearchParams;
pub use weburl_core::{
    ErrorSink, Host, HostKind, OpaqueOrigin, Origin, ParseError, ParseErrorKind, ParseOptions,
    ParseOptionsWithErrors, ReportedError, SchemeType, Setter, SetterError, Url, ValidationError,
    ValidationErrorKind,
};
// For code moving from the `url` crate (see docs/migrating-from-url.md): file paths,
// record-level editors, slicing and the builder.
pub use weburl_core::Position;
#[cfg(feature = "compat")]
pub use weburl_core::{
    BuildError, FilePathError, PathSegmentsMut, PathStyle, QueryPairsMut, UrlBuilder,
};
