//! `cargo xtask fuzz [--seconds N] [--sanitizer address|none] [TARGET...]`.
//!
//! Runs the cargo-fuzz targets in `fuzz/` (all of them when none is named) for N seconds
//! each (default 60), on the stable toolchain with `RUSTC_BOOTSTRAP=1` (cargo-fuzz passes
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
//! in `fuzz/artifacts/<target>/`; the summary lists each target's runs and outcome, and the
//! exit code is non-zero if any target failed.

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::{util, wpt_sync, Failure, Result};

/// The targets, in the order they run.
pub const TARGETS: [&str; 15] = [
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
    "differential",
];

/// The URL corpora, relative to the workspace root.
const DATASETS: &str = "../shared/datasets";

/// Lines taken from each corpus file (evenly spaced).
const LINES_PER_DATASET: usize = 1000;

const USAGE: &str = "usage: cargo xtask fuzz [--seconds N] [--sanitizer address|none] [TARGET...]";

struct Options {
    seconds: u64,
    sanitizer: String,
    targets: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Options> {
    let mut opts = Options {
        seconds: 60,
        sanitizer: "address".to_owned(),
        targets: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => {
                let n = it.next().ok_or_else(|| Failure::new(USAGE))?;
                opts.seconds = n
                    .parse()
                    .map_err(|_| Failure::new(format!("--seconds: not a number: {n}")))?;
            }
            "--sanitizer" => {
                let s = it.next().ok_or_else(|| Failure::new(USAGE))?;
                opts.sanitizer = s.clone();
            }
            "-h" | "--help" => return Err(Failure::new(USAGE)),
            name if TARGETS.contains(&name) => opts.targets.push(name.to_owned()),
            other => {
                return Err(Failure::new(format!(
                    "unknown fuzz target or option `{other}` (targets: {})\n{USAGE}",
                    TARGETS.join(", ")
                )))
            }
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
    let mut outcomes = Vec::new();
    for target in &opts.targets {
        let corpus = root.join("fuzz/corpus").join(target);
        let added = write_seeds(&corpus, seeds.for_target(target))?;
        eprintln!(
            "xtask: fuzz {target}: {added} new seed file(s) in {}",
            corpus.display()
        );
        outcomes.push((target.clone(), run_target(&root, target, &opts)?));
    }
    eprintln!("\ntarget         runs          seconds  result");
    let mut failed = Vec::new();
    for (target, o) in &outcomes {
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
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::new(format!(
            "fuzz target(s) failed: {} (inputs in fuzz/artifacts/<target>/)",
            failed.join(", ")
        )))
    }
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
}

/// Runs one target, streaming libFuzzer's output (without its per-input `NEW`/`REDUCE`
/// lines) and reading the final `Done N runs in S second(s)` line.
fn run_target(root: &Path, target: &str, opts: &Options) -> Result<Outcome> {
    let max_time = format!("-max_total_time={}", opts.seconds);
    let mut cmd = util::cargo();
    cmd.current_dir(root.join("fuzz"))
        .env("RUSTC_BOOTSTRAP", "1")
        // fuzz/ has its own target dir (fuzz/target); a CARGO_TARGET_DIR meant for the main
        // workspace would mix sanitizer builds into it.
        .env_remove("CARGO_TARGET_DIR")
        .args(["fuzz", "run", "-a", "--sanitizer", &opts.sanitizer, target])
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
    let mut runs = None;
    let mut seconds = None;
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(|l| l.ok()) {
            if let Some((r, s)) = parse_done(&line) {
                runs = Some(r);
                seconds = Some(s);
            }
            if !is_progress(&line) {
                eprintln!("{line}");
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| Failure::new(format!("cargo fuzz run {target}: {e}")))?;
    Ok(Outcome {
        ok: status.success(),
        runs,
        seconds,
    })
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
