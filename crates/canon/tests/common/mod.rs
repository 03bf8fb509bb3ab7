//! What the canon tests that read the URL corpora share: where the corpora are, and their
//! lines.

use std::path::{Path, PathBuf};

/// The four corpora, files of the datasets directory.
pub const CORPORA: &[&str] = &[
    "isaacs_files.txt",
    "kasztp.txt",
    "node_files.txt",
    "userbait.txt",
];

/// The datasets directory as xtask finds it: `$WEBURL_DATASETS`, else `../shared/datasets`
/// beside the repository (from this crate's manifest directory); `None` when neither is a
/// directory.
pub fn datasets() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    [
        std::env::var_os("WEBURL_DATASETS").map(PathBuf::from),
        Some(root.join("../shared/datasets")),
    ]
    .into_iter()
    .flatten()
    .find(|d| d.is_dir())
}

/// Every non-empty line of each corpus in `dir` (bytes that are not UTF-8 replaced), in
/// [`CORPORA`]'s order; panics naming a corpus that cannot be read.
pub fn corpus_lines(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for corpus in CORPORA {
        let path = dir.join(corpus);
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.extend(
            String::from_utf8_lossy(&text)
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        );
    }
    out
}
