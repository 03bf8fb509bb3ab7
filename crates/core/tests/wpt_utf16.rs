//! WPT `urltestdata-javascript-only.json` (inputs only JavaScript can hold: lone surrogates),
//! then every case of `urltestdata.json`, through [`Url::parse_utf16`] with the input as
//! UTF-16 code units, lone surrogates kept as they are.

#![allow(clippy::indexing_slicing, clippy::string_slice)]

use std::process::ExitCode;

use weburl_core::Url;
use weburl_wpt::{check_eq, data_dir, Runner, Value};

/// Plane 15 private-use code points stand for lone surrogates while the JSON is parsed (which
/// does not allow them): U+F0000 + (surrogate - 0xD800).
const STAND_IN: u32 = 0xF0000;

/// The JSON text with each `\uXXXX` escape of a lone surrogate replaced by its stand-in.
fn with_stand_ins(text: &str) -> String {
    let unit_at = |i: usize| -> Option<u16> {
        let hex = text.get(i..i + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16).ok()
    };
    let is_high = |u: u16| (0xD800..0xDC00).contains(&u);
    let is_low = |u: u16| (0xDC00..0xE000).contains(&u);
    let mut out = String::with_capacity(text.len());
    let (mut i, mut prev_high) = (0, false);
    while let Some(c) = text.get(i..).and_then(|r| r.chars().next()) {
        if text.get(i..).is_some_and(|r| r.starts_with("\\\\")) {
            out.push_str("\\\\");
            i += 2;
            prev_high = false;
            continue;
        }
        if let Some(u) = unit_at(i).filter(|&u| (0xD800..0xE000).contains(&u)) {
            let paired =
                (is_high(u) && unit_at(i + 6).is_some_and(is_low)) || (is_low(u) && prev_high);
            if paired {
                out.push_str(&text[i..i + 6]);
            } else if let Some(ch) = char::from_u32(STAND_IN + u32::from(u - 0xD800)) {
                out.push(ch);
            }
            prev_high = paired && is_high(u);
            i += 6;
            continue;
        }
        prev_high = false;
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// UTF-16 code units of a parsed string, stand-ins back to lone surrogates.
fn utf16(s: &str) -> Vec<u16> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        match u32::from(c).checked_sub(STAND_IN) {
            Some(k) if k < 0x800 => out.push(0xD800 + k as u16),
            _ => out.extend(c.encode_utf16(&mut [0; 2]).iter()),
        }
    }
    out
}

fn load(file: &str) -> Value {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!(
            "error: {} ({e}); run `cargo xtask wpt-sync`",
            path.display()
        );
        std::process::exit(2)
    });
    serde_json::from_str(&with_stand_ins(&text)).unwrap_or_else(|e| {
        eprintln!("error: {} is not JSON ({e})", path.display());
        std::process::exit(2)
    })
}

fn check(case: &Value) -> Result<(), String> {
    let input = utf16(case["input"].as_str().ok_or("no input")?);
    let parsed = match case["base"].as_str() {
        Some(b) => {
            let base = Url::parse_utf16(&utf16(b)).map_err(|e| format!("base: {e}"))?;
            Url::parse_utf16_with_base(&input, &base)
        }
        None => Url::parse_utf16(&input),
    };
    if case["failure"].as_bool() == Some(true) {
        return match parsed {
            Ok(url) => Err(format!("expected failure, got {url}")),
            Err(_) => Ok(()),
        };
    }
    let url = parsed.map_err(|e| format!("expected success, got {e}"))?;
    for (field, actual) in [
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
    ] {
        if let Some(expected) = case[field].as_str() {
            check_eq(field, expected, actual)?;
        }
    }
    if let Some(origin) = case["origin"].as_str() {
        check_eq("origin", origin, &url.origin().to_string())?;
    }
    Ok(())
}

fn run(file: &str) -> ExitCode {
    let mut runner = Runner::new(&format!("{file} via parse_utf16"));
    for case in load(file).as_array().into_iter().flatten() {
        if !case.is_object() {
            continue;
        }
        let name = format!(
            "{:?} against {:?}",
            case["input"].as_str().unwrap_or_default(),
            case["base"].as_str()
        );
        runner.case(name, check(case));
    }
    runner.finish()
}

fn main() -> ExitCode {
    let a = run("urltestdata-javascript-only.json");
    let b = run("urltestdata.json");
    if a == ExitCode::SUCCESS && b == ExitCode::SUCCESS {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
