//! Writes the facade's answers (through `weburl-functions`) that the DuckDB tests compare the
//! extension with: every function on the WPT `urltestdata.json` inputs, and the top 20
//! registrable domains of a corpus (one URL a line); and every function's documented example.
//!
//! `cargo run --example expected -- URLTESTDATA.json CORPUS|- OUT.json`

use std::collections::HashMap;
use std::process::ExitCode;

use serde_json::{json, Value};
use weburl_functions::{self as f, Component};

fn answers(input: &str, base: Option<&str>) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("input".into(), json!(input));
    out.insert("base".into(), json!(base));
    let url = f::parse(input);
    let mut scratch = String::new();
    for c in Component::ALL {
        let value = match &url {
            None => Value::Null,
            Some(u) if c.is_integer() => json!(c.integer(u)),
            Some(u) => json!(c.string(u, &mut scratch)),
        };
        out.insert(c.function_name().into(), value);
    }
    out.insert(
        "url_path_segments".into(),
        json!(f::path_segments_of(input)),
    );
    out.insert("url_query_params".into(), json!(f::query_params_of(input)));
    out.insert(
        "url_query_param_a".into(),
        json!(f::query_param_of(input, "a")),
    );
    out.insert("url_is_valid".into(), json!(f::is_valid(input, None)));
    out.insert("url_error".into(), json!(f::error(input, None)));
    out.insert(
        "url_is_valid_base".into(),
        json!(base.map(|b| f::is_valid(input, Some(b)))),
    );
    out.insert(
        "url_error_base".into(),
        json!(base.and_then(|b| f::error(input, Some(b)))),
    );
    out.insert(
        "url_join".into(),
        json!(base
            .and_then(|b| f::join(b, input))
            .map(|u| u.href().to_owned())),
    );
    out.insert("url_percent_decode".into(), json!(f::percent_decode(input)));
    out.insert(
        "url_percent_encode".into(),
        json!(f::percent_encode(input, f::EncodeSet::Component)),
    );
    Value::Object(out)
}

fn top20(corpus: &str) -> Vec<(String, u64)> {
    let mut counts: HashMap<String, u64> = HashMap::new();
    // Lines as DuckDB's string_split(content, chr(10)) gives them.
    for line in corpus.split('\n') {
        if let Some(d) = Component::RegistrableDomain.string_of(line) {
            *counts.entry(d).or_default() += 1;
        }
    }
    let mut rows: Vec<(String, u64)> = counts.into_iter().collect();
    rows.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| a.0.as_bytes().cmp(b.0.as_bytes()))
    });
    rows.truncate(20);
    rows
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [data, corpus, out] = args.as_slice() else {
        eprintln!("usage: expected URLTESTDATA.json CORPUS|- OUT.json");
        return ExitCode::from(2);
    };
    let run = || -> Result<(), String> {
        let text = std::fs::read_to_string(data).map_err(|e| format!("{data}: {e}"))?;
        let cases: Value = serde_json::from_str(&text).map_err(|e| format!("{data}: {e}"))?;
        let mut out_cases = Vec::new();
        for case in cases.as_array().into_iter().flatten() {
            let Some(input) = case.get("input").and_then(Value::as_str) else {
                continue; // the comments between the cases
            };
            let base = case.get("base").and_then(Value::as_str);
            out_cases.push(answers(input, base));
        }
        let top = if corpus == "-" {
            Value::Null
        } else {
            let text = std::fs::read_to_string(corpus).map_err(|e| format!("{corpus}: {e}"))?;
            json!(top20(&text))
        };
        let examples: Vec<Value> = weburl_functions::catalogue::own()
            .map(|d| json!({ "name": d.name, "call": d.example.call, "result": d.example.result }))
            .collect();
        let dialects: Vec<Value> = weburl_functions::dialect::functions()
            .map(|d| {
                json!({ "dialect": d.dialect.map(|x| x.name()), "name": d.name, "call": d.example.call, "result": d.example.result, "description": d.description, "differences": d.differences })
            })
            .collect();
        // The catalogue the DuckDB catalogue test compares the registered functions with.
        let catalogue: Vec<Value> = weburl_functions::catalogue::functions()
            .map(|f| {
                json!({ "name": f.name, "dialect": f.dialect.map(|x| x.name()), "min_arguments": f.min_arguments(), "max_arguments": f.max_arguments(), "call": f.example.call, "result": f.example.result })
            })
            .collect();
        let doc = json!({ "cases": out_cases, "top20": top, "examples": examples, "dialects": dialects, "catalogue": catalogue });
        std::fs::write(out, doc.to_string()).map_err(|e| format!("{out}: {e}"))
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("expected: {e}");
            ExitCode::from(2)
        }
    }
}
