//! Parser-confusion table: what weburl (and so, per the WHATWG URL Standard, every browser)
//! makes of the URLs used in SSRF and open-redirect attacks. One golden snapshot
//! (`snapshots/confusion__confusion_table.snap`) holds, per payload, the href (or the
//! failure and its validation error), origin, host, hostname, port, username, password and
//! pathname. Every row was checked against the spec by hand; a change to the snapshot is a
//! change in what a security filter built on weburl sees, so review it as such.
//!
//! # Security filters
//!
//! A filter that decides whether a URL may be fetched or redirected to must look at the
//! *parsed* URL, never at the input string:
//!
//! - Parse once with [`Url::parse`] (or [`Url::parse_with_base`] with the same base the
//!   consumer uses), reject on failure, and hand the consumer the **serialization**
//!   ([`Url::href`]), not the original input, so that the checked URL and the fetched URL are
//!   the same string.
//! - Decide on the host with [`Url::host_parsed`] (a [`weburl::Host`]: IPv4 and IPv6
//!   addresses arrive as numbers, however they were written: `0x7f.1`, `2130706433`,
//!   `127。0。0。1`, `%31%32%37.0.0.1` and `[::ffff:7f00:1]` all need an address check) or the
//!   ASCII [`Url::hostname`] (already IDNA-processed and lowercased: `аpple.com` is
//!   `xn--pple-43d.com`, not `apple.com`). Compare domains exactly or by a label-aligned
//!   suffix (`.example.com`), after stripping one trailing dot (`example.com.` is the same
//!   host to DNS, but a different string).
//! - Compare whole origins with [`Url::origin`] and [`weburl::Origin::same_origin`]; an
//!   origin includes the scheme and port, and is opaque (equal to nothing) for `data:`,
//!   `javascript:` and other non-special schemes. `blob:` URLs have their inner URL's origin.
//! - Check the scheme with [`Url::scheme`] (lowercased, tabs and newlines removed:
//!   `java\nscript:` is `javascript:`).
//! - Never use `starts_with`, `contains` or a regex on the input: `\`, `@`, `#`, `?`, tabs,
//!   newlines, leading spaces, percent-encoding and Unicode dots all change which part of the
//!   string is the host (see the table). Username and password are not part of the host:
//!   `http://a.com@b.com` goes to `b.com`.

use std::fmt::Write as _;

use weburl::Url;

/// (input, base). The base applies to relative inputs only.
const PAYLOADS: &[(&str, Option<&str>)] = &[
    // Backslashes and slashes.
    ("http://a.com\\@b.com", None),
    ("http://a.com\\.b.com", None),
    ("http:/\\/example.com", None),
    ("http:\\\\example.com", None),
    ("http:example.com", None),
    ("http:example.com", Some("http://a/")),
    ("https:example.com", Some("http://a/")),
    ("///example.com", Some("http://a/")),
    ("//example.com", Some("http://a/b")),
    ("\\\\example.com", Some("http://a/")),
    ("/\\example.com", Some("http://a/")),
    ("//example.com", Some("sc://a/b")),
    ("///example.com", Some("sc://a/")),
    // Userinfo.
    ("http://a.com:80@b.com", None),
    ("http://a@b@c.com", None),
    ("http://a:b:c@d.com", None),
    ("http://a.com%40b.com", None),
    ("http://@a.com", None),
    ("http://:@a.com", None),
    ("http://a.com@", None),
    ("http://user@/path", None),
    // Fragment and query before the "host".
    ("http://a.com#@b.com", None),
    ("http://a.com?@b.com", None),
    ("http://a.com/#@b.com", None),
    // IPv4 spellings.
    ("http://0x7f.1", None),
    ("http://0177.0.0.1", None),
    ("http://2130706433", None),
    ("http://127.1", None),
    ("http://0", None),
    ("http://0x7f000001", None),
    ("http://127.0.0.1.", None),
    ("http://127.0.0.1..", None),
    ("http://256.0.0.1", None),
    ("http://1.2.3.09", None),
    ("http://4294967296", None),
    ("http://127.0.0.1x", None),
    ("http://foo.0x7f", None),
    ("http://127。0。0。1", None),
    ("http://１２７.０.０.１", None),
    ("http://127％2e0.0.1", None),
    ("http://%31%32%37.0.0.1", None),
    ("sc://0x7f.1", None),
    // IPv6.
    ("http://[::ffff:127.0.0.1]", None),
    ("http://[::ffff:7f00:1]", None),
    ("http://[::1]", None),
    ("http://[0:0:0:0:0:0:0:1]:80", None),
    ("http://[::127.0.0.1]", None),
    ("http://[::1%25eth0]", None),
    ("http://[::1]x", None),
    // Trailing dots and local names.
    ("http://example.com.", None),
    ("http://localhost.", None),
    ("http://LOCALHOST", None),
    ("http://example.com..", None),
    // Percent-encoding in the host.
    ("http://exa%2Emple.com", None),
    ("http://exa%2emple.com", None),
    ("http://%65xample.com", None),
    ("http://example.com%2F@evil.com", None),
    ("http://exa%00mple.com", None),
    ("http://%zz.com", None),
    // Tabs, newlines, spaces, controls.
    ("http://exa\tmple.com", None),
    ("http://ex\nample.com", None),
    ("http://ex\rample.com", None),
    ("  http://example.com", None),
    ("\u{0}http://example.com\u{1f} ", None),
    ("http://exa mple.com", None),
    ("http://example.com\u{0}.evil.com", None),
    // IDN.
    ("http://аpple.com", None),
    ("http://xn--80ak6aa92e.com", None),
    ("http://xn--a.com", None),
    ("http://xn--pple-43d.com", None),
    ("http://exam\u{AD}ple.com", None),
    ("http://ex\u{200B}ample.com", None),
    ("http://ＥＸＡＭＰＬＥ.com", None),
    ("http://example。com", None),
    ("http://ß.com", None),
    ("http://\u{FF0E}.com", None),
    // Schemes.
    ("javascript:alert(1)", None),
    ("java\nscript:alert(1)", None),
    ("JAVASCRIPT:alert(1)", None),
    (" javascript:alert(1)", None),
    ("javascript://%0aalert(1)", None),
    ("data:text/html,<script>alert(1)</script>", None),
    ("vbscript:msgbox(1)", None),
    // Ports.
    ("http://example.com:0080", None),
    ("http://example.com:80", None),
    ("https://example.com:443", None),
    ("http://example.com:443", None),
    ("http://example.com:65535", None),
    ("http://example.com:65536", None),
    ("http://example.com:-1", None),
    ("http://example.com:8a", None),
    ("http://example.com:", None),
    // file.
    ("file://localhost/etc/passwd", None),
    ("file:///etc/passwd", None),
    ("file:///C:/x", None),
    ("file://C:/x", None),
    ("file:/C|/x", None),
    ("file://evil.com/etc/passwd", None),
    ("file://127.0.0.1/x", None),
    ("file:..", Some("file:///C:/")),
    // Paths.
    ("http://a.com/../../etc/passwd", None),
    ("http://a.com/%2e%2e/%2E./x", None),
    ("http://a.com/..%2fx", None),
    ("http://a.com/a/%2e%2E", None),
    // Other origins.
    ("blob:https://a.com/uuid", None),
    ("blob:https://a.com:443/uuid", None),
    ("blob:http://a.com\\@b.com/uuid", None),
    ("blob:data:text/plain,x", None),
    ("blob:null/uuid", None),
    ("ws://a.com:80/", None),
    ("wss://a.com:443/", None),
    ("ftp://a.com:21/", None),
    ("sc://a.com\\@b.com", None),
    ("sc://a.com%40b.com/", None),
];

