//! `cargo xtask asan [capi] [duckdb]` (both when neither is named; part of `cargo xtask test`):
//! the C API's and the DuckDB extension's test suites once more, against a build of the
//! library with AddressSanitizer, so that an out-of-bounds read or write, a use after free or
//! a double free on either side of the C boundary fails the suite.
//!
//! The library is built with `-Zsanitizer=address`, a nightly flag, on the toolchain at hand
//! with `RUSTC_BOOTSTRAP=1` (as the fuzz targets are, `fuzz.rs`), for
//! `--target x86_64-unknown-linux-gnu` (so that build scripts and proc macros are not
//! instrumented) into its own target directory. Rust links no sanitizer runtime into a
//! `cdylib` on Linux: the runtime is the C compiler's (`$CC`, else `cc`, with
//! `-fsanitize=address`), linked into the C test programs, and preloaded (`LD_PRELOAD`, the
//! file `$CC -print-file-name=libasan.so` names, with the C++ runtime after it: see
//! [`preload`]) into the Python that loads the DuckDB extension.
//!
//! - C API: `target/asan` (debug build of `weburl-capi`); the C programs of
//!   `crates/capi/tests/c/` (`api`, `search_params`, `extras`, `wpt`) compiled with
//!   `-fsanitize=address` and run with LeakSanitizer on (valgrind is not used here).
//! - DuckDB: `target/duckdb-asan` (release build of `crates/duckdb`, footer appended as
//!   `duckdb.rs` does), the pytest suites of `crates/duckdb/tests` in DuckDB's environment
//!   (`target/duckdb-venv`, with the facade's answers `target/duckdb/expected.json`; `cargo
//!   xtask duckdb test` makes both first when they are missing) with the ASan runtime
//!   preloaded and leak detection off (Python and DuckDB keep memory until exit).
//!
//! Each suite prints `<suite> (ASan): N passed, M failed` and its time. Where the platform or
//! the toolchain cannot do it (not x86-64 Linux, rustc refuses the flag, the C compiler has
//! no ASan runtime), the suite is skipped and the reason printed.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::Instant;

use crate::args::{self, Args};
use crate::capi::c_compiler;
use crate::{util, Failure, Result};

const USAGE: &str = "cargo xtask asan [capi] [duckdb]";

/// The target the instrumented libraries are built for.
const TARGET: &str = "x86_64-unknown-linux-gnu";

/// `cargo xtask asan [capi] [duckdb]`.
pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Value;
    let (mut capi, mut duckdb) = (false, false);
    let mut p = Args::new(args, USAGE);
    while let Some(arg) = p.next()? {
        match arg {
            Value(v) if v == "capi" => capi = true,
            Value(v) if v == "duckdb" => duckdb = true,
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    if !capi && !duckdb {
        (capi, duckdb) = (true, true);
    }
    suites(capi, duckdb)
}

/// `cargo xtask test`'s step (without ARGS, after the bindings' steps): the C API's and
/// DuckDB's suites under ASan.
pub fn run() -> Result {
    suites(true, true)
}

fn suites(capi: bool, duckdb: bool) -> Result {
    if let Some(reason) = unavailable() {
        println!("asan: skipped (the C API and DuckDB suites under AddressSanitizer): {reason}");
        return Ok(());
    }
    let mut failures = Vec::new();
    if capi {
        if let Err(e) = capi_suite() {
            failures.push(e.message);
        }
    }
    if duckdb {
        if let Err(e) = duckdb_suite() {
            failures.push(e.message);
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(Failure::new(format!(
            "AddressSanitizer suites failed:\n  {}",
            failures.join("\n  ")
        )))
    }
}

/// Why the instrumented builds cannot be made or run here, if they cannot.
fn unavailable() -> Option<String> {
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        return Some(format!(
            "AddressSanitizer builds are set up for x86-64 Linux only, not {}-{}",
            std::env::consts::ARCH,
            std::env::consts::OS
        ));
    }
    let scratch = util::workspace_root().join("target/asan/probe");
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        return Some(format!("{}: {e}", scratch.display()));
    }
    // rustc: the nightly flag, through RUSTC_BOOTSTRAP=1.
    let rs = scratch.join("probe.rs");
    if let Err(e) = std::fs::write(&rs, "pub fn probe(x: &[u8]) -> u8 { x[0] }\n") {
        return Some(format!("{}: {e}", rs.display()));
    }
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = Command::new(&rustc)
        .env("RUSTC_BOOTSTRAP", "1")
        .args([
            "-Zsanitizer=address",
            "--crate-type",
            "lib",
            "--target",
            TARGET,
        ])
        .arg("--out-dir")
        .arg(&scratch)
        .arg(&rs)
        .output();
    if let Some(reason) = failed(out, "rustc -Zsanitizer=address (RUSTC_BOOTSTRAP=1)") {
        return Some(reason);
    }
    // The C compiler: a program with its ASan runtime.
    let c = scratch.join("probe.c");
    if let Err(e) = std::fs::write(&c, "int main(void) { return 0; }\n") {
        return Some(format!("{}: {e}", c.display()));
    }
    let out = Command::new(c_compiler())
        .arg("-fsanitize=address")
        .arg(&c)
        .arg("-o")
        .arg(scratch.join("probe"))
        .output();
    if let Some(reason) = failed(out, &format!("{} -fsanitize=address", c_compiler())) {
        return Some(reason);
    }
    None
}

