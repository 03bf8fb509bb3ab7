//! WPT `IdnaTestV2.json` through the URL parser, as `IdnaTestV2.window.js` does it: the host
//! of "https://{input}/x", with `:`, `/`, `?`, `#` and `\` in the input percent-encoded
//! (WPT's `encodeHostEndingCodePoints`) so they reach the host parser; the empty input is
//! excluded (it cannot be tested through a URL).

use std::process::ExitCode;

use weburl_core::Url;
use weburl_wpt::{check_eq, Runner, Value};

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

/// WPT's `encodeHostEndingCodePoints`.
fn encode_host_ending(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        match c {
            ':' | '/' | '?' | '#' | '\\' => out.push_str(&format!("%{:02X}", c as u32)),
            _ => out.push(c),
        }
    }
    out
}

/// The data has lone surrogates as `\uD8xx` escapes, which serde_json rejects. In WPT they
/// are JavaScript strings that `new URL()` converts to USVStrings, replacing each lone
/// surrogate with U+FFFD: this does the same to the JSON text.
fn usv_json(text: &str) -> String {
    let surrogate = |i: usize| -> Option<u16> {
        let hex = text.get(i..i + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16)
            .ok()
            .filter(|v| (0xD800..=0xDFFF).contains(v))
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        if text[i..].starts_with("\\\\") {
            out.push_str("\\\\");
            i += 2;
        } else if let Some(high) = surrogate(i) {
            let pair = (0xD800..=0xDBFF).contains(&high)
                && surrogate(i + 6).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low));
            if pair {
                out.push_str(&text[i..i + 12]);
                i += 12;
            } else {
                out.push_str("\\uFFFD");
                i += 6;
            }
        } else {
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn main() -> ExitCode {
    let path = weburl_wpt::data_dir().join("IdnaTestV2.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "error: WPT data {} not readable; run `cargo xtask wpt-sync`",
            path.display()
        );
        return ExitCode::from(2);
    };
    let data: Value = match serde_json::from_str(&usv_json(&text)) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {} is not valid JSON ({e})", path.display());
            return ExitCode::from(2);
        }
    };
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
            check(&encode_host_ending(input), output),
        );
    }
    runner.finish()
}
