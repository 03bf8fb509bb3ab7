//! The public API beyond WPT: the regular expression translation (v-flag set notation, named
//! errors for what the linear-time engine cannot run), exec's groups, test_url's
//! allocation budget, and the components by name.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use weburl::Url;
use weburl_alloc_count::{count, Counting};
use weburl_pattern::{
    ComponentName, Components, Error, UrlPattern, UrlPatternInit, UrlPatternOptions,
};

#[global_allocator]
static ALLOC: Counting = Counting;

fn path(p: &str) -> Result<UrlPattern, Error> {
    let init = UrlPatternInit {
        pathname: Some(p.to_owned()),
        ..Default::default()
    };
    UrlPattern::new(&init, None, UrlPatternOptions::default())
}

fn matches(p: &UrlPattern, pathname: &str) -> bool {
    let init = UrlPatternInit {
        pathname: Some(pathname.to_owned()),
        ..Default::default()
    };
    p.test(&init, None).unwrap()
}

#[test]
fn v_flag_set_notation() {
    let p = path("/:x([\\p{L}--[a-z]]+)").unwrap();
    assert!(matches(&p, "/ABC"));
    // The input is canonicalized first: É becomes %C3%89, which is not a letter.
    assert!(!matches(&p, "/\u{C9}"));
    assert!(!matches(&p, "/abc"));
    let p = path("/:x([\\w&&[^\\d]]+)").unwrap();
    assert!(matches(&p, "/abc_"));
    assert!(!matches(&p, "/a1"));
    let p = path("/:x([[a-z]--[aeiou]]+)").unwrap();
    assert!(matches(&p, "/xyz"));
    assert!(!matches(&p, "/xaz"));
    let p = path("/:x([\\q{a|b}c])").unwrap();
    assert!(matches(&p, "/b"));
}

#[test]
fn what_the_engine_cannot_run_is_a_named_error() {
    for (pattern, what) in [
        ("/(a(?=b))", "look-ahead"),
        ("/(a(?!b))", "look-ahead"),
        ("/(a(?<=b))", "look-behind"),
        ("/(a(?<!b))", "look-behind"),
        ("/((?<n>a)\\k<n>)", "backreference"),
        ("/((?:a)\\1)", "backreference"),
        ("/([\\q{ab}])", "class string disjunction"),
    ] {
        let err = path(pattern).unwrap_err();
        assert_eq!(err, Error::UnsupportedRegExp(what), "{pattern}");
        assert_eq!(err.name(), "unsupported-regexp");
    }
}

#[test]
fn modifier_groups() {
    let p = path("/:x((?i:ab)c)").unwrap();
    assert!(matches(&p, "/ABc"));
    assert!(!matches(&p, "/ABC"));
    let p = path("/:x((?s:.)+)").unwrap();
    assert!(matches(&p, "/abc"));
    assert_eq!(
        path("/:x((?m:a))").unwrap_err().name(),
        "unsupported-regexp"
    );
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    for n in [10_000, 1_000_000] {
        let p = format!("/({}a{})", "(?:".repeat(n), ")".repeat(n));
        assert_eq!(path(&p).unwrap_err().name(), "unsupported-regexp");
        let p = format!("/({}a{})", "[".repeat(n), "]".repeat(n));
        assert!(path(&p).is_err());
    }
    assert!(path(&format!("/({}a{})", "(?:".repeat(100), ")".repeat(100))).is_ok());
}

#[test]
fn invalid_ecmascript_is_invalid_regexp() {
    for pattern in [
        "/(a{)",
        "/(a]b)",
        "/(*a)",
        "/(a{2,1})",
        "/(\\q)",
        "/([a&&&b])",
        "/([a--])",
    ] {
        let err = path(pattern).unwrap_err();
        assert_eq!(err.name(), "invalid-regexp", "{pattern}: {err}");
    }
}

