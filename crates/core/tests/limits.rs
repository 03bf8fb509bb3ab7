//! `Url::options().max_length(n)`: parsing refuses a URL whose serialization would be longer
//! than `n` bytes, and the URL keeps the limit, so that every setter refuses to make it longer,
//! leaving it unchanged. Inputs over 4 GiB are refused without being read.

#[cfg(feature = "form")]
use weburl_core::SearchParams;
use weburl_core::{ParseErrorKind, Setter, SetterError, Url, ValidationError};

fn parse_limited(input: &str, max: usize) -> Result<Url, weburl_core::ParseError> {
    Url::options().max_length(max).parse(input)
}

#[test]
fn parse_refuses_past_the_limit_at_the_exact_boundary() {
    for input in [
        "https://example.com/",
        "https://user:pass@example.com:8080/a/b?q=1#f",
        "sc:opaque path",
        "file:///C:/x",
    ] {
        let len = Url::parse(input).unwrap().href().len();
        let url = parse_limited(input, len).unwrap();
        assert_eq!(url.href().len(), len);
        assert_eq!(url.max_length(), len);
        let err = parse_limited(input, len - 1).unwrap_err();
        assert_eq!(err.kind(), ParseErrorKind::TooLong, "{input}");
        assert_eq!(err.name(), "too-long");
        assert_eq!(err.validation_error(), None);
        assert_eq!(err.range(), 0..input.len());
    }
}

#[test]
fn the_limit_is_on_the_serialization_not_the_input() {
    // Percent-encoding makes the output longer than the input...
    let input = "https://e.com/\u{e9}\u{e9}";
    assert_eq!(input.len(), 18);
    assert_eq!(
        Url::parse(input).unwrap().href(),
        "https://e.com/%C3%A9%C3%A9"
    );
    assert!(parse_limited(input, 25).is_err());
    assert!(parse_limited(input, 26).is_ok());
    // ... and trimming, `..` and IPv4 normalization make it shorter.
    let input = "  https://e.com/a/b/../../c  ";
    assert_eq!(parse_limited(input, 16).unwrap().href(), "https://e.com/c");
    assert_eq!(
        parse_limited("http://0x7f.1/", 17).unwrap().href(),
        "http://127.0.0.1/"
    );
}

#[test]
fn too_long_is_not_a_validation_error() {
    let mut errors: Vec<ValidationError> = Vec::new();
    let err = Url::options()
        .max_length(10)
        .validation_errors(&mut errors)
        .parse("https://example.com/")
        .unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::TooLong);
    assert!(errors.is_empty(), "{errors:?}");
    // A real failure still wins when there is one.
    let err = parse_limited("https://", 3).unwrap_err();
    assert_eq!(err.name(), "host-missing");
}

#[test]
fn default_and_oversized_limits() {
    let url = Url::parse("https://example.com/").unwrap();
    assert_eq!(url.max_length(), u32::MAX as usize);
    let url = parse_limited("https://example.com/", usize::MAX).unwrap();
    assert_eq!(url.max_length(), u32::MAX as usize);
    // Joining and parsing with a base give the default limit unless asked.
    let base = parse_limited("https://example.com/", 20).unwrap();
    assert_eq!(base.join("a").unwrap().max_length(), u32::MAX as usize);
    let joined = Url::options()
        .base(&base)
        .max_length(21)
        .parse("a")
        .unwrap();
    assert_eq!(joined.max_length(), 21);
    assert!(Url::options()
        .base(&base)
        .max_length(20)
        .parse("a")
        .is_err());
}

/// For each setter, a value that makes `http://user:pass@example.com:8080/p?q#f` longer.
fn growing_values() -> Vec<(Setter, &'static str)> {
    vec![
        (Setter::Href, "http://user:pass@example.com:8080/p?q#ff"),
        (Setter::Protocol, "https"),
        (Setter::Username, "users"),
        (Setter::Password, "passs"),
        (Setter::Host, "example.com:18080"),
        (Setter::Host, "examples.com"),
        (Setter::Hostname, "examples.com"),
        (Setter::Port, "18080"),
        (Setter::Pathname, "/pp"),
        (Setter::Search, "qq"),
        (Setter::Hash, "ff"),
    ]
}

