//! Allocation budget: a successful parse of an ASCII URL allocates once (its serialization),
//! and `Url::can_parse` allocates nothing for the inputs the fast path recognizes, nor for the
//! corpora's other ASCII lines once the thread's scratch buffer exists (WPT inputs with a tab
//! or newline to remove, or a host to percent-decode or map, allocate for that; reported).
//!
//! Counted with a counting global allocator (`weburl-alloc-count`, which holds the one
//! `unsafe impl GlobalAlloc`: this crate forbids unsafe code, and `forbid` cannot be lowered in
//! a test file). Counts are per thread, so parallel tests do not disturb each other. The
//! distributions are printed (`cargo test --test alloc_budget -- --nocapture`).

// Test code: helpers outside `#[test]` functions may panic too.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use weburl_alloc_count::{count, Counting};
use weburl_core::Url;

#[global_allocator]
static ALLOC: Counting = Counting;

fn corpus_lines(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "corpus {} not readable ({e}): the allocation-budget test needs ../shared/datasets",
            path.display()
        )
    });
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    text.lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Allocation counts of `Url::parse` and `Url::can_parse` over `lines`.
#[derive(Default, Debug)]
struct Counts {
    /// Successful parses of ASCII lines: allocations -> number of lines.
    parse_ok: BTreeMap<u64, usize>,
    /// The same, for lines the fast path takes.
    parse_ok_fast: BTreeMap<u64, usize>,
    /// `can_parse` on lines the fast path takes.
    can_parse_fast: BTreeMap<u64, usize>,
    /// `can_parse` on the other ASCII lines.
    can_parse_other: BTreeMap<u64, usize>,
    /// Lines (in `parse_ok`) that allocated more than once, a few of them.
    over: Vec<(String, u64)>,
    /// Lines whose `can_parse` allocated, a few of them.
    can_parse_over: Vec<(String, u64)>,
}

fn measure<'a>(lines: impl Iterator<Item = &'a str>) -> Counts {
    let mut c = Counts::default();
    // `can_parse` writes into a buffer that the thread keeps: its first use (a state-machine
    // input) allocates it.
    let _ = count(|| Url::can_parse("a:b", None));
    for line in lines.filter(|l| l.is_ascii()) {
        let fast = Url::takes_fast_path(line);
        let (result, n) = count(|| Url::parse(line));
        if result.is_ok() {
            *c.parse_ok.entry(n).or_default() += 1;
            if fast {
                *c.parse_ok_fast.entry(n).or_default() += 1;
            }
            if n > 1 && c.over.len() < 10 {
                c.over.push((line.to_owned(), n));
            }
        }
        drop(result);
        let (_, n) = count(|| Url::can_parse(line, None));
        if n > 0 && c.can_parse_over.len() < 10 {
            c.can_parse_over.push((line.to_owned(), n));
        }
        if fast {
            *c.can_parse_fast.entry(n).or_default() += 1;
        } else {
            *c.can_parse_other.entry(n).or_default() += 1;
        }
    }
    c
}

fn check_corpus(name: &str) {
    let lines = corpus_lines(name);
    let c = measure(lines.iter().map(String::as_str));
    eprintln!(
        "{name}: parse of ASCII lines that parse, allocations -> lines: {:?} (fast path {:?}); \
         can_parse, fast path {:?}, other {:?}; over one: {:?}; can_parse allocating: {:?}",
        c.parse_ok, c.parse_ok_fast, c.can_parse_fast, c.can_parse_other, c.over, c.can_parse_over
    );
    let ok: usize = c.parse_ok.values().sum();
    assert!(ok > 1000, "{name}: only {ok} ASCII lines parse");
    // Exactly one allocation per successful parse of an ASCII line.
    assert_eq!(
        c.parse_ok.keys().copied().collect::<Vec<_>>(),
        [1],
        "{name}: {:?}",
        c.over
    );
    // can_parse allocates nothing on the fast path, nor (once the thread's buffer exists) on
    // these corpora's other ASCII lines.
    assert_eq!(c.can_parse_fast.keys().copied().collect::<Vec<_>>(), [0]);
    assert!(
        c.can_parse_other.keys().all(|&n| n == 0),
        "{name}: {:?}",
        c.can_parse_over
    );
}

#[test]
fn corpus_node_files() {
    check_corpus("node_files.txt");
}

#[test]
fn corpus_isaacs_files() {
    check_corpus("isaacs_files.txt");
}

#[test]
fn corpus_kasztp() {
    check_corpus("kasztp.txt");
}

#[test]
fn corpus_userbait() {
    check_corpus("userbait.txt");
}

/// WPT's inputs are made to hit every corner: reported, and bounded.
#[test]
fn urltestdata() {
    let data = weburl_wpt::load("urltestdata.json");
    let inputs: Vec<&str> = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c.get("input").and_then(|i| i.as_str()))
        .collect();
    let c = measure(inputs.iter().copied());
    eprintln!(
        "urltestdata: parse of ASCII inputs that parse, allocations -> inputs: {:?} (fast path \
         {:?}); can_parse, fast path {:?}, other {:?}; over one: {:?}",
        c.parse_ok, c.parse_ok_fast, c.can_parse_fast, c.can_parse_other, c.over
    );
    assert_eq!(c.parse_ok_fast.keys().copied().collect::<Vec<_>>(), [1]);
    assert_eq!(c.can_parse_fast.keys().copied().collect::<Vec<_>>(), [0]);
}

/// Without a base, an input without a scheme fails before anything is written: it allocates
/// nothing (nor does its `can_parse`).
#[test]
fn no_scheme_without_base_allocates_nothing() {
    for input in [
        "", "#", "?x", "/path", "//host/", "a", "a//", "\\\\x\\y", "  \t/x", "1a:b",
    ] {
        let (result, n) = count(|| Url::parse(input));
        assert!(result.is_err(), "{input:?}");
        assert_eq!(n, 0, "{input:?}");
        let (ok, n) = count(|| Url::can_parse(input, None));
        assert!(!ok, "{input:?}");
        assert_eq!(n, 0, "{input:?}");
    }
}
