//! The facade re-exports core's types and adds the `serde` feature.

use weburl::Url;

#[test]
fn reexports() {
    let url: weburl::Url = Url::options()
        .parse("http://example.com/?\u{e9}#\u{e9}")
        .unwrap();
    assert_eq!(url.search(), "?%C3%A9");
    assert_eq!(url.hash(), "#%C3%A9");
    let _: Option<weburl::host::Host<&str>> = url.host_parsed();
    let params: weburl::SearchParams = url.search_params();
    assert_eq!(params.len(), 1);
    let base = Url::parse("https://a/b/c").unwrap();
    let joined = Url::options().base(&base).parse("d").unwrap();
    assert_eq!(joined, base.join("d").unwrap());
}

#[cfg(feature = "encoding")]
#[test]
fn legacy_query_encoding() {
    use weburl::percent::encoding_rs::WINDOWS_1252;
    let url = Url::options()
        .encoding(WINDOWS_1252)
        .parse("http://example.com/?\u{e9}#\u{e9}")
        .unwrap();
    assert_eq!(url.search(), "?%E9");
    assert_eq!(url.hash(), "#%C3%A9");
    let mut params = weburl::SearchParams::new();
    params.append("q", "\u{e9}");
    assert_eq!(params.to_string_with_encoding(WINDOWS_1252), "q=%E9");
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_href() {
    let url = Url::parse("https://example.com/a b").unwrap();
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(json, r#""https://example.com/a%20b""#);
    let back: Url = serde_json::from_str(&json).unwrap();
    assert_eq!(back, url);
    let err = serde_json::from_str::<Url>(r#""https://""#).unwrap_err();
    assert!(err.to_string().contains("host-missing"));
    assert!(serde_json::from_str::<Url>("3").is_err());
}
