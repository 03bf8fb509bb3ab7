//! Idempotence as a property test: `canon(canon(x)) == canon(x)` over generated URLs (a
//! fixed-seed generator of URL-shaped strings from delimiters, escapes, IPv4 forms, dots,
//! session ids and non-ASCII; no property-test crate is in the workspace, so the generator is
//! here), `CASES` of them. Prints `<rule set> idempotence: N passed, M failed`.
//!
//! - `safe_browsing::canonicalize`: idempotent on every input it accepts.
//! - `surt` with `surt: false, with_scheme: true` (the canonical URL): idempotent except where
//!   the `surt` package itself is not, which its keys must reproduce: a host's `..` is made
//!   `.` in one pass (`a....b` becomes `a..b`), one `www.` is stripped per pass
//!   (`www.www.x`), one session id of each kind per pass, and a `..` segment with nothing
//!   to pop is kept (then `/x/../..` loses one per pass), one trailing `/` is stripped per
//!   pass, an IPv6 host loses its brackets (so the canonical URL does not parse back), a
//!   host that fails IDNA 2003 (an empty label) is percent-encoded and converted on the next
//!   pass (after its dots were collapsed), and a URL without a host (`http:/x`, `-`) reads
//!   differently once its slashes are gone.
//!   Inputs that contain those triggers
//!   are counted apart, not failed.

#![allow(clippy::indexing_slicing)]

use std::process::ExitCode;

use weburl_canon::{safe_browsing, surt};

const CASES: usize = 50_000;

const SCHEMES: &[&str] = &[
    "http://", "https://", "HTTP://", "ftp://", "", "file:///", "dns:", "x:",
];
const HOSTS: &[&str] = &[
    "example.com",
    "www.Example.COM",
    "a.b.c.d.e.f.g",
    "1.2.3.4",
    "3279880203",
    "0x7f.1",
    "012.1.1.1",
    "[::1]",
    "[2001:0db8::1]",
    "[::ffff:1.2.3.4]",
    "bücher.de",
    "faß.de",
    "host%23.com",
    "%31%32%37.0.0.1",
    "a..b",
    ".x.",
    "user:pw@h.com",
    "h.com:80",
    "h.com:8080",
    "",
    "www2.h.org",
];
const PIECES: &[&str] = &[
    "/",
    "//",
    "/./",
    "/../",
    "..",
    ".",
    "a",
    "B",
    "?",
    "&",
    "=",
    "#",
    "%",
    "%25",
    "%2e",
    "%41",
    "%zz",
    "%%32%35",
    " ",
    "é",
    "\u{1F}",
    "\u{7F}",
    "index.html",
    "x=1",
    "b=2&a=1",
    "\\",
    ";",
    "(",
    ")",
    "~",
];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as usize % n.max(1)
    }
}

fn generate(rng: &mut Rng) -> String {
    let mut s = String::new();
    s.push_str(SCHEMES[rng.below(SCHEMES.len())]);
    s.push_str(HOSTS[rng.below(HOSTS.len())]);
    for _ in 0..rng.below(8) {
        s.push_str(PIECES[rng.below(PIECES.len())]);
    }
    s
}

/// Inputs on which the `surt` package's own rules are not idempotent (see the module docs).
fn surt_not_idempotent_by_design(canonical: &str) -> bool {
    let host_end = canonical
        .find("://")
        .map(|i| i + 3)
        .and_then(|start| canonical[start..].find('/').map(|e| (start, start + e)));
    let host = host_end.map_or("", |(s, e)| &canonical[s..e]);
    let path_end = canonical.find('?').unwrap_or(canonical.len());
    let path = host_end.map_or(&canonical[..path_end], |(_, e)| {
        &canonical[e.min(path_end)..path_end]
    });
    host.contains("..")
        || host.contains("::")
        || host.contains('%')
        || !canonical.contains("://")
        || (path.len() > 1 && path.ends_with('/'))
        || host.starts_with("www")
        || canonical.contains("/..")
        || canonical.contains("sessid")
        || canonical.contains("sid=")
        || canonical.contains("cfid=")
        || canonical.contains("%25")
        || canonical.contains('%') && canonical.to_ascii_lowercase().contains("%2e")
}

/// An input whose authority is empty or only dots (`http:///x`, `file:////x`, `http://./x`):
/// `surt` gives it no host, and its path's leading slashes read as an authority next time.
fn hostless(input: &str) -> bool {
    let t = input.trim();
    let rest = t.split_once("://").map_or(t, |(_, r)| r);
    rest.split('/')
        .next()
        .unwrap_or_default()
        .trim_matches('.')
        .is_empty()
}

