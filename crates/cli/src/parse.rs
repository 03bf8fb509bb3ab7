//! `weburl parse`: parse URLs and print their hrefs, or their components as JSON lines.

use std::io::Write;

use weburl::{Url, ValidationError};

use crate::input::{self, Input};
use crate::json;
use crate::output::{report, CliError, Out, Status};

/// Parses each input (against `base`, if given) and prints its href, or with `json` its
/// components and validation errors as one JSON object per line.
pub fn run(urls: &[String], base: Option<&Url>, json: bool) -> Result<Status, CliError> {
    let mut out = Out::stdout();
    let mut status = Status::default();
    let mut errors: Vec<ValidationError> = Vec::new();
    let options = input::options(base);
    input::for_each(urls, |item| {
        let input = match item {
            Input::Text(text) => text,
            Input::InvalidUtf8 { line, bytes } => {
                status.fail();
                if json {
                    let lossy = String::from_utf8_lossy(bytes);
                    json::write_failure_named(&mut out, &lossy, "invalid-UTF-8", &[])?;
                } else {
                    report!("line {line}: invalid UTF-8");
                }
                return Ok(out.end_record()?);
            }
        };
        errors.clear();
        let parsed = if json {
            options.parse_with_sink(input, &mut errors)
        } else {
            options.parse(input)
        };
        match (parsed, json) {
            (Ok(url), false) => {
                out.write_all(url.href().as_bytes())?;
                out.write_all(b"\n")?;
            }
            (Ok(url), true) => json::write_url(&mut out, &url, &errors)?,
            (Err(err), false) => {
                status.fail();
                report!("{input}: {err}");
            }
            (Err(err), true) => {
                status.fail();
                json::write_failure(&mut out, input, &err, &errors)?;
            }
        }
        Ok(out.end_record()?)
    })?;
    out.finish()?;
    Ok(status)
}
