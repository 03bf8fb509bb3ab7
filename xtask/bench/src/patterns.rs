//! URLPattern (issue #22): weburl-pattern against the `urlpattern` crate (Deno's, on rust-url
//! and regex) for a router-like set of 50 patterns of the WPT shapes.
//!
//! - construct: build all the patterns from their constructor strings; ns per pattern.
//! - test: each corpus URL, parsed once by each library's own URL parser (untimed), tested
//!   against every pattern, as a router does; ns per (URL, pattern). weburl runs
//!   `UrlPattern::test_url(&url)`; `urlpattern` takes its input by value, so it runs
//!   `test(UrlPatternMatchInput::Url(url.clone()))`, the clone being part of its API's cost.
//!
//! Untimed, the two libraries' answers are compared on every (URL, pattern) pair; the number
//! of disagreements is printed (the `urlpattern` crate has known WPT failures).

use std::hint::black_box;
use std::time::Instant;

use serde_json::{json, Value};

use crate::corpus::Corpus;
use crate::median;

/// Router-like patterns of the WPT shapes: fixed paths, named groups, regexp groups,
/// optional and repeated groups, wildcards in host and path, search and hash patterns.
pub const PATTERNS: [&str; 50] = [
    "https://en.wikipedia.org/wiki/:title",
    "https://*.wikipedia.org/wiki/:title",
    "http{s}?://*.wikipedia.org/wiki/*",
    "https://www.youtube.com/watch",
    "https://github.com/:owner/:repo",
    "https://github.com/:owner/:repo/blob/:branch/:path*",
    "https://github.com/:owner/:repo/issues/:id(\\d+)",
    "https://twitter.com/:user",
    "https://twitter.com/:user/status/:id(\\d+)",
    "http{s}?://www.facebook.com/:page/",
    "https://www.amazon.com/*/dp/:asin",
    "https://stackoverflow.com/questions/:id(\\d+)/:slug?",
    "https://medium.com/@:user/:slug",
    "https://www.reddit.com/r/:sub/comments/:id/:slug?",
    "https://docs.google.com/:kind/d/:id/*",
    "https://*.blogspot.com/:year(\\d{4})/:month(\\d{2})/:slug.html",
    "http{s}?://{www.}?example.com/*",
    "https://slashdot.org/books/:y/:m/:d/:id.shtml",
    "https://c2.com/cgi/wiki",
    "http://*/*.php",
    "http{s}?://*/*.aspx",
    "http{s}?://*/*.htm{l}?",
    "https://*/*.pdf",
    "https://:host/api/v:version(\\d+)/:resource/:id?",
    "https://*.github.io/*",
    "http{s}?://www.urbandictionary.com/define.php?term=:term",
    "http{s}?://*/search?q=*",
    "https://*:8080/*",
    "file:///Users/:user/*",
    "file:///Users/:user/dev/*/node_modules/:pkg/*",
    "file:///*.js",
    "file://deps/*",
    "file:///*/dist/esm/:file.js",
    "https://en.wikipedia.org/wiki/:title#:section",
    "https://www.google.com/*",
    "https://news.ycombinator.com/item?id=:id",
    "https://*.substack.com/p/:slug",
    "https://www.nytimes.com/:y(\\d+)/:m(\\d+)/:d(\\d+)/*",
    "https://arxiv.org/abs/:id",
    "https://www.linkedin.com/in/:user/",
    "http{s}?://*.edu/*",
    "http{s}?://*.gov/*",
    "https://*.org/",
    "https://:sub.wordpress.com/*",
    "https://gist.github.com/:user/:id",
    "https://npmjs.com/package/:name",
    "https://www.npmjs.com/package/@:scope/:name",
    "https://crates.io/crates/:name/:version?",
    "https://pypi.org/project/:name/",
    "https://docs.rs/:crate/:version/*",
];

type Theirs = urlpattern::UrlPattern;

fn build_ours() -> Vec<weburl_pattern::UrlPattern> {
    PATTERNS
        .iter()
        .filter_map(|p| weburl_pattern::UrlPattern::parse(p, None).ok())
        .collect()
}

fn build_theirs() -> Vec<Theirs> {
    PATTERNS
        .iter()
        .filter_map(|p| {
            let init =
                urlpattern::UrlPatternInit::parse_constructor_string::<regex::Regex>(p, None)
                    .ok()?;
            Theirs::parse(init, urlpattern::UrlPatternOptions::default()).ok()
        })
        .collect()
}

pub struct PatternResult {
    pub urls: usize,
    pub patterns: [usize; 2],
    /// Median ns per pattern built: weburl, urlpattern.
    pub construct_ns: [f64; 2],
    /// Median ns per (URL, pattern) test: weburl, urlpattern.
    pub test_ns: [f64; 2],
    /// Matching (URL, pattern) pairs: weburl, urlpattern.
    pub matches: [usize; 2],
    /// Pairs on which they disagree.
    pub disagree: usize,
}

