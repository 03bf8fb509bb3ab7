//! The fast path for inputs already in serialized form (`route/fast.rs`) against the full
//! state machine (`Url::options().full_state_machine(true)`, a test hook: feature `__test-hooks`): same href, same getters (so the
//! same component offsets), same failure, same `can_parse`, on every input of WPT's
//! `urltestdata.json` (with its base, without, and against a few fixed bases) and every line
//! of the four corpora in `../shared/datasets` (without a base and against fixed bases).
// Test code: helpers outside `#[test]` functions may panic too.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::path::PathBuf;

use weburl_core::Url;
use weburl_wpt::{load, Value};

/// Bases every input is also parsed against.
const BASES: [&str; 4] = [
    "https://example.com/a/b",
    "http://example.org/x?y#z",
    "file:///C:/dir/file",
    "sc://host/p",
];

/// Everything observable about a parse result.
fn describe(result: &Result<Url, weburl_core::ParseError>) -> String {
    match result {
        Err(e) => format!("failure {e:?}"),
        Ok(u) => format!(
            "{:?} href={:?} protocol={:?} username={:?} password={:?} host={:?} \
             hostname={:?} port={:?} pathname={:?} search={:?} hash={:?} scheme_type={:?} \
             host_kind={:?} port_number={:?} opaque={} query={:?} fragment={:?} creds={} \
             segments={:?} max_length={}",
            u,
            u.href(),
            u.protocol(),
            u.username(),
            u.password(),
            u.host(),
            u.hostname(),
            u.port(),
            u.pathname(),
            u.search(),
            u.hash(),
            u.scheme_type(),
            u.host_kind(),
            u.port_number(),
            u.has_opaque_path(),
            u.query(),
            u.fragment(),
            u.includes_credentials(),
            u.path_segment_count(),
            u.max_length(),
        ),
    }
}

/// Compares the fast and the full parse of `input` (against `base`); `Err` describes a
/// difference.
fn compare(input: &str, base: Option<&Url>) -> Result<(), String> {
    let fast = match base {
        Some(b) => Url::parse_with_base(input, b),
        None => Url::parse(input),
    };
    let full_options = Url::options().full_state_machine(true);
    let full = match base {
        Some(b) => full_options.base(b).parse(input),
        None => full_options.parse(input),
    };
    let (f, s) = (describe(&fast), describe(&full));
    if f != s {
        return Err(format!(
            "{input:?} against {:?}:\n  fast: {f}\n  full: {s}",
            base.map(Url::href)
        ));
    }
    let base_str = base.map(Url::href);
    let (cf, cs) = (
        Url::can_parse(input, base_str),
        Url::can_parse_full_state_machine(input, base_str),
    );
    if cf != cs || cf != full.is_ok() {
        return Err(format!(
            "{input:?} against {base_str:?}: can_parse {cf}, full state machine {cs}, parse {}",
            full.is_ok()
        ));
    }
    Ok(())
}

/// Runs [`compare`] on each input without a base and against [`BASES`]; panics listing the
/// differences. Returns (inputs, inputs that took the fast path).
fn check_all<'a>(label: &str, inputs: impl Iterator<Item = &'a str>) -> (usize, usize) {
    let bases: Vec<Url> = BASES.iter().map(|b| Url::parse(b).unwrap()).collect();
    let mut errors = Vec::new();
    let (mut n, mut fast) = (0, 0);
    for input in inputs {
        n += 1;
        if Url::takes_fast_path(input) {
            fast += 1;
        }
        for base in std::iter::once(None).chain(bases.iter().map(Some)) {
            if let Err(e) = compare(input, base) {
                errors.push(e);
            }
        }
    }
    eprintln!("{label}: {n} inputs, {fast} took the fast path");
    assert!(
        errors.is_empty(),
        "{label}: {} differences between the fast path and the full state machine:\n{}",
        errors.len(),
        errors
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    (n, fast)
}

#[test]
fn urltestdata() {
    let data = load("urltestdata.json");
    let cases: Vec<&Value> = data
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.is_object())
        .collect();
    let inputs: Vec<&str> = cases.iter().filter_map(|c| c["input"].as_str()).collect();
    let (n, fast) = check_all("urltestdata", inputs.iter().copied());
    assert!(n > 800 && fast > 10, "{n} inputs, {fast} fast");
    // And each against its own base.
    for case in &cases {
        let (Some(input), Some(base)) = (case["input"].as_str(), case["base"].as_str()) else {
            continue;
        };
        if let Ok(base) = Url::parse(base) {
            if let Err(e) = compare(input, Some(&base)) {
                panic!("{e}");
            }
        }
    }
}

