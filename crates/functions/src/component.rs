//! One component of a parsed URL, under the name of the
//! [`URL` class](https://url.spec.whatwg.org/#url-class) getter that returns it, and the host's
//! kind, [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain): the functions
//! `url_href`, `url_hostname`, ... and the fields of `url_parse`.

use core::fmt;
use core::str::FromStr;
use std::fmt::Write as _;

use weburl::{HostKind, Url};

use crate::catalogue::Function;

/// A component that the `url_` functions of one URL argument return (and a field of
/// `url_parse`'s struct).
///
/// ```
/// use weburl_functions::Component;
///
/// let c: Component = "hostname".parse().unwrap();
/// assert_eq!(c, Component::Hostname);
/// assert_eq!(c.function_name(), "url_hostname");
/// assert_eq!(c.string_of("https://EXAMPLE.com./a").as_deref(), Some("example.com."));
/// assert_eq!(Component::Port.integer_of("http://example.com:8080/"), Some(8080));
/// assert_eq!(Component::Hostname.string_of("not a URL"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// [`href`](https://url.spec.whatwg.org/#dom-url-href): the URL serialized.
    Href,
    /// [`origin`](https://url.spec.whatwg.org/#dom-url-origin): the origin serialized.
    Origin,
    /// [`protocol`](https://url.spec.whatwg.org/#dom-url-protocol): the scheme and `:`.
    Protocol,
    /// [`username`](https://url.spec.whatwg.org/#dom-url-username).
    Username,
    /// [`password`](https://url.spec.whatwg.org/#dom-url-password).
    Password,
    /// [`host`](https://url.spec.whatwg.org/#dom-url-host): the host and a non-default port.
    Host,
    /// [`hostname`](https://url.spec.whatwg.org/#dom-url-hostname): the host serialized.
    Hostname,
    /// The URL's [port](https://url.spec.whatwg.org/#concept-url-port) as an integer.
    Port,
    /// The URL's port, or its scheme's [default port](https://url.spec.whatwg.org/#default-port).
    PortOrDefault,
    /// [`pathname`](https://url.spec.whatwg.org/#dom-url-pathname): the path serialized.
    Pathname,
    /// [`search`](https://url.spec.whatwg.org/#dom-url-search): `?` and the query.
    Search,
    /// [`hash`](https://url.spec.whatwg.org/#dom-url-hash): `#` and the fragment.
    Hash,
    /// What kind of [host](https://url.spec.whatwg.org/#concept-host) the URL has:
    /// `domain`, `ipv4`, `ipv6`, `opaque` or `empty`.
    HostKind,
    /// The host's [public suffix](https://url.spec.whatwg.org/#host-public-suffix).
    PublicSuffix,
    /// The host's [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain).
    RegistrableDomain,
}

impl Component {
    /// Every component, in the order of `url_parse`'s struct fields.
    pub const ALL: [Component; 15] = [
        Component::Href,
        Component::Origin,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::PortOrDefault,
        Component::Pathname,
        Component::Search,
        Component::Hash,
        Component::HostKind,
        Component::PublicSuffix,
        Component::RegistrableDomain,
    ];

    /// The component's name: `url_parse`'s field and the name [`FromStr`] takes, such as
    /// `"hostname"` or `"port_or_default"`.
    pub const fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Origin => "origin",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::PortOrDefault => "port_or_default",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
            Component::HostKind => "host_kind",
            Component::PublicSuffix => "public_suffix",
            Component::RegistrableDomain => "registrable_domain",
        }
    }

    /// The name of the SQL function that returns this component, such as `"url_hostname"`.
    pub const fn function_name(self) -> &'static str {
        match self {
            Component::Href => "url_href",
            Component::Origin => "url_origin",
            Component::Protocol => "url_protocol",
            Component::Username => "url_username",
            Component::Password => "url_password",
            Component::Host => "url_host",
            Component::Hostname => "url_hostname",
            Component::Port => "url_port",
            Component::PortOrDefault => "url_port_or_default",
            Component::Pathname => "url_pathname",
            Component::Search => "url_search",
            Component::Hash => "url_hash",
            Component::HostKind => "url_host_kind",
            Component::PublicSuffix => "url_public_suffix",
            Component::RegistrableDomain => "url_registrable_domain",
        }
    }

    /// Whether the component is an integer ([`integer`](Self::integer): the two ports)
    /// rather than a string ([`string`](Self::string)).
    pub const fn is_integer(self) -> bool {
        matches!(self, Component::Port | Component::PortOrDefault)
    }

    /// The catalogue record of the component's function (`url_hostname`, ...).
    pub fn doc(self) -> &'static Function {
        crate::catalogue::component_record(self)
    }

    /// The component as a string, `None` (NULL) where it is absent: a public suffix or
    /// registrable domain of a host that is not a domain, the host kind of a URL without a
    /// host, and either port (use [`integer`](Self::integer) for those). `scratch` holds the
    /// value when it is not a slice of the URL's serialization (the origin).
    #[inline]
    pub fn string<'a>(self, url: &'a Url, scratch: &'a mut String) -> Option<&'a str> {
        Some(match self {
            Component::Href => url.href(),
            Component::Origin => {
                scratch.clear();
                // Writing to a String cannot fail.
                let _ = write!(scratch, "{}", url.origin());
                scratch.as_str()
            }
            Component::Protocol => url.protocol(),
            Component::Username => url.username(),
            Component::Password => url.password(),
            Component::Host => url.host(),
            Component::Hostname => url.hostname(),
            Component::Pathname => url.pathname(),
            Component::Search => url.search(),
            Component::Hash => url.hash(),
            Component::HostKind => host_kind_name(url.host_kind()?),
            Component::PublicSuffix => url.public_suffix()?,
            Component::RegistrableDomain => url.registrable_domain()?,
            Component::Port | Component::PortOrDefault => return None,
        })
    }

    /// The component as an integer: the port, or the port or the scheme's default port;
    /// `None` when there is none, and for the string components.
    #[inline]
    pub fn integer(self, url: &Url) -> Option<i32> {
        match self {
            Component::Port => url.port_number().map(i32::from),
            Component::PortOrDefault => url.port_or_default().map(i32::from),
            _ => None,
        }
    }

    /// [`string`](Self::string) of `input` parsed: `None` also when `input` is not a valid URL.
    pub fn string_of(self, input: &str) -> Option<String> {
        let url = crate::parse(input)?;
        let mut scratch = String::new();
        self.string(&url, &mut scratch).map(str::to_owned)
    }

    /// [`integer`](Self::integer) of `input` parsed: `None` also when `input` is not a valid
    /// URL.
    pub fn integer_of(self, input: &str) -> Option<i32> {
        self.integer(&crate::parse(input)?)
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Component`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownComponent(pub String);

impl fmt::Display for UnknownComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown URL component '{}'; expected one of ", self.0)?;
        for (i, c) in Component::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "'{c}'")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownComponent {}

impl FromStr for Component {
    type Err = UnknownComponent;

    /// A component by its [`name`](Component::name), ASCII case-insensitive; the SQL function
    /// name (`url_hostname`) is accepted too.
    fn from_str(name: &str) -> Result<Component, UnknownComponent> {
        let bare = match name.get(..4) {
            Some(prefix) if prefix.eq_ignore_ascii_case("url_") => name.get(4..).unwrap_or(""),
            _ => name,
        };
        Component::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(bare))
            .ok_or_else(|| UnknownComponent(name.to_owned()))
    }
}

/// The name `url_host_kind` gives a kind of host: [`HostKind::name`], the host crate's.
pub const fn host_kind_name(kind: HostKind) -> &'static str {
    kind.name()
}
