//! The public-suffix section: `registrable_domain` on every domain host of each corpus (the
//! hosts weburl's parser gives, duplicates kept, as a crawler or a log query sees them), for
//! weburl-psl (compiled list, and a runtime `List::parse` of the same list), the `psl` crate
//! (its own compiled list) and the `publicsuffix` crate (a runtime list: the same file as
//! weburl's). Both sections of the list, as the URL Standard uses. Untimed: every host's
//! answer compared with `psl`'s, each difference listed.

use std::hint::black_box;
use std::time::Instant;

use publicsuffix::Psl as _;
use weburl::host::Host;
use weburl::psl::List;
use weburl::Url;

use crate::corpus::Corpus;
use crate::median;

/// The `psl` crate's version (its list is compiled into each release).
const PSL_CRATE: &str = "psl 2.1.247";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PslLib {
    Weburl,
    WeburlRuntime,
    Psl,
    Publicsuffix,
}

impl PslLib {
    pub const ALL: [PslLib; 4] = [
        PslLib::Weburl,
        PslLib::WeburlRuntime,
        PslLib::Psl,
        PslLib::Publicsuffix,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PslLib::Weburl => "weburl",
            PslLib::WeburlRuntime => "weburl (List::parse)",
            PslLib::Psl => "psl",
            PslLib::Publicsuffix => "publicsuffix",
        }
    }
}

/// The lists, built once.
pub struct Lists {
    runtime: List,
    publicsuffix: publicsuffix::List,
    /// Time to parse the list text, ms: weburl-psl's `List::parse`, publicsuffix's.
    pub parse_ms: (f64, f64),
    pub text_bytes: usize,
}

impl Lists {
    pub fn new(text: &str) -> Result<Lists, String> {
        let t = Instant::now();
        let runtime = List::parse(text).map_err(|e| format!("public_suffix_list.dat: {e}"))?;
        let ours = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let publicsuffix: publicsuffix::List = text
            .parse()
            .map_err(|e| format!("publicsuffix cannot parse the list: {e}"))?;
        let theirs = t.elapsed().as_secs_f64() * 1e3;
        Ok(Lists {
            runtime,
            publicsuffix,
            parse_ms: (ours, theirs),
            text_bytes: text.len(),
        })
    }
}

/// The registrable domain's length by `lib` (0 for none), what the timing loop sums.
#[inline(always)]
fn registrable_len(lib: PslLib, lists: &Lists, host: &str) -> usize {
    match lib {
        PslLib::Weburl => weburl::psl::registrable_domain(host).map_or(0, str::len),
        PslLib::WeburlRuntime => lists.runtime.registrable_domain(host).map_or(0, str::len),
        PslLib::Psl => psl::domain(host.as_bytes()).map_or(0, |d| d.as_bytes().len()),
        PslLib::Publicsuffix => lists
            .publicsuffix
            .domain(host.as_bytes())
            .map_or(0, |d| d.as_bytes().len()),
    }
}

fn registrable(lib: PslLib, lists: &Lists, host: &str) -> Option<String> {
    let bytes = match lib {
        PslLib::Weburl => weburl::psl::registrable_domain(host).map(str::as_bytes),
        PslLib::WeburlRuntime => lists.runtime.registrable_domain(host).map(str::as_bytes),
        PslLib::Psl => psl::domain(host.as_bytes()).map(|d| d.as_bytes()),
        PslLib::Publicsuffix => lists
            .publicsuffix
            .domain(host.as_bytes())
            .map(|d| d.as_bytes()),
    };
    bytes.map(|b| String::from_utf8_lossy(b).into_owned())
}

fn time_pass(lib: PslLib, lists: &Lists, hosts: &[&str]) -> u128 {
    let start = Instant::now();
    let mut sum = 0usize;
    for &h in hosts {
        sum = sum.wrapping_add(registrable_len(lib, lists, black_box(h)));
    }
    black_box(sum);
    start.elapsed().as_nanos()
}

