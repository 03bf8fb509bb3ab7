//! `weburl_canon::common_crawl`: a string's Common Crawl fields, and the same string parsed
//! first. Invariants: no panic; a string has fields exactly when it parses (and not one field,
//! its SURT key included, when it does not), the same host fields as its parsed URL's; each
//! field's own function gives the field; the suffixes and domains are suffixes of the host
//! name, each domain ends with its suffix; the labels read back from the reversed name are
//! the host name's parts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::psl::List;
use weburl::Url;
use weburl_canon::common_crawl::{field_in, fields, Field};
use weburl_fuzz::utf8;

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let got = fields(input);
    let url = Url::parse(input);
    assert_eq!(got.is_ok(), url.is_ok(), "{input:?}");
    if got.is_err() {
        // Not a URL: no field, `url_surtkey` included.
        for field in Field::ALL {
            let one = field_in(input, List::compiled(), field);
            assert!(one.is_err(), "{input:?} {field:?}: {one:?}");
        }
    }
    let (Ok(f), Ok(url)) = (got, url) else { return };
    let from_url = fields(&url);
    let Ok(from_url) = from_url else {
        panic!("{input:?}: a parsed URL has no fields");
    };
    for field in Field::ALL {
        if field != Field::Surtkey {
            assert_eq!(f.field(field), from_url.field(field), "{input:?} {field:?}");
        }
        let one = field_in(input, List::compiled(), field);
        assert_eq!(
            one.ok().flatten().as_deref(),
            f.field(field),
            "{input:?} {field:?}"
        );
    }
    let host = f.host_name().unwrap_or_default();
    for (suffix, domain) in [
        (f.host_registry_suffix(), f.host_registered_domain()),
        (f.host_private_suffix(), f.host_private_domain()),
    ] {
        if let Some(s) = suffix {
            assert!(host.ends_with(s), "{input:?}: {s:?} of {host:?}");
        }
        if let Some(d) = domain {
            assert!(host.ends_with(d), "{input:?}: {d:?} of {host:?}");
            assert!(suffix.is_some_and(|s| d.ends_with(s)), "{input:?}: {d:?}");
        }
    }
    if let Some(reversed) = f.host_name_reversed() {
        let labels: Vec<&str> = reversed.split('.').collect();
        for (n, label) in labels.iter().enumerate().take(5) {
            assert_eq!(f.host_last_part(n + 1), Some(*label), "{input:?}");
        }
        let mut back = labels.clone();
        back.reverse();
        assert_eq!(back.join("."), host.trim_end_matches('.'), "{input:?}");
    }
});
