//! The dialect functions (`weburl_functions::dialect`) in DuckDB, opt-in by a second `LOAD`:
//! `weburl_clickhouse.duckdb_extension`, `weburl_trino`, `weburl_bigquery` and `weburl_spark`
//! are this same library under another name (so with another entry point, below), and
//! register that engine's names. A name DuckDB already has (its own `url_encode` and
//! `url_decode`) is left to DuckDB.

use libduckdb_sys as sys;
use weburl_functions::dialect::{Dialect, Function, Type as DType, Value};

use crate::ffi::{self, extra_info, set_i32, ListOut, Registry, StringOut, Strings, Type};

/// Names DuckDB has itself: registering them would fail.
pub const DUCKDB_BUILTINS: [&str; 2] = ["url_encode", "url_decode"];

/// Registers dialect `d`'s functions.
pub(crate) fn register(registry: &mut Registry, d: Dialect) {
    let s = Type::varchar();
    for f in d.functions() {
        if DUCKDB_BUILTINS.contains(&f.name) {
            continue;
        }
        let out = match f.returns {
            DType::Varchar => Type::varchar(),
            DType::Integer => Type::integer(),
            DType::BigInt => Type::bigint(),
            DType::VarcharList => Type::list(&s),
        };
        for n in f.min_arguments()..=f.arguments.len() {
            let params: Vec<&Type> = (0..n).map(|_| &s).collect();
            registry.add(f.name, &params, &out, call_function, f);
        }
    }
}

unsafe extern "C" fn call_function(
    info: sys::duckdb_function_info,
    input: sys::duckdb_data_chunk,
    output: sys::duckdb_vector,
) {
    // SAFETY: every dialect function is registered with its `&'static Function`.
    let f: &Function = unsafe { extra_info(info) };
    // SAFETY: the column count matches the registered parameters.
    let columns = unsafe { sys::duckdb_data_chunk_get_column_count(input) };
    let args: Vec<Strings> = (0..columns).map(|c| Strings::new(input, c)).collect();
    let rows = args.first().map_or(0, Strings::rows);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut strings = StringOut::new(output);
        let mut lists = ListOut::new(output);
        for row in 0..rows {
            let values: Option<Vec<&str>> = args.iter().map(|a| a.get(row)).collect();
            let value = match values {
                Some(values) => f.call(&values)?,
                None => None,
            };
            match (f.returns, value) {
                (_, None) => ffi::set_null(output, row),
                (_, Some(Value::Str(v))) => strings.set(row, Some(&v)),
                (DType::BigInt, Some(Value::Int(v))) => ffi::set_i64(output, row, Some(v)),
                (_, Some(Value::Int(v))) => set_i32(output, row, i32::try_from(v).ok()),
                (_, Some(Value::List(items))) => {
                    lists.set(row, Some(items.len()), |child, at| {
                        let mut c = StringOut::new(child);
                        for (i, item) in items.iter().enumerate() {
                            c.set(at + i, Some(item));
                        }
                    });
                }
            }
        }
        Ok::<(), String>(())
    }));
    match result {
        Ok(Ok(())) => {}
        Ok(Err(message)) => ffi::set_error(info, &message),
        Err(_) => ffi::set_error(info, "weburl: internal error (panic)"),
    }
}
