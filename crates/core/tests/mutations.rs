//! Deterministic mutation test: every urltestdata.json input with code points that drive the
//! parser's branches inserted at pseudo-random places, parsed without and with bases; nothing
//! may panic (debug builds check the representation's invariants after every parse and
//! setter), and every result must re-parse to itself (except the spec's known file/localhost
//! case, see roundtrip.rs).

use std::process::ExitCode;

use weburl_core::Url;
use weburl_wpt::{load, Runner, Value};

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
    ".",
    "..",
    "%2e",
    " ",
    "\t",
    "é",
    "|",
    "c:",
    "\u{0}",
    "//",
    "::",
    "[::1]",
    "127.0.0.1",
    "xn--",
    "\u{FFFD}",
    "localhost",
    "file:",
    "a:",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as usize
    }
}

fn mutate(input: &str, rng: &mut Rng) -> String {
    let mut s = input.to_owned();
    for _ in 0..1 + rng.next() % 3 {
        let boundaries: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
        let at = boundaries
            .get(rng.next() % boundaries.len())
            .copied()
            .unwrap_or(0);
        let piece = PIECES
            .get(rng.next() % PIECES.len())
            .copied()
            .unwrap_or("/");
        s.insert_str(at, piece);
    }
    s
}

fn check(url: &Url) -> Result<(), String> {
    if url.scheme() == "file" && url.hostname() == "localhost" {
        return Ok(());
    }
    match Url::parse(url.href()) {
        Ok(again) if again.href() == url.href() => Ok(()),
        Ok(again) => Err(format!("{} reparses as {}", url.href(), again.href())),
        Err(e) => Err(format!("{} does not reparse: {e}", url.href())),
    }
}

fn main() -> ExitCode {
    let data = load("urltestdata.json");
    let bases: Vec<Url> = [
        "http://example.org/foo/bar",
        "file:///C:/dir/file",
        "sc://host/a/b",
        "sc:opaque",
    ]
    .iter()
    .filter_map(|b| Url::parse(b).ok())
    .collect();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut runner = Runner::new("mutations of urltestdata.json inputs");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(Value::as_str) else {
            continue;
        };
        for _ in 0..8 {
            let mutant = mutate(input, &mut rng);
            let outcome = std::panic::catch_unwind(|| {
                if let Ok(url) = Url::parse(&mutant) {
                    check(&url)?;
                    let mut changed = url.clone();
                    let _ = changed.set_pathname(&mutant);
                    let _ = changed.set_host(&mutant);
                    let _ = changed.set_search(&mutant);
                    let _ = changed.set_hash(&mutant);
                    check(&changed)?;
                }
                for base in &bases {
                    if let Ok(url) = Url::parse_with_base(&mutant, base) {
                        check(&url)?;
                    }
                }
                Ok(())
            })
            .unwrap_or_else(|_| Err("panicked".to_owned()));
            runner.case(format!("{mutant:?}"), outcome);
        }
    }
    runner.finish()
}
