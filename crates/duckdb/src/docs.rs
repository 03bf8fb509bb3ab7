//! `weburl_functions()`: every function's documentation as a table, since DuckDB's C API
//! cannot attach a description to a scalar function (`duckdb_functions()` shows NULL for
//! each). The text is `weburl_functions::docs` and `weburl_functions::dialect`'s, the same
//! that DataFusion shows.
//!
//! ```sql
//! SELECT syntax, description FROM weburl_functions() WHERE function_name = 'url_join';
//! SELECT function_name, differences FROM weburl_functions() WHERE dialect = 'clickhouse';
//! ```

use std::sync::OnceLock;

use weburl_functions::{dialect, docs};

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
        let own = docs::functions().map(|f| {
            vec![
                Some(f.name.to_owned()),
                None,
                Some(f.syntax.to_owned()),
                Some(f.description.to_owned()),
                Some(f.example.call.to_owned()),
                Some(f.example.result.to_owned()),
                None,
            ]
        });
        let dialects = dialect::functions().map(|f| {
            vec![
                Some(f.name.to_owned()),
                Some(f.dialect.name().to_owned()),
                Some(format!("{}({})", f.name, f.arguments.join(", "))),
                Some(f.description.to_owned()),
                Some(f.example.call.to_owned()),
                Some(f.example.result.to_owned()),
                Some(f.differences.to_owned()).filter(|d| !d.is_empty()),
            ]
        });
        own.chain(dialects).collect()
    })
}
