//! `cargo xtask test [ARGS...]`: syncs the WPT data (a no-op when it is present and matches the
//! manifest), then runs `cargo test --workspace --all-features [ARGS...]` with its output
//! streamed and its exit code propagated; then the C API's C tests (`capi.rs`); then a sample
//! of `cargo xtask reference-diff`
//! (skipped, with the reason printed, where node or npm is missing), the `surt` differential
//! (`surt_diff.rs`, skipped where pip cannot install the package), and Miri over
//! `weburl-bytes`' safe API (`miri.rs`; skipped, with the reason, where `cargo +nightly miri`
//! is missing). Without ARGS it then runs
//! the bindings' test steps, each also `cargo xtask <binding> test`: `crates/datafusion`
//! (`datafusion.rs`), the Python package's pytest suites (`python.rs`), its Spark cluster
//! tests (`spark.rs`; skipped, saying why, without Java) and the DuckDB
//! extension's (`duckdb.rs`), and the C API's and DuckDB's suites under AddressSanitizer
//! (`asan.rs`).

use crate::{reference_diff, top_domains, util, wpt_sync, Result};

pub fn main(args: &[String]) -> Result {
    wpt_sync::sync(&wpt_sync::Options::default())?;
    top_domains::main(&[])?;
    let mut cmd = util::cargo();
    cmd.current_dir(util::workspace_root())
        .args(["test", "--workspace", "--all-features"])
        .args(args);
    eprintln!(
        "xtask: cargo test --workspace --all-features{}",
        args.iter().map(|a| format!(" {a}")).collect::<String>()
    );
    util::run_streaming(&mut cmd, "cargo test")?;
    crate::capi::run()?;
    crate::miri::run()?;
    reference_diff::run(&["--sample".to_owned(), reference_diff::CI_SAMPLE.to_string()])?;
    crate::surt_diff::run()?;
    if args.is_empty() {
        crate::datafusion::test()?;
        crate::python::test()?;
        crate::spark::test()?;
        crate::duckdb::test()?;
        crate::wasm::test()?;
        crate::asan::run()?;
    }
    Ok(())
}
