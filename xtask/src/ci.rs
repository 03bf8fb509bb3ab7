//! `cargo xtask ci [--dry-run] [--only WORD]`: what CI runs (`.ci/run` is a call of it), in order, stopping
//! at the first failure: `cargo fmt --check` and `cargo clippy -D warnings` for every
//! workspace of [`WORKSPACES`] (each with a lock file of its own), the README's test command
//! (`cargo xtask test`), `cargo xtask size --check`, the dependency policy (`cargo deny`), a
//! publish dry run and the fuzz smoke runs. `--dry-run` prints the steps without running
//! them; `--only WORD` runs (or prints) only the steps whose title has WORD in it, such as
//! `clippy` or `fuzz`. Each step's wall time is printed at the end.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::args::{self, Args};
use crate::{fuzz, size, test, util, Failure, Result};

/// A workspace with a lock file of its own: how CI formats and lints it.
pub struct Workspace {
    /// The directory of its `Cargo.toml`, relative to the root.
    pub dir: &'static str,
    /// `cargo fmt --all`: its other members too (never for one that has only one package:
    /// `--all` also formats a package's path dependencies, the root workspace's crates).
    pub fmt_all: bool,
    /// Its target directory for clippy (`None`: its own `target/`), the one its builds use.
    pub target_dir: Option<&'static str>,
    /// The arguments of each of its clippy runs (before `-- -D warnings`).
    pub clippy: &'static [&'static [&'static str]],
}

/// Every workspace of the repository: the root one, the bindings' (DataFusion, Python, Polars,
/// WebAssembly in crates/wasm, and DuckDB, each with dependencies the root's must not have),
/// the fuzz targets' (nightly flags, ada-url) and xtask's programs' (their own profiles). A
/// test below checks that each `Cargo.lock` outside `target/` is one of them.
pub const WORKSPACES: &[Workspace] = &[
    Workspace {
        dir: ".",
        fmt_all: true,
        target_dir: None,
        clippy: &[
            &["--workspace", "--all-targets", "--all-features"],
            // The parser's query encoding is a cfg'd type (crates/core/src/encoding.rs): the
            // build without the feature too, which --all-features does not see.
            &["-p", "weburl-core", "-p", "weburl", "--all-targets"],
            // The parse-only build (issue 31): without `compat`, `psl` and `display`;
            // weburl-core's tests too (those of the url-crate API require `compat`).
            &[
                "-p",
                "weburl-core",
                "-p",
                "weburl",
                "--no-default-features",
                "--features",
                "std",
            ],
            &[
                "-p",
                "weburl-core",
                "--no-default-features",
                "--features",
                "std",
                "--all-targets",
            ],
        ],
    },
    // DataFusion and Ballista: a cold build of this workspace takes most of CI's time (see
    // crates/datafusion/README.md). `cargo xtask test` runs its tests.
    Workspace {
        dir: "crates/datafusion",
        fmt_all: true, // the sql/ member too
        target_dir: None,
        clippy: &[&["--all-targets", "--all-features", "--locked"]],
    },
    // PyO3, built by maturin in `cargo xtask test` into the same
    // target directory; the second run is the cp310-abi3 wheel's code (the one `cargo xtask
    // test` builds and tests on Python 3.10+).
    Workspace {
        dir: "crates/python",
        fmt_all: false,
        target_dir: Some("target/python"),
        clippy: &[
            &["--all-targets", "--locked"],
            &[
                "--all-targets",
                "--locked",
                "--no-default-features",
                "--features",
                "abi3-py310",
            ],
        ],
    },
    // The Polars plugin (weburl-polars: PyO3, pyo3-polars, Polars), built by maturin in `cargo
    // xtask test` into the same target directory as crates/python.
    Workspace {
        dir: "crates/polars",
        fmt_all: false,
        target_dir: Some("target/python"),
        clippy: &[&["--all-targets", "--locked"]],
    },
    // The npm package's crate (wasm-bindgen), linted on the host; `cargo xtask test` builds
    // it for wasm32 with Debian's rustc-web (crates/wasm/scripts).
    Workspace {
        dir: "crates/wasm",
        fmt_all: false,
        target_dir: Some("target/wasm-clippy"),
        clippy: &[&["--all-targets", "--locked"]],
    },
    // The DuckDB extension (libduckdb-sys, no DuckDB built).
    Workspace {
        dir: "crates/duckdb",
        fmt_all: false,
        target_dir: Some("target/duckdb-build"),
        clippy: &[&["--all-targets", "--locked"]],
    },
    // The cargo-fuzz targets: they check on the stable compiler as they are (libfuzzer-sys's
    // `fuzz_target!` needs no nightly flag outside `cargo fuzz`, whose builds go to
    // fuzz/target). This and xtask's programs are linted in the root's target directory:
    // the dependencies they share with it (ICU, regex, ...) are checked once.
    Workspace {
        dir: "fuzz",
        fmt_all: false,
        target_dir: Some("target"),
        clippy: &[&["--all-targets", "--locked"]],
    },
    Workspace {
        dir: "xtask/scaling",
        fmt_all: true,
        target_dir: Some("target"),
        clippy: &[&["--all-targets", "--locked"]],
    },
    Workspace {
        dir: "xtask/size-check",
        fmt_all: true,
        target_dir: Some("target"),
        clippy: &[&["--workspace", "--all-targets", "--locked"]],
    },
];

/// What one step does.
enum Work {
    /// `cargo ARGS...`.
    Cargo(Vec<String>),
    /// An xtask subcommand with its arguments, run in this process.
    Xtask(&'static str, fn(&[String]) -> Result, Vec<String>),
    /// valgrind and pkg-config for the C API's tests, from Debian's packages when missing.
    AptTools,
    /// `cargo install cargo-deny --locked` when it is missing.
    InstallDeny,
    /// Removes earlier unpackings of our own crates from Cargo's registry sources.
    CleanPublishCopies,
}

impl Work {
    fn cargo(args: &[&str]) -> Work {
        Work::Cargo(args.iter().map(|a| (*a).to_owned()).collect())
    }

