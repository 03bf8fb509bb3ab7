//! The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) elision
//! keeps whole.

/// Where the [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) of
/// the serialized domain `host` starts (a byte offset), by the Public Suffix List compiled
/// into `weburl-psl`; `None` when it has none (its public suffix is the whole host, or it
/// has no public suffix).
///
/// Pass another function (for example one over a fresher list, `weburl_psl::List::parse`)
/// with [`Rendering::registrable_domain_with`](crate::Rendering::registrable_domain_with).
///
/// ```
/// use weburl_display::registrable_domain_start;
/// assert_eq!(registrable_domain_start("www.example.co.uk"), Some(4));
/// assert_eq!(registrable_domain_start("github.io"), None);
/// assert_eq!(registrable_domain_start("a.b.github.io"), Some(2));
/// ```
pub fn registrable_domain_start(host: &str) -> Option<usize> {
    let registrable = weburl_psl::registrable_domain(host)?;
    host.len().checked_sub(registrable.len())
}
