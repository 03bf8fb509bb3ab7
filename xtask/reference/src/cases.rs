//! The cases: every WPT URL input (urltestdata.json and urltestdata-javascript-only.json with
//! their bases, the toascii.json and
//! IdnaTestV2.json hosts in an `https:` URL), every corpus line, deterministic mutations of
//! both, the setters_tests.json steps, and generated setter sequences.

use std::path::Path;

use serde_json::{json, Value};

/// Where a case came from, for the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Source {
    Wpt,
    Corpus,
    Mutated,
    Setters,
}

impl Source {
    pub const ALL: [Source; 4] = [
        Source::Wpt,
        Source::Corpus,
        Source::Mutated,
        Source::Setters,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Source::Wpt => "WPT inputs",
            Source::Corpus => "corpus lines",
            Source::Mutated => "mutated inputs",
            Source::Setters => "setter sequences",
        }
    }
}

/// One input for both implementations.
#[derive(Clone, Debug)]
pub enum Case {
    /// Parse `input` against `base` (none: no base).
    Parse { input: String, base: Option<String> },
    /// Parse `url`, then run each `(attribute, value)` setter in turn.
    Set {
        url: String,
        steps: Vec<(String, String)>,
    },
}

impl Case {
    /// The JSON line the reference script reads (see `diff.mjs`).
    pub fn to_json(&self) -> String {
        match self {
            Case::Parse { input, base } => json!({ "parse": input, "base": base }).to_string(),
            Case::Set { url, steps } => json!({ "url": url, "set": steps }).to_string(),
        }
    }
}

/// Code points and strings that drive the parser's branches (and the host parser's: IDNA
/// mappings, label separators, IPv4-looking labels), inserted by [`mutate`].
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
    "%zz",
    ".",
    "..",
    "./",
    " ",
    "\t",
    "\n",
    "\u{0}",
    "\u{1F}",
    "\u{7F}",
    "é",
    "ß",
    "ς",
    "|",
    "c:",
    "C|",
    "//",
    "::",
    "[::1]",
    "[::ffff:1.2.3.4]",
    "127.0.0.1",
    "0x7f",
    "1",
    "09",
    "0.",
    "4294967296",
    "xn--",
    "xn--a",
    "-",
    "a-",
    "--",
    "\u{FFFD}",
    "localhost",
    "file:",
    "a:",
    "http:",
    "https://",
    "\u{3002}",
    "\u{FF0E}",
    "\u{FF61}",
    "\u{2460}",
    "\u{FF11}",
    "\u{0661}",
    "\u{05D0}",
    "\u{200C}",
    "\u{200D}",
    "\u{AD}",
    "\u{301}",
    "\u{1F600}",
    "\u{E000}",
    "\u{FDD0}",
    "<",
    ">",
    "^",
    "`",
    "{",
    "}",
    "'",
    "\"",
    "!",
    "$",
    "&",
    "=",
    "+",
    ";",
    ",",
    "*",
    "~",
    "_",
];

