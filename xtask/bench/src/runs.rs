//! `--runs N`: N full bench runs, each its own process (`weburl-bench --json` with the other
//! arguments), and for every corpus and operation each run's time ratios weburl/ada and
//! weburl/url with their median. Issue 21 judges the WPT corpus by the median of three full
//! runs of weburl/ada, since one run's ratio moves with the machine's load. Beside them, the
//! median over the runs of the ratio of best times (less sensitive to a loaded machine).

use std::fmt::Write as _;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

use crate::libs::{Lib, Op};

/// One corpus and operation: each run's ratios (None where a library was not timed).
pub struct Cell {
    pub corpus: String,
    pub op: String,
    pub over_ada: Vec<Option<f64>>,
    pub over_url: Vec<Option<f64>>,
    /// The same from each run's best times.
    pub best_over_ada: Vec<Option<f64>>,
    pub best_over_url: Vec<Option<f64>>,
}

/// The median of the runs that have a value.
pub fn median_of(values: &[Option<f64>]) -> Option<f64> {
    let mut v: Vec<f64> = values.iter().flatten().copied().collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    Some(crate::median(&v))
}

impl Cell {
    pub fn median(&self, other: Lib) -> Option<f64> {
        match other {
            Lib::Ada => median_of(&self.over_ada),
            Lib::RustUrl => median_of(&self.over_url),
            Lib::Weburl => Some(1.0),
        }
    }

    /// The median over the runs of weburl's best time over `other`'s.
    pub fn best_median(&self, other: Lib) -> Option<f64> {
        match other {
            Lib::Ada => median_of(&self.best_over_ada),
            Lib::RustUrl => median_of(&self.best_over_url),
            Lib::Weburl => Some(1.0),
        }
    }
}

/// weburl's best time over `other`'s in one timing entry of the JSON.
fn best_ratio(timing: &Value, other: Lib) -> Option<f64> {
    let best = |lib: Lib| {
        timing
            .get("libraries")?
            .get(lib.name())?
            .get("best_ns_per_url")?
            .as_f64()
    };
    Some(best(Lib::Weburl)? / best(other)?)
}

/// The arguments a child run gets: `args` without the options that only the parent handles.
fn child_args(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" | "--svg" => {
                it.next();
            }
            "--json" | "--instructions" | "--instructions-only" => {}
            _ => out.push(a.clone()),
        }
    }
    out.push("--json".to_owned());
    out
}

/// Runs `runs` full benches as child processes; returns every corpus and operation's ratios.
pub fn measure(args: &[String], runs: usize) -> Result<Vec<Cell>, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find own binary: {e}"))?;
    let child = child_args(args);
    let mut cells: Vec<Cell> = Vec::new();
    for run in 0..runs {
        eprintln!("weburl-bench: run {} of {runs} ...", run + 1);
        let out = Command::new(&exe)
            .args(&child)
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        if !out.status.success() {
            return Err(format!("run {} failed: {}", run + 1, out.status));
        }
        let doc: Value = serde_json::from_slice(&out.stdout)
            .map_err(|e| format!("run {}: bad JSON: {e}", run + 1))?;
        let corpora = doc
            .get("corpora")
            .and_then(Value::as_array)
            .ok_or(format!("run {}: no corpora in the JSON", run + 1))?;
        for c in corpora {
            let name = c.get("name").and_then(Value::as_str).unwrap_or("?");
            let timings = c.get("timings").and_then(Value::as_array);
            for t in timings.into_iter().flatten() {
                let op = t.get("op").and_then(Value::as_str).unwrap_or("?");
                let ada = t.get("weburl_over_ada").and_then(Value::as_f64);
                let url = t.get("weburl_over_url").and_then(Value::as_f64);
                let i = match cells.iter().position(|x| x.corpus == name && x.op == op) {
                    Some(i) => i,
                    None => {
                        cells.push(Cell {
                            corpus: name.to_owned(),
                            op: op.to_owned(),
                            over_ada: vec![None; run],
                            over_url: vec![None; run],
                            best_over_ada: vec![None; run],
                            best_over_url: vec![None; run],
                        });
                        cells.len() - 1
                    }
                };
                if let Some(cell) = cells.get_mut(i) {
                    cell.over_ada.push(ada);
                    cell.over_url.push(url);
                    cell.best_over_ada.push(best_ratio(t, Lib::Ada));
                    cell.best_over_url.push(best_ratio(t, Lib::RustUrl));
                }
            }
        }
    }
    Ok(cells)
}

