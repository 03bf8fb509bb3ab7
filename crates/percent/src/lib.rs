//! Percent-encoding as defined by the WHATWG URL Standard, section
//! [Percent-encoded bytes](https://url.spec.whatwg.org/#percent-encoded-bytes).
//!
//! ```
//! use weburl_percent::{utf8_percent_encode, USERINFO};
//! assert_eq!(utf8_percent_encode("Say what‽", &USERINFO), "Say%20what%E2%80%BD");
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod decode;
mod encode;
mod sets;

pub use decode::{percent_decode, percent_decode_str, percent_decode_utf8_lossy};
pub use encode::{percent_encode_byte, utf8_percent_encode, utf8_percent_encode_into};
pub use sets::{
    AsciiSet, APPLICATION_X_WWW_FORM_URLENCODED, C0_CONTROL, COMPONENT, FRAGMENT, PATH, QUERY,
    SPECIAL_QUERY, USERINFO,
};

#[cfg(feature = "encoding")]
pub use encode::{percent_encode_after_encoding, percent_encode_after_encoding_into};
