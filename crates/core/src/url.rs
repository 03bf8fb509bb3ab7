//! The [URL record](https://url.spec.whatwg.org/#concept-url), represented as its
//! [serialization](https://url.spec.whatwg.org/#concept-url-serializer) plus component offsets,
//! and its getters (the [`URL` class](https://url.spec.whatwg.org/#url-class)'s and structured
//! ones). Getters are slices of the serialization and allocate nothing.

use alloc::string::String;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use weburl_host::{Host, HostKind};

use crate::errors::ParseError;
use crate::offsets::{us, Offsets};
use crate::scheme::SchemeType;

/// A parsed [URL](https://url.spec.whatwg.org/#concept-url).
///
/// It is stored as its serialization (its [`href`](Url::href)) and the offsets of its
/// components in it:
///
/// ```text
/// scheme ":" [ "//" [ username [ ":" password ] "@" ] host [ ":" port ] ] [ "/." ] path [ "?" query ] [ "#" fragment ]
///        ^scheme_end    ^username_end            ^host_start ^host_end   ^path_start ^query_start ^fragment_start
/// ```
///
/// Without credentials `username_end == host_start == scheme_end + 3`; with a null host
/// `username_end == host_start == host_end == scheme_end + 1`. The `"/."` is the serializer's
/// marker for a null host and a path starting with an empty segment; it is not part of the path.
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    /// Where the components are, and the record's fields the serialization does not tell.
    pub(crate) offsets: Offsets<u32>,
    /// The longest serialization the setters may produce (see [`Url::max_length`]): the
    /// [`ParseOptions::max_length`](crate::ParseOptions::max_length) it was parsed with, or
    /// `u32::MAX`. Not part of the URL record: equality, hashing and ordering ignore it.
    pub(crate) max_len: u32,
}

impl Url {
    #[inline]
    pub(crate) fn slice(&self, start: usize, end: usize) -> &str {
        self.serialization.get(start..end).unwrap_or_default()
    }

    /// End of the path (start of the query or fragment, or the end).
    #[inline]
    pub(crate) fn path_end(&self) -> usize {
        us(self
            .offsets
            .query_start
            .or(self.offsets.fragment_start)
            .unwrap_or(self.len_u32()))
    }

    /// End of the query (start of the fragment or the end).
    #[inline]
    pub(crate) fn query_end(&self) -> usize {
        us(self.offsets.fragment_start.unwrap_or(self.len_u32()))
    }

    #[inline]
    pub(crate) fn len_u32(&self) -> u32 {
        // The constructor guarantees the length fits.
        u32::try_from(self.serialization.len()).unwrap_or(u32::MAX)
    }

    /// The [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)'s output: the
    /// `href` getter.
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The serialization, as [`href`](Url::href).
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// The serialization with the fragment excluded (the serializer's *exclude fragment*).
    pub fn href_without_fragment(&self) -> &str {
        self.slice(0, self.query_end())
    }

    /// The [scheme](https://url.spec.whatwg.org/#concept-url-scheme), e.g. `"https"`.
    #[inline]
    pub fn scheme(&self) -> &str {
        self.slice(0, us(self.offsets.scheme_end))
    }

    /// Which special scheme the URL has, if any.
    #[inline]
    pub fn scheme_type(&self) -> SchemeType {
        self.offsets.scheme_type
    }

    /// Whether the URL [is special](https://url.spec.whatwg.org/#is-special).
    #[inline]
    pub fn is_special(&self) -> bool {
        self.offsets.scheme_type.is_special()
    }

    /// The `protocol` getter: the scheme followed by `:`.
    #[inline]
    pub fn protocol(&self) -> &str {
        self.slice(0, us(self.offsets.scheme_end) + 1)
    }

    /// Whether the URL has a (non-null) host.
    #[inline]
    pub fn has_host(&self) -> bool {
        self.offsets.host_kind.is_some()
    }

    /// The `username` getter.
    pub fn username(&self) -> &str {
        if self.has_host() {
            self.slice(
                us(self.offsets.scheme_end) + 3,
                us(self.offsets.username_end),
            )
        } else {
            ""
        }
    }

    /// The `password` getter.
    pub fn password(&self) -> &str {
        let (ue, hs) = (us(self.offsets.username_end), us(self.offsets.host_start));
        if self.has_host() && hs > ue + 1 {
            // ":" password "@"
            self.slice(ue + 1, hs - 1)
        } else {
            ""
        }
    }

    /// Whether the URL [includes credentials](https://url.spec.whatwg.org/#include-credentials).
    #[inline]
    pub fn includes_credentials(&self) -> bool {
        self.has_host() && self.offsets.host_start > self.offsets.scheme_end + 3
    }

    /// The `host` getter: the serialized host and, if there is a port, `:` and the port.
    pub fn host(&self) -> &str {
        if self.has_host() {
            if self.offsets.port.is_some() {
                self.slice(us(self.offsets.host_start), us(self.offsets.path_start))
            } else {
                self.hostname()
            }
        } else {
            ""
        }
    }

    /// The `hostname` getter: the serialized host, or `""` when it is null.
    #[inline]
    pub fn hostname(&self) -> &str {
        self.slice(us(self.offsets.host_start), us(self.offsets.host_end))
    }

