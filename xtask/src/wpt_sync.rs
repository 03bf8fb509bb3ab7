//! `cargo xtask wpt-sync [--from DIR] [--update] [--revision REV]`.
//!
//! Copies the WPT data files named in `wpt-data/MANIFEST` into `wpt-data/` and checks each
//! file's sha256 against the manifest. Two WPT directories feed it (see [`Suite`]): the URL
//! Standard's `url/resources/` and, for files named `urlpattern*`, URLPattern's
//! `urlpattern/resources/`. The source is `--from DIR` (a web-platform-tests checkout, each
//! file from its suite's `resources/`; or any other directory, every file from DIR), else the shared
//! copies beside the workspace (`../shared/wpt`, `../shared/urlpattern`) when they exist, else
//! a download of `<suite>/resources/<file>` at the manifest's revision with `curl`.
//!
//! Without `--update` the manifest is the truth: a source file whose checksum differs is an
//! error and nothing is written for it. With `--update` the source is the truth: files are
//! copied, new `*.json` files in a source directory are added, and the manifest is rewritten.
//!
//! When the data is already present and matches, nothing is written (with a local source the
//! files are hashed and compared; with a download source nothing is fetched).
//!
//! Progress goes to stderr (like cargo's), so that stdout stays free for callers' output.
//!
//! Manifest format (plain text, `#` comments and blank lines ignored):
//!
//! ```text
//! revision <WPT commit (full hash)>
//! <sha256>  <file>
//! <sha256>  <file>  <commit of this file, when it differs from the header's>
//! ```
//!
//! A download fetches each file at its own commit. (Older manifests had a sync date as the
//! revision; a date is accepted from local sources but cannot be downloaded.)

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

use crate::args::{self, Args};
use crate::{snapshots, util, Failure, Result};

/// The manifest, relative to the workspace root.
pub const MANIFEST: &str = "wpt-data/MANIFEST";

/// Where the data files go, relative to the workspace root.
pub const DATA_DIR: &str = "wpt-data";

/// The default local source, relative to the workspace root (CI clones the repo with
/// `shared/` beside it).
pub const SHARED_WPT: &str = "../shared/wpt";

/// The shared copy of URLPattern's WPT data (and its standard), relative to the workspace root.
pub const SHARED_URLPATTERN: &str = "../shared/urlpattern";

/// The download address for maintainers without the shared copies; `{rev}`, `{dir}` (the
/// suite's WPT directory) and `{file}` are substituted.
pub const DOWNLOAD_URL: &str =
    "https://raw.githubusercontent.com/web-platform-tests/wpt/{rev}/{dir}/resources/{file}";

/// An environment variable that replaces [`DOWNLOAD_URL`] (same placeholders): a mirror, or
/// the local server of the download test (`wpt_download.rs`).
pub const DOWNLOAD_URL_ENV: &str = "WEBURL_WPT_DOWNLOAD_URL";

/// A WPT directory that data files come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Suite {
    /// The WPT directory: `url` or `urlpattern`.
    wpt_dir: &'static str,
    /// The shared local copy, relative to the workspace root.
    shared: &'static str,
}

const URL_SUITE: Suite = Suite {
    wpt_dir: "url",
    shared: SHARED_WPT,
};
const URLPATTERN_SUITE: Suite = Suite {
    wpt_dir: "urlpattern",
    shared: SHARED_URLPATTERN,
};

impl Suite {
    /// Its data directory in a web-platform-tests checkout at `root`.
    fn in_checkout(self, root: &Path) -> PathBuf {
        root.join(self.wpt_dir).join("resources")
    }
}

/// The suite of a data file: URLPattern's files are named `urlpattern*`.
fn suite_of(file: &str) -> Suite {
    if file.starts_with("urlpattern") {
        URLPATTERN_SUITE
    } else {
        URL_SUITE
    }
}

/// Options of one sync.
#[derive(Debug, Default)]
pub struct Options {
    /// `--from DIR`.
    pub from: Option<PathBuf>,
    /// `--update`.
    pub update: bool,
    /// `--revision REV` (only with `--update`).
    pub revision: Option<String>,
}

pub fn main(args: &[String]) -> Result {
    sync(&parse_args(args)?)
}

const USAGE: &str = "cargo xtask wpt-sync [--from DIR] [--update] [--revision REV]";

