//! The DuckDB extension (`crates/duckdb`, its own Cargo workspace): `cargo xtask test` builds
//! it (release) into `target/duckdb-build`, appends the metadata footer DuckDB checks when it
//! loads an extension, writing `target/duckdb/weburl.duckdb_extension`, writes the facade's
//! answers (`crates/duckdb/examples/expected.rs`) and runs the pytest suites of
//! `crates/duckdb/tests` against the `duckdb` Python package, pinned, in `target/duckdb-venv`.
//!
//! `cargo xtask duckdb test` is that step alone, `cargo xtask duckdb build` builds the
//! extension alone; `cargo xtask duckdb bench [--rows N] [--runs N] [--threads N]` runs `crates/duckdb/bench/bench.py` (DuckDB against the regular
//! expression and the facade in a plain loop, `examples/facade_loop.rs`).
//!
//! The footer (534 bytes) is a WebAssembly custom section named `duckdb_signature`: the
//! section id 0, its length (531) as LEB128, the name's length and the name, the payload's
//! length (512) as LEB128, eight 32-byte NUL-padded fields written last to first (field 1:
//! the metadata version `4`; 2: the platform, such as `linux_amd64`; 3: the C API version
//! the extension needs; 4: the extension's version; 5: the ABI type `C_STRUCT`; 6 to 8 empty),
//! and a 256-byte signature, zero for an unsigned extension.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::args::{self, Action, Args};
use crate::{util, wpt_sync, Failure, Result};

const USAGE: &str = "cargo xtask duckdb [test | build | bench [--rows N] [--runs N] [--threads N]]";

/// The `duckdb` Python package the tests load the extension into, and pytest.
const PINS: &[&str] = &["duckdb==2.0.1", "pytest==9.2.0"];
/// The C API version the extension asks DuckDB for (`weburl_duckdb::C_API_VERSION`).
const C_API_VERSION: &str = "v1.2.0";
/// The extension's version, in the footer.
const EXTENSION_VERSION: &str = concat!("v", env!("CARGO_PKG_VERSION"));

fn root() -> PathBuf {
    util::workspace_root()
}

fn venv() -> PathBuf {
    root().join("target/duckdb-venv")
}

fn venv_python() -> PathBuf {
    util::venv_python(&venv())
}

/// Where the extension is written.
pub fn extension_path() -> PathBuf {
    root().join("target/duckdb/weburl.duckdb_extension")
}

fn io(path: &Path, e: std::io::Error) -> Failure {
    Failure::new(format!("{}: {e}", path.display()))
}

/// Creates the environment (if missing) and installs the pinned packages (if they changed).
fn environment() -> Result {
    util::python_environment(&venv(), PINS, &[])
}

