//! The command-line examples of the README and the guides in `docs/` (their ```` ```console ````
//! blocks) run: each `$ ` line through `sh` with this build's `weburl` first on `PATH`, in a
//! scratch directory, and what it prints is what the block shows after it. A line `...` in the
//! shown output stands for any number of lines; stdout and stderr are compared in the order
//! the block shows them, each in its own order.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_weburl");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `README.md` and every `docs/*.md`.
fn documents() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_owned());
    names
}

/// One `$ ` command of a console block and the lines shown after it.
struct Example {
    doc: String,
    command: String,
    shown: Vec<String>,
}

fn examples() -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(root().join(&doc)).unwrap();
        let mut in_console = false;
        let mut in_other = false;
        for line in text.lines() {
            if let Some(info) = line.strip_prefix("```") {
                if in_console || in_other {
                    in_console = false;
                    in_other = false;
                } else if info.trim() == "console" {
                    in_console = true;
                } else {
                    in_other = true;
                }
                continue;
            }
            if !in_console {
                continue;
            }
            if let Some(command) = line.strip_prefix("$ ") {
                out.push(Example {
                    doc: doc.clone(),
                    command: command.to_owned(),
                    shown: Vec::new(),
                });
            } else if let Some(last) = out.last_mut() {
                last.shown.push(line.to_owned());
            }
        }
    }
    out
}

/// Whether `shown` (with `...` for any run of lines) is `stdout` and `stderr` interleaved.
fn matches(shown: &[String], stdout: &[&str], stderr: &[&str]) -> bool {
    match shown.split_first() {
        None => stdout.is_empty() && stderr.is_empty(),
        Some((line, rest)) if line == "..." => (0..=stdout.len())
            .any(|i| (0..=stderr.len()).any(|j| matches(rest, &stdout[i..], &stderr[j..]))),
        Some((line, rest)) => {
            (stdout.first() == Some(&line.as_str()) && matches(rest, &stdout[1..], stderr))
                || (stderr.first() == Some(&line.as_str()) && matches(rest, stdout, &stderr[1..]))
        }
    }
}

#[test]
fn console_examples_print_what_they_show() {
    let examples = examples();
    assert!(
        examples
            .iter()
            .filter(|e| e.command.contains("weburl "))
            .count()
            >= 20,
        "too few `$ weburl` examples found: {}",
        examples.len()
    );
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let scratch = std::env::temp_dir().join(format!("weburl-cli-docs-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut failures = Vec::new();
    for e in &examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(&e.command)
            .current_dir(&scratch)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let stdout_lines: Vec<&str> = stdout.lines().collect();
        let stderr_lines: Vec<&str> = stderr.lines().collect();
        if !matches(&e.shown, &stdout_lines, &stderr_lines) {
            failures.push(format!(
                "{}: $ {}\n--- shown\n{}\n--- stdout\n{stdout}--- stderr\n{stderr}",
                e.doc,
                e.command,
                e.shown.join("\n")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
