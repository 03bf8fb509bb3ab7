//! The WPT data as the C runner's plain lines (`crates/capi/tests/c/wpt.c`), so that the C
//! side needs no JSON reader: written for the C API's tests (`capi.rs`) and its bench
//! (`capi_bench.rs`).

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use crate::{Failure, Result};

fn hex(out: &mut String, value: Option<&str>) {
    match value {
        None => out.push_str(" -"),
        Some("") => out.push_str(" ="),
        Some(s) => {
            out.push(' ');
            for b in s.bytes() {
                let _ = write!(out, "{b:02x}");
            }
        }
    }
}

fn read_json(path: &Path) -> Result<Value> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Failure::new(format!(
            "{}: {e} (run `cargo xtask wpt-sync`)",
            path.display()
        ))
    })?;
    serde_json::from_str(&text).map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

/// Writes urltestdata.json's, setters_tests.json's and urlencoded-parser-data.json's cases in
/// wpt.c's line format.
pub fn write(data: &Path, out: &Path) -> Result<usize> {
    let mut text = String::new();
    let mut count = 0;
    let urls = read_json(&data.join("urltestdata.json"))?;
    for case in urls.as_array().into_iter().flatten() {
        let Some(obj) = case.as_object() else {
            continue; // a comment
        };
        let field = |k: &str| obj.get(k).and_then(Value::as_str);
        text.push('U');
        hex(&mut text, field("input"));
        hex(&mut text, field("base"));
        let failure = obj.get("failure").and_then(Value::as_bool).unwrap_or(false);
        text.push_str(if failure { " 31" } else { " 30" });
        for k in [
            "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
            "pathname", "search", "hash",
        ] {
            hex(&mut text, field(k));
        }
        text.push('\n');
        count += 1;
    }
    let setters = read_json(&data.join("setters_tests.json"))?;
    for (setter, cases) in setters.as_object().into_iter().flatten() {
        if setter == "comment" {
            continue;
        }
        for case in cases.as_array().into_iter().flatten() {
            let field = |k: &str| case.get(k).and_then(Value::as_str);
            text.push('S');
            hex(&mut text, Some(setter));
            hex(&mut text, field("href"));
            hex(&mut text, field("new_value"));
            for (k, v) in case
                .get("expected")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                hex(&mut text, Some(k));
                hex(&mut text, v.as_str());
            }
            text.push('\n');
            count += 1;
        }
    }
    let pairs = read_json(&data.join("urlencoded-parser-data.json"))?;
    for case in pairs.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        text.push('P');
        hex(&mut text, Some(input));
        for pair in case
            .get("output")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            for part in pair.as_array().into_iter().flatten() {
                hex(&mut text, part.as_str());
            }
        }
        text.push('\n');
        count += 1;
    }
    std::fs::write(out, text).map_err(|e| Failure::new(format!("{}: {e}", out.display())))?;
    Ok(count)
}
