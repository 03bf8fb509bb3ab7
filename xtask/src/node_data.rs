//! `cargo xtask node-data`: regenerates the test data that records Node.js's answers
//! (`url.pathToFileURL` / `url.fileURLToPath` under POSIX and Windows rules) by running
//! `xtask/node/file_paths.js` with `node`. Without `node` on PATH it says so and leaves the
//! committed data as it is.

use std::process::Command;

use crate::{args, util, Failure, Result};

const SCRIPT: &str = "xtask/node/file_paths.js";
const OUT: &str = "crates/core/tests/data/file_paths_node.json";

pub fn main(args: &[String]) -> Result {
    args::none(args, "cargo xtask node-data")?;
    let root = util::workspace_root();
    let output = match Command::new("node").arg(root.join(SCRIPT)).output() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("xtask: node not available ({e}); {OUT} left as it is");
            return Ok(());
        }
    };
    if !output.status.success() {
        return Err(Failure::new(format!(
            "node {SCRIPT} failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    let path = root.join(OUT);
    std::fs::write(&path, &output.stdout)
        .map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))?;
    eprintln!("xtask: wrote {OUT}");
    Ok(())
}
