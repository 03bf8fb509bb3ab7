//! Unit tests: names, parsing of names, NULL cases and the documentation table.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::HashSet;

use crate::{catalogue, Bases, Component, EncodeSet};

#[test]
fn component_names_round_trip() {
    for c in Component::ALL {
        assert_eq!(c.name().parse::<Component>(), Ok(c));
        assert_eq!(c.function_name().parse::<Component>(), Ok(c));
        assert_eq!(c.name().to_ascii_uppercase().parse::<Component>(), Ok(c));
        assert_eq!(c.function_name(), format!("url_{}", c.name()));
        assert_eq!(c.to_string(), c.name());
        assert_eq!(c.doc().name, c.function_name());
    }
    let names: HashSet<_> = Component::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names.len(), Component::ALL.len());
}

#[test]
fn unknown_component_lists_the_names() {
    let err = "hostnam".parse::<Component>().unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("unknown URL component 'hostnam'; expected one of 'href', "));
    assert!(text.ends_with("'registrable_domain'"));
    assert!("".parse::<Component>().is_err());
    assert!("url_".parse::<Component>().is_err());
    assert!("ur".parse::<Component>().is_err());
    // A multi-byte character where the prefix would end is no panic.
    assert!("urlé".parse::<Component>().is_err());
}

#[test]
fn only_ports_are_integers() {
    for c in Component::ALL {
        let url = crate::parse("http://example.com:8080/").unwrap();
        let mut scratch = String::new();
        if c.is_integer() {
            assert_eq!(c.integer(&url), Some(8080));
            assert_eq!(c.string(&url, &mut scratch), None);
        } else {
            assert_eq!(c.integer(&url), None);
            assert!(c.string(&url, &mut scratch).is_some(), "{c}");
        }
    }
}

#[test]
fn absent_components_are_none() {
    let s = |c: Component, input: &str| c.string_of(input);
    assert_eq!(s(Component::Hostname, "not a url"), None);
    assert_eq!(s(Component::HostKind, "mailto:a@example.com"), None);
    assert_eq!(
        s(Component::HostKind, "file:///x").as_deref(),
        Some("empty")
    );
    assert_eq!(
        s(Component::HostKind, "foo://h/").as_deref(),
        Some("opaque")
    );
    assert_eq!(
        s(Component::HostKind, "http://[::1]/").as_deref(),
        Some("ipv6")
    );
    assert_eq!(s(Component::PublicSuffix, "http://127.0.0.1/"), None);
    assert_eq!(s(Component::RegistrableDomain, "http://co.uk/"), None);
    assert_eq!(s(Component::Origin, "data:,x").as_deref(), Some("null"));
    assert_eq!(Component::Port.integer_of("https://a.example:443/"), None);
    assert_eq!(
        Component::PortOrDefault.integer_of("https://a.example/"),
        Some(443)
    );
    assert_eq!(
        Component::PortOrDefault.integer_of("foo://a.example/"),
        None
    );
}

#[test]
fn query_and_path() {
    assert_eq!(
        crate::query_param_of("https://e.example/?a=1&a=2", "a").as_deref(),
        Some("1")
    );
    assert_eq!(crate::query_param_of("https://e.example/?a=1", "b"), None);
    assert_eq!(crate::query_param_of("nope", "a"), None);
    assert_eq!(
        crate::query_params_of("https://e.example/?a=1&b=x+y%21&=&c"),
        Some(vec![
            ("a".into(), "1".into()),
            ("b".into(), "x y!".into()),
            ("".into(), "".into()),
            ("c".into(), "".into()),
        ])
    );
    assert_eq!(crate::query_params_of("https://e.example/"), Some(vec![]));
    assert_eq!(crate::query_params_of("nope"), None);
    assert_eq!(
        crate::path_segments_of("https://e.example/"),
        Some(vec![String::new()])
    );
    assert_eq!(crate::path_segments_of("foo://h"), Some(vec![]));
    assert_eq!(crate::path_segments_of("mailto:x"), None);
    assert_eq!(crate::path_segments_of("nope"), None);
}

