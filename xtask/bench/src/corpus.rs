//! Loading the corpora: one URL per line, and the WPT urltestdata inputs that have no base.

use std::fs;
use std::path::Path;

/// The corpus files looked for in the data directory, in report order.
pub const CORPUS_FILES: [&str; 4] = [
    "node_files.txt",
    "isaacs_files.txt",
    "kasztp.txt",
    "userbait.txt",
];

pub struct Corpus {
    pub name: String,
    /// All inputs, concatenated; `lines` index into it.
    text: String,
    spans: Vec<(usize, usize)>,
    /// Empty lines left out.
    pub skipped_empty: usize,
    /// Whether the file was not valid UTF-8 (decoded lossily).
    pub lossy: bool,
}

impl Corpus {
    pub fn inputs(&self) -> Vec<&str> {
        self.spans
            .iter()
            .filter_map(|&(a, b)| self.text.get(a..b))
            .collect()
    }

    /// Keeps the first `n` inputs (a quick run on a subset).
    pub fn truncate(&mut self, n: usize) {
        self.spans.truncate(n);
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Total input bytes (without line terminators).
    pub fn bytes(&self) -> usize {
        self.spans.iter().map(|(a, b)| b - a).sum()
    }

    /// A line-per-URL file: a leading UTF-8 BOM is stripped, `\r\n` is accepted, empty lines
    /// are skipped (and counted).
    pub fn from_lines_file(path: &Path) -> Result<Corpus, String> {
        let raw = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (text, lossy) = match String::from_utf8(raw) {
            Ok(t) => (t, false),
            Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
        };
        let body_start = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let mut spans = Vec::new();
        let mut skipped_empty = 0usize;
        let mut pos = body_start;
        let body = text.get(body_start..).unwrap_or("");
        for line in body.split('\n') {
            let start = pos;
            pos += line.len() + 1;
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.is_empty() {
                skipped_empty += 1;
            } else {
                spans.push((start, start + line.len()));
            }
        }
        // A final newline makes one empty "line" that is not a line.
        if body.ends_with('\n') || body.is_empty() {
            skipped_empty = skipped_empty.saturating_sub(1);
        }
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        Ok(Corpus {
            name,
            text,
            spans,
            skipped_empty,
            lossy,
        })
    }

    /// The `input` of every urltestdata.json case whose `base` is null.
    pub fn from_urltestdata(path: &Path) -> Result<Corpus, String> {
        let json = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let value: serde_json::Value =
            serde_json::from_str(&json).map_err(|e| format!("{}: {e}", path.display()))?;
        let cases = value
            .as_array()
            .ok_or_else(|| format!("{}: not a JSON array", path.display()))?;
        let mut text = String::new();
        let mut spans = Vec::new();
        for case in cases {
            let Some(obj) = case.as_object() else {
                continue; // comment strings
            };
            if !obj.get("base").is_none_or(|b| b.is_null()) {
                continue;
            }
            if let Some(input) = obj.get("input").and_then(|i| i.as_str()) {
                let start = text.len();
                text.push_str(input);
                spans.push((start, text.len()));
            }
        }
        Ok(Corpus {
            name: "wpt-urltestdata".to_owned(),
            text,
            spans,
            skipped_empty: 0,
            lossy: false,
        })
    }
}