fn parse_args(args: &[String]) -> Result<Options> {
    use lexopt::Arg::Long;
    let mut opts = Options::default();
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
        return Err(p.error("--revision is only meaningful with --update"));
    }
    Ok(opts)
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    sha256: String,
    file: String,
    /// A per-file revision that overrides the manifest's.
    revision: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Manifest {
    revision: String,
    entries: Vec<Entry>,
}

impl Manifest {
    fn parse(text: &str) -> std::result::Result<Manifest, String> {
        let mut revision = None;
        let mut entries: Vec<Entry> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                ["revision", rev] => {
                    if revision.replace((*rev).to_owned()).is_some() {
                        return Err(format!("line {line_no}: a second `revision` line"));
                    }
                }
                [sha, file, rest @ ..] if rest.len() <= 1 => {
                    if !is_sha256(sha) {
                        return Err(format!(
                            "line {line_no}: `{sha}` is not a lowercase hex sha256"
                        ));
                    }
                    check_file_name(file).map_err(|e| format!("line {line_no}: {e}"))?;
                    if entries.iter().any(|e| e.file == *file) {
                        return Err(format!("line {line_no}: `{file}` listed twice"));
                    }
                    entries.push(Entry {
                        sha256: (*sha).to_owned(),
                        file: (*file).to_owned(),
                        revision: rest.first().map(|r| (*r).to_owned()),
                    });
                }
                _ => {
                    return Err(format!(
                        "line {line_no}: expected `revision <rev>` or `<sha256>  <file> [<rev>]`"
                    ))
                }
            }
        }
        let revision = revision.ok_or("no `revision <rev>` line")?;
        Ok(Manifest { revision, entries })
    }

    fn render(&self) -> String {
        let mut out = String::new();
        out.push_str(
            "# WPT test data (web-platform-tests url/resources/, and urlpattern/resources/ for\n\
             # the urlpattern* files) pinned for weburl.\n\
             # Maintained by `cargo xtask wpt-sync --update`; see README.md.\n\
             # `revision <rev>`, then `<sha256>  <file>` (a third field is a per-file revision).\n",
        );
        let _ = writeln!(out, "revision {}", self.revision);
        for e in &self.entries {
            let _ = write!(out, "{}  {}", e.sha256, e.file);
            if let Some(rev) = &e.revision {
                let _ = write!(out, "  {rev}");
            }
            out.push('\n');
        }
        out
    }
}

fn is_sha256(s: &str) -> bool {
    s.len() == 64
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Manifest file names are plain names inside `wpt-data/`: no paths, no hidden files.
fn check_file_name(file: &str) -> std::result::Result<(), String> {
    let ok = !file.is_empty()
        && !file.starts_with('.')
        && file
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    if ok {
        Ok(())
    } else {
        Err(format!("`{file}` is not a plain file name"))
    }
}

pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex = String::with_capacity(64);
    for b in digest.iter() {
        let _ = write!(hex, "{b:02x}");
    }
    hex
}

