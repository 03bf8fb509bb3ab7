//! URL rendering (issue #18): `url.display().render()` (weburl::display) on every URL of
//! a corpus, against `Url::parse` + `href()`; issue 18 asked display to stay within 3x of
//! parse + href, issue 28 within 2x. Inputs that do not parse are left out of both.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use serde_json::{json, Value};
use weburl::{Url, UrlDisplay};

use crate::corpus::Corpus;
use crate::libs::run;

/// Median ns per URL: parse + href, display of a parsed URL, parse + display.
pub struct DisplayResult {
    pub name: String,
    pub urls: usize,
    pub parse_href: f64,
    pub display: f64,
    pub parse_display: f64,
    /// display over parse + href, each at its best round (less disturbed by other load).
    pub best_ratio: f64,
}

impl DisplayResult {
    /// display over parse + href.
    pub fn ratio(&self) -> f64 {
        self.display / self.parse_href
    }
}

/// One pass of `display().render()` over parsed URLs (the text and its ranges).
fn display_pass(urls: &[Url]) -> u128 {
    let start = Instant::now();
    let mut acc = 0usize;
    for u in urls {
        acc = acc.wrapping_add(black_box(u).display().render().text.len());
    }
    black_box(acc);
    start.elapsed().as_nanos()
}

/// Times the three on `corpus`, interleaved in each round.
pub fn measure(corpus: &Corpus, rounds: usize) -> DisplayResult {
    let inputs: Vec<&str> = corpus
        .inputs()
        .into_iter()
        .filter(|s| Url::parse(s).is_ok())
        .collect();
    let urls: Vec<Url> = inputs.iter().filter_map(|s| Url::parse(s).ok()).collect();
    let n = urls.len().max(1) as f64;
    let pass = |i: usize| -> u128 {
        match i {
            0 => run(&inputs, |s| Url::parse(s).map_or(0, |u| u.href().len())),
            1 => display_pass(&urls),
            _ => run(&inputs, |s| {
                Url::parse(s).map_or(0, |u| u.display().render().text.len())
            }),
        }
    };
    for i in 0..3 {
        pass(i);
    }
    let mut samples: [Vec<f64>; 3] = Default::default();
    for round in 0..rounds {
        for k in 0..3 {
            let i = (round + k) % 3;
            samples[i].push(pass(i) as f64);
        }
    }
    let best = |s: &[f64]| s.iter().copied().fold(f64::INFINITY, f64::min);
    let best_ratio = best(&samples[1]) / best(&samples[0]);
    let [parse_href, display, parse_display] = samples.map(|mut s| {
        s.sort_by(f64::total_cmp);
        crate::median(&s) / n
    });
    DisplayResult {
        name: corpus.name.clone(),
        urls: urls.len(),
        parse_href,
        display,
        parse_display,
        best_ratio,
    }
}

pub fn print_table(results: &[DisplayResult]) {
    println!("\n== weburl URL rendering: url.display().render() ==");
    println!(
        "   ns/URL, median over rounds, over the URLs that parse; display = display().render() \
         of a parsed URL;\n   ratio = display / (parse + href), to stay under 2 (issue 28; best: of each \
         one's best round)"
    );
    println!(
        "{:<16} {:>8} {:>12} {:>10} {:>15} {:>7} {:>7}",
        "corpus", "URLs", "parse+href", "display", "parse+display", "ratio", "best"
    );
    for r in results {
        let mut line = format!("{:<16} {:>8}", r.name, r.urls);
        let _ = write!(
            line,
            " {:>12.1} {:>10.1} {:>15.1} {:>7.2} {:>7.2}",
            r.parse_href,
            r.display,
            r.parse_display,
            r.ratio(),
            r.best_ratio
        );
        println!("{line}");
    }
}

pub fn json(results: &[DisplayResult]) -> Value {
    let rows: Vec<Value> = results
        .iter()
        .map(|r| {
            json!({
                "name": r.name,
                "urls": r.urls,
                "parse_href_median_ns_per_url": r.parse_href,
                "display_median_ns_per_url": r.display,
                "parse_display_median_ns_per_url": r.parse_display,
                "display_over_parse_href": r.ratio(),
                "display_over_parse_href_best": r.best_ratio,
            })
        })
        .collect();
    Value::Array(rows)
}
