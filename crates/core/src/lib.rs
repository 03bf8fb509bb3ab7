//! The WHATWG URL Standard's [URLs](https://url.spec.whatwg.org/#urls): the
//! [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser), the
//! [URL record](https://url.spec.whatwg.org/#concept-url) and its
//! [serializer](https://url.spec.whatwg.org/#concept-url-serializer), the
//! [`URL` class](https://url.spec.whatwg.org/#url-class)'s getters and setters, and
//! [origin](https://url.spec.whatwg.org/#concept-url-origin).
//!
//! Most users want the `weburl` crate, which re-exports this one.
//!
//! Features: `std` and `psl-list` (default; it implies `psl`, the Public Suffix List methods
//! with a list of the caller's, `Url::registrable_domain_in` and the like), `serde`, and
//! `encoding` (off by default): legacy
//! query encodings, `ParseOptions::encoding` with an `encoding_rs` encoding. Without it
//! every query is encoded from UTF-8, the spec's default, and encoding_rs is not linked.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
// No `unsafe`: the byte classifiers' intrinsics and the per-CPU dispatch are in `weburl-bytes`.
#![forbid(unsafe_code)]

extern crate alloc;

mod api;
mod builder;
mod compat;
mod edit;
mod encoding;
mod errors;
mod file_path;
mod hostparse;
mod invariants;
mod offsets;
mod origin;
mod parse;
mod parser;
mod position;
mod scheme;
mod search;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
#[cfg(feature = "psl")]
mod site;
mod splice;
mod url;
mod utf16;

pub use api::{ParseOptions, ParseOptionsWithErrors};
pub use builder::{BuildError, UrlBuilder};
pub use edit::{PathSegmentsMut, QueryPairsMut};
pub use errors::{
    ErrorSink, ParseError, ParseErrorKind, SetterError, ValidationError, ValidationErrorKind,
};
pub use file_path::{FilePathError, PathStyle};
pub use origin::{OpaqueOrigin, Origin};
pub use position::Position;
pub use scheme::SchemeType;
pub use setters::Setter;
pub use url::Url;
pub use weburl_form::SearchParams;
pub use weburl_host::{Host, HostKind};