/// A revision that is a date (`2026-07-11`) records when the data was synced, not a commit:
/// it cannot be downloaded.
fn is_date(rev: &str) -> bool {
    let b = rev.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

enum Source {
    /// `--from DIR`: every file from DIR.
    Dir(PathBuf),
    /// `--from DIR` where DIR is a web-platform-tests checkout (it has `url/resources/`): each
    /// file from its suite's `resources/`.
    Checkout(PathBuf),
    /// The shared copies beside the workspace root: each file from its suite's directory.
    Shared(PathBuf),
    /// A download with curl from this address ([`DOWNLOAD_URL`], or [`DOWNLOAD_URL_ENV`]'s),
    /// each file at its own revision when the manifest pins one.
    Download(String),
}

impl Source {
    fn describe(&self, revision: &str) -> String {
        match self {
            Source::Dir(dir) => dir.display().to_string(),
            Source::Checkout(dir) => format!("the web-platform-tests checkout {}", dir.display()),
            Source::Shared(_) => format!("{SHARED_WPT} and {SHARED_URLPATTERN}"),
            Source::Download(_) => format!("web-platform-tests at {revision} (curl)"),
        }
    }

    /// The directories that `--update` lists for new files.
    fn dirs(&self) -> Vec<PathBuf> {
        match self {
            Source::Dir(dir) => vec![dir.clone()],
            Source::Checkout(dir) => [URL_SUITE, URLPATTERN_SUITE]
                .iter()
                .map(|s| s.in_checkout(dir))
                .filter(|d| d.is_dir())
                .collect(),
            Source::Shared(root) => [URL_SUITE, URLPATTERN_SUITE]
                .iter()
                .map(|s| root.join(s.shared))
                .filter(|d| d.is_dir())
                .collect(),
            Source::Download(_) => Vec::new(),
        }
    }

    /// The directory to read `file` from (none for a download).
    fn dir_for(&self, file: &str) -> Option<PathBuf> {
        match self {
            Source::Dir(dir) => Some(dir.clone()),
            Source::Checkout(dir) => Some(suite_of(file).in_checkout(dir)),
            Source::Shared(root) => Some(root.join(suite_of(file).shared)),
            Source::Download(_) => None,
        }
    }

    /// Downloads `file` at `rev` (for the sources that [`Source::dir_for`] has no directory
    /// for: downloads).
    fn download(&self, rev: &str, file: &str, data_dir: &Path) -> Result<Vec<u8>> {
        let template = match self {
            Source::Download(template) => template.as_str(),
            Source::Dir(_) | Source::Checkout(_) | Source::Shared(_) => DOWNLOAD_URL,
        };
        download_from(template, rev, file, data_dir)
    }
}

fn choose_source(root: &Path, from: Option<&Path>) -> Result<Source> {
    if let Some(dir) = from {
        if !dir.is_dir() {
            return Err(Failure::new(format!(
                "--from {}: not a directory",
                dir.display()
            )));
        }
        if URL_SUITE.in_checkout(dir).is_dir() {
            return Ok(Source::Checkout(dir.to_path_buf()));
        }
        return Ok(Source::Dir(dir.to_path_buf()));
    }
    if root.join(SHARED_WPT).is_dir() {
        // Relative to the workspace root, which is where `sync` runs its file operations.
        Ok(Source::Shared(root.to_path_buf()))
    } else {
        Ok(Source::Download(
            std::env::var(DOWNLOAD_URL_ENV).unwrap_or_else(|_| DOWNLOAD_URL.to_owned()),
        ))
    }
}

/// What happened to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// `wpt-data/<file>` already matched.
    Unchanged,
    /// `wpt-data/<file>` was absent and has been written.
    Copied,
    /// `wpt-data/<file>` differed and has been overwritten.
    Updated,
    /// The source's checksum differs from the manifest's; nothing written.
    Mismatch,
    /// `--update`: a new file, added to the manifest.
    Added,
    /// `--update`: the manifest's checksum for this file changed.
    Upgraded,
}

impl Status {
    fn label(self) -> &'static str {
        match self {
            Status::Unchanged => "unchanged",
            Status::Copied => "copied",
            Status::Updated => "updated",
            Status::Mismatch => "CHECKSUM MISMATCH",
            Status::Added => "added to manifest",
            Status::Upgraded => "upgraded (manifest checksum changed)",
        }
    }
}

/// Runs one sync. Used by `cargo xtask test` with default options.
pub fn sync(opts: &Options) -> Result {
    let root = util::workspace_root();
    let manifest_path = root.join(MANIFEST);
    let data_dir = root.join(DATA_DIR);
    let manifest = match fs::read_to_string(&manifest_path) {
        Ok(text) => Manifest::parse(&text)
            .map_err(|e| Failure::new(format!("{}: {e}", manifest_path.display())))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && opts.update => Manifest {
            revision: opts
                .revision
                .clone()
                .unwrap_or_else(|| "unknown".to_owned()),
            entries: Vec::new(),
        },
        Err(e) => {
            return Err(Failure::new(format!(
                "cannot read {}: {e}",
                manifest_path.display()
            )))
        }
    };
    let source = choose_source(&root, opts.from.as_deref())?;
    fs::create_dir_all(&data_dir)
        .map_err(|e| Failure::new(format!("cannot create {}: {e}", data_dir.display())))?;

    if opts.update {
        update(opts, &manifest, &source, &manifest_path, &data_dir)
    } else {
        verify_and_copy(&manifest, &source, &data_dir)
    }
}

