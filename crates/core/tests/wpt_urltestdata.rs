//! WPT `urltestdata.json`: every case parsed (against its base), every getter, the origin and
//! the search params checked.

use std::process::ExitCode;

use weburl_core::Url;
use weburl_wpt::{check_eq, load, Runner, Value};

fn field<'a>(case: &'a Value, name: &str) -> Option<&'a str> {
    case.get(name).and_then(Value::as_str)
}

fn check_case(case: &Value) -> Result<(), String> {
    let input = field(case, "input").ok_or("no input")?;
    let base = match case.get("base").and_then(Value::as_str) {
        Some(b) => Some(Url::parse(b).map_err(|e| format!("base failed to parse: {e}"))?),
        None => None,
    };
    let parsed = match &base {
        Some(b) => Url::parse_with_base(input, b),
        None => Url::parse(input),
    };
    if case.get("failure").and_then(Value::as_bool) == Some(true) {
        if let Ok(url) = parsed {
            return Err(format!("expected failure, got {url}"));
        }
        // "relativeTo": the input parses against some non-null base without an opaque path
        // ("non-opaque-path-base") or against any non-null base ("any-base"); without it (and
        // without a base) the input never parses.
        let parses_against =
            |base: &str| Url::parse(base).is_ok_and(|b| Url::parse_with_base(input, &b).is_ok());
        let hierarchical = [
            "http://example.com/dir/file",
            "https://example.com/dir/file",
            "file:///dir/file",
        ]
        .map(parses_against);
        let opaque = parses_against("mailto:someone@example.com");
        match field(case, "relativeTo") {
            Some("non-opaque-path-base") if !hierarchical.contains(&true) => {
                return Err("expected to parse against a non-opaque-path base".into())
            }
            Some("any-base") if !(hierarchical.iter().all(|&b| b) && opaque) => {
                return Err("expected to parse against any base".into())
            }
            None if base.is_none() && (hierarchical.contains(&true) || opaque) => {
                return Err("expected to never parse, but it parses against a base".into())
            }
            _ => {}
        }
        return Ok(());
    }
    let url = parsed.map_err(|e| format!("expected success, got {e}"))?;
    let getters: [(&str, &str); 10] = [
        ("href", url.href()),
        ("protocol", url.protocol()),
        ("username", url.username()),
        ("password", url.password()),
        ("host", url.host()),
        ("hostname", url.hostname()),
        ("port", url.port()),
        ("pathname", url.pathname()),
        ("search", url.search()),
        ("hash", url.hash()),
    ];
    for (name, actual) in getters {
        let expected = field(case, name).ok_or_else(|| format!("no {name}"))?;
        check_eq(name, expected, actual)?;
    }
    if let Some(origin) = field(case, "origin") {
        check_eq("origin", origin, &url.origin().to_string())?;
    }
    // Checked with the `form` feature (`cargo xtask test` has every feature on).
    #[cfg(feature = "form")]
    if let Some(sp) = field(case, "searchParams") {
        check_eq("searchParams", sp, &url.search_params().to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let data = load("urltestdata.json");
    let mut runner = Runner::new("urltestdata.json");
    for case in data.as_array().into_iter().flatten() {
        if case.is_string() {
            continue;
        }
        let input = field(case, "input").unwrap_or_default();
        let base = field(case, "base").unwrap_or("null");
        let outcome = std::panic::catch_unwind(|| check_case(case))
            .unwrap_or_else(|_| Err("panicked".to_owned()));
        runner.case(format!("{input} against {base}"), outcome);
    }
    runner.finish()
}
