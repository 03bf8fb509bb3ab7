//! WPT `setters_tests.json`: each setter applied to a parsed URL, then the expected getters.

use std::process::ExitCode;

use weburl_core::Url;
use weburl_wpt::{check_eq, load, Runner, Value};

/// Applies the WHATWG API setter `name` (results are ignored, as the IDL setters do).
pub fn apply(url: &mut Url, name: &str, value: &str) {
    let _ = match name {
        "href" => url.set_href(value).map_err(|_| ()),
        "protocol" => url.set_protocol(value).map_err(|_| ()),
        "username" => url.set_username(value).map_err(|_| ()),
        "password" => url.set_password(value).map_err(|_| ()),
        "host" => url.set_host(value).map_err(|_| ()),
        "hostname" => url.set_hostname(value).map_err(|_| ()),
        "port" => url.set_port(value).map_err(|_| ()),
        "pathname" => url.set_pathname(value).map_err(|_| ()),
        "search" => url.set_search(value).map_err(|_| ()),
        "hash" => url.set_hash(value).map_err(|_| ()),
        _ => Ok(()),
    };
}

fn getter<'a>(url: &'a Url, name: &str) -> Option<&'a str> {
    Some(match name {
        "href" => url.href(),
        "protocol" => url.protocol(),
        "username" => url.username(),
        "password" => url.password(),
        "host" => url.host(),
        "hostname" => url.hostname(),
        "port" => url.port(),
        "pathname" => url.pathname(),
        "search" => url.search(),
        "hash" => url.hash(),
        _ => return None,
    })
}

fn check_case(setter: &str, case: &Value) -> Result<(), String> {
    let href = case["href"].as_str().ok_or("no href")?;
    let value = case["new_value"].as_str().ok_or("no new_value")?;
    let mut url = Url::parse(href).map_err(|e| format!("href failed to parse: {e}"))?;
    apply(&mut url, setter, value);
    let expected = case["expected"].as_object().ok_or("no expected")?;
    for (name, want) in expected {
        let want = want.as_str().ok_or("expected value not a string")?;
        let got = getter(&url, name).ok_or_else(|| format!("unknown getter {name}"))?;
        check_eq(name, want, got)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let data = load("setters_tests.json");
    let mut runner = Runner::new("setters_tests.json");
    for (setter, cases) in data.as_object().into_iter().flatten() {
        if setter == "comment" {
            continue;
        }
        for case in cases.as_array().into_iter().flatten() {
            let href = case["href"].as_str().unwrap_or_default();
            let value = case["new_value"].as_str().unwrap_or_default();
            let outcome = std::panic::catch_unwind(|| check_case(setter, case))
                .unwrap_or_else(|_| Err("panicked".to_owned()));
            runner.case(format!("{href} set {setter} to {value}"), outcome);
        }
    }
    runner.finish()
}
