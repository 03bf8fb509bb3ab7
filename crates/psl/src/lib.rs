//! The [Public Suffix List](https://publicsuffix.org/) and its
//! [algorithm](https://github.com/publicsuffix/list/wiki/Format#formal-algorithm): a domain's
//! public suffix (`com`, `co.uk`, `github.io`) and registrable domain (`example.co.uk`), the
//! basis of the URL Standard's [public suffix](https://url.spec.whatwg.org/#host-public-suffix)
//! and [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) of a host
//! and of HTML's [same site](https://html.spec.whatwg.org/multipage/browsers.html#same-site).
//!
//! ```
//! # #[cfg(feature = "list")] {
//! use weburl_psl::{lookup, public_suffix, registrable_domain, RuleKind, Section, Sections};
//!
//! assert_eq!(public_suffix("www.example.co.uk"), Some("co.uk"));
//! assert_eq!(registrable_domain("www.example.co.uk"), Some("example.co.uk"));
//! assert_eq!(registrable_domain("co.uk"), None);
//! // A trailing dot is kept, as the URL Standard does.
//! assert_eq!(registrable_domain("www.example.com."), Some("example.com."));
//! // Both sections by default; the ICANN section alone on request.
//! assert_eq!(registrable_domain("whatwg.github.io"), Some("whatwg.github.io"));
//! let icann = lookup("whatwg.github.io", Sections::IcannOnly).unwrap();
//! assert_eq!((icann.as_str(), icann.registrable_domain()), ("io", Some("github.io")));
//! // Which rule prevailed, and from which section.
//! let found = lookup("www.ck", Sections::All).unwrap();
//! assert_eq!((found.kind(), found.section(), found.rule()), (RuleKind::Exception, Some(Section::Icann), "!www.ck".to_string()));
//! # }
//! ```
//!
//! The input is a domain in its ASCII form, as the URL Standard's host parser gives it (IDNA
//! done: `xn--` labels); labels are compared ASCII case-insensitively. A host that may be an
//! IP address must be told apart first (weburl's `Host::public_suffix` does): the list knows
//! only domains, and `127.0.0.1` has the public suffix `1` by the implicit rule `*`. Results
//! borrow from the input; a lookup allocates nothing.
//!
//! # The list
//!
//! With the default feature `list`, the list is compiled in (`List::compiled`, used by the
//! free functions): `data/public_suffix_list.dat` at the commit `LIST_VERSION` names, as the
//! table in `src/generated.rs`, in which the rules written in Unicode have been converted to
//! their `xn--` form by weburl-host. The list is
//! [MPL-2.0](https://mozilla.org/MPL/2.0/) (its source: <https://github.com/publicsuffix/list>);
//! this crate's code is MIT OR Apache-2.0. To refresh it, run
//! `cargo xtask psl-sync --from FILE --update` in the weburl repository, which copies the list,
//! records its checksum in `data/MANIFEST` and regenerates the table; or ship a fresher list
//! with your program and load it with [`List::parse`]. The list changes every week: a
//! registrable domain is a convention that differs between clients with different lists, not
//! a security boundary (see the URL Standard's warning).
//!
//! Without the feature `list`, only runtime lists are available, and the crate carries no
//! list data.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

#[cfg(feature = "list")]
#[rustfmt::skip]
mod generated;
mod list;
mod lookup;
mod table;

pub use list::{List, ListError, ListErrorKind};
pub use lookup::{RuleKind, Section, Sections, Suffix};
#[doc(hidden)]
pub use table::{Node, Top};

/// The version of the compiled list: the publicsuffix/list commit and date it was taken from
/// (from `data/MANIFEST`).
#[cfg(feature = "list")]
pub const LIST_VERSION: &str = generated::VERSION;

/// The [public suffix](https://github.com/publicsuffix/list/wiki/Format#formal-algorithm) of
/// `domain` by the compiled list (both sections): the labels matched by the prevailing rule, a
/// slice of `domain`. A trailing dot is kept (`example.com.` gives `com.`). `None` for the
/// empty domain and a domain with an empty label (`.com`, `a..com`).
///
/// ```
/// assert_eq!(weburl_psl::public_suffix("a.b.kobe.jp"), Some("b.kobe.jp")); // *.kobe.jp
/// assert_eq!(weburl_psl::public_suffix("city.kobe.jp"), Some("kobe.jp")); // !city.kobe.jp
/// assert_eq!(weburl_psl::public_suffix("example.unknowntld"), Some("unknowntld")); // *
/// ```
#[cfg(feature = "list")]
#[inline]
pub fn public_suffix(domain: &str) -> Option<&str> {
    List::compiled().public_suffix(domain)
}

/// The registrable domain of `domain` by the compiled list (both sections): its public suffix
/// and the label before it, a slice of `domain`; `None` when `domain` is a public suffix (or
/// has none).
///
/// ```
/// assert_eq!(weburl_psl::registrable_domain("sub.www.example.com"), Some("example.com"));
/// assert_eq!(weburl_psl::registrable_domain("github.io"), None);
/// assert_eq!(weburl_psl::registrable_domain("EXAMPLE.COM"), Some("EXAMPLE.COM"));
/// ```
#[cfg(feature = "list")]
#[inline]
pub fn registrable_domain(domain: &str) -> Option<&str> {
    List::compiled_registrable_domain(domain)
}

/// Whether `domain` is a public suffix by the compiled list (both sections): `com`,
/// `github.io`, and any single label (the implicit rule `*`).
///
/// ```
/// assert!(weburl_psl::is_public_suffix("co.uk"));
/// assert!(!weburl_psl::is_public_suffix("example.co.uk"));
/// ```
#[cfg(feature = "list")]
#[inline]
pub fn is_public_suffix(domain: &str) -> bool {
    List::compiled().is_public_suffix(domain)
}

/// The public suffix of `domain` by the compiled list with the rules of `sections`, and which
/// rule prevailed.
#[cfg(feature = "list")]
#[inline]
pub fn lookup(domain: &str, sections: Sections) -> Option<Suffix<'_>> {
    List::compiled().lookup(domain, sections)
}
