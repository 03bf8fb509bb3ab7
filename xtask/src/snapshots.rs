//! `cargo xtask wpt-sync --update` regenerates weburl-core's insta snapshots itself (the
//! command is [`SNAPSHOT_REGEN_COMMAND`])
//! and prints what changed: each snapshot added, changed or removed.
//!
//! Every `.snap` file is set aside first, so that the test writes every snapshot it still
//! takes afresh (`INSTA_UPDATE=always`): one that it no longer writes is removed. If the test
//! fails, the old files are put back.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::{util, Failure, Result};

/// The command that regenerates weburl-core's insta snapshots after a data upgrade. The test
/// target named here is the core crate's snapshot test; keep this in step with it and with
/// the WPT maintenance guide.
pub const SNAPSHOT_REGEN_COMMAND: &str =
    "INSTA_UPDATE=always cargo test -p weburl-core --test snapshot";

/// weburl-core's snapshot directory, relative to the workspace root.
pub const DIR: &str = "crates/core/tests/snapshots";

/// What a regeneration changed, by snapshot file name.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub added: Vec<String>,
    pub changed: Vec<String>,
    pub removed: Vec<String>,
    pub unchanged: usize,
}

/// Compares the snapshot files before and after.
pub fn compare(before: &BTreeMap<String, Vec<u8>>, after: &BTreeMap<String, Vec<u8>>) -> Summary {
    let mut s = Summary::default();
    for (name, new) in after {
        match before.get(name) {
            None => s.added.push(name.clone()),
            Some(old) if old != new => s.changed.push(name.clone()),
            Some(_) => s.unchanged += 1,
        }
    }
    s.removed = before
        .keys()
        .filter(|n| !after.contains_key(*n))
        .cloned()
        .collect();
    s
}

fn read_all(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut out = BTreeMap::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(out);
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "snap") {
            let name = entry.file_name().to_string_lossy().into_owned();
            let bytes = fs::read(&path)
                .map_err(|e| Failure::new(format!("cannot read {}: {e}", path.display())))?;
            out.insert(name, bytes);
        }
    }
    Ok(out)
}

fn write_all(dir: &Path, files: &BTreeMap<String, Vec<u8>>) -> Result {
    fs::create_dir_all(dir)
        .map_err(|e| Failure::new(format!("cannot create {}: {e}", dir.display())))?;
    for (name, bytes) in files {
        fs::write(dir.join(name), bytes)
            .map_err(|e| Failure::new(format!("cannot write {name}: {e}")))?;
    }
    Ok(())
}

/// Regenerates the snapshots and prints the summary.
pub fn regenerate() -> Result<Summary> {
    let root = util::workspace_root();
    let dir = root.join(DIR);
    let before = read_all(&dir)?;
    for name in before.keys() {
        fs::remove_file(dir.join(name))
            .map_err(|e| Failure::new(format!("cannot remove {name}: {e}")))?;
    }
    eprintln!(
        "wpt-sync: regenerating snapshots: {}",
        SNAPSHOT_REGEN_COMMAND
    );
    let mut cmd = util::cargo();
    cmd.current_dir(&root).env("INSTA_UPDATE", "always").args([
        "test",
        "-p",
        "weburl-core",
        "--test",
        "snapshot",
    ]);
    if let Err(e) = util::run_streaming(&mut cmd, "the snapshot test") {
        // Put the old snapshots back, whatever the test wrote.
        for name in read_all(&dir)?.keys() {
            let _ = fs::remove_file(dir.join(name));
        }
        write_all(&dir, &before)?;
        return Err(e);
    }
    let summary = compare(&before, &read_all(&dir)?);
    eprintln!(
        "wpt-sync: snapshots: {} added, {} changed, {} removed, {} unchanged",
        summary.added.len(),
        summary.changed.len(),
        summary.removed.len(),
        summary.unchanged
    );
    for (label, names) in [
        ("added", &summary.added),
        ("changed", &summary.changed),
        ("removed", &summary.removed),
    ] {
        for name in names {
            eprintln!("  {label:<17} {DIR}/{name}");
        }
    }
    if !(summary.added.is_empty() && summary.changed.is_empty() && summary.removed.is_empty()) {
        eprintln!("wpt-sync: review the snapshot changes (git diff {DIR}) and commit them.");
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_names_each_change() {
        let m = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.as_bytes().to_vec()))
                .collect::<BTreeMap<_, _>>()
        };
        let before = m(&[("a.snap", "1"), ("b.snap", "2"), ("c.snap", "3")]);
        let after = m(&[("a.snap", "1"), ("b.snap", "22"), ("d.snap", "4")]);
        let s = compare(&before, &after);
        assert_eq!(s.added, ["d.snap"]);
        assert_eq!(s.changed, ["b.snap"]);
        assert_eq!(s.removed, ["c.snap"]);
        assert_eq!(s.unchanged, 1);
    }
}
