//! The Rust side of `cargo xtask bench`'s C API comparison (xtask/src/capi_bench.rs): the same
//! loop as `xtask/bench/c/capi_bench.c` (parse + href per URL, the same corpus loading and
//! output) on the `weburl` facade, so that the C API's crossing cost is the difference.
//!
//! `facade_timing FILE ROUNDS` prints `<median ns/URL> <best ns/URL> <URLs> <href bytes>`.

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(file), Some(rounds)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: facade_timing FILE ROUNDS");
        return ExitCode::from(2);
    };
    let rounds = rounds.parse::<usize>().unwrap_or(1).max(1);
    let raw = match std::fs::read(file) {
        Ok(raw) => raw,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    let text = String::from_utf8_lossy(&raw);
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let urls: Vec<&str> = body
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty())
        .collect();
    let mut times = Vec::with_capacity(rounds);
    let mut bytes = 0usize;
    for _ in 0..rounds {
        bytes = 0;
        let start = Instant::now();
        for input in &urls {
            if let Ok(url) = weburl::Url::parse(std::hint::black_box(input)) {
                bytes += std::hint::black_box(url.href()).len();
            }
        }
        times.push(start.elapsed().as_nanos() as f64 / urls.len().max(1) as f64);
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(rounds / 2).copied().unwrap_or(0.0);
    let best = times.first().copied().unwrap_or(0.0);
    println!("{median:.2} {best:.2} {} {bytes}", urls.len());
    ExitCode::SUCCESS
}
