//! The spec's examples for the host parser, each host row of the validation error table, and
//! hostile inputs.

use weburl_host::{
    domain_to_ascii, domain_to_unicode, is_valid_domain, parse_host, parse_host_into, Host,
    HostError, HostErrorKind, HostKind,
};

fn parse(input: &str, is_opaque: bool) -> (Result<Host, HostError>, Vec<HostError>) {
    let mut errors = Vec::new();
    let result = parse_host(input, is_opaque, &mut errors);
    assert_eq!(result, parse_host(input, is_opaque, &mut ()), "{input:?}");
    if let Err(e) = &result {
        assert!(e.failure);
        assert_eq!(errors.last(), Some(e));
    }
    (result, errors)
}

fn serialized(input: &str, is_opaque: bool) -> Option<String> {
    parse(input, is_opaque).0.ok().map(|h| h.to_string())
}

fn err(kind: HostErrorKind, failure: bool, range: std::ops::Range<usize>) -> HostError {
    HostError {
        kind,
        failure,
        range,
    }
}

/// The spec's "host parsing" example table: input, output with isOpaque false and true.
#[test]
fn host_parsing_example_table() {
    let table: &[(&str, Option<&str>, Option<&str>)] = &[
        ("EXAMPLE.COM", Some("example.com"), Some("EXAMPLE.COM")),
        ("example%2Ecom", Some("example.com"), Some("example%2Ecom")),
        (
            "faß.example",
            Some("xn--fa-hia.example"),
            Some("fa%C3%9F.example"),
        ),
        ("0", Some("0.0.0.0"), Some("0")),
        ("%30", Some("0.0.0.0"), Some("%30")),
        ("0x", Some("0.0.0.0"), Some("0x")),
        ("0xffffffff", Some("255.255.255.255"), Some("0xffffffff")),
        ("[0:0::1]", Some("[::1]"), Some("[::1]")),
        ("[0:0::1%5D", None, None),
        ("[0:0::%31]", None, None),
        ("09", None, Some("09")),
        ("example.255", None, Some("example.255")),
        ("example^example", None, None),
    ];
    for &(input, domain, opaque) in table {
        assert_eq!(serialized(input, false).as_deref(), domain, "{input:?}");
        assert_eq!(
            serialized(input, true).as_deref(),
            opaque,
            "{input:?} opaque"
        );
    }
    assert_eq!(
        parse("EXAMPLE.COM", false).0.unwrap().kind(),
        HostKind::Domain
    );
    assert_eq!(
        parse("EXAMPLE.COM", true).0.unwrap().kind(),
        HostKind::Opaque
    );
    assert_eq!(parse("0x", false).0.unwrap(), Host::Ipv4(0));
}

