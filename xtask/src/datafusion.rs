//! The DataFusion UDFs (`crates/datafusion`, a workspace of its own: DataFusion and Ballista,
//! see its Cargo.toml), `cargo xtask datafusion test|build`: `test` (a step of `cargo xtask
//! test`) runs its tests with all its features, so the SQL and Ballista tests run too.

use crate::args::{self, Action};
use crate::{util, Result};

const USAGE: &str = "cargo xtask datafusion [test | build]";

/// `cargo xtask datafusion test|build`.
pub fn main(args: &[String]) -> Result {
    let (action, rest) = args::action(args, USAGE)?;
    args::none(&rest, USAGE)?;
    match action {
        Action::Test => test(),
        Action::Build => cargo("build"),
        Action::Bench => Err(args::Args::new(&[], USAGE).error("datafusion has no bench")),
    }
}

/// The tests of the `weburl-datafusion` workspace.
pub fn test() -> Result {
    cargo("test")
}

/// `cargo SUBCOMMAND --manifest-path crates/datafusion/Cargo.toml --all-features --locked`.
fn cargo(subcommand: &str) -> Result {
    let manifest = util::workspace_root().join("crates/datafusion/Cargo.toml");
    let mut cmd = util::cargo();
    cmd.current_dir(util::workspace_root())
        .arg(subcommand)
        .arg("--manifest-path")
        .arg(&manifest)
        .args(["--all-features", "--locked"]);
    eprintln!(
        "xtask: cargo {subcommand} --manifest-path crates/datafusion/Cargo.toml --all-features --locked"
    );
    util::run_streaming(&mut cmd, &format!("cargo {subcommand} (crates/datafusion)"))
}
