//! Shared invariant checks for the weburl fuzz targets.
//!
//! Every target is built with debug assertions on (cargo-fuzz's default `--debug-assertions`
//! / `-a`), so weburl-core checks its offset invariants after every parse and setter
//! (`Url::check_invariants`, a `debug_assert!`); the checks here add the properties that
//! need a second parse or a second implementation.
//!
//! Targets panic on a broken property: that is how libFuzzer learns of it.
#![allow(clippy::panic)]
#![forbid(unsafe_code)]

use weburl::Url;

/// Every getter of `u`, to compare two URLs component by component (`Url`'s `==` compares
/// only the serialization; this also catches offsets that disagree with it).
pub fn components(u: &Url) -> [String; 12] {
    [
        u.href().to_owned(),
        u.protocol().to_owned(),
        u.username().to_owned(),
        u.password().to_owned(),
        u.host().to_owned(),
        u.hostname().to_owned(),
        u.port().to_owned(),
        u.pathname().to_owned(),
        u.search().to_owned(),
        u.hash().to_owned(),
        format!("{:?}", u.host_parsed()),
        format!("{} {:?}", u.has_opaque_path(), u.port_number()),
    ]
}

/// The URL serializer's output parses back to the same URL, component by component.
pub fn assert_reparses(u: &Url, context: &dyn std::fmt::Debug) {
    match Url::parse(u.href()) {
        Ok(again) => {
            let (a, b) = (components(u), components(&again));
            if a != b {
                panic!("re-parse differs\n  context: {context:?}\n  url:   {a:?}\n  again: {b:?}");
            }
        }
        Err(e) => panic!(
            "href does not re-parse: {:?} ({})\n  context: {context:?}",
            u.href(),
            e.name()
        ),
    }
}

/// Input bytes as UTF-8, or `None` (the API takes `&str`; lossy conversion would only
/// duplicate inputs).
pub fn utf8(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Splits `data` at its first NUL byte into (base, input); without a NUL, the base is a
/// fixed special URL. Seed files for `join` are written as `base NUL input`.
pub fn split_base(data: &str) -> (&str, &str) {
    match data.split_once('\0') {
        Some((base, input)) => (base, input),
        None => ("http://user:pass@example.org:81/a/b/c?q#f", data),
    }
}
