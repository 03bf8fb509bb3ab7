//! A host's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain), by the Public
//! Suffix List of `weburl-psl`.

use weburl_psl::{List, Sections};

use crate::Host;

impl<S: AsRef<str>> Host<S> {
    /// The host's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) by the
    /// compiled Public Suffix List (feature `psl-list`, on by default): `None` for IP
    /// addresses, opaque hosts and the empty host; a trailing dot is kept.
    ///
    /// ```
    /// use weburl_host::{parse_host, Host};
    /// let host = parse_host("www.EXAMPLE.co.uk.", false, &mut ()).unwrap();
    /// assert_eq!(host.public_suffix(), Some("co.uk."));
    /// assert_eq!(host.registrable_domain(), Some("example.co.uk."));
    /// assert_eq!(Host::<&str>::Ipv4(0x7f00_0001).public_suffix(), None);
    /// ```
    #[cfg(feature = "psl-list")]
    #[inline]
    pub fn public_suffix(&self) -> Option<&str> {
        self.public_suffix_in(List::compiled(), Sections::All)
    }

    /// The host's [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain)
    /// by the compiled Public Suffix List (feature `psl-list`): `None` when the public suffix
    /// is `None` or the whole host.
    #[cfg(feature = "psl-list")]
    #[inline]
    pub fn registrable_domain(&self) -> Option<&str> {
        self.registrable_domain_in(List::compiled(), Sections::All)
    }

    /// [`Host::public_suffix`] by `list`, with the rules of `sections`.
    pub fn public_suffix_in(&self, list: &List, sections: Sections) -> Option<&str> {
        // "If host is not a domain, then return null."
        let Host::Domain(domain) = self else {
            return None;
        };
        // The trailing dot is handled by weburl-psl's lookup, which matches without it and
        // keeps it in the result (steps 2 to 4).
        Some(list.lookup(domain.as_ref(), sections)?.as_str())
    }

    /// [`Host::registrable_domain`] by `list`, with the rules of `sections`.
    pub fn registrable_domain_in(&self, list: &List, sections: Sections) -> Option<&str> {
        let Host::Domain(domain) = self else {
            return None;
        };
        // "If host's public suffix is null or host's public suffix equals host, then return
        // null": `Suffix::registrable_domain` is `None` then.
        list.lookup(domain.as_ref(), sections)?.registrable_domain()
    }
}
