//! The cases `weburl-scaling` times: adversarial inputs for the parser, the host parser and
//! the setters at 10 KB, 100 KB, 1 MB and 10 MB, and SearchParams at 1k, 10k, 100k and 1M
//! pairs.

use std::hint::black_box;

use weburl::{SearchParams, SetterError, Url};

pub use crate::case::Case;

/// Input sizes in bytes for URL cases.
const URL_SIZES: [usize; 4] = [10_000, 100_000, 1_000_000, 10_000_000];

/// Pair counts for SearchParams cases.
const PAIR_COUNTS: [usize; 4] = [1_000, 10_000, 100_000, 1_000_000];

/// A timed body that runs `setter` with `value` on a fresh clone of `url` (the clone is part
/// of what is timed, the same for every size).
fn set_on_clones(
    url: Url,
    value: String,
    setter: fn(&mut Url, &str) -> Result<(), SetterError>,
) -> Box<dyn FnMut()> {
    Box::new(move || {
        let mut u = url.clone();
        let _ = setter(&mut u, black_box(&value));
        black_box(u);
    })
}

/// `pattern` repeated to about `size` bytes, between `prefix` and `suffix`.
fn repeat(prefix: &str, pattern: &str, size: usize, suffix: &str) -> String {
    let n = size.saturating_sub(prefix.len() + suffix.len()) / pattern.len().max(1);
    let mut s = String::with_capacity(size + pattern.len());
    s.push_str(prefix);
    for _ in 0..n {
        s.push_str(pattern);
    }
    s.push_str(suffix);
    s
}

/// Work that parses `input` (without a base).
fn parse_case(input: String) -> Box<dyn FnMut()> {
    Box::new(move || {
        let _ = black_box(Url::parse(black_box(&input)));
    })
}

/// Work that parses `pattern` repeated (see [`repeat`]).
fn parse_repeat(prefix: &str, pattern: &str, size: usize, suffix: &str) -> Box<dyn FnMut()> {
    parse_case(repeat(prefix, pattern, size, suffix))
}

/// A valid URL of about `size` bytes with a long path, query and fragment.
fn big_url(size: usize) -> Url {
    let third = size / 3;
    let input = format!(
        "http://user:pass@example.com:8080{}{}{}",
        repeat("/", "seg/", third, ""),
        repeat("?", "k=v&", third, ""),
        repeat("#", "frag", third, "")
    );
    Url::parse(&input).unwrap_or_else(|_| fallback_url())
}

fn fallback_url() -> Url {
    match Url::parse("http://example.com/") {
        Ok(u) => u,
        Err(_) => std::process::exit(3),
    }
}

/// `n` pairs named by `name(i)`.
fn params(n: usize, name: impl Fn(usize) -> String) -> SearchParams {
    SearchParams::from_pairs((0..n).map(|i| (name(i), i.to_string())))
}

/// The name of the reference row: copying a string of the size, which shows how much the
/// memory system alone grows per 10x on this machine (caches); it never fails the run.
pub const BASELINE: &str = "baseline: copy the input";

/// With this environment variable set, a deliberately quadratic case ([`QUADRATIC`]) is
/// added: it must fail, showing that the verdict still catches super-linear time.
pub const SELF_TEST_ENV: &str = "WEBURL_SCALING_SELF_TEST";

/// The name of the deliberately quadratic case (see [`SELF_TEST_ENV`]).
pub const QUADRATIC: &str = "self-test: deliberately quadratic (must fail)";

