//! Micro-benchmarks: weburl-form against the `form_urlencoded` crate (rust-url's).
//!
//! ```text
//! CARGO_TARGET_DIR=target-bench cargo bench -p weburl-form --bench form
//! ```
//!
//! Each benchmark runs over a group of queries per iteration; the counters are per query
//! (`item`) and per query byte. Before benchmarking, `main` checks that both crates give the
//! same output on every input (also under `cargo test --benches`, where divan runs each
//! benchmark once).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::sync::LazyLock;

use divan::counter::{BytesCount, ItemsCount};
use divan::{black_box, Bencher};
use weburl_form::SearchParams;

/// Short queries of one to three pairs.
const SHORT: &[&str] = &[
    "a=1&b=2",
    "q=rust",
    "id=42&page=3",
    "s=url+parser",
    "lang=en",
    "x=1&y=2&z=3",
    "v=dQw4w9WgXcQ",
    "page=10",
    "sort=asc&limit=50",
    "debug",
    "token=abc123",
    "a=&b=",
    "q=caf%C3%A9",
    "offset=200&count=20",
    "utm_source=x",
    "p=1",
    "format=json",
    "k=v&k=w",
    "search=hello+world",
    "ref=home",
];

/// Typical tracking queries: about ten pairs, with `+` and percent-encoded bytes.
static TRACKING: LazyLock<Vec<String>> = LazyLock::new(|| {
    (0..20)
        .map(|i| {
            format!(
                "utm_source=newsletter{i}&utm_medium=email&utm_campaign=spring+sale+{}\
                 &utm_term=running%20shoes&utm_content=banner_{}&gclid=EAIaIQobChMI8r3{i}x\
                 &fbclid=IwAR2xYz_{}&ref=https%3A%2F%2Fexample.com%2Fpage%3Fid%3D{i}\
                 &lang=en-US&q=caf%C3%A9+cr%C3%A8me&sid={}",
                2020 + i % 5,
                i % 4,
                i * 7919,
                i * 104_729
            )
        })
        .collect()
});

/// One query of 1000 pairs, a tenth of them with escapes.
static LONG: LazyLock<Vec<String>> = LazyLock::new(|| {
    let pairs: Vec<String> = (0..1000)
        .map(|i| {
            if i % 10 == 0 {
                format!("field_{i}=some+value+%E2%9C%93+{i}")
            } else {
                format!("field_{i}=value{}", i * 31)
            }
        })
        .collect();
    vec![pairs.join("&")]
});

const GROUPS: &[&str] = &["short", "tracking", "long"];

fn group(name: &str) -> Vec<&'static str> {
    match name {
        "short" => SHORT.to_vec(),
        "tracking" => TRACKING.iter().map(String::as_str).collect(),
        "long" => LONG.iter().map(String::as_str).collect(),
        _ => panic!("unknown group {name}"),
    }
}

/// The parsed pairs of each query of a group, to serialize.
fn pairs(name: &str) -> Vec<Vec<(String, String)>> {
    group(name)
        .iter()
        .map(|q| weburl_form::parse(q.as_bytes()))
        .collect()
}

fn counters(inputs: &[&str]) -> (ItemsCount, BytesCount) {
    let bytes: usize = inputs.iter().map(|s| s.len()).sum();
    (ItemsCount::new(inputs.len()), BytesCount::new(bytes))
}

fn form_urlencoded_owned(q: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(q.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

/// Parse into owned `(String, String)` pairs.
mod parse {
    use super::*;

    #[divan::bench(args = GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for q in black_box(&inputs) {
                black_box(weburl_form::parse(q.as_bytes()));
            }
        });
    }

    #[divan::bench(args = GROUPS)]
    fn form_urlencoded(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for q in black_box(&inputs) {
                black_box(form_urlencoded_owned(q));
            }
        });
    }
}

/// Iterate over borrowed-when-possible pairs without collecting them.
mod parse_iter {
    use super::*;

    #[divan::bench(args = GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for q in black_box(&inputs) {
                weburl_form::parse_iter(q.as_bytes()).for_each(|p| {
                    black_box(p);
                });
            }
        });
    }

    #[divan::bench(args = GROUPS)]
    fn form_urlencoded(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for q in black_box(&inputs) {
                form_urlencoded::parse(q.as_bytes()).for_each(|p| {
                    black_box(p);
                });
            }
        });
    }
}

