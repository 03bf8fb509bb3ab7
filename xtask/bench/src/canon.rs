//! Canonical keys (issue 39): weburl-canon's SURT key (`weburl_canon::surt::surt`, the `surt`
//! package's key from the string) on every URL of a corpus, side by side with weburl's
//! `Url::parse` + `href()` (the goal: the key within 2x of it) and with surt-rs
//! (`surt_rs::generate_surt`, the SURT crate on crates.io, on rust-url; a different key: it
//! keeps the fragment and sorts nothing, so only its speed is compared).
//!
//! Times: median and best of interleaved rounds, ns per URL over every line of the corpus.
//! Instructions (`--instructions`): this binary re-run as `weburl-bench count-canon --op OP
//! --corpus NAME` under callgrind, collecting only inside [`canon_counted_pass`], less the
//! baseline pass (the line lengths summed), per URL, as `instructions.rs` does for parsing.

use std::hint::black_box;
use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};

use crate::corpus::Corpus;
use crate::libs::run;

/// What is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CanonOp {
    /// weburl `Url::parse` + `href()`.
    ParseHref,
    /// weburl-canon's SURT key with the `surt` package's defaults.
    Surt,
    /// surt-rs's `generate_surt`.
    SurtRs,
}

impl CanonOp {
    pub const ALL: [CanonOp; 3] = [CanonOp::ParseHref, CanonOp::Surt, CanonOp::SurtRs];

    pub fn name(self) -> &'static str {
        match self {
            CanonOp::ParseHref => "parse_href",
            CanonOp::Surt => "surt",
            CanonOp::SurtRs => "surt_rs",
        }
    }
}

/// One pass of `op` over `inputs`; the elapsed nanoseconds.
fn pass(op: Option<CanonOp>, inputs: &[&str]) -> u128 {
    match op {
        Some(CanonOp::ParseHref) => run(inputs, |s| {
            weburl::Url::parse(s).map_or(0, |u| u.href().len())
        }),
        Some(CanonOp::Surt) => run(inputs, |s| {
            weburl_canon::surt::surt(s).map_or(0, |k| k.len())
        }),
        Some(CanonOp::SurtRs) => run(inputs, |s| surt_rs::generate_surt(s).map_or(0, |k| k.len())),
        None => run(inputs, |s| s.len()),
    }
}

/// The pass callgrind counts (by name: only the counted pass calls it).
#[inline(never)]
fn canon_counted_pass(op: Option<CanonOp>, inputs: &[&str]) -> u128 {
    pass(op, inputs)
}

/// Times of one corpus, ns per URL.
pub struct CanonResult {
    pub name: String,
    pub urls: usize,
    /// Median per op, in [`CanonOp::ALL`]'s order.
    pub median: [f64; 3],
    /// Best round per op.
    pub best: [f64; 3],
    /// Instructions per URL per op (with `--instructions`).
    pub instructions: Option<[f64; 3]>,
}

/// Times the three on `corpus`, interleaved in each round.
pub fn measure(corpus: &Corpus, rounds: usize) -> CanonResult {
    let inputs = corpus.inputs();
    let n = inputs.len().max(1) as f64;
    for op in CanonOp::ALL {
        pass(Some(op), &inputs);
    }
    let mut samples: [Vec<f64>; 3] = Default::default();
    for round in 0..rounds {
        for k in 0..3 {
            let i = (round + k) % 3;
            if let (Some(&op), Some(s)) = (CanonOp::ALL.get(i), samples.get_mut(i)) {
                s.push(pass(Some(op), &inputs) as f64 / n);
            }
        }
    }
    let best = samples
        .clone()
        .map(|s| s.iter().copied().fold(f64::INFINITY, f64::min));
    let median = samples.map(|mut s| {
        s.sort_by(f64::total_cmp);
        crate::median(&s)
    });
    CanonResult {
        name: corpus.name.clone(),
        urls: inputs.len(),
        median,
        best,
        instructions: None,
    }
}

const COUNT_USAGE: &str = "usage: weburl-bench count-canon (--op parse_href|surt|surt_rs | \
                           --baseline) --corpus NAME [--data DIR] [--wpt FILE] [--limit N]";

/// `weburl-bench count-canon ...`: a warm-up pass, then the counted pass (under callgrind).
pub fn count_main(
    args: &[String],
    data: std::path::PathBuf,
    wpt: std::path::PathBuf,
) -> Result<(), String> {
    let (mut op, mut corpus, mut baseline, mut limit) = (None, None, false, None);
    let (mut data, mut wpt) = (data, wpt);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or(format!("{name} needs a value\n{COUNT_USAGE}"))
        };
        match a.as_str() {
            "--op" => {
                let name = value("--op")?;
                op = Some(
                    CanonOp::ALL
                        .into_iter()
                        .find(|o| o.name() == name)
                        .ok_or(format!("unknown op `{name}`\n{COUNT_USAGE}"))?,
                );
            }
            "--corpus" => corpus = Some(value("--corpus")?),
            "--data" => data = value("--data")?.into(),
            "--wpt" => wpt = value("--wpt")?.into(),
            "--baseline" => baseline = true,
            "--limit" => {
                limit = Some(
                    value("--limit")?
                        .parse::<usize>()
                        .map_err(|_| format!("--limit needs a number\n{COUNT_USAGE}"))?,
                )
            }
            other => return Err(format!("unknown argument `{other}`\n{COUNT_USAGE}")),
        }
    }
    if baseline == op.is_some() {
        return Err(format!("give --op or --baseline\n{COUNT_USAGE}"));
    }
    let corpus = corpus.ok_or(format!("--corpus is required\n{COUNT_USAGE}"))?;
    let mut corpus = crate::instructions::load(&corpus, &data, &wpt)?;
    if let Some(n) = limit {
        corpus.truncate(n);
    }
    let inputs = corpus.inputs();
    black_box(pass(op, &inputs));
    black_box(canon_counted_pass(op, &inputs));
    Ok(())
}

