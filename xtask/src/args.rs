//! The one argument parser of every subcommand: [`lexopt`], wrapped so that its errors become
//! [`Failure`]s with the subcommand's usage line and exit code 2.
//!
//! lexopt rather than clap (already the CLI's dependency): it has no dependencies and no
//! procedural macros, so the first `cargo xtask` of a fresh clone (CI's) compiles one small
//! crate more instead of clap and its derive macro's syn; and its one-argument-at-a-time loop
//! lets `test`, `bench` and `scaling` hand what they do not read to the program they run.

use lexopt::Arg;

use crate::{Failure, Result};

/// A subcommand's arguments, read one at a time (`--name`, `--name=value`, `-x`, or a value).
pub struct Args {
    parser: lexopt::Parser,
    usage: &'static str,
}

impl Args {
    /// The arguments `args` of the subcommand whose usage line is `usage`.
    pub fn new(args: &[String], usage: &'static str) -> Args {
        Args {
            parser: lexopt::Parser::from_args(args.iter().cloned()),
            usage,
        }
    }

    /// The next argument, `None` after the last.
    pub fn next(&mut self) -> Result<Option<Arg<'_>>> {
        let usage = self.usage;
        self.parser.next().map_err(|e| usage_failure(e, usage))
    }

    /// The value of the option just read (`--from DIR` or `--from=DIR`).
    pub fn value(&mut self) -> Result<String> {
        let usage = self.usage;
        self.parser
            .value()
            .map_err(|e| usage_failure(e, usage))?
            .into_string()
            .map_err(|v| self.error(&format!("not UTF-8: {}", v.to_string_lossy())))
    }

    /// The value of the option `name` just read, parsed as a `T`.
    pub fn parsed<T: std::str::FromStr>(&mut self, name: &str) -> Result<T> {
        let value = self.value()?;
        value
            .parse()
            .map_err(|_| self.error(&format!("{name}: not a valid value: `{value}`")))
    }

    /// A positive count for the option `name` just read.
    pub fn count(&mut self, name: &str) -> Result<usize> {
        match self.parsed(name)? {
            0 => Err(self.error(&format!("{name}: needs a count above 0"))),
            n => Ok(n),
        }
    }

    /// A usage error: `message`, then the usage line; exit code 2.
    pub fn error(&self, message: &str) -> Failure {
        Failure {
            message: format!("{message}\nusage: {}", self.usage),
            code: 2,
        }
    }

    /// `word` (of an option just read, from [`word`]) with the value attached to it, if any
    /// (`--svg=FILE`), for a program that reads the option itself.
    pub fn attached(&mut self, word: String) -> String {
        match self.parser.optional_value() {
            Some(v) => format!("{word}={}", v.to_string_lossy()),
            None => word,
        }
    }

    /// Every argument not read yet, unparsed (after `test`: what goes to `cargo test`).
    pub fn rest(&mut self) -> Result<Vec<String>> {
        let usage = self.usage;
        let raw = self
            .parser
            .raw_args()
            .map_err(|e| usage_failure(e, usage))?;
        Ok(raw.map(|a| a.to_string_lossy().into_owned()).collect())
    }
}

fn usage_failure(e: lexopt::Error, usage: &str) -> Failure {
    Failure {
        message: format!("{e}\nusage: {usage}"),
        code: 2,
    }
}

/// The argument `arg`, which the subcommand whose usage line is `usage` does not take, as a
/// failure; `-h` and `--help` as the request for the usage line ([`help`]).
pub fn unexpected(arg: Arg<'_>, usage: &str) -> Failure {
    match arg {
        Arg::Short('h') | Arg::Long("help") => help(usage),
        arg => usage_failure(arg.unexpected(), usage),
    }
}

/// `--help`: the usage line, printed on stdout with exit code 0 (a [`Failure`] of code 0, so
/// that the subcommand stops there).
pub fn help(usage: &str) -> Failure {
    Failure {
        message: format!("usage: {usage}"),
        code: 0,
    }
}

