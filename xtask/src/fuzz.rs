//! `cargo xtask fuzz [--seconds N] [--sanitizer address|none] [--jobs J] [TARGET...]`.
//!
//! Runs the cargo-fuzz targets in `fuzz/` (all of them when none is named) for N seconds
//! each (default 60), J targets at a time (default 1; libFuzzer uses one core a target, so
//! `--jobs 2` halves the wall time on a two-core machine), on the stable toolchain with `RUSTC_BOOTSTRAP=1` (cargo-fuzz passes
//! nightly-only flags). Installs cargo-fuzz with `cargo install cargo-fuzz --locked` when
//! `cargo fuzz --version` fails.
//!
//! Before running, each target's corpus directory `fuzz/corpus/<target>/` is seeded from the
//! WPT data (synced into `wpt-data/` first) and the URL corpora in `../shared/datasets`
//! (a sample of each file's lines). Seed files are named by a hash of their content, so
//! seeding again adds nothing; what libFuzzer adds to the corpus is kept between runs.
//!
//! Targets are built with debug assertions (`-a`), so weburl-core checks its offset
//! invariants after every parse and setter. A crash or a broken invariant leaves the input
//! in `fuzz/artifacts/<target>/`; the summary lists each target's runs and outcome, then for
//! each failed target the lines that say why (the panic message, libFuzzer's or the
//! sanitizer's error, the artifact's path), so that the end of a CI log names the failure;
//! the exit code is non-zero if any target failed.

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Mutex;

use crate::args::{self, Args};
use crate::{util, wpt_sync, Failure, Result};

/// The targets, in the order they run.
pub const TARGETS: [&str; 22] = [
    "parse",
    "setters",
    "join",
    "host",
    "form",
    "percent",
    "fastpath",
    "bytes",
    "psl",
    "display",
    "pattern",
    "capi",
    "functions",
    "dialect",
    "tld",
    "canon_surt",
    "canon_safe_browsing",
    "canon_strip_tracking",
    "canon_tracking_rules",
    "canon_urlcanon",
    "canon_common_crawl",
    "differential",
];

/// The URL corpora, relative to the workspace root.
const DATASETS: &str = "../shared/datasets";

/// Lines taken from each corpus file (evenly spaced).
const LINES_PER_DATASET: usize = 1000;

const USAGE: &str =
    "cargo xtask fuzz [--seconds N] [--sanitizer address|none] [--jobs J] [TARGET...]";

