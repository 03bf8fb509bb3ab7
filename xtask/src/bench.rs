//! `cargo xtask bench [--data DIR] [--quick] [--json] [--svg FILE] [...]`: syncs the WPT data
//! (the urltestdata inputs are one of the corpora), then builds and runs the corpus benchmark
//! `weburl-bench` (`xtask/bench/`) in release mode. Arguments go to it unchanged
//! (`cargo xtask bench --help` lists them). The corpora default to `../shared/datasets`.
//! Then the C API's bench (`capi_bench.rs`) and the parse-only program's size (`size.rs`).

use crate::{util, wpt_sync, Result};

pub fn main(args: &[String]) -> Result {
    wpt_sync::sync(&wpt_sync::Options::default())?;
    let root = util::workspace_root();
    let mut cmd = util::cargo();
    cmd.arg("run")
        .arg("--release")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .args(["-p", "weburl-bench", "--"])
        .args(args);
    eprintln!(
        "xtask: cargo run --release -p weburl-bench --{}",
        args.iter().map(|a| format!(" {a}")).collect::<String>()
    );
    util::run_streaming(&mut cmd, "weburl-bench")?;
    if !args.iter().any(|a| {
        matches!(
            a.as_str(),
            "-h" | "--help" | "--json" | "--psl-only" | "--instructions-only"
        )
    }) {
        crate::capi_bench::run(args)?;
        crate::size::run(None)?;
    }
    Ok(())
}
