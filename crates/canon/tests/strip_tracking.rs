//! `strip_tracking`'s table, `tests/data/strip_tracking.json` (this crate's own cases): the
//! built-in list, and `tests/data/clearurls-fixture.json` (rules written for this crate in
//! ClearURLs' format, exercising every provider member), with the rules it must leave out;
//! then loading errors and the redirection limit. Prints `strip_tracking.json: N passed, M
//! failed`.

#![allow(clippy::panic, clippy::indexing_slicing)]

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::Value;
use weburl_canon::tracking::{
    builtin, strip_tracking, strip_tracking_with, Error, Options, Rules, RulesError,
    MAX_REDIRECTIONS,
};
use weburl_wpt::{check_eq, Runner};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn options(v: &Value) -> Result<Options, String> {
    let mut o = Options::default();
    for (k, v) in v.as_object().into_iter().flatten() {
        let b = v
            .as_bool()
            .ok_or_else(|| format!("option {k} is not a bool"))?;
        match k.as_str() {
            "referral_marketing" => o.referral_marketing = b,
            "domain_blocking" => o.domain_blocking = b,
            "local_hosts_skipping" => o.local_hosts_skipping = b,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

fn error_name(e: &Error) -> &'static str {
    match e {
        Error::NotAUrl => "NotAUrl",
        Error::Blocked(_) => "Blocked",
        Error::InvalidRedirection(_) => "InvalidRedirection",
        Error::InvalidAfterRawRules(_) => "InvalidAfterRawRules",
        Error::TooManyRedirections => "TooManyRedirections",
        Error::Edit(_) => "Edit",
        _ => "other",
    }
}

fn check(case: &Value, rules: &Rules) -> Result<(), String> {
    let input = case["input"].as_str().unwrap_or_default();
    let o = options(&case["options"])?;
    let got = strip_tracking_with(input, rules, &o);
    // A parsed Url gives the same result as its string.
    if let Ok(url) = weburl::Url::parse(input) {
        let from_url = strip_tracking_with(&url, rules, &o);
        if from_url != got {
            return Err(format!("Url {from_url:?} but string {got:?}"));
        }
    }
    match (case["expected"].as_str(), got) {
        (Some(e), Ok(a)) => check_eq("result", e, &a),
        (None, Err(e)) => check_eq(
            "error",
            case["error"].as_str().unwrap_or("?"),
            error_name(&e),
        ),
        (None, Ok(a)) => Err(format!("expected an error, got {a:?}")),
        (Some(e), Err(why)) => Err(format!("expected {e:?}, got the error {why}")),
    }
}

fn main() -> ExitCode {
    let text =
        std::fs::read_to_string(data("strip_tracking.json")).unwrap_or_else(|e| panic!("{e}"));
    let table: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
    let mut runner = Runner::new("strip_tracking.json");

    let builtin_rules = Rules::builtin();
    runner.case(
        "the built-in list compiles whole",
        check_eq("skipped", "[]", &format!("{:?}", builtin_rules.skipped())),
    );
    runner.case(
        "every built-in entry names its vendor and source",
        match builtin::ENTRIES
            .iter()
            .find(|e| e.vendor.is_empty() || e.source.is_empty())
        {
            None => Ok(()),
            Some(e) => Err(format!("{e:?}")),
        },
    );
    for case in table["builtin"].as_array().into_iter().flatten() {
        runner.case(
            format!("builtin {}", case["input"]),
            check(case, builtin_rules),
        );
    }

    let fixture = match Rules::from_file(data("clearurls-fixture.json")) {
        Ok(r) => r,
        Err(e) => panic!("the fixture: {e}"),
    };
    for case in table["fixture"].as_array().into_iter().flatten() {
        runner.case(
            format!("fixture {} {}", case["input"], case["options"]),
            check(case, &fixture),
        );
    }
    let skipped: Vec<Value> = fixture
        .skipped()
        .iter()
        .map(|s| {
            Value::from(vec![
                s.provider.clone(),
                s.key.to_owned(),
                s.pattern.clone(),
            ])
        })
        .collect();
    runner.case(
        "fixture: the rules left out",
        check_eq(
            "skipped",
            &table["fixture_skipped"].to_string(),
            &Value::from(skipped).to_string(),
        ),
    );
    runner.case(
        "fixture: every skip has a reason",
        match fixture.skipped().iter().find(|s| s.reason.is_empty()) {
            None => Ok(()),
            Some(s) => Err(format!("{s:?}")),
        },
    );
    let names: Vec<&str> = fixture.provider_names().collect();
    runner.case(
        "fixture: the providers loaded, in file order",
        check_eq(
            "providers",
            &table["fixture_providers"].to_string(),
            &Value::from(names).to_string(),
        ),
    );

    // Redirections nest: each target goes through the providers again, up to the limit.
    let nested = |levels: usize| {
        let mut url = String::from("https://x.example/?gl_a=1&k=2");
        for _ in 0..levels {
            url = format!("https://nest.example/?u={url}");
        }
        url
    };
    runner.case(
        format!("{MAX_REDIRECTIONS} nested redirections are followed"),
        match strip_tracking(nested(MAX_REDIRECTIONS).as_str(), &fixture) {
            Ok(a) => check_eq("result", "https://x.example/?k=2", &a),
            Err(e) => Err(e.to_string()),
        },
    );
    runner.case(
        format!("{} nested redirections are too many", MAX_REDIRECTIONS + 1),
        match strip_tracking(nested(MAX_REDIRECTIONS + 1).as_str(), &fixture) {
            Err(Error::TooManyRedirections) => Ok(()),
            other => Err(format!("{other:?}")),
        },
    );
    runner.case(
        "a blocked URL names its provider",
        match strip_tracking("https://ads.example/", &fixture) {
            Err(Error::Blocked(p)) => check_eq("provider", "ads", &p),
            other => Err(format!("{other:?}")),
        },
    );

    // Loading errors are values.
    let loads: &[(&str, &[u8], &str)] = &[
        ("not JSON", b"{", "Json"),
        ("an array", b"[]", "Json"),
        ("not UTF-8", b"\xff", "Json"),
        ("no providers", br#"{"rules": {}}"#, "NoProviders"),
        ("providers not an object", br#"{"providers": []}"#, "Json"),
    ];
    for (what, json, expected) in loads {
        let got = match Rules::from_json(json) {
            Err(RulesError::Json(_)) => "Json",
            Err(RulesError::NoProviders) => "NoProviders",
            Err(_) => "other error",
            Ok(_) => "loaded",
        };
        runner.case(
            format!("from_json of {what}"),
            check_eq("error", expected, got),
        );
    }
    runner.case(
        "from_file of a missing file",
        match Rules::from_file(data("no-such-rules.json")) {
            Err(RulesError::Io(_)) => Ok(()),
            other => Err(format!("{other:?}")),
        },
    );
    runner.case(
        "empty providers: nothing removed",
        match Rules::from_json(br#"{"providers": {}}"#)
            .map(|r| strip_tracking("http://a.example/?utm_source=1", &r))
        {
            Ok(Ok(a)) => check_eq("result", "http://a.example/?utm_source=1", &a),
            other => Err(format!("{other:?}")),
        },
    );
    runner.finish()
}
