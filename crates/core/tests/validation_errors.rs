//! Coverage of the spec's [validation error table](https://url.spec.whatwg.org/#validation-error):
//! its rows are ours, in order (read from `url.bs` at test time); every example input the spec
//! gives beside a row produces that row's error; every row has an input producing it; setters
//! report errors with ranges in their value; valid URL strings and re-parsed serializations
//! produce no error beyond the ones a serialization can keep.
// Test helpers outside `#[test]` functions panic on unexpected input, as tests do.
#![allow(clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use weburl_core::{
    HostKind, ParseError, Setter, SetterError, Url, ValidationError, ValidationErrorKind,
};
use weburl_host::HostErrorKind;
use weburl_wpt::{load, Value};

/// An expected error: name, failure, range.
type Expected = (&'static str, bool, std::ops::Range<usize>);

/// Parses `input` (against `base`, parsed first) and returns the result and the errors.
fn parse(input: &str, base: Option<&str>) -> (Result<Url, ParseError>, Vec<ValidationError>) {
    let base = base.map(|b| Url::parse(b).unwrap_or_else(|e| panic!("base {b:?}: {e}")));
    let mut errors = Vec::new();
    let mut options = Url::options();
    if let Some(b) = &base {
        options = options.base(b);
    }
    let result = options.validation_errors(&mut errors).parse(input);
    (result, errors)
}

fn names(errors: &[ValidationError]) -> Vec<&'static str> {
    errors.iter().map(|e| e.kind.name()).collect()
}

/// `url.bs`, beside the repository (`../shared/spec/url.bs` from the workspace root).
fn spec_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/spec/url.bs")
}

/// The `<dfn>` names of the validation error table's rows, in order.
fn spec_table_names(spec: &str) -> Vec<String> {
    let start = spec
        .find("<table class=yesno>")
        .expect("url.bs: no `<table class=yesno>` (the validation error table)");
    let end = start
        + spec[start..]
            .find("</table>")
            .expect("url.bs: the validation error table does not end");
    let table = &spec[start..end];
    let mut out = Vec::new();
    let mut rest = table;
    while let Some(i) = rest.find("<dfn") {
        rest = &rest[i..];
        let open_end = rest.find('>').expect("url.bs: unterminated <dfn");
        let close = rest.find("</dfn>").expect("url.bs: <dfn> without </dfn>");
        out.push(rest[open_end + 1..close].to_string());
        rest = &rest[close..];
    }
    out
}

#[test]
fn table_rows_match_the_spec_in_order() {
    let path = spec_path();
    let spec = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the spec source {} is not readable ({e}); this test reads the validation error \
             table from it: check out the shared spec beside the repository (../shared/spec/url.bs)",
            path.display()
        )
    });
    let mut from_spec = spec_table_names(&spec);
    assert_eq!(from_spec.len(), 30, "rows in url.bs: {from_spec:?}");
    for &(name, after) in NEWER_THAN_SPEC {
        assert!(
            !from_spec.iter().any(|n| n == name),
            "url.bs now has {name}: remove it from NEWER_THAN_SPEC"
        );
        let at = from_spec
            .iter()
            .position(|n| n == after)
            .unwrap_or_else(|| panic!("url.bs has no row {after}"));
        from_spec.insert(at + 1, name.to_owned());
    }
    let ours: Vec<String> = ValidationErrorKind::all()
        .map(|k| k.name().to_string())
        .collect();
    assert_eq!(ours, from_spec, "ValidationErrorKind::all() vs url.bs");
}

/// Rows added to the spec after the copy in `../shared/spec/url.bs`, as the reference
/// implementation (whatwg-url 17.3) has them: the name, and the row it follows.
const NEWER_THAN_SPEC: &[(&str, &str)] = &[("IPv4-non-ASCII-input", "host-invalid-code-point")];

