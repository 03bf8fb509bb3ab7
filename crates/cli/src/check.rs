//! `weburl check`: lint URLs, showing each validation error under the input with carets.

use std::io::Write;

use weburl::{ReportedError, Url, ValidationErrorKind};

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

/// Writes one error of the list: the input, a caret line under the error's range, and the
/// error's name (with `, failure` when it made the parse fail) and, for a row of the spec's
/// table, its spec link.
pub fn write_error(
    out: &mut impl Write,
    input: &str,
    error: &ReportedError,
) -> std::io::Result<()> {
    writeln!(out, "{}", columns::display(input))?;
    writeln!(out, "{}", columns::caret_line(input, &error.range))?;
    let failure = if error.failure { ", failure" } else { "" };
    match error.validation_error() {
        Some(kind) => writeln!(out, "  {}{failure} ({})", kind.name(), spec_link(kind)),
        None => writeln!(out, "  {}{failure}", error.name()),
    }
}

/// Lints each input. Status 1 when an input fails to parse or, with `strict`, has any
/// validation error.
pub fn run(urls: &[String], base: Option<&Url>, strict: bool) -> Result<Status, CliError> {
    let mut out = Out::stdout();
    let mut status = Status::default();
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
        let (parsed, errors) = options.parse_with_error_list(input);
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
                writeln!(out, "  => {err}")?;
            }
        }
        Ok(out.end_record()?)
    })?;
    out.finish()?;
    Ok(status)
}
