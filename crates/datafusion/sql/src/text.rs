//! A text table: one URL a line, one column `url` (Utf8View), read as the query runs (a
//! stream of batches, not the whole file in memory). A line that is not UTF-8 is reported on
//! stderr with its line number, as `weburl parse` reports it, and skipped.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, RecordBatch, StringViewBuilder};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::catalog::streaming::StreamingTable;
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::{SendableRecordBatchStream, TaskContext};
use datafusion::physical_plan::stream::RecordBatchReceiverStreamBuilder;
use datafusion::physical_plan::streaming::PartitionStream;

use crate::progress::{eprint_line, Counters};

/// Lines that are not UTF-8 reported one by one in a table; the rest are counted in one
/// last line.
const REPORTED_LINES: u64 = 100;

/// Where a text table's lines come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// A file.
    File(PathBuf),
    /// Standard input (`--table NAME=-`): it can be read only once.
    Stdin,
}

/// The table over `source`, its diagnostics naming it `label`.
pub fn table(source: Source, label: String, counters: Arc<Counters>) -> Result<StreamingTable> {
    let schema = Arc::new(Schema::new(vec![Field::new(
        "url",
        DataType::Utf8View,
        false,
    )]));
    let lines = Lines {
        schema: Arc::clone(&schema),
        source,
        label,
        counters,
        scans: AtomicUsize::new(0),
    };
    StreamingTable::try_new(schema, vec![Arc::new(lines)])
}

/// The one partition of a text table.
#[derive(Debug)]
struct Lines {
    schema: SchemaRef,
    source: Source,
    label: String,
    counters: Arc<Counters>,
    /// Scans started: only the first reports lines that are not UTF-8 (a query may read a
    /// table twice), and stdin cannot be read a second time.
    scans: AtomicUsize,
}

impl PartitionStream for Lines {
    fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    fn execute(&self, ctx: Arc<TaskContext>) -> SendableRecordBatchStream {
        let first = self.scans.fetch_add(1, Ordering::Relaxed) == 0;
        let batch_rows = ctx.session_config().batch_size().max(1);
        let mut builder = RecordBatchReceiverStreamBuilder::new(Arc::clone(&self.schema), 2);
        let tx = builder.tx();
        let schema = Arc::clone(&self.schema);
        let source = self.source.clone();
        let label = self.label.clone();
        let counters = Arc::clone(&self.counters);
        builder.spawn_blocking(move || {
            let failed = |err: io::Error| DataFusionError::Execution(format!("{label}: {err}"));
            let mut reader: Box<dyn BufRead> = match source {
                Source::File(path) => Box::new(BufReader::with_capacity(
                    1 << 16,
                    File::open(path).map_err(failed)?,
                )),
                Source::Stdin if first => Box::new(io::stdin().lock()),
                Source::Stdin => {
                    return Err(DataFusionError::Execution(format!(
                        "{label}: stdin can be read only once, and this query reads it \
                         twice: save it to a file"
                    )))
                }
            };
            let mut skipped = 0u64;
            let mut on_invalid = |line: u64| {
                skipped += 1;
                if first && skipped <= REPORTED_LINES {
                    eprint_line(format_args!(
                        "warning: {label}: line {line}: invalid UTF-8 (skipped)"
                    ));
                }
            };
            read_lines(
                &mut reader,
                &schema,
                batch_rows,
                &counters,
                &mut on_invalid,
                |batch| tx.blocking_send(Ok(batch)).is_ok(),
            )
            .map_err(failed)?;
            if first && skipped > REPORTED_LINES {
                eprint_line(format_args!(
                    "warning: {label}: {} more lines of invalid UTF-8 skipped ({skipped} in all)",
                    skipped - REPORTED_LINES
                ));
            }
            Ok(())
        });
        builder.build()
    }
}

/// Reads `reader`'s lines (without `\n` and a trailing `\r`; a leading byte order mark
/// dropped) into batches of `batch_rows` rows of `schema`, handing each to `emit` until it
/// returns false. A line that is not UTF-8 goes to `on_invalid` (its 1-based number) instead.
fn read_lines(
    reader: &mut dyn BufRead,
    schema: &SchemaRef,
    batch_rows: usize,
    counters: &Counters,
    on_invalid: &mut dyn FnMut(u64),
    mut emit: impl FnMut(RecordBatch) -> bool,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(256);
    let mut line = 0u64;
    let mut column = StringViewBuilder::with_capacity(batch_rows);
    let mut rows = 0usize;
    let mut bytes = 0u64;
    let mut flush = |column: &mut StringViewBuilder, rows: &mut usize, bytes: &mut u64| {
        let array: ArrayRef = Arc::new(column.finish());
        counters.rows.fetch_add(*rows as u64, Ordering::Relaxed);
        counters.bytes.fetch_add(*bytes, Ordering::Relaxed);
        *rows = 0;
        *bytes = 0;
        RecordBatch::try_new(Arc::clone(schema), vec![array])
            .map_err(|err| io::Error::other(err.to_string()))
            .map(&mut emit)
    };
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(n) => bytes += n as u64,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        }
        line += 1;
        let mut text = buf.strip_suffix(b"\n").unwrap_or(&buf);
        text = text.strip_suffix(b"\r").unwrap_or(text);
        if line == 1 {
            text = text.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(text);
        }
        match std::str::from_utf8(text) {
            Ok(text) => {
                column.append_value(text);
                rows += 1;
                if rows == batch_rows && !flush(&mut column, &mut rows, &mut bytes)? {
                    return Ok(());
                }
            }
            Err(_) => on_invalid(line),
        }
    }
    if rows > 0 {
        flush(&mut column, &mut rows, &mut bytes)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use datafusion::arrow::array::{Array, AsArray};

    use super::*;

    /// The rows of each batch, and the invalid lines' numbers.
    fn read(data: &[u8], batch_rows: usize) -> (Vec<Vec<String>>, Vec<u64>) {
        let schema = Arc::new(Schema::new(vec![Field::new(
            "url",
            DataType::Utf8View,
            false,
        )]));
        let counters = Counters::default();
        let mut invalid = Vec::new();
        let mut batches = Vec::new();
        read_lines(
            &mut &data[..],
            &schema,
            batch_rows,
            &counters,
            &mut |line| invalid.push(line),
            |batch| {
                let column = batch.column(0).as_string_view();
                batches.push(
                    (0..column.len())
                        .map(|i| column.value(i).to_owned())
                        .collect(),
                );
                true
            },
        )
        .unwrap();
        let rows: usize = batches.iter().map(Vec::len).sum();
        assert_eq!(counters.rows.load(Ordering::Relaxed), rows as u64);
        (batches, invalid)
    }

    #[test]
    fn lines_terminators_bom_and_invalid_utf8() {
        let (batches, invalid) = read(b"\xEF\xBB\xBFa\r\nb\n\n\xff\xfe\nlast", 2);
        assert_eq!(batches, [vec!["a", "b"], vec!["", "last"]]);
        assert_eq!(invalid, [4]);
    }

    #[test]
    fn empty_input_and_stopping() {
        assert_eq!(read(b"", 8), (vec![], vec![]));
        let schema = Arc::new(Schema::new(vec![Field::new(
            "url",
            DataType::Utf8View,
            false,
        )]));
        let mut emitted = 0;
        read_lines(
            &mut &b"a\nb\nc\nd\n"[..],
            &schema,
            1,
            &Counters::default(),
            &mut |_| {},
            |_| {
                emitted += 1;
                false
            },
        )
        .unwrap();
        assert_eq!(emitted, 1);
    }
}
