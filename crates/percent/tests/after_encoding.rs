//! Percent-encode after encoding with legacy encodings
//! (https://url.spec.whatwg.org/#string-percent-encode-after-encoding). Expected bytes come
//! from the Encoding Standard's indexes and from WPT's percent-encoding.json.
#![cfg(feature = "encoding")]

use weburl_percent::encoding_rs::{
    Encoding, BIG5, EUC_KR, GB18030, GBK, ISO_2022_JP, ISO_8859_2, REPLACEMENT, SHIFT_JIS,
    UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
};
use weburl_percent::{
    percent_encode_after_encoding, percent_encode_after_encoding_into,
    APPLICATION_X_WWW_FORM_URLENCODED as FORM, SPECIAL_QUERY,
};

fn query(encoding: &'static Encoding, input: &str) -> String {
    percent_encode_after_encoding(encoding, input, &SPECIAL_QUERY, false)
}

fn form(encoding: &'static Encoding, input: &str) -> String {
    percent_encode_after_encoding(encoding, input, &FORM, true)
}

#[test]
fn windows_1252() {
    assert_eq!(query(WINDOWS_1252, "\u{2020}"), "%86");
    assert_eq!(query(WINDOWS_1252, "€é"), "%80%E9");
    assert_eq!(query(WINDOWS_1252, "a b'c"), "a%20b%27c");
    assert_eq!(query(WINDOWS_1252, "‽"), "%26%238253%3B");
    assert_eq!(form(WINDOWS_1252, "a b&ÿ"), "a+b%26%FF");
    assert_eq!(form(WINDOWS_1252, "😀"), "%26%23128512%3B");
}

#[test]
fn shift_jis() {
    assert_eq!(query(SHIFT_JIS, "\u{2212}"), "%81|");
    assert_eq!(query(SHIFT_JIS, "ア"), "%83A");
    assert_eq!(query(SHIFT_JIS, "あ"), "%82%A0");
    // The Shift_JIS encoder maps U+00A5 to 0x5C.
    assert_eq!(query(SHIFT_JIS, "¥"), "\\");
    assert_eq!(form(SHIFT_JIS, "≡ ‽"), "%81%DF+%26%238253%3B");
}

#[test]
fn big5() {
    assert_eq!(query(BIG5, "\u{2020}"), "%26%238224%3B");
    assert_eq!(query(BIG5, "\u{000E}A"), "%0EA");
    assert_eq!(query(BIG5, "中"), "%A4%A4");
    assert_eq!(form(BIG5, "中 文"), "%A4%A4+%A4%E5");
}

#[test]
fn gb18030() {
    assert_eq!(query(GB18030, "\u{E5E5}"), "%26%2358853%3B");
    assert_eq!(query(GB18030, "中"), "%D6%D0");
    // Only the GBK encoder maps U+20AC to the single byte 0x80.
    assert_eq!(query(GB18030, "€"), "%A2%E3");
    // Four-byte sequence: pointer 189000 + 0xF600 = 251976 -> 0x94 0x39 0xFC 0x36.
    assert_eq!(query(GB18030, "😀"), "%949%FC6");
    // GBK is gb18030 whose encoder has the GBK flag: no four-byte sequences.
    assert_eq!(query(GBK, "😀"), "%26%23128512%3B");
    assert_eq!(query(GBK, "€"), "%80");
}

#[test]
fn iso_2022_jp() {
    assert_eq!(query(ISO_2022_JP, "¥"), "%1B(J\\%1B(B");
    assert_eq!(query(ISO_2022_JP, "\u{203E}\\"), "%1B(J~%1B(B\\");
    // U+000E, U+000F and U+001B are errors reported as U+FFFD.
    assert_eq!(query(ISO_2022_JP, "\u{000E}A"), "%26%2365533%3BA");
    assert_eq!(query(ISO_2022_JP, "あ"), "%1B$B$%22%1B(B");
    assert_eq!(query(ISO_2022_JP, "あa"), "%1B$B$%22%1B(Ba");
    // An error in the jis0208 state first returns to ASCII, so the reference is ASCII.
    assert_eq!(query(ISO_2022_JP, "あ😀"), "%1B$B$%22%1B(B%26%23128512%3B");
    assert_eq!(form(ISO_2022_JP, "あ b"), "%1B%24B%24%22%1B%28B+b");
}

#[test]
fn euc_kr() {
    assert_eq!(query(EUC_KR, "\u{2020}"), "%A2%D3");
    assert_eq!(query(EUC_KR, "가"), "%B0%A1");
    assert_eq!(query(EUC_KR, "가😀"), "%B0%A1%26%23128512%3B");
}

#[test]
fn iso_8859_2() {
    assert_eq!(query(ISO_8859_2, "\u{00A2}"), "%26%23162%3B");
}

#[test]
fn output_encoding_is_utf8_for_utf16_and_replacement() {
    for e in [UTF_8, UTF_16BE, UTF_16LE, REPLACEMENT] {
        assert_eq!(query(e, "\u{2020}"), "%E2%80%A0", "{}", e.name());
        assert_eq!(query(e, "á|"), "%C3%A1|", "{}", e.name());
        assert_eq!(form(e, "a b~"), "a+b%7E", "{}", e.name());
    }
}

#[test]
fn appends_to_existing_output() {
    let mut out = String::from("?");
    percent_encode_after_encoding_into(SHIFT_JIS, "≡", &SPECIAL_QUERY, false, &mut out);
    assert_eq!(out, "?%81%DF");
}

/// Inputs whose encoded form is larger than the encoder's 1 KiB buffer, so encoding runs in
/// several rounds; the encoder's state (iso-2022-jp) carries across rounds.
#[test]
fn long_inputs_cross_buffer_boundaries() {
    let n = 5000;
    assert_eq!(query(GBK, &"中".repeat(n)), "%D6%D0".repeat(n));
    let expected = format!("%1B$B{}%1B(B", "$%22".repeat(n));
    assert_eq!(query(ISO_2022_JP, &"あ".repeat(n)), expected);
    let mixed = "aあ‽".repeat(n);
    let expected = "a%1B$B$%22%1B(B%26%238253%3B".repeat(n);
    assert_eq!(query(ISO_2022_JP, &mixed), expected);
    let unmappable = "‽".repeat(n);
    assert_eq!(query(SHIFT_JIS, &unmappable), "%26%238253%3B".repeat(n));
}