/// A xorshift generator: the same cases on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if n == 0 {
            0
        } else {
            (self.0 >> 11) as usize % n
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// One to three edits of `input`: a piece inserted, a code point removed, or a code point
/// replaced by a piece, at pseudo-random places.
pub fn mutate(input: &str, rng: &mut Rng) -> String {
    let mut s = input.to_owned();
    for _ in 0..1 + rng.below(3) {
        let boundaries: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
        let at = rng.pick(&boundaries).copied().unwrap_or(0);
        let piece = rng.pick(PIECES).copied().unwrap_or("/");
        let next = s
            .get(at..)
            .and_then(|t| t.chars().next())
            .map_or(0, char::len_utf8);
        match rng.below(4) {
            0 if next > 0 => {
                s.replace_range(at..at + next, "");
            }
            1 if next > 0 => s.replace_range(at..at + next, piece),
            _ => s.insert_str(at, piece),
        }
    }
    s
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: {e} (run `cargo xtask wpt-sync`)", path.display()))?;
    // Lone surrogates (IdnaTestV2.json, urltestdata-javascript-only.json) become U+FFFD, as
    // the URL class's USVString conversion does.
    serde_json::from_str(&weburl_wpt::usv_json(&text))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The WPT parse cases, and the `(input, base)` pairs mutations start from.
pub fn wpt(wpt_data: &Path) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut entries = Vec::new();
    for file in ["urltestdata.json", "urltestdata-javascript-only.json"] {
        if let Value::Array(list) = read_json(&wpt_data.join(file))? {
            entries.extend(list);
        }
    }
    for entry in &entries {
        let Some(input) = entry.get("input").and_then(Value::as_str) else {
            continue;
        };
        let base = entry.get("base").and_then(Value::as_str).map(str::to_owned);
        cases.push(Case::Parse {
            input: input.to_owned(),
            base,
        });
    }
    for file in ["toascii.json", "IdnaTestV2.json"] {
        for entry in read_json(&wpt_data.join(file))?
            .as_array()
            .into_iter()
            .flatten()
        {
            let Some(host) = entry.get("input").and_then(Value::as_str) else {
                continue;
            };
            cases.push(Case::Parse {
                input: format!("https://{host}/x"),
                base: None,
            });
        }
    }
    Ok(cases)
}

/// Every line of every `.txt` file in `dir`, sorted by file name.
pub fn corpus(dir: &Path) -> Result<Vec<Case>, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        for line in text.lines() {
            cases.push(Case::Parse {
                input: line.to_owned(),
                base: None,
            });
        }
    }
    Ok(cases)
}

/// `count` mutations of inputs picked from `from`, each with its own base (or, one time in
/// four, with a base picked from the WPT bases).
pub fn mutated(from: &[Case], count: usize, rng: &mut Rng) -> Vec<Case> {
    let bases: Vec<&str> = from
        .iter()
        .filter_map(|c| match c {
            Case::Parse { base: Some(b), .. } => Some(b.as_str()),
            _ => None,
        })
        .collect();
    let mut cases = Vec::with_capacity(count);
    while cases.len() < count && !from.is_empty() {
        let Some(Case::Parse { input, base }) = rng.pick(from) else {
            continue;
        };
        let base = if rng.below(4) == 0 {
            rng.pick(&bases).map(|b| (*b).to_owned())
        } else {
            base.clone()
        };
        cases.push(Case::Parse {
            input: mutate(input, rng),
            base,
        });
    }
    cases
}

/// Every setters_tests.json step, then `count` sequences of one to four setters with values
/// from that file (mutated half the time) run on URLs from `urls`.
pub fn setters(
    wpt_data: &Path,
    urls: &[Case],
    count: usize,
    rng: &mut Rng,
) -> Result<Vec<Case>, String> {
    let data = read_json(&wpt_data.join("setters_tests.json"))?;
    let mut cases = Vec::new();
    let mut values: Vec<(String, String)> = Vec::new();
    if let Some(object) = data.as_object() {
        for (attribute, tests) in object {
            for test in tests.as_array().into_iter().flatten() {
                let (Some(href), Some(value)) = (
                    test.get("href").and_then(Value::as_str),
                    test.get("new_value").and_then(Value::as_str),
                ) else {
                    continue;
                };
                values.push((attribute.clone(), value.to_owned()));
                cases.push(Case::Set {
                    url: href.to_owned(),
                    steps: vec![(attribute.clone(), value.to_owned())],
                });
            }
        }
    }
    let hrefs: Vec<&str> = urls
        .iter()
        .filter_map(|c| match c {
            Case::Parse { input, base: None } => Some(input.as_str()),
            _ => None,
        })
        .collect();
    let generated_start = cases.len();
    while cases.len() < generated_start + count && !hrefs.is_empty() && !values.is_empty() {
        let url = rng.pick(&hrefs).map_or("", |u| *u).to_owned();
        let mut steps = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let Some((attribute, value)) = rng.pick(&values).cloned() else {
                break;
            };
            let value = if rng.below(2) == 0 {
                mutate(&value, rng)
            } else {
                value
            };
            steps.push((attribute, value));
        }
        cases.push(Case::Set { url, steps });
    }
    Ok(cases)
}
