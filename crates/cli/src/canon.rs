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
#[derive(Clone, Copy, Debug)]
pub enum Output<'r> {
    /// A profile's key, strip-tracking's aside.
    Key(KeyProfile),
    /// The URL without its tracking fields, by these rules.
    StripTracking(&'r Rules),
    /// Safe Browsing's lookup expressions, separated by spaces.
    Expressions,
    /// Their 4-byte SHA-256 prefixes in hex, separated by spaces.
    HashPrefixes,
}

/// A profile whose key needs nothing but the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyProfile {
    /// [`Profile::Surt`].
    Surt,
    /// [`Profile::Ssurt`].
    Ssurt,
    /// [`Profile::SafeBrowsing`].
    SafeBrowsing,
    /// [`Profile::Semantic`].
    Semantic,
    /// [`Profile::Aggressive`].
    Aggressive,
}

impl<'r> Output<'r> {
    /// `profile`'s key; for strip-tracking, with the rules of `--rules FILE` (or the built-in
    /// list), read by [`rules`] into `tracking` (only then: the other profiles compile none).
    pub fn key(
        profile: Profile,
        file: Option<&std::path::Path>,
        tracking: &'r mut Option<Cow<'static, Rules>>,
    ) -> Result<Output<'r>, CliError> {
        Ok(match profile {
            Profile::Surt => Output::Key(KeyProfile::Surt),
            Profile::Ssurt => Output::Key(KeyProfile::Ssurt),
            Profile::SafeBrowsing => Output::Key(KeyProfile::SafeBrowsing),
            Profile::Semantic => Output::Key(KeyProfile::Semantic),
            Profile::Aggressive => Output::Key(KeyProfile::Aggressive),
            Profile::StripTracking => Output::StripTracking(tracking.insert(rules(file)?)),
        })
    }
}

/// The key, expressions or prefixes of one input, or why it has none.
fn line(input: &str, output: Output<'_>, to: &mut String) -> Result<(), String> {
    to.clear();
    match output {
        Output::Key(KeyProfile::Surt) => {
            to.push_str(&surt::surt(input).map_err(|e| e.to_string())?);
        }
        Output::Key(KeyProfile::Ssurt) => {
            to.push_str(&ssurt::ssurt(input).map_err(|e| e.to_string())?);
        }
        Output::Key(KeyProfile::SafeBrowsing) => {
            to.push_str(&safe_browsing::canonicalize(input).map_err(|e| e.to_string())?);
        }
        Output::Key(KeyProfile::Semantic) => {
            to.push_str(&urlcanon::semantic(input).map_err(|e| e.to_string())?);
        }
        Output::Key(KeyProfile::Aggressive) => {
            to.push_str(&urlcanon::aggressive(input).map_err(|e| e.to_string())?);
        }
        Output::StripTracking(rules) => {
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
/// file. Only `--profile strip-tracking` asks for them ([`Output::key`]).
fn rules(file: Option<&std::path::Path>) -> Result<Cow<'static, Rules>, CliError> {
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
/// and makes the exit status 1.
pub fn run(urls: &[String], output: Output<'_>) -> Result<Status, CliError> {
    let mut out = Out::stdout();
    let mut status = Status::default();
    let mut text = String::new();
    input::for_each(urls, |item| {
        match item {
            Input::Text(input) => match line(input, output, &mut text) {
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
