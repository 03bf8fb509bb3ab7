//! Every percent-encode set checked against the spec's code point lists, written out here
//! independently of how `src/sets.rs` composes them.

use weburl_percent::{
    utf8_percent_encode, AsciiSet, APPLICATION_X_WWW_FORM_URLENCODED, C0_CONTROL, COMPONENT,
    FRAGMENT, PATH, QUERY, SPECIAL_QUERY, USERINFO,
};

/// Printable ASCII members of each set (all sets also hold C0 controls, U+007F and every
/// code point above it), copied from the prose of https://url.spec.whatwg.org/#percent-encoded-bytes
/// with every inherited member spelled out.
const SETS: &[(&str, &AsciiSet, &str)] = &[
    ("C0 control", &C0_CONTROL, ""),
    ("fragment", &FRAGMENT, " \"<>`"),
    ("query", &QUERY, " \"#<>"),
    ("special-query", &SPECIAL_QUERY, " \"#<>'"),
    ("path", &PATH, " \"#<>?`{}^"),
    ("userinfo", &USERINFO, " \"#<>?`{}^/:;=@[\\]|"),
    ("component", &COMPONENT, " \"#<>?`{}^/:;=@[\\]|$%&+,"),
    (
        "application/x-www-form-urlencoded",
        &APPLICATION_X_WWW_FORM_URLENCODED,
        " \"#<>?`{}^/:;=@[\\]|$%&+,!'()~",
    ),
];

fn expected_member(printable: &str, b: u8) -> bool {
    b <= 0x1F || b >= 0x7F || printable.as_bytes().contains(&b)
}

#[test]
fn every_byte_of_every_set() {
    for &(name, set, printable) in SETS {
        for b in 0..=255u8 {
            assert_eq!(
                set.contains(b),
                expected_member(printable, b),
                "{name} set, byte {b:#04X}"
            );
        }
    }
}

#[test]
fn every_ascii_code_point_of_every_set_as_char() {
    for &(name, set, printable) in SETS {
        for b in 0..0x80u8 {
            assert_eq!(
                set.contains_char(char::from(b)),
                expected_member(printable, b),
                "{name} set, U+{b:04X}"
            );
        }
        for c in ['\u{80}', 'é', '‽', '\u{FFFF}', '\u{10FFFF}'] {
            assert!(set.contains_char(c), "{name} set, {c:?}");
        }
    }
}

#[test]
fn utf8_percent_encode_each_ascii_code_point() {
    for &(name, set, printable) in SETS {
        let is_form = name == "application/x-www-form-urlencoded";
        for b in 0..0x80u8 {
            let s = char::from(b).to_string();
            let expected = if is_form && b == b' ' {
                "+".to_owned()
            } else if expected_member(printable, b) {
                format!("%{b:02X}")
            } else {
                s.clone()
            };
            assert_eq!(
                utf8_percent_encode(&s, set),
                expected,
                "{name} set, U+{b:04X}"
            );
        }
    }
}

/// The spec's note: the application/x-www-form-urlencoded set "contains all code points,
/// except the ASCII alphanumeric, U+002A (*), U+002D (-), U+002E (.), and U+005F (_)".
#[test]
fn form_set_matches_the_note() {
    for b in 0..=255u8 {
        let outside = b.is_ascii_alphanumeric() || b"*-._".contains(&b);
        assert_eq!(
            APPLICATION_X_WWW_FORM_URLENCODED.contains(b),
            !outside,
            "{b:#04X}"
        );
    }
}

/// Each set is a superset of the one the spec builds it from.
#[test]
fn sets_nest_as_the_spec_says() {
    let pairs: &[(&AsciiSet, &AsciiSet)] = &[
        (&C0_CONTROL, &FRAGMENT),
        (&C0_CONTROL, &QUERY),
        (&QUERY, &SPECIAL_QUERY),
        (&QUERY, &PATH),
        (&PATH, &USERINFO),
        (&USERINFO, &COMPONENT),
        (&COMPONENT, &APPLICATION_X_WWW_FORM_URLENCODED),
    ];
    for (small, big) in pairs {
        assert_eq!(small.union(**big), **big);
        assert_ne!(small, big);
    }
    // The query set cannot be defined from the fragment set: it lacks U+0060 (`).
    assert!(FRAGMENT.contains(b'`') && !QUERY.contains(b'`'));
}

#[test]
fn set_operations() {
    const S: AsciiSet = AsciiSet::EMPTY.add(b'a').add_range(b'0', b'2').add(0xC0);
    for b in 0..0x80u8 {
        assert_eq!(
            S.contains(b),
            b == b'a' || (b'0'..=b'2').contains(&b),
            "{b}"
        );
    }
    assert!(S.contains(0xC0) && AsciiSet::EMPTY.contains(0x80));
    assert_eq!(
        S.remove(b'a').remove(0xC0),
        AsciiSet::EMPTY.add_range(b'0', b'2')
    );
    assert!(
        S.remove(0xC0).contains(0xC0),
        "non-ASCII bytes cannot be removed"
    );
    assert_eq!(
        AsciiSet::EMPTY.add_range(0x70, 0xFF),
        AsciiSet::EMPTY.add_range(0x70, 0x7F)
    );
    assert_eq!(AsciiSet::EMPTY.add_range(5, 4), AsciiSet::EMPTY);
    assert!(S.const_eq(&S.union(AsciiSet::EMPTY)));
    let debug = format!("{S:?}");
    assert_eq!(debug, "AsciiSet { ascii: ['0', '1', '2', 'a'] }");
}