    /// The kind of the URL's host, or `None` when the host is null.
    #[inline]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.offsets.host_kind
    }

    /// The URL's [host](https://url.spec.whatwg.org/#concept-url-host), or `None` when it is
    /// null. Domains and opaque hosts borrow from the URL.
    pub fn host_parsed(&self) -> Option<Host<&str>> {
        let text = self.hostname();
        Some(match self.offsets.host_kind? {
            HostKind::Domain => Host::Domain(text),
            HostKind::Opaque => Host::Opaque(text),
            HostKind::Empty => Host::Empty,
            HostKind::Ipv4 => Host::Ipv4(crate::hostparse::ipv4_from_serialized(text)),
            HostKind::Ipv6 => Host::Ipv6(crate::hostparse::ipv6_from_serialized(text)),
        })
    }

    /// The `port` getter: the port, serialized, or `""` when it is null.
    pub fn port(&self) -> &str {
        if self.offsets.port.is_some() {
            self.slice(us(self.offsets.host_end) + 1, us(self.offsets.path_start))
        } else {
            ""
        }
    }

    /// The [port](https://url.spec.whatwg.org/#concept-url-port) as a number (`None` when null;
    /// a special scheme's default port is always null).
    #[inline]
    pub fn port_number(&self) -> Option<u16> {
        self.offsets.port
    }

    /// The port, or the scheme's [default port](https://url.spec.whatwg.org/#default-port)
    /// when it is null.
    #[inline]
    pub fn port_or_default(&self) -> Option<u16> {
        self.offsets
            .port
            .or(self.offsets.scheme_type.default_port())
    }

    /// The `pathname` getter: the result of
    /// [URL path serializing](https://url.spec.whatwg.org/#url-path-serializer).
    #[inline]
    pub fn pathname(&self) -> &str {
        self.slice(us(self.offsets.path_start), self.path_end())
    }

    /// Whether the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path).
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.offsets.opaque_path
    }

    /// The path's segments, or `None` when the path is opaque.
    ///
    /// As rust-url's `path_segments`, the iterator yields at least one item: an empty list
    /// path (`foo://host`, whose pathname is `""`) gives one empty string, the same as the
    /// path `/` of one empty segment. [`path_segment_count`](Self::path_segment_count) tells
    /// them apart (0 and 1).
    ///
    /// ```
    /// use weburl_core::Url;
    /// let segments = |s: &str| {
    ///     let url = Url::parse(s).unwrap();
    ///     url.path_segments().unwrap().map(String::from).collect::<Vec<_>>()
    /// };
    /// assert_eq!(segments("https://example.com/a/b"), ["a", "b"]);
    /// assert_eq!(segments("https://example.com/"), [""]);
    /// assert_eq!(segments("foo://host"), [""]);
    /// assert_eq!(Url::parse("foo://host").unwrap().path_segment_count(), Some(0));
    /// assert_eq!(Url::parse("https://example.com/").unwrap().path_segment_count(), Some(1));
    /// ```
    pub fn path_segments(&self) -> Option<core::str::Split<'_, char>> {
        if self.offsets.opaque_path {
            return None;
        }
        let path = self.pathname();
        // A list path serializes as "/" + segment for each segment; "" is the empty list.
        Some(path.strip_prefix('/').unwrap_or(path).split('/'))
    }

    /// The number of path segments (0 for an empty list), or `None` when the path is opaque.
    pub fn path_segment_count(&self) -> Option<usize> {
        if self.offsets.opaque_path {
            return None;
        }
        let path = self.pathname();
        Some(path.bytes().filter(|&b| b == b'/').count())
    }

    /// The `search` getter: `?` and the query, or `""` when the query is null or empty.
    pub fn search(&self) -> &str {
        match self.offsets.query_start {
            Some(q) if us(q) + 1 < self.query_end() => self.slice(us(q), self.query_end()),
            _ => "",
        }
    }

    /// The [query](https://url.spec.whatwg.org/#concept-url-query), without the `?`.
    pub fn query(&self) -> Option<&str> {
        self.offsets
            .query_start
            .map(|q| self.slice(us(q) + 1, self.query_end()))
    }

    /// The `hash` getter: `#` and the fragment, or `""` when the fragment is null or empty.
    pub fn hash(&self) -> &str {
        match self.offsets.fragment_start {
            Some(f) if us(f) + 1 < self.serialization.len() => {
                self.slice(us(f), self.serialization.len())
            }
            _ => "",
        }
    }

    /// The [fragment](https://url.spec.whatwg.org/#concept-url-fragment), without the `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.offsets
            .fragment_start
            .map(|f| self.slice(us(f) + 1, self.serialization.len()))
    }

    /// [URL equivalence](https://url.spec.whatwg.org/#concept-url-equals), with *exclude
    /// fragments*.
    pub fn equals(&self, other: &Url, exclude_fragments: bool) -> bool {
        if exclude_fragments {
            self.href_without_fragment() == other.href_without_fragment()
        } else {
            self.serialization == other.serialization
        }
    }

    /// The URL's serialization, consuming it.
    pub fn into_string(self) -> String {
        self.serialization
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.serialization)
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host_parsed())
            .field("port", &self.offsets.port)
            .field("path", &self.pathname())
            .field("opaque_path", &self.offsets.opaque_path)
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.serialization.hash(state)
    }
}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    fn cmp(&self, other: &Url) -> core::cmp::Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl FromStr for Url {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;
    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}