struct Options {
    seconds: u64,
    sanitizer: String,
    jobs: usize,
    targets: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Options> {
    use lexopt::Arg::{Long, Value};
    let mut opts = Options {
        seconds: 60,
        sanitizer: "address".to_owned(),
        jobs: 1,
        targets: Vec::new(),
    };
    let mut p = Args::new(args, USAGE);
    while let Some(arg) = p.next()? {
        match arg {
            Long("seconds") => opts.seconds = p.parsed("--seconds")?,
            Long("sanitizer") => opts.sanitizer = p.value()?,
            Long("jobs") => opts.jobs = p.count("--jobs")?,
            Value(name) if name.to_str().is_some_and(|n| TARGETS.contains(&n)) => {
                opts.targets.push(name.to_string_lossy().into_owned())
            }
            Value(other) => {
                return Err(p.error(&format!(
                    "unknown fuzz target `{}` (targets: {})",
                    other.to_string_lossy(),
                    TARGETS.join(", ")
                )))
            }
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    if opts.targets.is_empty() {
        opts.targets = TARGETS.iter().map(|t| (*t).to_owned()).collect();
    }
    Ok(opts)
}

pub fn main(args: &[String]) -> Result {
    let opts = parse_args(args)?;
    ensure_cargo_fuzz()?;
    wpt_sync::sync(&wpt_sync::Options::default())?;
    let root = util::workspace_root();
    let seeds = Seeds::collect(&root)?;
    for target in &opts.targets {
        let corpus = root.join("fuzz/corpus").join(target);
        let added = write_seeds(&corpus, seeds.for_target(target))?;
        eprintln!(
            "xtask: fuzz {target}: {added} new seed file(s) in {}",
            corpus.display()
        );
    }
    let outcomes = if opts.jobs == 1 {
        let mut outcomes = Vec::new();
        for target in &opts.targets {
            outcomes.push(run_target(&root, target, &opts, false)?);
        }
        outcomes
    } else {
        run_parallel(&root, &opts)?
    };
    eprintln!("\ntarget         runs          seconds  result");
    let mut failed = Vec::new();
    for (target, o) in opts.targets.iter().zip(&outcomes) {
        eprintln!(
            "{target:<14} {:<13} {:<8} {}",
            o.runs.map_or("?".to_owned(), |n| n.to_string()),
            o.seconds.map_or("?".to_owned(), |n| n.to_string()),
            if o.ok { "ok" } else { "FAILED" }
        );
        if !o.ok {
            failed.push(target.as_str());
        }
    }
    for (target, o) in opts.targets.iter().zip(&outcomes) {
        if !o.ok {
            eprintln!("\n{target} failed:");
            for line in &o.reasons {
                eprintln!("  {line}");
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::new(format!(
            "fuzz target(s) failed: {} (inputs in fuzz/artifacts/<target>/)",
            failed.join(", ")
        )))
    }
}

/// Builds every target first, one after the other (cargo locks the target directory), then
/// runs `opts.jobs` of them at a time, each target's output held back and printed whole when
/// it ends, so that the logs of two targets do not interleave.
fn run_parallel(root: &Path, opts: &Options) -> Result<Vec<Outcome>> {
    for target in &opts.targets {
        util::run_streaming(
            fuzz_command(root).args(["build", "-a", "--sanitizer", &opts.sanitizer, target]),
            &format!("cargo fuzz build {target}"),
        )?;
    }
    let next = Mutex::new(0usize);
    let outcomes: Mutex<Vec<Option<Result<Outcome>>>> =
        Mutex::new(opts.targets.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..opts.jobs.min(opts.targets.len()) {
            scope.spawn(|| loop {
                let i = {
                    let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
                    let i = *next;
                    *next += 1;
                    i
                };
                let Some(target) = opts.targets.get(i) else {
                    return;
                };
                let outcome = run_target(root, target, opts, true);
                if let Ok(o) = &outcome {
                    eprintln!("{}", o.log.join("\n"));
                }
                outcomes.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(outcome);
            });
        }
    });
    outcomes
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|o| o.unwrap_or_else(|| Err(Failure::new("a fuzz target did not run"))))
        .collect()
}

/// `cargo fuzz` in `fuzz/`, on the stable toolchain.
fn fuzz_command(root: &Path) -> std::process::Command {
    let mut cmd = util::cargo();
    cmd.current_dir(root.join("fuzz"))
        .env("RUSTC_BOOTSTRAP", "1")
        // fuzz/ has its own target dir (fuzz/target); a CARGO_TARGET_DIR meant for the main
        // workspace would mix sanitizer builds into it.
        .env_remove("CARGO_TARGET_DIR");
    cmd.arg("fuzz");
    cmd
}

/// `cargo fuzz --version`, installing cargo-fuzz if that fails.
fn ensure_cargo_fuzz() -> Result {
    let works = util::cargo()
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if works {
        return Ok(());
    }
    eprintln!("xtask: cargo-fuzz not found; cargo install cargo-fuzz --locked");
    util::run_streaming(
        util::cargo().args(["install", "cargo-fuzz", "--locked"]),
        "cargo install cargo-fuzz",
    )
}

/// What one target's run printed.
struct Outcome {
    ok: bool,
    runs: Option<u64>,
    seconds: Option<u64>,
    /// The lines that say why a run failed (see [`is_reason`]).
    reasons: Vec<String>,
    /// The output without libFuzzer's per-input lines, when held back (`--jobs` above 1).
    log: Vec<String>,
}

/// Runs one target, streaming libFuzzer's output (without its per-input `NEW`/`REDUCE`
/// lines) or holding it back (`hold`), and reading the final `Done N runs in S second(s)`
/// line.
fn run_target(root: &Path, target: &str, opts: &Options, hold: bool) -> Result<Outcome> {
    let max_time = format!("-max_total_time={}", opts.seconds);
    let mut cmd = fuzz_command(root);
    cmd.args(["run", "-a", "--sanitizer", &opts.sanitizer, target])
        .args([
            "--",
            &max_time,
            "-timeout=10",
            "-max_len=8192",
            "-rss_limit_mb=2048",
            "-print_final_stats=1",
        ])
        .stderr(Stdio::piped());
    eprintln!(
        "xtask: RUSTC_BOOTSTRAP=1 cargo fuzz run -a --sanitizer {} {target} -- {max_time} ...",
        opts.sanitizer
    );
    let mut child = cmd
        .spawn()
        .map_err(|e| Failure::new(format!("could not start cargo fuzz: {e}")))?;
    let mut outcome = Outcome {
        ok: false,
        runs: None,
        seconds: None,
        reasons: Vec::new(),
        log: Vec::new(),
    };
    if let Some(stderr) = child.stderr.take() {
        let mut reasons = Reasons::default();
        for line in BufReader::new(stderr).lines().map_while(|l| l.ok()) {
            if let Some((r, s)) = parse_done(&line) {
                outcome.runs = Some(r);
                outcome.seconds = Some(s);
            }
            reasons.feed(&line);
            if !is_progress(&line) {
                if hold {
                    outcome.log.push(line);
                } else {
                    eprintln!("{line}");
                }
            }
        }
        outcome.reasons = reasons.lines;
    }
    let status = child
        .wait()
        .map_err(|e| Failure::new(format!("cargo fuzz run {target}: {e}")))?;
    outcome.ok = status.success();
    if !outcome.ok && outcome.reasons.is_empty() {
        outcome
            .reasons
            .push(format!("cargo fuzz run exited with {status}"));
    }
    Ok(outcome)
}

/// The lines of a failed run that say why: a Rust panic with its message, libFuzzer's or a
/// sanitizer's error and summary, where the failing input was written, and the input itself
/// in base64.
#[derive(Default)]
struct Reasons {
    lines: Vec<String>,
    /// Lines of a panic's message still to keep (it follows the `panicked at` line).
    message_left: usize,
}

impl Reasons {
    /// Lines of a panic's message kept after its `panicked at` line.
    const MESSAGE_LINES: usize = 6;

    fn feed(&mut self, line: &str) {
        if line.starts_with("note:") || line.starts_with("==") {
            self.message_left = 0;
        }
        if is_reason(line) || self.message_left > 0 {
            self.lines.push(line.to_owned());
            self.message_left = if line.contains("panicked at") {
                Self::MESSAGE_LINES
            } else {
                self.message_left.saturating_sub(1)
            };
        }
    }
}

/// See [`Reasons`].
fn is_reason(line: &str) -> bool {
    line.contains("panicked at")
        || (line.starts_with("==") && line.contains("ERROR"))
        || line.starts_with("SUMMARY:")
        || line.contains("Test unit written to")
        || line.starts_with("Base64:")
        || line.starts_with("Failing input:")
}

/// libFuzzer's per-input lines (`#123 NEW ...`, `#456 REDUCE ...`) and its recommended
/// dictionary entries.
fn is_progress(line: &str) -> bool {
    (line.starts_with('#') && (line.contains(" NEW ") || line.contains(" REDUCE ")))
        || (line.starts_with('"') && line.contains("# Uses:"))
}

/// `Done 12345 runs in 60 second(s)` -> (12345, 60).
fn parse_done(line: &str) -> Option<(u64, u64)> {
    let rest = line.strip_prefix("Done ")?;
    let mut words = rest.split_whitespace();
    let runs = words.next()?.parse().ok()?;
    let _ = words.next().filter(|w| *w == "runs")?;
    let _ = words.next().filter(|w| *w == "in")?;
    let seconds = words.next()?.parse().ok()?;
    Some((runs, seconds))
}

/// Seed inputs, by kind.
#[derive(Default)]
struct Seeds {
    /// URL strings (WPT inputs and hrefs, corpus lines).
    urls: BTreeSet<String>,
    /// `base NUL input` pairs from urltestdata.json, for `join`.
    joins: BTreeSet<String>,
    /// Domains and hosts (toascii.json, IdnaTestV2.json, hosts of the URLs).
    hosts: BTreeSet<String>,
    /// application/x-www-form-urlencoded strings (urlencoded-parser-data.json, queries).
    forms: BTreeSet<String>,
    /// Strings for percent-encoding.
    percent: BTreeSet<String>,
    /// `pattern NUL url` pairs and pattern strings (urlpatterntestdata.json), for `pattern`.
    patterns: BTreeSet<String>,
}

impl Seeds {
    fn collect(root: &Path) -> Result<Seeds> {
        let mut seeds = Seeds::default();
        let wpt = root.join(wpt_sync::DATA_DIR);
        for file in [
            "urltestdata.json",
            "urltestdata-javascript-only.json",
            "setters_tests.json",
        ] {
            let pairs = json_string_pairs(&read(&wpt.join(file))?);
            let mut last_input = None;
            for (key, value) in pairs {
                match key.as_deref() {
                    Some("input" | "href") => {
                        seeds.urls.insert(value.clone());
                        if key.as_deref() == Some("input") {
                            last_input = Some(value);
                        }
                    }
                    Some("base") => {
                        if let Some(input) = &last_input {
                            seeds.joins.insert(format!("{value}\0{input}"));
                        }
                        seeds.urls.insert(value);
                    }
                    Some("new_value") => {
                        seeds.percent.insert(value.clone());
                        seeds.hosts.insert(value);
                    }
                    _ => {}
                }
            }
        }
        for file in ["toascii.json", "IdnaTestV2.json"] {
            for (key, value) in json_string_pairs(&read(&wpt.join(file))?) {
                if matches!(key.as_deref(), Some("input" | "output")) {
                    seeds.hosts.insert(value);
                }
            }
        }
        for file in ["urlencoded-parser-data.json", "percent-encoding.json"] {
            for (key, value) in json_string_pairs(&read(&wpt.join(file))?) {
                if key.as_deref() == Some("input") {
                    seeds.forms.insert(value.clone());
                    seeds.percent.insert(value);
                }
            }
        }
        // Every string of the URLPattern cases (patterns, inputs, base URLs) as a pattern, and
        // with each of a few inputs.
        let pattern_strings: BTreeSet<String> =
            json_string_pairs(&read(&wpt.join("urlpatterntestdata.json"))?)
                .into_iter()
                .map(|(_, value)| value)
                .collect();
        for value in pattern_strings {
            for input in [
                "https://example.com/a/b?c=d#e",
                "http://sub.example.org:8080/x/y.html",
            ] {
                seeds.patterns.insert(format!("{value}\0{input}"));
            }
            seeds.patterns.insert(value);
        }
        let datasets = root.join(DATASETS);
        match fs::read_dir(&datasets) {
            Ok(entries) => {
                let mut files: Vec<PathBuf> = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                    .collect();
                files.sort();
                for file in files {
                    let text = read(&file)?;
                    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
                    let step = (lines.len() / LINES_PER_DATASET).max(1);
                    for line in lines.iter().step_by(step) {
                        seeds.urls.insert((*line).to_owned());
                    }
                }
            }
            Err(e) => eprintln!(
                "xtask: warning: no URL corpora ({}: {e}); seeding from WPT only",
                datasets.display()
            ),
        }
        let urls: Vec<String> = seeds.urls.iter().cloned().collect();
        for url in urls {
            if let Some(host) = host_of(&url) {
                seeds.hosts.insert(host.to_owned());
            }
            if let Some((_, query)) = url.split_once('?') {
                let query = query.split('#').next().unwrap_or_default();
                seeds.forms.insert(query.to_owned());
            }
        }
        seeds.percent.extend(seeds.urls.iter().take(2000).cloned());
        Ok(seeds)
    }

    fn for_target<'a>(&'a self, target: &str) -> Box<dyn Iterator<Item = &'a String> + 'a> {
        match target {
            "join" | "functions" => Box::new(self.joins.iter().chain(self.urls.iter())),
            "host" | "psl" => Box::new(self.hosts.iter()),
            "form" => Box::new(self.forms.iter()),
            "percent" => Box::new(self.percent.iter()),
            "pattern" => Box::new(self.patterns.iter()),
            // Each input is checked at every length and offset (cubic in its length, up to
            // 72 bytes): a sample of the URLs, so that a smoke run gets past its seeds.
            "bytes" => Box::new(self.urls.iter().step_by(50)),
            _ => Box::new(self.urls.iter()),
        }
    }
}

/// The text between `://` and the next `/`, `?` or `#` (and after the last `@`).
fn host_of(url: &str) -> Option<&str> {
    let (_, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#', '\\']).next()?;
    let host = authority.rsplit('@').next()?;
    (!host.is_empty()).then_some(host)
}

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

/// Writes each seed to `dir/seed-<hash>` unless that file exists; returns how many were
/// written.
fn write_seeds<'a>(dir: &Path, seeds: impl Iterator<Item = &'a String>) -> Result<usize> {
    fs::create_dir_all(dir).map_err(|e| Failure::new(format!("{}: {e}", dir.display())))?;
    let mut added = 0;
    for seed in seeds {
        let path = dir.join(format!("seed-{:016x}", fnv1a(seed.as_bytes())));
        if !path.exists() {
            fs::write(&path, seed).map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
            added += 1;
        }
    }
    Ok(added)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Every JSON string in `text` with the key it is the value of (`None` for array elements
/// and for keys themselves). A small scanner, enough for the WPT files: it does not validate.
fn json_string_pairs(text: &str) -> Vec<(Option<String>, String)> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut pending_key: Option<String> = None;
    let mut last_string: Option<String> = None;
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let s = json_string(&mut chars);
                if let Some(prev) = last_string.take() {
                    out.push((None, prev));
                }
                last_string = Some(s);
            }
            ':' => pending_key = last_string.take(),
            '[' | '{' => pending_key = None,
            ',' | '}' | ']' => {
                if let Some(value) = last_string.take() {
                    out.push((pending_key.take(), value));
                }
                pending_key = None;
            }
            _ => {}
        }
    }
    out
}

