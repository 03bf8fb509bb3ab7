//! The public API: parse entry points, errors, getters, setters, traits.

use std::collections::{BTreeSet, HashSet};
use std::str::FromStr;

#[cfg(feature = "form")]
use weburl_core::SearchParams;
use weburl_core::{
    HostKind, Origin, ParseErrorKind, SetterError, Url, ValidationError, ValidationErrorKind,
};

#[test]
fn parse_join_can_parse() {
    let base = Url::parse("https://example.com/a/b?q#f").unwrap();
    assert_eq!(base.join("../c").unwrap().href(), "https://example.com/c");
    assert_eq!(
        Url::parse_with_base("?x", &base).unwrap().href(),
        "https://example.com/a/b?x"
    );
    assert!(Url::can_parse("https://x", None));
    assert!(!Url::can_parse("/x", None));
    assert!(Url::can_parse("/x", Some("https://example.com")));
    assert!(!Url::can_parse("/x", Some("not a url")));
}

#[test]
fn parse_error_names_the_failure() {
    let e = Url::parse("https://#fragment").unwrap_err();
    assert_eq!(e.name(), "host-missing");
    assert_eq!(e.to_string(), "invalid URL: host-missing");
    assert_eq!(
        e.kind(),
        ParseErrorKind::Validation(ValidationErrorKind::HostMissing)
    );
    assert_eq!(
        Url::parse("💩").unwrap_err().name(),
        "missing-scheme-non-relative-URL"
    );
    assert_eq!(
        Url::parse("https://example.org:70000").unwrap_err().name(),
        "port-out-of-range"
    );
    assert_eq!(
        Url::parse("https://example.org:7z").unwrap_err().name(),
        "port-invalid"
    );
    assert_eq!(
        Url::parse("foo://exa[mple.org").unwrap_err().name(),
        "host-invalid-code-point"
    );
    assert_eq!(
        Url::parse("https://[::1").unwrap_err().name(),
        "IPv6-unclosed"
    );
    let e: Box<dyn std::error::Error> = Box::new(Url::parse("").unwrap_err());
    assert!(!e.to_string().is_empty());
}

#[test]
fn validation_error_table() {
    let all: Vec<_> = ValidationErrorKind::all().collect();
    // The 30 rows of ../shared/spec/url.bs and IPv4-non-ASCII-input, newer.
    assert_eq!(all.len(), 31);
    let names: BTreeSet<_> = all.iter().map(|k| k.name()).collect();
    assert_eq!(names.len(), 31);
    assert!(names.contains("file-invalid-Windows-drive-letter-host"));
    assert!(ValidationErrorKind::HostMissing.is_failure());
    assert!(!ValidationErrorKind::InvalidUrlUnit.is_failure());
}

#[test]
fn validation_errors_are_reported_with_ranges() {
    let mut errors: Vec<ValidationError> = Vec::new();
    let url = Url::options()
        .parse_with_sink(" https://user@example.org\\path ", &mut errors)
        .unwrap();
    assert_eq!(url.href(), "https://user@example.org/path");
    let found: Vec<_> = errors
        .iter()
        .map(|e| (e.kind.name(), e.range.clone()))
        .collect();
    assert_eq!(
        found,
        [
            // One for both ends: the range is what was trimmed at the start.
            ("invalid-URL-unit", 0..1),
            ("invalid-credentials", 9..14),
            ("invalid-reverse-solidus", 25..26),
        ]
    );
}

