//! `cargo xtask reference-diff`: runs the same inputs through weburl and through jsdom's
//! `whatwg-url` (the reference implementation, maintained by the URL Standard's editors) and
//! lists every disagreement:
//!
//! - **href**: the serialization, or failure, of every parse (and of the base, if any);
//! - **errors**: the *set* of validation error names (whatwg-url's
//!   `parseURLWithValidationErrors`; a set, since it reports `invalid-URL-unit` once per kind
//!   where weburl reports each occurrence with its range);
//! - **validity**: whatwg-url's `isValidURLString` (the spec's "writing" section grammar)
//!   against `weburl check --strict`'s verdict (parses, with no validation error);
//! - **setters**: the href after each step of a sequence of URL setters.
//!
//! `xtask/src/reference_diff.rs` installs whatwg-url with npm and runs this program with
//! `--node-modules`; the reference side is `xtask/reference/diff.mjs`.

mod cases;
mod compare;
mod known;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use cases::{Case, Rng, Source};

const USAGE: &str = "\
usage: weburl-reference-diff --node-modules DIR [--sample N (all WPT inputs, ~N others)] [--show N] [--mutations N]
                             [--setter-sequences N] [--wpt-data DIR] [--corpus DIR]";

struct Options {
    node_modules: PathBuf,
    sample: Option<usize>,
    show: usize,
    mutations: usize,
    setter_sequences: usize,
    wpt_data: PathBuf,
    corpus: PathBuf,
}

fn parse_args() -> Result<Options, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut options = Options {
        node_modules: root.join("target/reference/node_modules"),
        sample: None,
        show: usize::MAX,
        mutations: 150_000,
        setter_sequences: 20_000,
        wpt_data: root.join("wpt-data"),
        corpus: root.join("../shared/datasets"),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("{arg} needs a value\n{USAGE}"))
        };
        let number = |v: String| v.parse::<usize>().map_err(|e| format!("{v}: {e}"));
        match arg.as_str() {
            "--node-modules" => options.node_modules = value()?.into(),
            "--sample" => options.sample = Some(number(value()?)?),
            "--show" => options.show = number(value()?)?,
            "--mutations" => options.mutations = number(value()?)?,
            "--setter-sequences" => options.setter_sequences = number(value()?)?,
            "--wpt-data" => options.wpt_data = value()?.into(),
            "--corpus" => options.corpus = value()?.into(),
            _ => return Err(format!("unknown argument `{arg}`\n{USAGE}")),
        }
    }
    Ok(options)
}

/// All cases with their sources, in a fixed order; with `sample`, every WPT input and about
/// `n` of the others, spread evenly over each source in proportion to its size.
fn all_cases(options: &Options) -> Result<Vec<(Source, Case)>, String> {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let wpt = cases::wpt(&options.wpt_data)?;
    let corpus = cases::corpus(&options.corpus)?;
    let seeds: Vec<Case> = wpt.iter().chain(&corpus).cloned().collect();
    let mutated = cases::mutated(&seeds, options.mutations, &mut rng);
    let setters = cases::setters(
        &options.wpt_data,
        &seeds,
        options.setter_sequences,
        &mut rng,
    )?;
    let total = corpus.len() + mutated.len() + setters.len();
    let mut all = Vec::new();
    for (source, list) in [
        (Source::Wpt, wpt),
        (Source::Corpus, corpus),
        (Source::Mutated, mutated),
        (Source::Setters, setters),
    ] {
        let stride = match options.sample {
            Some(n) if n < total && source != Source::Wpt => (total / n.max(1)).max(1),
            _ => 1,
        };
        all.extend(list.into_iter().step_by(stride).map(|c| (source, c)));
    }
    Ok(all)
}

fn run(options: &Options) -> Result<bool, String> {
    let started = Instant::now();
    let cases = all_cases(options)?;
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("diff.mjs");
    let mut child = Command::new("node")
        .arg(&script)
        .env("NODE_PATH", &options.node_modules)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not start node: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("node's stdin")?;
    let stdout = child.stdout.take().ok_or("node's stdout")?;
    let lines: Vec<String> = cases.iter().map(|(_, c)| c.to_json()).collect();
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        let mut stdin = std::io::BufWriter::new(&mut stdin);
        for line in lines {
            stdin.write_all(line.as_bytes())?;
            stdin.write_all(b"\n")?;
        }
        stdin.flush()
    });
    let mut report = compare::Report::default();
    let mut answers = BufReader::new(stdout).lines();
    for (source, case) in &cases {
        let answer = match answers.next() {
            Some(Ok(line)) => line,
            Some(Err(e)) => return Err(format!("reading node's output: {e}")),
            None => return Err("node stopped answering (see its stderr above)".to_owned()),
        };
        let reference: serde_json::Value =
            serde_json::from_str(&answer).map_err(|e| format!("node's answer {answer}: {e}"))?;
        report.compare(*source, case, &reference);
    }
    match writer.join() {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(format!("writing to node: {e}")),
        Err(_) => return Err("the writer thread panicked".to_owned()),
    }
    let status = child.wait().map_err(|e| format!("node: {e}"))?;
    if !status.success() {
        return Err(format!("node exited with {status}"));
    }
    report.print(options.show);
    // A sample need not meet every known difference; a full run must.
    let stale = if options.sample.is_none() {
        report.stale_known()
    } else {
        Vec::new()
    };
    for known in &stale {
        println!(
            "stale known difference (no case matches {:?}): remove it from xtask/reference/src/known.rs",
            known.needle
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "reference-diff: {} inputs, {} disagreements, {} known differences ({seconds:.1} s)",
        cases.len(),
        report.disagreements() + stale.len(),
        report.known_count()
    );
    Ok(report.disagreements() == 0 && stale.is_empty())
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
