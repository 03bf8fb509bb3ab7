//! `weburl_canon::tracking::strip_tracking` on a fuzzed URL, with the built-in list and with
//! the rules of `crates/canon/tests/data/clearurls-fixture.json` (this crate's own fixture in
//! ClearURLs' format, every provider member), both compiled once. Invariants: no panic; a
//! result is a URL whose serialization it is; an input that does not parse is
//! `Error::NotAUrl`; the built-in list is idempotent and gives the same result for the string
//! and for its parsed URL.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_canon::tracking::{strip_tracking, Error, Rules};
use weburl_fuzz::utf8;

fn fixture() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        Rules::from_json(include_bytes!(
            "../../crates/canon/tests/data/clearurls-fixture.json"
        ))
        .expect("the fixture loads")
    })
}

fn check_result(input: &str, result: &Result<String, Error>) {
    match result {
        Ok(s) => {
            let url = Url::parse(s).unwrap_or_else(|e| panic!("{input:?} -> {s:?}: {e}"));
            assert_eq!(url.href(), s, "{input:?}");
        }
        Err(Error::NotAUrl) => assert!(Url::parse(input).is_err(), "{input:?}"),
        Err(_) => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let builtin = Rules::builtin();
    let once = strip_tracking(input, builtin);
    check_result(input, &once);
    if let Ok(url) = Url::parse(input) {
        assert_eq!(strip_tracking(&url, builtin), once, "{input:?}");
    }
    if let Ok(s) = &once {
        assert_eq!(
            strip_tracking(s.as_str(), builtin).as_ref(),
            Ok(s),
            "{input:?}"
        );
    }
    let with_fixture = strip_tracking(input, fixture());
    check_result(input, &with_fixture);
});