    fn describe(&self) -> String {
        match self {
            Work::Cargo(a) => format!("cargo {}", a.join(" ")),
            Work::Xtask(name, _, a) => {
                format!(
                    "cargo xtask {name}{}",
                    a.iter().map(|a| format!(" {a}")).collect::<String>()
                )
            }
            Work::AptTools => {
                "apt-get install -y valgrind pkg-config (when missing, as root)".to_owned()
            }
            Work::InstallDeny => "cargo install cargo-deny --locked (when missing)".to_owned(),
            Work::CleanPublishCopies => {
                "rm -rf $CARGO_HOME/registry/src/-*/weburl-[a-z0-9]*".to_owned()
            }
        }
    }

    fn run(&self) -> Result {
        match self {
            Work::Cargo(a) => util::run_streaming(
                util::cargo().current_dir(util::workspace_root()).args(a),
                &self.describe(),
            ),
            Work::Xtask(_, main, a) => main(a),
            Work::AptTools => {
                apt_tools();
                Ok(())
            }
            Work::InstallDeny => {
                let present = util::cargo()
                    .args(["deny", "--version"])
                    .output()
                    .is_ok_and(|o| o.status.success());
                if present {
                    return Ok(());
                }
                util::run_streaming(
                    util::cargo().args(["install", "cargo-deny", "--locked"]),
                    "cargo install cargo-deny",
                )
            }
            Work::CleanPublishCopies => clean_publish_copies(),
        }
    }
}

/// The steps, in order: a title and its work.
fn steps() -> Vec<(String, Vec<Work>)> {
    let mut steps = Vec::new();
    // Formatting first: the quickest to fail.
    let fmt = WORKSPACES
        .iter()
        .map(|w| {
            let mut a = vec!["fmt".to_owned()];
            if w.fmt_all {
                a.push("--all".to_owned());
            }
            if w.dir != "." {
                a.extend([
                    "--manifest-path".to_owned(),
                    format!("{}/Cargo.toml", w.dir),
                ]);
            }
            a.push("--check".to_owned());
            Work::Cargo(a)
        })
        .collect();
    steps.push(("cargo fmt --check, every workspace".to_owned(), fmt));
    for w in WORKSPACES {
        let lints = w
            .clippy
            .iter()
            .map(|variant| {
                let mut a = vec!["clippy".to_owned()];
                if w.dir != "." {
                    a.extend([
                        "--manifest-path".to_owned(),
                        format!("{}/Cargo.toml", w.dir),
                    ]);
                }
                if let Some(t) = w.target_dir {
                    a.extend(["--target-dir".to_owned(), t.to_owned()]);
                }
                a.extend(variant.iter().map(|s| (*s).to_owned()));
                a.extend(["--".to_owned(), "-D".to_owned(), "warnings".to_owned()]);
                Work::Cargo(a)
            })
            .collect();
        let name = if w.dir == "." {
            "the root workspace"
        } else {
            w.dir
        };
        steps.push((format!("cargo clippy -D warnings: {name}"), lints));
    }
    steps.push((
        "C API test tools: valgrind and pkg-config".to_owned(),
        vec![Work::AptTools],
    ));
    steps.push((
        "cargo xtask test".to_owned(),
        vec![Work::Xtask("test", test::main, Vec::new())],
    ));
    // The parse-only program with weburl's default features and with its `std` feature
    // alone may not be larger than the same program with the url crate (issue 31). Three
    // release builds in their own target directories.
    steps.push((
        "cargo xtask size --check".to_owned(),
        vec![Work::Xtask("size", size::main, vec!["--check".to_owned()])],
    ));
    // Dependency policy (deny.toml). Installing cargo-deny takes minutes on a fresh machine.
    steps.push((
        "cargo deny check licenses bans sources".to_owned(),
        vec![
            Work::InstallDeny,
            Work::cargo(&["deny", "check", "licenses", "bans", "sources"]),
        ],
    ));
    // Packages every publishable crate (unpublished workspace dependencies together) and
    // builds each from its package, as crates.io would: metadata, license files and readmes
    // included. Needs the crates.io index. --allow-dirty: the synced WPT data and local edits
    // do not matter.
    steps.push((
        "cargo publish --workspace --dry-run".to_owned(),
        vec![
            Work::CleanPublishCopies,
            Work::cargo(&["publish", "--workspace", "--dry-run", "--allow-dirty"]),
        ],
    ));
    // The fuzz smoke run: libFuzzer keeps to one core a target, so `--jobs 2` runs two
    // targets side by side on CI's two cores. With AddressSanitizer: `SMOKE_ASAN`; the other
    // targets reach no unsafe code of ours: without ASan. `SMOKE_SKIPPED` are left out.
    let seconds = smoke_seconds();
    let fuzz_args = |sanitizer: &str, targets: &[&str]| {
        let mut a = vec![
            "--seconds".to_owned(),
            seconds.clone(),
            "--jobs".to_owned(),
            "2".to_owned(),
            "--sanitizer".to_owned(),
            sanitizer.to_owned(),
        ];
        a.extend(targets.iter().map(|t| (*t).to_owned()));
        a
    };
    let plain: Vec<&str> = fuzz::TARGETS
        .into_iter()
        .filter(|t| !SMOKE_ASAN.contains(t) && !SMOKE_SKIPPED.contains(t))
        .collect();
    steps.push((
        format!(
            "fuzz smoke: {} targets for {seconds} s each, two at a time",
            SMOKE_ASAN.len() + plain.len()
        ),
        vec![
            Work::Xtask("fuzz", fuzz::main, fuzz_args("address", &SMOKE_ASAN)),
            Work::Xtask("fuzz", fuzz::main, fuzz_args("none", &plain)),
        ],
    ));
    steps
}

/// The fuzz smoke run's targets with AddressSanitizer: `bytes` (weburl-bytes, the one crate
/// with unsafe code) and `fastpath` (the parse compiled for AVX2/SSSE3 through it, against the
/// state machine); ASan costs a build of its own and executions.
const SMOKE_ASAN: [&str; 2] = ["bytes", "fastpath"];

/// The fuzz targets the smoke run leaves out: `differential` (against ada-url) is left to
/// `cargo xtask fuzz differential`: what it finds is mostly ada departing from the spec, which
/// must not fail CI at random.
const SMOKE_SKIPPED: [&str; 1] = ["differential"];

/// Seconds per target of the fuzz smoke run: `$WEBURL_FUZZ_SMOKE_SECONDS`, else 20.
fn smoke_seconds() -> String {
    std::env::var("WEBURL_FUZZ_SMOKE_SECONDS")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "20".to_owned())
}

const USAGE: &str = "cargo xtask ci [--dry-run] [--only WORD]";

pub fn main(argv: &[String]) -> Result {
    let mut dry_run = false;
    let mut only = None;
    let mut p = Args::new(argv, USAGE);
    while let Some(arg) = p.next()? {
        match arg {
            lexopt::Arg::Long("dry-run") => dry_run = true,
            lexopt::Arg::Long("only") => only = Some(p.value()?),
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    let mut steps = steps();
    if let Some(word) = &only {
        steps.retain(|(title, _)| title.contains(word.as_str()));
        if steps.is_empty() {
            return Err(p.error(&format!("no step's title has `{word}` in it")));
        }
    }
    let mut times: Vec<(String, Duration)> = Vec::new();
    let start = Instant::now();
    for (title, work) in &steps {
        println!("\n=== {title} ===");
        let step_start = Instant::now();
        for w in work {
            println!("ci: {}", w.describe());
            if !dry_run {
                w.run()?;
            }
        }
        times.push((title.clone(), step_start.elapsed()));
    }
    if !dry_run {
        println!("\n=== wall time per step ===");
        for (title, t) in &times {
            println!("{:>7.0} s  {title}", t.as_secs_f64());
        }
        println!("{:>7.0} s  in all", start.elapsed().as_secs_f64());
    }
    Ok(())
}

/// valgrind and pkg-config, for the C API's tests under valgrind and the README's C example
/// built with pkg-config: installed from Debian's packages when missing and apt-get can (as
/// root). Each of those is skipped, saying why, where missing, so a failed install is not
/// fatal.
fn apt_tools() {
    let have = |program: &str| Command::new(program).arg("--version").output().is_ok();
    if have("valgrind") && have("pkg-config") {
        return;
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if !have("apt-get") || !root {
        println!(
            "valgrind or pkg-config missing and no root apt-get: the C API tests run without them"
        );
        return;
    }
    let installed = Command::new("apt-get")
        .args(["update", "-qq"])
        .status()
        .is_ok_and(|s| s.success())
        && Command::new("apt-get")
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["install", "-y", "-qq", "valgrind", "pkg-config"])
            .status()
            .is_ok_and(|s| s.success());
    if !installed {
        println!("could not install valgrind / pkg-config: the C API tests run without them");
    }
}

/// The publish dry run unpacks each package into
/// `$CARGO_HOME/registry/src/-<hash>/<name>-<version>` and, when that directory is already
/// there from an earlier run, reuses it unchanged: at version 0.1.0 an old copy of
/// weburl-core was built instead of this one and failed. So any earlier unpacking of our own
/// crates goes first (only in the local-registry directories, whose names start with `-`;
/// crates.io's are left alone).
fn clean_publish_copies() -> Result {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .ok_or_else(|| Failure::new("neither CARGO_HOME nor HOME is set"))?;
    let src = home.join("registry/src");
    let Ok(registries) = std::fs::read_dir(&src) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        let Ok(packages) = std::fs::read_dir(registry.path()) else {
            continue;
        };
        for package in packages.flatten() {
            let name = package.file_name().to_string_lossy().into_owned();
            if is_our_unpacking(&name) {
                util::remove_dir(&package.path())?;
            }
        }
    }
    Ok(())
}

/// `weburl-[a-z0-9]*`: one of our crates' unpacked directories.
fn is_our_unpacking(name: &str) -> bool {
    name.strip_prefix("weburl-")
        .and_then(|rest| rest.bytes().next())
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lock file outside `target/` is a workspace of [`WORKSPACES`], and each of those
    /// has one: a new workspace cannot escape CI's format and lint steps.
    #[test]
    fn every_workspace_is_listed() {
        let root = util::workspace_root();
        let mut found = Vec::new();
        let mut dirs = vec![root.clone()];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let path = e.path();
                let name = e.file_name().to_string_lossy().into_owned();
                if path.is_dir() {
                    if !matches!(name.as_str(), "target" | ".git" | "node_modules")
                        && !name.starts_with("target-")
                    {
                        dirs.push(path);
                    }
                } else if name == "Cargo.lock" {
                    let rel = dir.strip_prefix(&root).unwrap_or(&dir).to_string_lossy();
                    found.push(if rel.is_empty() {
                        ".".to_owned()
                    } else {
                        rel.into_owned()
                    });
                }
            }
        }
        found.sort();
        let mut listed: Vec<String> = WORKSPACES.iter().map(|w| w.dir.to_owned()).collect();
        listed.sort();
        assert_eq!(found, listed);
    }