#[test]
fn ecmascript_classes_not_unicode_ones() {
    // \d is [0-9] in ECMAScript, not every Unicode digit.
    let p = UrlPattern::new(
        &UrlPatternInit {
            hash: Some(":d(\\d+)".to_owned()),
            ..Default::default()
        },
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    assert!(p.test("https://e.com/#123", None).unwrap());
    assert!(!p.test("https://e.com/#\u{0663}", None).unwrap());
}

#[test]
fn exec_groups_and_unmatched_optional_groups() {
    let p = UrlPattern::parse("https://example.com/:a/:b?", None).unwrap();
    let r = p.exec("https://example.com/x", None).unwrap().unwrap();
    assert_eq!(
        r.pathname.groups,
        vec![
            ("a".to_owned(), Some("x".to_owned())),
            ("b".to_owned(), None)
        ]
    );
    let r = p.exec("https://example.com/x/y", None).unwrap().unwrap();
    assert_eq!(r.pathname.get("b"), Some("y"));
    assert!(p.exec("https://example.com/x/y/z", None).unwrap().is_none());
}

#[test]
fn ignore_case() {
    let options = UrlPatternOptions { ignore_case: true };
    let p = UrlPattern::new("https://example.com/Foo/:id", None, options).unwrap();
    assert!(p.test("https://example.com/fOO/1", None).unwrap());
    let p = UrlPattern::parse("https://example.com/Foo/:id", None).unwrap();
    assert!(!p.test("https://example.com/fOO/1", None).unwrap());
}

#[test]
fn constructor_errors_are_named() {
    let cases: [(&str, Option<&str>, &str); 4] = [
        ("/no/protocol", None, "relative-without-base"),
        ("https://example.com/:a/:a", None, "duplicate-name"),
        ("https://example.com/{a", None, "unexpected-token"),
        ("/x", Some("not a url"), "invalid-base-url"),
    ];
    for (pattern, base, name) in cases {
        let err = UrlPattern::parse(pattern, base).unwrap_err();
        assert_eq!(err.name(), name, "{pattern}: {err}");
    }
    let init = UrlPatternInit::default();
    let err = UrlPattern::new(&init, Some("https://e.com/"), UrlPatternOptions::default());
    assert_eq!(err.unwrap_err(), Error::BaseUrlWithInit);
}

#[test]
fn test_url_allocates_nothing() {
    let patterns = [
        "https://example.com/users/:id",
        "https://*.example.com/*",
        "http{s}?://example.com/api/:version(v\\d+)/:rest*",
        "https://example.com/files/*.:ext(png|jpg)",
    ];
    let url = Url::parse("https://example.com/api/v2/users/42").unwrap();
    for p in patterns {
        let p = UrlPattern::parse(p, None).unwrap();
        let first = p.test_url(&url); // warms the regex cache of this thread
        let (again, allocs) = count(|| p.test_url(&url));
        assert_eq!(first, again);
        assert_eq!(allocs, 0, "{p:?}");
    }
}

#[test]
fn test_agrees_with_exec() {
    let p = UrlPattern::parse("https://example.com/:a+/:b(\\d*)?", None).unwrap();
    for input in [
        "https://example.com/x",
        "https://example.com/x/y/12",
        "https://example.com/",
        "not a url",
    ] {
        assert_eq!(
            p.test(input, None).unwrap(),
            p.exec(input, None).unwrap().is_some(),
            "{input}"
        );
    }
}

/// The fuzz target's invariants over every string of the WPT cases, each as a pattern string
/// (against a base) and as a pathname pattern, on a few inputs: no panic, named errors,
/// `test` == `exec().is_some()` == `test_url`.
#[test]
fn fuzz_invariants_on_wpt_strings() {
    fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| strings(x, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    strings(&weburl_wpt::load("urlpatterntestdata.json"), &mut all);
    let inputs = [
        "https://example.com/a/b?c=d#e",
        "http://sub.example.org:8080/x/y.html",
    ];
    for s in &all {
        let init = UrlPatternInit {
            pathname: Some(s.clone()),
            ..Default::default()
        };
        for built in [
            UrlPattern::parse(s, Some("https://example.com/a/b")),
            UrlPattern::new(&init, None, UrlPatternOptions { ignore_case: true }),
        ] {
            let p = match built {
                Ok(p) => p,
                Err(e) => {
                    assert!(e.to_string().starts_with("invalid URL pattern: "));
                    continue;
                }
            };
            for input in inputs.iter().copied().chain([s.as_str()]) {
                let t = p.test(input, None).unwrap();
                assert_eq!(t, p.exec(input, None).unwrap().is_some(), "{s:?} {input:?}");
                if let Ok(url) = Url::parse(input) {
                    assert_eq!(p.test_url(&url), t, "{s:?} {input:?}");
                }
            }
        }
    }
}

/// WPT's urlpattern-hasregexpgroups.any.js cases.
#[test]
fn has_regexp_groups() {
    let no = [
        "https://example.com/*",
        "https://example.com/:foo",
        "https://example.com/(.*)",
        "https://example.com/:foo(.*)",
        "https://example.com/([^\\/]+?)",
        "https://*.example.com/",
    ];
    for p in no {
        assert!(
            !UrlPattern::parse(p, None).unwrap().has_regexp_groups(),
            "{p}"
        );
    }
    let yes = [
        "https://example.com/(\\d+)",
        "https://example.com/:id(\\d+)",
        "https://(a|b).example.com/",
        "http{s}?://example.com:(8\\d+)/",
    ];
    for p in yes {
        assert!(
            UrlPattern::parse(p, None).unwrap().has_regexp_groups(),
            "{p}"
        );
    }
}

#[test]
fn patterns_are_shared_across_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<UrlPattern>();
    let p = std::sync::Arc::new(UrlPattern::parse("https://example.com/:id", None).unwrap());
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let p = p.clone();
            std::thread::spawn(move || p.test(format!("https://example.com/{i}").as_str(), None))
        })
        .collect();
    for h in handles {
        assert!(h.join().unwrap().unwrap());
    }
}

