//! The Python packages, `weburl` (`crates/python`) and `weburl-polars` (`crates/polars`, the
//! Polars plugin, a package of its own so that the base one builds without Polars):
//! `cargo xtask python test|bench|build`. `test` (a step of `cargo xtask test`) builds both
//! into a virtual environment under `target/` and runs each one's pytest suite; `bench` runs
//! the benchmarks (`crates/python/bench/bench.py`, `bench_polars.py`) against the other
//! Python URL libraries; `build` builds both wheels and installs them in the environment.
//!
//! The environment is `target/python-venv`, made with the `python3` on PATH (or `$PYTHON`).
//! Every package comes from pip at a pinned version: maturin (the build backend), pytest and
//! hypothesis always; the comparison packages (ada-url, tldextract; for the benchmark also
//! can_ada, yarl, publicsuffixlist, surt) when they install, since the tests compare with
//! fixtures of their answers when they are absent. A stamp file skips pip when the pins have not changed.
//! The extensions are built in release mode by maturin into `target/python` (each package is a
//! Cargo workspace of its own, so their builds do not touch the root workspace's; they share
//! that target directory and the dependencies they have in common) and installed as wheels.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::args::{self, Action, Args};
use crate::{util, wpt_sync, Failure, Result};

const USAGE: &str =
    "cargo xtask python [test | build | bench [--quick] [--rounds N] [--corpus NAME]...]";

/// `cargo xtask python test|bench|build [ARGS...]`.
pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Long;
    let (action, rest) = args::action(args, USAGE)?;
    let mut p = Args::new(&rest, USAGE);
    let mut bench_args = Vec::new();
    while let Some(arg) = p.next()? {
        match arg {
            Long("quick") if action == Action::Bench => bench_args.push("--quick".to_owned()),
            Long(name @ ("corpus" | "rounds")) if action == Action::Bench => {
                let name = format!("--{name}");
                bench_args.extend([name, p.value()?]);
            }
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    match action {
        Action::Test => test(),
        Action::Bench => bench(&bench_args),
        Action::Build => {
            environment(&[])?;
            build_and_install()
        }
    }
}

/// What the build and the tests need.
/// Polars 1.43.2 is the Python release of Rust Polars 0.55.1, the version pyo3-polars 0.28
/// (weburl-polars' plugin) is built against.
const REQUIRED: &[&str] = &[
    "maturin==1.9.4",
    "pytest==9.2.0",
    "hypothesis==6.170.17",
    "polars==1.43.2",
    // weburl.arrow's and weburl.pandas' tests (tests/test_arrow.py, test_pandas.py): Arrow
    // producers and consumers.
    "pyarrow==26.0.1",
    "pandas==3.1.1",
    "nanoarrow==0.9.0",
    "duckdb==2.0.0",
];
/// What the tests compare with when it installs.
const COMPARE: &[&str] = &["ada-url==4.0.0", "tldextract==5.4.0"];
/// What the benchmark compares with when it installs.
const BENCH: &[&str] = &[
    "can_ada==3.0.0",
    "yarl==1.25.1",
    "publicsuffixlist==1.1.2.20261023",
    "polars-tldextract==0.2.1",
    // The SURT key's comparison (weburl.surt.surt against the package it replaces).
    "surt==0.3.1",
];

fn root() -> PathBuf {
    util::workspace_root()
}

fn venv() -> PathBuf {
    root().join("target/python-venv")
}

fn venv_python() -> PathBuf {
    util::venv_python(&venv())
}

fn run(cmd: &mut Command, what: &str) -> Result {
    util::run_streaming(cmd, what)
}

/// Creates the environment (if missing) and installs the pinned packages (if the pins
/// changed since the last install).
fn environment(optional: &[&str]) -> Result {
    util::python_environment(&venv(), REQUIRED, optional)
}

/// Whether the environment's Python is 3.10 or later, which the `abi3-py310` wheel needs.
fn python_310_or_later() -> bool {
    Command::new(venv_python())
        .args(["-c", "import sys; sys.exit(sys.version_info < (3, 10))"])
        .status()
        .is_ok_and(|s| s.success())
}

/// A Python package of the repository, built by maturin into `target/python`.
struct Package {
    /// Its directory (its `Cargo.toml` and `pyproject.toml`).
    dir: &'static str,
    /// Its name on PyPI, as its `pyproject.toml` says.
    name: &'static str,
    /// Whether it has the `abi3-py310` feature (crates/python/Cargo.toml says what it gives).
    abi3_py310: bool,
    /// Its pytest suite (whose `conftest.py` prints `<name>: N passed, M failed`).
    tests: &'static str,
    /// Directories under `tests` that are other steps' suites, left out of this one.
    ignore: &'static [&'static str],
}

/// The packages, in the order they are built and tested: the base package first (the Polars
/// plugin's tests compare with it).
const PACKAGES: &[Package] = &[
    Package {
        dir: "crates/python",
        name: "weburl",
        abi3_py310: true,
        tests: "crates/python/tests",
        // `cargo xtask spark test`'s (its own conftest.py and cluster).
        ignore: &["crates/python/tests/spark"],
    },
    Package {
        dir: "crates/polars",
        name: "weburl-polars",
        abi3_py310: false,
        tests: "crates/polars/tests",
        ignore: &[],
    },
];