    #[test]
    fn smoke_lists_name_fuzz_targets() {
        for t in SMOKE_ASAN.iter().chain(&SMOKE_SKIPPED) {
            assert!(fuzz::TARGETS.contains(t), "`{t}` is no fuzz target");
        }
    }

    #[test]
    fn steps_in_order() {
        let titles: Vec<String> = steps().into_iter().map(|(t, _)| t).collect();
        let at = |prefix: &str| {
            titles
                .iter()
                .position(|t| t.starts_with(prefix))
                .unwrap_or_else(|| panic!("no step titled `{prefix}...`"))
        };
        assert_eq!(at("cargo fmt"), 0);
        at("cargo clippy -D warnings: fuzz");
        assert!(at("cargo clippy -D warnings: xtask/size-check") < at("cargo xtask test"));
        assert!(at("cargo xtask test") < at("cargo xtask size --check"));
        assert!(at("cargo xtask size --check") < at("cargo deny"));
        assert!(at("cargo deny") < at("cargo publish"));
        assert_eq!(at("fuzz smoke"), titles.len() - 1);
        let all: Vec<String> = steps()
            .iter()
            .flat_map(|(_, w)| w.iter().map(Work::describe))
            .collect();
        assert!(all.contains(
            &"cargo clippy --manifest-path crates/python/Cargo.toml --target-dir target/python \
              --all-targets --locked --no-default-features --features abi3-py310 -- -D warnings"
                .to_owned()
        ));
        assert!(all.contains(&"cargo fmt --all --check".to_owned()));
        assert!(all.contains(&"cargo fmt --manifest-path fuzz/Cargo.toml --check".to_owned()));
    }

    #[test]
    fn publish_copies() {
        assert!(is_our_unpacking("weburl-core-0.1.0"));
        assert!(!is_our_unpacking("weburl-"));
        assert!(!is_our_unpacking("url-2.5.0"));
        assert!(!is_our_unpacking("weburl"));
    }
}
