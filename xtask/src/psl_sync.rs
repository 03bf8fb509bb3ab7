//! `cargo xtask psl-sync [--from FILE] [--update] [--revision REV]`.
//!
//! Copies the Public Suffix List into `crates/psl/data/` and checks it against the checksums
//! of `crates/psl/data/MANIFEST`, as `wpt-sync` does for the WPT data, then regenerates the
//! compiled list (`crates/psl/src/generated.rs`) with `weburl-psl-gen` (`xtask/psl-gen`).
//!
//! The source is `--from FILE` (the list; `test_psl.txt` and `SOURCE` are taken from the same
//! directory when there), else `../shared/psl/public_suffix_list.dat`. Without `--update` the
//! manifest is the truth: a source whose checksum differs is an error, and nothing is copied.
//! With `--update` the source is the truth: the files are copied and the manifest rewritten
//! (its revision from `--revision`, else the commit and date named in the source's `SOURCE`,
//! else the day's date).
//!
//! The generator is a crate of its own rather than part of xtask: it needs weburl-host (UTS 46,
//! to convert the list's Unicode rules to `xn--`), and xtask builds nothing of the workspace,
//! so that the other commands never wait on it and a broken library cannot stop a data sync.

use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::args::{self, Args};
use crate::{util, Failure, Result};

/// The pinned data, relative to the workspace root.
pub const DATA_DIR: &str = "crates/psl/data";
/// The files a sync copies: the list, then its tests (both checksummed in the manifest).
pub const FILES: [&str; 2] = ["public_suffix_list.dat", "test_psl.txt"];
/// The default source, relative to the workspace root.
pub const SHARED_LIST: &str = "../shared/psl/public_suffix_list.dat";

struct Options {
    from: Option<PathBuf>,
    update: bool,
    revision: Option<String>,
}

pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Long;
    let mut opts = Options {
        from: None,
        update: false,
        revision: None,
    };
    let mut p = Args::new(args, USAGE);
    while let Some(arg) = p.next()? {
        match arg {
            Long("update") => opts.update = true,
            Long("from") => opts.from = Some(PathBuf::from(p.value()?)),
            Long("revision") => opts.revision = Some(p.value()?),
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    if opts.revision.is_some() && !opts.update {
        return Err(p.error("--revision only goes with --update"));
    }
    sync(&opts)?;
    regenerate()
}

const USAGE: &str = "cargo xtask psl-sync [--from FILE] [--update] [--revision REV]";

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn read(path: &Path) -> Result<Vec<u8>> {
    fs::read(path).map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

fn write(path: &Path, bytes: &[u8]) -> Result {
    fs::write(path, bytes).map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

/// The manifest: its revision and (sha256, file) lines.
fn read_manifest(path: &Path) -> Result<(String, Vec<(String, String)>)> {
    let text = String::from_utf8(read(path)?)
        .map_err(|_| Failure::new(format!("{}: not UTF-8", path.display())))?;
    let mut revision = None;
    let mut files = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rev) = line.strip_prefix("revision ") {
            revision = Some(rev.trim().to_owned());
        } else if let Some((sha, file)) = line.split_once("  ") {
            files.push((sha.to_owned(), file.trim().to_owned()));
        } else {
            return Err(Failure::new(format!(
                "{}: unreadable line `{line}`",
                path.display()
            )));
        }
    }
    let revision =
        revision.ok_or_else(|| Failure::new(format!("{}: no revision line", path.display())))?;
    Ok((revision, files))
}

/// The revision named by a `SOURCE` file: its 40-hex commit and the date in parentheses
/// after it, when there are.
fn revision_from_source(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .collect();
    let at = words
        .iter()
        .position(|w| w.len() == 40 && w.bytes().all(|b| b.is_ascii_hexdigit()))?;
    let commit = words.get(at)?;
    let date = words
        .get(at + 1)
        .map(|d| d.trim_end_matches('.'))
        .filter(|d| d.starts_with('(') && d.ends_with(')'));
    Some(match date {
        Some(d) => format!("{commit} {d}"),
        None => (*commit).to_owned(),
    })
}

fn sync(opts: &Options) -> Result {
    let root = util::workspace_root();
    let list = opts.from.clone().unwrap_or_else(|| root.join(SHARED_LIST));
    if !list.is_file() {
        return Err(Failure::new(format!(
            "{} not found (pass --from FILE)",
            list.display()
        )));
    }
    let source_dir = list.parent().unwrap_or(Path::new(".")).to_path_buf();
    let source_of = |file: &str| {
        if file == FILES[0] {
            list.clone()
        } else {
            source_dir.join(file)
        }
    };
    let data = root.join(DATA_DIR);
    let manifest_path = data.join("MANIFEST");
    if opts.update {
        let mut lines = Vec::new();
        for file in FILES {
            let src = source_of(file);
            if !src.is_file() {
                if file == FILES[0] {
                    return Err(Failure::new(format!("{} not found", src.display())));
                }
                // Keep the pinned tests when the source has none.
                let bytes = read(&data.join(file))?;
                lines.push(format!("{}  {file}", sha256_hex(&bytes)));
                continue;
            }
            let bytes = read(&src)?;
            write(&data.join(file), &bytes)?;
            lines.push(format!("{}  {file}", sha256_hex(&bytes)));
            eprintln!("psl-sync: copied {} -> {DATA_DIR}/{file}", src.display());
        }
        let source_text = fs::read_to_string(source_dir.join("SOURCE")).ok();
        if let Some(text) = &source_text {
            write(&data.join("SOURCE"), text.as_bytes())?;
        }
        let revision = opts
            .revision
            .clone()
            .or_else(|| source_text.as_deref().and_then(revision_from_source))
            .unwrap_or_else(|| "unknown".to_owned());
        let manifest = format!(
            "# The Public Suffix List (https://github.com/publicsuffix/list), MPL-2.0, pinned for weburl-psl.\n\
             # Maintained by `cargo xtask psl-sync --update`; see README.md.\n\
             # `revision <commit (date)>`, then `<sha256>  <file>`.\n\
             revision {revision}\n{}\n",
            lines.join("\n")
        );
        write(&manifest_path, manifest.as_bytes())?;
        eprintln!("psl-sync: {DATA_DIR}/MANIFEST rewritten (revision {revision})");
        return Ok(());
    }
    let (revision, files) = read_manifest(&manifest_path)?;
    for (sha, file) in &files {
        let pinned = data.join(file);
        // An explicit source is always checked: a user passing a new list without
        // `--update` hears that it is not the pinned one.
        let explicit = opts.from.is_some() && file == FILES[0];
        if !explicit && fs::read(&pinned).is_ok_and(|b| sha256_hex(&b) == *sha) {
            eprintln!("psl-sync: {DATA_DIR}/{file} ok");
            continue;
        }
        let src = source_of(file);
        let bytes = read(&src)?;
        let got = sha256_hex(&bytes);
        if got != *sha {
            return Err(Failure::new(format!(
                "{}: sha256 {got}, the manifest pins {sha} (revision {revision}); \
                 run `cargo xtask psl-sync --from FILE --update` to take a new list",
                src.display()
            )));
        }
        write(&pinned, &bytes)?;
        eprintln!("psl-sync: copied {} -> {DATA_DIR}/{file}", src.display());
    }
    Ok(())
}

/// Runs the generator (`cargo run -p weburl-psl-gen`).
fn regenerate() -> Result {
    let root = util::workspace_root();
    let mut cmd = util::cargo();
    cmd.current_dir(&root)
        .args(["run", "--quiet", "-p", "weburl-psl-gen"]);
    eprintln!("xtask: cargo run -p weburl-psl-gen");
    util::run_streaming(&mut cmd, "weburl-psl-gen")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn revision_of_the_shared_source() {
        let text = "- public_suffix_list.dat: the list, at publicsuffix/list commit\n  \
                    e8c9a2b2b2856b6449999dd0ec0d118f364ed0cd (2026-08-19). ICANN and PRIVATE";
        assert_eq!(
            revision_from_source(text).as_deref(),
            Some("e8c9a2b2b2856b6449999dd0ec0d118f364ed0cd (2026-08-19)")
        );
        assert_eq!(revision_from_source("no commit here"), None);
    }
}
