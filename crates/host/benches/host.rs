//! Micro-benchmarks: weburl-host against rust-url's `url::Host::parse` and `idna`.
//!
//! ```text
//! CARGO_TARGET_DIR=target-bench cargo bench -p weburl-host --bench host
//! ```
//!
//! Each benchmark runs over a group of about twenty hosts per iteration; the counters are
//! per host (`item`) and per input byte. Before benchmarking, `main` compares the outputs of
//! the implementations on every input and prints where they differ (also under
//! `cargo test --benches`, where divan runs each benchmark once).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use divan::counter::{BytesCount, ItemsCount};
use divan::{black_box, Bencher};
use idna::AsciiDenyList;

const LOWER: &[&str] = &[
    "www.example.com",
    "example.org",
    "github.com",
    "docs.rs",
    "crates.io",
    "en.wikipedia.org",
    "mail.google.com",
    "api.github.com",
    "news.ycombinator.com",
    "stackoverflow.com",
    "www.rust-lang.org",
    "cdn.jsdelivr.net",
    "s3.amazonaws.com",
    "login.microsoftonline.com",
    "static.xx.fbcdn.net",
    "localhost",
    "a.b.c.d.example.co.uk",
    "www.bbc.co.uk",
    "fonts.googleapis.com",
    "images-na.ssl-images-amazon.com",
];

const MIXED_CASE: &[&str] = &[
    "WWW.Example.COM",
    "Example.org",
    "GitHub.com",
    "Docs.RS",
    "CRATES.IO",
    "En.Wikipedia.Org",
    "Mail.Google.com",
    "API.GitHub.com",
    "News.YCombinator.com",
    "StackOverflow.com",
    "www.Rust-Lang.org",
    "CDN.jsDelivr.net",
    "S3.AmazonAWS.com",
    "login.MicrosoftOnline.com",
    "Static.XX.FBCDN.net",
    "LocalHost",
    "A.B.C.D.Example.CO.UK",
    "WWW.BBC.CO.UK",
    "Fonts.GoogleApis.com",
    "Images-NA.SSL-Images-Amazon.com",
];

const IPV4: &[&str] = &[
    "192.168.0.1",
    "0x7f.1",
    "127.0.0.1",
    "10.0.0.1",
    "8.8.8.8",
    "255.255.255.255",
    "0.0.0.0",
    "172.16.254.1",
    "0x7f000001",
    "2130706433",
    "0177.0.0.1",
    "1.1",
    "192.168.1",
    "100.64.0.10",
    "203.0.113.7",
    "198.51.100.42",
    "0xc0.0xa8.0.1",
    "169.254.169.254",
    "224.0.0.251",
    "10.10.10.10",
];

const IPV6: &[&str] = &[
    "[2001:db8::1]",
    "[::1]",
    "[::]",
    "[fe80::1]",
    "[2001:db8:85a3::8a2e:370:7334]",
    "[2001:0db8:0000:0000:0000:ff00:0042:8329]",
    "[::ffff:192.168.0.1]",
    "[2606:4700:4700::1111]",
    "[2001:4860:4860::8888]",
    "[fd00::abcd]",
    "[1:2:3:4:5:6:7:8]",
    "[::ffff:7f00:1]",
    "[FE80::0202:B3FF:FE1E:8329]",
    "[2001:db8:0:0:1:0:0:1]",
    "[ff02::1]",
    "[64:ff9b::192.0.2.33]",
    "[2001:db8::]",
    "[::1:2:3:4]",
    "[2a00:1450:4001:80b::200e]",
    "[0:0:0:0:0:0:0:1]",
];

const UNICODE: &[&str] = &[
    "münchen.de",
    "例え.テスト",
    "xn--mnchen-3ya.de",
    "bücher.example",
    "faß.de",
    "☕.example",
    "пример.рф",
    "中国.中国",
    "日本語.jp",
    "xn--e1afmkfd.xn--p1ai",
    "Ünïcödé.com",
    "straße.de",
    "παράδειγμα.δοκιμή",
    "مثال.إختبار",
    "ยืนยัน.ไทย",
    "한국.kr",
    "www.müller.de",
    "café.fr",
    "göteborg.se",
    "xn--bcher-kva.example",
];

