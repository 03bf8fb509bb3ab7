//! [application/x-www-form-urlencoded](https://url.spec.whatwg.org/#application/x-www-form-urlencoded)
//! parsing and serializing, and [`SearchParams`] (the spec's `URLSearchParams`).
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
