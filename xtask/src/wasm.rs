//! weburl in JavaScript (`crates/wasm`, its own Cargo workspace, and the npm package `weburl`).
//!
//! `cargo xtask wasm build` installs the toolchain (`crates/wasm/scripts/toolchain.sh`:
//! Debian's rustc-web with its library sources, lld, binaryen, wasm-bindgen-cli from crates.io,
//! all pinned) and builds both packages (`crates/wasm/scripts/build.sh`):
//! `target/wasm/weburl-<version>.tgz` (full) and `target/wasm/weburl-url-only-<version>.tgz`.
//! `cargo xtask wasm test` then installs the full package into a temporary project and runs
//! the Node test runner's suites of `crates/wasm/tests` against it (printed as "N passed, M
//! failed"); `cargo xtask wasm bench` prints the size and speed tables
//! (`crates/wasm/bench/bench.mjs`); `cargo xtask wasm serve [--port N]` builds the full package
//! and serves the live viewer (`crates/wasm/viewer`) on 127.0.0.1 (port 8631 by default).
//! The suites include the viewer's check in headless Chromium (`tests/viewer.test.mjs`,
//! skipped without `chromium`), which keeps its screenshot as `target/wasm/viewer.png`.
//!
//! `cargo xtask test` runs the test step, and skips it with the reason (on stdout) when the
//! toolchain cannot be installed here (toolchain.sh's exit status 3: no apt-get, or no root for
//! it); under CI (the environment variable `CI` set, as `.ci/run` sets it) that skip is a
//! failure: CI must not pass without the suites.

use std::path::PathBuf;
use std::process::Command;

use crate::args::{self, Action};
use crate::{util, Failure, Result};

const USAGE: &str = "cargo xtask wasm [test | build | bench | serve [--port N]]";

fn root() -> PathBuf {
    util::workspace_root()
}

/// `cargo xtask wasm ...`
pub fn main(args: &[String]) -> Result {
    if args.first().map(String::as_str) == Some("serve") {
        return serve(&args[1..]);
    }
    let (action, rest) = args::action(args, USAGE)?;
    args::none(&rest, USAGE)?;
    match action {
        Action::Build => build().map(|_| ()),
        Action::Test => run_tests(),
        Action::Bench => bench(),
    }
}

/// The step of `cargo xtask test`: the Node suites, or a printed reason to skip them (a
/// failure under CI).
pub fn test() -> Result {
    match toolchain()? {
        Ready::Yes => run_tests_with_toolchain(),
        Ready::No(reason) => {
            if under_ci() {
                println!("xtask: wasm: cannot run the suites under CI ({reason})");
                return Err(Failure::new(format!(
                    "wasm: the suites would be skipped under CI ({reason})"
                )));
            }
            println!("xtask: wasm: skipped ({reason})");
            eprintln!("xtask: wasm: skipped ({reason})");
            Ok(())
        }
    }
}

/// Whether this runs under CI: the environment variable `CI` set (`.ci/run` sets `CI=true`),
/// other than to an empty string, `false` or `0`.
fn under_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0")
}

enum Ready {
    Yes,
    No(String),
}

/// Runs toolchain.sh.
fn toolchain() -> Result<Ready> {
    let script = root().join("crates/wasm/scripts/toolchain.sh");
    eprintln!("xtask: {}", script.display());
    let status = Command::new("sh")
        .arg(&script)
        .env(
            "CARGO",
            std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()),
        )
        .status()
        .map_err(|e| Failure::new(format!("could not start sh: {e}")))?;
    match status.code() {
        Some(0) => Ok(Ready::Yes),
        Some(3) => Ok(Ready::No(
            "toolchain.sh cannot install the toolchain here".to_owned(),
        )),
        _ => Err(Failure::new(format!("toolchain.sh failed ({status})"))),
    }
}

/// Builds one package, returning the path of its `.tgz`.
fn build_variant(variant: &str) -> Result<PathBuf> {
    let script = root().join("crates/wasm/scripts/build.sh");
    eprintln!("xtask: {} {variant}", script.display());
    let out = Command::new("sh")
        .arg(&script)
        .arg(variant)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| Failure::new(format!("could not start sh: {e}")))?;
    if !out.status.success() {
        return Err(Failure::new(format!(
            "build.sh {variant} failed ({})",
            out.status
        )));
    }
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    Ok(PathBuf::from(path))
}

/// Installs the toolchain and builds both packages: (full, URL-only).
fn build() -> Result<(PathBuf, PathBuf)> {
    if let Ready::No(reason) = toolchain()? {
        return Err(Failure::new(reason));
    }
    build_packages()
}

