//! Instruction counts (issue 21): callgrind's instructions per URL for each library, corpus
//! and operation, which do not depend on the machine's load as times do.
//!
//! The driver ([`measure`]) runs this same binary once per (corpus, library, operation) as
//! `weburl-bench count --lib LIB --op OP --corpus NAME` under
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=*counted_pass*`, and once
//! per corpus with `--baseline`. The `count` process ([`count_main`]) loads the corpus, runs one
//! uncounted warm-up pass (lazy tables, allocator), then one pass inside [`counted_pass`], the
//! only function whose instructions callgrind collects (with everything it calls). The pass is
//! the timing loop itself ([`libs::time_pass`]): each line through the library, the href lengths
//! (or successes) summed into `black_box`. The baseline pass is the same loop that sums the line
//! lengths without parsing. Instructions per URL = (pass - baseline) / URLs. The numbers are a
//! property of the binary and the inputs: the same build gives the same counts on any machine.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

use crate::corpus::Corpus;
use crate::libs::{self, Bases, Lib, Op};
use crate::CorpusResult;

/// The operations the driver counts.
pub const OPS: [Op; 2] = [Op::Parse, Op::CanParse];

/// The function callgrind collects in (a pattern for `--toggle-collect`).
const TOGGLE: &str = "*counted_pass*";

/// What the driver needs to spawn the counting processes.
pub struct Options<'a> {
    pub data: &'a Path,
    pub wpt: &'a Path,
    pub limit: Option<usize>,
    /// Where callgrind's output files go (kept, for `callgrind_annotate`).
    pub out_dir: &'a Path,
}

/// Instruction totals of one corpus.
pub struct InstrResult {
    pub name: String,
    pub urls: usize,
    /// The baseline pass (sum of line lengths), in instructions.
    pub baseline: u64,
    /// For each of [`OPS`], each library's pass, in instructions (baseline included).
    pub totals: Vec<(Op, Vec<(Lib, u64)>)>,
}

impl InstrResult {
    /// Instructions per URL of `lib` on `op`, the baseline subtracted.
    pub fn per_url(&self, op: Op, lib: Lib) -> Option<f64> {
        let (_, libs) = self.totals.iter().find(|(o, _)| *o == op)?;
        let (_, total) = libs.iter().find(|(l, _)| *l == lib)?;
        Some(total.saturating_sub(self.baseline) as f64 / self.urls.max(1) as f64)
    }

    /// weburl's instructions per URL over `other`'s.
    pub fn ratio(&self, op: Op, other: Lib) -> Option<f64> {
        Some(self.per_url(op, Lib::Weburl)? / self.per_url(op, other)?)
    }
}

/// The pass callgrind counts. Not inlined, so that `--toggle-collect` finds it by name (every
/// call toggles collection on and off: only the counted pass may call it).
#[inline(never)]
fn counted_pass(work: Option<(Lib, Op)>, inputs: &[&str], bases: &Bases) -> u128 {
    pass(work, inputs, bases)
}

/// One pass: the library's timing loop, or the baseline loop.
#[inline(never)]
fn pass(work: Option<(Lib, Op)>, inputs: &[&str], bases: &Bases) -> u128 {
    match work {
        Some((lib, op)) => libs::time_pass(lib, op, inputs, bases),
        None => libs::run(inputs, |s| s.len()),
    }
}

fn lib_by_name(name: &str) -> Result<Lib, String> {
    Lib::all()
        .into_iter()
        .find(|l| l.name() == name)
        .ok_or_else(|| format!("unknown library `{name}` (weburl, ada, url)"))
}

fn op_by_name(name: &str) -> Result<Op, String> {
    Op::ALL
        .into_iter()
        .find(|o| o.name() == name)
        .ok_or_else(|| format!("unknown operation `{name}` (parse, can_parse, parse_with_base)"))
}

/// Loads the corpus called `name`: `wpt-urltestdata` from `wpt`, else `DATA/NAME.txt`.
pub fn load(name: &str, data: &Path, wpt: &Path) -> Result<Corpus, String> {
    if name == "wpt-urltestdata" {
        Corpus::from_urltestdata(wpt)
    } else {
        Corpus::from_lines_file(&data.join(format!("{name}.txt")))
    }
}

const COUNT_USAGE: &str = "usage: weburl-bench count (--lib weburl|ada|url --op parse|can_parse|\
                           parse_with_base | --baseline) --corpus NAME [--data DIR] [--wpt FILE] \
                           [--limit N]";

/// `weburl-bench count ...`: one warm-up pass, then the counted pass; prints nothing on success.
/// Meant to run under callgrind (see the module docs); without it, it just runs.
pub fn count_main(args: &[String], data: PathBuf, wpt: PathBuf) -> Result<(), String> {
    let (mut lib, mut op, mut corpus, mut limit) = (None, None, None, None);
    let (mut data, mut wpt, mut baseline) = (data, wpt, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or(format!("{name} needs a value\n{COUNT_USAGE}"))
        };
        match a.as_str() {
            "--lib" => lib = Some(lib_by_name(&value("--lib")?)?),
            "--op" => op = Some(op_by_name(&value("--op")?)?),
            "--corpus" => corpus = Some(value("--corpus")?),
            "--data" => data = PathBuf::from(value("--data")?),
            "--wpt" => wpt = PathBuf::from(value("--wpt")?),
            "--limit" => {
                limit = Some(
                    value("--limit")?
                        .parse()
                        .map_err(|_| format!("--limit needs a number\n{COUNT_USAGE}"))?,
                )
            }
            "--baseline" => baseline = true,
            other => return Err(format!("unknown argument `{other}`\n{COUNT_USAGE}")),
        }
    }
    let corpus = corpus.ok_or(format!("--corpus is required\n{COUNT_USAGE}"))?;
    let work = match (baseline, lib, op) {
        (true, None, _) => None,
        (false, Some(lib), Some(op)) => Some((lib, op)),
        _ => return Err(format!("give --lib and --op, or --baseline\n{COUNT_USAGE}")),
    };
    let mut corpus = load(&corpus, &data, &wpt)?;
    if let Some(n) = limit {
        corpus.truncate(n);
    }
    let inputs = corpus.inputs();
    let bases = Bases::new()?;
    // Warm-up, not counted: one-time costs (lazy tables, the allocator's first pages) are not
    // per-URL costs.
    std::hint::black_box(pass(work, &inputs, &bases));
    // Counted: callgrind collects only inside `counted_pass`.
    std::hint::black_box(counted_pass(work, &inputs, &bases));
    Ok(())
}

/// The total instructions (`Ir`) in a callgrind output file: its `totals:` line, or its
/// `summary:` line (callgrind writes both; older versions only `summary:`).
fn read_total(path: &Path) -> Result<u64, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    total_in(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The first number of the last `totals:` or `summary:` line of a callgrind output file.
fn total_in(text: &str) -> Result<u64, String> {
    let mut found = None;
    for line in text.lines() {
        if let Some(rest) = line
            .strip_prefix("totals:")
            .or_else(|| line.strip_prefix("summary:"))
        {
            let first = rest.split_whitespace().next().unwrap_or("");
            found = Some(
                first
                    .parse::<u64>()
                    .map_err(|_| format!("bad total `{line}`"))?,
            );
        }
    }
    found.ok_or_else(|| "no totals: or summary: line".to_owned())
}

/// Runs one `count` process under callgrind; returns its collected instructions.
fn run_counted(
    opts: &Options,
    corpus: &str,
    work: Option<(Lib, Op)>,
) -> Result<(u64, PathBuf), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find own binary: {e}"))?;
    let tag = match work {
        Some((lib, op)) => format!("{}.{}", lib.name(), op.name()),
        None => "baseline".to_owned(),
    };
    let out = opts.out_dir.join(format!("{corpus}.{tag}.callgrind"));
    let mut cmd = Command::new("valgrind");
    cmd.arg("--tool=callgrind")
        .arg("--quiet")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg("--collect-atstart=no")
        .arg(format!("--toggle-collect={TOGGLE}"))
        .arg(&exe)
        .args(["count", "--corpus", corpus])
        .arg("--data")
        .arg(opts.data)
        .arg("--wpt")
        .arg(opts.wpt);
    match work {
        Some((lib, op)) => cmd.args(["--lib", lib.name(), "--op", op.name()]),
        None => cmd.arg("--baseline"),
    };
    if let Some(n) = opts.limit {
        cmd.args(["--limit", &n.to_string()]);
    }
    let status = cmd.status().map_err(|e| {
        format!(
            "cannot run valgrind ({e}): --instructions needs valgrind (apt-get install valgrind)"
        )
    })?;
    if !status.success() {
        return Err(format!(
            "valgrind ... count {corpus} {tag} failed: {status}"
        ));
    }
    let total = read_total(&out)?;
    if total == 0 {
        return Err(format!(
            "{}: 0 instructions collected: callgrind did not find `{TOGGLE}` (symbols stripped?)",
            out.display()
        ));
    }
    Ok((total, out))
}

/// Counts every library on every corpus for [`OPS`], one callgrind process at a time.
pub fn measure(
    opts: &Options,
    corpora: &[Corpus],
    libs: &[Lib],
) -> Result<Vec<InstrResult>, String> {
    std::fs::create_dir_all(opts.out_dir)
        .map_err(|e| format!("cannot create {}: {e}", opts.out_dir.display()))?;
    let mut results = Vec::new();
    for corpus in corpora {
        eprintln!("weburl-bench: counting instructions on {} ...", corpus.name);
        let (baseline, _) = run_counted(opts, &corpus.name, None)?;
        let mut totals = Vec::new();
        for op in OPS {
            let mut per_lib = Vec::new();
            for &lib in libs {
                let (total, _) = run_counted(opts, &corpus.name, Some((lib, op)))?;
                per_lib.push((lib, total));
            }
            totals.push((op, per_lib));
        }
        results.push(InstrResult {
            name: corpus.name.clone(),
            urls: corpus.len(),
            baseline,
            totals,
        });
    }
    Ok(results)
}

/// weburl's median time over `other`'s, from a timed run of the same corpus and operation.
pub type TimeRatio<'a> = dyn Fn(&str, Op, Lib) -> Option<f64> + 'a;

/// A [`TimeRatio`] from this process's timing results.
pub fn time_ratios(results: &[CorpusResult]) -> impl Fn(&str, Op, Lib) -> Option<f64> + '_ {
    move |corpus, op, other| {
        let r = results.iter().find(|r| r.name == corpus)?;
        let o = r.ops.iter().find(|o| o.op == op)?;
        let ns = |lib| o.stats.iter().find(|s| s.lib == lib).map(|s| s.median_ns);
        Some(ns(Lib::Weburl)? / ns(other)?)
    }
}

fn cell(x: Option<f64>, digits: usize) -> String {
    x.map(|x| format!("{x:.digits$}"))
        .unwrap_or_else(|| "-".into())
}

pub fn print_tables(libs: &[Lib], results: &[InstrResult], time: &TimeRatio) {
    for op in OPS {
        println!("\n== instructions per URL (callgrind): {} ==", op.title());
        println!(
            "   (pass - baseline) / URLs, the baseline being the same loop summing line lengths;\n   \
             ratio = weburl / other, instructions (Ir) and, beside it, median time"
        );
        let mut head = format!("{:<16} {:>6}", "corpus", "URLs");
        for lib in libs {
            let _ = write!(head, " {:>10}", format!("{} Ir", lib.name()));
        }
        for other in [Lib::Ada, Lib::RustUrl] {
            let name = other.name();
            let _ = write!(
                head,
                " {:>13} {:>13}",
                format!("Ir w/{name}"),
                format!("time w/{name}")
            );
        }
        println!("{head}");
        for r in results {
            let mut line = format!("{:<16} {:>6}", r.name, r.urls);
            for &lib in libs {
                let _ = write!(line, " {:>10}", cell(r.per_url(op, lib), 0));
            }
            for other in [Lib::Ada, Lib::RustUrl] {
                let _ = write!(
                    line,
                    " {:>13} {:>13}",
                    cell(r.ratio(op, other), 3),
                    cell(time(&r.name, op, other), 3)
                );
            }
            println!("{line}");
        }
    }
}

pub fn json(results: &[InstrResult], time: &TimeRatio) -> Value {
    let rows: Vec<Value> = results
        .iter()
        .map(|r| {
            let ops: Vec<Value> = r
                .totals
                .iter()
                .map(|(op, libs)| {
                    let per_lib: serde_json::Map<String, Value> = libs
                        .iter()
                        .map(|(lib, total)| {
                            (
                                lib.name().to_owned(),
                                json!({"instructions_per_url": r.per_url(*op, *lib), "total": total}),
                            )
                        })
                        .collect();
                    json!({
                        "op": op.name(),
                        "libraries": per_lib,
                        "weburl_over_ada": r.ratio(*op, Lib::Ada),
                        "weburl_over_url": r.ratio(*op, Lib::RustUrl),
                        "time_weburl_over_ada": time(&r.name, *op, Lib::Ada),
                        "time_weburl_over_url": time(&r.name, *op, Lib::RustUrl),
                    })
                })
                .collect();
            json!({"name": r.name, "urls": r.urls, "baseline_total": r.baseline, "ops": ops})
        })
        .collect();
    Value::Array(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_line() {
        let file = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nfn=(1) f\n3 10\n\
                    summary: 41109393\n\ntotals: 41109393\n";
        assert_eq!(total_in(file), Ok(41109393));
        assert_eq!(total_in("events: Ir\nsummary: 7\n"), Ok(7));
        assert!(total_in("events: Ir\n").is_err());
        assert!(total_in("totals: x\n").is_err());
    }

    #[test]
    fn per_url_subtracts_the_baseline() {
        let r = InstrResult {
            name: "c".into(),
            urls: 10,
            baseline: 100,
            totals: vec![(Op::Parse, vec![(Lib::Weburl, 1100), (Lib::Ada, 2100)])],
        };
        assert_eq!(r.per_url(Op::Parse, Lib::Weburl), Some(100.0));
        assert_eq!(r.ratio(Op::Parse, Lib::Ada), Some(0.5));
        assert_eq!(r.per_url(Op::CanParse, Lib::Weburl), None);
        assert_eq!(r.ratio(Op::Parse, Lib::RustUrl), None);
    }
}
