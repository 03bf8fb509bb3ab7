//! Percent-encoding as defined by the WHATWG URL Standard, section
//! [Percent-encoded bytes](https://url.spec.whatwg.org/#percent-encoded-bytes).
//!
//! ```
//! use weburl_percent::{utf8_percent_encode, USERINFO};
//! assert_eq!(utf8_percent_encode("Say what‽", &USERINFO), "Say%20what%E2%80%BD");
//! ```
//!
//! Features: `std` (default) links the standard library, without it the crate is
//! `no_std` + `alloc`; `encoding` adds [percent-encode after encoding] with legacy
//! encodings through `encoding_rs` (re-exported as `weburl_percent::encoding_rs`).
//!
//! [percent-encode after encoding]: https://url.spec.whatwg.org/#string-percent-encode-after-encoding
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

#[cfg(feature = "encoding")]
mod after_encoding;
mod decode;
mod encode;
mod sets;

pub use decode::{
    decode_percent_encoded_byte, percent_decode, percent_decode_into, percent_decode_str,
    percent_decode_utf8_lossy,
};
pub use encode::{
    percent_encode_byte, percent_encode_bytes_into, utf8_percent_encode,
    utf8_percent_encode_char_into, utf8_percent_encode_into,
};
pub use sets::{
    AsciiSet, APPLICATION_X_WWW_FORM_URLENCODED, C0_CONTROL, COMPONENT, FRAGMENT, PATH, QUERY,
    SPECIAL_QUERY, USERINFO,
};

#[cfg(feature = "encoding")]
pub use after_encoding::{percent_encode_after_encoding, percent_encode_after_encoding_into};
#[cfg(feature = "encoding")]
pub use encoding_rs;