/// Escapes control characters and `|` for the table.
fn cell(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '|' => out.push_str("\\|"),
            c if c.is_control() || c == '\u{AD}' || c == '\u{200B}' => {
                let _ = write!(out, "\\u{{{:X}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

fn row(input: &str, base: Option<&str>) -> String {
    let parsed = match base {
        Some(b) => Url::parse(b).and_then(|b| Url::parse_with_base(input, &b)),
        None => Url::parse(input),
    };
    let input_cell = match base {
        Some(b) => format!("`{}` against `{}`", cell(input), cell(b)),
        None => format!("`{}`", cell(input)),
    };
    match parsed {
        Err(e) => format!("| {input_cell} | failure: {} | | | | | | | |", e.name()),
        Ok(u) => format!(
            "| {input_cell} | `{}` | {} | {} | {} | {} | {} | {} | {} |",
            cell(u.href()),
            cell(&u.origin().to_string()),
            cell(u.host()),
            cell(u.hostname()),
            u.port(),
            cell(u.username()),
            cell(u.password()),
            cell(u.pathname()),
        ),
    }
}

#[test]
fn confusion_table() {
    let mut table = String::from(
        "| input | href | origin | host | hostname | port | username | password | pathname |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for (input, base) in PAYLOADS {
        table.push_str(&row(input, *base));
        table.push('\n');
    }
    insta::assert_snapshot!("confusion_table", table);
}

/// A few of the table's rows as plain assertions, for the reader of this file.
#[test]
fn filter_examples() -> Result<(), weburl::ParseError> {
    // The host is after the last '@' of the authority, and '\' ends the authority.
    assert_eq!(Url::parse("http://a.com\\@b.com")?.hostname(), "a.com");
    assert_eq!(Url::parse("http://a.com:80@b.com")?.hostname(), "b.com");
    // Every IPv4 spelling is one address.
    for input in [
        "http://0x7f.1",
        "http://0177.0.0.1",
        "http://2130706433",
        "http://127.1",
        "http://127。0。0。1",
        "http://%31%32%37.0.0.1",
    ] {
        assert_eq!(
            Url::parse(input)?.host_parsed(),
            Some(weburl::Host::Ipv4(0x7F00_0001)),
            "{input}"
        );
    }
    // Same origin, compared as origins.
    let a = Url::parse("https://a.com/x")?;
    let b = Url::parse("blob:https://a.com/uuid")?;
    assert!(a.origin().same_origin(&b.origin()));
    let js = Url::parse("java\nscript:alert(1)")?;
    assert_eq!(js.scheme(), "javascript");
    assert!(!js.origin().is_tuple());
    Ok(())
}
