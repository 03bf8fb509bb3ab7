//! The differential test against the `surt` Python package (0.3.1), run by `cargo xtask test`
//! (`xtask/src/surt_diff.rs`), which installs the package and sets `WEBURL_SURT_PYTHON` to a
//! Python that imports it; without that variable (a plain `cargo test`) it prints why and
//! passes.
//!
//! The inputs: every line of the four corpora (`$WEBURL_DATASETS` or `../shared/datasets`),
//! then `MUTATIONS` mutated corpus lines (a fixed seed). Each goes through `surt_with` and
//! through `surt.surt` (`surt_reference.py`) with the default options and with each option
//! changed from its default; each option set prints `N agree of M`. Any difference on a corpus
//! line fails; a difference on a mutated line must be in `data/surt_diff_allow.txt` with its
//! reason, and an entry there that no longer differs (stale) fails too.

#![allow(clippy::panic, clippy::indexing_slicing, clippy::expect_used)]

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, ExitCode};

use serde_json::{json, Value};
use weburl_canon::surt::{surt_with, Options};

/// How many mutated URLs are compared.
const MUTATIONS: usize = 20_000;

/// Edits the mutations are made of: URL delimiters and the rules' own triggers.
const PIECES: &[&str] = &[
    "/",
    "\\",
    "?",
    "#",
    ":",
    "@",
    "[",
    "]",
    "%",
    "%2",
    "%2e",
    "%41",
    "%25",
    "%zz",
    ".",
    "..",
    "./",
    " ",
    "\t",
    "\u{0}",
    "\u{1F}",
    "\u{7F}",
    "é",
    "ß",
    "&",
    "=",
    "www.",
    "www2.",
    ":80",
    ":443",
    ":8080",
    "http://",
    "https://",
    "dns:",
    "A",
    "(",
    ")",
    ".aspx",
    "?a=1&b=2",
    "jsessionid=0123456789abcdef0123456789abcdef",
    "sid=0123456789ABCDEF0123456789abcdef",
    "/(a(0123456789abcdefghijklmn))/",
    "cfid=1&cftoken=2",
    "1.2.3.4",
    "0x7f.1",
    "012.1",
];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if n == 0 {
            0
        } else {
            (self.0 >> 11) as usize % n
        }
    }
}

fn mutate(input: &str, rng: &mut Rng) -> String {
    let mut s = input.to_owned();
    for _ in 0..1 + rng.below(3) {
        let boundaries: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
        let at = boundaries[rng.below(boundaries.len())];
        let piece = PIECES[rng.below(PIECES.len())];
        let next = s[at..].chars().next().map_or(0, char::len_utf8);
        match rng.below(4) {
            0 if next > 0 => s.replace_range(at..at + next, ""),
            1 if next > 0 => s.replace_range(at..at + next, piece),
            _ => s.insert_str(at, piece),
        }
    }
    s
}

/// The option sets: the defaults, then each option changed from its default.
fn option_sets() -> Vec<(&'static str, Value, Options)> {
    let d = Options::default();
    let mut sets = vec![("default", json!({}), d)];
    macro_rules! flip {
        ($($name:ident),*) => {$(
            let mut o = d;
            o.$name = !d.$name;
            sets.push((stringify!($name), json!({ stringify!($name): o.$name }), o));
        )*};
    }
    flip!(
        surt,
        with_scheme,
        trailing_comma,
        reverse_ipaddr,
        host_lowercase,
        host_massage,
        port_strip_default,
        path_strip_empty,
        path_lowercase,
        path_strip_session_id,
        path_strip_trailing_slash_unless_empty,
        query_lowercase,
        query_strip_session_id,
        query_strip_empty,
        query_alpha_reorder,
        public_suffix
    );
    sets
}

