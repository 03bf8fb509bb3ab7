use super::*;

/// The quoted arguments of an example's call, such as `domain('http://a/')`.
fn arguments(call: &str) -> Vec<&str> {
    call.split('\'').skip(1).step_by(2).collect()
}

#[test]
fn every_documented_example_gives_its_result() {
    let mut failed = Vec::new();
    for f in functions() {
        let args = arguments(f.example.call);
        let got = f.call(&args);
        let text = match &got {
            Ok(v) => Value::sql_text(v.as_ref()),
            Err(e) => format!("error: {e}"),
        };
        if text != f.example.result {
            failed.push(format!(
                "{}: {text} != {}",
                f.example.call, f.example.result
            ));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn names_are_unique_and_every_dialect_has_functions() {
    let mut names: Vec<&str> = functions().map(|f| f.name).collect();
    let n = names.len();
    names.sort_by_key(|n| n.to_ascii_lowercase());
    names.dedup_by_key(|n| n.to_ascii_lowercase());
    assert_eq!(names.len(), n);
    for d in Dialect::ALL {
        assert!(d.functions().count() > 0, "{d}");
        assert_eq!(d.name().parse::<Dialect>(), Ok(d));
    }
    assert_eq!(Dialect::ClickHouse.functions().count(), 26);
    assert_eq!(Dialect::Trino.functions().count(), 9);
}

#[test]
fn differences_documented() {
    let f = |name: &str, args: &[&str]| {
        Value::sql_text(
            function(name)
                .and_then(|f| f.call(args).ok().flatten())
                .as_ref(),
        )
    };
    assert_eq!(
        f("domain", &["https://Bücher.example/"]),
        "'xn--bcher-kva.example'"
    );
    assert_eq!(f("domain", &["http://0x7f.1/"]), "'127.0.0.1'");
    assert_eq!(f("domain", &["svn-hosting.com"]), "NULL");
    assert_eq!(
        f("firstSignificantSubdomain", &["https://a.b.github.io/"]),
        "'b'"
    );
    assert_eq!(
        f(
            "cutToFirstSignificantSubdomain",
            &["https://a.b.github.io/"]
        ),
        "'b.github.io'"
    );
    assert_eq!(f("port", &["http://a:80/"]), "0");
    assert_eq!(f("url_extract_port", &["http://a:80/"]), "NULL");
    assert_eq!(f("path", &["http://a/a/./b/../c"]), "'/a/c'");
    assert_eq!(f("queryString", &["http://a/"]), "NULL");
    assert_eq!(
        f("extractURLParameter", &["http://a/?q=a+b%21", "q"]),
        "'a b!'"
    );
    assert_eq!(f("net_host", &["www.Example.Co.UK"]), "'www.example.co.uk'");
    assert_eq!(
        f("net_reg_domain", &["https://a.github.io/"]),
        "'github.io'"
    );
    assert_eq!(
        f("net_public_suffix", &["http://a.unknowntld/"]),
        "'unknowntld'"
    );
    assert_eq!(f("topLevelDomain", &["http://127.0.0.1/"]), "NULL");
    assert_eq!(f("URLHierarchy", &["mailto:a@b"]), "NULL");
    assert_eq!(f("cutURLParameter", &["http://a/?a=1", "a"]), "'http://a/'");
    assert_eq!(
        f("parse_url", &["http://u:p@a:81/x?y#z", "AUTHORITY"]),
        "'u:p@a:81'"
    );
    assert_eq!(
        f("parse_url", &["http://u:p@a:81/x?y#z", "USERINFO"]),
        "'u:p'"
    );
    assert_eq!(f("parse_url", &["http://a/x?y=1", "FILE"]), "'/x?y=1'");
    assert_eq!(f("parse_url", &["http://a/x", "NOPE"]), "NULL");
    assert!(function("parse_url").is_some_and(|p| p.call(&["not a url", "HOST"]).is_err()));
    assert_eq!(f("try_parse_url", &["not a url", "HOST"]), "NULL");
}
