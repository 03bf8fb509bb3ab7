//! `weburl canon`: canonical keys (weburl-canon), one line per input: a SURT key (the `surt`
//! package's defaults), an SSURT, Safe Browsing's canonical URL, its lookup expressions
//! or their 4-byte SHA-256 prefixes, urlcanon's semantic or aggressive canonical URL, or the
//! URL without its tracking fields (the built-in list, or ClearURLs-format rules of `--rules`).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write;

use weburl_canon::tracking::{self, Rules};
use weburl_canon::{safe_browsing, ssurt, surt, urlcanon};

use crate::columns;
use crate::input::{self, Input};
use crate::output::{report, CliError, Out, Status};

/// A rule set of `--profile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// `surt.surt(url)`: the `surt` package's SURT key with its defaults.
    Surt,
    /// IIPC urlcanon's SSURT.
    Ssurt,
    /// Google Safe Browsing's canonical URL.
    SafeBrowsing,
    /// IIPC urlcanon's semantic canonical URL.
    Semantic,
    /// IIPC urlcanon's aggressive canonical URL.
    Aggressive,
    /// The URL without its tracking fields (`tracking::strip_tracking`).
    StripTracking,
}

/// The names `--profile` takes.
const PROFILES: &str = "surt, ssurt, safe-browsing, semantic, aggressive, strip-tracking";

/// `--profile NAME`: a rule set, or why NAME is none.
pub fn profile(name: &str) -> Result<Profile, String> {
    match name {
        "surt" => Ok(Profile::Surt),
        "ssurt" => Ok(Profile::Ssurt),
        "safe-browsing" => Ok(Profile::SafeBrowsing),
        "semantic" => Ok(Profile::Semantic),
        "aggressive" => Ok(Profile::Aggressive),
        "strip-tracking" => Ok(Profile::StripTracking),
        _ => Err(format!("no profile {name:?}; the profiles are {PROFILES}")),
    }
}

/// What `weburl canon` prints for each input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// The profile's key.
    Key(Profile),
    /// Safe Browsing's lookup expressions, separated by spaces.
    Expressions,
    /// Their 4-byte SHA-256 prefixes in hex, separated by spaces.
    HashPrefixes,
}

/// The key, expressions or prefixes of one input, or why it has none. `rules` are
/// strip-tracking's (the built-in list when `None`).
fn line(input: &str, output: Output, rules: Option<&Rules>, to: &mut String) -> Result<(), String> {
    to.clear();
    match output {
        Output::Key(Profile::Surt) => {
            to.push_str(&surt::surt(input).map_err(|e| e.to_string())?);
        }
        Output::Key(Profile::Ssurt) => {
            to.push_str(&ssurt::ssurt(input).map_err(|e| e.to_string())?);
        }
        Output::Key(Profile::SafeBrowsing) => {
            to.push_str(&safe_browsing::canonicalize(input).map_err(|e| e.to_string())?);
        }
        Output::Key(Profile::Semantic) => {
            to.push_str(&urlcanon::semantic(input).map_err(|e| e.to_string())?);
        }
        Output::Key(Profile::Aggressive) => {
            to.push_str(&urlcanon::aggressive(input).map_err(|e| e.to_string())?);
        }
        Output::Key(Profile::StripTracking) => {
            let rules = match rules {
                Some(rules) => rules,
                None => Rules::builtin(),
            };
            to.push_str(&tracking::strip_tracking(input, rules).map_err(|e| e.to_string())?);
        }
        Output::Expressions => {
            let expressions = safe_browsing::expressions(input).map_err(|e| e.to_string())?;
            to.push_str(&expressions.join(" "));
        }
        Output::HashPrefixes => {
            let prefixes = safe_browsing::hash_prefixes(input).map_err(|e| e.to_string())?;
            for (i, prefix) in prefixes.iter().enumerate() {
                if i > 0 {
                    to.push(' ');
                }
                for byte in prefix {
                    let _ = write!(to, "{byte:02x}");
                }
            }
        }
    }
    Ok(())
}

/// The rules of `--rules FILE` (ClearURLs' JSON format), each pattern left out reported on
/// stderr as a warning; the built-in list (compiled once per process, not copied) without a
/// file. Only `--profile strip-tracking` asks for them.
pub fn rules(file: Option<&std::path::Path>) -> Result<Cow<'static, Rules>, CliError> {
    let Some(file) = file else {
        return Ok(Cow::Borrowed(Rules::builtin()));
    };
    let rules = Rules::from_file(file).map_err(|e| CliError::Usage(format!("--rules: {e}")))?;
    for s in rules.skipped() {
        report!(
            "warning: --rules: provider {:?}: {} {:?} left out: {}",
            s.provider,
            s.key,
            s.pattern,
            s.reason.lines().last().unwrap_or_default()
        );
    }
    Ok(Cow::Owned(rules))
}

/// Prints each input's line; an input with no key is reported on stderr (its line left out)
/// and makes the exit status 1. `rules` are those of `--profile strip-tracking` (the
/// built-in list when `None`); no other output reads them.
pub fn run(urls: &[String], output: Output, rules: Option<&Rules>) -> Result<Status, CliError> {
    let mut out = Out::stdout();
    let mut status = Status::default();
    let mut text = String::new();
    input::for_each(urls, |item| {
        match item {
            Input::Text(input) => match line(input, output, rules, &mut text) {
                Ok(()) => {
                    out.write_all(text.as_bytes())?;
                    out.write_all(b"\n")?;
                }
                Err(err) => {
                    status.fail();
                    report!("{}: {err}", columns::display(input));
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
