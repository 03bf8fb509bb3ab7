//! Miri over `weburl-bytes`, the workspace's one crate with `unsafe` code: its safe API
//! (`crates/bytes/tests/safe_api.rs`: the scans with every classifier, the portable table,
//! `dispatch`, the SWAR helpers, `text::in_ranges`) under Miri's checks for undefined
//! behaviour. Built with SSSE3 and AVX2 enabled (`-C target-feature`): Miri emulates their
//! intrinsics but cannot run CPUID, so only the build's features count, and without them no
//! `unsafe` code would run. Run by `cargo xtask test` when `cargo miri` works on a nightly
//! toolchain (`cargo +nightly miri`, installed with `rustup component add --toolchain nightly
//! miri rust-src`); otherwise skipped with the reason printed. Not an install step: Miri needs
//! a nightly toolchain, which CI's machine (stable Rust) does not have.

use std::process::Command;

use crate::{util, Result};

/// The toolchain Miri is looked for on.
const TOOLCHAIN: &str = "+nightly";

/// Runs the bytes crate's safe-API test under Miri, or says why not.
pub fn run() -> Result {
    if let Some(reason) = unavailable() {
        eprintln!("xtask: miri skipped: {reason}");
        return Ok(());
    }
    let mut cmd = Command::new("cargo");
    // The toolchain is the `+nightly` argument's, not the one `cargo xtask` runs on.
    cmd.current_dir(util::workspace_root())
        .env_remove("RUSTUP_TOOLCHAIN")
        .env("RUSTFLAGS", "-C target-feature=+ssse3,+avx2")
        .args([
            TOOLCHAIN,
            "miri",
            "test",
            "-p",
            "weburl-bytes",
            "--test",
            "safe_api",
        ]);
    eprintln!(
        "xtask: RUSTFLAGS='-C target-feature=+ssse3,+avx2' cargo {TOOLCHAIN} miri test -p \
         weburl-bytes --test safe_api"
    );
    util::run_streaming(&mut cmd, "cargo miri test (weburl-bytes)")
}

/// Why Miri cannot run here, if it cannot.
fn unavailable() -> Option<String> {
    match Command::new("cargo")
        .env_remove("RUSTUP_TOOLCHAIN")
        .args([TOOLCHAIN, "miri", "--version"])
        .output()
    {
        Err(e) => Some(format!("cannot run cargo {TOOLCHAIN} miri: {e}")),
        Ok(out) if !out.status.success() => {
            let err = String::from_utf8_lossy(&out.stderr);
            let first = err.lines().next().unwrap_or("").trim().to_owned();
            Some(format!(
                "`cargo {TOOLCHAIN} miri` is not available ({first}); install it with \
                 `rustup component add --toolchain nightly miri rust-src`"
            ))
        }
        Ok(_) => None,
    }
}
