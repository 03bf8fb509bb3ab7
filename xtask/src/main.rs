//! `cargo xtask`: project automation (the alias lives in `.cargo/config.toml`).
//!
//! One module per subcommand, each reading its arguments with the one parser (`args.rs`, on
//! lexopt); the bindings alike: `cargo xtask <binding> test|bench|build`. Expected failures (missing data, checksum mismatch, a failing
//! child command) are reported as `error: ...` on stderr with a non-zero exit code, never as a
//! panic.
#![forbid(unsafe_code)]

mod args;
mod asan;
mod bench;
mod capi;
mod capi_bench;
mod ci;
mod compile_work;
mod datafusion;
mod duckdb;
mod fuzz;
mod miri;
mod node_data;
mod psl_sync;
mod python;
mod reference_diff;
mod scaling;
mod size;
mod size_check;
mod snapshots;
mod spark;
mod surt_diff;
mod test;
mod top_domains;
mod util;
mod wasm;
#[cfg(test)]
mod wpt_download;
mod wpt_lines;
mod wpt_sync;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]   (cargo xtask <command> --help: its options)

commands:
  wpt-sync [--from DIR] [--update] [--revision REV]
                    copy the WPT files named in wpt-data/MANIFEST into wpt-data/ and check
                    their sha256 (--update rewrites the manifest after a deliberate upgrade)
  psl-sync [--from FILE] [--update] [--revision REV]
                    copy the Public Suffix List into crates/psl/data/ against its MANIFEST
                    and regenerate the compiled list (crates/psl/src/generated.rs)
  test [ARGS...]    wpt-sync, then `cargo test --workspace --all-features [ARGS...]`;
                    without ARGS, then the bindings' test steps (datafusion, python, duckdb)
  ci [--dry-run] [--only WORD]
                    CI (`.ci/run`): format and lint every workspace, `test`, `size --check`,
                    cargo deny, the publish dry run, the fuzz smoke runs (--dry-run: list
                    them; --only WORD: the steps whose title has WORD in it)
  bench [--data DIR] [--quick] [--json] [--svg FILE] [--rounds N] [--show N]
        [--instructions] [--runs N] [--corpus NAME] [--limit N]
                    time weburl, ada and rust-url on the URL corpora (release build); with
                    --instructions also callgrind instructions per URL (xtask/bench/README.md);
                    then `capi bench` and `size`

  the bindings, alike: cargo xtask <binding> [test|bench|build] [ARGS...] (test by default)
  python test|build|bench [--quick] [--corpus NAME]
                    the Python packages (crates/python; crates/polars, the Polars plugin):
                    maturin wheels into target/python, pytest in target/python-venv; the bench
                    against urllib, ada-url, can_ada, yarl, tldextract and publicsuffixlist
                    (crates/python/bench/bench.py)
  duckdb test|build|bench [--rows N] [--runs N]
                    the DuckDB extension (crates/duckdb): weburl.duckdb_extension, pytest
                    through the duckdb Python package, its bench
  wasm test|build|bench
                    the npm package (crates/wasm): toolchain, target/wasm/weburl-*.tgz, the
                    Node test runner's suites, the size and speed tables
  spark test|build|bench [--rows N]
                    weburl.spark's Arrow UDFs on a Spark standalone cluster on 127.0.0.1
                    (pyspark in target/spark-venv; skipped without Java); its bench against
                    parse_url and a urllib UDF (crates/python/tests/spark/bench.py)
  capi test|build|bench [--data DIR] [--quick]
                    the C API (weburl-capi): its C test programs (valgrind when present);
                    its bench, parse + ada_get_href against ada's C API and the Rust facade
  datafusion test|build
                    the DataFusion UDFs (crates/datafusion, own workspace), all features

  fuzz [--seconds N] [--jobs J] [--sanitizer address|none] [TARGET...]
                    run the cargo-fuzz targets in fuzz/ for N seconds each (default 60)
  top-domains [--from FILE --revision REV]
                    check crates/display/data/top_domains.txt (>= 5,000 domains), or rewrite
                    it from Chromium's top_domains/domains.list at commit REV
  asan [capi] [duckdb]
                    the C API's C programs and the DuckDB pytest suites against the library
                    built with AddressSanitizer (part of `test`; skipped, saying why, where
                    the toolchain cannot)
  miri              Miri over weburl-bytes' safe API (part of `test`; skipped without it)
  scaling [--filter WORD]
                    time adversarial inputs at growing sizes; fail on super-linear growth
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
    match run(&std::env::args().skip(1).collect::<Vec<_>>()) {
        Ok(()) => ExitCode::SUCCESS,
        // `--help`: the usage, on stdout.
        Err(f) if f.code == 0 => {
            println!("{}", f.message);
            ExitCode::SUCCESS
        }
        Err(f) => {
            if !f.message.is_empty() {
                eprintln!("error: {}", f.message);
            }
            ExitCode::from(f.code)
        }
    }
}

