//! Percent-encoding round trips: for every encode set, `percent_decode(utf8_percent_encode(s,
//! set)) == s` (with spaces as `+` for the form set, which encodes with spaceAsPlus), the
//! encoded string is ASCII, encoding it again changes nothing when the set leaves `%` alone,
//! and decoding arbitrary bytes never grows them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::percent::{
    percent_decode, percent_decode_str, utf8_percent_encode, AsciiSet,
    APPLICATION_X_WWW_FORM_URLENCODED, C0_CONTROL, COMPONENT, FRAGMENT, PATH, QUERY, SPECIAL_QUERY,
    USERINFO,
};

const SETS: [(&str, &AsciiSet); 8] = [
    ("C0_CONTROL", &C0_CONTROL),
    ("FRAGMENT", &FRAGMENT),
    ("QUERY", &QUERY),
    ("SPECIAL_QUERY", &SPECIAL_QUERY),
    ("PATH", &PATH),
    ("USERINFO", &USERINFO),
    ("COMPONENT", &COMPONENT),
    (
        "APPLICATION_X_WWW_FORM_URLENCODED",
        &APPLICATION_X_WWW_FORM_URLENCODED,
    ),
];

fuzz_target!(|data: &[u8]| {
    let decoded = percent_decode(data);
    assert!(decoded.len() <= data.len());
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for (name, set) in SETS {
        let encoded = utf8_percent_encode(s, set);
        // The sets that contain '%' round-trip any string; the others only strings whose
        // '%' signs are not followed by two hex digits.
        let contains_percent = set.contains(b'%');
        if contains_percent || !has_percent_escape(s) {
            // The application/x-www-form-urlencoded set encodes with spaceAsPlus: U+0020 becomes
            // `+` (and `+` itself is in the set), which percent-decoding leaves alone.
            let expected = if name == "APPLICATION_X_WWW_FORM_URLENCODED" {
                s.replace(' ', "+")
            } else {
                s.to_owned()
            };
            assert_eq!(
                percent_decode_str(&encoded).as_ref(),
                expected.as_bytes(),
                "{name}: {s:?} -> {encoded:?}"
            );
        }
        // Every non-ASCII code point is encoded by every set.
        assert!(encoded.is_ascii(), "{name}: {s:?} -> {encoded:?}");
        // Already-encoded output is left alone when the set leaves '%' alone.
        if !contains_percent {
            assert_eq!(utf8_percent_encode(&encoded, set), encoded, "{name}: {s:?}");
        }
    }
});

fn has_percent_escape(s: &str) -> bool {
    s.as_bytes()
        .windows(3)
        .any(|w| matches!(w, [b'%', a, b] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit()))
}
