//! Rows per second of `url_hostname` and `url_registrable_domain` in DataFusion SQL, side by
//! side with `datafusion-spark`'s `parse_url(url, 'HOST')` (built on rust-url) and with the
//! weburl facade called in a plain loop over the same strings, in one run.
//!
//! ```text
//! cargo bench --bench throughput                      # ~10 million rows
//! cargo bench --bench throughput -- --rows 1000000 --rounds 3
//! ```
//!
//! The rows are the four corpora of `../shared/datasets` (or `$WEBURL_DATASETS`) repeated, in
//! one in-memory table of `Utf8View` batches of 8192 rows. Each query is `SELECT
//! count(f(url)) FROM urls`, so every row's result is built and counted, on one partition
//! (one core) like the plain loop, then on every core. Each figure is the best of the rounds.
//! Peak memory is the process's resident high-water mark (VmHWM) over one query, reset before
//! it through /proc/self/clear_refs (Linux).
#![allow(clippy::unwrap_used, clippy::panic)]

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::error::Result;
use datafusion::prelude::{SessionConfig, SessionContext};
use weburl::Url;

const BATCH_ROWS: usize = 8192;

fn corpus_lines() -> Vec<String> {
    let dir = match std::env::var_os("WEBURL_DATASETS") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets")
        }
    };
    let mut lines = Vec::new();
    for name in [
        "isaacs_files.txt",
        "kasztp.txt",
        "node_files.txt",
        "userbait.txt",
    ] {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (set WEBURL_DATASETS)", path.display()));
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
        lines.extend(text.lines().map(str::to_owned));
    }
    lines
}

/// The corpus lines repeated to `rows` rows, as `Utf8View` batches.
fn batches(lines: &[String], rows: usize) -> Vec<RecordBatch> {
    let schema = Arc::new(Schema::new(vec![Field::new(
        "url",
        DataType::Utf8View,
        false,
    )]));
    let all: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .cycle()
        .take(rows)
        .collect();
    all.chunks(BATCH_ROWS)
        .map(|chunk| {
            let column: ArrayRef = Arc::new(StringViewArray::from_iter_values(chunk.iter()));
            RecordBatch::try_new(Arc::clone(&schema), vec![column]).unwrap()
        })
        .collect()
}

/// Resets the resident-set high-water mark (Linux: writing 5 to /proc/self/clear_refs).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The resident-set high-water mark in MiB (Linux), or 0.
fn peak_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}

fn resident_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}

struct Row {
    name: String,
    best: Duration,
    peak_over_base: u64,
}

fn best_of(rounds: usize, mut f: impl FnMut() -> Result<()>) -> Result<(Duration, u64)> {
    let mut best = Duration::MAX;
    let base = resident_mib();
    reset_peak();
    for _ in 0..rounds {
        let start = Instant::now();
        f()?;
        best = best.min(start.elapsed());
    }
    Ok((best, peak_mib().saturating_sub(base)))
}

fn context(batches: &[RecordBatch], partitions: usize) -> Result<SessionContext> {
    let config = SessionConfig::new()
        .with_target_partitions(partitions)
        .with_batch_size(BATCH_ROWS);
    let ctx = SessionContext::new_with_config(config);
    weburl_datafusion::register(&ctx);
    for udf in datafusion_spark::all_default_scalar_functions() {
        if matches!(udf.name(), "parse_url" | "try_parse_url") {
            ctx.register_udf(Arc::unwrap_or_clone(udf));
        }
    }
    let schema = batches.first().map(RecordBatch::schema).unwrap();
    // One partition per core the query may use, batches dealt round robin.
    let mut parts = vec![Vec::new(); partitions];
    for (i, batch) in batches.iter().enumerate() {
        if let Some(part) = parts.get_mut(i % partitions) {
            part.push(batch.clone());
        }
    }
    ctx.register_table("urls", Arc::new(MemTable::try_new(schema, parts)?))?;
    Ok(ctx)
}

fn main() -> Result<()> {
    let mut rows = 10_000_000usize;
    let mut rounds = 3usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rows" => rows = args.next().and_then(|v| v.parse().ok()).unwrap_or(rows),
            "--rounds" => rounds = args.next().and_then(|v| v.parse().ok()).unwrap_or(rounds),
            _ => {} // cargo bench passes --bench
        }
    }
    let lines = corpus_lines();
    let batches = batches(&lines, rows);
    let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
    let runtime = tokio::runtime::Builder::new_multi_thread().build()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{rows} rows ({} corpus lines repeated), {rounds} rounds, best of each; {cores} cores",
        lines.len()
    );

    let mut table: Vec<Row> = Vec::new();
    let mut add = |name: String, (best, peak): (Duration, u64)| {
        table.push(Row {
            name,
            best,
            peak_over_base: peak,
        })
    };

    // The facade in a plain loop: parse, copy the result into a reused buffer.
    for (label, part) in [
        (
            "hostname",
            (|u: &Url| Some(u.hostname().len())) as fn(&Url) -> Option<usize>,
        ),
        ("registrable_domain", |u: &Url| {
            u.registrable_domain().map(str::len)
        }),
    ] {
        let measured = best_of(rounds, || {
            let mut found = 0usize;
            for batch in &batches {
                let column = batch
                    .column(0)
                    .as_any()
                    .downcast_ref::<StringViewArray>()
                    .unwrap();
                for value in column.iter().flatten() {
                    if let Ok(url) = Url::parse(value) {
                        found += part(&url).unwrap_or(0);
                    }
                }
            }
            black_box(found);
            Ok(())
        })?;
        add(
            format!("plain loop: Url::parse + {label} (1 core)"),
            measured,
        );
    }

    for partitions in [1, cores] {
        let ctx = context(&batches, partitions)?;
        for (label, expr) in [
            ("url_hostname(url)", "url_hostname(url)"),
            ("url_registrable_domain(url)", "url_registrable_domain(url)"),
            (
                "datafusion-spark parse_url(url, 'HOST')",
                "parse_url(url, 'HOST')",
            ),
            (
                "datafusion-spark try_parse_url(url, 'HOST')",
                "try_parse_url(url, 'HOST')",
            ),
        ] {
            let sql = format!("SELECT count({expr}) FROM urls");
            let measured = best_of(rounds, || {
                runtime.block_on(async {
                    let batches = ctx.sql(&sql).await?.collect().await?;
                    black_box(batches);
                    Ok(())
                })
            });
            match measured {
                Ok(m) => add(format!("SQL {label} ({partitions} partition(s))"), m),
                Err(e) => println!("SQL {label}: failed: {e}"),
            }
        }
    }

    println!("\n| what | rows/s | time | peak RSS over data |");
    println!("|---|---:|---:|---:|");
    for row in &table {
        let per_second = rows as f64 / row.best.as_secs_f64();
        println!(
            "| {} | {:.2} M | {:.3} s | {} MiB |",
            row.name,
            per_second / 1e6,
            row.best.as_secs_f64(),
            row.peak_over_base
        );
    }
    Ok(())
}
