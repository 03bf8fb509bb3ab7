//! Micro-benchmarks: weburl-percent against the `percent-encoding` crate (rust-url's).
//!
//! ```text
//! CARGO_TARGET_DIR=target-bench cargo bench -p weburl-percent --bench percent
//! ```
//!
//! Each benchmark runs over a group of inputs per iteration; the reported counters are per
//! input (`item`) and per input byte. Before benchmarking, `main` checks that both crates
//! give the same output on every input (also under `cargo test --benches`, where divan runs
//! each benchmark once).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::borrow::Cow;
use std::sync::LazyLock;

use divan::counter::{BytesCount, ItemsCount};
use divan::{black_box, Bencher};

/// The percent-encoding crate's equivalents of our sets, built from the spec's definitions.
mod theirs {
    use percent_encoding::{AsciiSet, CONTROLS};
    pub const FRAGMENT: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');
    const QUERY: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'#').add(b'<').add(b'>');
    pub const PATH: &AsciiSet = &QUERY.add(b'?').add(b'^').add(b'`').add(b'{').add(b'}');
    pub const USERINFO: &AsciiSet = &PATH
        .add(b'/')
        .add(b':')
        .add(b';')
        .add(b'=')
        .add(b'@')
        .add(b'[')
        .add(b'\\')
        .add(b']')
        .add(b'|');
    pub const COMPONENT: &AsciiSet = &USERINFO.add(b'$').add(b'%').add(b'&').add(b'+').add(b',');
}

/// Short ASCII strings that no set encodes: path segments, user names, fragment ids.
const SHORT: &[&str] = &[
    "index.html",
    "foo",
    "bar",
    "user",
    "v1",
    "search",
    "a",
    "img.png",
    "admin",
    "README.md",
    "2024",
    "en-US",
    "main",
    "api",
    "section-3",
    "x_y",
    "logo.svg",
    "docs",
    "Top",
    "42",
];

/// Long (about 200 bytes) ASCII paths that the path and fragment sets leave alone (they
/// contain `/`, so userinfo and component encode those).
static LONG: LazyLock<Vec<String>> = LazyLock::new(|| {
    (0..20)
        .map(|i| {
            let mut s = format!(
                "/api/v{}/organizations/weburl-project-{i}/repositories",
                i % 3 + 1
            );
            let mut n = 0;
            while s.len() < 200 {
                s.push_str(&format!("/segment-{n}-{}", i * 7919 + n * 31));
                n += 1;
            }
            s.truncate(200);
            s
        })
        .collect()
});

/// Mostly ASCII with a few code points to encode (spaces, quotes, the odd accent).
const MIXED: &[&str] = &[
    "hello world",
    "/search results/page 2",
    "name=\"John Smith\"",
    "<script>alert(1)</script>",
    "50% off everything",
    "C++ & Rust: a comparison",
    "café au lait",
    "/files/My Documents/report final.pdf",
    "a b c d e f g",
    "user@example.com",
    "{\"key\": \"value\"}",
    "path/to/file name.txt",
    "Ünïcödé straße",
    "q=rust lang&sort=desc",
    "`backticks` and ^carets^",
    "tab\there",
    "100 000 000",
    "#anchor with space",
    "naïve résumé",
    "foo|bar;baz",
];

/// Mostly non-ASCII: every byte is encoded.
const NON_ASCII: &[&str] = &[
    "日本語のテキスト",
    "東京都渋谷区",
    "例え.テスト",
    "こんにちは世界",
    "検索結果の一覧",
    "ユーザー名とパスワード",
    "Привет, мир",
    "Москва",
    "中文网页",
    "北京欢迎你",
    "مرحبا بالعالم",
    "שלום עולם",
    "Γειά σου Κόσμε",
    "안녕하세요",
    "สวัสดีชาวโลก",
    "😀😃😄😁",
    "🦀 Rust",
    "नमस्ते दुनिया",
    "ありがとうございます",
    "大阪府大阪市北区梅田",
];

