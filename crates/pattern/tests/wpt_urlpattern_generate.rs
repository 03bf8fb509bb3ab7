//! WPT `urlpattern/resources/urlpattern-generate-test-data.json` (tentative):
//! `generate(component, groups)` returns the expected string, or throws where it is null.

use std::process::ExitCode;

use weburl_pattern::{ComponentName, UrlPattern, UrlPatternInit};
use weburl_wpt::{load, Runner, Value};

fn pattern(v: &Value) -> Result<UrlPattern, String> {
    let built = match v {
        Value::String(s) => UrlPattern::parse(s, None),
        Value::Object(o) => {
            let f = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_owned);
            let init = UrlPatternInit {
                protocol: f("protocol"),
                hostname: f("hostname"),
                port: f("port"),
                pathname: f("pathname"),
                ..Default::default()
            };
            UrlPattern::new(&init, None, Default::default())
        }
        other => return Err(format!("unexpected pattern {other}")),
    };
    built.map_err(|e| format!("{v}: {e}"))
}

fn run_case(case: &Value) -> Result<(), String> {
    let p = pattern(&case["pattern"])?;
    let groups: Vec<(String, String)> = case["groups"]
        .as_object()
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
                .collect()
        })
        .unwrap_or_default();
    let groups: Vec<(&str, &str)> = groups
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    // An unknown component name is a TypeError from the IDL enum.
    let got = case["component"]
        .as_str()
        .and_then(ComponentName::from_name)
        .ok_or_else(|| "no such component".to_owned())
        .and_then(|c| p.generate(c, &groups).map_err(|e| e.to_string()));
    match (case["expected"].as_str(), got) {
        (Some(want), Ok(got)) if want == got => Ok(()),
        (None, Err(_)) => Ok(()),
        (want, got) => Err(format!("expected {want:?}, got {got:?}")),
    }
}

fn main() -> ExitCode {
    let data = load("urlpattern-generate-test-data.json");
    let mut runner = Runner::new("urlpattern-generate-test-data.json");
    for case in data.as_array().into_iter().flatten() {
        let name = format!(
            "generate({}, {}) on {}",
            case["component"], case["groups"], case["pattern"]
        );
        runner.case(name, run_case(case));
    }
    runner.finish()
}
