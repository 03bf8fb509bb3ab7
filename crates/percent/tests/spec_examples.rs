//! The spec's table of examples, https://url.spec.whatwg.org/#example-percent-encode-operations,
//! and the examples elsewhere in its prose.

use weburl_percent::{
    percent_decode, percent_decode_str, percent_encode_byte, utf8_percent_encode, COMPONENT,
    USERINFO,
};

#[test]
fn percent_encode_a_byte() {
    assert_eq!(percent_encode_byte(0x23), "%23");
    assert_eq!(percent_encode_byte(0x7F), "%7F");
    for b in 0..=255u8 {
        let s = percent_encode_byte(b);
        assert_eq!(s, format!("%{b:02X}"));
    }
}

#[test]
fn percent_decode_a_byte_sequence() {
    assert_eq!(&*percent_decode(b"%25%s%1G"), b"%%s%1G");
}

#[test]
fn percent_decode_a_string() {
    assert_eq!(
        &*percent_decode_str("‽%25%2E"),
        [0xE2, 0x80, 0xBD, 0x25, 0x2E]
    );
}

#[test]
fn utf8_percent_encode_examples() {
    assert_eq!(
        utf8_percent_encode("Say what‽", &USERINFO),
        "Say%20what%E2%80%BD"
    );
    // The component set gives identical results to encodeURIComponent().
    assert_eq!(
        utf8_percent_encode("a/b?c=d&e f#g;h,i+j$k@l:m!n'o(p)q*r~s-t_u.v", &COMPONENT),
        "a%2Fb%3Fc%3Dd%26e%20f%23g%3Bh%2Ci%2Bj%24k%40l%3Am!n'o(p)q*r~s-t_u.v"
    );
}

#[cfg(feature = "encoding")]
mod after_encoding {
    use weburl_percent::encoding_rs::{ISO_2022_JP, SHIFT_JIS};
    use weburl_percent::{
        percent_encode_after_encoding, APPLICATION_X_WWW_FORM_URLENCODED, SPECIAL_QUERY,
    };

    #[test]
    fn shift_jis_special_query() {
        let f = |s| percent_encode_after_encoding(SHIFT_JIS, s, &SPECIAL_QUERY, false);
        assert_eq!(f(" "), "%20");
        assert_eq!(f("≡"), "%81%DF");
        assert_eq!(f("‽"), "%26%238253%3B");
    }

    #[test]
    fn iso_2022_jp_special_query() {
        let f = |s| percent_encode_after_encoding(ISO_2022_JP, s, &SPECIAL_QUERY, false);
        assert_eq!(f("¥"), "%1B(J\\%1B(B");
    }

    #[test]
    fn shift_jis_form() {
        assert_eq!(
            percent_encode_after_encoding(
                SHIFT_JIS,
                "1+1 ≡ 2%20‽",
                &APPLICATION_X_WWW_FORM_URLENCODED,
                true
            ),
            "1%2B1+%81%DF+2%2520%26%238253%3B"
        );
    }
}