fn verify_and_copy(manifest: &Manifest, source: &Source, data_dir: &Path) -> Result {
    eprintln!(
        "wpt-sync: {} files from {}",
        manifest.entries.len(),
        source.describe(&manifest.revision)
    );
    let mut mismatches = Vec::new();
    let mut lines = Vec::new();
    for entry in &manifest.entries {
        let dest = data_dir.join(&entry.file);
        let dest_matches = read_if_exists(&dest)?.map(|b| sha256_hex(&b) == entry.sha256);
        let bytes = match source.dir_for(&entry.file) {
            Some(dir) => read_source(&dir, &entry.file)?,
            None if dest_matches == Some(true) => {
                lines.push((Status::Unchanged, entry.file.clone(), String::new()));
                continue;
            }
            None => source.download(
                entry.revision.as_deref().unwrap_or(&manifest.revision),
                &entry.file,
                data_dir,
            )?,
        };
        let got = sha256_hex(&bytes);
        if got != entry.sha256 {
            lines.push((
                Status::Mismatch,
                entry.file.clone(),
                format!("source {got}, manifest {}", entry.sha256),
            ));
            mismatches.push(entry.file.clone());
            continue;
        }
        let status = match dest_matches {
            Some(true) => Status::Unchanged,
            Some(false) => Status::Updated,
            None => Status::Copied,
        };
        if status != Status::Unchanged {
            write_atomic(&dest, &bytes)?;
        }
        lines.push((status, entry.file.clone(), String::new()));
    }
    if lines.iter().all(|(s, _, _)| *s == Status::Unchanged) {
        eprintln!("  all {} unchanged (match {MANIFEST})", lines.len());
    } else {
        for (status, file, detail) in &lines {
            report(*status, file, detail);
        }
    }
    note_unlisted(manifest, data_dir);
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(Failure::new(format!(
            "{} file(s) differ from {MANIFEST}: {}.\n\
             The WPT data changed upstream. Review the change (diff the new files against \
             {DATA_DIR}/), then accept it with `cargo xtask wpt-sync --update` (with the same \
             --from, if any) and commit the manifest (and regenerate snapshots: `{}`).",
            mismatches.len(),
            mismatches.join(", "),
            snapshots::SNAPSHOT_REGEN_COMMAND
        )))
    }
}

fn update(
    opts: &Options,
    old: &Manifest,
    source: &Source,
    manifest_path: &Path,
    data_dir: &Path,
) -> Result {
    let revision = opts
        .revision
        .clone()
        .unwrap_or_else(|| old.revision.clone());
    eprintln!(
        "wpt-sync --update: from {} (revision {revision})",
        source.describe(&revision)
    );
    let mut entries: Vec<Entry> = old.entries.clone();
    if opts.revision.is_some() {
        // A new revision for the whole set: per-file pins no longer apply.
        for e in &mut entries {
            e.revision = None;
        }
    }
    let mut new_files = BTreeSet::new();
    let dirs = source.dirs();
    for dir in &dirs {
        for name in json_files_in(dir)? {
            if !entries.iter().any(|e| e.file == name) {
                new_files.insert(name.clone());
                entries.push(Entry {
                    sha256: String::new(),
                    file: name,
                    revision: None,
                });
            }
        }
    }
    if !dirs.is_empty() {
        entries.sort_by(|a, b| a.file.cmp(&b.file));
    }
    let mut changed = 0usize;
    for entry in &mut entries {
        let bytes = match source.dir_for(&entry.file) {
            Some(dir) => read_source(&dir, &entry.file)?,
            None => source.download(
                entry.revision.as_deref().unwrap_or(&revision),
                &entry.file,
                data_dir,
            )?,
        };
        let got = sha256_hex(&bytes);
        let dest = data_dir.join(&entry.file);
        let dest_status = match read_if_exists(&dest)? {
            Some(b) if sha256_hex(&b) == got => Status::Unchanged,
            Some(_) => Status::Updated,
            None => Status::Copied,
        };
        if dest_status != Status::Unchanged {
            write_atomic(&dest, &bytes)?;
        }
        let status = if new_files.contains(&entry.file) {
            Status::Added
        } else if entry.sha256 != got {
            Status::Upgraded
        } else {
            dest_status
        };
        if matches!(status, Status::Added | Status::Upgraded) {
            changed += 1;
        }
        report(status, &entry.file, "");
        entry.sha256 = got;
    }
    let new = Manifest { revision, entries };
    if new == *old {
        eprintln!("wpt-sync: {MANIFEST} already up to date");
    } else {
        write_atomic(manifest_path, new.render().as_bytes())?;
        eprintln!(
            "wpt-sync: rewrote {MANIFEST} ({changed} file(s) changed); review and commit it."
        );
    }
    // The snapshots record the parse of the data: regenerated from it, with a summary.
    snapshots::regenerate().map(|_| ())
}

