//! `weburl_functions()`: every function's documentation as a table, since DuckDB's C API
//! cannot attach a description to a scalar function (`duckdb_functions()` shows NULL for
//! each). The rows are the records of `weburl_functions::catalogue`, the same that DataFusion
//! shows.
//!
//! ```sql
//! SELECT syntax, description FROM weburl_functions() WHERE function_name = 'url_join';
//! SELECT function_name, differences FROM weburl_functions() WHERE dialect = 'clickhouse';
//! ```

use std::sync::OnceLock;

use weburl_functions::catalogue;

use crate::ffi::Listing;

/// The table function, registered by the `weburl` extension (the dialects' functions are
/// listed whether or not their extension is loaded; `dialect` says which one has them).
pub(crate) static FUNCTIONS: Listing = Listing {
    name: "weburl_functions",
    columns: &[
        "function_name",
        "dialect",
        "syntax",
        "description",
        "example",
        "result",
        "differences",
    ],
    rows,
};

/// One row per function: the `url_*` functions (dialect NULL), then every dialect's.
fn rows() -> &'static [Vec<Option<String>>] {
    static ROWS: OnceLock<Vec<Vec<Option<String>>>> = OnceLock::new();
    ROWS.get_or_init(|| {
        catalogue::functions()
            .map(|f| {
                vec![
                    Some(f.name.to_owned()),
                    f.dialect.map(|d| d.name().to_owned()),
                    Some(f.syntax()),
                    Some(f.description.to_owned()),
                    Some(f.example.call.to_owned()),
                    Some(f.example.result.to_owned()),
                    Some(f.differences.to_owned()).filter(|d| !d.is_empty()),
                ]
            })
            .collect()
    })
}