/// Builds every package's wheel (release) and installs them into the environment: for the
/// base package the `abi3-py310` wheel (the one installers pick on CPython 3.10+) when the
/// environment's Python can load it, else the `abi3-py39` one.
fn build_and_install() -> Result {
    let wheels = root().join("target/python/wheels");
    let py310 = python_310_or_later();
    let mut built = Vec::new();
    for package in PACKAGES {
        let abi: &[&str] = if package.abi3_py310 && py310 {
            &[
                "--no-default-features",
                "--features",
                "pyo3/extension-module,abi3-py310",
            ]
        } else {
            &[]
        };
        built.push(build_wheel(
            &venv(),
            package.dir,
            &venv_python(),
            abi,
            &wheels.join(package.name),
        )?);
    }
    let names: Vec<&str> = PACKAGES.iter().map(|package| package.name).collect();
    install_wheels(
        &venv_python(),
        &built,
        &format!("the {} wheels", names.join(" and ")),
    )
}

/// Builds the wheel of the package in `dir` (`crates/python`, ...) in release mode with the
/// `maturin` of the environment `venv`, for `interpreter`, with `features` (maturin's feature
/// arguments, or none), into `out` (emptied first), with `target/python` as Cargo's target
/// directory (shared by every caller, so that a build with the same features is not
/// compiled again); returns the wheel's path. `cargo xtask spark` builds the base package
/// with it too.
pub fn build_wheel(
    venv: &Path,
    dir: &str,
    interpreter: &Path,
    features: &[&str],
    out: &Path,
) -> Result<PathBuf> {
    util::remove_dir(out)?;
    let maturin = if cfg!(windows) {
        venv.join("Scripts/maturin.exe")
    } else {
        venv.join("bin/maturin")
    };
    eprintln!(
        "xtask: maturin build --release {} ({dir})",
        features.join(" ")
    );
    let start = Instant::now();
    run(
        Command::new(&maturin)
            .current_dir(root().join(dir))
            .env("CARGO_TARGET_DIR", root().join("target/python"))
            .args(["build", "--release", "--quiet", "--interpreter"])
            .arg(interpreter)
            .arg("--out")
            .arg(out)
            .args(features),
        &format!("maturin build ({dir})"),
    )?;
    eprintln!(
        "xtask: {dir} built in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    fs::read_dir(out)
        .map_err(|e| Failure::new(format!("{}: {e}", out.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| Failure::new(format!("maturin built no wheel of {dir}")))
}

/// Installs `wheels` into the environment of `python` (pip: forced, no dependencies, no
/// index); `what` names them in a failure.
pub fn install_wheels(python: &Path, wheels: &[PathBuf], what: &str) -> Result {
    run(
        Command::new(python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(["--force-reinstall", "--no-deps", "--no-index"])
            .args(wheels),
        &format!("pip install ({what})"),
    )
}

/// `cargo xtask test`'s Python step: environment, wheels, each package's pytest suite (`N
/// passed, M failed` each); every suite runs, and the step fails if one did.
pub fn test() -> Result {
    let start = Instant::now();
    environment(COMPARE)?;
    build_and_install()?;
    let mut failed = Vec::new();
    // The base package's own Rust unit tests (the Arrow layer's result-buffer pool: code with
    // no Python in it), beside its pytest suite.
    eprintln!("xtask: cargo test --lib (crates/python)");
    if let Err(e) = run(
        util::cargo().current_dir(root()).args([
            "test",
            "--lib",
            "--manifest-path",
            "crates/python/Cargo.toml",
            "--target-dir",
            "target/python",
        ]),
        "cargo test --lib (crates/python)",
    ) {
        failed.push(e);
    }
    for package in PACKAGES {
        eprintln!("xtask: pytest {}", package.tests);
        let outcome = run(
            Command::new(venv_python())
                .current_dir(root())
                .args([
                    "-m",
                    "pytest",
                    package.tests,
                    "-q",
                    "-p",
                    "no:cacheprovider",
                ])
                .args(package.ignore.iter().map(|d| format!("--ignore={d}"))),
            &format!("pytest ({})", package.dir),
        );
        if let Err(e) = outcome {
            failed.push(e);
        }
    }
    eprintln!(
        "xtask: python step took {:.0} s",
        start.elapsed().as_secs_f64()
    );
    match failed.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// `cargo xtask python bench [ARGS...]`: the Python benchmark; ARGS go to `bench.py`.
fn bench(args: &[String]) -> Result {
    wpt_sync::sync(&wpt_sync::Options::default())?;
    environment(&[COMPARE, BENCH].concat())?;
    build_and_install()?;
    let mut cmd = Command::new(venv_python());
    cmd.current_dir(root())
        .arg("crates/python/bench/bench.py")
        .arg("--data")
        .arg(root().join("../shared/datasets"))
        .args(args);
    eprintln!(
        "xtask: python crates/python/bench/bench.py {}",
        args.join(" ")
    );
    run(&mut cmd, "bench.py")?;
    // The Polars expressions against map_elements (and polars-tldextract when installed).
    let mut cmd = Command::new(venv_python());
    cmd.current_dir(root())
        .arg("crates/python/bench/bench_polars.py")
        .arg("--data")
        .arg(root().join("../shared/datasets"))
        .args(args.iter().filter(|a| a.as_str() == "--quick"));
    eprintln!("xtask: python crates/python/bench/bench_polars.py");
    run(&mut cmd, "bench_polars.py")?;
    // weburl.arrow against the Polars plugin and the list functions.
    let mut cmd = Command::new(venv_python());
    cmd.current_dir(root())
        .arg("crates/python/bench/bench_arrow.py")
        .arg("--data")
        .arg(root().join("../shared/datasets"))
        .args(args.iter().filter(|a| a.as_str() == "--quick"));
    eprintln!("xtask: python crates/python/bench/bench_arrow.py");
    run(&mut cmd, "bench_arrow.py")
}