/// Why a probe failed, if it did: its first line of error output.
fn failed(out: std::io::Result<Output>, what: &str) -> Option<String> {
    match out {
        Err(e) => Some(format!("cannot run {what}: {e}")),
        Ok(o) if !o.status.success() => {
            let err = String::from_utf8_lossy(&o.stderr);
            let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            Some(format!("{what} fails: {}", first.trim()))
        }
        Ok(_) => None,
    }
}

/// The environment of an instrumented `cargo build`.
fn instrumented(cmd: &mut Command) -> &mut Command {
    cmd.env("RUSTC_BOOTSTRAP", "1")
        .env("RUSTFLAGS", "-Zsanitizer=address")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .args(["--target", TARGET])
}

/// The counts of the `<label>: N passed, M failed` lines in `text`, summed (pytest's own
/// `1 failed, 5 passed in 2s` is not one of them).
fn counts(text: &str) -> Option<(usize, usize)> {
    let mut total: Option<(usize, usize)> = None;
    for line in text.lines() {
        let Some((_, summary)) = line.trim().split_once(": ") else {
            continue;
        };
        let mut words = summary.split(' ');
        let (Some(p), Some("passed,"), Some(f), Some("failed"), None) = (
            words.next().and_then(|n| n.parse::<usize>().ok()),
            words.next(),
            words.next().and_then(|n| n.parse::<usize>().ok()),
            words.next(),
            words.next(),
        ) else {
            continue;
        };
        let (tp, tf) = total.unwrap_or((0, 0));
        total = Some((tp + p, tf + f));
    }
    total
}

/// Runs `cmd` with its output captured, then printed; its counts, and whether it exited 0.
fn run_counted(cmd: &mut Command, what: &str) -> Result<(Option<(usize, usize)>, bool)> {
    let out = cmd
        .output()
        .map_err(|e| Failure::new(format!("could not start {what}: {e}")))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    Ok((counts(&stdout), out.status.success()))
}

/// The C API's C programs against `libweburl_capi` built with ASan.
fn capi_suite() -> Result {
    let start = Instant::now();
    let root = util::workspace_root();
    let target_dir = root.join("target/asan");
    eprintln!(
        "xtask: RUSTC_BOOTSTRAP=1 RUSTFLAGS=-Zsanitizer=address cargo build -p weburl-capi \
         --target {TARGET} --target-dir target/asan"
    );
    util::run_streaming(
        instrumented(
            util::cargo()
                .current_dir(&root)
                .args(["build", "-p", "weburl-capi", "--target-dir"])
                .arg(&target_dir),
        ),
        "cargo build -p weburl-capi (AddressSanitizer)",
    )?;
    let lib_dir = target_dir.join(TARGET).join("debug");
    let out = target_dir.join("capi-tests");
    std::fs::create_dir_all(&out).map_err(|e| Failure::new(format!("{}: {e}", out.display())))?;
    let cases = out.join("wpt-cases.txt");
    crate::wpt_lines::write(&root.join("wpt-data"), &cases)?;
    let capi = root.join("crates/capi");
    let tests = capi.join("tests/c");
    let (mut passed, mut failed) = (0, 0);
    let mut broken = Vec::new();
    for name in crate::capi::C_PROGRAMS {
        let exe = out.join(name);
        crate::capi::compile(
            &tests.join(format!("{name}.c")),
            &exe,
            &[&capi.join("include"), &tests],
            &lib_dir,
            &["-fsanitize=address", "-fno-omit-frame-pointer"],
        )?;
        let mut cmd = Command::new(&exe);
        // halt_on_error (the default) ends the program at the first report, exit code 1.
        cmd.env("ASAN_OPTIONS", "detect_leaks=1");
        if name == "wpt" {
            cmd.arg(&cases);
        }
        let (n, ok) = run_counted(&mut cmd, name)?;
        let (p, f) = n.unwrap_or((0, 0));
        passed += p;
        failed += f;
        if !ok && f == 0 {
            // A sanitizer report (or a crash) after or instead of the counts.
            failed += 1;
            broken.push(name);
        }
    }
    println!("capi (ASan): {passed} passed, {failed} failed");
    eprintln!(
        "xtask: asan capi took {:.0} s",
        start.elapsed().as_secs_f64()
    );
    if failed == 0 {
        Ok(())
    } else {
        Err(Failure::new(format!(
            "C API suites under AddressSanitizer: {failed} failed{}",
            if broken.is_empty() {
                String::new()
            } else {
                format!(
                    " (ended by a sanitizer report or a crash: {})",
                    broken.join(", ")
                )
            }
        )))
    }
}