/// Every example the spec gives beside a row of the table: input, base, the row's name. The
/// JavaScript examples (`new URL(input, base)`) give a base; `ht<br>tps://example.org` is a
/// newline inside `https`; Bikeshed's `\[` is `[`.
const SPEC_EXAMPLES: &[(&str, Option<&str>, &str)] = &[
    ("https://exa%23mple.org", None, "domain-to-ASCII"),
    ("https://exam%70le.org", None, "domain-percent-encoded"),
    ("foo://exa[mple.org", None, "host-invalid-code-point"),
    ("https://127.0.0.1./", None, "IPv4-empty-part"),
    ("https://1.2.3/", None, "IPv4-too-few-parts"),
    ("https://1.2.3.4.5/", None, "IPv4-too-many-parts"),
    ("https://test.42", None, "IPv4-non-numeric-part"),
    ("https://127.0.0x0.1", None, "IPv4-non-decimal-part"),
    ("https://255.255.4000.1", None, "IPv4-out-of-range-part"),
    ("https://[::1", None, "IPv6-unclosed"),
    ("https://[:1]", None, "IPv6-invalid-compression"),
    ("https://[1:2:3:4:5:6:7:8:9]", None, "IPv6-too-many-pieces"),
    ("https://[1::1::1]", None, "IPv6-multiple-compression"),
    ("https://[1:2:3!:4]", None, "IPv6-invalid-code-point"),
    ("https://[1:2:3:]", None, "IPv6-invalid-code-point"),
    ("https://[1:2:3]", None, "IPv6-too-few-pieces"),
    ("https://[::01]", None, "IPv6-piece-leading-zero"),
    (
        "https://[1:1:1:1:1:1:1:127.0.0.1]",
        None,
        "IPv4-in-IPv6-too-many-pieces",
    ),
    (
        "https://[ffff::.0.0.1]",
        None,
        "IPv4-in-IPv6-invalid-code-point",
    ),
    (
        "https://[ffff::127.0.xyz.1]",
        None,
        "IPv4-in-IPv6-invalid-code-point",
    ),
    (
        "https://[ffff::127.0xyz]",
        None,
        "IPv4-in-IPv6-invalid-code-point",
    ),
    (
        "https://[ffff::127.00.0.1]",
        None,
        "IPv4-in-IPv6-invalid-code-point",
    ),
    (
        "https://[ffff::127.0.0.1.2]",
        None,
        "IPv4-in-IPv6-invalid-code-point",
    ),
    (
        "https://[ffff::127.0.0.4000]",
        None,
        "IPv4-in-IPv6-out-of-range-part",
    ),
    (
        "https://[ffff::127.0.0]",
        None,
        "IPv4-in-IPv6-too-few-parts",
    ),
    ("https://example.org/>", None, "invalid-URL-unit"),
    (" https://example.org ", None, "invalid-URL-unit"),
    ("ht\ntps://example.org", None, "invalid-URL-unit"),
    ("https://example.org/%s", None, "invalid-URL-unit"),
    (
        "file:c:/my-secret-folder",
        None,
        "special-scheme-missing-following-solidus",
    ),
    (
        "https:example.org",
        None,
        "special-scheme-missing-following-solidus",
    ),
    (
        "https:foo.html",
        Some("https://example.org/"),
        "special-scheme-missing-following-solidus",
    ),
    ("💩", None, "missing-scheme-non-relative-URL"),
    (
        "💩",
        Some("mailto:user@example.org"),
        "missing-scheme-non-relative-URL",
    ),
    (
        "https://example.org\\path\\to\\file",
        None,
        "invalid-reverse-solidus",
    ),
    ("https://user@example.org", None, "invalid-credentials"),
    ("ssh://user@example.org", None, "invalid-credentials"),
    ("https://#fragment", None, "host-missing"),
    ("https://:443", None, "host-missing"),
    ("https://user:pass@", None, "host-missing"),
    ("https://example.org:70000", None, "port-out-of-range"),
    ("https://example.org:7z", None, "port-invalid"),
    ("file://c:", None, "file-invalid-Windows-drive-letter-host"),
];