/// Runs `count-canon` under callgrind; the instructions collected.
fn counted(corpus: &str, op: Option<CanonOp>, c: &Count<'_>) -> Result<u64, String> {
    let Count {
        data,
        wpt,
        out_dir,
        limit,
    } = *c;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find own binary: {e}"))?;
    let tag = op.map_or("baseline", CanonOp::name);
    let out = out_dir.join(format!("{corpus}.canon.{tag}.callgrind"));
    std::fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let mut cmd = Command::new("valgrind");
    cmd.arg("--tool=callgrind")
        .arg("--quiet")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg("--collect-atstart=no")
        .arg("--toggle-collect=*canon_counted_pass*")
        .arg(exe)
        .arg("count-canon")
        .args(["--corpus", corpus, "--data"])
        .arg(data)
        .arg("--wpt")
        .arg(wpt);
    match op {
        Some(op) => cmd.args(["--op", op.name()]),
        None => cmd.arg("--baseline"),
    };
    if let Some(n) = limit {
        cmd.args(["--limit", &n.to_string()]);
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    if !status.success() {
        return Err(format!("valgrind count-canon {corpus} {tag}: {status}"));
    }
    let text =
        std::fs::read_to_string(&out).map_err(|e| format!("cannot read {}: {e}", out.display()))?;
    text.lines()
        .filter_map(|l| {
            l.strip_prefix("totals:")
                .or_else(|| l.strip_prefix("summary:"))
        })
        .filter_map(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
        .next_back()
        .ok_or(format!("{}: no totals", out.display()))
}

/// Where the counting processes read the corpora and write callgrind's files.
#[derive(Clone, Copy)]
pub struct Count<'a> {
    pub data: &'a Path,
    pub wpt: &'a Path,
    pub out_dir: &'a Path,
    pub limit: Option<usize>,
}

/// Adds instructions per URL to each result.
pub fn count_instructions(results: &mut [CanonResult], c: &Count<'_>) -> Result<(), String> {
    for r in results.iter_mut() {
        let base = counted(&r.name, None, c)?;
        let mut per_url = [0.0; 3];
        for (slot, op) in per_url.iter_mut().zip(CanonOp::ALL) {
            let total = counted(&r.name, Some(op), c)?;
            *slot = total.saturating_sub(base) as f64 / r.urls.max(1) as f64;
        }
        r.instructions = Some(per_url);
    }
    Ok(())
}

pub fn print_table(results: &[CanonResult]) {
    println!("\n== canonical keys: weburl-canon surt key vs parse + href, and surt-rs ==");
    println!(
        "   ns/URL over every line (median of rounds; best round in brackets); ratio = surt key / \
         (parse + href), goal under 2 (issue 39);\n   surt-rs makes another key (fragment kept, \
         nothing sorted): speed only"
    );
    println!(
        "{:<16} {:>7} {:>16} {:>16} {:>16} {:>7} {:>7} {:>10}",
        "corpus", "URLs", "parse+href", "surt key", "surt-rs", "ratio", "best", "surt-rs/us"
    );
    for r in results {
        let [p, s, rs] = r.median;
        let [bp, bs, brs] = r.best;
        println!(
            "{:<16} {:>7} {:>8.1} ({:>5.1}) {:>8.1} ({:>5.1}) {:>8.1} ({:>5.1}) {:>7.2} {:>7.2} {:>10.2}",
            r.name,
            r.urls,
            p,
            bp,
            s,
            bs,
            rs,
            brs,
            s / p,
            bs / bp,
            rs / s
        );
    }
    if results.iter().any(|r| r.instructions.is_some()) {
        println!("\n   instructions/URL (callgrind, the baseline loop subtracted)");
        println!(
            "{:<16} {:>12} {:>12} {:>12} {:>7} {:>10}",
            "corpus", "parse+href", "surt key", "surt-rs", "ratio", "surt-rs/us"
        );
        for r in results {
            if let Some([p, s, rs]) = r.instructions {
                println!(
                    "{:<16} {:>12.0} {:>12.0} {:>12.0} {:>7.2} {:>10.2}",
                    r.name,
                    p,
                    s,
                    rs,
                    s / p,
                    rs / s
                );
            }
        }
    }
}

pub fn json(results: &[CanonResult]) -> Value {
    Value::Array(
        results
            .iter()
            .map(|r| {
                let [p, s, rs] = r.median;
                let [bp, bs, brs] = r.best;
                json!({
                    "name": r.name,
                    "urls": r.urls,
                    "parse_href_median_ns_per_url": p,
                    "surt_median_ns_per_url": s,
                    "surt_rs_median_ns_per_url": rs,
                    "parse_href_best_ns_per_url": bp,
                    "surt_best_ns_per_url": bs,
                    "surt_rs_best_ns_per_url": brs,
                    "surt_over_parse_href": s / p,
                    "surt_over_parse_href_best": bs / bp,
                    "instructions_per_url": r.instructions.map(|[p, s, rs]| json!({
                        "parse_href": p, "surt": s, "surt_rs": rs
                    })),
                })
            })
            .collect(),
    )
}