/// A shared library the C compiler names (`$CC -print-file-name=NAME`), if it has it.
fn compiler_file(name: &str) -> Option<PathBuf> {
    let out = Command::new(c_compiler())
        .arg(format!("-print-file-name={name}"))
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    // An unknown name is printed back as it was given, without a directory.
    (out.status.success() && path.is_absolute() && path.exists()).then_some(path)
}

/// What to preload into Python: the C compiler's ASan runtime (a shared library), and the C++
/// runtime after it. DuckDB throws C++ exceptions, and the runtime's `__cxa_throw` wrapper
/// looks up the real one when ASan starts: Python does not link libstdc++, so without it
/// preloaded too the first exception aborts the process (`CHECK failed ...
/// real___cxa_throw`).
fn preload() -> Result<String> {
    let runtime = compiler_file("libasan.so").ok_or_else(|| {
        Failure::new(format!(
            "`{} -print-file-name=libasan.so` names no shared ASan runtime",
            c_compiler()
        ))
    })?;
    let mut preload = runtime.display().to_string();
    if let Some(cxx) = compiler_file("libstdc++.so.6") {
        preload.push(' ');
        preload.push_str(&cxx.display().to_string());
    }
    Ok(preload)
}

/// The DuckDB extension built with ASan, and its pytest suites with the runtime preloaded.
fn duckdb_suite() -> Result {
    let start = Instant::now();
    let root = util::workspace_root();
    let venv = root.join("target/duckdb-venv");
    let python = util::venv_python(&venv);
    let expected = root.join("target/duckdb/expected.json");
    if !python.exists() || !expected.exists() {
        eprintln!("xtask: asan duckdb: DuckDB's environment or expected answers are missing");
        crate::duckdb::test()?;
    }
    let preload = match preload() {
        Ok(p) => p,
        Err(e) => {
            println!("duckdb (ASan): skipped: {}", e.message);
            return Ok(());
        }
    };
    let target_dir = root.join("target/duckdb-asan");
    eprintln!(
        "xtask: RUSTC_BOOTSTRAP=1 RUSTFLAGS=-Zsanitizer=address cargo build --release --lib \
         (crates/duckdb) --target {TARGET} --target-dir target/duckdb-asan"
    );
    util::run_streaming(
        instrumented(
            util::cargo()
                .current_dir(&root)
                .arg("build")
                .arg("--manifest-path")
                .arg(root.join("crates/duckdb/Cargo.toml"))
                .arg("--target-dir")
                .arg(&target_dir)
                .args(["--release", "--locked", "--lib"]),
        ),
        "cargo build (crates/duckdb, AddressSanitizer)",
    )?;
    let lib = target_dir.join(TARGET).join("release").join(format!(
        "{}weburl{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let ext_dir = target_dir.join("extension");
    crate::duckdb::write_extension(&lib, &ext_dir)?;
    eprintln!(
        "xtask: pytest crates/duckdb/tests (extension built with ASan, LD_PRELOAD='{preload}')"
    );
    let mut cmd =
        crate::duckdb::pytest_command(&python, &ext_dir.join("weburl.duckdb_extension"), &expected);
    cmd.env("LD_PRELOAD", &preload)
        // Progress printed as it happens, so that a sanitizer's abort leaves it in the log.
        .env("PYTHONUNBUFFERED", "1")
        // Python and DuckDB keep memory until exit: leaks are not this suite's question.
        .env("ASAN_OPTIONS", "detect_leaks=0");
    let (n, ok) = run_counted(&mut cmd, "pytest (crates/duckdb, ASan)")?;
    let (passed, mut failed) = n.unwrap_or((0, 0));
    if !ok && failed == 0 {
        // A sanitizer report ends the process before pytest's summary.
        failed += 1;
    }
    println!("duckdb (ASan): {passed} passed, {failed} failed");
    eprintln!(
        "xtask: asan duckdb took {:.0} s",
        start.elapsed().as_secs_f64()
    );
    if failed == 0 && ok {
        Ok(())
    } else {
        Err(Failure::new(format!(
            "DuckDB suites under AddressSanitizer: {failed} failed"
        )))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_sum_the_summary_lines() {
        let text = "api: 143 passed, 0 failed\nnoise\nwpt: 10 passed, 2 failed\n";
        assert_eq!(super::counts(text), Some((153, 2)));
        assert_eq!(
            super::counts("weburl-duckdb: 7 passed, 1 failed"),
            Some((7, 1))
        );
        assert_eq!(super::counts("3 passed in 0.2s"), None);
        assert_eq!(super::counts("1 failed, 5 passed, 2 warnings in 2s"), None);
    }
}