const GROUPS: &[&str] = &["lower", "mixed_case", "ipv4", "ipv6", "unicode"];
const DOMAIN_GROUPS: &[&str] = &["lower", "mixed_case", "unicode"];

fn group(name: &str) -> &'static [&'static str] {
    match name {
        "lower" => LOWER,
        "mixed_case" => MIXED_CASE,
        "ipv4" => IPV4,
        "ipv6" => IPV6,
        "unicode" => UNICODE,
        _ => panic!("unknown group {name}"),
    }
}

fn counters(inputs: &[&str]) -> (ItemsCount, BytesCount) {
    let bytes: usize = inputs.iter().map(|s| s.len()).sum();
    (ItemsCount::new(inputs.len()), BytesCount::new(bytes))
}

/// The host parser, giving an owned host.
mod parse_host {
    use super::*;

    #[divan::bench(args = GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for h in black_box(inputs) {
                let _ = black_box(weburl_host::parse_host(h, false, &mut ()));
            }
        });
    }

    #[divan::bench(args = GROUPS)]
    fn url(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for h in black_box(inputs) {
                let _ = black_box(url::Host::parse(h));
            }
        });
    }
}

/// Domain to ASCII. weburl's borrows lowercase ASCII input; `idna::domain_to_ascii` always
/// returns a `String`, `idna::domain_to_ascii_cow` (what `url` calls) borrows too.
mod domain_to_ascii {
    use super::*;

    #[divan::bench(args = DOMAIN_GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for h in black_box(inputs) {
                let _ = black_box(weburl_host::domain_to_ascii(h, false, &mut ()));
            }
        });
    }

    #[divan::bench(args = DOMAIN_GROUPS)]
    fn idna(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for h in black_box(inputs) {
                let _ = black_box(idna::domain_to_ascii(h));
            }
        });
    }

    #[divan::bench(args = DOMAIN_GROUPS)]
    fn idna_cow(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for h in black_box(inputs) {
                let _ = black_box(idna::domain_to_ascii_cow(h.as_bytes(), AsciiDenyList::URL));
            }
        });
    }
}

/// Compares the outputs; prints the differences (the crates' semantics differ slightly) and
/// fails if they differ on more inputs than the known ones.
fn check_outputs() {
    let mut differences = Vec::new();
    for g in GROUPS {
        for h in group(g) {
            let ours = weburl_host::parse_host(h, false, &mut ()).map(|h| h.to_string());
            let theirs = url::Host::parse(h).map(|h| h.to_string());
            if ours.as_ref().ok() != theirs.as_ref().ok() {
                differences.push(format!(
                    "parse_host({h:?}): weburl {ours:?}, url {theirs:?}"
                ));
            }
        }
    }
    for g in DOMAIN_GROUPS {
        for h in group(g) {
            let ours = weburl_host::domain_to_ascii(h, false, &mut ()).map(|c| c.into_owned());
            let theirs = idna::domain_to_ascii(h);
            let cow = idna::domain_to_ascii_cow(h.as_bytes(), AsciiDenyList::URL);
            if ours.as_ref().ok() != theirs.as_ref().ok() {
                differences.push(format!(
                    "domain_to_ascii({h:?}): weburl {ours:?}, idna {theirs:?}"
                ));
            }
            if ours.as_deref().ok() != cow.as_deref().ok() {
                differences.push(format!(
                    "domain_to_ascii({h:?}): weburl {ours:?}, idna_cow {cow:?}"
                ));
            }
        }
    }
    for d in &differences {
        eprintln!("difference: {d}");
    }
    assert!(differences.is_empty(), "{} differences", differences.len());
}

fn main() {
    check_outputs();
    divan::main();
}