/// Measures over the URLs of all `corpora` that both URL parsers accept.
pub fn measure(corpora: &[Corpus], rounds: usize) -> PatternResult {
    let mut ours_urls = Vec::new();
    let mut theirs_urls = Vec::new();
    for corpus in corpora {
        for input in corpus.inputs() {
            if let (Ok(a), Ok(b)) = (weburl::Url::parse(input), url::Url::parse(input)) {
                ours_urls.push(a);
                theirs_urls.push(b);
            }
        }
    }
    let ours = build_ours();
    let theirs = build_theirs();

    // Untimed: the answers, compared.
    let mut matches = [0usize; 2];
    let mut disagree = 0usize;
    if ours.len() == theirs.len() {
        for (a, b) in ours_urls.iter().zip(&theirs_urls) {
            for (p, q) in ours.iter().zip(&theirs) {
                let x = p.test_url(a);
                let y = q
                    .test(urlpattern::UrlPatternMatchInput::Url(b.clone()))
                    .unwrap_or(false);
                matches[0] += usize::from(x);
                matches[1] += usize::from(y);
                disagree += usize::from(x != y);
            }
        }
    }

    let construct_iters = 20;
    let mut construct = [Vec::new(), Vec::new()];
    let mut test = [Vec::new(), Vec::new()];
    for round in 0..rounds.max(1) {
        for k in 0..2 {
            let lib = (round + k) % 2;
            let start = Instant::now();
            for _ in 0..construct_iters {
                if lib == 0 {
                    black_box(build_ours());
                } else {
                    black_box(build_theirs());
                }
            }
            construct[lib].push(start.elapsed().as_nanos() as f64);
            let start = Instant::now();
            let mut hits = 0usize;
            if lib == 0 {
                for url in &ours_urls {
                    for p in &ours {
                        hits += usize::from(p.test_url(black_box(url)));
                    }
                }
            } else {
                for url in &theirs_urls {
                    for p in &theirs {
                        let input = urlpattern::UrlPatternMatchInput::Url(url.clone());
                        hits += usize::from(p.test(black_box(input)).unwrap_or(false));
                    }
                }
            }
            black_box(hits);
            test[lib].push(start.elapsed().as_nanos() as f64);
        }
    }
    let per = |samples: &mut Vec<f64>, n: usize| {
        samples.sort_by(f64::total_cmp);
        median(samples) / n.max(1) as f64
    };
    let pairs = ours_urls.len() * ours.len().max(1);
    PatternResult {
        urls: ours_urls.len(),
        patterns: [ours.len(), theirs.len()],
        construct_ns: [
            per(&mut construct[0], construct_iters * ours.len()),
            per(&mut construct[1], construct_iters * theirs.len()),
        ],
        test_ns: [
            per(&mut test[0], pairs),
            per(&mut test[1], theirs_urls.len() * theirs.len().max(1)),
        ],
        matches,
        disagree,
    }
}

pub fn print_table(r: &PatternResult) {
    println!("\n== URLPattern: weburl-pattern vs urlpattern (Deno) ==");
    println!(
        "   {} patterns (weburl {}, urlpattern {} built), {} URLs of the corpora; median ns",
        PATTERNS.len(),
        r.patterns[0],
        r.patterns[1],
        r.urls
    );
    println!(
        "{:<34} {:>12} {:>12} {:>14}",
        "operation", "weburl", "urlpattern", "urlpattern/weburl"
    );
    println!(
        "{:<34} {:>12.1} {:>12.1} {:>14.2}x",
        "construct (ns/pattern)",
        r.construct_ns[0],
        r.construct_ns[1],
        r.construct_ns[1] / r.construct_ns[0]
    );
    println!(
        "{:<34} {:>12.1} {:>12.1} {:>14.2}x",
        "test parsed URL (ns/URL/pattern)",
        r.test_ns[0],
        r.test_ns[1],
        r.test_ns[1] / r.test_ns[0]
    );
    println!(
        "   matches: weburl {}, urlpattern {}; (URL, pattern) pairs where they disagree: {}",
        r.matches[0], r.matches[1], r.disagree
    );
}

pub fn json(r: &PatternResult) -> Value {
    json!({
        "patterns": PATTERNS.len(),
        "built": { "weburl": r.patterns[0], "urlpattern": r.patterns[1] },
        "urls": r.urls,
        "construct_median_ns_per_pattern": { "weburl": r.construct_ns[0], "urlpattern": r.construct_ns[1] },
        "test_median_ns_per_url_pattern": { "weburl": r.test_ns[0], "urlpattern": r.test_ns[1] },
        "matches": { "weburl": r.matches[0], "urlpattern": r.matches[1] },
        "disagree": r.disagree,
    })
}
