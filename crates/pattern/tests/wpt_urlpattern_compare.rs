//! WPT `urlpattern/resources/urlpattern-compare-test-data.json`: `compareComponent(component,
//! left, right)` for two patterns (strings or inits), and its antisymmetry, as WPT's
//! `urlpattern-compare-tests.js` checks.

use std::cmp::Ordering;
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
                username: f("username"),
                password: f("password"),
                hostname: f("hostname"),
                port: f("port"),
                pathname: f("pathname"),
                search: f("search"),
                hash: f("hash"),
                base_url: f("baseURL"),
            };
            UrlPattern::new(&init, None, Default::default())
        }
        other => return Err(format!("unexpected pattern {other}")),
    };
    built.map_err(|e| format!("{v}: {e}"))
}

fn as_int(o: Ordering) -> i64 {
    match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

fn run_case(case: &Value) -> Result<(), String> {
    let component = case["component"]
        .as_str()
        .and_then(ComponentName::from_name);
    let component = component.ok_or("unknown component")?;
    let left = pattern(&case["left"])?;
    let right = pattern(&case["right"])?;
    let expected = case["expected"].as_i64().ok_or("no expected")?;
    let got = as_int(UrlPattern::compare_component(component, &left, &right));
    let reversed = as_int(UrlPattern::compare_component(component, &right, &left));
    let same_left = as_int(UrlPattern::compare_component(component, &left, &left));
    let same_right = as_int(UrlPattern::compare_component(component, &right, &right));
    if got != expected || reversed != -expected || same_left != 0 || same_right != 0 {
        return Err(format!(
            "expected {expected}, got {got} (reversed {reversed}, self {same_left}/{same_right})"
        ));
    }
    Ok(())
}

fn main() -> ExitCode {
    let data = load("urlpattern-compare-test-data.json");
    let mut runner = Runner::new("urlpattern-compare-test-data.json");
    for case in data.as_array().into_iter().flatten() {
        let name = format!(
            "compareComponent({}, {}, {})",
            case["component"], case["left"], case["right"]
        );
        runner.case(name, run_case(case));
    }
    runner.finish()
}
