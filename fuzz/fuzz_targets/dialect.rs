//! The dialect functions (weburl-functions' `dialect`: ClickHouse, Trino, BigQuery, Spark
//! names) on any strings:
//! - no function panics, with its minimum or its full number of arguments;
//! - a function that returns a URL (`cutWWW`, `cutQueryString`, ...) returns one that parses
//!   to itself;
//! - Spark's `parse_url` fails exactly when `try_parse_url` gives NULL for an invalid URL.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl_functions::dialect::{self, Value};

fuzz_target!(|input: (String, String, String)| {
    let (a, b, c) = input;
    let all = [a.as_str(), b.as_str(), c.as_str()];
    for f in dialect::functions() {
        for n in [f.min_arguments(), f.arguments.len()] {
            let args = &all[..n];
            let result = f.call(args);
            if f.name.starts_with("cut") && f.name != "cutToFirstSignificantSubdomain" {
                if let Ok(Some(Value::Str(url))) = &result {
                    if f.name.starts_with("cutToFirst") {
                        continue;
                    }
                    let reparsed = weburl::Url::parse(url).expect("a cut URL parses");
                    assert_eq!(reparsed.href(), url, "{}", f.name);
                }
            }
            if f.name == "parse_url" {
                let invalid = weburl::Url::parse(args[0]).is_err();
                assert_eq!(result.is_err(), invalid, "parse_url({:?})", args);
            }
        }
    }
});
