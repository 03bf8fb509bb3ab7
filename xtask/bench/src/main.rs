//! weburl-bench: times weburl, ada (ada-url) and rust-url (url) on URL corpora in one process,
//! in interleaved rounds, and checks that they agree. Run it with `cargo xtask bench`.
//!
//! ```text
//! weburl-bench [--data DIR] [--wpt FILE] [--quick] [--rounds N] [--json] [--svg FILE] [--show N]
//! ```
#![forbid(unsafe_code)]

mod check;
mod corpus;
mod libs;
mod psl;
mod report;
mod sinks;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use corpus::{Corpus, CORPUS_FILES};
use libs::{Bases, Lib, Op};

const USAGE: &str = "usage: weburl-bench [--data DIR] [--wpt FILE] [--quick] [--rounds N] \
                     [--json] [--svg FILE] [--show N] [--psl-only]";

pub struct Args {
    data: PathBuf,
    wpt: PathBuf,
    rounds: usize,
    quick: bool,
    json: bool,
    svg: Option<PathBuf>,
    /// How many differences of each kind the text report prints per corpus (JSON has all).
    show: usize,
    /// `--psl-only`: only the public-suffix section.
    psl_only: bool,
}

fn workspace_root() -> PathBuf {
    // xtask/bench -> workspace root
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn parse_args() -> Result<Args, String> {
    let root = workspace_root();
    let mut args = Args {
        data: root.join("../shared/datasets"),
        wpt: root.join("wpt-data/urltestdata.json"),
        rounds: 0,
        quick: false,
        json: false,
        svg: None,
        show: 20,
        psl_only: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value\n{USAGE}"));
        match a.as_str() {
            "--data" => args.data = PathBuf::from(value("--data")?),
            "--wpt" => args.wpt = PathBuf::from(value("--wpt")?),
            "--svg" => args.svg = Some(PathBuf::from(value("--svg")?)),
            "--rounds" => {
                args.rounds = value("--rounds")?
                    .parse()
                    .map_err(|_| format!("--rounds needs a number\n{USAGE}"))?
            }
            "--show" => {
                args.show = value("--show")?
                    .parse()
                    .map_err(|_| format!("--show needs a number\n{USAGE}"))?
            }
            "--quick" => args.quick = true,
            "--psl-only" => args.psl_only = true,
            "--json" => args.json = true,
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if args.rounds == 0 {
        args.rounds = if args.quick { 3 } else { 21 };
    }
    Ok(args)
}

/// Timing of one library on one corpus and operation, per URL.
#[derive(Clone, Debug)]
pub struct Stats {
    pub lib: Lib,
    pub median_ns: f64,
    pub best_ns: f64,
    /// Input bytes per second at the median, in GB/s.
    pub gbps: f64,
}

pub struct OpResult {
    pub op: Op,
    pub stats: Vec<Stats>,
}

pub struct CorpusResult {
    pub name: String,
    pub urls: usize,
    pub bytes: usize,
    pub skipped_empty: usize,
    pub lossy: bool,
    pub ops: Vec<OpResult>,
    pub checks: check::Checks,
}

pub fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

fn measure(corpus: &Corpus, libs: &[Lib], bases: &Bases, rounds: usize) -> Vec<OpResult> {
    let inputs = corpus.inputs();
    let n = inputs.len().max(1) as f64;
    let bytes = corpus.bytes() as f64;
    let mut results = Vec::new();
    for op in Op::ALL {
        // Warm-up: one untimed pass each (caches, allocator, lazy tables).
        for &lib in libs {
            libs::time_pass(lib, op, &inputs, bases);
        }
        let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds); libs.len()];
        for round in 0..rounds {
            // Interleaved: each round runs every library once, starting with a different one.
            for k in 0..libs.len() {
                let i = (round + k) % libs.len();
                let ns = libs::time_pass(libs[i], op, &inputs, bases);
                samples[i].push(ns as f64);
            }
        }
        let stats = libs
            .iter()
            .zip(samples)
            .map(|(&lib, mut s)| {
                s.sort_by(f64::total_cmp);
                let med = median(&s);
                Stats {
                    lib,
                    median_ns: med / n,
                    best_ns: s.first().copied().unwrap_or(f64::NAN) / n,
                    gbps: if med > 0.0 { bytes / med } else { f64::NAN },
                }
            })
            .collect();
        results.push(OpResult { op, stats });
    }
    results
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let libs = Lib::all();
    let bases = Bases::new()?;

    let mut corpora = Vec::new();
    let mut missing = Vec::new();
    for file in CORPUS_FILES {
        let path = args.data.join(file);
        if path.is_file() {
            corpora.push(Corpus::from_lines_file(&path)?);
        } else {
            missing.push(path.display().to_string());
        }
    }
    match Corpus::from_urltestdata(&args.wpt) {
        Ok(c) => corpora.push(c),
        Err(e) => missing.push(format!("{e} (run `cargo xtask wpt-sync`)")),
    }
    for m in &missing {
        eprintln!("weburl-bench: skipping missing corpus {m}");
    }
    if corpora.is_empty() {
        return Err(format!("no corpus found in {}", args.data.display()));
    }
    if !args.json {
        report::print_header(&args, &libs, &corpora);
    }

    let psl_text =
        std::fs::read_to_string(workspace_root().join("crates/psl/data/public_suffix_list.dat"))
            .map_err(|e| format!("crates/psl/data/public_suffix_list.dat: {e}"))?;
    let psl_lists = psl::Lists::new(&psl_text)?;
    let mut psl_results = Vec::new();

    let start = Instant::now();
    let mut results = Vec::new();
    let mut sink_results = Vec::new();
    for corpus in &corpora {
        if !args.json {
            eprintln!("weburl-bench: {} ...", corpus.name);
        }
        psl_results.push(psl::measure(corpus, &psl_lists, args.rounds));
        if args.psl_only {
            continue;
        }
        let ops = measure(corpus, &libs, &bases, args.rounds);
        sink_results.push(sinks::measure(corpus, args.rounds));
        let checks = check::run(corpus, &libs, &bases);
        results.push(CorpusResult {
            name: corpus.name.clone(),
            urls: corpus.len(),
            bytes: corpus.bytes(),
            skipped_empty: corpus.skipped_empty,
            lossy: corpus.lossy,
            ops,
            checks,
        });
    }
    let elapsed = start.elapsed();

    if args.json {
        let mut json = report::json(&args, &libs, &results, elapsed);
        if let Some(obj) = json.as_object_mut() {
            obj.insert("validation_error_sinks".into(), sinks::json(&sink_results));
            obj.insert("public_suffix".into(), psl::json(&psl_results, &psl_lists));
        }
        println!("{json}");
    } else if args.psl_only {
        psl::print_table(&psl_results, &psl_lists, args.show);
    } else {
        report::print_tables(&libs, &results);
        sinks::print_table(&sink_results);
        psl::print_table(&psl_results, &psl_lists, args.show);
        report::print_checks(&libs, &results, args.show);
        println!("\nweburl-bench: done in {:.1} s", elapsed.as_secs_f64());
    }
    if let Some(svg) = &args.svg {
        std::fs::write(svg, report::svg(&libs, &results))
            .map_err(|e| format!("cannot write {}: {e}", svg.display()))?;
        eprintln!("weburl-bench: wrote {}", svg.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
