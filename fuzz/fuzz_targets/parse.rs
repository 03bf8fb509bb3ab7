//! `Url::parse`: the offset invariants hold (debug assertions in weburl-core), the href
//! re-parses to the same URL, and `Url::can_parse` agrees with `Url::parse`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{assert_reparses, utf8};

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let parsed = Url::parse(input);
    assert_eq!(
        Url::can_parse(input, None),
        parsed.is_ok(),
        "can_parse disagrees with parse on {input:?}"
    );
    if let Ok(url) = parsed {
        assert_reparses(&url, &input);
        // Serializing is the identity on an href.
        assert_eq!(url.to_string(), url.href());
        let _ = url.origin();
        let _ = url.search_params();
    }
});