const GROUPS: &[&str] = &["short", "long", "mixed", "non_ascii"];

fn group(name: &str) -> Vec<&'static str> {
    match name {
        "short" => SHORT.to_vec(),
        "long" => LONG.iter().map(String::as_str).collect(),
        "mixed" => MIXED.to_vec(),
        "non_ascii" => NON_ASCII.to_vec(),
        _ => panic!("unknown group {name}"),
    }
}

/// Decode inputs: plain ones (no `%`), the mixed group encoded with the component set (some
/// escapes) and the non-ASCII group encoded (all escapes), plus malformed `%` sequences.
static DECODE: LazyLock<Vec<(&'static str, Vec<String>)>> = LazyLock::new(|| {
    let encode = |g: &str| -> Vec<String> {
        group(g)
            .iter()
            .map(|s| {
                weburl_percent::utf8_percent_encode(s, &weburl_percent::COMPONENT).into_owned()
            })
            .collect()
    };
    let mut mixed = encode("mixed");
    // Malformed escapes are kept as they are.
    for (i, s) in mixed.iter_mut().enumerate().step_by(4) {
        s.push_str(["%", "%2", "%zz", "%%41"][i / 4 % 4]);
    }
    vec![
        (
            "short",
            group("short").iter().map(|s| s.to_string()).collect(),
        ),
        (
            "long",
            group("long").iter().map(|s| s.to_string()).collect(),
        ),
        ("mixed", mixed),
        ("heavy", encode("non_ascii")),
    ]
});

const DECODE_GROUPS: &[&str] = &["short", "long", "mixed", "heavy"];

fn decode_group(name: &str) -> &'static [String] {
    &DECODE.iter().find(|(n, _)| *n == name).unwrap().1
}

fn counters<S: AsRef<str>>(inputs: &[S]) -> (ItemsCount, BytesCount) {
    let bytes: usize = inputs.iter().map(|s| s.as_ref().len()).sum();
    (ItemsCount::new(inputs.len()), BytesCount::new(bytes))
}

/// One module per percent-encode set, each with a weburl and a percent-encoding bench over
/// every input group. Both return `Cow<str>`, borrowed when nothing needs encoding.
macro_rules! encode_benches {
    ($($module:ident: $ours:expr, $theirs:expr;)*) => {$(
        mod $module {
            use super::*;

            #[divan::bench(args = GROUPS)]
            fn weburl(bencher: Bencher, name: &str) {
                let inputs = group(name);
                let (items, bytes) = counters(&inputs);
                bencher.counter(items).counter(bytes).bench(|| {
                    for s in black_box(&inputs) {
                        black_box(weburl_percent::utf8_percent_encode(s, &$ours));
                    }
                });
            }

            #[divan::bench(args = GROUPS)]
            fn percent_encoding(bencher: Bencher, name: &str) {
                let inputs = group(name);
                let (items, bytes) = counters(&inputs);
                bencher.counter(items).counter(bytes).bench(|| {
                    for s in black_box(&inputs) {
                        black_box(Cow::from(percent_encoding::utf8_percent_encode(s, $theirs)));
                    }
                });
            }
        }
    )*};
}

mod encode {
    use super::*;
    encode_benches! {
        path: weburl_percent::PATH, theirs::PATH;
        userinfo: weburl_percent::USERINFO, theirs::USERINFO;
        component: weburl_percent::COMPONENT, theirs::COMPONENT;
        fragment: weburl_percent::FRAGMENT, theirs::FRAGMENT;
    }
}

/// Appending to a reused buffer, as a URL serializer does (path set).
mod encode_into_path {
    use super::*;

