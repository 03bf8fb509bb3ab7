//! WPT `IdnaTestV2.json` through the URL parser, as `IdnaTestV2.window.js` does it: the host
//! of "https://{input}/x", with `:`, `/`, `?`, `#` and `\` in the input percent-encoded
//! (WPT's `encodeHostEndingCodePoints`, shared as [`encode_host_ending_code_points`]) so they
//! reach the host parser; the empty input is excluded (it cannot be tested through a URL).

use std::process::ExitCode;

use weburl_core::Url;
use weburl_wpt::{check_eq, encode_host_ending_code_points, Runner, Value};

fn check(input: &str, output: Option<&str>) -> Result<(), String> {
    match (Url::parse(&format!("https://{input}/x")), output) {
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

fn main() -> ExitCode {
    let data = weburl_wpt::load("IdnaTestV2.json");
    let mut runner = Runner::new("IdnaTestV2.json");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        if input.is_empty() {
            continue;
        }
        let output = case.get("output").and_then(Value::as_str);
        runner.case(
            format!("{input} (using URL)"),
            check(&encode_host_ending_code_points(input), output),
        );
    }
    runner.finish()
}
