//! weburl-functions, the SQL and dataframe functions' one definition: `is_valid` and `error`
//! agree with parsing (with and without a base, and through the base cache), every string
//! component of a valid URL is present except those a URL may lack, the path segments rebuild
//! the pathname, the query pairs are no more than the query's `&`-separated parts, and
//! percent-encoding with the component set round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl_functions::{Bases, Component, EncodeSet};
use weburl_fuzz::{split_base, utf8};

fuzz_target!(|data: &[u8]| {
    let Some(data) = utf8(data) else { return };
    let (base, input) = split_base(data);
    for base in [None, Some(base)] {
        let parsed = weburl_functions::parse_with_base(input, base);
        let valid = weburl_functions::is_valid(input, base);
        let error = weburl_functions::error(input, base);
        assert_eq!(valid, parsed.is_ok(), "{input:?} against {base:?}");
        assert_eq!(error.is_none(), valid, "{input:?} against {base:?}");
        let mut bases = Bases::new();
        assert_eq!(bases.parse(input, base).is_ok(), valid);
        assert_eq!(bases.parse(input, base).is_ok(), valid, "the cached base");
        let Ok(url) = parsed else { continue };
        let mut scratch = String::new();
        for component in Component::ALL {
            let string = component.string(&url, &mut scratch).map(str::to_owned);
            let may_lack = component.is_integer()
                || matches!(
                    component,
                    Component::HostKind | Component::PublicSuffix | Component::RegistrableDomain
                );
            assert!(
                string.is_some() || may_lack,
                "{component} of {}",
                url.href()
            );
            assert_eq!(component.name().parse::<Component>(), Ok(component));
        }
        if let Some(segments) = weburl_functions::path_segments(&url) {
            let rebuilt: String = segments.map(|s| format!("/{s}")).collect();
            assert_eq!(rebuilt, url.pathname(), "{}", url.href());
        }
        let parts = url.query().map_or(0, |q| q.split('&').count());
        assert!(weburl_functions::query_pairs(&url).count() <= parts);
    }
    let encoded = weburl_functions::percent_encode(input, EncodeSet::Component);
    assert_eq!(weburl_functions::percent_decode(&encoded), input);
});
