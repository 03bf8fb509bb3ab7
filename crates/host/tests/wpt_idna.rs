//! WPT `IdnaTestV2.json` through this crate's host parser, as WPT's `IdnaTestV2.window.js`
//! does it: the empty input is skipped (it cannot be a URL's host), `:`, `/`, `?`, `#` and
//! `\` are percent-encoded so they reach the host parser, and the result is the host of
//! `https://{input}/x` (see `common/mod.rs`).

// Test code: panicking on malformed test data is fine.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

mod common;

use std::process::ExitCode;

/// WPT's `encodeHostEndingCodePoints`.
fn encode_host_ending_code_points(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        match c {
            ':' => out.push_str("%3A"),
            '/' => out.push_str("%2F"),
            '?' => out.push_str("%3F"),
            '#' => out.push_str("%23"),
            '\\' => out.push_str("%5C"),
            _ => out.push(c),
        }
    }
    out
}

/// Replaces each `\uXXXX` escape of a lone surrogate with `\uFFFD`.
///
/// IdnaTestV2.json has inputs with lone surrogates, which `serde_json` (and so
/// `weburl_wpt::load`) rejects. In WPT they are JavaScript strings passed to `new URL()`,
/// whose USVString conversion replaces each lone surrogate with U+FFFD: this does the same.
fn replace_lone_surrogates(json: &str) -> String {
    fn surrogate_at(s: &str, i: usize) -> Option<u16> {
        let hex = s.get(i..i + 6)?.strip_prefix("\\u")?;
        let v = u16::from_str_radix(hex, 16).ok()?;
        (0xD800..=0xDFFF).contains(&v).then_some(v)
    }
    let mut out = String::with_capacity(json.len());
    let mut i = 0;
    while i < json.len() {
        let rest = &json[i..];
        if rest.starts_with("\\\\") {
            out.push_str("\\\\");
            i += 2;
        } else if let Some(v) = surrogate_at(json, i) {
            let paired_low = (0xD800..=0xDBFF).contains(&v)
                && surrogate_at(json, i + 6).is_some_and(|w| (0xDC00..=0xDFFF).contains(&w));
            if paired_low {
                out.push_str(&json[i..i + 12]);
                i += 12;
            } else {
                out.push_str("\\uFFFD");
                i += 6;
            }
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn main() -> ExitCode {
    let path = weburl_wpt::data_dir().join("IdnaTestV2.json");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "error: WPT data {} not readable ({e}); run `cargo xtask wpt-sync`",
                path.display()
            );
            return ExitCode::from(2);
        }
    };
    let data: weburl_wpt::Value = match serde_json::from_str(&replace_lone_surrogates(&text)) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {} is not valid JSON ({e})", path.display());
            return ExitCode::from(2);
        }
    };
    let mut runner = weburl_wpt::Runner::new("IdnaTestV2.json");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue; // a comment
        };
        if input.is_empty() {
            continue;
        }
        let output = case.get("output").and_then(|v| v.as_str());
        let encoded = encode_host_ending_code_points(input);
        runner.case(input, common::check(&encoded, output));
    }
    runner.finish()
}
