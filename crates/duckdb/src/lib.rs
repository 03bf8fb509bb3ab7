//! weburl's URL functions as a DuckDB loadable extension: `url_hostname`,
//! `url_registrable_domain`, `url_parse`, ... with the names, argument types and
//! NULL-on-failure convention of `weburl-datafusion`, and the same meaning (both call
//! `weburl-functions`).
//!
//! Built as a `cdylib` over DuckDB's C extension API (`libduckdb-sys` with its
//! `loadable-extension` feature: no DuckDB is compiled or linked; DuckDB hands the extension its
//! function table when it loads it). `cargo xtask duckdb build` appends the metadata footer
//! DuckDB checks and writes `weburl.duckdb_extension`:
//!
//! ```sql
//! -- duckdb -unsigned (or SET allow_unsigned_extensions = true at startup)
//! LOAD 'target/duckdb/weburl.duckdb_extension';
//! SELECT url_registrable_domain('https://www.example.co.uk/a');  -- example.co.uk
//! ```
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

mod docs;
mod ffi;
mod functions;
mod vector;

use libduckdb_sys as sys;
use weburl_functions::dialect::Dialect;

/// The oldest DuckDB C API whose function table this extension uses: DuckDB 1.2.0 and every
/// later release (the `duckdb` Python package 2.x included) load it.
pub const C_API_VERSION: &str = "v1.2.0";

/// DuckDB's entry point for the extension `weburl` (the file name's stem and `_init_c_api`).
/// Returns whether the functions were registered; on failure DuckDB reports the error set
/// through `access`.
///
/// # Safety
/// Called by DuckDB's extension loader with the live `info` and `access` it created.
#[no_mangle]
pub unsafe extern "C" fn weburl_init_c_api(
    info: sys::duckdb_extension_info,
    access: *const sys::duckdb_extension_access,
) -> bool {
    // SAFETY: DuckDB's contract for an entry point: `access` is valid during this call.
    unsafe { entry(info, access, None) }
}

/// The entry point of `weburl_<dialect>.duckdb_extension`: this library under another name,
/// registering that dialect's function names (`LOAD` it after `weburl`).
macro_rules! dialect_entry {
    ($name:ident, $dialect:expr, $file:literal) => {
        #[doc = concat!("DuckDB's entry point for `", $file, "`: registers the ", stringify!($dialect), " names.")]
        ///
        /// # Safety
        /// Called by DuckDB's extension loader with the live `info` and `access` it created.
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            info: sys::duckdb_extension_info,
            access: *const sys::duckdb_extension_access,
        ) -> bool {
            // SAFETY: as for `weburl_init_c_api`.
            unsafe { entry(info, access, Some($dialect)) }
        }
    };
}

dialect_entry!(
    weburl_clickhouse_init_c_api,
    Dialect::ClickHouse,
    "weburl_clickhouse"
);
dialect_entry!(weburl_trino_init_c_api, Dialect::Trino, "weburl_trino");
dialect_entry!(
    weburl_bigquery_init_c_api,
    Dialect::BigQuery,
    "weburl_bigquery"
);
dialect_entry!(weburl_spark_init_c_api, Dialect::Spark, "weburl_spark");

/// Registers the `url_*` functions (`dialect` is `None`) or a dialect's, reporting a failure
/// through `access`.
///
/// # Safety
/// As for [`weburl_init_c_api`].
unsafe fn entry(
    info: sys::duckdb_extension_info,
    access: *const sys::duckdb_extension_access,
    dialect: Option<Dialect>,
) -> bool {
    // SAFETY: the caller's contract.
    match unsafe { init(info, access, dialect) } {
        Ok(()) => true,
        Err(message) => {
            let message = ffi::c_string(&message);
            // SAFETY: as above; DuckDB copies the message.
            unsafe {
                if let Some(set_error) = (*access).set_error {
                    set_error(info, message.as_ptr());
                }
            }
            false
        }
    }
}

/// Fills the function table, connects to the database being loaded into and registers the
/// functions.
unsafe fn init(
    info: sys::duckdb_extension_info,
    access: *const sys::duckdb_extension_access,
    dialect: Option<Dialect>,
) -> Result<(), String> {
    // SAFETY: `access` is DuckDB's; the init stores the function pointers of its table.
    let loaded = unsafe { sys::duckdb_rs_extension_api_init(info, access, C_API_VERSION) }
        .map_err(|e| format!("weburl: {e}"))?;
    if !loaded {
        // DuckDB has set the error (a C API older than the one required).
        return Err(format!(
            "weburl: DuckDB does not offer C API {C_API_VERSION}"
        ));
    }
    // SAFETY: `get_database` returns the database being loaded into, valid during the call;
    // the connection is closed before returning.
    unsafe {
        let get_database = (*access)
            .get_database
            .ok_or("weburl: DuckDB gave no database")?;
        let database = get_database(info);
        if database.is_null() {
            return Err("weburl: DuckDB gave no database".to_owned());
        }
        let mut connection: sys::duckdb_connection = std::ptr::null_mut();
        if sys::duckdb_connect(*database, &mut connection) != sys::DuckDBSuccess {
            return Err("weburl: cannot connect to the database".to_owned());
        }
        let mut registry = ffi::Registry::new(connection);
        functions::register(&mut registry, dialect);
        let refused = registry.finish();
        sys::duckdb_disconnect(&mut connection);
        if !refused.is_empty() {
            return Err(format!("weburl: DuckDB refused {}", refused.join(", ")));
        }
    }
    Ok(())
}
