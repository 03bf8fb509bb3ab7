//! Test support for the WPT URL data files synced into `wpt-data/` by `cargo xtask wpt-sync`.
//!
//! A runner is a `harness = false` integration test: it loads a data file with [`load`], checks
//! every case under a name (`<input> against <base>`, `<href> set <setter> to <value>`, ...)
//! with [`Runner::case`], and ends with [`Runner::finish`], which prints each failure and one
//! summary line, `<file>: N passed, M failed`, and exits non-zero on any failure.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;

pub use serde_json::Value;

/// The workspace's `wpt-data/` directory.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../wpt-data")
}

/// Loads and parses `wpt-data/<file>`. Missing or unreadable data ends the test run with a
/// message saying to run `cargo xtask wpt-sync`: a runner never skips silently.
pub fn load(file: &str) -> Value {
    let path = data_dir().join(file);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "error: WPT data {} not readable ({e}); run `cargo xtask wpt-sync`",
                path.display()
            );
            std::process::exit(2);
        }
    };
    match serde_json::from_str(&usv_json(&text)) {
        Ok(v) => v,
        Err(e) => {
            eprintln!(
                "error: WPT data {} is not valid JSON ({e}); run `cargo xtask wpt-sync`",
                path.display()
            );
            std::process::exit(2);
        }
    }
}

/// Replaces each `\uXXXX` escape of a lone surrogate in JSON text with `\uFFFD`.
///
/// Some WPT files (IdnaTestV2.json, urltestdata-javascript-only.json) hold lone surrogates,
/// which serde_json rejects. In WPT they are JavaScript strings that `new URL()` converts to
/// USVStrings, replacing each lone surrogate with U+FFFD: this does the same to the text.
pub fn usv_json(text: &str) -> String {
    let surrogate_at = |i: usize| -> Option<u16> {
        let hex = text.get(i..i + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16)
            .ok()
            .filter(|v| (0xD800..=0xDFFF).contains(v))
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut i = 0;
    while let Some(c) = rest.chars().next() {
        let step = if rest.starts_with("\\\\") {
            out.push_str("\\\\");
            2
        } else if let Some(high) = surrogate_at(i) {
            let pair = (0xD800..=0xDBFF).contains(&high)
                && surrogate_at(i + 6).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low));
            if pair {
                out.push_str(&rest[..12]);
                12
            } else {
                out.push_str("\\uFFFD");
                6
            }
        } else {
            out.push(c);
            c.len_utf8()
        };
        i += step;
        rest = &text[i..];
    }
    out
}

/// WPT's `encodeHostEndingCodePoints`: percent-encodes `:`, `/`, `?`, `#` and `\` so that a
/// host test input used as the host of `https://{input}/x` reaches the host parser whole.
pub fn encode_host_ending_code_points(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        match c {
            ':' => out.push_str("%3A"),
            '/' => out.push_str("%2F"),
            '?' => out.push_str("%3F"),
            '#' => out.push_str("%23"),
            '\\' => out.push_str("%5C"),
            _ => out.push(c),
        }
    }
    out
}

/// Counts named cases of one data file and reports them.
pub struct Runner {
    label: String,
    passed: usize,
    failures: Vec<(String, String)>,
    expected_failures: BTreeSet<String>,
    seen_expected: BTreeSet<String>,
    unexpected_passes: Vec<String>,
}

impl Runner {
    /// A runner whose summary line is labelled `label` (normally the data file's name).
    pub fn new(label: &str) -> Runner {
        Runner {
            label: label.to_owned(),
            passed: 0,
            failures: Vec::new(),
            expected_failures: BTreeSet::new(),
            seen_expected: BTreeSet::new(),
            unexpected_passes: Vec::new(),
        }
    }

    /// Cases known to fail, by name. An expected failure that passes, or that names no case,
    /// fails the run, so the list can only shrink.
    pub fn expected_failures(mut self, names: &[&str]) -> Runner {
        self.expected_failures = names.iter().map(|s| (*s).to_owned()).collect();
        self
    }

    /// Records the outcome of the case `name`: `Ok(())` passes, `Err(why)` fails.
    pub fn case(&mut self, name: impl Into<String>, outcome: Result<(), String>) {
        let name = name.into();
        let expected = self.expected_failures.contains(&name);
        if expected {
            self.seen_expected.insert(name.clone());
        }
        match (outcome, expected) {
            (Ok(()), false) => self.passed += 1,
            (Ok(()), true) => self.unexpected_passes.push(name),
            (Err(_), true) => {}
            (Err(why), false) => self.failures.push((name, why)),
        }
    }

    /// Prints failures and the summary line; the exit code is failure when any case failed
    /// unexpectedly, an expected failure passed, or an expected failure named no case.
    pub fn finish(self) -> ExitCode {
        for (name, why) in &self.failures {
            println!("FAIL {name}: {why}");
        }
        for name in &self.unexpected_passes {
            println!("UNEXPECTED PASS (remove from expected failures) {name}");
        }
        let stale: Vec<_> = self
            .expected_failures
            .difference(&self.seen_expected)
            .collect();
        for name in &stale {
            println!("STALE expected failure (no such case) {name}");
        }
        let expected = self.seen_expected.len() - self.unexpected_passes.len();
        let failed = self.failures.len() + self.unexpected_passes.len();
        if expected > 0 {
            println!("{} expected failures", expected);
        }
        println!("{}: {} passed, {} failed", self.label, self.passed, failed);
        if failed == 0 && stale.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

/// Compares an expected string field of a case with what was produced, naming the field.
pub fn check_eq(field: &str, expected: &str, actual: &str) -> Result<(), String> {
    if expected == actual {
        Ok(())
    } else {
        Err(format!("{field}: expected {expected:?}, got {actual:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let text = r#"["a\ud900z", "\ud83d\ude00", "\\ud800", "\udc00\ud800"]"#;
        let v: Value = serde_json::from_str(&usv_json(text)).unwrap();
        assert_eq!(v[0], "a\u{FFFD}z");
        assert_eq!(v[1], "\u{1F600}");
        assert_eq!(v[2], "\\ud800");
        assert_eq!(v[3], "\u{FFFD}\u{FFFD}");
    }

    #[test]
    fn host_ending_code_points_are_encoded() {
        assert_eq!(
            encode_host_ending_code_points("a:b/c?d#e\\f"),
            "a%3Ab%2Fc%3Fd%23e%5Cf"
        );
    }
}
