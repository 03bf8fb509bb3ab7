//! The WHATWG URL Standard's [URLs](https://url.spec.whatwg.org/#urls): the basic URL parser,
//! the URL record and its serializer, setters and origin.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
