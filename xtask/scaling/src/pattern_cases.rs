//! URLPattern cases (`weburl-pattern`): matching must stay linear in the input whatever the
//! pattern, because the regular expressions run on the `regex` crate's automata, never on a
//! backtracking engine; and building a pattern must stay linear in the pattern's length.

use std::hint::black_box;

use weburl::Url;
use weburl_pattern::UrlPattern;

use crate::case::Case;

/// Four sizes a decade apart, as for the URL cases.
const SIZES: [usize; 4] = [10_000, 100_000, 1_000_000, 10_000_000];

/// `unit` repeated to about `size` bytes after `prefix`.
fn repeat(prefix: &str, unit: &str, size: usize) -> String {
    let mut s = String::from(prefix);
    s.push_str(&unit.repeat(size.saturating_sub(prefix.len()) / unit.len().max(1)));
    s
}

fn pattern(p: &str) -> UrlPattern {
    match UrlPattern::parse(p, None) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("pattern {p:?}: {e}");
            std::process::exit(3)
        }
    }
}

fn url(input: &str) -> Url {
    match Url::parse(input) {
        Ok(u) => u,
        Err(e) => {
            eprintln!("url: {e}");
            std::process::exit(3)
        }
    }
}

/// Work that runs `exec` (captures: the slower engines) of `p` on `input`, and `test_url`.
fn exec_case(p: &str, input: String) -> Box<dyn FnMut()> {
    let p = pattern(p);
    let u = url(&input);
    Box::new(move || {
        black_box(p.test_url(black_box(&u)));
        black_box(p.exec_url(black_box(&u)));
    })
}

pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "pattern :a+ on a long path",
            sizes: SIZES,
            setup: |n| exec_case("https://h/:a+", repeat("https://h/", "seg/", n) + "x"),
        },
        Case {
            name: "pattern (.*)* on a long path",
            sizes: SIZES,
            setup: |n| exec_case("https://h/(.*)*/:last", repeat("https://h/", "ab/", n)),
        },
        Case {
            name: "pattern ((?:a+)+)b, no b (backtracking blow-up)",
            sizes: SIZES,
            setup: |n| exec_case("https://h/:x((?:a+)+)b", repeat("https://h/", "a", n)),
        },
        Case {
            name: "pattern 16 optional groups",
            sizes: SIZES,
            setup: |n| {
                let mut p = String::from("https://h/");
                for i in 0..16 {
                    p.push_str(&format!("{{:g{i}(a*)}}?"));
                }
                exec_case(&p, repeat("https://h/", "a", n) + "b")
            },
        },
        Case {
            name: "pattern /:a/:b/* without a regex (simple.rs)",
            sizes: SIZES,
            setup: |n| exec_case("https://h/:a/:b/*", repeat("https://h/x/y/", "z/", n)),
        },
        Case {
            name: "pattern ignoreCase segment runs",
            sizes: SIZES,
            setup: |n| {
                let options = weburl_pattern::UrlPatternOptions { ignore_case: true };
                let p = UrlPattern::new("https://h/*/:a/:b", None, options)
                    .unwrap_or_else(|_| std::process::exit(3));
                let u = url(&repeat("https://h/", "A/", n));
                Box::new(move || {
                    black_box(p.exec_url(black_box(&u)));
                })
            },
        },
        Case {
            name: "pattern construct: long fixed path",
            sizes: SIZES,
            setup: |n| {
                let s = repeat("https://h/", "abc/", n);
                Box::new(move || {
                    let _ = black_box(UrlPattern::parse(black_box(&s), None));
                })
            },
        },
        Case {
            name: "pattern construct: many named groups",
            sizes: SIZES,
            setup: |n| {
                let mut s = String::from("https://h/");
                let mut i = 0usize;
                while s.len() < n {
                    s.push_str(&format!("/:g{i}"));
                    i += 1;
                }
                Box::new(move || {
                    let _ = black_box(UrlPattern::parse(black_box(&s), None));
                })
            },
        },
    ]
}