/// `SearchParams::parse` (owned list) against form_urlencoded collected into a `Vec`.
mod search_params_parse {
    use super::*;

    #[divan::bench(args = GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for q in black_box(&inputs) {
                black_box(SearchParams::parse(q));
            }
        });
    }

    #[divan::bench(args = GROUPS)]
    fn form_urlencoded(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for q in black_box(&inputs) {
                black_box(form_urlencoded_owned(q));
            }
        });
    }
}

/// Serialize the parsed pairs of each query to a new `String`.
mod serialize {
    use super::*;

    #[divan::bench(args = GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let (items, bytes) = counters(&group(name));
        let inputs = pairs(name);
        bencher.counter(items).counter(bytes).bench(|| {
            for p in black_box(&inputs) {
                black_box(weburl_form::serialize(
                    p.iter().map(|(k, v)| (k.as_str(), v.as_str())),
                ));
            }
        });
    }

    #[divan::bench(args = GROUPS)]
    fn form_urlencoded(bencher: Bencher, name: &str) {
        let (items, bytes) = counters(&group(name));
        let inputs = pairs(name);
        bencher.counter(items).counter(bytes).bench(|| {
            for p in black_box(&inputs) {
                black_box(
                    form_urlencoded::Serializer::new(String::new())
                        .extend_pairs(p)
                        .finish(),
                );
            }
        });
    }
}

/// 10,000 pairs with pseudo-random names, some non-ASCII (including above U+FFFF, where
/// UTF-16 order differs from byte order).
static SORT_INPUT: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let prefixes = [
        "utm_", "id", "q", "filter[", "é", "\u{FFFD}", "😀", "page", "", "x-",
    ];
    (0..10_000)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let prefix = prefixes[(x % prefixes.len() as u64) as usize];
            (format!("{prefix}{}", (x >> 8) % 5000), format!("v{i}"))
        })
        .collect()
});

/// `SearchParams::sort` (stable, by UTF-16 code units). form_urlencoded has no sort; the
/// baselines are a stable sort comparing `encode_utf16()` iterators (the obvious correct
/// implementation) and one comparing bytes (fast, but not the spec's order).
mod sort_10k {
    use super::*;

    #[divan::bench]
    fn weburl(bencher: Bencher) {
        let params = SearchParams::from_pairs(SORT_INPUT.iter().cloned());
        bencher
            .counter(ItemsCount::new(params.len()))
            .with_inputs(|| params.clone())
            .bench_local_refs(|p| p.sort());
    }

    #[divan::bench]
    fn naive_utf16(bencher: Bencher) {
        let list = SORT_INPUT.clone();
        bencher
            .counter(ItemsCount::new(list.len()))
            .with_inputs(|| list.clone())
            .bench_local_refs(|l| l.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16())));
    }

    #[divan::bench]
    fn std_byte_order(bencher: Bencher) {
        let list = SORT_INPUT.clone();
        bencher
            .counter(ItemsCount::new(list.len()))
            .with_inputs(|| list.clone())
            .bench_local_refs(|l| l.sort_by(|a, b| a.0.cmp(&b.0)));
    }
}

/// Both crates agree on every input.
fn check_outputs() {
    for g in GROUPS {
        for q in group(g) {
            let ours = weburl_form::parse(q.as_bytes());
            assert_eq!(ours, form_urlencoded_owned(q), "{q:?}");
            assert_eq!(SearchParams::parse(q).into_pairs(), ours);
            let borrowed: Vec<_> = weburl_form::parse_iter(q.as_bytes()).collect();
            assert_eq!(
                borrowed,
                form_urlencoded::parse(q.as_bytes()).collect::<Vec<_>>()
            );
            let a = weburl_form::serialize(ours.iter().map(|(k, v)| (k.as_str(), v.as_str())));
            let b = form_urlencoded::Serializer::new(String::new())
                .extend_pairs(&ours)
                .finish();
            assert_eq!(a, b, "{q:?}");
        }
    }
    let mut params = SearchParams::from_pairs(SORT_INPUT.iter().cloned());
    params.sort();
    let mut naive = SORT_INPUT.clone();
    naive.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
    assert_eq!(params.into_pairs(), naive);
}

fn main() {
    check_outputs();
    divan::main();
}