/// The allow-list: `option set <TAB> input as a JSON string <TAB> reason`, `#` comments.
fn allow_list(path: &Path) -> BTreeMap<(String, String), String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut f = line.splitn(3, '\t');
        let (Some(set), Some(input), Some(reason)) = (f.next(), f.next(), f.next()) else {
            panic!(
                "{}:{}: not `set<TAB>input<TAB>reason`",
                path.display(),
                n + 1
            );
        };
        let input: String = serde_json::from_str(input)
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1));
        assert!(
            !reason.trim().is_empty(),
            "{}:{}: no reason",
            path.display(),
            n + 1
        );
        out.insert((set.to_owned(), input), reason.to_owned());
    }
    out
}

fn main() -> ExitCode {
    let Some(python) = std::env::var_os("WEBURL_SURT_PYTHON") else {
        println!("surt_diff: skipped (cargo xtask test runs it, with the surt package installed)");
        return ExitCode::SUCCESS;
    };
    let Some(data) = common::datasets() else {
        println!("surt_diff: skipped: no corpora (../shared/datasets or $WEBURL_DATASETS)");
        return ExitCode::SUCCESS;
    };
    let start = std::time::Instant::now();
    let mut inputs = common::corpus_lines(&data);
    let corpus_len = inputs.len();
    let mut rng = Rng(0x0005_eed5_u64 | 1);
    for _ in 0..MUTATIONS {
        let from = &inputs[rng.below(corpus_len)];
        let m = mutate(from, &mut rng);
        inputs.push(m);
    }

    let sets = option_sets();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("surt_diff");
    std::fs::create_dir_all(&dir).expect("target tmp dir");
    let job = dir.join("job.json");
    let answers = dir.join("answers.json");
    let option_json: serde_json::Map<String, Value> = sets
        .iter()
        .map(|(n, v, _)| ((*n).to_owned(), v.clone()))
        .collect();
    std::fs::write(
        &job,
        json!({ "inputs": inputs, "option_sets": option_json }).to_string(),
    )
    .expect("write job");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/surt_reference.py");
    let status = Command::new(&python)
        .arg(&script)
        .arg(&job)
        .arg(&answers)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        println!(
            "surt_diff: FAILED: {} {} did not run",
            Path::new(&python).display(),
            script.display()
        );
        return ExitCode::FAILURE;
    }
    let reference: Value =
        serde_json::from_str(&std::fs::read_to_string(&answers).expect("answers")).expect("json");

    let allow_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/surt_diff_allow.txt");
    let allow = allow_list(&allow_path);
    let mut used = BTreeSet::new();
    let mut failed = false;
    for (name, _, options) in &sets {
        let expected = reference[*name].as_array().expect("answers per option set");
        let mut agree = 0;
        let mut allowed = 0;
        for (i, (input, want)) in inputs.iter().zip(expected).enumerate() {
            let got = surt_with(input.as_str(), options).ok();
            if got.as_deref() == want.as_str() {
                agree += 1;
                continue;
            }
            let key = ((*name).to_owned(), input.clone());
            if i >= corpus_len && allow.contains_key(&key) {
                used.insert(key);
                allowed += 1;
                continue;
            }
            failed = true;
            let origin = if i < corpus_len { "corpus" } else { "mutated" };
            println!(
                "DIFF ({origin}) {name}\t{}\tsurt: {want}\tweburl: {got:?}",
                serde_json::to_string(input).unwrap_or_default()
            );
        }
        println!(
            "surt {name}: {agree} agree of {} ({allowed} allowed differences)",
            inputs.len()
        );
    }
    for (key, reason) in &allow {
        if !used.contains(key) {
            failed = true;
            println!(
                "STALE allow-list entry (no longer differs): {} {:?} ({reason})",
                key.0, key.1
            );
        }
    }
    println!(
        "surt_diff: {} inputs ({corpus_len} corpus lines, {MUTATIONS} mutated) x {} option sets in {:.1} s",
        inputs.len(),
        sets.len(),
        start.elapsed().as_secs_f64()
    );
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