/// `arg` (just read) as the command-line word it came from (`--name`, `-x`, or the value),
/// for a program that reads it itself; [`Args::attached`] adds an attached value.
pub fn word(arg: Arg<'_>) -> String {
    match arg {
        Arg::Long(name) => format!("--{name}"),
        Arg::Short(c) => format!("-{c}"),
        Arg::Value(v) => v.to_string_lossy().into_owned(),
    }
}

/// Reads a subcommand that takes no arguments.
pub fn none(args: &[String], usage: &'static str) -> Result {
    match Args::new(args, usage).next()? {
        None => Ok(()),
        Some(arg) => Err(unexpected(arg, usage)),
    }
}

/// What `cargo xtask <binding> test|bench|build` does with a binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Build it.
    Build,
    /// Build it and run its tests (the step of `cargo xtask test`).
    Test,
    /// Build it and run its benchmark.
    Bench,
}

/// The action of `cargo xtask <binding> [test|bench|build] [ARGS...]` (test when none is
/// given) and the ARGS after it.
pub fn action(args: &[String], usage: &'static str) -> Result<(Action, Vec<String>)> {
    let mut p = Args::new(args, usage);
    let action = match p.next()? {
        None => return Ok((Action::Test, Vec::new())),
        Some(Arg::Value(v)) => match v.to_str() {
            Some("build") => Action::Build,
            Some("test") => Action::Test,
            Some("bench") => Action::Bench,
            _ => return Err(unexpected(Arg::Value(v), usage)),
        },
        Some(arg) => return Err(unexpected(arg, usage)),
    };
    Ok((action, p.rest()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn options_values_and_errors() {
        let mut p = Args::new(&words("--from=d --runs 3 x --quick"), "u");
        assert!(matches!(p.next(), Ok(Some(Arg::Long("from")))));
        assert_eq!(p.value().ok().as_deref(), Some("d"));
        assert!(matches!(p.next(), Ok(Some(Arg::Long("runs")))));
        assert_eq!(p.count("--runs").ok(), Some(3));
        let Ok(Some(arg)) = p.next() else {
            panic!("a value")
        };
        assert_eq!(word(arg), "x");
        let Ok(Some(arg)) = p.next() else {
            panic!("an option")
        };
        let f = unexpected(arg, "u");
        assert_eq!(f.code, 2);
        assert!(f.message.contains("--quick") && f.message.ends_with("usage: u"));
        assert!(matches!(p.next(), Ok(None)));

        let mut p = Args::new(&words("--runs 0"), "u");
        let _ = p.next();
        assert!(p.count("--runs").is_err());
        let mut p = Args::new(&words("--runs"), "u");
        let _ = p.next();
        assert!(p.value().is_err());
        // An attached value that is not read is an error, not silently dropped.
        let mut p = Args::new(&words("--check=yes"), "u");
        let _ = p.next();
        assert!(p.next().is_err());
        // --help asks for the usage line: exit code 0.
        let mut p = Args::new(&words("--help"), "u");
        let Ok(Some(arg)) = p.next() else {
            panic!("an option")
        };
        assert_eq!(unexpected(arg, "u").code, 0);
    }

    #[test]
    fn forward_keeps_attached_values_and_rest_is_raw() {
        let mut p = Args::new(&words("--svg=a.svg --rounds 5 -- --x"), "u");
        let Ok(Some(arg)) = p.next() else {
            panic!("an option")
        };
        let w = word(arg);
        assert_eq!(p.attached(w), "--svg=a.svg");
        assert!(matches!(p.next(), Ok(Some(Arg::Long("rounds")))));
        assert_eq!(p.rest().ok(), Some(words("5 -- --x")));
    }

    #[test]
    fn binding_actions() {
        assert_eq!(action(&[], "u").ok(), Some((Action::Test, vec![])));
        assert_eq!(
            action(&words("bench --rows 5"), "u").ok(),
            Some((Action::Bench, words("--rows 5")))
        );
        assert_eq!(
            action(&words("build"), "u").ok(),
            Some((Action::Build, vec![]))
        );
        assert!(action(&words("tset"), "u").is_err_and(|f| f.code == 2));
        assert!(none(&words("extra"), "u").is_err());
        assert!(none(&[], "u").is_ok());
    }
}