/// Every case: the URL ones here, then the URLPattern ones.
pub fn cases() -> Vec<Case> {
    let mut all = vec![
        Case {
            name: BASELINE,
            sizes: URL_SIZES,
            setup: |n| {
                let s = "a".repeat(n);
                Box::new(move || {
                    black_box(black_box(&s).clone());
                })
            },
        },
        // Path dot segments.
        Case {
            name: "path ../ runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "../", n, ""),
        },
        Case {
            name: "path %2e%2e/ runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "%2e%2e/", n, ""),
        },
        Case {
            name: "path ./ and .%2E/ mix",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "a/./.%2E/", n, ""),
        },
        Case {
            name: "path deep a/",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "a/", n, ""),
        },
        Case {
            name: "path backslashes",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h", "\\a", n, ""),
        },
        Case {
            name: "path non-ASCII",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "é/☃", n, ""),
        },
        Case {
            name: "path %41 runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "%41", n, ""),
        },
        Case {
            name: "file ../ with drive",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("file:///C:/", "../", n, ""),
        },
        Case {
            name: "file many slashes",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("file:", "/", n, "C:"),
        },
        Case {
            name: "scheme slashes",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http:", "/\\", n, "h"),
        },
        // Authority.
        Case {
            name: "authority many @",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "@", n, "h/"),
        },
        Case {
            name: "authority a@ runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a@", n, "h/"),
        },
        Case {
            name: "authority many :",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a:", n, "@h/"),
        },
        Case {
            name: "authority : no @ (fails)",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h", ":", n, "/"),
        },
        Case {
            name: "userinfo percent-encoded",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "é ", n, "@h/"),
        },
        Case {
            name: "port digits",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h:", "0", n, "80/"),
        },
        // Hosts.
        Case {
            name: "host long label",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a", n, ".com/"),
        },
        Case {
            name: "host many labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a.", n, "com/"),
        },
        Case {
            name: "host uppercase labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "AB.", n, "com/"),
        },
        Case {
            name: "host many non-ASCII labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "ü.", n, "com/"),
        },
        Case {
            name: "host long non-ASCII label",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "ü", n, ".com/"),
        },
        Case {
            name: "host long Punycode label",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://xn--", "tda", n, ".com/"),
        },
        Case {
            name: "host many Punycode labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "xn--tda.", n, "com/"),
        },
        Case {
            name: "host mixed scripts labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "аb.", n, "com/"),
        },
        Case {
            name: "host percent-encoded",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "%41", n, "/"),
        },
        Case {
            name: "host full-width dots",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a。", n, "b/"),
        },
        Case {
            name: "host IPv4-like dots",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "1.", n, "1/"),
        },
        Case {
            name: "host long hex number",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://0x", "0", n, "1/"),
        },
        Case {
            name: "host long decimal number",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "0", n, "1/"),
        },
        Case {
            name: "IPv6 many pieces",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[", "1:", n, "1]/"),
        },
        Case {
            name: "IPv6 many ::",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[", "::", n, "]/"),
        },
        Case {
            name: "IPv6 long piece",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[", "0", n, "::1]/"),
        },
        Case {
            name: "IPv6 embedded IPv4 dots",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[::", "1.", n, "1]/"),
        },
        Case {
            name: "opaque host",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("sc://", "a%", n, "/"),
        },
        // Whitespace and controls.
        Case {
            name: "tabs and newlines everywhere",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("h\tt\ntp:/\t/h\n/", "a\t\n", n, ""),
        },
        Case {
            name: "tabs in host",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a\t", n, "/"),
        },
        Case {
            name: "leading and trailing spaces",
            sizes: URL_SIZES,
            setup: |n| {
                let pad = " ".repeat(n / 2);
                parse_case(format!("{pad}http://h/{pad}"))
            },
        },
        Case {
            name: "C0 controls in path",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "\u{1}", n, ""),
        },
        // Query, fragment, opaque paths.
        Case {
            name: "query a=b& runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/?", "a=b&", n, ""),
        },
        Case {
            name: "query to encode",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/?", "\"' <>é", n, ""),
        },
        Case {
            name: "fragment to encode",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/#", " `é", n, ""),
        },
        Case {
            name: "opaque path",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("sc:", "a ", n, ""),
        },
        Case {
            name: "opaque path trailing spaces",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("sc:a", " ", n, "?q"),
        },
        Case {
            name: "scheme long",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("", "a", n, ":x"),
        },
        Case {
            name: "no scheme (fails)",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("", "a/", n, ""),
        },
        // Relative resolution.
        Case {
            name: "join ../ against deep base",
            sizes: URL_SIZES,
            setup: |n| {
                let base = Url::parse(&repeat("http://h/", "a/", n / 2, ""))
                    .unwrap_or_else(|_| fallback_url());
                let input = repeat("", "../", n / 2, "x");
                Box::new(move || {
                    let _ = black_box(base.join(black_box(&input)));
                })
            },
        },
        Case {
            name: "join ?query against big base",
            sizes: URL_SIZES,
            setup: |n| {
                let base = big_url(n);
                Box::new(move || {
                    let _ = black_box(base.join("?x"));
                })
            },
        },
        // Setters on big URLs.
        Case {
            name: "setters sequence on big URL",
            sizes: URL_SIZES,
            setup: |n| {
                // Ten setters that each change the length of the big URL, so each moves
                // everything after its component, applied in place: the second five undo
                // the first five, so every iteration starts from the same URL and no clone
                // (a copy of the whole URL, which is setup, not setter work) is timed.
                // (Setters that replace the huge path, query or fragment have rows of their
                // own below.)
                let mut u = big_url(n);
                Box::new(move || {
                    let _ = u.set_protocol("https");
                    let _ = u.set_username("x");
                    let _ = u.set_password("y");
                    let _ = u.set_hostname("example.org");
                    let _ = u.set_port("81");
                    let _ = u.set_protocol("http");
                    let _ = u.set_username("user");
                    let _ = u.set_password("pass");
                    let _ = u.set_hostname("example.com");
                    let _ = u.set_port("8080");
                    black_box(&u);
                })
            },
        },
        Case {
            name: "set_pathname ../ runs",
            sizes: URL_SIZES,
            setup: |n| {
                let url = big_url(1000);
                let value = repeat("/", "../a/", n, "");
                set_on_clones(url, value, Url::set_pathname)
            },
        },
        Case {
            name: "set_hostname long",
            sizes: URL_SIZES,
            setup: |n| {
                // Two hosts of the size in turn, set in place: each call parses an n-byte host
                // and moves the rest of the URL. Not on clones: a clone, plus the new host and
                // the grown serialization, is a few MB at 1 MB, which glibc's allocator (past
                // its trim threshold) gives back to the system after every iteration, so each
                // iteration page-faulted its memory in again: linear too, but a step in cost
                // between the 100 KB and 1 MB sizes that read as 34x per 10x.
                let mut url = big_url(n);
                let hosts = [repeat("", "ab.", n, "com"), repeat("", "ba.", n, "com")];
                Box::new(move || {
                    for host in &hosts {
                        let _ = url.set_hostname(black_box(host));
                    }
                    black_box(&url);
                })
            },
        },
        Case {
            name: "set_search huge",
            sizes: URL_SIZES,
            setup: |n| {
                let url = big_url(1000);
                let value = repeat("", "a=b c&", n, "");
                set_on_clones(url, value, Url::set_search)
            },
        },
        Case {
            name: "set_hash huge",
            sizes: URL_SIZES,
            setup: |n| {
                let url = big_url(1000);
                let value = repeat("#", "f g`<", n, "");
                set_on_clones(url, value, Url::set_hash)
            },
        },
        Case {
            name: "search_params of huge query",
            sizes: URL_SIZES,
            setup: |n| {
                let url = Url::parse(&repeat("http://h/?", "a=b+%41&", n, ""))
                    .unwrap_or_else(|_| fallback_url());
                Box::new(move || {
                    let mut u = url.clone();
                    let mut p = u.search_params();
                    p.sort();
                    let _ = u.set_search_params(&p);
                    black_box(u);
                })
            },
        },
        // SearchParams.
        Case {
            name: "params sort reverse-sorted",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |i| format!("{:08}", n - i));
                Box::new(move || {
                    let mut q = p.clone();
                    q.sort();
                    black_box(q);
                })
            },
        },
        Case {
            name: "params sort equal names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |_| "a".to_owned());
                Box::new(move || {
                    let mut q = p.clone();
                    q.sort();
                    black_box(q);
                })
            },
        },
        Case {
            name: "params sort non-BMP names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |i| {
                    if i % 2 == 0 {
                        "\u{FFFD}".to_owned()
                    } else {
                        "😀".to_owned()
                    }
                });
                Box::new(move || {
                    let mut q = p.clone();
                    q.sort();
                    black_box(q);
                })
            },
        },
        Case {
            name: "params set on equal names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |_| "a".to_owned());
                Box::new(move || {
                    let mut q = p.clone();
                    q.set("a", "x");
                    black_box(q);
                })
            },
        },
        Case {
            name: "params delete alternate names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |i| {
                    if i % 2 == 0 {
                        "a".to_owned()
                    } else {
                        "b".to_owned()
                    }
                });
                Box::new(move || {
                    let mut q = p.clone();
                    q.delete("a");
                    black_box(q);
                })
            },
        },
        Case {
            name: "params delete_with_value",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |_| "a".to_owned());
                Box::new(move || {
                    let mut q = p.clone();
                    q.delete_with_value("a", "7");
                    black_box(q);
                })
            },
        },
        Case {
            name: "params append then serialize",
            sizes: PAIR_COUNTS,
            setup: |n| {
                Box::new(move || {
                    let mut q = SearchParams::new();
                    for i in 0..n {
                        q.append("name é", i.to_string());
                    }
                    black_box(q.to_string());
                })
            },
        },
        Case {
            name: "params parse",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let s = "a=b+c%20&".repeat(n);
                Box::new(move || {
                    black_box(SearchParams::parse(black_box(&s)));
                })
            },
        },
    ];
    all.extend(crate::pattern_cases::cases());
    if std::env::var_os(SELF_TEST_ENV).is_some() {
        all.push(Case {
            name: QUADRATIC,
            sizes: [100, 1_000, 10_000, 100_000],
            // For each byte, a search of the rest for a byte that is not there.
            setup: |n| {
                let s = vec![b'a'; n];
                Box::new(move || {
                    let s = black_box(&s);
                    let mut found = 0usize;
                    for i in 0..s.len() {
                        found += s
                            .get(i..)
                            .map_or(0, |r| r.iter().filter(|&&c| c == b'b').count());
                    }
                    black_box(found);
                })
            },
        });
    }
    all
}
