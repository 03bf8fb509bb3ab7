//! Every one-field function of `common_crawl` (`field_in` for each [`Field`], and the named
//! functions `surtkey`, `host_name`, ..., `host_private_domain_in`) computes only what its
//! field needs; this checks that each gives what [`common_crawl::fields`] (all fields at
//! once) gives, by the compiled list and by a caller's: on URLs built from hosts chosen for
//! the edge cases (addresses, opaque hosts, dots, wildcard and exception rules, private
//! suffixes), as strings and as parsed [`Url`]s, and on the four corpora (`$WEBURL_DATASETS`
//! or `../shared/datasets`, skipped when absent): `field_in` on every line, the named
//! functions and the parsed `Url` forms on every 20th (the `Url` form of `url_surtkey` is a
//! code path of its own; all of them on every line would double the test's time). A string
//! that is not a URL is [`NotAUrl`] for every one, `url_surtkey` included. Prints
//! `common_crawl one field at a time: N passed, M failed`.

#![allow(clippy::panic)]

mod common;

use weburl::psl::List;
use weburl::Url;
use weburl_canon::common_crawl::{self, Field};
use weburl_canon::NotAUrl;

type One = fn(&str) -> Result<Option<String>, NotAUrl>;
type OneIn = fn(&str, &List) -> Result<Option<String>, NotAUrl>;

/// The named functions by the compiled list.
const NAMED: [(Field, One); 12] = [
    (Field::Surtkey, |s| common_crawl::surtkey(s)),
    (Field::HostName, |s| common_crawl::host_name(s)),
    (Field::HostTld, |s| common_crawl::host_tld(s)),
    (Field::Host2ndLastPart, |s| {
        common_crawl::host_2nd_last_part(s)
    }),
    (Field::Host3rdLastPart, |s| {
        common_crawl::host_3rd_last_part(s)
    }),
    (Field::Host4thLastPart, |s| {
        common_crawl::host_4th_last_part(s)
    }),
    (Field::Host5thLastPart, |s| {
        common_crawl::host_5th_last_part(s)
    }),
    (Field::HostRegistrySuffix, |s| {
        common_crawl::host_registry_suffix(s)
    }),
    (Field::HostRegisteredDomain, |s| {
        common_crawl::host_registered_domain(s)
    }),
    (Field::HostPrivateSuffix, |s| {
        common_crawl::host_private_suffix(s)
    }),
    (Field::HostPrivateDomain, |s| {
        common_crawl::host_private_domain(s)
    }),
    (Field::HostNameReversed, |s| {
        common_crawl::host_name_reversed(s)
    }),
];

/// The named functions that take the caller's list.
const NAMED_IN: [(Field, OneIn); 4] = [
    (Field::HostRegistrySuffix, |s, l| {
        common_crawl::host_registry_suffix_in(s, l)
    }),
    (Field::HostRegisteredDomain, |s, l| {
        common_crawl::host_registered_domain_in(s, l)
    }),
    (Field::HostPrivateSuffix, |s, l| {
        common_crawl::host_private_suffix_in(s, l)
    }),
    (Field::HostPrivateDomain, |s, l| {
        common_crawl::host_private_domain_in(s, l)
    }),
];

/// A caller's list with both sections, a wildcard, an exception and a multi-label private
/// rule.
const CALLER_LIST: &str = "com\nuk\nco.uk\n*.kobe.jp\n!city.kobe.jp\njp\n\
    // ===BEGIN PRIVATE DOMAINS===\nexample.com\nblogspot.com\ns3.amazonaws.com\n\
    *.private.test\n// ===END PRIVATE DOMAINS===\n";

const HOSTS: &[&str] = &[
    "example.com",
    "WWW.Example.COM.",
    "www.bbc.co.uk",
    "bbc.co.uk",
    "co.uk",
    "uk",
    "myblog.blogspot.com",
    "blogspot.com",
    "x.y.mypublicbucket.s3.amazonaws.com",
    "s3.amazonaws.com",
    "a.b.c.d.e.f.example.org",
    "host1.sub2.subdomain.example.com",
    "city.kawasaki.jp",
    "a.b.kobe.jp",
    "city.kobe.jp",
    "x.city.kobe.jp",
    "a.private.test",
    "b.a.private.test",
    "example.invalid",
    "localhost",
    "a..com",
    ".example.com",
    "example.com..",
    "..",
    "1.2.3.4",
    "0x7f.1",
    "3279880203",
    "[::1]",
    "[2001:db8:0:0::1]",
    "xn--exmple-qua.com",
    "bücher.de",
    "faß.de",
    "пример.рф",
    "exa%20mple.com",
    "EXA%41MPLE.com",
    "user:pw@h.example.com:8080",
    "",
];

