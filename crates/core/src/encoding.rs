//! The query's [encoding](https://url.spec.whatwg.org/#concept-basic-url-parser) (the basic URL
//! parser's *encoding*): an `encoding_rs` encoding with the feature `encoding`; without it
//! always UTF-8, the spec's default, and a type with one value, so that the legacy encoders
//! and their tables are not linked.

/// The encoding a parse percent-encodes the query with.
#[cfg(feature = "encoding")]
pub(crate) type QueryEncoding = &'static encoding_rs::Encoding;

/// [UTF-8](https://encoding.spec.whatwg.org/#utf-8).
#[cfg(feature = "encoding")]
pub(crate) const UTF_8: QueryEncoding = encoding_rs::UTF_8;

/// The encoding a parse percent-encodes the query with: UTF-8, the only one without the
/// feature `encoding`.
#[cfg(not(feature = "encoding"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct QueryEncoding;

/// [UTF-8](https://encoding.spec.whatwg.org/#utf-8).
#[cfg(not(feature = "encoding"))]
pub(crate) const UTF_8: QueryEncoding = QueryEncoding;

/// [Get an output encoding](https://encoding.spec.whatwg.org/#get-an-output-encoding).
#[inline(always)]
pub(crate) fn output_encoding(encoding: QueryEncoding) -> QueryEncoding {
    #[cfg(feature = "encoding")]
    return encoding.output_encoding();
    #[cfg(not(feature = "encoding"))]
    encoding
}