/// weburl's median-of-runs time ratio to `other` on `corpus` and `op`.
pub fn time_ratio(cells: &[Cell], corpus: &str, op: Op, other: Lib) -> Option<f64> {
    cells
        .iter()
        .find(|c| c.corpus == corpus && c.op == op.name())?
        .median(other)
}

fn cells_line(values: &[Option<f64>]) -> String {
    let mut s = String::new();
    for v in values {
        let _ = match v {
            Some(x) => write!(s, " {x:>6.3}"),
            None => write!(s, " {:>6}", "-"),
        };
    }
    s
}

pub fn print_table(cells: &[Cell], runs: usize) {
    println!("\n== time ratios over {runs} full runs (each its own process; ratio = weburl median time / other) ==");
    println!("   best = the median over the runs of the ratio of best times");
    let width = 7 * runs;
    println!(
        "{:<16} {:<16} {:<width$} {:>8} {:>8}   {:<width$} {:>8} {:>8}",
        "corpus",
        "op",
        " weburl/ada per run",
        "median",
        "best",
        " weburl/url per run",
        "median",
        "best"
    );
    let fmt = |x: Option<f64>| x.map(|x| format!("{x:.3}")).unwrap_or_else(|| "-".into());
    for c in cells {
        println!(
            "{:<16} {:<16} {:<width$} {:>8} {:>8}   {:<width$} {:>8} {:>8}",
            c.corpus,
            c.op,
            cells_line(&c.over_ada),
            fmt(c.median(Lib::Ada)),
            fmt(c.best_median(Lib::Ada)),
            cells_line(&c.over_url),
            fmt(c.median(Lib::RustUrl)),
            fmt(c.best_median(Lib::RustUrl))
        );
    }
    if let Some(m) = time_ratio(cells, "wpt-urltestdata", Op::Parse, Lib::Ada) {
        println!(
            "\nwpt-urltestdata parse + href: weburl/ada, median of {runs} runs = {m:.3} \
             (issue 21: at most 0.75)"
        );
    }
}

pub fn json(cells: &[Cell]) -> Value {
    let rows: Vec<Value> = cells
        .iter()
        .map(|c| {
            json!({
                "name": c.corpus,
                "op": c.op,
                "weburl_over_ada": c.over_ada,
                "weburl_over_ada_median": c.median(Lib::Ada),
                "weburl_over_url": c.over_url,
                "weburl_over_url_median": c.median(Lib::RustUrl),
                "best_weburl_over_ada": c.best_over_ada,
                "best_weburl_over_ada_median": c.best_median(Lib::Ada),
                "best_weburl_over_url": c.best_over_url,
                "best_weburl_over_url_median": c.best_median(Lib::RustUrl),
            })
        })
        .collect();
    Value::Array(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|&x| x.to_owned()).collect()
    }

    #[test]
    fn children_get_the_timing_arguments_and_json() {
        let args = strings(&[
            "--runs",
            "3",
            "--corpus",
            "kasztp",
            "--instructions",
            "--svg",
            "a.svg",
            "--json",
            "--rounds",
            "5",
        ]);
        assert_eq!(
            child_args(&args),
            strings(&["--corpus", "kasztp", "--rounds", "5", "--json"])
        );
    }

    #[test]
    fn medians_skip_missing_runs() {
        assert_eq!(
            median_of(&[Some(0.7), None, Some(0.9), Some(0.8)]),
            Some(0.8)
        );
        assert_eq!(median_of(&[Some(0.7), Some(0.9)]), Some(0.8));
        assert_eq!(median_of(&[None]), None);
    }
}