/// Builds both packages with the toolchain installed: (full, URL-only).
fn build_packages() -> Result<(PathBuf, PathBuf)> {
    let full = build_variant("full")?;
    let url_only = build_variant("url-only")?;
    eprintln!("xtask: wasm: {} and {}", full.display(), url_only.display());
    Ok((full, url_only))
}

/// Installs `packages` (`.tgz` paths) into a fresh project under target/wasm and returns it.
fn project(name: &str, packages: &[&PathBuf]) -> Result<PathBuf> {
    let dir = root().join("target/wasm").join(name);
    util::remove_dir(&dir)?;
    std::fs::create_dir_all(&dir).map_err(|e| Failure::new(format!("{}: {e}", dir.display())))?;
    std::fs::write(
        dir.join("package.json"),
        "{\"private\":true,\"type\":\"module\"}\n",
    )
    .map_err(|e| Failure::new(format!("{}: {e}", dir.display())))?;
    let mut cmd = Command::new("npm");
    cmd.current_dir(&dir)
        .args(["install", "--no-audit", "--no-fund", "--offline"])
        .args(packages);
    util::run_streaming(&mut cmd, "npm install")?;
    Ok(dir)
}

/// Installs the toolchain, builds both packages and runs the suites.
fn run_tests() -> Result {
    if let Ready::No(reason) = toolchain()? {
        return Err(Failure::new(reason));
    }
    run_tests_with_toolchain()
}

/// Builds both packages and runs the suites, toolchain.sh having run.
fn run_tests_with_toolchain() -> Result {
    let (full, url_only) = build_packages()?;
    let dir = project("test-project", &[&full, &url_only])?;
    // The suites are copied into the project: `import 'weburl'` resolves from the file's
    // place, the project's node_modules.
    let tests = root().join("crates/wasm/tests");
    let copy = dir.join("tests");
    std::fs::create_dir_all(&copy).map_err(|e| Failure::new(format!("{}: {e}", copy.display())))?;
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in
        std::fs::read_dir(&tests).map_err(|e| Failure::new(format!("{}: {e}", tests.display())))?
    {
        let path = entry
            .map_err(|e| Failure::new(format!("{}: {e}", tests.display())))?
            .path();
        let Some(name) = path.file_name() else {
            continue;
        };
        if path.extension().is_some_and(|x| x == "mjs") {
            std::fs::copy(&path, copy.join(name))
                .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
            if name.to_string_lossy().ends_with(".test.mjs") {
                files.push(copy.join(name));
            }
        }
    }
    files.sort();
    let mut cmd = Command::new("node");
    cmd.current_dir(&dir)
        .env("WEBURL_ROOT", root())
        .args(["--expose-gc", "--test", "--test-reporter=spec"])
        .args(&files);
    let out = cmd
        .output()
        .map_err(|e| Failure::new(format!("could not start node: {e}")))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    let count = |key: &str| -> u64 {
        stdout
            .lines()
            .filter_map(|l| l.trim_start_matches(['ℹ', ' ']).strip_prefix(key))
            .filter_map(|n| n.trim().parse::<u64>().ok())
            .next_back()
            .unwrap_or(0)
    };
    let (passed, failed) = (count("pass "), count("fail "));
    if !out.status.success() || failed > 0 {
        print!("{stdout}");
    }
    println!("wasm (node --test): {passed} passed, {failed} failed");
    if !out.status.success() || failed > 0 || passed == 0 {
        return Err(Failure::new("the Node suites of crates/wasm failed"));
    }
    Ok(())
}

fn bench() -> Result {
    let (full, url_only) = build()?;
    let dir = project("bench-project", &[&full, &url_only])?;
    // Copied into the project, as the suites are: `import 'weburl'` resolves from there.
    let script = dir.join("bench.mjs");
    std::fs::copy(root().join("crates/wasm/bench/bench.mjs"), &script)
        .map_err(|e| Failure::new(format!("{}: {e}", script.display())))?;
    let mut cmd = Command::new("node");
    cmd.current_dir(&dir)
        .env("WEBURL_ROOT", root())
        .arg(&script);
    util::run_streaming(&mut cmd, "node bench.mjs")
}

/// `cargo xtask wasm serve [--port N]`: the viewer and the built package on 127.0.0.1.
fn serve(args: &[String]) -> Result {
    let mut p = args::Args::new(args, USAGE);
    let mut port: u16 = 8631;
    while let Some(arg) = p.next()? {
        match arg {
            lexopt::Arg::Long("port") => port = p.parsed("--port")?,
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    if let Ready::No(reason) = toolchain()? {
        return Err(Failure::new(reason));
    }
    build_variant("full")?;
    let mut cmd = Command::new("node");
    cmd.env("PORT", port.to_string())
        .arg(root().join("crates/wasm/viewer/serve.mjs"));
    util::run_streaming(&mut cmd, "node serve.mjs")
}