fn report(status: Status, file: &str, detail: &str) {
    if detail.is_empty() {
        eprintln!("  {:<17} {file}", status.label());
    } else {
        eprintln!("  {:<17} {file} ({detail})", status.label());
    }
}

/// Mentions `wpt-data/*.json` files that the manifest does not list (they are ignored).
fn note_unlisted(manifest: &Manifest, data_dir: &Path) {
    if let Ok(names) = json_files_in(data_dir) {
        for name in names {
            if !manifest.entries.iter().any(|e| e.file == name) {
                eprintln!("  note: {DATA_DIR}/{name} is not in {MANIFEST} (ignored)");
            }
        }
    }
}

fn json_files_in(dir: &Path) -> Result<Vec<String>> {
    let rd = fs::read_dir(dir)
        .map_err(|e| Failure::new(format!("cannot list {}: {e}", dir.display())))?;
    let mut names: Vec<String> = rd
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json") && check_file_name(n).is_ok())
        .collect();
    names.sort();
    Ok(names)
}

fn read_if_exists(path: &Path) -> Result<Option<Vec<u8>>> {
    match fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Failure::new(format!("cannot read {}: {e}", path.display()))),
    }
}

fn read_source(dir: &Path, file: &str) -> Result<Vec<u8>> {
    let path = dir.join(file);
    fs::read(&path).map_err(|e| {
        Failure::new(format!(
            "{file} is in {MANIFEST} but cannot be read from {} ({e}). If upstream dropped it, \
             remove its line from the manifest deliberately.",
            path.display()
        ))
    })
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    fs::write(&tmp, bytes)
        .and_then(|()| fs::rename(&tmp, path))
        .map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))
}

/// Fetches `<suite>/resources/<file>` at `rev` with curl from the address `template` (with
/// `{rev}`, `{dir}` and `{file}`; see [`DOWNLOAD_URL`]).
pub(crate) fn download_from(
    template: &str,
    rev: &str,
    file: &str,
    data_dir: &Path,
) -> Result<Vec<u8>> {
    if is_date(rev) || rev == "unknown" {
        return Err(Failure::new(format!(
            "no ../shared/wpt beside the workspace, so {file} must be downloaded, but its \
             revision `{rev}` is a sync date, not a web-platform-tests commit. Use \
             `--from DIR` with a WPT checkout's url/resources, or pin a commit with \
             `cargo xtask wpt-sync --update --revision <commit>` (after reviewing the data)."
        )));
    }
    let url = template
        .replace("{rev}", rev)
        .replace("{dir}", suite_of(file).wpt_dir)
        .replace("{file}", file);
    let tmp = data_dir.join(format!(".{file}.download"));
    eprintln!("  {:<17} {url}", "fetching");
    let status = Command::new("curl")
        .args(["--fail", "--silent", "--show-error", "--location"])
        .args(["--retry", "2", "--max-time", "120", "--output"])
        .arg(&tmp)
        .arg(&url)
        .status()
        .map_err(|e| Failure::new(format!("cannot run curl to download {file}: {e}")))?;
    if !status.success() {
        let _ = fs::remove_file(&tmp);
        return Err(Failure::new(format!(
            "downloading {url} failed ({status}); use --from DIR with a local copy"
        )));
    }
    let bytes =
        fs::read(&tmp).map_err(|e| Failure::new(format!("cannot read {}: {e}", tmp.display())))?;
    let _ = fs::remove_file(&tmp);
    Ok(bytes)
}

/// Each file of the manifest `text` as the download path fetches it: `(sha256, file, revision,
/// WPT directory)`, the revision being the file's own pin or else the manifest's.
#[cfg(test)]
pub(crate) fn download_plan(
    text: &str,
) -> std::result::Result<Vec<(String, String, String, &'static str)>, String> {
    let manifest = Manifest::parse(text)?;
    Ok(manifest
        .entries
        .into_iter()
        .map(|e| {
            let rev = e.revision.unwrap_or_else(|| manifest.revision.clone());
            let dir = suite_of(&e.file).wpt_dir;
            (e.sha256, e.file, rev, dir)
        })
        .collect())
}

