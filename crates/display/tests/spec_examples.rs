//! The examples and rules of the URL Standard's URL rendering section (url.bs,
//! `#url-rendering`), each a named case.

use std::process::ExitCode;

use weburl_core::Url;
use weburl_display::{LtrWrap, Rendering, UrlDisplay, WidthUnit};
use weburl_wpt::Runner;

/// One case: a URL, options, the expected rendering.
struct Case {
    name: &'static str,
    url: &'static str,
    options: fn(Rendering<'_>) -> Rendering<'_>,
    expected: &'static str,
}

fn plain(r: Rendering<'_>) -> Rendering<'_> {
    r
}

const CASES: &[Case] = &[
    // Simplify: "Browsers should not render a URL's username and password, as they can be
    // mistaken for a URL's host (e.g., https://examplecorp.com@attacker.example/)."
    Case {
        name: "credentials are never shown",
        url: "https://examplecorp.com@attacker.example/",
        options: plain,
        expected: "https://attacker.example/",
    },
    Case {
        name: "username and password are never shown",
        url: "https://user:secret@example.com:8443/a",
        options: plain,
        expected: "https://example.com:8443/a",
    },
    // "Browsers may render only a URL's host ..."
    Case {
        name: "host only",
        url: "https://examplecorp.attacker.com/login?next=/",
        options: |r| r.host_only(true),
        expected: "examplecorp.attacker.com",
    },
    // "... browsers may omit a leading www or m domain label to simplify the host"
    Case {
        name: "trivial subdomain www omitted",
        url: "https://www.example.com/",
        options: |r| r.omit_trivial_subdomains(true),
        expected: "https://example.com/",
    },
    Case {
        name: "trivial subdomain m omitted",
        url: "https://m.example.com/",
        options: |r| r.omit_trivial_subdomains(true),
        expected: "https://example.com/",
    },
    Case {
        name: "www that is the registrable domain stays",
        url: "https://www.com/",
        options: |r| r.omit_trivial_subdomains(true),
        expected: "https://www.com/",
    },
    // "... display its registrable domain only to remove spoofing opportunities posted by
    // subdomains (e.g., https://examplecorp.attacker.com/)."
    Case {
        name: "subdomain spoof elided to the registrable domain",
        url: "https://examplecorp.attacker.com/",
        options: |r| r.host_only(true).max_width(14),
        expected: "…attacker.com",
    },
    // "Browsers may render a URL without its scheme if the display surface only ever
    // permits a single scheme."
    Case {
        name: "https omitted",
        url: "https://example.com/a",
        options: |r| r.omit_scheme(true),
        expected: "example.com/a",
    },
    Case {
        name: "http omitted",
        url: "http://example.com/a",
        options: |r| r.omit_scheme(true),
        expected: "example.com/a",
    },
    Case {
        name: "http kept before an ftp. host",
        url: "http://ftp.example.com/",
        options: |r| r.omit_scheme(true),
        expected: "http://ftp.example.com/",
    },
    Case {
        name: "other schemes are not omitted by omit_scheme",
        url: "ftp://example.com/",
        options: |r| r.omit_scheme(true),
        expected: "ftp://example.com/",
    },
    Case {
        name: "file scheme omitted",
        url: "file:///etc/hosts",
        options: |r| r.omit_file_scheme(true),
        expected: "/etc/hosts",
    },
    Case {
        name: "mailto scheme omitted",
        url: "mailto:someone@example.com",
        options: |r| r.omit_mailto_scheme(true),
        expected: "someone@example.com",
    },
    Case {
        name: "trailing slash of a bare host omitted",
        url: "https://example.com/",
        options: |r| r.omit_trailing_slash(true),
        expected: "https://example.com",
    },
    Case {
        name: "trailing slash kept with a query",
        url: "https://example.com/?q",
        options: |r| r.omit_trailing_slash(true),
        expected: "https://example.com/?q",
    },
    Case {
        name: "trim after host",
        url: "https://example.com:8080/a/b?c#d",
        options: |r| r.trim_after_host(true),
        expected: "https://example.com:8080",
    },
    // Elision: "Browsers should ensure that at least the registrable domain can be shown
    // when the URL is rendered (to avoid showing, e.g., ...examplecorp.com when loading
    // https://not-really-examplecorp.com/)."
    Case {
        name: "the registrable domain is never cut",
        url: "https://not-really-examplecorp.com/",
        options: |r| r.max_width(16),
        expected: "not-really-examplecorp.com",
    },
    // "examplecorp.com.evil.com should be elided as ...com.evil.com, not examplecorp.com..."
    Case {
        name: "labels elided from the lowest-level one",
        url: "https://examplecorp.com.evil.com/",
        options: |r| r.host_only(true).max_width(13),
        expected: "…com.evil.com",
    },
    Case {
        name: "labels elided, then the path from the end",
        url: "https://examplecorp.com.evil.com/account/settings",
        options: |r| r.max_width(24),
        expected: "https://…evil.com/accou…",
    },
    Case {
        name: "path first order",
        url: "https://examplecorp.com.evil.com/account/settings",
        options: |r| {
            r.max_width(36)
                .elision_order(weburl_display::ElisionOrder::PathFirst)
        },
        expected: "https://examplecorp.com.evil.com/ac…",
    },
    Case {
        name: "the path keeps its slash before the ellipsis",
        url: "https://example.com/abcdef",
        options: |r| r.max_width(21),
        expected: "https://example.com/…",
    },
    Case {
        name: "scheme dropped when even the host does not fit",
        url: "https://www.example.com/abcdef",
        options: |r| r.max_width(12),
        expected: "…example.com",
    },
    Case {
        name: "registrable domain by the public suffix list",
        url: "https://login.accounts.example.co.uk/",
        options: |r| r.host_only(true).max_width(10),
        expected: "…example.co.uk",
    },
    Case {
        name: "a host that is a public suffix is never cut",
        url: "https://a.github.io.evil.github.io/",
        options: |r| r.host_only(true).max_width(5),
        expected: "…evil.github.io",
    },
    Case {
        name: "www of a multi-label public suffix omitted",
        url: "https://www.example.co.uk/",
        options: |r| r.omit_trivial_subdomains(true).omit_trailing_slash(true),
        expected: "https://example.co.uk",
    },
    Case {
        name: "www that is part of the registrable domain stays",
        url: "https://www.co.uk/",
        options: |r| r.omit_trivial_subdomains(true),
        expected: "https://www.co.uk/",
    },
    Case {
        name: "an IP address host is never cut",
        url: "http://192.168.100.200/path",
        options: |r| r.max_width(5),
        expected: "192.168.100.200",
    },
    Case {
        name: "width in terminal columns",
        url: "https://例え.jp/日本語のページ",
        options: |r| r.max_width(20).width_unit(WidthUnit::Columns),
        expected: "https://例え.jp/日…",
    },
    Case {
        name: "width in grapheme clusters",
        url: "https://例え.jp/日本語のページ",
        options: |r| r.max_width(20),
        expected: "https://例え.jp/日本語のペ…",
    },
    // Internationalization: "If URL's host is a domain, browsers should render it by
    // running domain to Unicode with the URL's host."
    Case {
        name: "domain to Unicode",
        url: "https://xn--mnchen-3ya.de/",
        options: plain,
        expected: "https://münchen.de/",
    },
    Case {
        name: "IPv6 host as serialized",
        url: "http://[2001:db8::1]:8080/",
        options: plain,
        expected: "http://[2001:db8::1]:8080/",
    },
    Case {
        name: "opaque host as serialized",
        url: "foo://xn--mnchen-3ya/%C3%A9",
        options: plain,
        expected: "foo://xn--mnchen-3ya/é",
    },
    // "... sequences of percent-encoded bytes replaced with code points resulting from
    // running UTF-8 decode without BOM on the percent-decoding of those sequences, unless
    // that renders those sequences invisible."
    Case {
        name: "percent-encoded UTF-8 decoded",
        url: "https://example.com/caf%C3%A9?q=%E6%97%A5#%C3%BC",
        options: plain,
        expected: "https://example.com/café?q=日#ü",
    },
    Case {
        name: "invisible sequences stay encoded",
        url: "https://example.com/a%E2%80%8Bb%C2%ADc",
        options: plain,
        expected: "https://example.com/a%E2%80%8Bb%C2%ADc",
    },
    Case {
        name: "bidi controls stay encoded",
        url: "https://example.com/%E2%80%AEfdp.exe",
        options: plain,
        expected: "https://example.com/%E2%80%AEfdp.exe",
    },
    Case {
        name: "delimiters stay encoded",
        url: "https://example.com/a%2Fb%3Fc%23d%25e%5Cf?x=%26y%3D",
        options: plain,
        expected: "https://example.com/a%2Fb%3Fc%23d%25e%5Cf?x=%26y%3D",
    },
    Case {
        name: "delimiter lookalikes stay encoded",
        url: "https://example.com/a%E2%88%95b%EF%BC%9F",
        options: plain,
        expected: "https://example.com/a%E2%88%95b%EF%BC%9F",
    },
    Case {
        name: "trailing white space stays encoded",
        url: "https://example.com/a%20b%20%20",
        options: plain,
        expected: "https://example.com/a b%20%20",
    },
    Case {
        name: "C1 controls stay encoded",
        url: "https://example.com/%C2%85",
        options: plain,
        expected: "https://example.com/%C2%85",
    },
    Case {
        name: "invalid UTF-8 stays encoded",
        url: "https://example.com/%FF%C3%28",
        options: plain,
        expected: "https://example.com/%FF%C3%28",
    },
    // "Browsers may choose to not decode certain sequences that present spoofing risks
    // (e.g., U+1F512 (🔒))."
    Case {
        name: "U+1F512 LOCK stays encoded",
        url: "https://example.com/%F0%9F%94%92secure",
        options: plain,
        expected: "https://example.com/%F0%9F%94%92secure",
    },
    Case {
        name: "other emoji are decoded",
        url: "https://example.com/%F0%9F%8E%89",
        options: plain,
        expected: "https://example.com/🎉",
    },
    // "URLs are particularly prone to confusion between host and path when they contain
    // bidirectional text, so in this case it is particularly advisable to only render a
    // URL's host."
    Case {
        name: "bidi text: the host alone",
        url: "https://example.com/%D7%A9%D7%9C%D7%95%D7%9D/abc",
        options: plain,
        expected: "example.com",
    },
    Case {
        name: "bidi host: the host alone",
        url: "https://xn--mgbh0fb.xn--kgbechtv/path",
        options: plain,
        expected: "مثال.إختبار",
    },
    // "Browsers should render bidirectional text as if it were in a left-to-right
    // embedding."
    Case {
        name: "bidi text in a left-to-right embedding",
        url: "https://example.com/%D7%A9%D7%9C%D7%95%D7%9D",
        options: |r| r.ltr(LtrWrap::Embedding),
        expected: "\u{202A}https://example.com/שלום\u{202C}",
    },
    Case {
        name: "bidi host in a left-to-right isolate",
        url: "https://xn--mgbh0fb.xn--kgbechtv/path",
        options: |r| r.ltr(LtrWrap::Isolate),
        expected: "\u{2066}https://مثال.إختبار/path\u{2069}",
    },
    Case {
        name: "bidi text without a host stays encoded",
        url: "data:,%D7%A9",
        options: plain,
        expected: "data:,%D7%A9",
    },
    Case {
        name: "opaque path spaces stay encoded",
        url: "mailto:a@example.com?subject=caf%C3%A9%20au%20lait",
        options: plain,
        expected: "mailto:a@example.com?subject=café au lait",
    },
    Case {
        name: "a /. before a path that starts with //",
        url: "web+demo:/.//not-a-host/",
        options: plain,
        expected: "web+demo:/.//not-a-host/",
    },
];

fn main() -> ExitCode {
    let mut runner = Runner::new("display spec examples");
    for case in CASES {
        let outcome = match Url::parse(case.url) {
            Ok(url) => {
                let shown = (case.options)(url.display()).to_string();
                if shown == case.expected {
                    Ok(())
                } else {
                    Err(format!("expected {:?}, got {:?}", case.expected, shown))
                }
            }
            Err(e) => Err(format!("does not parse: {e}")),
        };
        runner.case(case.name, outcome);
    }
    runner.finish()
}
