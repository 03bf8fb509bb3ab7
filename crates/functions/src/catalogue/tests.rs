//! The catalogue's own checks: every record's example gives its result here (each engine's
//! catalogue test then checks that the engine gives it too), names are unique, optional
//! arguments come last.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use super::*;

#[test]
fn every_example_gives_its_result() {
    let mut failed = Vec::new();
    let mut passed = 0;
    for f in functions() {
        let got = f.example_result();
        if got == f.example.result {
            passed += 1;
        } else {
            failed.push(format!("{}: {got} != {}", f.example.call, f.example.result));
        }
    }
    println!(
        "catalogue examples: {passed} passed, {} failed",
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn names_unique_and_optional_arguments_last() {
    let mut names: Vec<String> = functions().map(|f| f.name.to_ascii_lowercase()).collect();
    let n = names.len();
    assert_eq!(n, 29 + 12 + 40);
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n, "two functions of one name");
    for f in functions() {
        assert!(f.max_arguments() <= MAX_ARGUMENTS, "{}", f.name);
        assert!(f.min_arguments() >= 1, "{}", f.name);
        let first_optional = f.arguments.iter().position(|a| a.optional);
        if let Some(i) = first_optional {
            assert!(f.arguments[i..].iter().all(|a| a.optional), "{}", f.name);
        }
        assert_eq!(function(f.name).map(|g| g.name), Some(f.name));
        assert!(f.syntax().starts_with(&format!("{}(", f.name)));
        assert_eq!(f.dialect.is_some(), !f.differences.is_empty(), "{}", f.name);
    }
}

#[test]
fn syntax_and_null_rule() {
    let f = function("url_percent_encode").unwrap();
    assert_eq!(f.syntax(), "url_percent_encode(str [, set])");
    assert_eq!(
        function("parse_url").unwrap().syntax(),
        "parse_url(url, part [, key])"
    );
    let mut row = Evaluator::new(f);
    assert_eq!(row.eval(&[Some("a b"), None]).unwrap(), Datum::Null);
    assert_eq!(row.eval(&[None]).unwrap(), Datum::Null);
    assert_eq!(row.eval(&[Some("a b")]).unwrap(), Datum::Str("a%20b"));
    assert!(row.eval(&[Some("a"), Some("nope")]).is_err());
    assert!(row.eval(&[]).is_err());
    let mut row = Evaluator::new(function("url_is_valid").unwrap());
    assert_eq!(row.eval(&[Some("/a"), None]).unwrap(), Datum::Null);
    assert_eq!(row.eval(&[Some("/a")]).unwrap(), Datum::Bool(false));
    assert_eq!(
        row.eval(&[Some("/a"), Some("https://b/")]).unwrap(),
        Datum::Bool(true)
    );
    let mut row = Evaluator::new(function("url_error").unwrap());
    assert_eq!(
        row.eval(&[Some("/a"), Some("nope")]).unwrap(),
        Datum::Str("missing-scheme-non-relative-URL")
    );
    let mut row = Evaluator::new(function("url_join").unwrap());
    assert_eq!(
        row.eval(&[Some("https://a.example/x/"), Some("y")])
            .unwrap(),
        Datum::Str("https://a.example/x/y")
    );
    assert_eq!(row.eval(&[None, Some("y")]).unwrap(), Datum::Null);
}

#[test]
fn canonical_keys_are_null_where_the_rule_set_has_none() {
    let mut row = Evaluator::new(function("url_surt").unwrap());
    assert_eq!(row.eval(&[Some("   ")]).unwrap(), Datum::Null);
    assert_eq!(
        row.eval(&[Some("http://a.example:99999/")]).unwrap(),
        Datum::Null
    );
    assert_eq!(
        row.eval(&[Some("https://www2.Example.com:443/A?b&a")])
            .unwrap(),
        Datum::Str("com,example)/a?a&b")
    );
    let mut row = Evaluator::new(function("url_ssurt").unwrap());
    assert_eq!(row.eval(&[Some("/relative")]).unwrap(), Datum::Null);
    assert_eq!(
        row.eval(&[Some("https://example.com/")]).unwrap(),
        Datum::Str("com,example,//:https/")
    );
    let mut row = Evaluator::new(function("url_safe_browsing").unwrap());
    assert_eq!(
        row.eval(&[Some("mailto:a@example.com")]).unwrap(),
        Datum::Null
    );
    assert_eq!(
        row.eval(&[Some("www.google.com")]).unwrap(),
        Datum::Str("http://www.google.com/")
    );
    let mut row = Evaluator::new(function("url_safe_browsing_expressions").unwrap());
    assert_eq!(row.eval(&[Some("http:///path")]).unwrap(), Datum::Null);
    let Datum::List(items) = row.eval(&[Some("http://1.2.3.4/a")]).unwrap() else {
        panic!("not a list");
    };
    assert_eq!(items.iter().collect::<Vec<_>>(), ["1.2.3.4/a", "1.2.3.4/"]);
}

#[test]
fn example_arguments_read_sql_literals() {
    assert_eq!(
        example_arguments("f('a', 'it''s')['x']"),
        Some((
            vec!["a".to_owned(), "it's".to_owned()],
            Some("x".to_owned())
        ))
    );
    assert_eq!(example_arguments("f('a') + 1"), None);
}

#[test]
fn common_crawl_fields_take_a_callers_list() {
    let list = "com\n// ===BEGIN PRIVATE DOMAINS===\nexample.com\n// ===END PRIVATE DOMAINS===\n";
    let url = "http://a.b.example.com/";
    let mut row = Evaluator::new(function("url_host_private_domain").unwrap());
    assert_eq!(row.eval(&[Some(url)]).unwrap(), Datum::Str("example.com"));
    assert_eq!(
        row.eval(&[Some(url), Some(list)]).unwrap(),
        Datum::Str("b.example.com")
    );
    // The list of the previous row is kept; another text is parsed.
    assert_eq!(
        row.eval(&[Some("http://x.example.com/"), Some(list)])
            .unwrap(),
        Datum::Str("x.example.com")
    );
    assert_eq!(row.eval(&[Some(url), Some("org\n")]).unwrap(), Datum::Null);
    assert_eq!(row.eval(&[Some(url), None]).unwrap(), Datum::Null);
    assert!(row.eval(&[Some(url), Some("*.*.com\n")]).is_err());
    // A text that is no list leaves the last list read as it was.
    assert_eq!(
        row.eval(&[Some(url), Some(list)]).unwrap(),
        Datum::Str("b.example.com")
    );
    let mut row = Evaluator::new(function("url_host_registered_domain").unwrap());
    assert_eq!(
        row.eval(&[Some(url), Some(list)]).unwrap(),
        Datum::Str("example.com")
    );
    let mut row = Evaluator::new(function("url_host_tld").unwrap());
    assert_eq!(row.eval(&[Some("http://127.0.0.1/")]).unwrap(), Datum::Null);
    assert!(
        row.eval(&[Some(url), Some(list)]).is_err(),
        "no psl argument"
    );
    let mut row = Evaluator::new(function("url_surtkey").unwrap());
    assert_eq!(
        row.eval(&[Some("http://www.example.com/")]).unwrap(),
        Datum::Str("com,example)/")
    );
    // Not a URL: no Common Crawl field, its SURT key included; url_surt keys it.
    assert_eq!(
        row.eval(&[Some("http://exa mple.com/")]).unwrap(),
        Datum::Null
    );
    let mut row = Evaluator::new(function("url_surt").unwrap());
    assert_eq!(
        row.eval(&[Some("http://exa mple.com/")]).unwrap(),
        Datum::Str("com,exa%20mple)/")
    );
}

#[test]
fn strip_tracking_takes_the_builtin_list_or_callers_rules() {
    let mut row = Evaluator::new(function("url_strip_tracking").unwrap());
    let url = "https://shop.example/p?ref=a&utm_source=x&q=1";
    assert_eq!(
        row.eval(&[Some(url)]).unwrap(),
        Datum::Str("https://shop.example/p?ref=a&q=1")
    );
    assert_eq!(row.eval(&[Some("not a url")]).unwrap(), Datum::Null);
    let rules = r#"{"providers": {"shop": {"urlPattern": "shop\\.example", "rules": ["ref"]},
        "ads": {"urlPattern": "^https://ads\\.example/", "completeProvider": true}}}"#;
    assert_eq!(
        row.eval(&[Some(url), Some(rules)]).unwrap(),
        Datum::Str("https://shop.example/p?utm_source=x&q=1")
    );
    // The rules of the previous row are kept; a blocked URL is NULL.
    assert_eq!(
        row.eval(&[Some("https://ads.example/x"), Some(rules)])
            .unwrap(),
        Datum::Null
    );
    assert_eq!(row.eval(&[Some(url), None]).unwrap(), Datum::Null);
    assert!(row.eval(&[Some(url), Some("{")]).is_err());
    assert!(row.eval(&[Some(url), Some("{}")]).is_err());
    // An equal text in another buffer gives the same result. (Whether its rules are compiled
    // again, LastText's equal-text check in row.rs, is not observable from here: this checks
    // the result only.)
    let copy = rules.to_owned();
    assert_eq!(
        row.eval(&[Some(url), Some(&copy)]).unwrap(),
        Datum::Str("https://shop.example/p?utm_source=x&q=1")
    );
}