/// The spec's example for file-invalid-Windows-drive-letter, `new URL("/c:/path/to/file",
/// "file:///c:/")`, does not produce it by the parser's steps: the file state sees U+002F (/)
/// and goes to the file slash state, which sees `c` and goes to the path state; only the file
/// state (a relative input not starting with `/` or `\`) raises the error. We follow the
/// steps; this records the discrepancy, and [`MORE_EXAMPLES`] covers the row.
const SPEC_EXAMPLE_NOT_RAISED: (&str, &str, &str) = (
    "/c:/path/to/file",
    "file:///c:/",
    "file-invalid-Windows-drive-letter",
);

/// Further inputs, for rows and situations the spec's examples do not show.
const MORE_EXAMPLES: &[(&str, Option<&str>, &str)] = &[
    (
        "c|",
        Some("file:///c:/"),
        "file-invalid-Windows-drive-letter",
    ),
    (
        "C|/foo",
        Some("file:///tmp/x"),
        "file-invalid-Windows-drive-letter",
    ),
    ("https://xn--a.example/", None, "domain-to-ASCII"),
    ("https://example.com./", None, "domain-to-ASCII"),
    (
        "http://\u{2460}.\u{2461}.\u{2462}.\u{2463}/",
        None,
        "IPv4-non-ASCII-input",
    ),
    ("https://a_b.example/", None, "domain-to-ASCII"),
    ("sc://a%zz/", None, "invalid-URL-unit"),
    ("sc://a\"b/", None, "invalid-URL-unit"),
    ("sc:a b", None, "invalid-URL-unit"),
    ("https://example.org/?a b", None, "invalid-URL-unit"),
    ("https://example.org/#a b", None, "invalid-URL-unit"),
    (
        "https:///example.org",
        None,
        "special-scheme-missing-following-solidus",
    ),
    (
        "https:/example.org",
        None,
        "special-scheme-missing-following-solidus",
    ),
    ("file:\\\\host\\share", None, "invalid-reverse-solidus"),
    ("https://@example.org", None, "invalid-credentials"),
    ("https://example.org:-1", None, "port-invalid"),
    (
        "file://C|/x",
        None,
        "file-invalid-Windows-drive-letter-host",
    ),
];

