//! The WHATWG [URLPattern Standard](https://urlpattern.spec.whatwg.org/) on weburl: URL
//! patterns such as `https://*.example.com/books/:id` parsed, compiled and matched exactly as
//! the standard says, in time linear in the input.
//!
//! ```
//! use weburl_pattern::{UrlPattern, UrlPatternInit};
//!
//! let pattern = UrlPattern::parse("https://*.example.com/books/:id(\\d+)", None)?;
//! assert!(pattern.test("https://shop.example.com/books/42", None)?);
//! assert!(!pattern.test("https://shop.example.com/books/dune", None)?);
//!
//! let result = pattern.exec("https://shop.example.com/books/42?ref=x", None)?.unwrap();
//! assert_eq!(result.hostname.get("0"), Some("shop"));
//! assert_eq!(result.pathname.get("id"), Some("42"));
//!
//! // A URLPatternInit: missing components are wildcards.
//! let init = UrlPatternInit { pathname: Some("/api/:version/*".into()), ..Default::default() };
//! let api = UrlPattern::new(&init, None, Default::default())?;
//! assert_eq!(api.protocol(), "*");
//! assert!(api.test("http://localhost:8080/api/v2/users", None)?);
//! # Ok::<(), weburl_pattern::Error>(())
//! ```
//!
//! Matching uses the `regex` crate, which runs in time linear in the input: custom groups
//! that need backtracking (look-around, backreferences) are refused with
//! [`Error::UnsupportedRegExp`] when the pattern is built.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod canon;
mod component;
mod components;
mod constructor;
mod ecma;
mod error;
mod generate;
mod init;
mod parser;
mod pattern;
mod result;
mod simple;
mod tokenizer;

pub use crate::components::{ComponentName, Components};
pub use crate::error::Error;
pub use crate::init::{UrlPatternInit, UrlPatternInput};
pub use crate::pattern::{UrlPattern, UrlPatternOptions};
pub use crate::result::{MatchInput, UrlPatternComponentResult, UrlPatternResult};
