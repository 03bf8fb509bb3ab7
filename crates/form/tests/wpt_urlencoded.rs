//! WPT's urlencoded-parser-data.json: each input through `new URLSearchParams(input)`,
//! compared with the expected list of name-value pairs. Also checks that the raw parser and
//! the lazy iterator agree with it.

use std::process::ExitCode;

use weburl_form::{parse, parse_iter, SearchParams};
use weburl_wpt::{load, Runner, Value};

const FILE: &str = "urlencoded-parser-data.json";

fn expected_pairs(case: &Value) -> Result<Vec<(String, String)>, String> {
    let output = case["output"].as_array().ok_or("output is not an array")?;
    output
        .iter()
        .map(|pair| match pair.as_array().map(Vec::as_slice) {
            Some([Value::String(n), Value::String(v)]) => Ok((n.clone(), v.clone())),
            _ => Err(format!("malformed pair {pair}")),
        })
        .collect()
}

fn check(case: &Value) -> Result<(), String> {
    let input = case["input"].as_str().ok_or("input is not a string")?;
    let expected = expected_pairs(case)?;
    let params = SearchParams::parse(input);
    let actual: Vec<(String, String)> = params
        .iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect();
    if actual != expected {
        return Err(format!("expected {expected:?}, got {actual:?}"));
    }
    // The inputs do not start with `?`, so the raw parser must agree.
    let raw = parse(input.as_bytes());
    if raw != expected {
        return Err(format!("parse(): expected {expected:?}, got {raw:?}"));
    }
    let lazy: Vec<(String, String)> = parse_iter(input.as_bytes())
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect();
    if lazy != expected {
        return Err(format!("parse_iter(): expected {expected:?}, got {lazy:?}"));
    }
    if params.len() != expected.len() {
        return Err(format!("size {} != {}", params.len(), expected.len()));
    }
    Ok(())
}

fn main() -> ExitCode {
    let data = load(FILE);
    let mut runner = Runner::new(FILE);
    let cases = data.as_array().map(Vec::as_slice).unwrap_or_default();
    for case in cases {
        // Strings in the data are comments.
        if case.is_string() {
            continue;
        }
        let name = match case["input"].as_str() {
            Some(input) => format!("{input:?}"),
            None => format!("{case}"),
        };
        runner.case(name, check(case));
    }
    runner.finish()
}