/// Inputs made to probe the fast path's edges.
#[test]
fn edges() {
    let inputs = [
        "http://example.com",
        "HTTP://EXAMPLE.COM",
        "http://example.com:80/",
        "http://example.com:8080/",
        "http://example.com:080/",
        "http://example.com:/",
        "http://example.com:65535/",
        "http://example.com:65536/",
        "http://example.com:99999/",
        "http://example.com:123456/",
        "https://example.com:443/",
        "ws://example.com:80/",
        "wss://example.com:443?x",
        "ftp://example.com:21/",
        "ftp://example.com:0/",
        "http://example.com./",
        "http://example..com/",
        "http://.example.com/",
        "http://1.2.3.4/",
        "http://0.0.0.0",
        "http://255.255.255.255:8080/x?y#z",
        "https://10.0.0.1:443/",
        "http://1.2.3/",
        "http://1.2.3.4.5/",
        "http://01.2.3.4/",
        "http://1.2.3.04/",
        "http://1.2.3.4./",
        "http://256.2.3.4/",
        "http://1.2.3.256/",
        "http://0x7f.0.0.1/",
        "http://4294967295/",
        "http://1.2.3.4a/",
        "http://a.1.2.3/",
        "file://1.2.3.4/C:/x",
        "file://1.2.3.4:80/x",
        "ws://127.0.0.1:9000/socket",
        "http://example.1/",
        "http://example.0x1/",
        "http://example.x1/",
        "http://xn--nxasmq6b.com/",
        "http://a.XN--nxasmq6b/",
        "http://a.xn-b/",
        "http://a_b.c-d/",
        "http://-a.b/",
        "http://a/./b",
        "http://a/../b",
        "http://a/b/.",
        "http://a/b/..",
        "http://a/%2e/b",
        "http://a/%2E%2e/b",
        "http://a/.%2e?x",
        "http://a/.well-known/x",
        "http://a/..x/y",
        "http://a/%2f/b",
        "http://a/b\\c",
        "http://a/b?c\\d",
        "http://a/b#c\\d",
        "http://a/b?c'd",
        "http://a/b?c#d#e",
        "http://a/b#c`d",
        "http://a/b?c`d",
        "http://a/b^c",
        "http://a/b|c",
        "http://a/b{c}",
        "http://a?b",
        "http://a#b",
        "http://a/b c",
        "http://a/b\tc",
        " http://a/",
        "http://a/ ",
        "http://u@a/",
        "http://u:p@a/",
        "http://[::1]/",
        "http://a%41/",
        "file:///",
        "file://",
        "file:///C:/x",
        "file:///C|/x",
        "file:///C|",
        "file://host/C|/x",
        "file://C|/x",
        "file://localhost/x",
        "file://LOCALHOST/x",
        "file://localhost.x/x",
        "file://host:80/x",
        "file://host",
        "file:////x",
        "FILE:///x",
        "File:///C|/x",
        "file:///\u{e9}? #\t",
        "file:///x y\\z",
        "file:\\/\\x",
        "file:/\\/x",
        "file://\\/x",
        "fil:///x",
        "filE:///",
        "file:///%zz/..",
        "file://Host/x?q#f",
        "http://example.com/\u{e9}",
        "http://ex\u{e9}mple.com/",
        "https://example.com/a/b?c=d&e=f#g",
        "Https://Example.com/A",
    ];
    check_all("edges", inputs.iter().copied());
}

fn corpus(name: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/datasets")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "corpus {} not readable ({e}): the fast-path test needs ../shared/datasets",
            path.display()
        )
    });
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines = text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty());
    let (n, fast) = check_all(name, lines);
    assert!(n > 1000, "{name}: only {n} lines");
    assert!(fast > 0, "{name}: no line took the fast path");
}

#[test]
fn corpus_node_files() {
    corpus("node_files.txt");
}

#[test]
fn corpus_isaacs_files() {
    corpus("isaacs_files.txt");
}

#[test]
fn corpus_kasztp() {
    corpus("kasztp.txt");
}

#[test]
fn corpus_userbait() {
    corpus("userbait.txt");
}
