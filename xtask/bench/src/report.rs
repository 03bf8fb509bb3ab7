//! Text tables, JSON and an SVG chart of the results.

use std::fmt::Write as _;
use std::time::Duration;

use serde_json::{json, Value};

use crate::corpus::Corpus;
use crate::libs::{Lib, Op};
use crate::{Args, CorpusResult, OpResult, Stats};

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

fn stat(op: &OpResult, lib: Lib) -> Option<&Stats> {
    op.stats.iter().find(|s| s.lib == lib)
}

/// weburl's median time over `other`'s (below 1: weburl is faster).
fn ratio(op: &OpResult, other: Lib) -> Option<f64> {
    Some(stat(op, Lib::Weburl)?.median_ns / stat(op, other)?.median_ns)
}

pub fn print_header(args: &Args, libs: &[Lib], corpora: &[Corpus]) {
    let names: Vec<_> = libs.iter().map(|l| l.name()).collect();
    println!(
        "weburl-bench: {} rounds{}, libraries interleaved each round: {}",
        args.rounds,
        if args.quick { " (--quick)" } else { "" },
        names.join(", ")
    );
    println!("  ada = ada-url 4 (C++ ada via FFI), url = rust-url 2");
    for c in corpora {
        let mut notes = String::new();
        if c.skipped_empty > 0 {
            let _ = write!(notes, ", {} empty lines skipped", c.skipped_empty);
        }
        if c.lossy {
            notes.push_str(", NOT UTF-8: decoded lossily");
        }
        println!(
            "  corpus {:<16} {:>6} URLs {:>7.2} MB{notes}",
            c.name,
            c.len(),
            mb(c.bytes())
        );
    }
}

pub fn print_tables(libs: &[Lib], results: &[CorpusResult]) {
    let has_weburl = libs.contains(&Lib::Weburl);
    for (op_index, op) in Op::ALL.iter().enumerate() {
        println!("\n== {} ==", op.title());
        println!("   ns/URL: median over rounds (best); GB/s at the median; ratio = weburl time / other time");
        let mut head = format!("{:<16} {:>6} {:>7}", "corpus", "URLs", "MB");
        for lib in libs {
            let _ = write!(head, " {:>19}", format!("{} ns/URL", lib.name()));
        }
        if has_weburl {
            let _ = write!(head, " {:>10} {:>10}", "weburl/ada", "weburl/url");
        }
        for lib in libs {
            let _ = write!(head, " {:>8}", format!("{} GB/s", lib.name()));
        }
        println!("{head}");
        for r in results {
            let Some(o) = r.ops.get(op_index) else {
                continue;
            };
            let mut line = format!("{:<16} {:>6} {:>7.2}", r.name, r.urls, mb(r.bytes));
            for lib in libs {
                let cell = stat(o, *lib)
                    .map(|s| format!("{:.1} ({:.1})", s.median_ns, s.best_ns))
                    .unwrap_or_else(|| "-".into());
                let _ = write!(line, " {cell:>19}");
            }
            if has_weburl {
                for other in [Lib::Ada, Lib::RustUrl] {
                    let cell = ratio(o, other)
                        .map(|x| format!("{x:.2}"))
                        .unwrap_or_else(|| "-".into());
                    let _ = write!(line, " {cell:>10}");
                }
            }
            for lib in libs {
                let cell = stat(o, *lib)
                    .map(|s| format!("{:.3}", s.gbps))
                    .unwrap_or_else(|| "-".into());
                let _ = write!(line, " {cell:>8}");
            }
            println!("{line}");
        }
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        format!("{s:?}")
    } else {
        let t: String = s.chars().take(max).collect();
        format!("{t:?}...")
    }
}

