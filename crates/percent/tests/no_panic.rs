//! Malformed and huge inputs: every function returns, none panics.

use weburl_percent::{
    decode_percent_encoded_byte, percent_decode, percent_decode_into, percent_decode_str,
    percent_decode_utf8_lossy, percent_encode_bytes_into, utf8_percent_encode,
    utf8_percent_encode_char_into, APPLICATION_X_WWW_FORM_URLENCODED, C0_CONTROL, COMPONENT, PATH,
};

#[test]
fn malformed_percent_sequences() {
    let cases: &[(&[u8], &[u8])] = &[
        (b"%", b"%"),
        (b"a%", b"a%"),
        (b"%4", b"%4"),
        (b"a%4", b"a%4"),
        (b"%G1", b"%G1"),
        (b"%1G", b"%1G"),
        (b"%%41", b"%A"),
        (b"%%%", b"%%%"),
        (b"%41%", b"A%"),
        (b"%4%41", b"%4A"),
        (b"%zz%", b"%zz%"),
        (b"%\xFF\xFF", b"%\xFF\xFF"),
        (b"%ff%FF%fF", b"\xFF\xFF\xFF"),
        (b"", b""),
    ];
    for (input, expected) in cases {
        assert_eq!(&*percent_decode(input), *expected, "{input:?}");
        let mut out = Vec::new();
        percent_decode_into(input, &mut out);
        assert_eq!(out, *expected, "{input:?}");
    }
    assert_eq!(decode_percent_encoded_byte(b""), None);
    assert_eq!(decode_percent_encoded_byte(b"%"), None);
    assert_eq!(decode_percent_encoded_byte(b"x41"), None);
    assert_eq!(decode_percent_encoded_byte(b"%41"), Some(b'A'));
}

#[test]
fn invalid_utf8_after_decoding() {
    assert_eq!(percent_decode_utf8_lossy(b"%FF"), "\u{FFFD}");
    assert_eq!(percent_decode_utf8_lossy(b"%E2%80"), "\u{FFFD}");
    assert_eq!(percent_decode_utf8_lossy(b"%E2%80a"), "\u{FFFD}a");
    assert_eq!(percent_decode_utf8_lossy(b"%C0%80"), "\u{FFFD}\u{FFFD}");
    assert_eq!(
        percent_decode_utf8_lossy(b"%ED%A0%80"),
        "\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    assert_eq!(percent_decode_utf8_lossy(b"\xFF%41"), "\u{FFFD}A");
    assert_eq!(percent_decode_utf8_lossy(b"\xFF"), "\u{FFFD}");
    // UTF-8 decode *without BOM*: a leading BOM is kept.
    assert_eq!(percent_decode_utf8_lossy(b"%EF%BB%BFx"), "\u{FEFF}x");
    assert_eq!(&*percent_decode_str("%FF%"), b"\xFF%");
}

#[test]
fn borrows_when_possible() {
    use std::borrow::Cow;
    assert!(matches!(percent_decode(b"abc"), Cow::Borrowed(_)));
    assert!(matches!(
        percent_decode_utf8_lossy(b"abc"),
        Cow::Borrowed(_)
    ));
    assert!(matches!(
        utf8_percent_encode("abc-._~", &COMPONENT),
        Cow::Borrowed(_)
    ));
    assert!(matches!(
        utf8_percent_encode("a b", &COMPONENT),
        Cow::Owned(_)
    ));
}

#[test]
fn huge_inputs() {
    let n = 4 << 20;
    let plain = "abcdefgh".repeat(n / 8);
    assert!(matches!(
        utf8_percent_encode(&plain, &PATH),
        std::borrow::Cow::Borrowed(_)
    ));
    let mixed = "a b‽%".repeat(n / 7);
    let encoded = utf8_percent_encode(&mixed, &APPLICATION_X_WWW_FORM_URLENCODED);
    assert_eq!(encoded.len(), (n / 7) * 15);
    assert!(encoded.starts_with("a+b%E2%80%BD%25a+b"));
    let decoded = percent_decode_utf8_lossy(encoded.as_bytes());
    assert_eq!(decoded, mixed.replace(' ', "+"));
    let percents = vec![b'%'; n];
    assert_eq!(&*percent_decode(&percents), &percents[..]);
    let garbage: Vec<u8> = (0..n).map(|i| (i * 7919 % 251) as u8).collect();
    let decoded = percent_decode(&garbage);
    assert!(decoded.len() <= garbage.len());
    let _ = String::from_utf8_lossy(&decoded);
    let mut out = String::new();
    percent_encode_bytes_into(&garbage, &C0_CONTROL, false, &mut out);
    assert!(out.len() >= garbage.len());
    assert_eq!(&*percent_decode(out.as_bytes()), &garbage[..]);
}

/// Encoding then decoding any string gives it back, for every run layout.
#[test]
fn round_trip() {
    let pieces = [
        "",
        "a",
        " ",
        "%",
        "‽",
        "😀",
        "abcdefghijkl",
        "\u{0}",
        "\u{7F}",
        "+",
    ];
    let mut s = String::new();
    for i in 0..2000usize {
        s.push_str(pieces[i * 31 % pieces.len()]);
        let encoded = utf8_percent_encode(&s, &COMPONENT);
        assert_eq!(percent_decode_utf8_lossy(encoded.as_bytes()), s);
        let mut by_char = String::new();
        for c in s.chars() {
            utf8_percent_encode_char_into(c, &COMPONENT, &mut by_char);
        }
        assert_eq!(by_char, encoded);
    }
}