/// The platform name of the environment's DuckDB (`PRAGMA platform`), such as `linux_amd64`.
pub fn platform() -> Result<String> {
    let out = Command::new(venv_python())
        .args([
            "-c",
            "import duckdb; print(duckdb.sql('PRAGMA platform').fetchall()[0][0])",
        ])
        .output()
        .map_err(|e| Failure::new(format!("python: {e}")))?;
    let platform = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if !out.status.success() || platform.is_empty() {
        return Err(Failure::new(format!(
            "cannot ask duckdb for its platform: {}",
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(platform)
}

/// The metadata footer for `platform`.
pub fn footer(platform: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(534);
    out.push(0); // custom section
    out.extend_from_slice(&[0x93, 0x04]); // 531, LEB128
    out.push(16);
    out.extend_from_slice(b"duckdb_signature");
    out.extend_from_slice(&[0x80, 0x04]); // 512, LEB128
    let fields = [
        "4",
        platform,
        C_API_VERSION,
        EXTENSION_VERSION,
        "C_STRUCT",
        "",
        "",
        "",
    ];
    for field in fields.iter().rev() {
        let mut bytes = [0u8; 32];
        for (b, s) in bytes.iter_mut().zip(field.bytes()) {
            *b = s;
        }
        out.extend_from_slice(&bytes);
    }
    out.extend_from_slice(&[0u8; 256]);
    out
}

fn cargo_duckdb(args: &[&str], what: &str) -> Result {
    let mut cmd = util::cargo();
    cmd.current_dir(root())
        .arg(args.first().copied().unwrap_or("build"))
        .arg("--manifest-path")
        .arg(root().join("crates/duckdb/Cargo.toml"))
        .arg("--target-dir")
        .arg(root().join("target/duckdb-build"))
        .args(["--release", "--locked"])
        .args(args.get(1..).unwrap_or(&[]));
    util::run_streaming(&mut cmd, what)
}

/// Builds the extension and writes it with its footer.
pub fn build() -> Result {
    environment()?;
    eprintln!("xtask: cargo build --release (crates/duckdb)");
    cargo_duckdb(&["build", "--lib"], "cargo build (crates/duckdb)")?;
    let lib = root().join(format!(
        "target/duckdb-build/release/{}weburl{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let out = extension_path();
    write_extension(&lib, out.parent().unwrap_or(&out))?;
    eprintln!(
        "xtask: wrote {} (and weburl_<dialect>.duckdb_extension)",
        out.display()
    );
    Ok(())
}

/// Writes the library `lib` with its footer into `dir`, under each dialect's name
/// (`<name>.duckdb_extension`: DuckDB calls `<name>_init_c_api`); also `asan.rs`'s build.
pub fn write_extension(lib: &Path, dir: &Path) -> Result {
    let mut bytes = fs::read(lib).map_err(|e| io(lib, e))?;
    bytes.extend_from_slice(&footer(&platform()?));
    fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    for name in [
        "weburl",
        "weburl_clickhouse",
        "weburl_trino",
        "weburl_bigquery",
        "weburl_spark",
    ] {
        let path = dir.join(format!("{name}.duckdb_extension"));
        fs::write(&path, &bytes).map_err(|e| io(&path, e))?;
    }
    Ok(())
}

/// The pytest run of `crates/duckdb/tests` with `python` (DuckDB's environment) against the
/// extension file `extension` and the facade's answers `expected` (with the top-20 corpus,
/// [`datasets`], when there is one); also `asan.rs`'s.
pub fn pytest_command(python: &Path, extension: &Path, expected: &Path) -> Command {
    let mut cmd = Command::new(python);
    cmd.current_dir(root())
        .env("WEBURL_DUCKDB_EXTENSION", extension)
        .env("WEBURL_DUCKDB_EXPECTED", expected)
        .args([
            "-m",
            "pytest",
            "crates/duckdb/tests",
            "-q",
            "-p",
            "no:cacheprovider",
        ]);
    if let Some(c) = datasets()
        .map(|d| d.join("kasztp.txt"))
        .filter(|c| c.is_file())
    {
        cmd.env("WEBURL_DUCKDB_CORPUS", c);
    }
    cmd
}

/// The corpus of the top-20 test: `$WEBURL_DATASETS` or `../shared/datasets` or
/// `/work/shared/datasets`, `kasztp.txt`; `None` when there is none.
pub fn datasets() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("WEBURL_DATASETS").map(PathBuf::from),
        Some(root().join("../shared/datasets")),
        Some(PathBuf::from("/work/shared/datasets")),
    ];
    candidates.into_iter().flatten().find(|d| d.is_dir())
}

/// `cargo xtask test`'s DuckDB step: build, expected answers, pytest (`N passed, M failed`).
pub fn test() -> Result {
    let start = Instant::now();
    wpt_sync::sync(&wpt_sync::Options::default())?;
    build()?;
    let expected = root().join("target/duckdb/expected.json");
    let corpus = datasets()
        .map(|d| d.join("kasztp.txt"))
        .filter(|c| c.is_file());
    let corpus_arg = corpus
        .as_ref()
        .map_or("-".to_owned(), |c| c.display().to_string());
    eprintln!("xtask: cargo run --example expected (crates/duckdb)");
    cargo_duckdb(
        &[
            "run",
            "--example",
            "expected",
            "--",
            &root()
                .join("wpt-data/urltestdata.json")
                .display()
                .to_string(),
            &corpus_arg,
            &expected.display().to_string(),
        ],
        "the facade's answers (crates/duckdb/examples/expected.rs)",
    )?;
    eprintln!("xtask: pytest crates/duckdb/tests");
    let mut cmd = pytest_command(&venv_python(), &extension_path(), &expected);
    util::run_streaming(&mut cmd, "pytest (crates/duckdb)")?;
    eprintln!(
        "xtask: duckdb step took {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `cargo xtask duckdb test|bench|build [ARGS...]`.
pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Long;
    let (action, rest) = args::action(args, USAGE)?;
    let mut p = Args::new(&rest, USAGE);
    let mut bench_args = Vec::new();
    while let Some(arg) = p.next()? {
        match arg {
            Long(name @ ("rows" | "runs" | "threads")) if action == Action::Bench => {
                let name = format!("--{name}");
                let n: usize = p.parsed(&name)?;
                bench_args.extend([name, n.to_string()]);
            }
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    match action {
        Action::Build => build(),
        Action::Test => test(),
        Action::Bench => {
            build()?;
            cargo_duckdb(
                &["build", "--example", "facade_loop"],
                "cargo build --example facade_loop (crates/duckdb)",
            )?;
            let data = datasets().ok_or_else(|| Failure::new("no datasets directory"))?;
            let mut cmd = Command::new(venv_python());
            cmd.current_dir(root())
                .arg("crates/duckdb/bench/bench.py")
                .arg("--extension")
                .arg(extension_path())
                .arg("--data")
                .arg(data)
                .arg("--facade")
                .arg(root().join("target/duckdb-build/release/examples/facade_loop"))
                .args(&bench_args);
            util::run_streaming(&mut cmd, "bench.py (crates/duckdb)")
        }
    }
}
