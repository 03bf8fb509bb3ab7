//! `cargo xtask spark test|bench|build`: `weburl.spark` (the catalogue's functions as Spark
//! Arrow UDFs) on a Spark standalone cluster that the tests start on 127.0.0.1 from the
//! `pyspark` package (a master and two workers; `crates/python/tests/spark/cluster.py`).
//!
//! The environment is `target/spark-venv` (`python3` on PATH, or `$PYTHON`) with the pinned
//! [`REQUIRED`] packages; the base `weburl` wheel is built by maturin into `target/python` (the
//! Python step's target directory and features, so after that step nothing is recompiled) and
//! installed there. Spark needs Java: where `java` is missing it is installed from Debian's
//! packages (`openjdk-17-jre-headless`) when apt-get can (as root); where it still is missing
//! the step is skipped, saying so (`cargo xtask test` goes on).
//!
//! `test` (a step of `cargo xtask test`) runs `crates/python/tests/spark` (`weburl-spark: N
//! passed, M failed`); `bench [--rows N] [--runs N] [--kinds K,...]` times `url_hostname`
//! through weburl against Spark's `parse_url(url, 'HOST')`, a `urllib.parse` UDF and a no-op
//! Arrow UDF on the cluster, in rounds, best of `--runs`, and with `--kinds` no-op UDFs of
//! other kinds (`pandas_udf`, ...; `crates/python/tests/spark/bench.py`); `build` sets up the
//! environment only.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::args::{self, Action, Args};
use crate::{python, util, Failure, Result};

const USAGE: &str =
    "cargo xtask spark [test | build | bench [--rows N] [--runs N] [--kinds K,...]]";

/// What the tests and the bench need. PySpark 4.1 is the first with Arrow UDFs
/// (`pyspark.sql.functions.arrow_udf`: a batch's column as a `pyarrow.Array`); pyarrow and
/// pandas within its supported ranges; maturin builds the wheel (as in `python.rs`).
const REQUIRED: &[&str] = &[
    "pyspark==4.1.1",
    "pyarrow==22.0.0",
    "pandas==2.3.3",
    "pytest==9.2.0",
    "maturin==1.9.4",
];

/// `cargo xtask spark test|bench|build [ARGS...]`.
pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Long;
    let (action, rest) = args::action(args, USAGE)?;
    let mut p = Args::new(&rest, USAGE);
    let mut bench_args = Vec::new();
    while let Some(arg) = p.next()? {
        match arg {
            Long(name @ ("rows" | "runs")) if action == Action::Bench => {
                let flag = format!("--{name}");
                let count = p.count(&flag)?;
                bench_args.extend([flag, count.to_string()]);
            }
            // Further no-op UDF kinds (bench.py checks the names).
            Long("kinds") if action == Action::Bench => {
                bench_args.extend(["--kinds".to_owned(), p.value()?]);
            }
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    match action {
        Action::Test => test(),
        Action::Bench => bench(&bench_args),
        Action::Build => setup().map(|_| ()),
    }
}

fn root() -> PathBuf {
    util::workspace_root()
}

fn venv() -> PathBuf {
    root().join("target/spark-venv")
}

/// Whether `java -version` runs.
fn have_java() -> bool {
    Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Java, installed from Debian's packages when missing and apt-get can (as root); `Err` with
/// the reason where there is none after that.
fn java() -> std::result::Result<(), String> {
    if have_java() {
        return Ok(());
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    let apt = Command::new("apt-get").arg("--version").output().is_ok();
    if !apt || !root {
        return Err("no Java (`java` is not on PATH) and no root apt-get to install it".to_owned());
    }
    eprintln!("xtask: apt-get install -y openjdk-17-jre-headless (no java on PATH)");
    let installed = Command::new("apt-get")
        .args(["update", "-qq"])
        .status()
        .is_ok_and(|s| s.success())
        && Command::new("apt-get")
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["install", "-y", "-qq", "openjdk-17-jre-headless"])
            .status()
            .is_ok_and(|s| s.success());
    if installed && have_java() {
        Ok(())
    } else {
        Err("no Java: apt-get install openjdk-17-jre-headless failed".to_owned())
    }
}

/// The environment with the pinned packages and the base wheel installed: its Python.
fn setup() -> Result<PathBuf> {
    let start = Instant::now();
    util::python_environment(&venv(), REQUIRED, &[])?;
    eprintln!(
        "xtask: spark environment ready in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    let python = util::venv_python(&venv());
    install_wheel(&python)?;
    Ok(python)
}

/// Builds the base package's wheel (`crates/python`, release, `abi3-py310` as the Python step
/// builds it on 3.10+) into `target/python/wheels-spark` with the Python step's
/// [`python::build_wheel`] and installs it.
fn install_wheel(python: &Path) -> Result {
    // The Python step's interpreter where it exists: the same build configuration, so
    // nothing is recompiled after that step (the abi3 wheel installs here all the same).
    let python_step = util::venv_python(&root().join("target/python-venv"));
    let interpreter = if python_step.exists() {
        &python_step
    } else {
        python
    };
    let wheel = python::build_wheel(
        &venv(),
        "crates/python",
        interpreter,
        &[
            "--no-default-features",
            "--features",
            "pyo3/extension-module,abi3-py310",
        ],
        &root().join("target/python/wheels-spark"),
    )?;
    python::install_wheels(python, &[wheel], "the weburl wheel, spark")
}

/// `cargo xtask test`'s Spark step: the cluster tests (`weburl-spark: N passed, M failed`), or
/// why they were skipped (no Java).
pub fn test() -> Result {
    let start = Instant::now();
    if let Err(why) = java() {
        println!("weburl-spark: skipped ({why})");
        return Ok(());
    }
    let python = setup()?;
    eprintln!("xtask: pytest crates/python/tests/spark");
    util::run_streaming(
        Command::new(python)
            .current_dir(root())
            .env("WEBURL_SPARK_TESTS", "1")
            .args(["-m", "pytest", "crates/python/tests/spark", "-q"])
            .args(["-p", "no:cacheprovider", "--confcutdir"])
            .arg(root().join("crates/python/tests/spark")),
        "pytest (crates/python/tests/spark)",
    )?;
    eprintln!(
        "xtask: spark step took {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `cargo xtask spark bench [--rows N] [--runs N] [--kinds K,...]`.
fn bench(args: &[String]) -> Result {
    java().map_err(Failure::new)?;
    let python = setup()?;
    let mut cmd = Command::new(python);
    cmd.current_dir(root())
        .arg("crates/python/tests/spark/bench.py")
        .arg("--data")
        .arg(root().join("../shared/datasets"))
        .args(args);
    eprintln!(
        "xtask: python crates/python/tests/spark/bench.py {}",
        args.join(" ")
    );
    util::run_streaming(&mut cmd, "bench.py (spark)")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(argv: &[&str]) -> Option<u8> {
        main(&argv.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>())
            .err()
            .map(|f| f.code)
    }

    #[test]
    fn usage_errors() {
        // `--rows` is the bench's alone, and a count above 0; nothing is run for these.
        assert_eq!(code(&["test", "--rows", "5"]), Some(2));
        assert_eq!(code(&["bench", "--rows", "0"]), Some(2));
        assert_eq!(code(&["bench", "--runs", "0"]), Some(2));
        assert_eq!(code(&["test", "--runs", "3"]), Some(2));
        assert_eq!(code(&["test", "--kinds", "noop_pandas"]), Some(2));
        assert_eq!(code(&["bench", "--quick"]), Some(2));
        assert_eq!(code(&["run"]), Some(2));
    }
}
