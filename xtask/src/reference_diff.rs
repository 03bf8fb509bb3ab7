//! `cargo xtask reference-diff [--sample N] [ARGS...]`: installs jsdom's `whatwg-url` (the
//! reference implementation) with npm into `target/reference/`, then runs the
//! `weburl-reference-diff` program (`xtask/reference/`), which puts every WPT input, corpus
//! line, mutated input and setter sequence through both and lists each disagreement.
//!
//! The versions are pinned by `xtask/reference/package-lock.json` (`npm ci`); the install is
//! redone when that file changes. Without `node` or `npm`, or when the install fails (no
//! network), the command prints why and skips, successfully: CI machines without node still
//! pass, and say so.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::args::{self, Args};
use crate::{util, Failure, Result};

/// The sample `cargo xtask test` runs: every WPT input and about this many others.
pub const CI_SAMPLE: usize = 4000;

/// Why the reference implementation is not available, or where its `node_modules` is.
enum Install {
    Ready(PathBuf),
    Skip(String),
}

fn version_of(program: &str) -> Option<String> {
    let out = Command::new(program).arg("--version").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Installs the pinned whatwg-url into `target/reference/` unless it is there already.
fn install(root: &Path) -> Install {
    let Some(node) = version_of("node") else {
        return Install::Skip("node not found".to_owned());
    };
    let Some(npm) = version_of("npm") else {
        return Install::Skip("npm not found".to_owned());
    };
    let source = root.join("xtask/reference");
    let dir = root.join("target/reference");
    let lock = std::fs::read(source.join("package-lock.json")).unwrap_or_default();
    let installed = std::fs::read(dir.join("package-lock.json")).unwrap_or_default();
    let modules = dir.join("node_modules");
    if !lock.is_empty() && lock == installed && modules.join("whatwg-url/package.json").is_file() {
        return Install::Ready(modules);
    }
    eprintln!("xtask: npm ci in target/reference (node {node}, npm {npm})");
    let copied = std::fs::create_dir_all(&dir).and_then(|()| {
        std::fs::copy(source.join("package.json"), dir.join("package.json"))?;
        std::fs::copy(
            source.join("package-lock.json"),
            dir.join("package-lock.json"),
        )
    });
    if let Err(e) = copied {
        return Install::Skip(format!("could not prepare {}: {e}", dir.display()));
    }
    let status = Command::new("npm")
        .current_dir(&dir)
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .status();
    match status {
        Ok(s) if s.success() => Install::Ready(modules),
        Ok(s) => {
            // A later run must not take a half-done install for a complete one.
            let _ = std::fs::remove_file(dir.join("package-lock.json"));
            Install::Skip(format!("npm ci failed ({s})"))
        }
        Err(e) => Install::Skip(format!("could not run npm: {e}")),
    }
}

/// Installs the reference implementation and runs the comparison with `args`; without node
/// or npm, or when the install fails, prints why and returns `Ok`.
pub fn run(args: &[String]) -> Result {
    let root = util::workspace_root();
    let modules = match install(&root) {
        Install::Ready(modules) => modules,
        Install::Skip(reason) => {
            println!("reference-diff: skipped: {reason}");
            return Ok(());
        }
    };
    let mut cmd = util::cargo();
    cmd.current_dir(&root)
        // With legacy query encodings compiled in, as the WPT runners of `cargo xtask test`
        // (--all-features) have them: the parser's encoding is then a run-time value.
        .args(["run", "--quiet", "--package", "weburl-reference-diff"])
        .args(["--features", "weburl/encoding", "--"])
        .arg("--node-modules")
        .arg(&modules)
        .args(args);
    eprintln!(
        "xtask: cargo run --package weburl-reference-diff --features weburl/encoding --{}",
        args.iter().map(|a| format!(" {a}")).collect::<String>()
    );
    util::run_streaming(&mut cmd, "reference-diff").map_err(|f| Failure {
        message: format!("{} (zero disagreements is the standard)", f.message),
        code: f.code,
    })
}

/// `cargo xtask reference-diff [ARGS...]`: every argument goes to `weburl-reference-diff`,
/// which reads them (`--help` lists them).
pub fn main(args: &[String]) -> Result {
    let mut p = Args::new(args, "cargo xtask reference-diff [ARGS...]");
    let mut forward = Vec::new();
    while let Some(arg) = p.next()? {
        let word = args::word(arg);
        forward.push(p.attached(word));
    }
    run(&forward)
}