/// urlcanon's rule sets: idempotent on every input they accept, with no exception (their
/// departures from urlcanon are there for it).
fn urlcanon_idempotence(inputs: &[String]) -> bool {
    use weburl_canon::urlcanon::RuleSet;
    let mut ok = true;
    for rules in [
        RuleSet::SemanticPrecise,
        RuleSet::Semantic,
        RuleSet::Aggressive,
    ] {
        let (mut passed, mut failed) = (0, 0);
        for input in inputs {
            let Ok(once) = rules.canonicalize(input.as_str()) else {
                continue;
            };
            match rules.canonicalize(once.as_str()) {
                Ok(twice) if twice == once => passed += 1,
                other => {
                    failed += 1;
                    if failed <= 20 {
                        println!("FAIL {} {input:?}: {once:?} then {other:?}", rules.name());
                    }
                }
            }
        }
        println!(
            "urlcanon {} idempotence: {passed} passed, {failed} failed",
            rules.name()
        );
        ok &= failed == 0;
    }
    ok
}

/// `tracking::strip_tracking`, with the built-in list and with the fixture's rules
/// (`tests/data/clearurls-fixture.json`), on each input with tracking fields added to its
/// query and fragment, and on the fixture's hosts: idempotent on every input it accepts (the
/// fixture's raw rule removes its `/track/<digits>` pieces in one pass, as ClearURLs'
/// global replace does, so no input here has `track`).
fn strip_tracking_idempotence(inputs: &[String]) -> bool {
    use weburl_canon::tracking::{strip_tracking, Rules};
    const FIELDS: &[&str] = &[
        "utm_source=1",
        "gclid",
        "Fbclid=x",
        "ref=2",
        "src_a=3",
        "a",
        "buzz",
        "gl_x=4",
        "partner=5",
        "k=%41",
        "&",
        "q=1",
    ];
    const HOSTS: &[&str] = &[
        "https://news.example/",
        "https://out.example/go?to=",
        "http://any.example/",
        "http://10.0.0.1/",
        "https://bad.example/drop/",
        "https://ads.example/",
    ];
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/clearurls-fixture.json");
    let fixture = match Rules::from_file(&path) {
        Ok(r) => r,
        Err(e) => {
            println!("FAIL strip_tracking: the fixture: {e}");
            return false;
        }
    };
    let builtin = Rules::builtin();
    let mut ok = true;
    for (name, rules) in [("built-in list", builtin), ("fixture", &fixture)] {
        let (mut passed, mut failed) = (0, 0);
        for (i, input) in inputs.iter().enumerate() {
            let field = |k: usize| FIELDS[(i / k + k) % FIELDS.len()];
            let sep = if input.contains('?') { '&' } else { '?' };
            let tracked = format!(
                "{input}{sep}{}&{}#{}&{}",
                field(1),
                field(3),
                field(5),
                field(7)
            );
            let hosted = format!("{}{}?{}", HOSTS[i % HOSTS.len()], input, field(2));
            for candidate in [input.as_str(), tracked.as_str(), hosted.as_str()] {
                if candidate.to_ascii_lowercase().contains("track") {
                    continue;
                }
                let Ok(once) = strip_tracking(candidate, rules) else {
                    continue;
                };
                match strip_tracking(once.as_str(), rules) {
                    Ok(twice) if twice == once => passed += 1,
                    other => {
                        failed += 1;
                        if failed <= 20 {
                            println!(
                                "FAIL strip_tracking {name} {candidate:?}: {once:?} then {other:?}"
                            );
                        }
                    }
                }
            }
        }
        println!("strip_tracking ({name}) idempotence: {passed} passed, {failed} failed");
        ok &= failed == 0;
    }
    ok
}

fn main() -> ExitCode {
    let mut rng = Rng(0x0005_eed5 | 1);
    let inputs: Vec<String> = (0..CASES).map(|_| generate(&mut rng)).collect();

    let (mut passed, mut failed) = (0, 0);
    for input in &inputs {
        let Ok(once) = safe_browsing::canonicalize(input.as_str()) else {
            continue;
        };
        match safe_browsing::canonicalize(once.as_str()) {
            Ok(twice) if twice == once => passed += 1,
            other => {
                failed += 1;
                if failed <= 20 {
                    println!("FAIL safe_browsing {input:?}: {once:?} then {other:?}");
                }
            }
        }
    }
    println!("safe_browsing idempotence: {passed} passed, {failed} failed");
    let sb_ok = failed == 0;

    let o = surt::Options {
        surt: false,
        with_scheme: true,
        ..surt::Options::default()
    };
    let (mut passed, mut failed, mut by_design) = (0, 0, 0);
    for input in &inputs {
        let Ok(once) = surt::surt_with(input.as_str(), &o) else {
            continue;
        };
        match surt::surt_with(once.as_str(), &o) {
            Ok(twice) if twice == once => passed += 1,
            _ if surt_not_idempotent_by_design(&once) || hostless(input) => by_design += 1,
            other => {
                failed += 1;
                if failed <= 60 {
                    println!("FAIL surt {input:?}: {once:?} then {other:?}");
                }
            }
        }
    }
    println!(
        "surt canonical URL idempotence: {passed} passed, {failed} failed \
         ({by_design} not idempotent in the surt package by design)"
    );
    let urlcanon_ok = urlcanon_idempotence(&inputs);
    let tracking_ok = strip_tracking_idempotence(&inputs);
    if sb_ok && failed == 0 && urlcanon_ok && tracking_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
