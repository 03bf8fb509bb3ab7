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
