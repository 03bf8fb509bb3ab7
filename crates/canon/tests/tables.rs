//! The rule sets' tables, one data file each in `tests/data/`:
//! - `surt.json`: the `surt` package's documented examples and rules (README, option by
//!   option), each with the key the package (0.3.1) gives, or `null` where it raises (the
//!   `public_suffix` rows: with its tldextract call given a `str`, as `surt_reference.py`);
//! - `safe_browsing.json`: Google's canonicalization table from "URLs and Hashing" (v4) with
//!   the v5 reference's IPv6 examples, the documented expression lists and SHA-256 values;
//! - `ssurt.json`: urlcanon's SSURT test data and this crate's own cases;
//! - `common_crawl.json`: Common Crawl's schema examples and `HostName` test hosts, and this
//!   crate's own cases, by the compiled list and by a caller's list;
//! - `semantic.json`, `aggressive.json`, `match_rules.json`: urlcanon's test data for its
//!   rule sets and match rules, with its departures marked, and this crate's own cases
//!   (`urlcanon_tables/`).
//!
//! Each prints `<file>: N passed, M failed`.

#![allow(clippy::panic, clippy::indexing_slicing)]

use std::process::ExitCode;

use serde_json::Value;
use weburl_canon::{safe_browsing, ssurt, surt};
use weburl_wpt::{check_eq, Runner};

mod urlcanon_tables;

