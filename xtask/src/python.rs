//! The Python package (`crates/python`), `cargo xtask python test|bench|build`: `test` (a step
//! of `cargo xtask test`) builds it into a virtual environment under `target/` and runs its
//! pytest suites; `bench` runs its benchmark (`crates/python/bench/bench.py`) against the
//! other Python URL libraries; `build` builds the wheel and installs it in the environment.
//!
//! The environment is `target/python-venv`, made with the `python3` on PATH (or `$PYTHON`).
//! Every package comes from pip at a pinned version: maturin (the build backend), pytest and
//! hypothesis always; the comparison packages (ada-url, tldextract; for the benchmark also
//! can_ada, yarl, publicsuffixlist) when they install, since the tests compare with fixtures of
//! their answers when they are absent. A stamp file skips pip when the pins have not changed.
//! The extension is built in release mode by maturin into `target/python` (its own Cargo
//! workspace, so its build does not touch the root workspace's) and installed as a wheel.

use std::fs;
use std::path::PathBuf;
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
/// Polars 1.43.2 is the Python release of Rust Polars 0.55.1, the version pyo3-polars 0.28 (the
/// package's Polars plugin) is built against.
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

/// Builds the wheel (release) and installs it into the environment: the `abi3-py310` wheel
/// (the one installers pick on CPython 3.10+) when the environment's Python can load it, else
/// the `abi3-py39` one (crates/python/Cargo.toml's features say how they differ).
fn build_and_install() -> Result {
    let wheels = root().join("target/python/wheels");
    let _ = fs::remove_dir_all(&wheels);
    let maturin = if cfg!(windows) {
        venv().join("Scripts/maturin.exe")
    } else {
        venv().join("bin/maturin")
    };
    let abi: &[&str] = if python_310_or_later() {
        &[
            "--no-default-features",
            "--features",
            "pyo3/extension-module,abi3-py310",
        ]
    } else {
        &[]
    };
    eprintln!(
        "xtask: maturin build --release {} (crates/python)",
        abi.join(" ")
    );
    run(
        Command::new(maturin)
            .current_dir(root().join("crates/python"))
            .env("CARGO_TARGET_DIR", root().join("target/python"))
            .args(["build", "--release", "--quiet", "--interpreter"])
            .arg(venv_python())
            .arg("--out")
            .arg(&wheels)
            .args(abi),
        "maturin build (crates/python)",
    )?;
    let wheel = fs::read_dir(&wheels)
        .map_err(|e| Failure::new(format!("{}: {e}", wheels.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| Failure::new("maturin built no wheel"))?;
    run(
        Command::new(venv_python())
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(["--force-reinstall", "--no-deps", "--no-index"])
            .arg(&wheel),
        "pip install (the weburl wheel)",
    )
}

/// `cargo xtask test`'s Python step: environment, wheel, pytest (`N passed, M failed`).
pub fn test() -> Result {
    let start = Instant::now();
    environment(COMPARE)?;
    build_and_install()?;
    eprintln!("xtask: pytest crates/python/tests");
    run(
        Command::new(venv_python()).current_dir(root()).args([
            "-m",
            "pytest",
            "crates/python/tests",
            "-q",
            "-p",
            "no:cacheprovider",
        ]),
        "pytest (crates/python)",
    )?;
    eprintln!(
        "xtask: python step took {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
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