#[test]
fn every_spec_example_produces_its_row() {
    let mut failures = Vec::new();
    for &(input, base, name) in SPEC_EXAMPLES.iter().chain(MORE_EXAMPLES) {
        let (result, errors) = parse(input, base);
        let Some(e) = errors.iter().find(|e| e.kind.name() == name) else {
            failures.push(format!(
                "{input:?} (base {base:?}): expected {name}, got {:?}",
                names(&errors)
            ));
            continue;
        };
        // A failure row that fails the parse names the error that failed it.
        if e.failure && result.as_ref().is_ok() {
            failures.push(format!(
                "{input:?}: {name} is a failure but the parse succeeded"
            ));
        }
        if let Err(err) = &result {
            let failing: Vec<_> = errors.iter().filter(|e| e.failure).collect();
            if failing.len() != 1 || failing[0].kind.name() != err.name() {
                failures.push(format!(
                    "{input:?}: parse error {} but failing errors {failing:?}",
                    err.name()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    let (input, base, name) = SPEC_EXAMPLE_NOT_RAISED;
    let (result, errors) = parse(input, Some(base));
    assert_eq!(result.unwrap().href(), "file:///c:/path/to/file");
    assert!(!names(&errors).contains(&name), "{errors:?}");
}

#[test]
fn every_row_has_an_input() {
    let covered: BTreeSet<&str> = SPEC_EXAMPLES
        .iter()
        .chain(MORE_EXAMPLES)
        .map(|&(_, _, n)| n)
        .collect();
    let missing: Vec<_> = ValidationErrorKind::all()
        .map(|k| k.name())
        .filter(|n| !covered.contains(n))
        .collect();
    assert!(missing.is_empty(), "rows without an input: {missing:?}");
    // Each spec example row name is a real row.
    let all: BTreeSet<_> = ValidationErrorKind::all().map(|k| k.name()).collect();
    assert!(covered.is_subset(&all), "{:?}", covered.difference(&all));
}

/// Exact errors (name, failure, range) for inputs whose ranges are worth pinning down.
#[test]
fn ranges_point_at_the_offending_input() {
    #[rustfmt::skip]
    let cases: &[(&str, Option<&str>, &[Expected])] = &[
        // Trimming: one error for both ends, its range what was removed at the start, or
        // at the end when nothing was at the start.
        ("\u{1} https://a/ \t", None, &[("invalid-URL-unit", false, 0..2)]),
        ("https://a/ \t", None, &[("invalid-URL-unit", false, 10..12)]),
        // A trailing dot: strict ToASCII fails on the empty last label (UTS 46's A4_2).
        ("https://example.com./", None, &[("domain-to-ASCII", false, 8..20)]),
        ("https://127.0.0.1./", None, &[
            ("domain-to-ASCII", false, 8..18), ("IPv4-empty-part", false, 17..18),
        ]),
        // A host that ends in a number and was not ASCII before domain to ASCII.
        ("http://\u{2460}.\u{2461}.\u{2462}.\u{2463}/", None, &[
            ("IPv4-non-ASCII-input", false, 7..22),
        ]),
        // Tabs and newlines: each, in the original input.
        ("ht\ntps://a/\tb", None, &[
            ("invalid-URL-unit", false, 2..3), ("invalid-URL-unit", false, 11..12),
        ]),
        // A missing `//`: zero-width after the scheme's `:`.
        ("https:example.org", None, &[
            ("special-scheme-missing-following-solidus", false, 6..6),
        ]),
        ("file:c:/x", None, &[("special-scheme-missing-following-solidus", false, 5..5)]),
        // Credentials: the userinfo and its `@`, for each `@`.
        ("https://u:p@h@example.org/", None, &[
            ("invalid-credentials", false, 8..12), ("invalid-credentials", false, 12..14),
        ]),
        // A missing host: zero-width where it should be.
        ("https://user:pass@", None, &[
            ("invalid-credentials", false, 8..18), ("host-missing", true, 18..18),
        ]),
        ("https://:443", None, &[("host-missing", true, 8..8)]),
        ("https://example.org:70000", None, &[("port-out-of-range", true, 20..25)]),
        ("https://example.org:7z", None, &[("port-invalid", true, 21..22)]),
        ("https://a\\b", None, &[("invalid-reverse-solidus", false, 9..10)]),
        // `%` not followed by two hex digits, and code points that are not URL code points.
        ("https://a/%s%4", None, &[
            ("invalid-URL-unit", false, 10..11), ("invalid-URL-unit", false, 12..13),
        ]),
        ("https://a/\u{e9}<?\u{FDD0}#`", None, &[
            ("invalid-URL-unit", false, 12..13), ("invalid-URL-unit", false, 14..17),
            ("invalid-URL-unit", false, 18..19),
        ]),
        // The opaque host's invalid-URL-unit errors: the first non-URL code point, then the
        // first bad `%`, in the input's coordinates (after a removed tab).
        ("sc://\ta%zz`%/", None, &[
            ("invalid-URL-unit", false, 5..6), ("invalid-URL-unit", false, 10..11),
            ("invalid-URL-unit", false, 7..8),
        ]),
        // Host errors re-based to the input: the domain, the IPv6 address token.
        ("https://\texam%70le.org/", None, &[
            ("invalid-URL-unit", false, 8..9), ("domain-percent-encoded", false, 13..16),
        ]),
        ("https://[1::1::1]/", None, &[("IPv6-multiple-compression", true, 13..15)]),
        // Windows drive letters.
        ("file://c:/x", None, &[("file-invalid-Windows-drive-letter-host", false, 7..9)]),
        ("c|/x", Some("file:///tmp/"), &[
            ("file-invalid-Windows-drive-letter", false, 0..2),
            ("invalid-URL-unit", false, 1..2),
        ]),
        // A missing scheme: the whole (trimmed) input.
        (" //x ", None, &[
            ("invalid-URL-unit", false, 0..1), ("missing-scheme-non-relative-URL", true, 1..4),
        ]),
    ];
    let mut failures = Vec::new();
    for &(input, base, expected) in cases {
        let (_, errors) = parse(input, base);
        let got: Vec<_> = errors
            .iter()
            .map(|e| (e.kind.name(), e.failure, e.range.clone()))
            .collect();
        if got != expected {
            failures.push(format!(
                "{input:?}:\n  expected {expected:?}\n  got      {got:?}"
            ));
        }
        // Every range is within the input, on char boundaries.
        for e in &errors {
            if input.get(e.range.clone()).is_none() {
                failures.push(format!("{input:?}: {e} is not a range of the input"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn errors_are_the_same_with_and_without_a_sink() {
    // The sink observes; it never changes the outcome.
    let data = load("urltestdata.json");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base = case.get("base").and_then(Value::as_str);
        let Ok(base) = base.map(Url::parse).transpose() else {
            continue;
        };
        let mut options = Url::options();
        if let Some(b) = &base {
            options = options.base(b);
        }
        let plain = options.parse(input);
        let mut errors = Vec::new();
        let reported = options.validation_errors(&mut errors).parse(input);
        assert_eq!(plain, reported, "{input:?}");
        // A failed parse reports exactly one failing error, its own, last.
        if let Err(e) = &plain {
            let last = errors.last().expect("a failure reports its error");
            assert!(last.failure, "{input:?}: {errors:?}");
            assert_eq!(Some(last.kind), e.validation_error(), "{input:?}");
            assert_eq!(last.range, e.range(), "{input:?}");
            assert_eq!(errors.iter().filter(|e| e.failure).count(), 1, "{input:?}");
        } else {
            assert!(errors.iter().all(|e| !e.failure), "{input:?}: {errors:?}");
        }
    }
}

/// Valid URL strings (the spec's [URL writing](https://url.spec.whatwg.org/#url-writing)): no
/// validation error.
#[test]
fn valid_url_strings_produce_no_error() {
    let valid = [
        // The spec's examples of URLs and their components.
        "https://example.com/",
        "https://localhost:8000/search?q=text#hello",
        "urn:isbn:9780307476463",
        "file:///ada/Analytical%20Engine/README.md",
        // More of each kind of valid URL string.
        "https://example.com:8080/a/b?c=d#e",
        "http://example.com",
        "http://127.0.0.1/",
        "http://[::1]:80/x",
        "https://[2001:db8::8a2e:370:7334]/",
        "https://xn--fa-hia.example/",
        "https://faß.example/",
        "wss://example.com/chat",
        "file:///C:/x",
        "file://server/share/x",
        "file:///etc/hosts",
        "mailto:someone@example.com",
        "data:text/plain,hi%20there",
        "javascript:void(0)",
        "sc://opaque.host/p?q#f",
        "sc:/path",
        "sc:",
        "https://example.com/%7Efoo?%41=%c3%a9#%25",
        "https://example.com/~!$&'()*+,;=:@/?/?#/?",
    ];
    for input in valid {
        let (result, errors) = parse(input, None);
        assert!(result.is_ok(), "{input:?}");
        assert!(errors.is_empty(), "{input:?}: {errors:?}");
    }
    // Relative-URL strings with a base.
    let base = Some("https://example.com/a/b");
    for input in ["c", "/c", "//other.example/c", "?q", "#f", "../c", ""] {
        let (result, errors) = parse(input, base);
        assert!(result.is_ok(), "{input:?}");
        assert!(errors.is_empty(), "{input:?}: {errors:?}");
    }
}

/// The errors a serialization can still produce when parsed again. Serializing normalizes a
/// lot (IPv4 and IPv6 addresses, `\`, `//` after a special scheme, ports, drive letters, tabs
/// and spaces around) but not everything.
fn allowed_after_serialization(e: &ValidationError) -> bool {
    match e.kind {
        // The serialization keeps the credentials, and with them the `@`.
        ValidationErrorKind::InvalidCredentials => true,
        // The percent-encode sets do not cover every code point that is not a URL code point
        // (e.g. `|`, `^`, `{` in paths, `"` and space in opaque paths, anything but C0
        // controls in opaque hosts), and a `%` not followed by two hex digits stays as it is.
        ValidationErrorKind::InvalidUrlUnit => true,
        // A domain that only fails ToASCII with the strict parameters (`_`, hyphens in the
        // 3rd and 4th positions, long labels, ...) is kept: the error does not fail.
        ValidationErrorKind::Host(HostErrorKind::DomainToAscii) => !e.failure,
        _ => false,
    }
}

#[test]
fn reparsed_serializations_keep_only_some_errors() {
    let data = load("urltestdata.json");
    let mut checked = 0;
    let mut kept: BTreeSet<&str> = BTreeSet::new();
    for case in data.as_array().into_iter().flatten() {
        let Some(href) = case.get("href").and_then(Value::as_str) else {
            continue;
        };
        let (result, errors) = parse(href, None);
        let url = result.unwrap_or_else(|e| panic!("{href:?} does not re-parse: {e}"));
        assert_eq!(url.href(), href);
        for e in &errors {
            assert!(allowed_after_serialization(e), "{href:?}: {e} ({errors:?})");
            kept.insert(e.kind.name());
        }
        checked += 1;
    }
    assert!(checked > 500, "{checked}");
    // Each allowance is used by the data (so none is broader than needed).
    assert_eq!(
        kept,
        BTreeSet::from(["domain-to-ASCII", "invalid-URL-unit", "invalid-credentials"])
    );
}

/// Setters report the errors of their parser run, with ranges in the value as given.
#[test]
fn setters_report_errors() {
    let url = Url::parse("https://user@example.com:8080/p?q#f").unwrap();
    #[rustfmt::skip]
    type Case<'a> = (Setter, &'a str, Result<(), SetterError>, &'a [Expected]);
    let cases: &[Case<'_>] = &[
        (
            Setter::Href,
            " sc:a b",
            Ok(()),
            &[
                ("invalid-URL-unit", false, 0..1),
                ("invalid-URL-unit", false, 5..6),
            ],
        ),
        (
            Setter::Href,
            "https://:1",
            Err(SetterError::Invalid(ValidationErrorKind::HostMissing)),
            &[("host-missing", true, 8..8)],
        ),
        (
            Setter::Protocol,
            "ht\ttp",
            Ok(()),
            &[("invalid-URL-unit", false, 2..3)],
        ),
        // Not a parser run: nothing to report.
        (Setter::Username, "a b", Ok(()), &[]),
        (Setter::Password, "a\tb", Ok(()), &[]),
        (
            Setter::Host,
            "exam%70le.org:99999",
            Err(SetterError::Invalid(ValidationErrorKind::PortOutOfRange)),
            &[
                ("domain-percent-encoded", false, 4..7),
                ("port-out-of-range", true, 14..19),
            ],
        ),
        (
            Setter::Hostname,
            "[::1",
            Err(SetterError::Invalid(ValidationErrorKind::Host(
                HostErrorKind::Ipv6Unclosed,
            ))),
            &[("IPv6-unclosed", true, 0..4)],
        ),
        (
            Setter::Hostname,
            "127.0.0.0x1",
            Ok(()),
            &[("IPv4-non-decimal-part", false, 8..11)],
        ),
        (
            Setter::Port,
            "7\n0000",
            Err(SetterError::Invalid(ValidationErrorKind::PortOutOfRange)),
            &[
                ("invalid-URL-unit", false, 1..2),
                ("port-out-of-range", true, 0..6),
            ],
        ),
        (
            Setter::Pathname,
            "a\\b|%zz",
            Ok(()),
            &[
                ("invalid-reverse-solidus", false, 1..2),
                ("invalid-URL-unit", false, 3..4),
                ("invalid-URL-unit", false, 4..5),
            ],
        ),
        // Search and hash: ranges count the leading `?` / `#` the setter removes.
        (
            Setter::Search,
            "?a b",
            Ok(()),
            &[("invalid-URL-unit", false, 2..3)],
        ),
        (
            Setter::Search,
            "a\tb",
            Ok(()),
            &[("invalid-URL-unit", false, 1..2)],
        ),
        (
            Setter::Hash,
            "#a`",
            Ok(()),
            &[("invalid-URL-unit", false, 2..3)],
        ),
        (
            Setter::Hash,
            "\n",
            Ok(()),
            &[("invalid-URL-unit", false, 0..1)],
        ),
    ];
    let mut failures = Vec::new();
    for (setter, value, expected_result, expected) in cases {
        let mut u = url.clone();
        let mut errors = Vec::new();
        let result = u.set_with_errors(*setter, value, &mut errors);
        let got: Vec<_> = errors
            .iter()
            .map(|e| (e.kind.name(), e.failure, e.range.clone()))
            .collect();
        if &result != expected_result || got != *expected {
            failures.push(format!(
                "{setter} = {value:?}:\n  expected {expected_result:?} {expected:?}\n  got      {result:?} {got:?}"
            ));
        }
        // The plain setter does the same.
        let mut plain = url.clone();
        assert_eq!(plain.set(*setter, value), result, "{setter} {value:?}");
        assert_eq!(plain, u, "{setter} {value:?}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn setters_on_opaque_and_file_urls_report_nothing_when_they_return_early() {
    let mut url = Url::parse("mailto:a@b").unwrap();
    let mut errors = Vec::new();
    assert_eq!(
        url.set_with_errors(Setter::Host, "x y", &mut errors),
        Err(SetterError::OpaquePath)
    );
    assert_eq!(
        url.set_with_errors(Setter::Port, "8\t0", &mut errors),
        Err(SetterError::CannotHaveUsernamePasswordPort)
    );
    assert!(errors.is_empty(), "{errors:?}");
    let mut url = Url::parse("file:///x").unwrap();
    url.set_with_errors(Setter::Host, "c:", &mut errors).ok();
    // With a state override, a drive letter is not a host error of the file host state.
    assert!(
        !names(&errors).contains(&"file-invalid-Windows-drive-letter-host"),
        "{errors:?}"
    );
    assert_eq!(url.host_kind(), Some(HostKind::Empty));
}

#[test]
fn builder_sinks() {
    // Errors accumulate over parses with the same options.
    let mut errors = Vec::new();
    let mut options = Url::options().validation_errors(&mut errors);
    options.parse("https:a").unwrap();
    options.parse("https://b\\").unwrap();
    assert!(options.parse("https://").is_err());
    assert_eq!(options.sink().len(), 3);
    assert_eq!(
        names(&errors),
        [
            "special-scheme-missing-following-solidus",
            "invalid-reverse-solidus",
            "host-missing"
        ]
    );
    // An owned sink, and the builder's other options after it.
    let base = Url::parse("https://example.org/dir/").unwrap();
    let mut options = Url::options()
        .validation_errors(Vec::new())
        .base(&base)
        .max_length(30);
    assert_eq!(
        options.parse("a b").unwrap().href(),
        "https://example.org/dir/a%20b"
    );
    assert!(options.parse("a-path-that-is-long").is_err());
    let (_, sink) = options.into_parts();
    assert_eq!(names(&sink), ["invalid-URL-unit"]);
    // A custom sink: counting.
    struct Count(usize);
    impl weburl_core::ErrorSink for Count {
        fn report(&mut self, _: ValidationError) {
            self.0 += 1;
        }
    }
    let mut count = Count(0);
    Url::options()
        .parse_with_sink("\thttps:\\\\a b.example", &mut count)
        .ok();
    assert!(count.0 >= 3, "{}", count.0);
}

#[test]
fn many_errors_after_many_removed_tabs_stay_fast() {
    // Each error's range is mapped past the removed tabs before it: with n tabs and n errors
    // that must not cost n * n (here 10^10 steps, which would not finish).
    let n = 100_000;
    let input = format!("https://a/{}", "\t^".repeat(n));
    let start = std::time::Instant::now();
    let (result, errors) = parse(&input, None);
    assert!(result.is_ok());
    assert_eq!(errors.len(), 2 * n);
    let last = errors.last().map(|e| e.range.clone());
    assert_eq!(last, Some(input.len() - 1..input.len()));
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}