#[test]
fn components_by_name_in_the_standards_order() {
    let names: Vec<_> = Components::from_fn(|n| n).iter().map(|(n, _)| n).collect();
    assert_eq!(names, ComponentName::ALL);
    for name in ComponentName::ALL {
        assert_eq!(ComponentName::from_name(name.name()), Some(name));
    }
    assert_eq!(ComponentName::from_name("baseURL"), None);

    // A URLPatternInit by name, as the standard's init["search"].
    let mut init = UrlPatternInit::default();
    for name in ComponentName::ALL {
        init[name] = Some(format!("{}-x", name.name()));
    }
    assert_eq!(init.search.as_deref(), Some("search-x"));
    assert_eq!(init.protocol.as_deref(), Some("protocol-x"));

    // A result by name and by member; the pattern strings by name and by getter.
    let p = UrlPattern::parse("https://:sub.example.com/books/:id/?q=:q", None).unwrap();
    let r = p
        .exec("https://shop.example.com/books/42/?q=dune#top", None)
        .unwrap()
        .unwrap();
    for name in ComponentName::ALL {
        assert_eq!(&r[name], r.component(name));
    }
    assert_eq!(r[ComponentName::Hostname].get("sub"), Some("shop"));
    assert_eq!(r.pathname.get("id"), Some("42"));
    assert_eq!(r.search.input, "q=dune");
    assert_eq!(r.hash.input, "top");
    let strings = Components::from_fn(|n| p.pattern_string(n));
    assert_eq!(
        [
            strings.protocol,
            strings.hostname,
            strings.pathname,
            strings.search
        ],
        [p.protocol(), p.hostname(), p.pathname(), p.search()]
    );
    assert_eq!(strings.map(str::len).port, 0);
}