pub fn print_checks(libs: &[Lib], results: &[CorpusResult], show: usize) {
    let names: Vec<_> = libs.iter().map(|l| l.name()).collect();
    println!("\n== checks (untimed) ==");
    println!(
        "   failures per library ({}); disagree = inputs on which they differ about failing;\n   \
         X!=ada = inputs both parsed to different hrefs; can_parse!=parse per library",
        names.join("/")
    );
    let mut head = format!(
        "{:<16} {:<16} {:>18} {:>9}",
        "corpus", "op", "failures", "disagree"
    );
    for lib in libs.iter().filter(|&&l| l != Lib::Ada) {
        let _ = write!(head, " {:>11}", format!("{}!=ada", lib.name()));
    }
    println!("{head}");
    for r in results {
        for oc in &r.checks.ops {
            let fails: Vec<_> = oc.failures.iter().map(|n| n.to_string()).collect();
            let mut line = format!(
                "{:<16} {:<16} {:>18} {:>9}",
                r.name,
                oc.op.name(),
                fails.join("/"),
                oc.fail_disagreements.len()
            );
            for lib in libs.iter().filter(|&&l| l != Lib::Ada) {
                let cell = oc
                    .href_diffs
                    .iter()
                    .find(|(l, _)| l == lib)
                    .map(|(_, d)| d.len().to_string())
                    .unwrap_or_else(|| "-".into());
                let _ = write!(line, " {cell:>11}");
            }
            println!("{line}");
        }
        let cp: Vec<_> = r
            .checks
            .can_parse_vs_parse
            .iter()
            .map(|(l, v)| format!("{} {}", l.name(), v.len()))
            .collect();
        println!(
            "{:<16} {:<16} {}",
            r.name,
            "can_parse!=parse",
            cp.join(", ")
        );
    }

    // The differences themselves: weburl's first (the ones that matter), then url's.
    for r in results {
        for oc in &r.checks.ops {
            let list = &oc.fail_disagreements;
            if !list.is_empty() {
                println!(
                    "\n{} {}: {} inputs on which the libraries disagree about failing ({}):",
                    r.name,
                    oc.op.name(),
                    list.len(),
                    names.join("/")
                );
                for d in list.iter().take(show) {
                    let oks: Vec<_> =
                        d.ok.iter()
                            .map(|&o| if o { "ok" } else { "FAIL" })
                            .collect();
                    println!(
                        "  #{:<6} {:<12} {}",
                        d.index,
                        oks.join("/"),
                        truncate(&d.input, 100)
                    );
                }
                if list.len() > show {
                    println!("  ... {} more (all in --json)", list.len() - show);
                }
            }
            for (lib, diffs) in &oc.href_diffs {
                if diffs.is_empty() {
                    continue;
                }
                println!(
                    "\n{} {}: {} hrefs where {} differs from ada:",
                    r.name,
                    oc.op.name(),
                    diffs.len(),
                    lib.name()
                );
                for d in diffs.iter().take(show) {
                    println!("  #{:<6} input {}", d.index, truncate(&d.input, 100));
                    println!("          {:<6} {}", lib.name(), truncate(&d.href, 100));
                    println!("          {:<6} {}", "ada", truncate(&d.ada, 100));
                }
                if diffs.len() > show {
                    println!("  ... {} more (all in --json)", diffs.len() - show);
                }
            }
        }
    }
}

