//! The facade in a plain loop on one core, for the DuckDB benchmark's "per core" column:
//! `hostname` and `registrable_domain` of every line of the files given, repeated to ROWS.
//!
//! `cargo run --release --example facade_loop -- ROWS FILE...` prints one JSON line.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use weburl_functions::Component;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((rows, files)) = args.split_first() else {
        eprintln!("usage: facade_loop ROWS FILE...");
        return ExitCode::from(2);
    };
    let Ok(rows) = rows.parse::<usize>() else {
        eprintln!("facade_loop: ROWS must be a number");
        return ExitCode::from(2);
    };
    let mut lines = Vec::new();
    for f in files {
        match std::fs::read(f) {
            Ok(bytes) => lines.extend(
                bytes
                    .split(|&b| b == b'\n')
                    .filter_map(|l| std::str::from_utf8(l).ok())
                    .map(str::to_owned),
            ),
            Err(e) => {
                eprintln!("facade_loop: {f}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if lines.is_empty() {
        eprintln!("facade_loop: no lines");
        return ExitCode::from(2);
    }
    let mut out = Vec::new();
    for c in [Component::Hostname, Component::RegistrableDomain] {
        let start = Instant::now();
        let mut count = 0usize;
        let mut scratch = String::new();
        for line in lines.iter().cycle().take(rows) {
            if let Some(url) = weburl_functions::parse(line) {
                if black_box(c.string(&url, &mut scratch)).is_some() {
                    count += 1;
                }
            }
        }
        let secs = start.elapsed().as_secs_f64();
        out.push(format!(
            "\"{}\": {{\"seconds\": {secs:.4}, \"count\": {count}}}",
            c.function_name()
        ));
    }
    println!("{{{}}}", out.join(", "));
    ExitCode::SUCCESS
}
