//! weburl-functions' `tld::extract` (Python's `weburl.tldextract.extract`) on any text, with
//! and without the PRIVATE section: no panic, and
//! - a non-empty suffix is its own public suffix by the list, private exactly when
//!   `is_private` says so, and without a private suffix the registry suffix is the suffix;
//! - a non-empty fqdn is the non-empty parts joined with dots, and ends with the registry
//!   suffix; the derived top domains are suffixes of it;
//! - the domain is one label unless the host is an IP address;
//! - the result equals one made of its parts (`TldExtract::new`), and an `http(s)` URL's split
//!   is the split of its hostname given alone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::psl::{lookup, Section, Sections};
use weburl_functions::tld::{extract, TldExtract};
use weburl_fuzz::utf8;

fuzz_target!(|data: &[u8]| {
    let Some(url) = utf8(data) else { return };
    for private in [false, true] {
        let r = extract(url, private);
        let (sub, domain, suffix) = (r.subdomain(), r.domain(), r.suffix());
        let context = format!("{url:?} private={private}: {r:?}");
        assert!(!r.is_private() || private, "{context}");
        if suffix.is_empty() {
            assert!(
                !r.is_private() && r.registry_suffix().is_empty(),
                "{context}"
            );
            assert_eq!(r.fqdn(), "", "{context}");
        } else {
            let sections = if private {
                Sections::All
            } else {
                Sections::IcannOnly
            };
            // (Not always an explicit rule: an exception rule's suffix, `ck` of `www.ck`, has
            // only the implicit one.)
            let found = lookup(suffix, sections).expect("every domain has a suffix");
            assert_eq!(found.as_str(), suffix, "{context}");
            assert_eq!(
                found.section() == Some(Section::Private),
                r.is_private(),
                "{context}"
            );
            if !r.is_private() {
                assert_eq!(r.registry_suffix(), suffix, "{context}");
            }
        }
        let fqdn = r.fqdn();
        if !fqdn.is_empty() {
            let joined: Vec<&str> = [sub, domain, suffix]
                .into_iter()
                .filter(|p| !p.is_empty())
                .collect();
            assert_eq!(fqdn, joined.join("."), "{context}");
            assert!(fqdn.ends_with(r.registry_suffix()), "{context}");
            assert!(
                fqdn.ends_with(&r.top_domain_under_public_suffix()),
                "{context}"
            );
            assert!(
                fqdn.ends_with(&r.top_domain_under_registry_suffix()),
                "{context}"
            );
        }
        if domain.contains('.') {
            assert_eq!(r.ipv4(), domain, "{context}");
        }
        if !r.ipv6().is_empty() {
            assert_eq!(format!("[{}]", r.ipv6()), domain, "{context}");
        }
        let made = TldExtract::new(sub, domain, suffix, r.is_private(), r.registry_suffix());
        assert_eq!(made, r, "{context}");
        // An http(s) URL's host given alone (as it is: dropping the root label's dot could
        // make `foo.09.` an IPv4 address that is not one). Only with `//` after the scheme:
        // tldextract reads `http:foo.com` as the host `http`.
        if url.starts_with("http://") || url.starts_with("https://") {
            if let Ok(u) = weburl::Url::parse(url) {
                assert_eq!(extract(u.hostname(), private), r, "{context}");
            }
        }
    }
});
