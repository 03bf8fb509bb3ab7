//! Helpers shared by the SQL tests: running a query and reading a result column.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use std::path::PathBuf;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, RecordBatch};
use datafusion::arrow::compute::{cast, concat};
use datafusion::arrow::datatypes::DataType;
use datafusion::error::Result;
use datafusion::prelude::SessionContext;

/// A context with the URL functions registered.
pub fn context() -> SessionContext {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    ctx
}

/// Runs `sql` and returns its result batches.
pub async fn query(ctx: &SessionContext, sql: &str) -> Result<Vec<RecordBatch>> {
    ctx.sql(sql).await?.collect().await
}

/// Column `index` of the result, all batches concatenated.
pub fn column(batches: &[RecordBatch], index: usize) -> ArrayRef {
    let arrays: Vec<&dyn Array> = batches.iter().map(|b| b.column(index).as_ref()).collect();
    match arrays.first() {
        Some(first) if arrays.len() == 1 => datafusion::arrow::array::make_array(first.to_data()),
        _ => concat(&arrays).unwrap(),
    }
}

/// The values of a scalar-typed column as strings (`None` for NULL): strings as they are,
/// numbers and booleans as Arrow casts them.
pub fn strings(array: &ArrayRef) -> Vec<Option<String>> {
    let utf8 = cast(array, &DataType::Utf8).unwrap();
    utf8.as_string::<i32>()
        .iter()
        .map(|v| v.map(str::to_owned))
        .collect()
}

/// Runs `sql` and returns its first column as strings.
pub async fn query_strings(ctx: &SessionContext, sql: &str) -> Vec<Option<String>> {
    let batches = query(ctx, sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    strings(&column(&batches, 0))
}

/// The repository's sibling `shared/datasets` directory (or `$WEBURL_DATASETS`).
pub fn datasets_dir() -> PathBuf {
    match std::env::var_os("WEBURL_DATASETS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets"),
    }
}

/// The four URL corpora.
pub const CORPORA: [&str; 4] = [
    "isaacs_files.txt",
    "kasztp.txt",
    "node_files.txt",
    "userbait.txt",
];

/// The lines of every corpus, in order (a leading byte order mark dropped, as UTF-8 decoding
/// does).
pub fn corpus_lines() -> Vec<String> {
    let dir = datasets_dir();
    let mut lines = Vec::new();
    for name in CORPORA {
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "corpus {} not readable ({e}); set WEBURL_DATASETS to the datasets directory",
                path.display()
            )
        });
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
        lines.extend(text.lines().map(str::to_owned));
    }
    lines
}