fn load(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn options(v: &Value) -> Result<surt::Options, String> {
    let mut o = surt::Options::default();
    let Some(map) = v.as_object() else {
        return Ok(o);
    };
    for (k, v) in map {
        let b = v
            .as_bool()
            .ok_or_else(|| format!("option {k} is not a bool"))?;
        let field = match k.as_str() {
            "surt" => &mut o.surt,
            "with_scheme" => &mut o.with_scheme,
            "trailing_comma" => &mut o.trailing_comma,
            "reverse_ipaddr" => &mut o.reverse_ipaddr,
            "host_lowercase" => &mut o.host_lowercase,
            "host_massage" => &mut o.host_massage,
            "port_strip_default" => &mut o.port_strip_default,
            "path_strip_empty" => &mut o.path_strip_empty,
            "path_lowercase" => &mut o.path_lowercase,
            "path_strip_session_id" => &mut o.path_strip_session_id,
            "path_strip_trailing_slash_unless_empty" => {
                &mut o.path_strip_trailing_slash_unless_empty
            }
            "query_lowercase" => &mut o.query_lowercase,
            "query_strip_session_id" => &mut o.query_strip_session_id,
            "query_strip_empty" => &mut o.query_strip_empty,
            "query_alpha_reorder" => &mut o.query_alpha_reorder,
            "public_suffix" => &mut o.public_suffix,
            other => return Err(format!("unknown option {other}")),
        };
        *field = b;
    }
    Ok(o)
}

fn result_eq(expected: &Value, actual: Result<String, String>) -> Result<(), String> {
    match (expected.as_str(), actual) {
        (Some(e), Ok(a)) => check_eq("result", e, &a),
        (None, Err(_)) => Ok(()),
        (None, Ok(a)) => Err(format!("expected an error, got {a:?}")),
        (Some(e), Err(why)) => Err(format!("expected {e:?}, got the error {why}")),
    }
}

fn surt_table() -> ExitCode {
    let mut runner = Runner::new("surt.json");
    for case in load("surt.json").as_array().into_iter().flatten() {
        let input = case["input"].as_str().unwrap_or_default();
        let name = format!("{input:?} {}", case["options"]);
        let outcome = options(&case["options"]).and_then(|o| {
            result_eq(
                &case["expected"],
                surt::surt_with(input, &o).map_err(|e| e.to_string()),
            )
        });
        runner.case(name, outcome);
    }
    // The documented choice where surt's parser and the URL Standard disagree: a string is read
    // as surt reads it, a parsed Url by its (URL Standard) serialization.
    let hostile = "http://Example.com\\a\\..\\b?q=1#f";
    let from_url = weburl::Url::parse(hostile)
        .map_err(|e| e.to_string())
        .map(|u| surt::surt(&u));
    runner.case(
        format!("string {hostile:?} read as surt reads it"),
        result_eq(
            &Value::from("\\b,com\\a\\,example)/?q=1"),
            surt::surt(hostile).map_err(|e| e.to_string()),
        ),
    );
    runner.case(
        format!("Url {hostile:?} keyed by its serialization"),
        match from_url {
            Ok(Ok(k)) => check_eq("result", "com,example)/b?q=1", &k),
            other => Err(format!("{other:?}")),
        },
    );
    runner.finish()
}

fn safe_browsing_table() -> ExitCode {
    let data = load("safe_browsing.json");
    let mut runner = Runner::new("safe_browsing.json");
    for case in data["canonicalize"].as_array().into_iter().flatten() {
        let input = case["input"].as_str().unwrap_or_default();
        let got = safe_browsing::canonicalize(input).map_err(|e| e.to_string());
        runner.case(
            format!("canonicalize {input:?}"),
            result_eq(&case["expected"], got),
        );
    }
    for case in data["expressions"].as_array().into_iter().flatten() {
        let input = case["input"].as_str().unwrap_or_default();
        let expected: Vec<&str> = case["expected"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let outcome = match safe_browsing::expressions(input) {
            Ok(got) if got == expected => Ok(()),
            Ok(got) => Err(format!("expected {expected:?}, got {got:?}")),
            Err(e) => Err(format!("error {e}")),
        };
        runner.case(format!("expressions {input:?}"), outcome);
    }
    for case in data["sha256"].as_array().into_iter().flatten() {
        let e = case["expression"].as_str().unwrap_or_default();
        let hex: String = safe_browsing::hash(e)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let expected = case["expected"].as_str().unwrap_or_default();
        runner.case(format!("sha256 {e:?}"), check_eq("hash", expected, &hex));
    }
    // Hashes and prefixes follow the expressions, in order.
    let url = "http://a.b.c/1/2.html?param=1";
    let outcome = match (
        safe_browsing::expressions(url),
        safe_browsing::hashes(url),
        safe_browsing::hash_prefixes(url),
    ) {
        (Ok(e), Ok(h), Ok(p))
            if e.len() == h.len()
                && h.len() == p.len()
                && e.iter().zip(&h).all(|(e, h)| safe_browsing::hash(e) == *h)
                && h.iter().zip(&p).all(|(h, p)| h.starts_with(p)) =>
        {
            Ok(())
        }
        other => Err(format!("{other:?}")),
    };
    runner.case(format!("hashes and prefixes of {url:?}"), outcome);
    runner.finish()
}

fn ssurt_table() -> ExitCode {
    let data = load("ssurt.json");
    let mut runner = Runner::new("ssurt.json");
    let pairs = |key: &str| -> Vec<(String, String)> {
        data[key]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
            .collect()
    };
    for (host, expected) in pairs("ssurtHost") {
        runner.case(
            format!("ssurt_host {host:?}"),
            check_eq("result", &expected, &ssurt::ssurt_host(&host)),
        );
    }
    for (host, expected) in pairs("reverseHost") {
        runner.case(
            format!("reverse_host {host:?}"),
            check_eq("result", &expected, &ssurt::reverse_host(&host)),
        );
    }
    for (url, expected) in pairs("ssurt").into_iter().chain(pairs("ssurt_more")) {
        let got = ssurt::ssurt(url.as_str()).map_err(|e| e.to_string());
        runner.case(
            format!("ssurt {url:?}"),
            result_eq(&Value::from(expected), got),
        );
    }
    runner.case(
        "ssurt of a string that is no URL",
        match ssurt::ssurt("no scheme") {
            Err(weburl_canon::NotAUrl { .. }) => Ok(()),
            other => Err(format!("{other:?}")),
        },
    );
    runner.finish()
}

/// `common_crawl.json`: every case's fields by the compiled list (`expected` names every
/// non-NULL field), each field's own function agreeing with them, then the `caller_list`
/// cases' suffix and domain fields by the list given.
fn common_crawl_table() -> ExitCode {
    use weburl_canon::common_crawl::{self, Field};
    let data = load("common_crawl.json");
    let mut runner = Runner::new("common_crawl.json");
    let compare = |expected: &Value, got: &common_crawl::Fields, fields: &[Field]| {
        fields.iter().try_for_each(|&field| {
            let want = expected[field.name()].as_str();
            match (want, got.field(field)) {
                (Some(w), Some(g)) => check_eq(field.name(), w, g),
                (None, None) => Ok(()),
                (w, g) => Err(format!("{}: expected {w:?}, got {g:?}", field.name())),
            }
        })
    };
    for case in data["cases"].as_array().into_iter().flatten() {
        let input = case["input"].as_str().unwrap_or_default();
        let expected = &case["expected"];
        let outcome = match common_crawl::fields(input) {
            // Not a URL: no field, `url_surtkey` included.
            Err(_) if expected.is_null() => Field::ALL.iter().try_for_each(|&field| {
                let list = weburl::psl::List::compiled();
                match common_crawl::field_in(input, list, field) {
                    Err(weburl_canon::NotAUrl { .. }) => Ok(()),
                    other => Err(format!("{} alone: {other:?}", field.name())),
                }
            }),
            Err(e) => Err(format!("error {e}")),
            Ok(got) if expected.is_null() => Err(format!("expected an error, got {got:?}")),
            Ok(got) => compare(expected, &got, &Field::ALL).and_then(|()| {
                Field::ALL.iter().try_for_each(|&field| {
                    let list = weburl::psl::List::compiled();
                    match common_crawl::field_in(input, list, field) {
                        Ok(one) if one.as_deref() == got.field(field) => Ok(()),
                        other => Err(format!("{} alone: {other:?}", field.name())),
                    }
                })
            }),
        };
        runner.case(format!("fields {input:?}"), outcome);
    }
    let caller = &data["caller_list"];
    let list = weburl::psl::List::parse(caller["list"].as_str().unwrap_or_default())
        .unwrap_or_else(|e| panic!("caller_list: {e}"));
    let psl_fields: Vec<Field> = Field::ALL.into_iter().filter(|f| f.uses_list()).collect();
    for case in caller["cases"].as_array().into_iter().flatten() {
        let input = case["input"].as_str().unwrap_or_default();
        let outcome = match common_crawl::fields_in(input, &list) {
            Ok(got) => compare(&case["expected"], &got, &psl_fields),
            Err(e) => Err(format!("error {e}")),
        };
        runner.case(format!("fields_in the caller's list {input:?}"), outcome);
    }
    runner.finish()
}

fn main() -> ExitCode {
    let a = surt_table();
    let b = safe_browsing_table();
    let c = ssurt_table();
    let d = common_crawl_table();
    let e = urlcanon_tables::rule_set_tables(load);
    let f = urlcanon_tables::match_rules_table(load);
    if [a, b, c, d, e, f].iter().all(|&x| x == ExitCode::SUCCESS) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
