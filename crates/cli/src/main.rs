//! The `weburl` command-line tool: parse, lint, explain and edit URLs per the
//! [WHATWG URL Standard](https://url.spec.whatwg.org/).
#![forbid(unsafe_code)]

mod canon;
mod check;
mod cli;
mod columns;
mod display;
mod explain;
mod get_set;
mod input;
mod json;
mod output;
mod parse;
mod pattern_match;

use std::io::ErrorKind;
use std::process::ExitCode;

use clap::Parser;
use weburl::Url;

use crate::cli::{Cli, Command};
use crate::output::{report, CliError, Status};

/// Parses the `--base` option, if given.
fn base(base: Option<&str>) -> Result<Option<Url>, CliError> {
    base.map(|b| Url::parse(b).map_err(|e| CliError::Usage(format!("--base {b}: {e}"))))
        .transpose()
}

fn run(command: Command) -> Result<Status, CliError> {
    match command {
        Command::Parse {
            base: b,
            json,
            urls,
        } => parse::run(&urls, base(b.as_deref())?.as_ref(), json),
        Command::Check {
            strict,
            base: b,
            urls,
        } => check::run(&urls, base(b.as_deref())?.as_ref(), strict),
        Command::Explain {
            base: b,
            top_domains,
            url,
        } => {
            let checker = display::checker(top_domains.as_deref())?;
            explain::run(&url, base(b.as_deref())?.as_ref(), checker.as_ref())
        }
        Command::Display {
            max_width,
            omit_scheme,
            omit_trivial_subdomains,
            host_only,
            ltr,
            top_domains,
            why,
            base: b,
            urls,
        } => {
            let options = display::Options {
                max_width,
                omit_scheme,
                omit_trivial_subdomains,
                host_only,
                ltr,
                why,
            };
            let checker = display::checker(top_domains.as_deref())?;
            display::run(
                &urls,
                base(b.as_deref())?.as_ref(),
                options,
                checker.as_ref(),
            )
        }
        Command::Get {
            base: b,
            component,
            urls,
        } => get_set::get(component, &urls, base(b.as_deref())?.as_ref()),
        Command::Set {
            base: b,
            component,
            value,
            url,
        } => get_set::set(component, &value, &url, base(b.as_deref())?.as_ref()),
        Command::Canon {
            profile,
            expressions,
            hash_prefixes,
            rules,
            urls,
        } => {
            if rules.is_some() && profile != Some(canon::Profile::StripTracking) {
                return Err(CliError::Usage(
                    "--rules is strip-tracking's: give --profile strip-tracking".to_owned(),
                ));
            }
            if (expressions || hash_prefixes)
                && profile.is_some_and(|p| p != canon::Profile::SafeBrowsing)
            {
                return Err(CliError::Usage(
                    "--expressions and --hash-prefixes are Safe Browsing's: give no --profile \
                     or --profile safe-browsing"
                        .to_owned(),
                ));
            }
            let mut tracking = None;
            let output = if expressions {
                canon::Output::Expressions
            } else if hash_prefixes {
                canon::Output::HashPrefixes
            } else {
                let profile = profile.unwrap_or(canon::Profile::Surt);
                canon::Output::key(profile, rules.as_deref(), &mut tracking)?
            };
            canon::run(&urls, output)
        }
        Command::Match {
            base: b,
            ignore_case,
            pattern,
            urls,
        } => pattern_match::run(&pattern, &urls, b.as_deref(), ignore_case),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // --help and --version go to stdout (status 0), usage errors to stderr (2). If
            // printing fails (a closed pipe), there is nothing more to do.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    match run(cli.command) {
        Ok(status) => ExitCode::from(status.code()),
        // The reader of our output went away (`weburl parse | head`): stop quietly.
        Err(CliError::Output(err)) if err.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(CliError::Output(err)) => {
            report!("writing output: {err}");
            ExitCode::from(2)
        }
        Err(CliError::Input(err)) => {
            report!("reading input: {err}");
            ExitCode::from(2)
        }
        Err(CliError::Usage(message)) => {
            report!("{message}");
            ExitCode::from(2)
        }
    }
}
