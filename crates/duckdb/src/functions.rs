//! Every function of the catalogue (`weburl_functions::catalogue`), registered by one loop over
//! its records: weburl's own `url_*` functions by the `weburl` extension, a dialect's by
//! `weburl_<dialect>` (the dialect extensions are this same library under another name, so
//! with another entry point; a name DuckDB already has, its own `url_encode` and `url_decode`,
//! is left to DuckDB). One callback computes every function: it converts DuckDB's vectors to
//! `&str`, lets the record's `Evaluator` compute each row, and writes the result with the typed
//! writers of `vector.rs`.

use libduckdb_sys as sys;
use weburl_functions::catalogue::{self, Datum, Dialect, Evaluator, Function, MAX_ARGUMENTS};
use weburl_functions::Component;

use crate::ffi::{self, extra_info, Registry, Strings, Type};
use crate::vector::{ListOut, Vector};

/// Names DuckDB has itself: registering them would fail.
pub const DUCKDB_BUILTINS: [&str; 2] = ["url_encode", "url_decode"];

/// The DuckDB type of a catalogue type.
fn logical_type(returns: catalogue::Type) -> Type {
    let s = Type::varchar;
    match returns {
        catalogue::Type::Varchar => s(),
        catalogue::Type::Integer => Type::integer(),
        catalogue::Type::BigInt => Type::bigint(),
        catalogue::Type::Boolean => Type::boolean(),
        catalogue::Type::VarcharList => Type::list(&s()),
        catalogue::Type::PairList => Type::list(&Type::structure(&[("name", s()), ("value", s())])),
        catalogue::Type::Components => {
            let fields: Vec<(&str, Type)> = Component::ALL
                .iter()
                .map(|c| {
                    let t = if c.is_integer() { Type::integer() } else { s() };
                    (c.name(), t)
                })
                .collect();
            Type::structure(&fields)
        }
    }
}

/// Registers weburl's own functions and the `weburl_functions()` table of every function's
/// documentation (`dialect` is `None`), or a dialect's functions.
pub(crate) fn register(registry: &mut Registry, dialect: Option<Dialect>) {
    if dialect.is_none() {
        registry.add_listing(&crate::docs::FUNCTIONS);
    }
    let s = Type::varchar();
    for f in catalogue::functions().filter(|f| f.dialect == dialect) {
        if DUCKDB_BUILTINS.contains(&f.name) {
            continue;
        }
        let out = logical_type(f.returns);
        for n in f.min_arguments()..=f.max_arguments() {
            let params: Vec<&Type> = (0..n).map(|_| &s).collect();
            // SAFETY: `call` reads its extra info as the `&'static Function` given here.
            unsafe { registry.add(f.name, &params, &out, call, f) };
        }
    }
}

/// The callback of every function registered here.
///
/// # Safety
/// Called by DuckDB with the live arguments of a function registered by [`register`].
unsafe extern "C" fn call(
    info: sys::duckdb_function_info,
    input: sys::duckdb_data_chunk,
    output: sys::duckdb_vector,
) {
    // SAFETY: every function registered by `register` has a `&'static Function` extra info.
    let f: &'static Function = unsafe { extra_info(info) };
    // SAFETY: `input` is the live input chunk; its columns are the registered parameters,
    // all VARCHAR.
    let (columns, rows) = unsafe {
        (
            sys::duckdb_data_chunk_get_column_count(input),
            sys::duckdb_data_chunk_get_size(input) as usize,
        )
    };
    // SAFETY: as above: column `c` is a VARCHAR column of the live chunk.
    let args: Vec<Strings> = (0..columns)
        .map(|c| unsafe { Strings::new(input, c) })
        .collect();
    // SAFETY: `output` is the live result vector, with room for the chunk's rows.
    let output = unsafe { Vector::new(output, rows) };
    // No panic may unwind into DuckDB: one becomes the query's error.
    let result =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(f, &args, rows, output)));
    let message = match result {
        Ok(Ok(())) => return,
        Ok(Err(message)) => message,
        Err(_) => "weburl: internal error (panic)".to_owned(),
    };
    // SAFETY: `info` is the live function info of this call.
    unsafe { ffi::set_error(info, &message) };
}

