//! `cargo xtask scaling [--filter WORD]`: builds and runs the `weburl-scaling` program
//! (`xtask/scaling/`, its own package and workspace, release mode), which times adversarial
//! inputs at four sizes a decade apart and exits non-zero when a case's growth per 10x of
//! input size, fitted over the four sizes, is above 20x, or its last decade's above 50x. Each
//! case runs in a process of its own; one over a bound is re-timed (see `judge` in
//! `xtask/scaling/src/main.rs`).

use crate::args::{self, Args};
use crate::{util, Result};

const USAGE: &str = "cargo xtask scaling [--filter WORD]";

pub fn main(args: &[String]) -> Result {
    let mut p = Args::new(args, USAGE);
    let mut filter = Vec::new();
    while let Some(arg) = p.next()? {
        match arg {
            lexopt::Arg::Long("filter") => filter = vec!["--filter".to_owned(), p.value()?],
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    let root = util::workspace_root();
    let manifest = root.join("xtask/scaling/Cargo.toml");
    let mut cmd = util::cargo();
    cmd.current_dir(&root)
        .arg("run")
        .arg("--release")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--")
        .args(&filter)
        // The scaling package has its own target dir; a CARGO_TARGET_DIR meant for the main
        // workspace would mix its artifacts in.
        .env_remove("CARGO_TARGET_DIR");
    eprintln!("xtask: cargo run --release --manifest-path xtask/scaling/Cargo.toml");
    util::run_streaming(&mut cmd, "weburl-scaling")
}
