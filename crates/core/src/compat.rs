//! Helpers under rust-url's names, for code moving from the `url` crate and for connectors:
//! [`Url::domain`], [`Url::ip`], [`Url::host_and_port`], [`Url::port_or_known_default`],
//! [`Url::authority`], [`Url::host_str`], [`Url::path`], [`Url::make_relative`],
//! [`Url::parse_with_params`] and others. Built on the getters and setters only.

use alloc::string::String;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use weburl_host::{Host, HostKind};

use crate::errors::{ParseError, SetterError};
use crate::position::Position;
use crate::url::Url;

impl Url {
    /// Parses `input`, then appends `params` to its query, form-urlencoded (rust-url's
    /// `parse_with_params`).
    ///
    /// ```
    /// use weburl_core::Url;
    /// let url = Url::parse_with_params("https://example.com/?a=1", [("q", "x y")]).unwrap();
    /// assert_eq!(url.href(), "https://example.com/?a=1&q=x+y");
    /// ```
    pub fn parse_with_params<I, K, V>(input: &str, params: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: core::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        url.query_pairs_mut().extend_pairs(params);
        Ok(url)
    }

    /// The host when it is a domain, or an opaque host (as rust-url, which does not tell
    /// them apart): `None` for IP addresses, the empty host and a null host.
    ///
    /// ```
    /// use weburl_core::Url;
    /// assert_eq!(Url::parse("https://EXAMPLE.com/").unwrap().domain(), Some("example.com"));
    /// assert_eq!(Url::parse("https://127.0.0.1/").unwrap().domain(), None);
    /// ```
    pub fn domain(&self) -> Option<&str> {
        match self.host_kind()? {
            HostKind::Domain | HostKind::Opaque => Some(self.hostname()),
            _ => None,
        }
    }

    /// The host when it is an IP address.
    ///
    /// ```
    /// use weburl_core::Url;
    /// use std::net::{IpAddr, Ipv6Addr};
    /// let url = Url::parse("http://[::1]:8080/").unwrap();
    /// assert_eq!(url.ip(), Some(IpAddr::V6(Ipv6Addr::LOCALHOST)));
    /// ```
    pub fn ip(&self) -> Option<IpAddr> {
        match self.host_parsed()? {
            Host::Ipv4(a) => Some(IpAddr::V4(Ipv4Addr::from(a))),
            Host::Ipv6(p) => Some(IpAddr::V6(Ipv6Addr::new(
                p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7],
            ))),
            _ => None,
        }
    }

    /// What a connector needs: the host (not empty) and the port, or the scheme's default
    /// port. `None` without a host or a port.
    ///
    /// ```
    /// use weburl_core::{Host, Url};
    /// let url = Url::parse("https://example.com/a").unwrap();
    /// assert_eq!(url.host_and_port(), Some((Host::Domain("example.com"), 443)));
    /// assert_eq!(Url::parse("file:///a").unwrap().host_and_port(), None);
    /// ```
    pub fn host_and_port(&self) -> Option<(Host<&str>, u16)> {
        let host = self.host_parsed().filter(|h| *h != Host::Empty)?;
        Some((host, self.port_or_known_default()?))
    }

    /// The port, or the scheme's default port when it is null: rust-url's name for
    /// [`Url::port_or_default`].
    #[inline]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port_or_default()
    }

    /// The [authority](https://url.spec.whatwg.org/#url-writing) as serialized:
    /// `username:password@host:port`, each part only if present; `""` without a host.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let url = Url::parse("https://u:p@example.com:8443/a").unwrap();
    /// assert_eq!(url.authority(), "u:p@example.com:8443");
    /// assert_eq!(Url::parse("mailto:x@example.com").unwrap().authority(), "");
    /// ```
    pub fn authority(&self) -> &str {
        if self.has_host() {
            &self[Position::BeforeUsername..Position::AfterPort]
        } else {
            ""
        }
    }

    /// The host as serialized, or `None` when it is null (rust-url's `host_str`; the
    /// [`hostname`](Url::hostname) getter gives `""` then).
    #[inline]
    pub fn host_str(&self) -> Option<&str> {
        self.has_host().then(|| self.hostname())
    }

    /// Whether the path is opaque (rust-url's `cannot_be_a_base`).
    #[inline]
    pub fn cannot_be_a_base(&self) -> bool {
        self.has_opaque_path()
    }

    /// Whether the serialization has `//` after the scheme: the host is not null (rust-url's
    /// `has_authority`).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.has_host()
    }

    /// The serialized path: the [`pathname`](Url::pathname) getter (rust-url's `path`).
    #[inline]
    pub fn path(&self) -> &str {
        self.pathname()
    }

    /// Sets the path: the [`pathname` setter](https://url.spec.whatwg.org/#dom-url-pathname)
    /// (rust-url's `set_path`, which however also sets opaque paths).
    pub fn set_path(&mut self, path: &str) -> Result<(), SetterError> {
        self.set_pathname(path)
    }

    /// Sets or removes the port by number (rust-url's `set_port`, whose name the `port`
    /// setter has here): `None` removes it; a scheme's default port is removed too.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let mut url = Url::parse("https://example.com/").unwrap();
    /// url.set_port_number(Some(8443)).unwrap();
    /// assert_eq!(url.href(), "https://example.com:8443/");
    /// url.set_port_number(Some(443)).unwrap();
    /// assert_eq!(url.href(), "https://example.com/");
    /// ```
    pub fn set_port_number(&mut self, port: Option<u16>) -> Result<(), SetterError> {
        match port {
            None => self.set_port(""),
            Some(p) => {
                let mut text = String::with_capacity(5);
                crate::state_machine::push_u16(&mut text, p);
                self.set_port(&text)
            }
        }
    }

    /// The shortest relative reference that, [joined](Url::join) to this URL, gives `url`
    /// (rust-url's `make_relative`): among a fragment or query alone, a relative path, an
    /// absolute path and a scheme-relative reference (`//host/path`), the shortest that joins
    /// back. `None`, as with rust-url, when the scheme, username, password, host or port
    /// differ, or either path is opaque.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let base = Url::parse("https://example.com/a/b/c").unwrap();
    /// let url = Url::parse("https://example.com/a/d/e?q#f").unwrap();
    /// let rel = base.make_relative(&url).unwrap();
    /// assert_eq!(rel, "../d/e?q#f");
    /// assert_eq!(base.join(&rel).unwrap(), url);
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.has_opaque_path()
            || url.has_opaque_path()
            || self[..Position::AfterPort] != url[..Position::AfterPort]
        {
            return None;
        }
        let mut candidates: [Option<String>; 4] = [None, None, None, None];
        let tail = &url[Position::AfterPath..];
        let fragment = url.fragment().map(|f| {
            let mut s = String::with_capacity(f.len() + 1);
            s.push('#');
            s.push_str(f);
            s
        });
        if self.pathname() == url.pathname() {
            if self.query() == url.query() {
                candidates[0] = Some(fragment.clone().unwrap_or_default());
            } else if url.query().is_some() {
                candidates[0] = Some(String::from(tail));
            }
        }
        candidates[1] = relative_path(self.pathname(), url.pathname()).map(|mut p| {
            p.push_str(tail);
            p
        });
        let mut absolute = String::from(url.pathname());
        absolute.push_str(tail);
        candidates[2] = Some(absolute);
        // A scheme-relative reference (`//host/path`; without a host, the path): always
        // joins back.
        let after_scheme = &url[Position::BeforeUsername..];
        candidates[3] = Some(if url.has_host() {
            alloc::format!("//{after_scheme}")
        } else {
            String::from(after_scheme)
        });
        candidates
            .into_iter()
            .flatten()
            .filter(|c| self.join(c).is_ok_and(|j| j == *url))
            .min_by_key(String::len)
    }
}

