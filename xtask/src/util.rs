//! Small helpers shared by subcommands.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{Failure, Result};

/// The workspace root (the parent of `xtask/`).
pub fn workspace_root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// The `cargo` that invoked us (cargo sets `$CARGO` for `cargo run`), else `cargo` on PATH.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Removes `dir` and what it holds, if it exists.
pub fn remove_dir(dir: &Path) -> Result {
    if dir.exists() {
        std::fs::remove_dir_all(dir)
            .map_err(|e| Failure::new(format!("could not remove {}: {e}", dir.display())))?;
    }
    Ok(())
}

/// Runs `cmd` with inherited stdio; a non-zero exit becomes a [`Failure`] with the same code.
pub fn run_streaming(cmd: &mut Command, what: &str) -> Result {
    let status = cmd
        .status()
        .map_err(|e| Failure::new(format!("could not start {what}: {e}")))?;
    if status.success() {
        return Ok(());
    }
    let code = status
        .code()
        .and_then(|c| u8::try_from(c).ok())
        .filter(|&c| c != 0)
        .unwrap_or(1);
    Err(Failure {
        message: format!("{what} failed ({status})"),
        code,
    })
}

/// The Python interpreter of the virtual environment at `venv` (`bin/python`, or
/// `Scripts/python.exe` on Windows).
pub fn venv_python(venv: &Path) -> PathBuf {
    if cfg!(windows) {
        venv.join("Scripts/python.exe")
    } else {
        venv.join("bin/python")
    }
}

/// Creates the virtual environment `venv` (if missing) with the `python3` on PATH (or
/// `$PYTHON`) and installs the pinned `required` packages (failing when they do not install)
/// and `optional` ones (going on without those that do not). A stamp file in the environment
/// lists the pins installed, so pip runs only when one is new.
pub fn python_environment(venv: &Path, required: &[&str], optional: &[&str]) -> Result {
    let python = venv_python(venv);
    if !python.exists() {
        let system = std::env::var_os("PYTHON").unwrap_or_else(|| "python3".into());
        eprintln!(
            "xtask: {} -m venv {}",
            Path::new(&system).display(),
            venv.display()
        );
        run_streaming(
            Command::new(&system).arg("-m").arg("venv").arg(venv),
            "python3 -m venv (is Python 3 with venv installed?)",
        )?;
    }
    let stamp = venv.join("weburl-pins.txt");
    let wanted = [required, optional].concat();
    let done = std::fs::read_to_string(&stamp).unwrap_or_default();
    if wanted.iter().all(|p| done.lines().any(|l| l == *p)) {
        return Ok(());
    }
    let pip = |package: &[&str]| {
        let mut cmd = Command::new(&python);
        cmd.args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(package);
        cmd
    };
    eprintln!("xtask: pip install {}", required.join(" "));
    run_streaming(
        &mut pip(required),
        &format!("pip install ({})", required.join(", ")),
    )?;
    for package in optional {
        eprintln!("xtask: pip install {package} (optional)");
        if !pip(&[package]).status().is_ok_and(|s| s.success()) {
            eprintln!("xtask: {package} did not install; going on without it");
        }
    }
    let mut pins: Vec<&str> = done.lines().chain(wanted.iter().copied()).collect();
    pins.sort_unstable();
    pins.dedup();
    std::fs::write(&stamp, pins.join("\n"))
        .map_err(|e| Failure::new(format!("{}: {e}", stamp.display())))
}