#[test]
fn every_setter_refuses_past_the_limit_and_leaves_the_url_unchanged() {
    let input = "http://user:pass@example.com:8080/p?q#f";
    for (setter, value) in growing_values() {
        let unlimited = {
            let mut u = Url::parse(input).unwrap();
            u.set(setter, value).map(|()| u)
        };
        // Without a limit every value is accepted and makes the URL longer.
        let grown = unlimited.unwrap_or_else(|e| panic!("{setter} {value:?}: {e}"));
        let new_len = grown.href().len();
        assert!(new_len > input.len(), "{setter} {value:?}: {grown}");

        // Exactly the new length: accepted.
        let mut url = parse_limited(input, new_len).unwrap();
        assert_eq!(url.set(setter, value), Ok(()), "{setter} {value:?}");
        assert_eq!(url.href(), grown.href());
        assert_eq!(url.max_length(), new_len, "{setter} keeps the limit");

        // One byte less: refused, unchanged.
        let mut url = parse_limited(input, new_len - 1).unwrap();
        let before = url.clone();
        assert_eq!(
            url.set(setter, value),
            Err(SetterError::TooLong),
            "{setter} {value:?}"
        );
        assert_eq!(url.href(), before.href(), "{setter} {value:?}");
        assert_eq!(url.max_length(), new_len - 1);
        // The named methods do the same.
        let mut named = parse_limited(input, new_len - 1).unwrap();
        let result = match setter {
            Setter::Href => named.set_href(value).map_err(|e| {
                assert_eq!(e.kind(), ParseErrorKind::TooLong);
                SetterError::TooLong
            }),
            Setter::Protocol => named.set_protocol(value),
            Setter::Username => named.set_username(value),
            Setter::Password => named.set_password(value),
            Setter::Host => named.set_host(value),
            Setter::Hostname => named.set_hostname(value),
            Setter::Port => named.set_port(value),
            Setter::Pathname => named.set_pathname(value),
            Setter::Search => named.set_search(value),
            Setter::Hash => named.set_hash(value),
        };
        assert_eq!(result, Err(SetterError::TooLong), "{setter} {value:?}");
        assert_eq!(named, before);
    }
}

#[test]
fn shrinking_setters_are_fine_at_the_limit() {
    let input = "https://user:pass@example.com:8080/p?q#f";
    let mut url = parse_limited(input, input.len()).unwrap();
    url.set_hash("").unwrap();
    url.set_search("").unwrap();
    url.set_port("").unwrap();
    url.set_password("").unwrap();
    assert_eq!(url.href(), "https://user@example.com/p");
    // It can grow back up to the limit, not past it.
    url.set_hash("0123456789abc").unwrap();
    assert_eq!(url.href().len(), input.len());
    assert_eq!(url.set_hash("0123456789abcd"), Err(SetterError::TooLong));
}

#[cfg(feature = "form")]
#[test]
fn search_params_past_the_limit() {
    let mut url = parse_limited("https://e.com/?a=1", 20).unwrap();
    let mut params = url.search_params();
    params.append("b", "2");
    assert_eq!(url.set_search_params(&params), Err(SetterError::TooLong));
    assert_eq!(url.href(), "https://e.com/?a=1");
    url.set_search_params(&SearchParams::new()).unwrap();
    assert_eq!(url.href(), "https://e.com/");
}

#[test]
fn set_max_length() {
    let mut url = parse_limited("https://e.com/", 20).unwrap();
    // The limit can change, but not below the current length.
    assert_eq!(url.set_max_length(13), Err(SetterError::TooLong));
    assert_eq!(url.max_length(), 20);
    url.set_max_length(14).unwrap();
    assert_eq!(url.set_pathname("/x"), Err(SetterError::TooLong));
    url.set_max_length(usize::MAX).unwrap();
    assert_eq!(url.max_length(), u32::MAX as usize);
    url.set_pathname("/x").unwrap();
}

/// A 4 GiB + 1 string of NUL bytes: zeroed pages, so it costs address space, not memory.
fn over_4_gib() -> String {
    let bytes = vec![0u8; u32::MAX as usize + 1];
    String::from_utf8(bytes).unwrap_or_default()
}

#[test]
fn inputs_over_4_gib_are_refused_without_being_read() {
    let huge = over_4_gib();
    assert_eq!(huge.len(), u32::MAX as usize + 1);
    let start = std::time::Instant::now();
    let err = Url::parse(&huge).unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::TooLong);
    let mut errors: Vec<ValidationError> = Vec::new();
    let err = Url::options()
        .validation_errors(&mut errors)
        .parse(&huge)
        .unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::TooLong);
    assert!(errors.is_empty());
    let mut url = Url::parse("https://example.com/").unwrap();
    for setter in Setter::ALL {
        assert_eq!(
            url.set(setter, &huge),
            Err(SetterError::TooLong),
            "{setter}"
        );
    }
    assert_eq!(url.href(), "https://example.com/");
    // Not read: far less time than scanning 4 GiB per call would take.
    assert!(
        start.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}
