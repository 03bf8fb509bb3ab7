//! `SearchParams::sort` and the code unit order it uses.

use std::cmp::Ordering;
use std::time::{Duration, Instant};

use weburl_form::{code_unit_cmp, code_unit_less_than, SearchParams};

fn names(p: &SearchParams) -> Vec<(&str, &str)> {
    p.iter().collect()
}

/// Cases from WPT's urlsearchparams-sort.any.js.
#[test]
fn wpt_sort_cases() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            "z=b&a=b&z=a&a=a",
            &[("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")],
        ),
        (
            "\u{FFFD}=x&\u{FFFC}&\u{FFFD}=a",
            &[("\u{FFFC}", ""), ("\u{FFFD}", "x"), ("\u{FFFD}", "a")],
        ),
        ("ﬃ&🌈", &[("🌈", ""), ("ﬃ", "")]),
        (
            "é&e\u{FFFD}&e\u{301}",
            &[("e\u{301}", ""), ("e\u{FFFD}", ""), ("é", "")],
        ),
        (
            "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
            &[
                ("a", "a"),
                ("a", "b"),
                ("a", "c"),
                ("a", "d"),
                ("a", "e"),
                ("a", "f"),
                ("a", "g"),
                ("z", "z"),
                ("z", "y"),
                ("z", "x"),
                ("z", "w"),
                ("z", "v"),
                ("z", "u"),
                ("z", "t"),
            ],
        ),
        (
            "bbb&bb&aaa&aa=x&aa=y",
            &[
                ("aa", "x"),
                ("aa", "y"),
                ("aaa", ""),
                ("bb", ""),
                ("bbb", ""),
            ],
        ),
        (
            "z=z&=f&=t&=x",
            &[("", "f"), ("", "t"), ("", "x"), ("z", "z")],
        ),
        ("a🌈&a💩", &[("a🌈", ""), ("a💩", "")]),
    ];
    for (input, expected) in cases {
        let mut p = SearchParams::parse(input);
        p.sort();
        assert_eq!(names(&p), *expected, "{input}");
    }
}

#[test]
fn names_outside_the_bmp_sort_by_code_units() {
    // Byte (code point) order would put U+FFFD first; UTF-16 puts 0xD83D first.
    assert!("\u{FFFD}" < "😀");
    assert!(code_unit_less_than("😀", "\u{FFFD}"));
    let mut p = SearchParams::from_pairs([("\u{FFFD}", "1"), ("😀", "2"), ("\u{E000}", "3")]);
    p.sort();
    assert_eq!(
        names(&p),
        [("😀", "2"), ("\u{E000}", "3"), ("\u{FFFD}", "1")]
    );
    // Below the surrogate range the orders agree.
    let mut p = SearchParams::from_pairs([("😀", "1"), ("\u{D7FF}", "2")]);
    p.sort();
    assert_eq!(names(&p), [("\u{D7FF}", "2"), ("😀", "1")]);
}

#[test]
fn stable_with_equal_names() {
    let input: Vec<(String, String)> = (0..500)
        .map(|i| {
            (
                ["b", "a", "😀", "\u{FFFD}", ""][i % 5].to_owned(),
                i.to_string(),
            )
        })
        .collect();
    let mut p = SearchParams::from(input.clone());
    p.sort();
    for name in ["", "a", "b", "😀", "\u{FFFD}"] {
        let before: Vec<&str> = input
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect();
        assert_eq!(p.get_all(name).collect::<Vec<_>>(), before, "{name:?}");
    }
    let order: Vec<&str> = p.iter().map(|(n, _)| n).collect();
    let mut dedup = order.clone();
    dedup.dedup();
    assert_eq!(dedup, ["", "a", "b", "😀", "\u{FFFD}"]);
}

/// A small deterministic generator (no dev-dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }

    fn string(&mut self, alphabet: &[char], max_len: usize) -> String {
        let len = self.next() % (max_len + 1);
        (0..len)
            .map(|_| {
                alphabet
                    .get(self.next() % alphabet.len())
                    .copied()
                    .unwrap_or('a')
            })
            .collect()
    }
}

const ALPHABET: &[char] = &[
    '\u{0}',
    'a',
    'b',
    '\u{7F}',
    'é',
    '\u{7FF}',
    '\u{800}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FFFD}',
    '\u{FFFF}',
    '\u{10000}',
    '😀',
    '😁',
    '\u{10FFFF}',
];

/// `code_unit_cmp` agrees with comparing `encode_utf16` sequences.
#[test]
fn code_unit_cmp_matches_utf16_reference() {
    let mut rng = Lcg(1);
    for _ in 0..50_000 {
        let a = rng.string(ALPHABET, 5);
        let b = if rng.next().is_multiple_of(3) {
            // Share a prefix to exercise the prefix skipping.
            format!(
                "{}{}",
                &a[..a.char_indices().nth(1).map_or(0, |(i, _)| i)],
                rng.string(ALPHABET, 3)
            )
        } else {
            rng.string(ALPHABET, 5)
        };
        let reference = a.encode_utf16().cmp(b.encode_utf16());
        assert_eq!(code_unit_cmp(&a, &b), reference, "{a:?} vs {b:?}");
        assert_eq!(code_unit_cmp(&b, &a), reference.reverse(), "{b:?} vs {a:?}");
    }
    assert_eq!(code_unit_cmp("", ""), Ordering::Equal);
    assert_eq!(code_unit_cmp("", "a"), Ordering::Less);
    assert_eq!(code_unit_cmp("😀x", "😀"), Ordering::Greater);
}

/// 20,000 pairs sort quickly (O(n log n) comparisons) and exactly as a stable sort by UTF-16
/// code units does.
#[test]
fn sort_20000_pairs() {
    let mut rng = Lcg(7);
    let input: Vec<(String, String)> = (0..20_000)
        .map(|i| (rng.string(ALPHABET, 4), i.to_string()))
        .collect();
    let mut expected = input.clone();
    expected.sort_by_cached_key(|(n, _)| n.encode_utf16().collect::<Vec<u16>>());
    let mut p = SearchParams::from(input);
    let start = Instant::now();
    p.sort();
    let elapsed = start.elapsed();
    assert_eq!(p.as_pairs(), &expected[..]);
    // Generous even for an unoptimized build; quadratic behaviour would take far longer.
    assert!(elapsed < Duration::from_secs(2), "sort took {elapsed:?}");

    // Long names sharing long prefixes, already sorted and reverse sorted.
    let prefix = "x".repeat(200);
    let mut p: SearchParams = (0..20_000)
        .rev()
        .map(|i| (format!("{prefix}{i:05}"), String::new()))
        .collect();
    p.sort();
    assert!(p.iter().map(|(n, _)| n).is_sorted());
}