#[test]
fn getters() {
    let url = Url::parse("https://user:pa%20ss@EXAMPLE.com:8080/a/b/?q=1#frag").unwrap();
    assert_eq!(url.protocol(), "https:");
    assert_eq!(url.scheme(), "https");
    assert_eq!(url.username(), "user");
    assert_eq!(url.password(), "pa%20ss");
    assert_eq!(url.host(), "example.com:8080");
    assert_eq!(url.hostname(), "example.com");
    assert_eq!(url.port(), "8080");
    assert_eq!(url.port_number(), Some(8080));
    assert_eq!(url.port_or_default(), Some(8080));
    assert_eq!(url.pathname(), "/a/b/");
    assert_eq!(url.search(), "?q=1");
    assert_eq!(url.query(), Some("q=1"));
    assert_eq!(url.hash(), "#frag");
    assert_eq!(url.fragment(), Some("frag"));
    assert_eq!(url.host_kind(), Some(HostKind::Domain));
    assert_eq!(
        url.path_segments().unwrap().collect::<Vec<_>>(),
        ["a", "b", ""]
    );
    assert!(!url.has_opaque_path());

    let url = Url::parse("mailto:someone@example.com?#").unwrap();
    assert!(url.has_opaque_path());
    assert!(url.path_segments().is_none());
    assert_eq!(url.search(), "");
    assert_eq!(url.query(), Some(""));
    assert_eq!(url.hash(), "");
    assert_eq!(url.fragment(), Some(""));
    assert_eq!(url.host_parsed(), None);

    let url = Url::parse("http://[1:0::]:80/").unwrap();
    assert_eq!(url.port_or_default(), Some(80));
    assert_eq!(url.port(), "");
    assert_eq!(
        url.host_parsed(),
        Some(weburl_core::Host::Ipv6([1, 0, 0, 0, 0, 0, 0, 0]))
    );
    let url = Url::parse("http://0x7f.1/").unwrap();
    assert_eq!(
        url.host_parsed(),
        Some(weburl_core::Host::Ipv4(0x7f00_0001))
    );
}

#[test]
fn origin() {
    let url = Url::parse("https://example.com:443/x").unwrap();
    assert_eq!(url.origin().to_string(), "https://example.com");
    assert!(url.origin().same_origin(&url.origin()));
    let blob = Url::parse("blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f").unwrap();
    assert_eq!(blob.origin().to_string(), "https://whatwg.org");
    assert_eq!(
        Url::parse("blob:ftp://x/").unwrap().origin().to_string(),
        "null"
    );
    let opaque = Url::parse("data:text/plain,x").unwrap();
    assert!(matches!(opaque.origin(), Origin::Opaque(_)));
    assert_eq!(opaque.origin().to_string(), "null");
    // A new opaque origin each time: not same origin with itself.
    assert!(!opaque.origin().same_origin(&opaque.origin()));
    let o = opaque.origin();
    assert!(o.same_origin(&o.clone()));
}

#[test]
fn setters_say_why() {
    let mut url = Url::parse("https://example.com/").unwrap();
    assert_eq!(url.set_protocol("foo"), Err(SetterError::SpecialnessChange));
    assert_eq!(url.set_protocol("1x"), Err(SetterError::InvalidScheme));
    assert_eq!(url.set_protocol("wss"), Ok(()));
    assert_eq!(url.href(), "wss://example.com/");
    assert_eq!(
        url.set_port("99999"),
        Err(SetterError::Invalid(ValidationErrorKind::PortOutOfRange))
    );
    assert_eq!(url.set_port("x"), Err(SetterError::InvalidPort));
    assert_eq!(url.set_port("8080abc"), Ok(()));
    assert_eq!(url.port(), "8080");
    assert_eq!(url.set_hostname("a:1"), Err(SetterError::UnexpectedPort));
    assert_eq!(
        url.set_host(""),
        Err(SetterError::Invalid(ValidationErrorKind::HostMissing))
    );
    // The host is set even though the port is refused, as the spec says.
    assert_eq!(
        url.set_host("other.org:99999"),
        Err(SetterError::Invalid(ValidationErrorKind::PortOutOfRange))
    );
    assert_eq!(url.href(), "wss://other.org:8080/");
    assert_eq!(url.set_username("us er"), Ok(()));
    assert_eq!(url.set_password("p@ss"), Ok(()));
    assert_eq!(url.href(), "wss://us%20er:p%40ss@other.org:8080/");
    assert_eq!(url.set_pathname("/a b"), Ok(()));
    assert_eq!(url.set_search("q=1 2"), Ok(()));
    assert_eq!(url.set_hash("h i"), Ok(()));
    assert_eq!(
        url.href(),
        "wss://us%20er:p%40ss@other.org:8080/a%20b?q=1%202#h%20i"
    );
    assert!(url.set_href("not a url").is_err());
    assert_eq!(url.set_href("http://x/"), Ok(()));
    assert_eq!(url.href(), "http://x/");

    let mut url = Url::parse("mailto:x").unwrap();
    assert_eq!(url.set_pathname("y"), Err(SetterError::OpaquePath));
    assert_eq!(url.set_host("y"), Err(SetterError::OpaquePath));
    assert_eq!(
        url.set_username("y"),
        Err(SetterError::CannotHaveUsernamePasswordPort)
    );
    assert_eq!(url.href(), "mailto:x");
    let mut url = Url::parse("file:///x").unwrap();
    assert_eq!(
        url.set_protocol("http"),
        Err(SetterError::FileWithEmptyHost)
    );
    assert!(!SetterError::OpaquePath.to_string().is_empty());
}