/// The subcommand named first in `argv`, run with the arguments after it.
fn run(argv: &[String]) -> Result {
    let mut parsed = args::Args::new(argv, "cargo xtask <command> [options] (cargo xtask help)");
    let command = match parsed.next()? {
        Some(lexopt::Arg::Value(v)) => v.to_string_lossy().into_owned(),
        Some(lexopt::Arg::Short('h') | lexopt::Arg::Long("help")) | None => {
            return Err(Failure {
                message: USAGE.to_owned(),
                code: if argv.is_empty() { 2 } else { 0 },
            })
        }
        Some(arg) => return Err(args::unexpected(arg, USAGE)),
    };
    let rest = parsed.rest()?;
    match command.as_str() {
        "wpt-sync" => wpt_sync::main(&rest),
        "test" => test::main(&rest),
        "ci" => ci::main(&rest),
        "python" => python::main(&rest),
        "duckdb" => duckdb::main(&rest),
        "spark" => spark::main(&rest),
        "capi" => capi::main(&rest),
        "datafusion" => datafusion::main(&rest),
        "psl-sync" => psl_sync::main(&rest),
        "fuzz" => fuzz::main(&rest),
        "asan" => asan::main(&rest),
        "miri" => args::none(&rest, "cargo xtask miri").and_then(|()| miri::run()),
        "scaling" => scaling::main(&rest),
        "size" => size::main(&rest),
        "reference-diff" => reference_diff::main(&rest),
        "bench" => bench::main(&rest),
        "top-domains" => top_domains::main(&rest),
        "node-data" => node_data::main(&rest),
        "wasm" => wasm::main(&rest),
        // The spellings before the bindings took one shape.
        "test-python" | "capi-bench" => Err(Failure {
            message: format!(
                "`{command}` is now `cargo xtask {}`",
                if command == "test-python" {
                    "python test"
                } else {
                    "capi bench"
                }
            ),
            code: 2,
        }),
        "help" => Err(Failure {
            message: USAGE.to_owned(),
            code: 0,
        }),
        other => Err(Failure {
            message: format!("unknown command `{other}`\n\n{USAGE}"),
            code: 2,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(argv: &[&str]) -> Option<u8> {
        run(&argv.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>())
            .err()
            .map(|f| f.code)
    }

    #[test]
    fn dispatch_and_usage_errors() {
        assert_eq!(code(&[]), Some(2));
        assert_eq!(code(&["help"]), Some(0));
        assert_eq!(code(&["--help"]), Some(0));
        assert_eq!(code(&["frob"]), Some(2));
        assert_eq!(code(&["--frob"]), Some(2));
        assert_eq!(code(&["test-python"]), Some(2));
        assert_eq!(code(&["python", "tset"]), Some(2));
        assert_eq!(code(&["duckdb", "bench", "--rows", "many"]), Some(2));
        assert_eq!(code(&["capi", "test", "--quick"]), Some(2));
        assert_eq!(code(&["size", "--runs", "0"]), Some(2));
        assert_eq!(code(&["fuzz", "nope"]), Some(2));
        assert_eq!(code(&["miri", "extra"]), Some(2));
        assert_eq!(code(&["asan", "python"]), Some(2));
        assert_eq!(code(&["ci", "--dry-run", "--now"]), Some(2));
        assert_eq!(code(&["ci", "--dry-run"]), None);
    }
}
