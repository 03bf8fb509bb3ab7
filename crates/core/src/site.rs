//! A URL's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) (those of its
//! host), and HTML's [same site](https://html.spec.whatwg.org/multipage/browsers.html#same-site)
//! and [schemelessly same site](https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site)
//! for origins, by the Public Suffix List of `weburl-psl`.

use weburl_host::psl::{List, Sections};
use weburl_host::{Host, HostKind};

use crate::origin::Origin;
use crate::url::Url;

impl Url {
    /// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix) of the URL's host
    /// by the compiled Public Suffix List (feature `psl-list`, on by default): `None` when the
    /// host is null, an IP address, opaque or empty. Borrows from the URL.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let url = Url::parse("https://www.example.co.uk/")?;
    /// assert_eq!(url.public_suffix(), Some("co.uk"));
    /// assert_eq!(url.registrable_domain(), Some("example.co.uk"));
    /// assert_eq!(Url::parse("https://github.io")?.registrable_domain(), None);
    /// assert_eq!(Url::parse("http://127.0.0.1")?.public_suffix(), None);
    /// # Ok::<(), weburl_core::ParseError>(())
    /// ```
    #[cfg(feature = "psl-list")]
    #[inline]
    pub fn public_suffix(&self) -> Option<&str> {
        self.public_suffix_in(List::compiled(), Sections::All)
    }

    /// The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) of the
    /// URL's host by the compiled Public Suffix List (feature `psl-list`): `None` when its
    /// public suffix is `None` or the whole host. Borrows from the URL.
    #[cfg(feature = "psl-list")]
    #[inline]
    pub fn registrable_domain(&self) -> Option<&str> {
        self.registrable_domain_in(List::compiled(), Sections::All)
    }

    /// [`Url::public_suffix`] by `list`, with the rules of `sections`.
    pub fn public_suffix_in(&self, list: &List, sections: Sections) -> Option<&str> {
        if self.host_kind() != Some(HostKind::Domain) {
            return None;
        }
        Some(list.lookup(self.hostname(), sections)?.as_str())
    }

    /// [`Url::registrable_domain`] by `list`, with the rules of `sections`.
    pub fn registrable_domain_in(&self, list: &List, sections: Sections) -> Option<&str> {
        if self.host_kind() != Some(HostKind::Domain) {
            return None;
        }
        list.lookup(self.hostname(), sections)?.registrable_domain()
    }
}

impl Origin {
    /// [Schemelessly same site](https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site)
    /// by the compiled Public Suffix List (feature `psl-list`).
    ///
    /// ```
    /// use weburl_core::Url;
    /// let a = Url::parse("https://a.example.com")?.origin();
    /// let b = Url::parse("http://b.example.com:8080")?.origin();
    /// assert!(a.schemelessly_same_site(&b));
    /// assert!(!a.same_site(&b));
    /// let c = Url::parse("https://c.example.com")?.origin();
    /// assert!(a.same_site(&c));
    /// let (x, y) = (Url::parse("https://x.github.io")?.origin(), Url::parse("https://y.github.io")?.origin());
    /// assert!(!x.same_site(&y));
    /// # Ok::<(), weburl_core::ParseError>(())
    /// ```
    #[cfg(feature = "psl-list")]
    pub fn schemelessly_same_site(&self, other: &Origin) -> bool {
        self.schemelessly_same_site_in(other, List::compiled())
    }

    /// [Same site](https://html.spec.whatwg.org/multipage/browsers.html#same-site) by the
    /// compiled Public Suffix List (feature `psl-list`): schemelessly same site, and either
    /// both opaque or both tuple origins with the same scheme.
    #[cfg(feature = "psl-list")]
    pub fn same_site(&self, other: &Origin) -> bool {
        self.same_site_in(other, List::compiled())
    }

    /// [`Origin::schemelessly_same_site`] by `list` (both sections, as HTML says).
    pub fn schemelessly_same_site_in(&self, other: &Origin, list: &List) -> bool {
        match (self, other) {
            // "If A and B are the same opaque origin, then return true."
            (Origin::Opaque(a), Origin::Opaque(b)) => a == b,
            // "If A and B are both tuple origins, then:"
            (Origin::Tuple { host: a, .. }, Origin::Tuple { host: b, .. }) => {
                let (site_a, site_b) = (registrable(a, list), registrable(b, list));
                match (site_a, site_b) {
                    // "If hostA equals hostB and hostA's registrable domain is null, then
                    // return true."
                    (None, _) => a == b,
                    // "If hostA's registrable domain equals hostB's registrable domain and
                    // is non-null, then return true."
                    (Some(site_a), Some(site_b)) => site_a == site_b,
                    (Some(_), None) => false,
                }
            }
            // "Return false."
            _ => false,
        }
    }

    /// [`Origin::same_site`] by `list`.
    pub fn same_site_in(&self, other: &Origin, list: &List) -> bool {
        // "A and B are either both opaque origins, or both tuple origins with the same
        // scheme."
        let schemes = match (self, other) {
            (Origin::Opaque(_), Origin::Opaque(_)) => true,
            (Origin::Tuple { scheme: a, .. }, Origin::Tuple { scheme: b, .. }) => a == b,
            _ => false,
        };
        schemes && self.schemelessly_same_site_in(other, list)
    }
}

/// A host's registrable domain by `list`, both sections.
fn registrable<'h>(host: &'h Host<alloc::string::String>, list: &List) -> Option<&'h str> {
    host.registrable_domain_in(list, Sections::All)
}