/// The example input of each host row of the validation error table yields that error.
#[test]
fn validation_error_table_examples() {
    use HostErrorKind::*;
    // (host parser input, isOpaque, expected result ok?, expected errors)
    let cases: Vec<(&str, bool, bool, Vec<HostError>)> = vec![
        // domain-to-ASCII: "https://exa%23mple.org"
        (
            "exa%23mple.org",
            false,
            false,
            vec![
                err(DomainPercentEncoded, false, 3..6),
                err(DomainToAscii, true, 0..14),
            ],
        ),
        // domain-percent-encoded: "https://exam%70le.org"
        (
            "exam%70le.org",
            false,
            true,
            vec![err(DomainPercentEncoded, false, 4..7)],
        ),
        // host-invalid-code-point: "foo://exa[mple.org"
        (
            "exa[mple.org",
            true,
            false,
            vec![err(HostInvalidCodePoint, true, 3..4)],
        ),
        // IPv4-empty-part: "https://127.0.0.1./". The trailing empty label also fails strict
        // ToASCII (VerifyDnsLength; UTS 46's A4_2), hence domain-to-ASCII first.
        (
            "127.0.0.1.",
            false,
            true,
            vec![
                err(DomainToAscii, false, 0..10),
                err(Ipv4EmptyPart, false, 9..10),
            ],
        ),
        // IPv4-non-ASCII-input (newer than ../shared/spec/url.bs): "http://①.②.③.④/"
        (
            "\u{2460}.\u{2461}.\u{2462}.\u{2463}",
            false,
            true,
            vec![err(Ipv4NonAsciiInput, false, 0..15)],
        ),
        // IPv4-too-few-parts: "https://1.2.3/"
        (
            "1.2.3",
            false,
            true,
            vec![err(Ipv4TooFewParts, false, 0..5)],
        ),
        // IPv4-too-many-parts: "https://1.2.3.4.5/"
        (
            "1.2.3.4.5",
            false,
            false,
            vec![err(Ipv4TooManyParts, true, 0..9)],
        ),
        // IPv4-non-numeric-part: "https://test.42"
        (
            "test.42",
            false,
            false,
            vec![
                err(Ipv4TooFewParts, false, 0..7),
                err(Ipv4NonNumericPart, true, 0..4),
            ],
        ),
        // IPv4-non-decimal-part: "https://127.0.0x0.1"
        (
            "127.0.0x0.1",
            false,
            true,
            vec![err(Ipv4NonDecimalPart, false, 6..9)],
        ),
        // IPv4-out-of-range-part: "https://255.255.4000.1"
        (
            "255.255.4000.1",
            false,
            false,
            vec![err(Ipv4OutOfRangePart, true, 8..12)],
        ),
        // IPv6-unclosed: "https://[::1"
        ("[::1", false, false, vec![err(Ipv6Unclosed, true, 0..4)]),
        // IPv6-invalid-compression: "https://[:1]"
        (
            "[:1]",
            false,
            false,
            vec![err(Ipv6InvalidCompression, true, 1..2)],
        ),
        // IPv6-too-many-pieces: "https://[1:2:3:4:5:6:7:8:9]"
        (
            "[1:2:3:4:5:6:7:8:9]",
            false,
            false,
            vec![err(Ipv6TooManyPieces, true, 17..18)],
        ),
        // IPv6-multiple-compression: "https://[1::1::1]"
        (
            "[1::1::1]",
            false,
            false,
            vec![err(Ipv6MultipleCompression, true, 5..7)],
        ),
        // IPv6-invalid-code-point: "https://[1:2:3!:4]" and "https://[1:2:3:]"
        (
            "[1:2:3!:4]",
            false,
            false,
            vec![err(Ipv6InvalidCodePoint, true, 6..7)],
        ),
        (
            "[1:2:3:]",
            false,
            false,
            vec![err(Ipv6InvalidCodePoint, true, 7..7)],
        ),
        // IPv6-too-few-pieces: "https://[1:2:3]"
        (
            "[1:2:3]",
            false,
            false,
            vec![err(Ipv6TooFewPieces, true, 1..6)],
        ),
        // IPv6-piece-leading-zero: "https://[::01]"
        (
            "[::01]",
            false,
            true,
            vec![err(Ipv6PieceLeadingZero, false, 3..5)],
        ),
        // IPv4-in-IPv6-too-many-pieces: "https://[1:1:1:1:1:1:1:127.0.0.1]"
        (
            "[1:1:1:1:1:1:1:127.0.0.1]",
            false,
            false,
            vec![err(Ipv4InIpv6TooManyPieces, true, 15..24)],
        ),
        // IPv4-in-IPv6-invalid-code-point: five examples.
        (
            "[ffff::.0.0.1]",
            false,
            false,
            vec![err(Ipv4InIpv6InvalidCodePoint, true, 7..8)],
        ),
        (
            "[ffff::127.0.xyz.1]",
            false,
            false,
            vec![err(Ipv4InIpv6InvalidCodePoint, true, 13..14)],
        ),
        (
            "[ffff::127.0xyz]",
            false,
            false,
            vec![err(Ipv4InIpv6InvalidCodePoint, true, 12..13)],
        ),
        (
            "[ffff::127.00.0.1]",
            false,
            false,
            vec![err(Ipv4InIpv6InvalidCodePoint, true, 11..13)],
        ),
        (
            "[ffff::127.0.0.1.2]",
            false,
            false,
            vec![err(Ipv4InIpv6InvalidCodePoint, true, 16..17)],
        ),
        // IPv4-in-IPv6-out-of-range-part: "https://[ffff::127.0.0.4000]"
        (
            "[ffff::127.0.0.4000]",
            false,
            false,
            vec![err(Ipv4InIpv6OutOfRangePart, true, 15..19)],
        ),
        // IPv4-in-IPv6-too-few-parts: "https://[ffff::127.0.0]"
        (
            "[ffff::127.0.0]",
            false,
            false,
            vec![err(Ipv4InIpv6TooFewParts, true, 7..14)],
        ),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (input, is_opaque, ok, expected) in cases {
        let (result, errors) = parse(input, is_opaque);
        assert_eq!(result.is_ok(), ok, "{input:?}: {result:?}");
        assert_eq!(errors, expected, "{input:?}");
        seen.extend(errors.iter().map(|e| e.kind));
    }
    for kind in HostErrorKind::ALL {
        assert!(seen.contains(&kind), "no example for {kind}");
        assert_eq!(
            kind.is_failure(),
            !matches!(
                kind,
                DomainToAscii
                    | DomainPercentEncoded
                    | Ipv4NonAsciiInput
                    | Ipv4EmptyPart
                    | Ipv4TooFewParts
                    | Ipv4NonDecimalPart
                    | Ipv6PieceLeadingZero
            )
        );
    }
}

#[test]
fn ipv6_parsing() {
    let cases: &[(&str, Option<[u16; 8]>)] = &[
        ("[::]", Some([0; 8])),
        ("[::1]", Some([0, 0, 0, 0, 0, 0, 0, 1])),
        ("[1::]", Some([1, 0, 0, 0, 0, 0, 0, 0])),
        ("[1:2:3:4:5:6:7:8]", Some([1, 2, 3, 4, 5, 6, 7, 8])),
        ("[1:2:3:4:5:6::8]", Some([1, 2, 3, 4, 5, 6, 0, 8])),
        ("[1:2:3:4:5:6:7::]", Some([1, 2, 3, 4, 5, 6, 7, 0])),
        (
            "[::ffff:192.168.0.1]",
            Some([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 1]),
        ),
        (
            "[1:2:3:4:5:6:1.2.3.4]",
            Some([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]),
        ),
        ("[::127.0.0.1]", Some([0, 0, 0, 0, 0, 0, 0x7f00, 1])),
        ("[FFFF::AbCd]", Some([0xffff, 0, 0, 0, 0, 0, 0, 0xabcd])),
        ("[0000:0:0::00001]", None),
        ("[]", None),
        ("[", None),
        ("[:]", None),
        ("[::1::]", None),
        ("[1:2:3:4:5:6:7:8:]", None),
        ("[1:2:3:4:5:6:7]", None),
        ("[::1.2.3]", None),
        ("[::1.2.3.4.5]", None),
        ("[::256.0.0.1]", None),
        ("[::01.0.0.1]", None),
        ("[1:2:3:4:5:6:7:1.2.3.4]", None),
        ("[::ü]", None),
        ("[::1] ", None),
        ("[1:2:3:4:5:6:7:8::]", None),
    ];
    for &(input, expected) in cases {
        let result = parse(input, false).0.ok();
        assert_eq!(result, expected.map(Host::Ipv6), "{input:?}");
        assert_eq!(
            parse(input, true).0.ok(),
            expected.map(Host::Ipv6),
            "{input:?}"
        );
    }
}

#[test]
fn serializer_round_trips() {
    let inputs = [
        "[::]",
        "[::1]",
        "[1::]",
        "[1:0:0:2::3]",
        "[0:f::f:f:0:0]",
        "[2001:db8:85a3::8a2e:370:7334]",
        "[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]",
        "[1:0:1:0:1:0:1:0]",
        "0.0.0.0",
        "255.255.255.255",
        "127.0.0.1",
        "example.com",
        "xn--fa-hia.example",
    ];
    for input in inputs {
        let host = parse(input, false).0.unwrap();
        let s = host.to_string();
        assert_eq!(s, input);
        let again = parse(&s, false).0.unwrap();
        assert_eq!(again, host);
        assert!(again.equals(&host.as_borrowed()));
        let mut out = String::new();
        host.serialize_into(&mut out);
        assert_eq!(out, input);
    }
    // Every 8-piece address with pieces 0 or 1 round-trips through the serializer.
    for bits in 0u32..256 {
        let mut pieces = [0u16; 8];
        for (i, p) in pieces.iter_mut().enumerate() {
            *p = ((bits >> i) & 1) as u16;
        }
        let host = Host::<String>::Ipv6(pieces);
        let s = host.to_string();
        assert_eq!(parse(&s, false).0.unwrap(), host, "{s}");
    }
    for a in [0u32, 1, 0x7F00_0001, 0xFFFF_FFFF, 0x0102_0304, 0x00FF_00FF] {
        let host = Host::<String>::Ipv4(a);
        assert_eq!(parse(&host.to_string(), false).0.unwrap(), host);
    }
}

#[test]
fn parse_host_into_appends_and_restores() {
    let mut out = String::from("x://");
    assert_eq!(
        parse_host_into("1.2.3.4", false, &mut out, &mut ()),
        Ok(HostKind::Ipv4)
    );
    assert_eq!(out, "x://1.2.3.4");
    assert!(parse_host_into("1.2.3.4.5", false, &mut out, &mut ()).is_err());
    assert!(parse_host_into("a.b.09", false, &mut out, &mut ()).is_err());
    assert!(parse_host_into("ü.%", false, &mut out, &mut ()).is_err());
    assert!(parse_host_into("a b", true, &mut out, &mut ()).is_err());
    assert_eq!(out, "x://1.2.3.4");
    assert_eq!(
        parse_host_into("", true, &mut out, &mut ()),
        Ok(HostKind::Empty)
    );
    assert_eq!(out, "x://1.2.3.4");
    // The spec asserts non-empty input for the non-opaque host parser: failure here.
    let (result, errors) = parse("", false);
    let expected = err(HostErrorKind::DomainToAscii, true, 0..0);
    assert_eq!(result, Err(expected.clone()));
    assert_eq!(errors, [expected]);
}

#[test]
fn opaque_hosts() {
    assert_eq!(
        serialized("a\u{1}b\u{7f}", true).as_deref(),
        Some("a%01b%7F")
    );
    assert_eq!(serialized("%zz", true).as_deref(), Some("%zz"));
    assert_eq!(serialized("ü", true).as_deref(), Some("%C3%BC"));
    for forbidden in [
        '\0', '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|',
    ] {
        let input = format!("a{forbidden}");
        let (result, errors) = parse(&input, true);
        assert!(result.is_err(), "{input:?}");
        assert_eq!(
            errors,
            [err(HostErrorKind::HostInvalidCodePoint, true, 1..2)]
        );
    }
    let ranges: Vec<_> = weburl_host::opaque_host_invalid_url_units("a%zz\u{1}").collect();
    assert_eq!(ranges, [4..5, 1..2]);
    assert_eq!(
        weburl_host::opaque_host_invalid_url_units("a%20b~ü").count(),
        0
    );
    assert_eq!(
        weburl_host::opaque_host_invalid_url_units("\u{FDD0}%").collect::<Vec<_>>(),
        [0..3, 3..4]
    );
}

#[test]
fn domains() {
    assert_eq!(
        serialized("ExAmPle.CoM.", false).as_deref(),
        Some("example.com.")
    );
    assert_eq!(serialized("a..b", false).as_deref(), Some("a..b"));
    assert_eq!(serialized("\u{FF21}.com", false).as_deref(), Some("a.com"));
    assert_eq!(serialized("a\u{3002}b", false).as_deref(), Some("a.b"));
    assert_eq!(
        serialized("%F0%9F%92%A9", false).as_deref(),
        Some("xn--ls8h")
    );
    assert_eq!(serialized("%ff", false), None);
    assert_eq!(serialized("xn--", false).as_deref(), Some("xn--"));
    assert_eq!(serialized("ü.xn--", false), None);
    assert_eq!(
        serialized("\u{FF10}\u{FF38}7f.1", false).as_deref(),
        Some("127.0.0.1")
    );
    assert_eq!(serialized("a_b.c", false).as_deref(), Some("a_b.c"));
    assert_eq!(serialized("ü_b.c", false).as_deref(), Some("xn--_b-wka.c"));
    assert_eq!(serialized("\u{AD}", false), None);

    // Non-ASCII IPv4: the errors concern the whole input.
    let (result, errors) = parse("\u{FF11}.2.3.4.", false);
    assert_eq!(result, Ok(Host::Ipv4(0x0102_0304)));
    assert_eq!(
        errors,
        [
            err(HostErrorKind::DomainToAscii, false, 0..10),
            err(HostErrorKind::Ipv4NonAsciiInput, false, 0..10),
            err(HostErrorKind::Ipv4EmptyPart, false, 0..10),
        ]
    );

    // A strict ToASCII error on a domain that parses.
    let (result, errors) = parse("a_b.c", false);
    assert!(result.is_ok());
    assert_eq!(errors, [err(HostErrorKind::DomainToAscii, false, 0..5)]);
    let (result, errors) = parse("xn--8i7caa", false);
    assert!(result.is_ok());
    assert_eq!(errors, [err(HostErrorKind::DomainToAscii, false, 0..10)]);
    let (result, errors) = parse("example.com", false);
    assert!(result.is_ok());
    assert_eq!(errors, []);
    let (result, errors) = parse("\u{1}a", false);
    assert!(result.is_err());
    assert_eq!(errors, [err(HostErrorKind::DomainToAscii, true, 0..2)]);
}

#[test]
fn domain_to_ascii_and_unicode() {
    assert_eq!(
        domain_to_ascii("example.com", false, &mut ()).unwrap(),
        "example.com"
    );
    assert!(matches!(
        domain_to_ascii("example.com", false, &mut ()).unwrap(),
        std::borrow::Cow::Borrowed(_)
    ));
    assert_eq!(
        domain_to_ascii("EXAMPLE.com", true, &mut ()).unwrap(),
        "example.com"
    );
    assert_eq!(
        domain_to_ascii("Bücher.de", true, &mut ()).unwrap(),
        "xn--bcher-kva.de"
    );
    assert!(domain_to_ascii("a-.com", true, &mut ()).is_err());
    assert!(domain_to_ascii("ab--c.com", true, &mut ()).is_err());
    assert!(domain_to_ascii(&"a".repeat(64), true, &mut ()).is_err());
    assert!(domain_to_ascii(&"a".repeat(63), true, &mut ()).is_ok());
    // A trailing dot's empty label is a label (IdnaTestV2.txt: `a.b.c.d.` -> A4_2).
    assert!(domain_to_ascii("a.", true, &mut ()).is_err());
    assert!(domain_to_ascii("a.", false, &mut ()).is_ok());
    assert!(domain_to_ascii("a..b", true, &mut ()).is_err());
    assert!(domain_to_ascii("", true, &mut ()).is_err());
    assert!(domain_to_ascii("", false, &mut ()).is_err());

    assert_eq!(domain_to_unicode("xn--bcher-kva.de"), "bücher.de");
    assert_eq!(domain_to_unicode("xn--53h.example"), "☕.example");
    assert_eq!(domain_to_unicode("xn--a"), "xn--a");
    assert_eq!(
        domain_to_unicode("xn--ls8h.xn--8i7caa"),
        "xn--ls8h.xn--8i7caa"
    );
    assert_eq!(domain_to_unicode("a.b"), "a.b");

    assert!(is_valid_domain("xn--bcher-kva.de"));
    assert!(!is_valid_domain("xn--8i7caa"));
    assert!(!is_valid_domain("a..b"));
    assert!(!is_valid_domain("0x1"));
}

/// The Punycode-related rows of the brief: decided exactly as WPT says.
#[test]
fn punycode_labels() {
    assert_eq!(serialized("xn--a", false).as_deref(), Some("xn--a"));
    assert_eq!(
        serialized("xn--ab-j1t", false).as_deref(),
        Some("xn--ab-j1t")
    );
    assert_eq!(
        serialized("xn--8i7caa", false).as_deref(),
        Some("xn--8i7caa")
    );
    assert_eq!(serialized("xn--a.ß", false), None);
    assert_eq!(serialized("xn--ab-j1t.ß", false), None);
    assert_eq!(serialized("xn--8i7caa.ß", false), None);
    assert_eq!(
        serialized("xn--zca.ß", false).as_deref(),
        Some("xn--zca.xn--zca")
    );
    // Non-canonical Punycode (uppercase is lowercased by mapping first).
    assert_eq!(
        serialized("XN--ZCA.ß", false).as_deref(),
        Some("xn--zca.xn--zca")
    );
}

#[test]
fn hostile_inputs_do_not_panic() {
    // Full sizes (1 MB, 100k labels) in release builds; a quarter in debug builds to keep
    // `cargo test` quick (the work is linear either way). `HOST_TIMING=1 cargo test --release
    // -p weburl-host --test host hostile -- --nocapture` prints the times.
    let scale = if cfg!(debug_assertions) { 4 } else { 1 };
    let mb = (1 << 20) / scale;
    let k100 = 100_000 / scale;
    let inputs = vec![
        "a".repeat(mb),
        "ü".repeat(mb / 2),
        format!("xn--{}", "a".repeat(mb)),
        format!("xn--{}.ü", "a".repeat(mb)),
        format!("xn--{}", "9".repeat(mb)),
        "a.".repeat(k100),
        "ü.".repeat(k100),
        "xn--zca.".repeat(k100),
        "xn--zca.".repeat(k100) + "ü",
        "1.".repeat(k100),
        "0x".repeat(k100),
        format!("[{}]", "1:".repeat(k100)),
        format!("[{}]", "::1".repeat(k100)),
        format!("[::{}]", "1.".repeat(k100)),
        "%".repeat(mb),
        "%ff".repeat(k100),
        "\u{200C}".repeat(k100),
        format!("\u{0628}{}", "\u{064B}\u{200C}".repeat(k100)),
        format!("\u{05D0}{}", "1".repeat(k100)),
        "[".repeat(1000),
        "]".repeat(1000),
    ];
    for input in &inputs {
        let start = std::time::Instant::now();
        for is_opaque in [false, true] {
            let _ = parse(input, is_opaque);
        }
        let _ = domain_to_unicode(input);
        let _ = domain_to_ascii(input, true, &mut Vec::new());
        let _ = is_valid_domain(input);
        if std::env::var_os("HOST_TIMING").is_some() {
            eprintln!(
                "{:?}: {:?}",
                input.chars().take(12).collect::<String>(),
                start.elapsed()
            );
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "{}: too slow ({:?})",
            input.chars().take(20).collect::<String>(),
            start.elapsed()
        );
    }
}
