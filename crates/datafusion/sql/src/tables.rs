//! `--table NAME=PATH`: a file registered as a table, its format by its extension.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};

use crate::args::Table;
use crate::progress::Counters;
use crate::text::{self, Source};

/// A file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Csv,
    Json,
    Parquet,
    Text,
}

/// The format of `path`, by its extension (ASCII case-insensitive): `.csv`, `.json` and
/// `.ndjson`, `.parquet`; anything else is text.
fn format(path: &str) -> Format {
    let extension = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match extension.as_str() {
        "csv" => Format::Csv,
        "json" | "ndjson" => Format::Json,
        "parquet" => Format::Parquet,
        _ => Format::Text,
    }
}

/// Registers `table` on `ctx`. A text table counts what it reads in `counters`. The error is
/// what to tell the user: a missing file names the file.
pub async fn register(
    ctx: &SessionContext,
    table: &Table,
    counters: &Arc<Counters>,
) -> Result<(), String> {
    let Table { name, path } = table;
    if path == "-" {
        let table = text::table(Source::Stdin, "stdin".to_owned(), Arc::clone(counters))
            .map_err(|e| e.to_string())?;
        ctx.register_table(name.as_str(), Arc::new(table))
            .map_err(|e| e.to_string())?;
        return Ok(());
    }
    let format = format(path);
    // A glob (`logs/*.parquet`) is DataFusion's to expand; anything else must exist, which
    // is checked here to name the file in the error rather than DataFusion's object store URL.
    let glob = path.contains(['*', '?', '[']);
    if !glob {
        let metadata = std::fs::metadata(path).map_err(|e| format!("{path}: {e}"))?;
        if format == Format::Text && metadata.is_dir() {
            return Err(format!(
                "{path}: is a directory (a text table is one file; a directory of CSV, JSON \
                 or Parquet files needs a name ending in .csv, .json or .parquet)"
            ));
        }
    }
    // The extension as written, so that `URLS.CSV` is not filtered out as "not .csv".
    let extension = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| format!(".{e}"))
        .unwrap_or_default();
    let registered = match format {
        Format::Csv => {
            ctx.register_csv(
                name.as_str(),
                path,
                CsvReadOptions::new().file_extension(&extension),
            )
            .await
        }
        Format::Json => {
            ctx.register_json(
                name.as_str(),
                path,
                JsonReadOptions::default().file_extension(&extension),
            )
            .await
        }
        Format::Parquet => {
            ctx.register_parquet(
                name.as_str(),
                path,
                ParquetReadOptions::default().file_extension(&extension),
            )
            .await
        }
        Format::Text => {
            let table = text::table(
                Source::File(PathBuf::from(path)),
                path.clone(),
                Arc::clone(counters),
            )
            .map_err(|e| e.to_string())?;
            ctx.register_table(name.as_str(), Arc::new(table))
                .map(|_| ())
        }
    };
    registered.map_err(|e| format!("{path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_extension() {
        for (path, want) in [
            ("a.csv", Format::Csv),
            ("A.CSV", Format::Csv),
            ("x/y.json", Format::Json),
            ("y.ndjson", Format::Json),
            ("z.parquet", Format::Parquet),
            ("urls.txt", Format::Text),
            ("urls", Format::Text),
            ("urls.csv.gz", Format::Text),
        ] {
            assert_eq!(format(path), want, "{path}");
        }
    }
}
