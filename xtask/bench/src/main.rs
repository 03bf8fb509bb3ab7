//! weburl-bench: times weburl, ada (ada-url) and rust-url (url) on URL corpora in one process,
//! in interleaved rounds, and checks that they agree. Run it with `cargo xtask bench`.
//!
//! ```text
//! weburl-bench [--data DIR] [--wpt FILE] [--quick] [--rounds N] [--json] [--svg FILE] [--show N]
//!              [--corpus NAME]... [--limit N] [--instructions | --instructions-only] [--runs N]
//!              [--canon-only]
//! weburl-bench count-canon (--op OP | --baseline) --corpus NAME
//! weburl-bench count (--lib LIB --op OP | --baseline) --corpus NAME [--limit N]
//! ```
#![forbid(unsafe_code)]

mod canon;
mod check;
mod corpus;
mod display;
mod instructions;
mod libs;
mod patterns;
mod psl;
mod report;
mod runs;
mod sinks;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use corpus::{Corpus, CORPUS_FILES};
use libs::{Bases, Lib, Op};

const USAGE: &str = "usage: weburl-bench [--data DIR] [--wpt FILE] [--quick] [--rounds N] \
                     [--json] [--svg FILE] [--show N] [--corpus NAME]... [--limit N] \
                     [--instructions | --instructions-only] [--runs N] [--callgrind-dir DIR] \
                     [--psl-only] [--canon-only]\n\
                     \x20      weburl-bench count (--lib LIB --op OP | --baseline) --corpus NAME \
                     [--limit N]";

pub struct Args {
    data: PathBuf,
    wpt: PathBuf,
    rounds: usize,
    quick: bool,
    json: bool,
    svg: Option<PathBuf>,
    /// How many differences of each kind the text report prints per corpus (JSON has all).
    show: usize,
    /// Only these corpora (file stems, or `wpt-urltestdata`); all when empty.
    corpora: Vec<String>,
    /// Only the first N URLs of each corpus.
    limit: Option<usize>,
    /// Also count instructions with callgrind (`instructions.rs`).
    instructions: bool,
    /// Count instructions only: no timing, no checks.
    instructions_only: bool,
    /// Where callgrind's output files go.
    callgrind_dir: PathBuf,
    /// Full runs, each its own process, for the median of the time ratios (`runs.rs`).
    runs: usize,
    /// `--psl-only`: only the public-suffix section.
    psl_only: bool,
    /// `--canon-only`: only the canonical-key section (`canon.rs`).
    canon_only: bool,
}

