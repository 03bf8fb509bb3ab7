//! [application/x-www-form-urlencoded](https://url.spec.whatwg.org/#application/x-www-form-urlencoded)
//! parsing and serializing, and [`SearchParams`] (the spec's `URLSearchParams`).
//!
//! ```
//! let tuples = weburl_form::parse(b"name=J%C3%B6rg&msg=hi+there");
//! assert_eq!(tuples[0], ("name".to_owned(), "Jörg".to_owned()));
//! assert_eq!(weburl_form::serialize(tuples), "name=J%C3%B6rg&msg=hi+there");
//! ```
//!
//! Features: `std` (default) links the standard library, without it the crate is
//! `no_std` + `alloc`; `encoding` adds serializing with legacy encodings through
//! `encoding_rs` ([`serialize_with_encoding`], [`SearchParams::to_string_with_encoding`]).
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod code_units;
mod parser;
mod search_params;
mod serializer;

pub use code_units::{code_unit_cmp, code_unit_less_than};
pub use parser::{parse, parse_iter, parse_str, Parse};
pub use search_params::{Iter, SearchParams};
pub use serializer::{serialize, serialize_into};
#[cfg(feature = "encoding")]
pub use serializer::{serialize_with_encoding, serialize_with_encoding_into};