pub struct PslStats {
    pub lib: PslLib,
    pub median_ns: f64,
    pub best_ns: f64,
}

pub struct PslResult {
    pub corpus: String,
    pub hosts: usize,
    pub stats: Vec<PslStats>,
    /// (host, weburl's answer, psl's answer) where they differ.
    pub disagree_psl: Vec<(String, Option<String>, Option<String>)>,
    /// Hosts where the other two weburl-independent answers differ from weburl's, by library.
    pub disagree_other: Vec<(PslLib, usize)>,
}

/// The domain hosts of a corpus, in order, duplicates kept.
fn hosts(corpus: &Corpus) -> Vec<String> {
    corpus
        .inputs()
        .iter()
        .filter_map(|s| Url::parse(s).ok())
        .filter_map(|u| match u.host_parsed() {
            Some(Host::Domain(d)) => Some(d.to_owned()),
            _ => None,
        })
        .collect()
}

pub fn measure(corpus: &Corpus, lists: &Lists, rounds: usize) -> PslResult {
    let owned = hosts(corpus);
    let hosts: Vec<&str> = owned.iter().map(String::as_str).collect();
    let n = hosts.len().max(1) as f64;
    let libs = PslLib::ALL;
    for lib in libs {
        time_pass(lib, lists, &hosts);
    }
    // More rounds than the URL operations: a pass over a corpus's hosts takes a millisecond.
    let rounds = rounds * 5;
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds); libs.len()];
    for round in 0..rounds {
        for k in 0..libs.len() {
            let i = (round + k) % libs.len();
            samples[i].push(time_pass(libs[i], lists, &hosts) as f64);
        }
    }
    let stats = libs
        .iter()
        .zip(samples)
        .map(|(&lib, mut s)| {
            s.sort_by(f64::total_cmp);
            PslStats {
                lib,
                median_ns: median(&s) / n,
                best_ns: s.first().copied().unwrap_or(f64::NAN) / n,
            }
        })
        .collect();
    let mut disagree_psl = Vec::new();
    let mut other = [0usize; 2];
    for &h in &hosts {
        let ours = registrable(PslLib::Weburl, lists, h);
        let theirs = registrable(PslLib::Psl, lists, h);
        if ours != theirs && !disagree_psl.iter().any(|(x, _, _)| x == h) {
            disagree_psl.push((h.to_owned(), ours.clone(), theirs));
        }
        if registrable(PslLib::WeburlRuntime, lists, h) != ours {
            other[0] += 1;
        }
        if registrable(PslLib::Publicsuffix, lists, h) != ours {
            other[1] += 1;
        }
    }
    PslResult {
        corpus: corpus.name.clone(),
        hosts: hosts.len(),
        stats,
        disagree_psl,
        disagree_other: vec![
            (PslLib::WeburlRuntime, other[0]),
            (PslLib::Publicsuffix, other[1]),
        ],
    }
}

fn ns(lib: PslLib, r: &PslResult) -> f64 {
    r.stats
        .iter()
        .find(|s| s.lib == lib)
        .map_or(f64::NAN, |s| s.median_ns)
}

