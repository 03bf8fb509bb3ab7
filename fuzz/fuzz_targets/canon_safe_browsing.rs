//! `weburl_canon::safe_browsing`: a string, and the same string parsed first. Invariants: no
//! panic; the canonical form is ASCII with no byte at or below space, no `#`, a `scheme://`
//! and a path, and is its own canonical form (idempotence); the expressions are at most 5
//! hosts x 6 paths, each the canonical form's host and path prefix; each hash prefix starts
//! its expression's SHA-256.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_canon::safe_browsing::{canonicalize, expressions, hash, hash_prefixes};
use weburl_fuzz::utf8;

fn check(input: &str) {
    let Ok(c) = canonicalize(input) else {
        assert!(expressions(input).is_err());
        return;
    };
    assert!(
        c.is_ascii() && !c.bytes().any(|b| b <= b' ' || b == b'#'),
        "{input:?} -> {c:?}"
    );
    let (_, rest) = c.split_once("://").expect("scheme://");
    assert!(rest.contains('/'), "{input:?} -> {c:?}");
    assert_eq!(
        canonicalize(c.as_str()).as_ref(),
        Ok(&c),
        "{input:?} -> {c:?}"
    );
    let e = expressions(input).expect("expressions of a canonical URL");
    assert!(!e.is_empty() && e.len() <= 30, "{input:?}: {e:?}");
    assert_eq!(e.first().map(String::as_str), Some(rest));
    let p = hash_prefixes(input).expect("prefixes");
    assert_eq!(p.len(), e.len());
    for (e, p) in e.iter().zip(&p) {
        assert!(hash(e).starts_with(p));
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    check(input);
    if let Ok(url) = Url::parse(input) {
        check(url.href());
    }
});
