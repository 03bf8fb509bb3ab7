//! Differential testing against [ada](https://github.com/ada-url/ada) (the `ada-url` crate,
//! C++): both parsers accept or reject the same inputs and give the same href.
//!
//! Disagreements where weburl follows the spec (as WPT's urltestdata.json checks) and ada
//! does not are listed in [`KNOWN_DIFFERENCES`]; an input is skipped when it contains one of
//! the listed patterns.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::utf8;

/// (pattern in the input, why the two differ). Each was found by running this target and
/// is explained by a WPT case ada fails.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    if KNOWN_DIFFERENCES.iter().any(|(p, _)| input.contains(p)) {
        return;
    }
    let ours = Url::parse(input);
    let ada = ada_url::Url::parse(input, None);
    match (&ours, &ada) {
        (Ok(a), Ok(b)) => assert_eq!(a.href(), b.href(), "href of {input:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!(
            "weburl and ada disagree on {input:?}: weburl {:?}, ada {:?}",
            ours.as_ref().map(Url::href).map_err(|e| e.name()),
            ada.as_ref()
                .map(|u| u.href().to_owned())
                .map_err(|_| "failure")
        ),
    }
});