/// A relative-path reference from the directory of `base` to `target` (both serialized list
/// paths starting with `/`), `./` guarding a first segment that would read as a scheme or an
/// empty reference.
fn relative_path(base: &str, target: &str) -> Option<String> {
    let base = base.strip_prefix('/')?;
    let target = target.strip_prefix('/')?;
    let base_dir: alloc::vec::Vec<&str> = match base.rfind('/') {
        Some(i) => base.get(..i)?.split('/').collect(),
        None => alloc::vec::Vec::new(),
    };
    let target_segments: alloc::vec::Vec<&str> = target.split('/').collect();
    let target_dir_len = target_segments.len().saturating_sub(1);
    let common = base_dir
        .iter()
        .zip(target_segments.iter().take(target_dir_len))
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = String::new();
    for _ in common..base_dir.len() {
        out.push_str("../");
    }
    let rest = target_segments.get(common..)?.join("/");
    let first = rest.split('/').next().unwrap_or_default();
    if out.is_empty() && (rest.is_empty() || first.contains(':') || rest.starts_with('/')) {
        out.push_str("./");
    }
    out.push_str(&rest);
    Some(out)
}

#[cfg(feature = "std")]
impl Url {
    /// Resolves the host and port (or the scheme's default port, else
    /// `default_port_number()`) to socket addresses with the system resolver (rust-url's
    /// `socket_addrs`). Fails without a host or a port.
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> std::io::Result<alloc::vec::Vec<std::net::SocketAddr>> {
        use std::io::{Error, ErrorKind};
        use std::net::{SocketAddr, ToSocketAddrs};
        let port = self
            .port_or_known_default()
            .or_else(default_port_number)
            .ok_or_else(|| Error::new(ErrorKind::InvalidInput, "no port number"))?;
        match self.host_parsed() {
            Some(Host::Domain(d) | Host::Opaque(d)) => Ok((d, port).to_socket_addrs()?.collect()),
            Some(Host::Ipv4(_) | Host::Ipv6(_)) => match self.ip() {
                Some(ip) => Ok(alloc::vec![SocketAddr::new(ip, port)]),
                None => Err(Error::new(ErrorKind::InvalidInput, "no host")),
            },
            _ => Err(Error::new(ErrorKind::InvalidInput, "no host")),
        }
    }
}

impl crate::origin::Origin {
    /// A new opaque origin, different from every other (rust-url's `Origin::new_opaque`).
    pub fn new_opaque() -> crate::origin::Origin {
        crate::origin::Origin::Opaque(crate::origin::OpaqueOrigin::new())
    }

    /// The [ASCII serialization](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
    /// what `Display` writes (rust-url's name).
    pub fn ascii_serialization(&self) -> String {
        alloc::string::ToString::to_string(self)
    }

    /// The serialization with a domain in Unicode (its labels converted from punycode by
    /// [`domain_to_unicode`](weburl_host::domain_to_unicode)), for display (rust-url's
    /// `unicode_serialization`).
    ///
    /// ```
    /// use weburl_core::Url;
    /// let origin = Url::parse("https://xn--r8jz45g.jp:8443/").unwrap().origin();
    /// assert_eq!(origin.unicode_serialization(), "https://例え.jp:8443");
    /// ```
    pub fn unicode_serialization(&self) -> String {
        match self {
            crate::origin::Origin::Tuple {
                scheme,
                host: Host::Domain(domain),
                port,
            } => {
                let mut out =
                    alloc::format!("{scheme}://{}", weburl_host::domain_to_unicode(domain));
                if let Some(port) = port {
                    out.push_str(&alloc::format!(":{port}"));
                }
                out
            }
            other => other.ascii_serialization(),
        }
    }
}
