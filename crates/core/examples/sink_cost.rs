//! What reporting validation errors costs, and that not asking for them costs nothing.
//!
//! Times, on each dataset, `Url::parse` (the `()` sink), `parse_with_sink(input, ())`
//! explicitly, and parsing with a `Vec<ValidationError>` sink (cleared per input), and prints
//! the median of several rounds per line of input.
//!
//! ```text
//! cargo run --release -p weburl-core --example sink_cost [FILE...]
//! ```
//!
//! Without arguments it reads `kasztp.txt` and `userbait.txt` from `../shared/datasets/`
//! beside the repository.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use weburl_core::{Url, ValidationError};

const ROUNDS: usize = 21;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples.get(samples.len() / 2).copied().unwrap_or_default()
}

/// One pass of `f` over all lines.
fn pass(lines: &[&str], f: &mut dyn FnMut(&str) -> usize) -> Duration {
    let start = Instant::now();
    for l in lines {
        black_box(f(black_box(l)));
    }
    start.elapsed()
}

/// The median per-line time, in nanoseconds, of each of `fs` over `ROUNDS` rounds. The
/// variants run interleaved (one pass of each per round), so drift in the machine's speed
/// affects them alike.
fn time_per_line(lines: &[&str], fs: &mut [&mut dyn FnMut(&str) -> usize]) -> Vec<f64> {
    for f in fs.iter_mut() {
        pass(lines, *f);
    }
    let mut samples: Vec<Vec<Duration>> = vec![Vec::new(); fs.len()];
    for _ in 0..ROUNDS {
        for (f, s) in fs.iter_mut().zip(samples.iter_mut()) {
            s.push(pass(lines, *f));
        }
    }
    samples
        .into_iter()
        .map(|s| median(s).as_nanos() as f64 / lines.len().max(1) as f64)
        .collect()
}

fn main() {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let files = if args.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets");
        vec![dir.join("kasztp.txt"), dir.join("userbait.txt")]
    } else {
        args
    };
    println!(
        "{:<14} {:>7} {:>10} {:>10} {:>10} {:>8} {:>10}",
        "dataset", "lines", "parse", "sink ()", "sink Vec", "Vec/()", "errors"
    );
    for path in files {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                std::process::exit(2);
            }
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let lines: Vec<&str> = text.lines().collect();

        let mut errors: Vec<ValidationError> = Vec::new();
        let mut total_errors = 0;
        for l in &lines {
            errors.clear();
            let _ = Url::options().parse_with_sink(l, &mut errors);
            total_errors += errors.len();
        }
        let mut parse = |l: &str| Url::parse(l).map_or(0, |u| u.href().len());
        let mut unit = |l: &str| {
            Url::options()
                .parse_with_sink(l, ())
                .map_or(0, |u| u.href().len())
        };
        let mut vec = |l: &str| {
            errors.clear();
            let r = Url::options()
                .validation_errors(&mut errors)
                .parse(l)
                .map_or(0, |u| u.href().len());
            r + errors.len()
        };
        let t = time_per_line(&lines, &mut [&mut parse, &mut unit, &mut vec]);
        let [parse, unit, vec] = [0, 1, 2].map(|i| t.get(i).copied().unwrap_or(f64::NAN));
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        println!(
            "{:<14} {:>7} {:>8.1}ns {:>8.1}ns {:>8.1}ns {:>7.2}x {:>10}",
            name,
            lines.len(),
            parse,
            unit,
            vec,
            vec / unit,
            total_errors
        );
    }
}