pub fn print_table(results: &[PslResult], lists: &Lists, show: usize) {
    println!("\n== public suffix: registrable_domain(host), both sections ==");
    println!(
        "   every domain host of the corpus (duplicates kept); ns/lookup: median over rounds (best);"
    );
    println!("   ratio = weburl / the fastest of psl and publicsuffix (goal <= 0.80)");
    print!("{:<18} {:>7}", "corpus", "hosts");
    for lib in PslLib::ALL {
        print!(" {:>22}", lib.name());
    }
    println!(" {:>7} {:>12}", "ratio", "differ: psl");
    for r in results {
        print!("{:<18} {:>7}", r.corpus, r.hosts);
        if r.hosts == 0 {
            println!("   (no domain hosts)");
            continue;
        }
        for s in &r.stats {
            print!(" {:>22}", format!("{:.1} ({:.1})", s.median_ns, s.best_ns));
        }
        let fastest = ns(PslLib::Psl, r).min(ns(PslLib::Publicsuffix, r));
        println!(
            " {:>6.2}x {:>12}",
            ns(PslLib::Weburl, r) / fastest,
            r.disagree_psl.len()
        );
    }
    let results: Vec<&PslResult> = results.iter().filter(|r| r.hosts > 0).collect();
    let total_hosts: usize = results.iter().map(|r| r.hosts).sum();
    if total_hosts > 0 && !results.is_empty() {
        print!("{:<18} {:>7}", "all (host-weighted)", total_hosts);
        let weighted = |lib| {
            results
                .iter()
                .map(|r| ns(lib, r) * r.hosts as f64)
                .sum::<f64>()
                / total_hosts as f64
        };
        for lib in PslLib::ALL {
            print!(" {:>22}", format!("{:.1}", weighted(lib)));
        }
        let fastest = weighted(PslLib::Psl).min(weighted(PslLib::Publicsuffix));
        let differ: usize = results.iter().map(|r| r.disagree_psl.len()).sum();
        println!(
            " {:>6.2}x {:>12}",
            weighted(PslLib::Weburl) / fastest,
            differ
        );
    }
    let compiled = List::compiled();
    println!(
        "   weburl-psl list {}: {} rules; compiled tables {} KB of static data in the binary; \
         a runtime List::parse of the {} KB text takes {} KB of heap and {:.1} ms (publicsuffix: {:.1} ms)",
        weburl::psl::LIST_VERSION,
        compiled.rules(),
        compiled.memory_bytes() / 1024,
        lists.text_bytes / 1024,
        lists.runtime.memory_bytes() / 1024,
        lists.parse_ms.0,
        lists.parse_ms.1,
    );
    for r in &results {
        for (lib, count) in &r.disagree_other {
            if *count > 0 {
                println!(
                    "   {}: {} differs from weburl on {count} hosts",
                    r.corpus,
                    lib.name()
                );
            }
        }
        for (host, ours, theirs) in r.disagree_psl.iter().take(show) {
            let why = match weburl::psl::lookup(host, weburl::psl::Sections::All) {
                None if host.starts_with('.') => {
                    "a leading dot: test_psl.txt expects null, psl ignores the dot".to_owned()
                }
                None => "an empty label (after removing one trailing dot): weburl matches no \
                         rule to it and gives null"
                    .to_owned(),
                Some(s) => format!(
                    "weburl's rule {}; the psl crate's list ({}) differs from the pinned one",
                    s.rule(),
                    PSL_CRATE
                ),
            };
            println!(
                "   {}: {host}: weburl {}, psl {} ({why})",
                r.corpus,
                ours.as_deref().unwrap_or("null"),
                theirs.as_deref().unwrap_or("null"),
            );
        }
    }
}

pub fn json(results: &[PslResult], lists: &Lists) -> serde_json::Value {
    let compiled = List::compiled();
    serde_json::json!({
        "list_version": weburl::psl::LIST_VERSION,
        "rules": compiled.rules(),
        "compiled_bytes": compiled.memory_bytes(),
        "runtime_bytes": lists.runtime.memory_bytes(),
        "parse_ms": { "weburl": lists.parse_ms.0, "publicsuffix": lists.parse_ms.1 },
        "corpora": results.iter().map(|r| serde_json::json!({
            "corpus": r.corpus,
            "hosts": r.hosts,
            "ns_per_lookup": r.stats.iter().map(|s| serde_json::json!({
                "lib": s.lib.name(), "median": s.median_ns, "best": s.best_ns,
            })).collect::<Vec<_>>(),
            "differ_from_psl": r.disagree_psl.iter().map(|(h, a, b)| serde_json::json!({
                "host": h, "weburl": a, "psl": b,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}
