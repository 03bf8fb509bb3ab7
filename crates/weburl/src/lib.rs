//! weburl: URLs parsed, serialized and edited exactly as the
//! [WHATWG URL Standard](https://url.spec.whatwg.org/) says.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub use weburl_form as form;
pub use weburl_host as host;
pub use weburl_percent as percent;

pub use weburl_core::{
    ErrorSink, Host, HostKind, OpaqueOrigin, Origin, ParseError, ParseErrorKind, ParseOptions,
    SchemeType, SearchParams, SetterError, State, Url, ValidationError, ValidationErrorKind,
};
