//! `cargo xtask`: project automation (the alias lives in `.cargo/config.toml`).
//!
//! One module per subcommand. Expected failures (missing data, checksum mismatch, a failing
//! child command) are reported as `error: ...` on stderr with a non-zero exit code, never as a
//! panic.
#![forbid(unsafe_code)]

mod bench;
mod capi;
mod capi_bench;
mod compile_work;
mod duckdb;
mod fuzz;
mod miri;
mod node_data;
mod psl_sync;
mod python;
mod reference_diff;
mod scaling;
mod size;
mod snapshots;
mod test;
mod top_domains;
mod util;
#[cfg(test)]
mod wpt_download;
mod wpt_sync;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  wpt-sync [--from DIR] [--update] [--revision REV]
                    copy the WPT files named in wpt-data/MANIFEST into wpt-data/ and check
                    their sha256 (--update rewrites the manifest after a deliberate upgrade)
  psl-sync [--from FILE] [--update] [--revision REV]
                    copy the Public Suffix List into crates/psl/data/ against its MANIFEST
                    and regenerate the compiled list (crates/psl/src/generated.rs)
  test [ARGS...]    wpt-sync, then `cargo test --workspace --all-features [ARGS...]`;
                    without ARGS, then the tests of crates/datafusion (own workspace) and
                    of the Python package (crates/python, in target/python-venv)
  test-python       only the Python package's step of `test`
  duckdb [build|test|bench [--rows N] [--runs N]]
                    the DuckDB extension (crates/duckdb): build weburl.duckdb_extension,
                    its step of `test` (pytest through the duckdb Python package), its bench
  bench [--data DIR] [--quick] [--json] [--svg FILE] [--rounds N] [--show N]
        [--instructions] [--runs N] [--corpus NAME] [--limit N]
                    time weburl, ada and rust-url on the URL corpora (release build); with
                    --instructions also callgrind instructions per URL (xtask/bench/README.md)
  capi-bench [--data DIR] [--quick]
                    parse + ada_get_href through the C API: weburl's against ada's, and the
                    Rust facade (also the last part of `bench`)
  capi              build weburl-capi and run its C test programs (valgrind when present)
  bench --python [--quick] [--corpus NAME]
                    the Python package against urllib, ada-url, can_ada, yarl, tldextract
                    and publicsuffixlist (crates/python/bench/bench.py)
  fuzz [--seconds N] [--sanitizer address|none] [TARGET...]
                    run the cargo-fuzz targets in fuzz/ for N seconds each (default 60)
  top-domains [--from FILE --revision REV]
                    check crates/display/data/top_domains.txt (>= 5,000 domains), or rewrite
                    it from Chromium's top_domains/domains.list at commit REV
  miri              Miri over weburl-bytes' safe API (part of `test`; skipped without it)
  scaling           time adversarial inputs at growing sizes; fail on super-linear growth
  size [--clean] [--runs N] [--symbols] [--check] [--compile-work]
                    size of a program that parses a URL and prints its href, with weburl
                    (default features; `std` alone) and with url (xtask/size-check; also
                    printed by `bench`): --clean times clean builds (--runs N: medians of
                    N), --symbols lists bytes per crate, --check fails when a weburl one
                    is larger, --compile-work counts rustc's instructions (cachegrind) for
                    the crates the `std` program and url's do not share
  node-data         rerun Node.js (when on PATH) for the file-path test data it answers
  reference-diff [--sample N] [--show N] [--mutations N] [--setter-sequences N]
                    install jsdom's whatwg-url with npm into target/reference and list every
                    disagreement with it (href/failure, validation errors, validity, setters)
  help              this message";

/// An expected failure: a message for the user and the exit code to leave with.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// A failure that exits with code 1.
    pub fn new(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 1,
        }
    }
}

pub type Result<T = ()> = std::result::Result<T, Failure>;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let command = args.next();
    let rest: Vec<String> = args.collect();
    let outcome = match command.as_deref() {
        Some("wpt-sync") => wpt_sync::main(&rest),
        Some("test") => test::main(&rest),
        Some("test-python") => python::test(),
        Some("duckdb") => duckdb::main(&rest),
        Some("psl-sync") => psl_sync::main(&rest),
        Some("fuzz") => fuzz::main(&rest),
        Some("miri") => miri::run(),
        Some("scaling") => scaling::main(&rest),
        Some("size") => size::main(&rest),
        Some("reference-diff") => reference_diff::main(&rest),
        Some("bench") if rest.first().is_some_and(|a| a == "--python") => python::bench(&rest[1..]),
        Some("bench") => bench::main(&rest),
        Some("capi") => capi::main(&rest),
        Some("capi-bench") => capi_bench::main(&rest),
        Some("top-domains") => top_domains::main(&rest),
        Some("node-data") => node_data::main(&rest),
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(Failure {
            message: format!("unknown command `{other}`\n\n{USAGE}"),
            code: 2,
        }),
        None => Err(Failure {
            message: USAGE.to_owned(),
            code: 2,
        }),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            if !f.message.is_empty() {
                eprintln!("error: {}", f.message);
            }
            ExitCode::from(f.code)
        }
    }
}
