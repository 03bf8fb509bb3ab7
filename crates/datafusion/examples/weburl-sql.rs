//! `weburl-sql`: run a SQL query with the URL functions over text, CSV, JSON or Parquet files.
//!
//! ```text
//! cargo run --release --example weburl-sql -- \
//!     "SELECT url_hostname(url) AS host, count(*) AS n FROM urls GROUP BY host ORDER BY n DESC LIMIT 10" \
//!     --table urls=../shared/datasets/kasztp.txt
//! ```
//!
//! `--table NAME=PATH` registers a table (repeat it for several). A `.csv`, `.json`
//! (newline-delimited) or `.parquet` file is read as DataFusion reads it; any other file is
//! text, one URL a line, which becomes a table with one column `url` (Utf8View).
//! `--functions` lists the URL functions with their descriptions instead.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::datasource::MemTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};

const USAGE: &str = "usage: weburl-sql 'SQL' [--table NAME=PATH]...   (or: weburl-sql --functions)";

/// Rows per batch of a text table.
const BATCH_ROWS: usize = 8192;

/// Registers the lines of a text file as table `name` with one column `url`.
fn register_lines(ctx: &SessionContext, name: &str, path: &Path) -> Result<()> {
    let text = std::fs::read_to_string(path)?;
    // UTF-8 decoding drops a leading byte order mark.
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let schema = Arc::new(Schema::new(vec![Field::new(
        "url",
        DataType::Utf8View,
        false,
    )]));
    let lines: Vec<&str> = text.lines().collect();
    let batches = lines
        .chunks(BATCH_ROWS)
        .map(|chunk| {
            let column: ArrayRef = Arc::new(StringViewArray::from_iter_values(chunk.iter()));
            RecordBatch::try_new(Arc::clone(&schema), vec![column]).map_err(DataFusionError::from)
        })
        .collect::<Result<Vec<_>>>()?;
    ctx.register_table(name, Arc::new(MemTable::try_new(schema, vec![batches])?))?;
    Ok(())
}

async fn register_file(ctx: &SessionContext, name: &str, path: &str) -> Result<()> {
    let extension = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match extension.as_str() {
        "csv" => ctx.register_csv(name, path, CsvReadOptions::new()).await,
        "json" | "ndjson" => {
            let options = JsonReadOptions::default().file_extension(if extension == "ndjson" {
                ".ndjson"
            } else {
                ".json"
            });
            ctx.register_json(name, path, options).await
        }
        "parquet" => {
            ctx.register_parquet(name, path, ParquetReadOptions::default())
                .await
        }
        _ => register_lines(ctx, name, Path::new(path)),
    }
}

async fn run(args: Vec<String>) -> Result<()> {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    if args.first().map(String::as_str) == Some("--functions") {
        let mut udfs = weburl_datafusion::udfs();
        udfs.sort_by(|a, b| a.name().cmp(b.name()));
        for udf in udfs {
            if let Some(doc) = udf.documentation() {
                println!("{}\n    {}\n", doc.syntax_example, doc.description);
            }
        }
        return Ok(());
    }
    let mut sql = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--table" {
            let spec = args.next().unwrap_or_default();
            let Some((name, path)) = spec.split_once('=') else {
                return Err(DataFusionError::Configuration(format!(
                    "--table wants NAME=PATH, got '{spec}'\n{USAGE}"
                )));
            };
            register_file(&ctx, name, path).await?;
        } else if let Some(spec) = arg.strip_prefix("--table=") {
            let Some((name, path)) = spec.split_once('=') else {
                return Err(DataFusionError::Configuration(USAGE.to_owned()));
            };
            register_file(&ctx, name, path).await?;
        } else if sql.is_none() && !arg.starts_with("--") {
            sql = Some(arg);
        } else {
            return Err(DataFusionError::Configuration(format!(
                "unexpected argument '{arg}'\n{USAGE}"
            )));
        }
    }
    let Some(sql) = sql else {
        return Err(DataFusionError::Configuration(USAGE.to_owned()));
    };
    let batches = ctx.sql(&sql).await?.collect().await?;
    println!("{}", pretty_format_batches(&batches)?);
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
