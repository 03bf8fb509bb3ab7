//! The application/x-www-form-urlencoded serializer and its round trip with the parser.

use weburl_form::{parse, parse_str, serialize, serialize_into};

#[test]
fn serializes_every_ascii_code_point() {
    for b in 0..0x80u8 {
        let c = char::from(b);
        let expected = if b == b' ' {
            "+".to_owned()
        } else if b.is_ascii_alphanumeric() || b"*-._".contains(&b) {
            c.to_string()
        } else {
            format!("%{b:02X}")
        };
        assert_eq!(
            serialize([(c.to_string(), "")]),
            format!("{expected}="),
            "U+{b:04X}"
        );
    }
}

#[test]
fn empty_and_separators() {
    assert_eq!(serialize(Vec::<(&str, &str)>::new()), "");
    assert_eq!(serialize([("", "")]), "=");
    assert_eq!(serialize([("", ""), ("", "")]), "=&=");
    let mut out = String::from("prefix");
    serialize_into([("a", "1"), ("b", "2")], &mut out);
    assert_eq!(out, "prefixa=1&b=2");
    let owned = vec![(String::from("k"), String::from("v w"))];
    assert_eq!(serialize(owned), "k=v+w");
}

#[test]
fn round_trips() {
    let tuples: Vec<(String, String)> = vec![
        ("a b".into(), "+&=%".into()),
        ("\u{FEFF}".into(), "\u{0}\u{7F}".into()),
        ("😀\u{FFFD}".into(), "".into()),
        ("".into(), "é".into()),
    ];
    let s = serialize(tuples.iter().map(|(n, v)| (n, v)));
    assert!(s.is_ascii());
    assert_eq!(parse(s.as_bytes()), tuples);
    assert_eq!(parse_str(&s), tuples);
}

#[cfg(feature = "encoding")]
#[test]
fn with_encoding() {
    use encoding_rs::{
        BIG5, EUC_KR, GB18030, ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_16BE, WINDOWS_1252,
    };
    use weburl_form::{serialize_with_encoding, serialize_with_encoding_into};
    // The spec's example, as a value.
    assert_eq!(
        serialize_with_encoding([("x", "1+1 ≡ 2%20‽")], SHIFT_JIS),
        "x=1%2B1+%81%DF+2%2520%26%238253%3B"
    );
    assert_eq!(
        serialize_with_encoding([("é", "€")], WINDOWS_1252),
        "%E9=%80"
    );
    assert_eq!(serialize_with_encoding([("中", "")], BIG5), "%A4%A4=");
    assert_eq!(serialize_with_encoding([("中", "")], GB18030), "%D6%D0=");
    assert_eq!(
        serialize_with_encoding([("가", "😀")], EUC_KR),
        "%B0%A1=%26%23128512%3B"
    );
    assert_eq!(
        serialize_with_encoding([("¥", "a b")], ISO_2022_JP),
        "%1B%28J%5C%1B%28B=a+b"
    );
    for utf8_like in [UTF_16BE, REPLACEMENT] {
        assert_eq!(serialize_with_encoding([("é", " ")], utf8_like), "%C3%A9=+");
    }
    let mut out = String::from("?");
    serialize_with_encoding_into([("a", "1"), ("b", "≡")], SHIFT_JIS, &mut out);
    assert_eq!(out, "?a=1&b=%81%DF");
}