/// The result vector, written as the record's type.
enum Writer {
    Scalar(Vector),
    List(ListOut),
    Components {
        vector: Vector,
        fields: Vec<Vector>,
        scratch: String,
    },
}

impl Writer {
    fn new(returns: catalogue::Type, vector: Vector) -> Result<Writer, String> {
        Ok(match returns {
            catalogue::Type::VarcharList | catalogue::Type::PairList => {
                Writer::List(vector.into_list()?)
            }
            catalogue::Type::Components => Writer::Components {
                fields: (0..Component::ALL.len())
                    .map(|i| vector.struct_child(i))
                    .collect::<Result<_, _>>()?,
                vector,
                scratch: String::new(),
            },
            _ => Writer::Scalar(vector),
        })
    }

    /// Writes row `row`. A datum of another type than the vector's is an error. Inlined into
    /// both of [`run`]'s row loops: left to the compiler, it went out of line once there were two.
    #[inline(always)]
    fn set(&mut self, row: usize, datum: Datum<'_>) -> Result<(), String> {
        match (self, datum) {
            (Writer::Scalar(v), Datum::Null) => v.set_null(row),
            (Writer::Scalar(v), Datum::Str(s)) => v.set_str(row, Some(s)),
            (Writer::Scalar(v), Datum::Bool(b)) => v.set_bool(row, Some(b)),
            (Writer::Scalar(v), Datum::Int(i)) => match v.kind() {
                crate::vector::Kind::BigInt => v.set_i64(row, Some(i)),
                _ => v.set_i32(row, i32::try_from(i).ok()),
            },
            (Writer::List(out), Datum::Null) => out.set(row, None, |_, _| Ok(())),
            (Writer::List(out), Datum::List(items)) => {
                out.set(row, Some(items.len()), |mut child, at| {
                    for (i, item) in items.iter().enumerate() {
                        child.set_str(at + i, Some(item))?;
                    }
                    Ok(())
                })
            }
            (Writer::List(out), Datum::Pairs(items)) => {
                out.set(row, Some(items.len() / 2), |child, at| {
                    let mut names = child.struct_child(0)?;
                    let mut values = child.struct_child(1)?;
                    for (i, (name, value)) in items.pairs().enumerate() {
                        names.set_str(at + i, Some(name))?;
                        values.set_str(at + i, Some(value))?;
                    }
                    Ok(())
                })
            }
            (
                Writer::Components {
                    vector,
                    fields,
                    scratch,
                },
                datum @ (Datum::Url(_) | Datum::Null),
            ) => {
                let url = match datum {
                    Datum::Url(url) => Some(url),
                    _ => None,
                };
                if url.is_none() {
                    vector.set_null(row)?;
                }
                // A NULL struct's fields are NULL too.
                for (c, field) in Component::ALL.iter().zip(fields) {
                    if c.is_integer() {
                        field.set_i32(row, url.and_then(|u| c.integer(u)))?;
                    } else {
                        field.set_str(row, url.and_then(|u| c.string(u, scratch)))?;
                    }
                }
                Ok(())
            }
            (_, datum) => Err(format!("weburl: a result of the wrong type: {datum:?}")),
        }
    }
}

fn run(f: &'static Function, args: &[Strings], rows: usize, output: Vector) -> Result<(), String> {
    let mut out = Writer::new(f.returns, output)?;
    let mut row = Evaluator::new(f);
    if let [only] = args {
        // One column: the number of arguments checked once, by `Evaluator::one`.
        let mut one = row.one().map_err(|e| e.to_string())?;
        for r in 0..rows {
            let datum = one.eval(only.get(r)).map_err(|e| e.to_string())?;
            out.set(r, datum)?;
        }
        return Ok(());
    }
    let count = args.len().min(MAX_ARGUMENTS);
    let args = args.get(..count).unwrap_or_default();
    let mut values: [Option<&str>; MAX_ARGUMENTS] = [None; MAX_ARGUMENTS];
    for r in 0..rows {
        for (value, column) in values.iter_mut().zip(args) {
            *value = column.get(r);
        }
        let datum = row
            .eval(values.get(..count).unwrap_or_default())
            .map_err(|e| e.to_string())?;
        out.set(r, datum)?;
    }
    Ok(())
}
