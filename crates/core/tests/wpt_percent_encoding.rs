//! WPT `percent-encoding.json`: "https://doesnotmatter.invalid/?{input}#{input}" parsed with
//! each listed query encoding; the query is encoded with it, the fragment always as UTF-8.

use std::process::ExitCode;

use weburl_core::Url;
use weburl_percent::encoding_rs::Encoding;
use weburl_wpt::{check_eq, load, Runner, Value};

fn check(input: &str, label: &str, expected: &str, utf8: &str) -> Result<(), String> {
    let encoding = Encoding::for_label(label.as_bytes())
        .ok_or_else(|| format!("unknown encoding label {label}"))?;
    let url = Url::options()
        .encoding(encoding)
        .parse(&format!("https://doesnotmatter.invalid/?{input}#{input}"))
        .map_err(|e| e.to_string())?;
    check_eq("hash", &format!("#{utf8}"), url.hash())?;
    check_eq("search", &format!("?{expected}"), url.search())
}

fn main() -> ExitCode {
    let data = load("percent-encoding.json");
    let mut runner = Runner::new("percent-encoding.json");
    for case in data.as_array().into_iter().flatten() {
        let (Some(input), Some(outputs)) = (
            case.get("input").and_then(Value::as_str),
            case.get("output").and_then(Value::as_object),
        ) else {
            continue;
        };
        let utf8 = outputs
            .get("utf-8")
            .and_then(Value::as_str)
            .unwrap_or_default();
        for (label, expected) in outputs {
            let expected = expected.as_str().unwrap_or_default();
            runner.case(
                format!("{input} with {label}"),
                check(input, label, expected, utf8),
            );
        }
    }
    runner.finish()
}
