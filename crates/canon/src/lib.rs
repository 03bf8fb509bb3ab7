//! Canonical URL keys on weburl, each rule set named after its source:
//!
//! - [`surt`]: the SURT keys of the Internet Archive's
//!   [`surt`](https://github.com/internetarchive/surt) Python package (0.3.1), byte for byte,
//!   with its options (`com,example)/path?a=1&b=2`), as Wayback, pywb and Common Crawl's CDX
//!   indexes use them.
//! - [`safe_browsing`]: Google Safe Browsing's
//!   ["URLs and Hashing"](https://developers.google.com/safe-browsing/v4/urls-hashing)
//!   canonicalization (v4, with the v5 reference's IPv6 and IPv4-mapped rules), its lookup
//!   expressions (host suffixes x path prefixes) and their SHA-256 hashes and hash prefixes.
//! - [`ssurt`]: IIPC urlcanon's SSURT (`org,example,//:https/path`), a sort and prefix
//!   key, on the URL Standard's parse.
//! - [`urlcanon`]: IIPC urlcanon's rule sets (WHATWG, semantic, aggressive) and
//!   [`match_rule`], its match rules (SURT and SSURT prefixes, domains, substrings, regular
//!   expressions on the URL and its parent URL).
//! - [`common_crawl`]: the URL fields of Common Crawl's columnar index (`url_surtkey`,
//!   `url_host_tld`, ..., `url_host_registered_domain`, `url_host_private_domain`), by the
//!   compiled Public Suffix List or the caller's.
//! - [`tracking`]: `strip_tracking`, removing tracking parameters by rules in ClearURLs'
//!   format loaded at run time, or by a small built-in list (each entry's source named).
//!
//! Every function takes a string or a parsed [`Url`] (see [`Input`]), returns its result or
//! an error value, and never panics. Where a rule set reads a string by the URL Standard's
//! parser, a string it rejects is one error, [`NotAUrl`].
//!
//! ```
//! use weburl_canon::{safe_browsing, surt};
//! assert_eq!(surt::surt("http://www.archive.org/goo/?b=1&a=2").unwrap(), "org,archive)/goo?a=2&b=1");
//! assert_eq!(
//!     safe_browsing::canonicalize("http://host/%25%32%35").unwrap(),
//!     "http://host/%25"
//! );
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod common_crawl;
mod error;
mod escape;
pub mod match_rule;
pub mod safe_browsing;
pub mod ssurt;
pub mod surt;
pub mod tracking;
pub mod urlcanon;

pub use error::NotAUrl;
use weburl::Url;

/// What the rule sets take: a string (read by each rule set's own rules) or a parsed [`Url`]
/// (keyed by its serialization, so the URL Standard's parse applies first).
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    /// A URL string as written.
    Str(&'a str),
    /// A URL parsed by weburl.
    Url(&'a Url),
}

impl<'a> From<&'a str> for Input<'a> {
    fn from(s: &'a str) -> Self {
        Input::Str(s)
    }
}

impl<'a> From<&'a String> for Input<'a> {
    fn from(s: &'a String) -> Self {
        Input::Str(s)
    }
}

impl<'a> From<&'a Url> for Input<'a> {
    fn from(u: &'a Url) -> Self {
        Input::Url(u)
    }
}

impl<'a> Input<'a> {
    /// The string the rule sets read.
    fn as_str(&self) -> &'a str {
        match *self {
            Input::Str(s) => s,
            Input::Url(u) => u.href(),
        }
    }
}