#[test]
fn bases_are_parsed_once_per_run() {
    let mut bases = Bases::new();
    let a = bases.parse("x", Some("https://a.example/d/")).unwrap();
    assert_eq!(a.href(), "https://a.example/d/x");
    let b = bases.parse("y", Some("https://a.example/d/")).unwrap();
    assert_eq!(b.href(), "https://a.example/d/y");
    let c = bases.parse("y", Some("https://b.example/")).unwrap();
    assert_eq!(c.href(), "https://b.example/y");
    // A failing base gives its own error.
    assert_eq!(
        bases
            .parse("https://ok.example/", Some("nope"))
            .unwrap_err()
            .name(),
        "missing-scheme-non-relative-URL"
    );
    assert_eq!(
        crate::error("y", Some("nope")),
        Some("missing-scheme-non-relative-URL")
    );
    assert!(!crate::is_valid("https://ok.example/", Some("nope")));
    assert!(crate::join("nope", "https://ok.example/").is_none());
    assert!(crate::is_valid("/x", Some("https://a.example/")));
    assert!(!crate::is_valid("/x", None));
}

#[test]
fn encode_sets() {
    for set in EncodeSet::ALL {
        assert_eq!(set.name().parse::<EncodeSet>(), Ok(set));
        assert_eq!(
            set.name().to_ascii_uppercase().parse::<EncodeSet>(),
            Ok(set)
        );
        // Space is in every set but the C0 control percent-encode set. weburl-percent gives
        // '+' with the form set (its spaceAsPlus); url_percent_encode's description says
        // '%20': reported, not changed here.
        let space = match set {
            EncodeSet::C0Control => " ",
            EncodeSet::FormUrlencoded => "+",
            _ => "%20",
        };
        assert_eq!(crate::percent_encode(" ", set), space);
    }
    assert_eq!(EncodeSet::default(), EncodeSet::Component);
    let err = "paths".parse::<EncodeSet>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown percent-encode set 'paths'; expected one of 'c0-control', 'fragment', \
         'query', 'special-query', 'path', 'userinfo', 'component', \
         'application/x-www-form-urlencoded'"
    );
    assert_eq!(crate::percent_decode("%E2%82%AC%FF+%"), "€\u{FFFD}+%");
    assert_eq!(crate::percent_encode("é/?", EncodeSet::Path), "%C3%A9/%3F");
}

#[test]
fn documentation_table() {
    let all: Vec<_> = catalogue::own().collect();
    assert_eq!(all.len(), 29 + 12);
    let names: HashSet<_> = all.iter().map(|f| f.name).collect();
    assert_eq!(names.len(), all.len(), "duplicate names");
    for f in &all {
        assert!(f.name.starts_with("url_"), "{}", f.name);
        assert!(f.dialect.is_none(), "{}", f.name);
        assert!(
            f.example.call.starts_with(&format!("{}(", f.name)),
            "{}",
            f.name
        );
        assert!(!f.description.is_empty() && !f.arguments.is_empty());
        assert!(f.arguments.iter().all(|a| !a.description.is_empty()));
        if let Some(related) = f.related {
            assert!(names.contains(related), "{related}");
        }
    }
    for (c, f) in Component::ALL.iter().zip(&all) {
        assert_eq!(c.function_name(), f.name);
        assert_eq!(c.doc().name, f.name);
    }
    assert!(catalogue::function("url_nope").is_none());
}

/// The component examples of the documentation hold (the others are checked through SQL by
/// the DataFusion crate's tests).
#[test]
fn component_examples_hold() {
    for c in Component::ALL {
        let example = c.doc().example;
        let arg = example
            .call
            .strip_prefix(&format!("{}('", c.function_name()))
            .and_then(|s| s.strip_suffix("')"))
            .unwrap();
        let actual = if c.is_integer() {
            c.integer_of(arg).map(|p| p.to_string())
        } else {
            c.string_of(arg).map(|s| format!("'{s}'"))
        };
        assert_eq!(
            actual.as_deref(),
            Some(example.result),
            "{}",
            c.function_name()
        );
    }
}
