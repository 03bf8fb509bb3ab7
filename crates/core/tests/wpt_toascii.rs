//! WPT `toascii.json` through the URL parser ("https://{input}/x") and through the host and
//! hostname setters on "https://x/x" (a failure leaves "x").

use std::process::ExitCode;

use weburl_core::Url;
use weburl_wpt::{check_eq, load, Runner, Value};

fn through_parser(input: &str, output: Option<&str>) -> Result<(), String> {
    let parsed = Url::parse(&format!("https://{input}/x"));
    match (parsed, output) {
        (Ok(url), Some(out)) => {
            check_eq("host", out, url.host())?;
            check_eq("hostname", out, url.hostname())?;
            check_eq("pathname", "/x", url.pathname())?;
            check_eq("href", &format!("https://{out}/x"), url.href())
        }
        (Ok(url), None) => Err(format!("expected failure, got {url}")),
        (Err(e), Some(_)) => Err(format!("expected success, got {e}")),
        (Err(_), None) => Ok(()),
    }
}

fn through_setter(setter: &str, input: &str, output: Option<&str>) -> Result<(), String> {
    let mut url = Url::parse("https://x/x").map_err(|e| e.to_string())?;
    let _ = if setter == "host" {
        url.set_host(input)
    } else {
        url.set_hostname(input)
    };
    let got = if setter == "host" {
        url.host()
    } else {
        url.hostname()
    };
    check_eq(setter, output.unwrap_or("x"), got)
}

fn main() -> ExitCode {
    let data = load("toascii.json");
    let mut runner = Runner::new("toascii.json");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let output = case.get("output").and_then(Value::as_str);
        runner.case(
            format!("{input} (using URL)"),
            through_parser(input, output),
        );
        for setter in ["host", "hostname"] {
            runner.case(
                format!("https://x/x set {setter} to {input}"),
                through_setter(setter, input, output),
            );
        }
    }
    runner.finish()
}
