//! The README and the guides in `docs/`: every relative link resolves (file and, for a Markdown
//! file, heading anchor), every code block names its language (so that rustdoc, which runs the
//! ```` ```rust ```` ones as doctests, compiles only Rust), the README stays a page or two long,
//! and the README's DataFusion block, which this crate cannot compile, is the one that
//! `docs/datafusion.md` runs as a doctest of `weburl-datafusion`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `README.md` and every `docs/*.md`, as paths relative to the repository's root.
fn documents() -> Vec<String> {
    let mut names = vec!["README.md".to_owned()];
    let mut guides: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| {
            e.expect("docs/ entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    guides.sort();
    names.extend(guides);
    names
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The lines outside code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            if line.starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// The code blocks: (the info string after the opening fence, the lines inside).
fn blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_owned(), Vec::new())),
            (Some(_), Some(_)) => out.extend(open.take()),
            (Some((_, lines)), None) => lines.push(line.to_owned()),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a code block is not closed");
    out
}

/// GitHub's anchor for a heading: its text (a link's text, not its target), lowercased,
/// punctuation other than `-` and `_` dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](") else {
            break;
        };
        let Some(end) = rest[open + close..].find(')') else {
            break;
        };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..open + close]);
        rest = &rest[open + close + end + 1..];
    }
    text.push_str(rest);
    text.trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(relative: &str) -> BTreeSet<String> {
    let text = read(relative);
    prose(&text)
        .into_iter()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

/// The targets of the inline links `[text](target)` outside code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            out.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn relative_links_resolve() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let dir = Path::new(&doc).parent().unwrap_or(Path::new(""));
        for target in link_targets(&read(&doc)) {
            let is_url = target.split_once(':').is_some_and(|(scheme, _)| {
                !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic())
            });
            if is_url || target.contains(' ') {
                continue;
            }
            checked += 1;
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                PathBuf::from(&doc)
            } else {
                dir.join(path)
            };
            if !root().join(&file).exists() {
                broken.push(format!("{doc}: {target} (no such file)"));
                continue;
            }
            let file = file.to_string_lossy().replace('\\', "/");
            if !fragment.is_empty() && file.ends_with(".md") && !anchors(&file).contains(fragment) {
                broken.push(format!("{doc}: {target} (no such heading)"));
            }
        }
    }
    assert!(checked > 50, "only {checked} relative links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_code_block_names_its_language() {
    let mut unnamed = Vec::new();
    for doc in documents() {
        for (info, lines) in blocks(&read(&doc)) {
            if info.is_empty() {
                unnamed.push(format!(
                    "{doc}: {}",
                    lines.first().map_or("", String::as_str)
                ));
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "code blocks without a language:\n{}",
        unnamed.join("\n")
    );
}

#[test]
fn readme_is_at_most_300_lines() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
}

#[test]
fn readme_datafusion_example_is_the_guides() {
    let readme = blocks(&read("README.md"));
    let shown: Vec<&Vec<String>> = readme
        .iter()
        .filter(|(info, _)| info == "rust,ignore")
        .map(|(_, lines)| lines)
        .collect();
    assert_eq!(
        shown.len(),
        1,
        "the README's one `rust,ignore` block is DataFusion's"
    );
    let guide = blocks(&read("docs/datafusion.md"));
    let (_, run) = guide
        .iter()
        .find(|(info, _)| info == "rust")
        .expect("docs/datafusion.md has a rust block");
    // rustdoc hides `# ` lines (and a lone `#`); the README shows what rustdoc shows.
    let visible: Vec<&String> = run
        .iter()
        .filter(|l| !(l.starts_with("# ") || l.as_str() == "#"))
        .collect();
    let mut visible_trimmed = visible.clone();
    visible_trimmed.dedup_by(|a, b| a.is_empty() && b.is_empty());
    let shown: Vec<&String> = shown[0].iter().collect();
    assert_eq!(
        shown, visible_trimmed,
        "README's DataFusion example differs from docs/datafusion.md's"
    );
}
