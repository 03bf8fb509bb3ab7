//! Behaviour differences with rust-url (the `url` crate), measured: every WPT URL input
//! (urltestdata.json, urltestdata-javascript-only.json, and toascii.json's hosts in
//! `https://<host>/x`, each against its base) and every line of the corpora in
//! `../shared/datasets` parsed by both. Each href difference (a different href, or one
//! parsing and the other not) must be
//!
//! * on a WPT case, one that rust-url fails: weburl gives WPT's expected answer, rust-url
//!   another (rust-url's known WPT failures, computed here against the pinned WPT data);
//! * and, WPT or corpus, one of the [`CLASSES`] of difference that the migration guide
//!   (docs/migrating-from-url.md) lists, so that a new kind of difference fails the test.
//!
//! Prints `N passed, M failed` and the number of differences in each class.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::process::ExitCode;

use weburl_wpt::{load, Runner, Value};

/// One comparison: the input, its base, and WPT's expected href (`Some(None)` for an
/// expected failure; `None` for corpus lines, which have no expectation).
struct Input {
    input: String,
    base: Option<String>,
    expected: Option<Option<String>>,
    source: &'static str,
}

/// A class of difference: its name (as in the migration guide) and whether a difference is
/// of it, given the input, the base, weburl's href and rust-url's.
type Class = (&'static str, fn(&Input, Option<&str>, Option<&str>) -> bool);

fn scheme_of(s: Option<&str>) -> Option<String> {
    let s = s?;
    let colon = s.find(':')?;
    Some(s[..colon].trim().to_ascii_lowercase())
}

fn scheme_is(d: &Input, ours: Option<&str>, f: impl Fn(&str) -> bool) -> bool {
    [
        scheme_of(ours),
        scheme_of(d.base.as_deref()),
        scheme_of(Some(&d.input)),
    ]
    .iter()
    .flatten()
    .any(|s| f(s))
}

const SPECIAL: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];

/// The classes, in the order the migration guide lists them.
const CLASSES: &[Class] = &[
    // rust-url drops a host before a Windows drive letter, collapses leading empty path
    // segments, and keeps `|` drive letters: the standard keeps the host and the segments.
    ("file-urls", |d, ours, _| {
        scheme_is(d, ours, |s| s == "file")
    }),
    // An opaque path's trailing spaces before `?` or `#`: the standard now encodes the last
    // one as %20 so that it survives; rust-url keeps the spaces.
    (
        "opaque-path-trailing-space",
        |_, ours, theirs| matches!((ours, theirs), (Some(o), Some(t)) if o.replace("%20", " ") == t),
    ),
    // `^` in paths: in the path percent-encode set since 2024; rust-url leaves it.
    (
        "caret-in-path",
        |_, ours, theirs| matches!((ours, theirs), (Some(o), Some(t)) if o == t.replace('^', "%5E")),
    ),
    // Hosts with an `xn--` label that IDNA leaves alone (or whose last label is punycode
    // after numbers): the standard accepts them; rust-url refuses.
    ("xn-labels", |d, ours, theirs| {
        ours.is_some() && theirs.is_none() && d.input.to_ascii_lowercase().contains("xn--")
    }),
    // `///host` against a special base: the standard reads it as a scheme-relative
    // reference; rust-url fails.
    ("special-scheme-relative-slashes", |d, ours, theirs| {
        ours.is_some()
            && theirs.is_none()
            && d.input.starts_with("///")
            && scheme_is(d, ours, |s| SPECIAL.contains(&s))
    }),
    // `\` in a reference against a non-special base: only special URLs treat it as `/`;
    // rust-url does for the non-special base too.
    ("non-special-backslash", |d, ours, _| {
        d.input.contains('\\') && !scheme_is(d, ours, |s| SPECIAL.contains(&s))
    }),
    // `..` after a segment like `C:` in a non-special URL: only `file` URLs keep drive
    // letters; rust-url keeps them in any URL.
    ("non-special-drive-letter", |d, ours, _| {
        d.input.contains("..")
            && d.base.as_deref().is_some_and(|b| b.contains(":/"))
            && !scheme_is(d, ours, |s| SPECIAL.contains(&s))
    }),
];

