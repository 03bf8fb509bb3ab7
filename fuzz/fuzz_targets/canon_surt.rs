//! `weburl_canon::surt`: a string with the default options and with every option flipped, and
//! the same string parsed first. Invariants: no panic; a key is ASCII (every byte outside
//! ASCII is percent-encoded) unless the input is passed through (`filedesc...`); a parsed
//! URL always has a key (its serialization has a scheme and a valid port); the default
//! options' key is the same by the one pass as by every rule in turn. `ssurt` (the same
//! target: the SURT family): no panic, a string has an SSURT exactly when it parses, the same
//! as its parsed URL's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_canon::ssurt::ssurt;
use weburl_canon::surt::{surt, surt_by_rules, surt_with, Options};
use weburl_fuzz::utf8;

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let d = Options::default();
    let flipped = [
        Options { surt: false, ..d },
        Options {
            with_scheme: true,
            trailing_comma: true,
            ..d
        },
        Options {
            reverse_ipaddr: false,
            host_massage: false,
            ..d
        },
        Options {
            path_strip_empty: true,
            path_lowercase: false,
            ..d
        },
        Options {
            path_strip_session_id: false,
            query_strip_session_id: false,
            ..d
        },
        Options {
            query_strip_empty: false,
            query_alpha_reorder: false,
            query_lowercase: false,
            ..d
        },
        Options {
            port_strip_default: false,
            host_lowercase: false,
            ..d
        },
        Options {
            path_strip_trailing_slash_unless_empty: false,
            ..d
        },
        Options {
            public_suffix: true,
            ..d
        },
    ];
    assert_eq!(
        surt(input).ok(),
        surt_by_rules(input).ok(),
        "one pass vs every rule: {input:?}"
    );
    for o in std::iter::once(d).chain(flipped) {
        if let Ok(key) = surt_with(input, &o) {
            assert!(
                key.is_ascii() || input.starts_with("filedesc"),
                "{input:?} -> {key:?}"
            );
        }
    }
    if let Ok(url) = Url::parse(input) {
        let key = surt_with(&url, &d);
        assert!(key.is_ok(), "{:?}: {key:?}", url.href());
    }
    match Url::parse(input) {
        Ok(url) => assert_eq!(ssurt(input).ok(), ssurt(&url).ok(), "{input:?}"),
        Err(_) => assert!(ssurt(input).is_err(), "{input:?}"),
    }
});
