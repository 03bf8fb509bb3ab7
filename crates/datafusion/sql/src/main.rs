//! `weburl-sql`: run a SQL query (Apache DataFusion) with weburl's browser-exact URL functions
//! over text (one URL a line), CSV, JSON and Parquet files.
//!
//! ```text
//! cargo install --locked --path crates/datafusion/sql
//! weburl-sql --table urls=urls.txt \
//!     "SELECT url_hostname(url) AS host, count(*) AS n FROM urls GROUP BY host ORDER BY n DESC LIMIT 10"
//! ```
//!
//! A thin layer: the command line, the input files, progress and errors. The functions are
//! `weburl-datafusion`'s (and, with `--dialect`, its dialects'). `weburl-sql --help` lists the
//! options.

mod args;
mod output;
mod progress;
mod tables;
mod text;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;

use datafusion::error::DataFusionError;
use datafusion::prelude::SessionContext;
use weburl_datafusion::Dialect;

use crate::args::{Command, Options};
use crate::progress::{eprint_line, Counters, Reporter};

/// The exit status of every error.
const FAILURE: u8 = 2;

#[tokio::main]
async fn main() -> ExitCode {
    let result = match utf8_args().and_then(args::parse) {
        Ok(Command::Query(options)) => query(options).await,
        Ok(Command::Functions(dialects)) => functions(&dialects),
        Ok(Command::Help) => print(args::HELP),
        Ok(Command::Version) => print(&format!("weburl-sql {}\n", env!("CARGO_PKG_VERSION"))),
        Err(message) => Err(message),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprint_line(format_args!("error: {}", one_line(&message)));
            ExitCode::from(FAILURE)
        }
    }
}

/// The arguments, each of which must be UTF-8.
fn utf8_args() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .map(|arg| {
            arg.into_string()
                .map_err(|arg| format!("argument {arg:?} is not UTF-8"))
        })
        .collect()
}

/// `message` on one line: its lines joined by spaces.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes `text` on stdout. A reader that went away (`| head`) is not an error.
fn print(text: &str) -> Result<(), String> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => {
            Err(format!("writing the result: {err}"))
        }
        _ => Ok(()),
    }
}

/// The SQL text of a DataFusion error: its message without DataFusion's backtrace.
fn sql_error(err: DataFusionError) -> String {
    err.strip_backtrace()
}

/// Runs the query and prints its result.
async fn query(options: Options) -> Result<(), String> {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    for dialect in &options.dialects {
        weburl_datafusion::register_dialect(&ctx, *dialect);
    }
    let counters = Arc::new(Counters::default());
    for table in &options.tables {
        tables::register(&ctx, table, &counters).await?;
    }
    let frame = ctx.sql(&options.sql).await.map_err(sql_error)?;
    let plan = frame.create_physical_plan().await.map_err(sql_error)?;
    let reporter = Reporter::start(options.progress, counters, Arc::clone(&plan));
    let result = output::run(options.format, plan, ctx.task_ctx()).await;
    if let Some(reporter) = reporter {
        reporter.finish(result.is_ok());
    }
    match result? {
        Some(table) => print(&table),
        None => Ok(()),
    }
}

/// `--functions`: each URL function's syntax and description, by name, then each dialect's.
fn functions(dialects: &[Dialect]) -> Result<(), String> {
    let mut udfs = weburl_datafusion::udfs();
    udfs.sort_by(|a, b| a.name().cmp(b.name()));
    for dialect in dialects {
        let mut more = weburl_datafusion::dialect_udfs(*dialect);
        more.sort_by(|a, b| a.name().cmp(b.name()));
        udfs.extend(more);
    }
    let mut text = String::new();
    for udf in udfs {
        if let Some(doc) = udf.documentation() {
            text.push_str(&format!(
                "{}\n    {}\n\n",
                doc.syntax_example, doc.description
            ));
        }
    }
    print(&text)
}