const SCHEMES: &[&str] = &["http://", "https://", "foo://", "file://", "ws://", "dns:"];

const NOT_URLS: &[&str] = &[
    "not a url",
    "http://exa mple.com/",
    "http://[::1/",
    "http://1.2.3.256/",
    "https://",
    "",
    "//example.com/",
];

/// The URLs built from [`HOSTS`] and [`NOT_URLS`].
fn built_in() -> Vec<String> {
    let mut out = Vec::new();
    for scheme in SCHEMES {
        for host in HOSTS {
            out.push(format!("{scheme}{host}/a/b?q=1#f"));
        }
    }
    out.extend(NOT_URLS.iter().map(|s| (*s).to_owned()));
    out
}

/// Every line of the four corpora (none when they are absent).
fn corpora() -> Vec<String> {
    if let Some(dir) = common::datasets() {
        common::corpus_lines(&dir)
    } else {
        println!("common_crawl one field at a time: no corpora, the built-in URLs only");
        Vec::new()
    }
}

/// One corpus line in this many is checked thoroughly (see [`check`]).
const SAMPLE: usize = 20;

/// Where one input's one-field results differ from `fields_in`'s: `field_in`'s, and when
/// `thorough` the named functions' and `field_in`'s on the parsed [`Url`] too (the built-in
/// URLs and one corpus line in [`SAMPLE`], to keep the corpora's run short).
fn check(input: &str, list: &List, caller: bool, thorough: bool) -> Vec<String> {
    let mut wrong = Vec::new();
    let all = common_crawl::fields_in(input, list);
    let mut compare = |how: &str, field: Field, got: Result<Option<String>, NotAUrl>| {
        let want = all.as_ref().map(|f| f.field(field).map(str::to_owned));
        if got != want.clone().map_err(|e| *e) {
            wrong.push(format!(
                "{input:?} {} {how}: {got:?}, fields_in: {want:?}",
                field.name()
            ));
        }
    };
    for field in Field::ALL {
        compare(
            "field_in",
            field,
            common_crawl::field_in(input, list, field),
        );
    }
    if !thorough {
        return wrong;
    }
    if caller {
        for (field, f) in NAMED_IN {
            compare("named _in", field, f(input, list));
        }
    } else {
        for (field, f) in NAMED {
            compare("named", field, f(input));
        }
    }
    // A parsed URL: the same, by `field_in` on the `Url`.
    if let Ok(url) = Url::parse(input) {
        let all = common_crawl::fields_in(&url, list);
        for field in Field::ALL {
            let got = common_crawl::field_in(&url, list, field);
            let want = all.as_ref().map(|f| f.field(field).map(str::to_owned));
            if got != want.clone().map_err(|e| *e) {
                wrong.push(format!(
                    "{input:?} {} on the Url: {got:?}, fields_in: {want:?}",
                    field.name()
                ));
            }
        }
    }
    wrong
}

#[test]
fn one_field_at_a_time_is_fields() {
    let caller = List::parse(CALLER_LIST).unwrap_or_else(|e| panic!("the caller's list: {e}"));
    let built_in = built_in();
    let corpora = corpora();
    let inputs = built_in.iter().map(|s| (s, true));
    let sample = corpora
        .iter()
        .enumerate()
        .map(|(i, s)| (s, i % SAMPLE == 0));
    let inputs: Vec<_> = inputs.chain(sample).collect();
    let (mut passed, mut failed) = (0, Vec::new());
    for &(input, thorough) in &inputs {
        let mut wrong = check(input, List::compiled(), false, thorough);
        wrong.extend(check(input, &caller, true, thorough));
        if wrong.is_empty() {
            passed += 1;
        } else {
            failed.extend(wrong);
        }
    }
    println!(
        "common_crawl one field at a time: {passed} passed, {} failed",
        inputs.len() - passed
    );
    for w in failed.iter().take(20) {
        println!("  {w}");
    }
    assert!(failed.is_empty(), "{} differences", failed.len());
}

#[test]
fn no_url_no_surtkey() {
    // `surt` keys these strings; Common Crawl's field does not, as they are not URLs.
    for input in NOT_URLS {
        assert!(
            matches!(common_crawl::fields(*input), Err(NotAUrl { .. })),
            "{input:?}"
        );
        for field in Field::ALL {
            let got = common_crawl::field_in(*input, List::compiled(), field);
            assert!(
                matches!(got, Err(NotAUrl { .. })),
                "{input:?} {}",
                field.name()
            );
        }
    }
    assert!(weburl_canon::surt::surt("http://exa mple.com/").is_ok());
}
