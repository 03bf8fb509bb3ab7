//! `extract` against `tldextract` 5.x's answers (where the URL Standard reads the same host)
//! and the derived properties.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use super::{extract, looks_like_ipv4, ExtraSuffixes, TldExtract};

/// Subdomain, domain, suffix, is_private, registry_suffix, fqdn, ipv4, ipv6,
/// top_domain_under_public_suffix, top_domain_under_registry_suffix, reverse_domain_name.
type Row<'a> = (
    &'a str,
    &'a str,
    &'a str,
    bool,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
);

fn row(r: &TldExtract) -> Row<'_> {
    (
        r.subdomain(),
        r.domain(),
        r.suffix(),
        r.is_private(),
        r.registry_suffix(),
        Box::leak(r.fqdn().into_boxed_str()),
        r.ipv4(),
        r.ipv6(),
        Box::leak(r.top_domain_under_public_suffix().into_boxed_str()),
        Box::leak(r.top_domain_under_registry_suffix().into_boxed_str()),
        Box::leak(r.reverse_domain_name().into_boxed_str()),
    )
}

/// `(url, include_private, tldextract's answer)`: rows of the Python tests' fixture
/// (`crates/python/tests/fixtures/tldextract.json`) on which both read the same host.
#[rustfmt::skip]
const CASES: &[(&str, bool, Row<'static>)] = &[
    ("http://forums.news.cnn.com/", false, ("forums.news", "cnn", "com", false, "com", "forums.news.cnn.com", "", "", "cnn.com", "cnn.com", "com.cnn.news.forums")),
    ("http://forums.bbc.co.uk/", true, ("forums", "bbc", "co.uk", false, "co.uk", "forums.bbc.co.uk", "", "", "bbc.co.uk", "bbc.co.uk", "co.uk.bbc.forums")),
    ("http://www.worldbank.org.kg/", false, ("www", "worldbank", "org.kg", false, "org.kg", "www.worldbank.org.kg", "", "", "worldbank.org.kg", "worldbank.org.kg", "org.kg.worldbank.www")),
    ("google.com", false, ("", "google", "com", false, "com", "google.com", "", "", "google.com", "google.com", "com.google")),
    ("google.notavalidsuffix", true, ("google", "notavalidsuffix", "", false, "", "", "", "", "", "", "notavalidsuffix.google")),
    ("http://127.0.0.1:8080/deployed/", false, ("", "127.0.0.1", "", false, "", "", "127.0.0.1", "", "", "", "127.0.0.1")),
    ("http://[2001:db8::1]/x", false, ("", "[2001:db8::1]", "", false, "", "", "", "2001:db8::1", "", "", "[2001:db8::1]")),
    ("https://user:pw@www.example.co.uk:8443/a?b#c", true, ("www", "example", "co.uk", false, "co.uk", "www.example.co.uk", "", "", "example.co.uk", "example.co.uk", "co.uk.example.www")),
    ("waiterrant.blogspot.com", false, ("waiterrant", "blogspot", "com", false, "com", "waiterrant.blogspot.com", "", "", "blogspot.com", "blogspot.com", "com.blogspot.waiterrant")),
    ("waiterrant.blogspot.com", true, ("", "waiterrant", "blogspot.com", true, "com", "waiterrant.blogspot.com", "", "", "waiterrant.blogspot.com", "blogspot.com", "blogspot.com.waiterrant")),
    ("a.b.c.github.io", false, ("a.b.c", "github", "io", false, "io", "a.b.c.github.io", "", "", "github.io", "github.io", "io.github.c.b.a")),
    ("a.b.c.github.io", true, ("a.b", "c", "github.io", true, "io", "a.b.c.github.io", "", "", "c.github.io", "github.io", "github.io.c.b.a")),
    ("s3.amazonaws.com", false, ("s3", "amazonaws", "com", false, "com", "s3.amazonaws.com", "", "", "amazonaws.com", "amazonaws.com", "com.amazonaws.s3")),
    ("s3.amazonaws.com", true, ("", "", "s3.amazonaws.com", true, "com", "s3.amazonaws.com", "", "", "", "", "s3.amazonaws.com")),
    ("localhost", true, ("", "localhost", "", false, "", "", "", "", "", "", "localhost")),
    ("www.google.com.", false, ("www", "google", "com", false, "com", "www.google.com", "", "", "google.com", "google.com", "com.google.www")),
    ("foo.city.kobe.jp", false, ("foo", "city", "kobe.jp", false, "kobe.jp", "foo.city.kobe.jp", "", "", "city.kobe.jp", "city.kobe.jp", "kobe.jp.city.foo")),
    ("a.b.kobe.jp", false, ("", "a", "b.kobe.jp", false, "b.kobe.jp", "a.b.kobe.jp", "", "", "a.b.kobe.jp", "a.b.kobe.jp", "b.kobe.jp.a")),
    ("http://xn--mnchen-3ya.de", false, ("", "xn--mnchen-3ya", "de", false, "de", "xn--mnchen-3ya.de", "", "", "xn--mnchen-3ya.de", "xn--mnchen-3ya.de", "de.xn--mnchen-3ya")),
    ("", true, ("", "", "", false, "", "", "", "", "", "", "")),
    ("mailto:someone@example.org", true, ("", "example", "org", false, "org", "example.org", "", "", "example.org", "example.org", "org.example")),
    ("//example.net/x", true, ("", "example", "net", false, "net", "example.net", "", "", "example.net", "example.net", "net.example")),
    ("ftp://user@files.example.ac.uk", true, ("files", "example", "ac.uk", false, "ac.uk", "files.example.ac.uk", "", "", "example.ac.uk", "example.ac.uk", "ac.uk.example.files")),
    ("example.com:80", true, ("", "example", "com", false, "com", "example.com", "", "", "example.com", "example.com", "com.example")),
    ("x.y.z.ck", true, ("x", "y", "z.ck", false, "z.ck", "x.y.z.ck", "", "", "y.z.ck", "y.z.ck", "z.ck.y.x")),
    ("www.ck", true, ("", "www", "ck", false, "ck", "www.ck", "", "", "www.ck", "www.ck", "ck.www")),
    ("a.b.co.uk.", true, ("a", "b", "co.uk", false, "co.uk", "a.b.co.uk", "", "", "b.co.uk", "b.co.uk", "co.uk.b.a")),
    ("192.168.1.1", true, ("", "192.168.1.1", "", false, "", "", "192.168.1.1", "", "", "", "192.168.1.1")),
    ("[::1]", true, ("", "[::1]", "", false, "", "", "", "::1", "", "", "[::1]")),
    ("http://user:pass@foo:21/bar;par?b#c", true, ("", "", "foo", false, "foo", "", "", "", "", "", "foo")),
    ("non-special://test:@test/x", true, ("", "test", "", false, "", "", "", "", "", "", "test")),
    (" foo.com  ", true, ("", "foo", "com", false, "com", "foo.com", "", "", "foo.com", "foo.com", "com.foo")),
    ("http://f:999999/c", true, ("", "f", "", false, "", "", "", "", "", "", "f")),
    (":foo.com/", true, ("", "", "", false, "", "", "", "", "", "", "")),
    ("foo:/bar.com/", true, ("", "", "foo", false, "foo", "", "", "", "", "", "foo")),
    ("http://a:b@c:29/d", true, ("", "c", "", false, "", "", "", "", "", "", "c")),
    ("http://foo.com/\\@", true, ("", "foo", "com", false, "com", "foo.com", "", "", "foo.com", "foo.com", "com.foo")),
    ("//foo/bar", true, ("", "", "foo", false, "foo", "", "", "", "", "", "foo")),
    ("http://[1::2]:3:4", true, ("", "[1::2]", "", false, "", "", "", "1::2", "", "", "[1::2]")),
];

#[test]
fn tldextract_answers() {
    let mut failures = Vec::new();
    for (url, private, expected) in CASES {
        let got = extract(url, *private);
        if row(&got) != *expected {
            failures.push(format!("{url:?} private={private}: {:?}", row(&got)));
        }
    }
    println!(
        "tld: {} passed, {} failed",
        CASES.len() - failures.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_standard_reads_the_host() {
    // Lowercased, IDNA-encoded and IPv4 forms normalized where tldextract keeps the text.
    let r = extract("www.Example.COM", false);
    assert_eq!(
        (r.subdomain(), r.domain(), r.suffix()),
        ("www", "example", "com")
    );
    let r = extract("http://münchen.de", false);
    assert_eq!((r.domain(), r.suffix()), ("xn--mnchen-3ya", "de"));
    assert_eq!(extract("http://0x7f.1/", false).ipv4(), "127.0.0.1");
    // Hosts the standard refuses have no parts.
    assert_eq!(extract("http://exa mple.com", false), TldExtract::default());
    assert_eq!(extract("[61:24:74]:98", false), TldExtract::default());
    // A non-special URL's opaque host may be dotted-decimal IPv4 text.
    assert_eq!(extract("foo://1.2.3.4/", false).ipv4(), "1.2.3.4");
}

#[test]
fn new_compares_orders_and_hashes_as_the_tuple() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash = |r: &TldExtract| {
        let mut h = DefaultHasher::new();
        r.hash(&mut h);
        h.finish()
    };
    let a = TldExtract::new("", "waiterrant", "blogspot.com", true, "com");
    let b = extract("http://waiterrant.blogspot.com", true);
    assert_eq!(a, b);
    assert_eq!(hash(&a), hash(&b));
    assert!(a < TldExtract::new("a", "", "", false, ""));
    // Parts do not run into each other: ("ab", "c") is not ("a", "bc").
    assert_ne!(
        TldExtract::new("ab", "c", "", false, ""),
        TldExtract::new("a", "bc", "", false, "")
    );
    assert!(TldExtract::new("a", "bc", "", false, "") < TldExtract::new("ab", "c", "", false, ""));
    assert!(TldExtract::new("", "", "", false, "") < TldExtract::new("", "", "", true, ""));
}

#[test]
fn derived_properties_of_made_results() {
    // A private suffix with no domain still has an fqdn.
    let r = TldExtract::new("", "", "s3.amazonaws.com", true, "com");
    assert_eq!(r.fqdn(), "s3.amazonaws.com");
    assert_eq!(r.top_domain_under_public_suffix(), "");
    // Registry suffix of two labels: three labels of the top domain.
    let r = TldExtract::new("x", "y", "a.b.co.uk", true, "co.uk");
    assert_eq!(r.top_domain_under_registry_suffix(), "b.co.uk");
    // Fewer labels than asked for: the whole top domain.
    let r = TldExtract::new("", "y", "z", true, "a.b.c");
    assert_eq!(r.top_domain_under_registry_suffix(), "y.z");
    // Empty labels of the subdomain are kept, as tldextract's split keeps them.
    let r = TldExtract::new("a..b", "c", "com", false, "com");
    assert_eq!(r.reverse_domain_name(), "com.c.b..a");
    assert_eq!(
        TldExtract::new("", "", "", false, "").reverse_domain_name(),
        ""
    );
    assert_eq!(TldExtract::new("", "[]", "", false, "").ipv6(), "");
    assert_eq!(TldExtract::new("", "[::]", "", false, "").ipv6(), "::");
    assert_eq!(TldExtract::new("", "[::]", "x", false, "").ipv6(), "");
    assert_eq!(TldExtract::new("a", "1.2.3.4", "", false, "").ipv4(), "");
}

#[test]
fn dotted_decimal() {
    for ok in ["0.0.0.0", "255.255.255.255", "1.2.3.4", "10.0.0.1"] {
        assert!(looks_like_ipv4(ok), "{ok}");
    }
    for no in [
        "",
        "1.2.3",
        "1.2.3.4.5",
        "256.1.1.1",
        "01.2.3.4",
        "1..3.4",
        "1.2.3.4.",
        "a.b.c.d",
        "+1.2.3.4",
        "1.2.3.٣",
        "1000.1.1.1",
    ] {
        assert!(!looks_like_ipv4(no), "{no}");
    }
}

#[test]
fn odd_inputs_do_not_panic() {
    for url in [
        "//",
        "://",
        "a://",
        "é://x",
        "http://",
        "[",
        "[]",
        "@",
        "a@b@c",
        ":",
        "é",
        "x.é.",
        "http://é.ü/",
        "...",
        "a..b.com",
        "\u{0}",
        "http://[::1",
        "//[::1]:é",
    ] {
        for private in [false, true] {
            let r = extract(url, private);
            let _ = (
                r.fqdn(),
                r.reverse_domain_name(),
                r.top_domain_under_registry_suffix(),
            );
        }
    }
}

#[test]
fn extra_suffixes() {
    let extra = ExtraSuffixes::new(["internal.test", ".", "", "..Corp.Example.."]);
    assert_eq!(extra.len(), 2);
    let r = extra.apply(extract("a.b.c.d.internal.test", true));
    assert_eq!(
        r,
        TldExtract::new("a.b.c", "d", "internal.test", false, "internal.test")
    );
    // The host itself, and a longer suffix only.
    let r = extra.apply(extract("corp.example", false));
    assert_eq!(
        r,
        TldExtract::new("", "", "corp.example", false, "corp.example")
    );
    let r = extra.apply(extract("x.corp.example", false));
    assert_eq!(
        (r.subdomain(), r.domain(), r.suffix()),
        ("", "x", "corp.example")
    );
    // At a label boundary only; a shorter one than the list's changes nothing.
    let r = extract("xinternal.test", false);
    assert_eq!(extra.apply(r.clone()), r);
    let r = extract("a.b.github.io", true);
    assert_eq!(ExtraSuffixes::new(["io"]).apply(r.clone()), r);
    assert!(ExtraSuffixes::new(["..", ""]).is_empty());
    assert_eq!(ExtraSuffixes::default().apply(r.clone()), r);
}

#[test]
fn a_result_keeps_little_of_a_long_url() {
    let long = format!(
        "https://www.Example.co.uk/{}?q={}",
        "p/".repeat(5000),
        "x".repeat(5000)
    );
    let r = extract(&long, false);
    assert_eq!(
        (r.subdomain(), r.domain(), r.suffix(), r.registry_suffix()),
        ("www", "example", "co.uk", "co.uk")
    );
    // The parsed URL's serialization is cut after the host: not 15 KB kept per result.
    assert!(r.buf.len() <= "https://www.example.co.uk".len());
    assert!(r.buf.capacity() < 1000);
    // A short tail is kept as it is (no reallocation), and the parts are the same.
    let r = extract("http://a.b.example.com:8080/index.html?x=1", true);
    assert_eq!(
        (r.subdomain(), r.domain(), r.suffix()),
        ("a.b", "example", "com")
    );
    assert_eq!(r, TldExtract::new("a.b", "example", "com", false, "com"));
    // Userinfo before the host, a private suffix and its registry suffix.
    let r = extract(
        &format!("https://u:p@x.github.io/{}", "y".repeat(500)),
        true,
    );
    assert_eq!(
        (r.domain(), r.suffix(), r.registry_suffix()),
        ("x", "github.io", "io")
    );
    assert!(r.is_private());
}
