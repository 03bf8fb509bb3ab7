//! A snapshot of our full parse output for every urltestdata.json input: one line per case with
//! the URL record's components (or the failure) and every validation error reported.

use std::fmt::Write;

use weburl_core::{Url, ValidationError};
use weburl_wpt::{load, Value};

fn render(input: &str, base: Option<&str>) -> String {
    let mut line = format!("{input:?}");
    if let Some(b) = base {
        let _ = write!(line, " @ {b:?}");
    }
    let base = match base.map(Url::parse) {
        Some(Ok(b)) => Some(b),
        Some(Err(e)) => return format!("{line} => base fails: {e}"),
        None => None,
    };
    let mut errors: Vec<ValidationError> = Vec::new();
    let mut options = Url::options();
    if let Some(b) = &base {
        options = options.base(b);
    }
    let result = options.parse_with_sink(input, &mut errors);
    match result {
        Ok(url) => {
            let _ = write!(
                line,
                " => {} | scheme={} user={:?} pass={:?} host={:?} port={:?} path{}={:?} query={:?} fragment={:?}",
                url.href(),
                url.scheme(),
                url.username(),
                url.password(),
                url.host_parsed(),
                url.port_number(),
                if url.has_opaque_path() { "(opaque)" } else { "" },
                url.pathname(),
                url.query(),
                url.fragment(),
            );
        }
        Err(e) => {
            let _ = write!(line, " => FAIL {}", e.name());
        }
    }
    if !errors.is_empty() {
        line.push_str(" | errors:");
        for e in &errors {
            let _ = write!(
                line,
                " {}{}@{}..{}",
                e.kind.name(),
                if e.failure { "(failure)" } else { "" },
                e.range.start,
                e.range.end
            );
        }
    }
    line
}

#[test]
fn urltestdata_parse_output() {
    let data = load("urltestdata.json");
    let mut out = String::new();
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base = case.get("base").and_then(Value::as_str);
        out.push_str(&render(input, base));
        out.push('\n');
    }
    insta::assert_snapshot!("urltestdata", out);
}
