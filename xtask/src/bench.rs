//! `cargo xtask bench [--data DIR] [--quick] [--json] [--svg FILE] [...]`: syncs the WPT data
//! (the urltestdata inputs are one of the corpora), then builds and runs the corpus benchmark
//! `weburl-bench` (`xtask/bench/`) in release mode. Arguments go to it unchanged
//! (`cargo xtask bench --help` lists them). The corpora default to `../shared/datasets`.
//! Then the C API's bench (`capi_bench.rs`) and the parse-only program's size (`size.rs`).

use crate::args::{self, Args};
use crate::{capi_bench, util, wpt_sync, Result};

const USAGE: &str = "cargo xtask bench [ARGS...] (cargo xtask bench --help lists them)";

pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::{Long, Short};
    // Every argument goes to weburl-bench; `--data` and `--quick` to the C API's bench too,
    // and the ones that make weburl-bench print something else end the run there.
    let mut p = Args::new(args, USAGE);
    let mut forward = Vec::new();
    let mut capi = capi_bench::Options::default();
    let mut bench_only = false;
    while let Some(arg) = p.next()? {
        match arg {
            Long("data") => {
                let dir = p.value()?;
                capi.data = Some(dir.clone().into());
                forward.extend(["--data".to_owned(), dir]);
            }
            Long("quick") => {
                capi.quick = true;
                forward.push("--quick".to_owned());
            }
            Long("python") => {
                return Err(p.error("`bench --python` is now `cargo xtask python bench`"))
            }
            arg => {
                bench_only |= matches!(
                    arg,
                    Short('h')
                        | Long("help" | "json" | "psl-only" | "instructions-only" | "canon-only")
                );
                let word = args::word(arg);
                forward.push(p.attached(word));
            }
        }
    }
    let args = forward;
    wpt_sync::sync(&wpt_sync::Options::default())?;
    let root = util::workspace_root();
    let mut cmd = util::cargo();
    cmd.arg("run")
        .arg("--release")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .args(["-p", "weburl-bench", "--"])
        .args(&args);
    eprintln!(
        "xtask: cargo run --release -p weburl-bench --{}",
        args.iter().map(|a| format!(" {a}")).collect::<String>()
    );
    util::run_streaming(&mut cmd, "weburl-bench")?;
    if !bench_only {
        capi_bench::run(&capi)?;
        crate::size::run(None)?;
    }
    Ok(())
}