fn wpt_inputs() -> Vec<Input> {
    let mut inputs = Vec::new();
    for (file, source) in [
        ("urltestdata.json", "urltestdata.json"),
        (
            "urltestdata-javascript-only.json",
            "urltestdata-javascript-only.json",
        ),
    ] {
        for case in load(file).as_array().into_iter().flatten() {
            let Some(input) = case.get("input").and_then(Value::as_str) else {
                continue;
            };
            let expected = if case.get("failure").and_then(Value::as_bool) == Some(true) {
                None
            } else {
                case.get("href").and_then(Value::as_str).map(str::to_owned)
            };
            inputs.push(Input {
                input: input.to_owned(),
                base: case.get("base").and_then(Value::as_str).map(str::to_owned),
                expected: Some(expected),
                source,
            });
        }
    }
    for case in load("toascii.json").as_array().into_iter().flatten() {
        let Some(host) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        let output = case.get("output").and_then(Value::as_str);
        inputs.push(Input {
            input: format!("https://{host}/x"),
            base: None,
            expected: Some(output.map(|o| format!("https://{o}/x"))),
            source: "toascii.json",
        });
    }
    inputs
}

fn corpus_inputs() -> Result<Vec<Input>, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/datasets");
    let mut inputs = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{dir}: {e}"))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for line in String::from_utf8_lossy(&text).lines() {
            inputs.push(Input {
                input: line.to_owned(),
                base: None,
                expected: None,
                source: "corpus",
            });
        }
    }
    Ok(inputs)
}

fn weburl_href(d: &Input) -> Option<String> {
    let url = match &d.base {
        Some(b) => weburl::Url::parse(b).ok()?.join(&d.input).ok()?,
        None => weburl::Url::parse(&d.input).ok()?,
    };
    Some(url.href().to_owned())
}

fn rust_url_href(d: &Input) -> Option<String> {
    let url = match &d.base {
        Some(b) => url::Url::parse(b).ok()?.join(&d.input).ok()?,
        None => url::Url::parse(&d.input).ok()?,
    };
    Some(url.as_str().to_owned())
}

fn main() -> ExitCode {
    let corpus = match corpus_inputs() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: corpora not readable: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut runner = Runner::new("weburl vs rust-url hrefs (WPT inputs and corpora)");
    let mut by_class: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_source: BTreeMap<&str, usize> = BTreeMap::new();
    for d in wpt_inputs().iter().chain(&corpus) {
        let ours = weburl_href(d);
        let theirs = rust_url_href(d);
        let name = format!("{} {:?} against {:?}", d.source, d.input, d.base);
        if ours == theirs {
            runner.case(name, Ok(()));
            continue;
        }
        *by_source.entry(d.source).or_default() += 1;
        let outcome = (|| {
            if let Some(expected) = &d.expected {
                if ours != *expected {
                    return Err(format!("weburl gives {ours:?}, WPT expects {expected:?}"));
                }
            }
            let class = CLASSES
                .iter()
                .find(|(_, is)| is(d, ours.as_deref(), theirs.as_deref()))
                .map(|(name, _)| *name)
                .ok_or_else(|| {
                    format!("unclassified difference: weburl {ours:?}, rust-url {theirs:?}")
                })?;
            *by_class.entry(class).or_default() += 1;
            Ok(())
        })();
        runner.case(name, outcome);
    }
    for (class, n) in &by_class {
        println!("difference class {class}: {n}");
    }
    for (source, n) in &by_source {
        println!("differences on {source}: {n}");
    }
    for (class, _) in CLASSES {
        if !by_class.contains_key(class) {
            println!("note: no difference of class {class} any more");
        }
    }
    runner.finish()
}
