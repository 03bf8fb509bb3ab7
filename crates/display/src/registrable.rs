//! The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) elision
//! keeps whole.

/// Where the registrable domain of the serialized domain `host` starts, if it has one.
///
/// Without a public suffix list this is the last two labels (a host of one label, or one
/// ending in a number, has none). Pass a function of your own with
/// [`Rendering::registrable_domain_with`](crate::Rendering::registrable_domain_with).
pub fn registrable_domain_start(host: &str) -> Option<usize> {
    crate::host::last_two_labels(host)
}
