//! The [origin](https://url.spec.whatwg.org/#concept-url-origin) of a URL.

use alloc::string::String;
use core::fmt;
use core::sync::atomic::{AtomicUsize, Ordering};

use weburl_host::Host;

use crate::scheme::SchemeType;
use crate::url::Url;

/// An [origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin): a tuple
/// origin or an opaque one. `Display` is its
/// [serialization](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
/// `scheme://host[:port]`, or `null` when opaque.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An [opaque origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-opaque):
    /// equal only to itself (and its clones).
    Opaque(OpaqueOrigin),
    /// A [tuple origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-tuple)
    /// (its domain is always null here).
    Tuple {
        /// The scheme.
        scheme: String,
        /// The host.
        host: Host<String>,
        /// The port (null when it is the scheme's default).
        port: Option<u16>,
    },
}

/// The identity of one opaque origin: each call that creates "a new opaque origin" gets a new
/// one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(usize);

static NEXT_OPAQUE: AtomicUsize = AtomicUsize::new(0);

impl OpaqueOrigin {
    /// A new opaque origin, different from every other.
    pub fn new() -> OpaqueOrigin {
        OpaqueOrigin(NEXT_OPAQUE.fetch_add(1, Ordering::Relaxed))
    }
}

impl Default for OpaqueOrigin {
    fn default() -> Self {
        OpaqueOrigin::new()
    }
}

impl Origin {
    /// Whether this is a tuple origin.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple { .. })
    }

    /// [Same origin](https://html.spec.whatwg.org/multipage/browsers.html#same-origin).
    pub fn same_origin(&self, other: &Origin) -> bool {
        self == other
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque(_) => f.write_str("null"),
            Origin::Tuple { scheme, host, port } => {
                write!(f, "{scheme}://{host}")?;
                if let Some(port) = port {
                    write!(f, ":{port}")?;
                }
                Ok(())
            }
        }
    }
}

impl Url {
    /// The URL's [origin](https://url.spec.whatwg.org/#concept-url-origin). For `blob:` URLs
    /// (which have no blob URL entry here) it is the origin of the URL their path parses to,
    /// if that is an `http`, `https` or `file` URL; `file:` URLs get an opaque origin.
    pub fn origin(&self) -> Origin {
        match self.offsets.scheme_type {
            SchemeType::Ftp
            | SchemeType::Http
            | SchemeType::Https
            | SchemeType::Ws
            | SchemeType::Wss => Origin::Tuple {
                scheme: String::from(self.scheme()),
                host: self.host_parsed().map_or(Host::Empty, |h| match h {
                    Host::Domain(d) => Host::Domain(String::from(d)),
                    Host::Opaque(o) => Host::Opaque(String::from(o)),
                    Host::Ipv4(a) => Host::Ipv4(a),
                    Host::Ipv6(a) => Host::Ipv6(a),
                    Host::Empty => Host::Empty,
                }),
                port: self.offsets.port,
            },
            // "Unfortunate as it is, this is left as an exercise to the reader. When in
            // doubt, return a new opaque origin."
            SchemeType::File => Origin::Opaque(OpaqueOrigin::new()),
            SchemeType::NotSpecial if self.scheme() == "blob" => {
                // "Let pathURL be the result of parsing the result of URL path serializing
                // url."
                match Url::parse(self.pathname()) {
                    Ok(inner)
                        if matches!(
                            inner.offsets.scheme_type,
                            SchemeType::Http | SchemeType::Https | SchemeType::File
                        ) =>
                    {
                        inner.origin()
                    }
                    _ => Origin::Opaque(OpaqueOrigin::new()),
                }
            }
            SchemeType::NotSpecial => Origin::Opaque(OpaqueOrigin::new()),
        }
    }
}