fn workspace_root() -> PathBuf {
    // xtask/bench -> workspace root
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn parse_args(raw: &[String]) -> Result<Args, String> {
    let root = workspace_root();
    let mut args = Args {
        data: root.join("../shared/datasets"),
        wpt: root.join("wpt-data/urltestdata.json"),
        rounds: 0,
        quick: false,
        json: false,
        svg: None,
        show: 20,
        corpora: Vec::new(),
        limit: None,
        instructions: false,
        instructions_only: false,
        callgrind_dir: root.join("target/callgrind"),
        runs: 1,
        psl_only: false,
        canon_only: false,
    };
    let mut it = raw.iter().cloned();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value\n{USAGE}"));
        let number = |name: &str, v: String| {
            v.parse::<usize>()
                .map_err(|_| format!("{name} needs a number\n{USAGE}"))
        };
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
            "--corpus" => args.corpora.push(value("--corpus")?),
            "--limit" => args.limit = Some(number("--limit", value("--limit")?)?),
            "--runs" => args.runs = number("--runs", value("--runs")?)?.max(1),
            "--callgrind-dir" => args.callgrind_dir = PathBuf::from(value("--callgrind-dir")?),
            "--instructions" => args.instructions = true,
            "--instructions-only" => args.instructions_only = true,
            "--quick" => args.quick = true,
            "--psl-only" => args.psl_only = true,
            "--canon-only" => args.canon_only = true,
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

fn load_corpora(args: &Args) -> Result<Vec<Corpus>, String> {
    let wanted = |name: &str| args.corpora.is_empty() || args.corpora.iter().any(|c| c == name);
    let mut corpora = Vec::new();
    let mut missing = Vec::new();
    for file in CORPUS_FILES {
        let path = args.data.join(file);
        if !wanted(file.trim_end_matches(".txt")) {
            continue;
        }
        if path.is_file() {
            corpora.push(Corpus::from_lines_file(&path)?);
        } else {
            missing.push(path.display().to_string());
        }
    }
    if wanted("wpt-urltestdata") {
        match Corpus::from_urltestdata(&args.wpt) {
            Ok(c) => corpora.push(c),
            Err(e) => missing.push(format!("{e} (run `cargo xtask wpt-sync`)")),
        }
    }
    // Any other corpus asked for by name: `DATA/NAME.txt` (e.g. a synthetic one for profiling).
    for name in &args.corpora {
        let known = name == "wpt-urltestdata"
            || CORPUS_FILES
                .iter()
                .any(|f| f.trim_end_matches(".txt") == name);
        if !known {
            corpora.push(instructions::load(name, &args.data, &args.wpt)?);
        }
    }
    for m in &missing {
        eprintln!("weburl-bench: skipping missing corpus {m}");
    }
    if corpora.is_empty() {
        return Err(format!("no corpus found in {}", args.data.display()));
    }
    if let Some(n) = args.limit {
        corpora.iter_mut().for_each(|c| c.truncate(n));
    }
    Ok(corpora)
}

fn count_instructions(
    args: &Args,
    libs: &[Lib],
    corpora: &[Corpus],
) -> Result<Vec<instructions::InstrResult>, String> {
    let opts = instructions::Options {
        data: &args.data,
        wpt: &args.wpt,
        limit: args.limit,
        out_dir: &args.callgrind_dir,
    };
    instructions::measure(&opts, corpora, libs)
}

/// `--runs N`: N child runs for the time ratios, then (with `--instructions`) one count.
fn run_many(args: &Args, raw: &[String], libs: &[Lib]) -> Result<(), String> {
    let cells = runs::measure(raw, args.runs)?;
    let time = |c: &str, op, other| runs::time_ratio(&cells, c, op, other);
    let instr = if args.instructions || args.instructions_only {
        count_instructions(args, libs, &load_corpora(args)?)?
    } else {
        Vec::new()
    };
    if args.json {
        let mut doc = serde_json::json!({"runs": args.runs, "time_ratios": runs::json(&cells)});
        if let Some(obj) = doc.as_object_mut().filter(|_| !instr.is_empty()) {
            obj.insert("instructions".into(), instructions::json(&instr, &time));
        }
        println!("{doc}");
    } else {
        runs::print_table(&cells, args.runs);
        if !instr.is_empty() {
            instructions::print_tables(libs, &instr, &time);
        }
    }
    Ok(())
}

fn run() -> Result<(), String> {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if let Some(("count", rest)) = raw.split_first().map(|(c, r)| (c.as_str(), r)) {
        let root = workspace_root();
        let (data, wpt) = (
            root.join("../shared/datasets"),
            root.join("wpt-data/urltestdata.json"),
        );
        return instructions::count_main(rest, data, wpt);
    }
    if let Some(("count-canon", rest)) = raw.split_first().map(|(c, r)| (c.as_str(), r)) {
        let root = workspace_root();
        let (data, wpt) = (
            root.join("../shared/datasets"),
            root.join("wpt-data/urltestdata.json"),
        );
        return canon::count_main(rest, data, wpt);
    }
    let args = parse_args(&raw)?;
    let libs = Lib::all();
    if args.runs > 1 {
        return run_many(&args, &raw, &libs);
    }
    let bases = Bases::new()?;
    let corpora = load_corpora(&args)?;
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
    let mut display_results = Vec::new();
    let mut canon_results = Vec::new();
    for corpus in corpora.iter().filter(|_| !args.instructions_only) {
        if !args.json {
            eprintln!("weburl-bench: {} ...", corpus.name);
        }
        if !args.psl_only {
            canon_results.push(canon::measure(corpus, args.rounds));
        }
        if args.canon_only {
            continue;
        }
        psl_results.push(psl::measure(corpus, &psl_lists, args.rounds));
        if args.psl_only {
            continue;
        }
        let ops = measure(corpus, &libs, &bases, args.rounds);
        sink_results.push(sinks::measure(corpus, args.rounds));
        display_results.push(display::measure(corpus, args.rounds));
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
    if args.instructions {
        let count = canon::Count {
            data: &args.data,
            wpt: &args.wpt,
            out_dir: &args.callgrind_dir,
            limit: args.limit,
        };
        canon::count_instructions(&mut canon_results, &count)?;
    }
    if args.canon_only {
        if args.json {
            println!("{}", canon::json(&canon_results));
        } else {
            canon::print_table(&canon_results);
        }
        return Ok(());
    }
    let pattern_result = if args.instructions_only || args.psl_only {
        None
    } else {
        if !args.json {
            eprintln!("weburl-bench: URLPattern ...");
        }
        Some(patterns::measure(&corpora, args.rounds))
    };
    let instr = if args.instructions || args.instructions_only {
        count_instructions(&args, &libs, &corpora)?
    } else {
        Vec::new()
    };
    let time = instructions::time_ratios(&results);
    let elapsed = start.elapsed();

    if args.json {
        let mut json = report::json(&args, &libs, &results, elapsed);
        if let Some(obj) = json.as_object_mut() {
            obj.insert("validation_error_sinks".into(), sinks::json(&sink_results));
            if !instr.is_empty() {
                obj.insert("instructions".into(), instructions::json(&instr, &time));
            }
            obj.insert("display".into(), display::json(&display_results));
            obj.insert("canonical_keys".into(), canon::json(&canon_results));
            obj.insert("public_suffix".into(), psl::json(&psl_results, &psl_lists));
            if let Some(pattern_result) = &pattern_result {
                obj.insert("urlpattern".into(), patterns::json(pattern_result));
            }
        }
        println!("{json}");
    } else if args.psl_only {
        psl::print_table(&psl_results, &psl_lists, args.show);
    } else {
        if !args.instructions_only {
            report::print_tables(&libs, &results);
        }
        if !instr.is_empty() {
            instructions::print_tables(&libs, &instr, &time);
        }
        if !args.instructions_only {
            sinks::print_table(&sink_results);
            display::print_table(&display_results);
            canon::print_table(&canon_results);
            psl::print_table(&psl_results, &psl_lists, args.show);
            if let Some(pattern_result) = &pattern_result {
                patterns::print_table(pattern_result);
            }
            report::print_checks(&libs, &results, args.show);
        }
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