/// Reads a JSON string body after its opening quote, decoding escapes (`\uXXXX` surrogate
/// pairs included; lone surrogates become U+FFFD).
fn json_string(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> String {
    let mut s = String::new();
    let mut units: Vec<u16> = Vec::new();
    let flush = |units: &mut Vec<u16>, s: &mut String| {
        s.extend(char::decode_utf16(units.drain(..)).map(|r| r.unwrap_or('\u{FFFD}')));
    };
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    if let Ok(u) = u16::from_str_radix(&hex, 16) {
                        units.push(u);
                    }
                    continue;
                }
                Some(e) => {
                    flush(&mut units, &mut s);
                    s.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        other => other,
                    });
                }
                None => break,
            },
            other => {
                flush(&mut units, &mut s);
                s.push(other);
            }
        }
    }
    flush(&mut units, &mut s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_of_a_panic() {
        let log = "\
#1234\tNEW    cov: 1 ft: 1 corp: 1/1b
thread '<unnamed>' panicked at fuzz_targets/setters.rs:10:9:
assertion `left == right` failed: a failed Port(\"1\") changed the URL
  left: \"http://a:1/\"
 right: \"http://a/\"
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
==123== ERROR: libFuzzer: deadly signal
SUMMARY: libFuzzer: deadly signal
MS: 2 CopyPart-EraseBytes-; base unit: 0123
artifact_prefix='/x/'; Test unit written to /x/crash-abc
Base64: AAEC";
        let mut reasons = Reasons::default();
        for line in log.lines() {
            reasons.feed(line);
        }
        assert_eq!(
            reasons.lines,
            [
                "thread '<unnamed>' panicked at fuzz_targets/setters.rs:10:9:",
                "assertion `left == right` failed: a failed Port(\"1\") changed the URL",
                "  left: \"http://a:1/\"",
                " right: \"http://a/\"",
                "==123== ERROR: libFuzzer: deadly signal",
                "SUMMARY: libFuzzer: deadly signal",
                "artifact_prefix='/x/'; Test unit written to /x/crash-abc",
                "Base64: AAEC",
            ]
        );
    }

    #[test]
    fn json_pairs() {
        let text = r#"["c", {"input": "a\u00dfb\ud83d\ude00", "base": null, "x": ["p", "q"]}]"#;
        let pairs = json_string_pairs(text);
        assert_eq!(
            pairs,
            [
                (None, "c".to_owned()),
                (Some("input".to_owned()), "aßb😀".to_owned()),
                (None, "p".to_owned()),
                (None, "q".to_owned()),
            ]
        );
    }

    #[test]
    fn done_line() {
        assert_eq!(
            parse_done("Done 1234 runs in 61 second(s)"),
            Some((1234, 61))
        );
        assert_eq!(parse_done("#1234 DONE cov: 1"), None);
    }

    #[test]
    fn hosts() {
        assert_eq!(host_of("http://u@ex.com:1/p"), Some("ex.com:1"));
        assert_eq!(host_of("mailto:x"), None);
    }
}
