//! The WHATWG URL Standard's [URLs](https://url.spec.whatwg.org/#urls): the
//! [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser), the
//! [URL record](https://url.spec.whatwg.org/#concept-url) and its
//! [serializer](https://url.spec.whatwg.org/#concept-url-serializer), the
//! [`URL` class](https://url.spec.whatwg.org/#url-class)'s getters and setters, and
//! [origin](https://url.spec.whatwg.org/#concept-url-origin).
//!
//! Most users want the `weburl` crate, which re-exports this one.
//!
//! Features: `std`, `compat`, `form` and `psl-list` (default; `psl-list` implies `psl`, the
//! Public Suffix List methods with a list of the caller's, `Url::registrable_domain_in` and
//! the like; `form` is `SearchParams` and `Url::search_params`, the spec's `searchParams`,
//! from weburl-form, which is not built without it; `compat` and `encoding` imply it),
//! `serde`, and `encoding` (off by default): legacy query encodings,
//! `ParseOptions::encoding` with an `encoding_rs` encoding. Without it every query is encoded
//! from UTF-8, the spec's default, and encoding_rs is not linked.
//!
//! `compat` is the API beyond the URL Standard's, mostly for code moving from the `url`
//! crate: the helpers under its names (`Url::host_str`, `Url::domain`, `Url::path`,
//! `Url::make_relative`, `Url::parse_with_params`, `Url::socket_addrs`, ...), the record-level
//! editors (`Url::set_query`, `Url::path_segments_mut`, `Url::query_pairs_mut`,
//! `Url::set_scheme`, `Url::set_ip_host`, ...), file paths (`Url::from_file_path`,
//! `Url::to_file_path`, `PathStyle`) and `UrlBuilder`. Without it this crate builds about a
//! quarter quicker (docs/performance.md, "Clean builds").
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
// No `unsafe`: the byte classifiers' intrinsics and the per-CPU dispatch are in `weburl-bytes`.
#![forbid(unsafe_code)]

extern crate alloc;

mod api;
#[cfg(feature = "compat")]
mod builder;
#[cfg(feature = "compat")]
mod compat;
#[cfg(feature = "compat")]
mod edit;
mod encoding;
mod error_list;
mod errors;
#[cfg(feature = "compat")]
mod file_path;
mod hostparse;
mod invariants;
mod offsets;
mod origin;
mod position;
// How an input reaches the state machine (fast path, where the machine takes over, which
// buffer it writes into): the driver of `state_machine`.
mod route;
mod scheme;
#[cfg(feature = "form")]
mod search;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
#[cfg(feature = "psl")]
mod site;
mod splice;
// The basic URL parser's state machine: one function per spec state; knows nothing of `route`.
mod state_machine;
mod url;
mod utf16;

pub use api::{ParseOptions, ParseOptionsWithErrors};
#[cfg(feature = "compat")]
pub use builder::{BuildError, UrlBuilder};
#[cfg(feature = "compat")]
pub use edit::{PathSegmentsMut, QueryPairsMut};
pub use error_list::ReportedError;
pub use errors::{
    ErrorSink, ParseError, ParseErrorKind, SetterError, ValidationError, ValidationErrorKind,
};
#[cfg(feature = "compat")]
pub use file_path::{FilePathError, PathStyle};
pub use origin::{OpaqueOrigin, Origin};
pub use position::Position;
pub use scheme::SchemeType;
pub use setters::Setter;
pub use url::Url;
#[cfg(feature = "form")]
pub use weburl_form::SearchParams;
pub use weburl_host::{Host, HostKind};
