//! The parse-only programs of `xtask/size-check` (a workspace of its own) and how they are
//! built: shared by `size.rs` (their sizes) and `compile_work.rs` (the compiler's work for
//! them), neither of which reaches into the other for them.

use std::path::Path;
use std::process::Command;

use crate::util;

/// The programs: package name and what the tables call it. The `url` one is last.
pub const PROGRAMS: [(&str, &str); 3] = [
    ("size-check-weburl", "weburl"),
    ("size-check-weburl-std", "weburl std"),
    ("size-check-url", "url"),
];

/// `cargo build` of `package` in xtask/size-check, into `target`, under that workspace's
/// profile and nothing else (no `RUSTFLAGS` of the caller's).
pub fn build_command(package: &str, target: &Path, strip: bool) -> Command {
    let root = util::workspace_root();
    let mut cmd = util::cargo();
    cmd.current_dir(root.join("xtask/size-check"))
        .args(["build", "--release", "--locked", "--quiet", "-p", package])
        .arg("--target-dir")
        .arg(target)
        // The profile of xtask/size-check/Cargo.toml and nothing else.
        .env(
            "CARGO_PROFILE_RELEASE_STRIP",
            if strip { "true" } else { "false" },
        )
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS");
    cmd
}
