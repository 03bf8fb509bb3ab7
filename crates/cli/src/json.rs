//! JSON lines for `parse --json`: one object per input, written straight to the output
//! (strings escaped by serde_json) without building a tree per URL.

use std::io::{self, Write};

use weburl::{ParseError, Url, ValidationError};

/// Writes `s` as a JSON string.
fn string(out: &mut impl Write, s: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, s).map_err(io::Error::from)
}

/// Writes `"key":"value"` (after a comma unless `first`).
fn field(out: &mut impl Write, first: bool, key: &str, value: &str) -> io::Result<()> {
    if !first {
        out.write_all(b",")?;
    }
    string(out, key)?;
    out.write_all(b":")?;
    string(out, value)
}

/// Writes `"validation_errors":[{"name":..,"failure":..,"start":..,"end":..},..]`.
fn validation_errors(out: &mut impl Write, errors: &[ValidationError]) -> io::Result<()> {
    out.write_all(b"\"validation_errors\":[")?;
    for (i, error) in errors.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"{\"name\":")?;
        string(out, error.kind.name())?;
        write!(
            out,
            ",\"failure\":{},\"start\":{},\"end\":{}}}",
            error.failure, error.range.start, error.range.end
        )?;
    }
    out.write_all(b"]")
}

/// One line: the URL's components (the `URL` class's getters) and the validation errors of its
/// parse.
pub fn write_url(out: &mut impl Write, url: &Url, errors: &[ValidationError]) -> io::Result<()> {
    out.write_all(b"{")?;
    field(out, true, "href", url.href())?;
    field(out, false, "origin", &url.origin().to_string())?;
    field(out, false, "protocol", url.protocol())?;
    field(out, false, "username", url.username())?;
    field(out, false, "password", url.password())?;
    field(out, false, "host", url.host())?;
    field(out, false, "hostname", url.hostname())?;
    field(out, false, "port", url.port())?;
    field(out, false, "pathname", url.pathname())?;
    field(out, false, "search", url.search())?;
    field(out, false, "hash", url.hash())?;
    out.write_all(b",")?;
    validation_errors(out, errors)?;
    out.write_all(b"}\n")
}

/// One line for an input that failed to parse.
pub fn write_failure(
    out: &mut impl Write,
    input: &str,
    error: &ParseError,
    errors: &[ValidationError],
) -> io::Result<()> {
    write_failure_named(out, input, error.name(), errors)
}

/// One line for an input that failed for the reason `name` (e.g. `"invalid-UTF-8"` for a
/// line of stdin that is not UTF-8; `input` is then its lossy decoding).
pub fn write_failure_named(
    out: &mut impl Write,
    input: &str,
    name: &str,
    errors: &[ValidationError],
) -> io::Result<()> {
    out.write_all(b"{")?;
    field(out, true, "input", input)?;
    out.write_all(b",\"failure\":true,")?;
    field(out, true, "error", name)?;
    out.write_all(b",")?;
    validation_errors(out, errors)?;
    out.write_all(b"}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url_json(input: &str) -> serde_json::Value {
        let mut errors = Vec::new();
        let mut buf = Vec::new();
        match Url::options().parse_with_sink(input, &mut errors) {
            Ok(url) => write_url(&mut buf, &url, &errors),
            Err(e) => write_failure(&mut buf, input, &e, &errors),
        }
        .unwrap();
        assert!(buf.ends_with(b"}\n"));
        serde_json::from_slice(&buf).unwrap()
    }

    #[test]
    fn components_in_order_and_escaped() {
        let v = url_json("https://EXAMPLE.com/a/../b?c d#\"e\\");
        assert_eq!(v["href"], "https://example.com/b?c%20d#%22e\\");
        assert_eq!(v["origin"], "https://example.com");
        assert_eq!(v["hash"], "#%22e\\");
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 12);
    }

    #[test]
    fn failure_object() {
        let v = url_json("https://exa mple.org");
        assert_eq!(v["failure"], true);
        assert_eq!(v["input"], "https://exa mple.org");
        assert!(v["error"].as_str().is_some());
        assert!(v["validation_errors"].is_array());
    }
}
