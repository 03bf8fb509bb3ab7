//! The differential test of `weburl-canon`'s `surt` against the `surt` Python package (a step
//! of `cargo xtask test`): installs `surt==0.3.1` (with its dependencies, tldextract and six)
//! into its own virtual environment, `target/surt-venv` (not `target/python-venv`, whose pins
//! `python.rs` owns), then runs `cargo test -p weburl-canon --test surt_diff` with
//! `WEBURL_SURT_PYTHON` set to that environment's Python. The test
//! (`crates/canon/tests/surt_diff.rs`) prints `surt <option set>: N agree of M` per option set
//! and fails on any difference that its allow-list does not give a reason for.
//!
//! Without Python, or when pip cannot install the package (no network), it prints why and
//! skips, successfully.

use std::time::Instant;

use crate::{util, Result};

/// The package version the keys must match.
const SURT: &str = "surt==0.3.1";

pub fn run() -> Result {
    let start = Instant::now();
    let root = util::workspace_root();
    let venv = root.join("target/surt-venv");
    if let Err(e) = util::python_environment(&venv, &[SURT], &[]) {
        println!("surt_diff: skipped: {SURT} did not install ({})", e.message);
        return Ok(());
    }
    let mut cmd = util::cargo();
    cmd.current_dir(&root)
        .args([
            "test",
            "--quiet",
            "-p",
            "weburl-canon",
            "--test",
            "surt_diff",
        ])
        .env("WEBURL_SURT_PYTHON", util::venv_python(&venv));
    eprintln!("xtask: cargo test -p weburl-canon --test surt_diff (against {SURT})");
    util::run_streaming(&mut cmd, "surt_diff")?;
    eprintln!(
        "xtask: surt_diff took {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
