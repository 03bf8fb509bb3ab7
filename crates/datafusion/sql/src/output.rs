//! The result on stdout (`--format`): an aligned table (the default: every row collected
//! first), CSV or JSON lines (streamed as the batches come).

use std::io::{self, BufWriter, Stdout, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use datafusion::arrow::array::RecordBatch;
use datafusion::arrow::csv::WriterBuilder;
use datafusion::arrow::error::ArrowError;
use datafusion::arrow::json::LineDelimitedWriter;
use datafusion::arrow::util::pretty::pretty_format_batches_with_schema;
use datafusion::execution::TaskContext;
use datafusion::physical_plan::{collect, execute_stream, ExecutionPlan};
use futures::StreamExt;

use crate::progress;

/// How the result is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// An aligned table with a header (`table`).
    Table,
    /// CSV with a header line (`csv`).
    Csv,
    /// One JSON object a row (`json`).
    Json,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s.to_ascii_lowercase().as_str() {
            "table" => Ok(Format::Table),
            "csv" => Ok(Format::Csv),
            "json" | "ndjson" => Ok(Format::Json),
            _ => Err(format!("unknown format '{s}'; expected table, csv or json")),
        }
    }
}

/// Writes one batch.
type WriteBatch = dyn FnMut(&RecordBatch) -> Result<(), ArrowError>;

/// Runs `plan`. A table is returned, to be printed once progress is done with; CSV and JSON
/// are written to stdout as they come (`None`). A reader of stdout that went away is not an
/// error.
pub async fn run(
    format: Format,
    plan: Arc<dyn ExecutionPlan>,
    task: Arc<TaskContext>,
) -> Result<Option<String>, String> {
    if format == Format::Table {
        let schema = plan.schema();
        let batches = collect(plan, task).await.map_err(|e| e.strip_backtrace())?;
        let table =
            pretty_format_batches_with_schema(schema, &batches).map_err(|e| e.to_string())?;
        return Ok(Some(format!("{table}\n")));
    }
    let mut stream = execute_stream(plan, task).map_err(|e| e.strip_backtrace())?;
    let broken = Arc::new(AtomicBool::new(false));
    let out = Out {
        inner: BufWriter::new(io::stdout()),
        broken: Arc::clone(&broken),
    };
    let mut writer: Box<WriteBatch> = match format {
        Format::Csv => {
            // It flushes `out` after each batch.
            let mut csv = WriterBuilder::new().with_header(true).build(out);
            Box::new(move |batch| csv.write(batch))
        }
        _ => {
            let mut json = LineDelimitedWriter::new(out);
            Box::new(move |batch| {
                json.write(batch)?;
                json.get_mut().flush().map_err(ArrowError::from)
            })
        }
    };
    while let Some(batch) = stream.next().await {
        let batch = batch.map_err(|e| e.strip_backtrace())?;
        if let Err(err) = progress::without_line(|| writer(&batch)) {
            if broken.load(Ordering::Relaxed) {
                return Ok(None);
            }
            return Err(format!("writing the result: {err}"));
        }
    }
    Ok(None)
}

/// Stdout, remembering whether its reader went away.
struct Out {
    inner: BufWriter<Stdout>,
    broken: Arc<AtomicBool>,
}

impl Out {
    fn check<T>(&self, result: io::Result<T>) -> io::Result<T> {
        if let Err(err) = &result {
            if err.kind() == io::ErrorKind::BrokenPipe {
                self.broken.store(true, Ordering::Relaxed);
            }
        }
        result
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(buf);
        self.check(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.check(result)
    }
}
