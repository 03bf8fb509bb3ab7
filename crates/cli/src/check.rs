//! `weburl check`: lint URLs, showing each validation error under the input with carets.

use std::io::Write;

use weburl::{Url, ValidationError, ValidationErrorKind};

use crate::columns;
use crate::input::{self, Input};
use crate::output::{report, CliError, Out, Status};

/// The spec's link for a validation error (its row of the table).
pub fn spec_link(kind: ValidationErrorKind) -> String {
    let name = kind.name();
    let anchor = if name == "domain-to-ASCII" {
        "validation-error-domain-to-ascii".to_owned()
    } else {
        name.to_ascii_lowercase()
    };
    format!("https://url.spec.whatwg.org/#{anchor}")
}

/// Writes one validation error: the input, a caret line under the error's range, and the
/// error's name (with `, failure` when it made the parse fail) and spec link.
pub fn write_error(
    out: &mut impl Write,
    input: &str,
    error: &ValidationError,
) -> std::io::Result<()> {
    writeln!(out, "{}", columns::display(input))?;
    writeln!(out, "{}", columns::caret_line(input, &error.range))?;
    let failure = if error.failure { ", failure" } else { "" };
    writeln!(
        out,
        "  {}{failure} ({})",
        error.kind.name(),
        spec_link(error.kind)
    )
}

/// Lints each input. Status 1 when an input fails to parse or, with `strict`, has any
/// validation error.
pub fn run(urls: &[String], base: Option<&Url>, strict: bool) -> Result<Status, CliError> {
    let mut out = Out::stdout();
    let mut status = Status::default();
    let mut errors: Vec<ValidationError> = Vec::new();
    let options = input::options(base);
    input::for_each(urls, |item| {
        let input = match item {
            Input::Text(text) => text,
            Input::InvalidUtf8 { line, .. } => {
                status.fail();
                report!("line {line}: invalid UTF-8");
                return Ok(());
            }
        };
        errors.clear();
        let parsed = options.parse_with_sink(input, &mut errors);
        for error in &errors {
            write_error(&mut out, input, error)?;
        }
        match parsed {
            Ok(_) if errors.is_empty() => writeln!(out, "{}: ok", columns::display(input))?,
            Ok(url) => {
                if strict {
                    status.fail();
                }
                writeln!(out, "  => {url}")?;
            }
            Err(err) => {
                status.fail();
                if !errors.iter().any(|e| e.failure) {
                    // A failure that is not a row of the table (e.g. too-long).
                    writeln!(out, "{}", columns::display(input))?;
                    writeln!(out, "{}", columns::caret_line(input, &err.range()))?;
                    writeln!(out, "  {}, failure", err.name())?;
                }
                writeln!(out, "  => {err}")?;
            }
        }
        Ok(out.end_record()?)
    })?;
    out.finish()?;
    Ok(status)
}