#[cfg(feature = "form")]
#[test]
fn search_params() {
    let mut url = Url::parse("https://example.com/?a=1&b=2#f").unwrap();
    let mut params = url.search_params();
    assert_eq!(params.get("b"), Some("2"));
    params.append("c", "x y");
    url.set_search_params(&params).unwrap();
    assert_eq!(url.href(), "https://example.com/?a=1&b=2&c=x+y#f");
    url.set_search_params(&SearchParams::new()).unwrap();
    assert_eq!(url.href(), "https://example.com/#f");
    assert_eq!(url.query(), None);
    // The query object of "??a=b" has the name "?a".
    let url = Url::parse("https://example.com/??a=b").unwrap();
    assert_eq!(url.search_params().get("?a"), Some("b"));
}

#[test]
fn traits() {
    let a = Url::parse("https://example.com/x#one").unwrap();
    let b: Url = "https://example.com/x#two".parse().unwrap();
    let c = Url::try_from("https://example.com/x#one").unwrap();
    assert_eq!(a, c);
    assert_ne!(a, b);
    assert!(a.equals(&b, true));
    assert!(!a.equals(&b, false));
    assert!(a < b);
    assert_eq!(a.to_string(), "https://example.com/x#one");
    assert_eq!(a.as_ref() as &str, a.href());
    assert!(format!("{a:?}").contains("https://example.com/x#one"));
    let set: HashSet<Url> = [a.clone(), c.clone(), b.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);
    let s: String = a.clone().into();
    assert_eq!(s, "https://example.com/x#one");
    assert!(Url::from_str("nope").is_err());
    let cloned = a.clone();
    assert_eq!(cloned.href(), a.href());
}

#[test]
fn never_panics_on_odd_inputs() {
    let base = Url::parse("file:///C:/dir/file").unwrap();
    for input in [
        "",
        " ",
        "\t",
        ":",
        "::",
        "/",
        "//",
        "///",
        "\\\\",
        "?",
        "#",
        "%",
        "%%",
        "a:",
        "a:/",
        "a://",
        "a:/.//",
        "a:/..//",
        "file:",
        "file:c|",
        "file://c|/",
        "/c:/..",
        "..",
        "../../..",
        "http://[",
        "http://]",
        "http://@",
        "http://:@",
        "http://a:b:c@d",
        "\u{0}",
        "é",
        "\u{10FFFF}",
        "sc:\u{0}",
        "https://\u{200b}",
        "https://a%",
        "https://xn--/",
        "file://localhost/",
    ] {
        let _ = Url::parse(input);
        let _ = Url::parse_with_base(input, &base);
        if let Ok(url) = Url::parse_with_base(input, &base) {
            let _ = url.origin();
            #[cfg(feature = "form")]
            let _ = url.search_params();
            let _ = url.host_parsed();
        }
    }
}