pub fn json(args: &Args, libs: &[Lib], results: &[CorpusResult], elapsed: Duration) -> Value {
    let corpora: Vec<Value> = results
        .iter()
        .map(|r| {
            let ops: Vec<Value> = r
                .ops
                .iter()
                .map(|o| {
                    let stats: serde_json::Map<String, Value> = o
                        .stats
                        .iter()
                        .map(|s| {
                            (
                                s.lib.name().to_owned(),
                                json!({"median_ns_per_url": s.median_ns, "best_ns_per_url": s.best_ns, "gb_per_s": s.gbps}),
                            )
                        })
                        .collect();
                    json!({
                        "op": o.op.name(),
                        "libraries": stats,
                        "weburl_over_ada": ratio(o, Lib::Ada),
                        "weburl_over_url": ratio(o, Lib::RustUrl),
                    })
                })
                .collect();
            let checks: Vec<Value> = r
                .checks
                .ops
                .iter()
                .map(|oc| {
                    let failures: serde_json::Map<String, Value> = libs
                        .iter()
                        .zip(&oc.failures)
                        .map(|(l, n)| (l.name().to_owned(), json!(n)))
                        .collect();
                    let disagreements: Vec<Value> = oc
                        .fail_disagreements
                        .iter()
                        .map(|d| {
                            let ok: serde_json::Map<String, Value> = libs
                                .iter()
                                .zip(&d.ok)
                                .map(|(l, o)| (l.name().to_owned(), json!(o)))
                                .collect();
                            json!({"index": d.index, "input": d.input, "ok": ok})
                        })
                        .collect();
                    let href_diffs: serde_json::Map<String, Value> = oc
                        .href_diffs
                        .iter()
                        .map(|(l, diffs)| {
                            let list: Vec<Value> = diffs
                                .iter()
                                .map(|d| json!({"index": d.index, "input": d.input, "href": d.href, "ada": d.ada}))
                                .collect();
                            (format!("{}_vs_ada", l.name()), Value::Array(list))
                        })
                        .collect();
                    json!({
                        "op": oc.op.name(),
                        "failures": failures,
                        "fail_disagreements": disagreements,
                        "href_diffs": href_diffs,
                    })
                })
                .collect();
            let cp: serde_json::Map<String, Value> = r
                .checks
                .can_parse_vs_parse
                .iter()
                .map(|(l, v)| (l.name().to_owned(), json!(v)))
                .collect();
            json!({
                "name": r.name,
                "urls": r.urls,
                "bytes": r.bytes,
                "skipped_empty_lines": r.skipped_empty,
                "lossy_utf8": r.lossy,
                "timings": ops,
                "checks": checks,
                "can_parse_vs_parse": cp,
            })
        })
        .collect();
    json!({
        "rounds": args.rounds,
        "quick": args.quick,
        "libraries": libs.iter().map(|l| l.name()).collect::<Vec<_>>(),
        "weburl_measured": libs.contains(&Lib::Weburl),
        "elapsed_s": elapsed.as_secs_f64(),
        "corpora": corpora,
    })
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn parse_op(r: &CorpusResult) -> Option<&OpResult> {
    r.ops.iter().find(|o| o.op == Op::Parse)
}

/// A "nice" axis step (1, 2 or 5 times a power of ten) giving about `ticks` ticks up to `max`.
fn nice_step(max: f64, ticks: f64) -> f64 {
    let raw = (max / ticks).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let m = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    m * mag
}

/// A grouped horizontal bar chart of median ns/URL for parse + href: one group per corpus,
/// one bar per library (labelled with its value, weburl's with its ratios to the others), an
/// x axis with gridlines, and a legend. Drawn on a white background so that it reads in dark
/// themes too.
pub fn svg(libs: &[Lib], results: &[CorpusResult]) -> String {
    const BAR: f64 = 18.0;
    const GAP: f64 = 18.0;
    const LEFT: f64 = 130.0;
    const WIDTH: f64 = 560.0;
    const TOP: f64 = 62.0;
    let colors = |lib: Lib| match lib {
        Lib::Weburl => "#d9534f",
        Lib::Ada => "#5b7fbd",
        Lib::RustUrl => "#9a9a9a",
    };
    let max = results
        .iter()
        .filter_map(parse_op)
        .flat_map(|o| o.stats.iter().map(|s| s.median_ns))
        .fold(1.0_f64, f64::max);
    let step = nice_step(max, 6.0);
    let axis_max = (max / step).ceil() * step;
    let scale = |ns: f64| ns / axis_max * WIDTH;
    let group = BAR * libs.len() as f64 + GAP;
    let plot_bottom = TOP + group * results.len() as f64 - GAP / 2.0;
    let height = plot_bottom + 48.0;
    let total_w = LEFT + WIDTH + 190.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{height}" viewBox="0 0 {total_w} {height}" font-family="Helvetica, Arial, sans-serif" font-size="12" fill="#222">"##
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{total_w}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        out,
        r##"<text x="12" y="22" font-size="15" font-weight="bold">URL parse + href: median ns per URL (shorter is faster)</text>"##
    );
    // Legend.
    let mut lx = 12.0;
    for lib in libs {
        let _ = writeln!(
            out,
            r##"<rect x="{lx:.1}" y="33" width="12" height="12" fill="{}"/><text x="{:.1}" y="43.5">{}</text>"##,
            colors(*lib),
            lx + 16.0,
            lib_label(*lib)
        );
        lx += 16.0 + 7.0 * lib_label(*lib).len() as f64 + 24.0;
    }
    // Gridlines and tick labels.
    let mut t = 0.0;
    while t <= axis_max + step / 2.0 {
        let x = LEFT + scale(t);
        let _ = writeln!(
            out,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{plot_bottom:.1}" stroke="{}" stroke-width="1"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#555">{t:.0}</text>"##,
            TOP - 6.0,
            if t == 0.0 { "#888" } else { "#e3e3e3" },
            plot_bottom + 16.0
        );
        t += step;
    }
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#555">ns/URL (median over rounds)</text>"##,
        LEFT + WIDTH / 2.0,
        plot_bottom + 36.0
    );
    for (gi, r) in results.iter().enumerate() {
        let y0 = TOP + group * gi as f64;
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" font-weight="bold">{}</text>"##,
            LEFT - 10.0,
            y0 + BAR * libs.len() as f64 / 2.0 + 4.0,
            xml_escape(&r.name)
        );
        let Some(o) = parse_op(r) else { continue };
        let weburl = stat(o, Lib::Weburl).map(|s| s.median_ns);
        for (li, lib) in libs.iter().enumerate() {
            let Some(s) = stat(o, *lib) else { continue };
            let y = y0 + BAR * li as f64;
            let w = scale(s.median_ns).max(1.0);
            let mut label = format!("{:.0}", s.median_ns);
            if *lib != Lib::Weburl {
                if let Some(wb) = weburl {
                    let _ = write!(label, "  (weburl/{} {:.2})", lib.name(), wb / s.median_ns);
                }
            }
            let _ = writeln!(
                out,
                r##"<rect x="{LEFT}" y="{y:.1}" width="{w:.1}" height="{:.1}" fill="{}"/><text x="{:.1}" y="{:.1}">{}</text>"##,
                BAR - 3.0,
                colors(*lib),
                LEFT + w + 5.0,
                y + BAR - 6.5,
                label
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The legend's name of a library.
fn lib_label(lib: Lib) -> &'static str {
    match lib {
        Lib::Weburl => "weburl",
        Lib::Ada => "ada (ada-url 4, C++)",
        Lib::RustUrl => "url (rust-url 2)",
    }
}
