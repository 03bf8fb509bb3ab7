//! The URL functions of weburl's SQL and dataframe bindings, defined once: what
//! `url_hostname`, `url_registrable_domain`, `url_query_param`, `url_join`, `url_error`, ...
//! mean, their names and their documentation, for every engine (DataFusion, DuckDB, Polars).
//! An engine's layer only converts its arrays or vectors to `&str` and the results back, so
//! that the engines cannot drift apart.
//!
//! Every function returns `None` where SQL has NULL: for an input that is not a valid URL, and
//! for a component the URL does not have (a port, the registrable domain of an IP address).
//!
//! ```
//! use weburl_functions::{Component, EncodeSet};
//!
//! // Parse once, read many components (the hot path: no allocation for most components).
//! let url = weburl_functions::parse("https://user@WWW.Example.co.uk:8443/a/./b?q=caf%C3%A9").unwrap();
//! let mut scratch = String::new();
//! assert_eq!(Component::Hostname.string(&url, &mut scratch), Some("www.example.co.uk"));
//! assert_eq!(Component::RegistrableDomain.string(&url, &mut scratch), Some("example.co.uk"));
//! assert_eq!(Component::Origin.string(&url, &mut scratch), Some("https://www.example.co.uk:8443"));
//! assert_eq!(Component::Port.integer(&url), Some(8443));
//! assert_eq!(weburl_functions::query_param(&url, "q").as_deref(), Some("café"));
//!
//! // Or one call over a string.
//! assert_eq!("public_suffix".parse::<Component>().unwrap().string_of("http://a.github.io/").as_deref(), Some("github.io"));
//! assert_eq!(weburl_functions::error("https://exa mple.com/", None), Some("domain-to-ASCII"));
//! assert_eq!(weburl_functions::join("https://a.example/x/y", "../z").unwrap().href(), "https://a.example/z");
//! assert_eq!(weburl_functions::percent_encode("a b", EncodeSet::Component), "a%20b");
//! ```
//!
//! | SQL function | here |
//! |---|---|
//! | `url_href`, `url_origin`, ..., `url_port`, `url_host_kind`, `url_public_suffix`, `url_registrable_domain` | [`Component`] |
//! | `url_parse` | every [`Component`] of one [`parse`] |
//! | `url_query_param`, `url_query_params` | [`query_param`], [`query_pairs`] |
//! | `url_path_segments` | [`path_segments`] |
//! | `url_join`, `url_is_valid`, `url_error` | [`join`], [`is_valid`], [`error`] ([`Bases`] for a column of bases) |
//! | `url_percent_decode`, `url_percent_encode` | [`percent_decode`], [`percent_encode`] with an [`EncodeSet`] |
//! | `url_surt`, `url_ssurt`, `url_safe_browsing`, `url_safe_browsing_expressions` | `weburl_canon`'s `surt::surt`, `ssurt::ssurt`, `safe_browsing::canonicalize`, `safe_browsing::expressions` (errors are NULL) |
//! | `url_strip_tracking` | `weburl_canon`'s `tracking::strip_tracking` (the built-in list, or the rules argument, compiled again only where a row's text is not the previous row's; errors are NULL) |
//! | Python's `weburl.tldextract` (`tldextract` 5.x's subdomain / domain / suffix split) | [`tld::extract`], [`tld::TldExtract`] |
//!
//! The [`catalogue`] has every function's record: name, arguments, result type, NULL rule,
//! documentation, example and row semantics; every engine registers its functions from it.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

/// The crate README's example, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod catalogue;
mod component;
pub mod dialect;
mod percent;
mod query;
mod resolve;
pub mod tld;

pub use component::{host_kind_name, Component, UnknownComponent};
pub use percent::{
    percent_decode, percent_encode, percent_encode_into, EncodeSet, UnknownEncodeSet,
};
pub use query::{
    path_segments, path_segments_of, query_pairs, query_param, query_param_of, query_params_of,
};
pub use resolve::{error, is_valid, join, parse, parse_with_base, Bases};
pub use weburl;
pub use weburl::Url;

#[cfg(test)]
mod tests;