/// `cargo xtask wpt-sync` without `../shared`: the manifest `text`'s files downloaded from the
/// address `template` into `data_dir` and checked.
#[cfg(test)]
pub(crate) fn sync_by_download(text: &str, template: &str, data_dir: &Path) -> Result {
    let manifest = Manifest::parse(text).map_err(Failure::new)?;
    verify_and_copy(&manifest, &Source::Download(template.to_owned()), data_dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The manifest pins web-platform-tests commits (full hashes), never sync dates: a
    /// maintainer without `../shared` downloads exactly these files.
    #[test]
    fn the_manifest_pins_commits() {
        let plan = download_plan(include_str!("../../wpt-data/MANIFEST")).unwrap();
        assert!(!plan.is_empty());
        for (_, file, rev, _) in &plan {
            assert!(
                rev.len() == 40
                    && rev
                        .bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
                "{file}: revision `{rev}` is not a full web-platform-tests commit"
            );
        }
    }

    const SHA: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    #[test]
    fn manifest_round_trips() {
        let text = format!("# c\nrevision 2026-07-11\n{SHA}  a.json\n{SHA}  b.json  d1655f3\n");
        let m = Manifest::parse(&text).unwrap();
        assert_eq!(m.revision, "2026-07-11");
        assert_eq!(m.entries.len(), 2);
        assert_eq!(m.entries[1].revision.as_deref(), Some("d1655f3"));
        assert_eq!(Manifest::parse(&m.render()).unwrap(), m);
    }

    #[test]
    fn manifest_rejects_bad_lines() {
        assert!(Manifest::parse(&format!("{SHA}  a.json\n")).is_err()); // no revision
        assert!(Manifest::parse("revision x\nabc  a.json\n").is_err());
        assert!(Manifest::parse(&format!("revision x\n{SHA}  ../a.json\n")).is_err());
        assert!(Manifest::parse(&format!("revision x\n{SHA}  a.json\n{SHA}  a.json\n")).is_err());
    }

    #[test]
    fn sha256_of_abc() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn dates_are_not_downloadable_revisions() {
        assert!(is_date("2026-07-11"));
        assert!(!is_date("d1655f32e1b75a6f052a26647f1c108b7b4f689e"));
    }

    /// `--from` a web-platform-tests checkout: each file from its suite's `resources/`, the
    /// manifest's checksums checked (the shared copies laid out as a checkout).
    #[test]
    fn from_a_checkout() {
        let root = util::workspace_root();
        let tmp = std::env::temp_dir().join(format!("weburl-wpt-checkout-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        for suite in [URL_SUITE, URLPATTERN_SUITE] {
            let dir = suite.in_checkout(&tmp);
            std::fs::create_dir_all(&dir).unwrap();
            for e in std::fs::read_dir(root.join(suite.shared)).unwrap() {
                let e = e.unwrap();
                std::fs::copy(e.path(), dir.join(e.file_name())).unwrap();
            }
        }
        let source = choose_source(&root, Some(&tmp)).unwrap();
        assert!(matches!(source, Source::Checkout(_)));
        assert_eq!(
            source.dir_for("urlpatterntestdata.json"),
            Some(tmp.join("urlpattern/resources"))
        );
        let data = tmp.join("data");
        std::fs::create_dir_all(&data).unwrap();
        let manifest = Manifest::parse(include_str!("../../wpt-data/MANIFEST")).unwrap();
        let result = verify_and_copy(&manifest, &source, &data);
        let copied = std::fs::read_dir(&data).map(|d| d.count()).unwrap_or(0);
        let _ = std::fs::remove_dir_all(&tmp);
        result.unwrap();
        assert_eq!(copied, manifest.entries.len());
        // A flat directory is still read as one.
        let flat = choose_source(&root, Some(&root.join(SHARED_WPT))).unwrap();
        assert!(matches!(flat, Source::Dir(_)));
    }

    #[test]
    fn suites() {
        assert_eq!(suite_of("urltestdata.json"), URL_SUITE);
        assert_eq!(suite_of("urlpatterntestdata.json"), URLPATTERN_SUITE);
        assert_eq!(
            suite_of("urlpattern-compare-test-data.json").wpt_dir,
            "urlpattern"
        );
    }

    #[test]
    fn args() {
        let a = |v: &[&str]| parse_args(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert!(a(&["--update", "--from", "x"]).unwrap().update);
        assert!(a(&["--revision", "abc"]).is_err());
        assert!(a(&["--bogus"]).is_err());
        assert!(a(&["--from"]).is_err());
        assert_eq!(
            a(&["--update", "--from=d"]).unwrap().from,
            Some(PathBuf::from("d"))
        );
    }
}