    #[divan::bench(args = GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        let mut out = String::with_capacity(8192);
        bencher.counter(items).counter(bytes).bench_local(|| {
            out.clear();
            for s in black_box(&inputs) {
                weburl_percent::utf8_percent_encode_into(s, &weburl_percent::PATH, &mut out);
            }
            black_box(&out);
        });
    }

    #[divan::bench(args = GROUPS)]
    fn percent_encoding(bencher: Bencher, name: &str) {
        let inputs = group(name);
        let (items, bytes) = counters(&inputs);
        let mut out = String::with_capacity(8192);
        bencher.counter(items).counter(bytes).bench_local(|| {
            out.clear();
            for s in black_box(&inputs) {
                out.extend(percent_encoding::utf8_percent_encode(s, theirs::PATH));
            }
            black_box(&out);
        });
    }
}

/// Percent-decode to bytes (`Cow<[u8]>`, borrowed when there is no `%`).
mod decode {
    use super::*;

    #[divan::bench(args = DECODE_GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = decode_group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for s in black_box(inputs) {
                black_box(weburl_percent::percent_decode(s.as_bytes()));
            }
        });
    }

    #[divan::bench(args = DECODE_GROUPS)]
    fn percent_encoding(bencher: Bencher, name: &str) {
        let inputs = decode_group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for s in black_box(inputs) {
                black_box(Cow::from(percent_encoding::percent_decode(s.as_bytes())));
            }
        });
    }
}

/// Percent-decode, then UTF-8 decode with replacement (`Cow<str>`).
mod decode_utf8_lossy {
    use super::*;

    #[divan::bench(args = DECODE_GROUPS)]
    fn weburl(bencher: Bencher, name: &str) {
        let inputs = decode_group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for s in black_box(inputs) {
                black_box(weburl_percent::percent_decode_utf8_lossy(s.as_bytes()));
            }
        });
    }

    #[divan::bench(args = DECODE_GROUPS)]
    fn percent_encoding(bencher: Bencher, name: &str) {
        let inputs = decode_group(name);
        let (items, bytes) = counters(inputs);
        bencher.counter(items).counter(bytes).bench(|| {
            for s in black_box(inputs) {
                black_box(percent_encoding::percent_decode_str(s).decode_utf8_lossy());
            }
        });
    }
}

/// Both crates agree on every input, and the sets are the same sets.
fn check_outputs() {
    use weburl_percent as ours;
    let sets: [(&ours::AsciiSet, &percent_encoding::AsciiSet); 4] = [
        (&ours::PATH, theirs::PATH),
        (&ours::USERINFO, theirs::USERINFO),
        (&ours::COMPONENT, theirs::COMPONENT),
        (&ours::FRAGMENT, theirs::FRAGMENT),
    ];
    let all_ascii: String = (0u8..0x80).map(char::from).collect();
    for (i, (a, b)) in sets.iter().enumerate() {
        let mut inputs: Vec<&str> = GROUPS.iter().flat_map(|g| group(g)).collect();
        inputs.push(&all_ascii);
        for s in inputs {
            let x = ours::utf8_percent_encode(s, a);
            let y = Cow::from(percent_encoding::utf8_percent_encode(s, b));
            assert_eq!(x, y, "set #{i}, input {s:?}");
            assert_eq!(matches!(x, Cow::Borrowed(_)), matches!(y, Cow::Borrowed(_)));
        }
    }
    for g in DECODE_GROUPS {
        for s in decode_group(g) {
            assert_eq!(
                ours::percent_decode(s.as_bytes()),
                Cow::from(percent_encoding::percent_decode(s.as_bytes())),
                "{s:?}"
            );
            assert_eq!(
                ours::percent_decode_utf8_lossy(s.as_bytes()),
                percent_encoding::percent_decode_str(s).decode_utf8_lossy(),
                "{s:?}"
            );
        }
    }
    // Round trip of the heavily-encoded group.
    let heavy: Vec<_> = decode_group("heavy")
        .iter()
        .map(|s| ours::percent_decode_utf8_lossy(s.as_bytes()).into_owned())
        .collect();
    assert_eq!(heavy, NON_ASCII);
}

fn main() {
    check_outputs();
    divan::main();
}
