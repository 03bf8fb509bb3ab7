//! The inputs of a subcommand: its URL arguments or, when there are none, the lines of stdin,
//! streamed with one reusable buffer.

use std::io::{self, BufRead, Write};

use weburl::{ParseOptions, Url};

use crate::output::{report, CliError, Out, Status};

/// One input.
pub enum Input<'a> {
    /// A URL argument, or a line of stdin that is valid UTF-8 (without its line terminator).
    Text(&'a str),
    /// A line of stdin that is not valid UTF-8.
    InvalidUtf8 {
        /// The line number (1-based).
        line: u64,
        /// The line's bytes (without its line terminator).
        bytes: &'a [u8],
    },
}

/// The parse options of every subcommand: parse against `base` (`--base`) when given.
pub fn options(base: Option<&Url>) -> ParseOptions<'_> {
    match base {
        Some(base) => Url::options().base(base),
        None => Url::options(),
    }
}

/// Calls `f` on each of `args` or, when `args` is empty, on each line of stdin, without its
/// `\n` and a trailing `\r`. Every line counts, empty ones included, so the output
/// of `parse --json` and `get` lines up with the input. Stops at the first error `f` returns;
/// a read error is [`CliError::Input`].
pub fn for_each(
    args: &[String],
    mut f: impl FnMut(Input<'_>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    if !args.is_empty() {
        return args.iter().try_for_each(|arg| f(Input::Text(arg)));
    }
    let stdin = io::stdin();
    for_each_line(&mut stdin.lock(), f)
}

/// Parses each input (against `base`, if given) and prints a line for each: what `write`
/// writes of the URL. An input that does not parse, or a line that is not UTF-8, is
/// reported on stderr (its line in the output left out) and makes the exit status 1.
pub fn each_url(
    args: &[String],
    base: Option<&Url>,
    mut write: impl FnMut(&mut Out, &Url) -> io::Result<()>,
) -> Result<Status, CliError> {
    let mut out = Out::stdout();
    let mut status = Status::default();
    let parse = options(base);
    for_each(args, |item| {
        match item {
            Input::Text(text) => match parse.parse(text) {
                Ok(url) => {
                    write(&mut out, &url)?;
                    out.write_all(b"\n")?;
                }
                Err(err) => {
                    status.fail();
                    report!("{text}: {err}");
                }
            },
            Input::InvalidUtf8 { line, .. } => {
                status.fail();
                report!("line {line}: invalid UTF-8");
            }
        }
        Ok(out.end_record()?)
    })?;
    out.finish()?;
    Ok(status)
}

/// The stdin half of [`for_each`], on any reader.
pub fn for_each_line(
    reader: &mut impl BufRead,
    mut f: impl FnMut(Input<'_>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut buf = Vec::with_capacity(256);
    let mut line = 0u64;
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(CliError::Input(err)),
        }
        line += 1;
        let bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        match std::str::from_utf8(bytes) {
            Ok(text) => f(Input::Text(text))?,
            Err(_) => f(Input::InvalidUtf8 { line, bytes })?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(data: &[u8]) -> Vec<Result<String, u64>> {
        let mut seen = Vec::new();
        let mut reader = data;
        let result = for_each_line(&mut reader, |input| {
            seen.push(match input {
                Input::Text(t) => Ok(t.to_owned()),
                Input::InvalidUtf8 { line, .. } => Err(line),
            });
            Ok(())
        });
        assert!(result.is_ok());
        seen
    }

    #[test]
    fn lines_terminators_and_invalid_utf8() {
        let got = collect(b"a\r\nb\n\n\xff\xfe\nlast");
        let want: Vec<Result<String, u64>> = vec![
            Ok("a".into()),
            Ok("b".into()),
            Ok("".into()),
            Err(4),
            Ok("last".into()),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn trailing_carriage_return_without_newline_and_empty_input() {
        assert_eq!(collect(b"a\r"), vec![Ok("a".to_owned())]);
        assert_eq!(collect(b""), Vec::<Result<String, u64>>::new());
    }
}
