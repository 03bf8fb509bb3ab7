//! The Polars expression plugin: `import weburl_polars` (or the base package's
//! `weburl.polars`) registers the `url` namespace on expressions
//! (`python/weburl_polars/__init__.py`), whose methods call these functions through Polars'
//! plugin interface (pyo3-polars' `#[polars_expr]`).
//!
//! One plugin function, `url_call`, computes every function of the catalogue
//! (`weburl_functions::catalogue`, named by its `function` keyword argument): it converts the
//! Polars columns to `&str` values, lets the record's `Evaluator` compute each row and builds
//! the column of the record's type; the same records and evaluators that weburl-datafusion's
//! SQL functions use, so `url_hostname` in SQL and `pl.col("u").url.hostname()` cannot differ.
//! The expression's column is the record's `ref` argument if it has one (`url_join`'s), else
//! its first; the other inputs are the other arguments in order, each a column or one value
//! that Polars passes as a column of length 1 and that applies to every row. A null input, and
//! an input that is not a valid URL, give null (as SQL's NULL). Every function is elementwise:
//! Polars runs it on each chunk of a column in parallel, in lazy and streaming queries alike.
// The `#[polars_expr]` attribute expands each function into `unsafe extern "C"` entry points
// (`_polars_plugin_<name>` and `_polars_plugin_field_<name>`) that Polars calls by name; this
// module writes no `unsafe` of its own.
#![allow(unsafe_code)]

use ::polars::prelude::*;
use pyo3_polars::derive::{polars_expr, CallerContext};
use pyo3_polars::export::polars_core::chunked_array::builder::get_list_builder;
use rayon::prelude::*;
use serde::Deserialize;
use weburl_functions::catalogue::{self, Datum, Evaluator, Function, Type, MAX_ARGUMENTS};
use weburl_functions::Component;

/// The first input column as strings.
fn strings(inputs: &[Series]) -> PolarsResult<&StringChunked> {
    match inputs.first() {
        Some(series) => series.str(),
        None => polars_bail!(InvalidOperation: "weburl: a URL column is required"),
    }
}

/// The name of the output column: the URL column's.
fn output_name(fields: &[Field]) -> PlSmallStr {
    fields
        .first()
        .map(|f| f.name().clone())
        .unwrap_or_else(|| PlSmallStr::from_static("url"))
}

/// Below this many rows a column is not split across threads.
const PARALLEL_MIN_ROWS: usize = 1 << 16;

/// Runs `f` on `urls`, split into one slice per thread of a rayon pool (this library's own,
/// one thread per core) when Polars does not already run this call in parallel: an eager
/// `select` of one column hands the whole column to one call, while the streaming engine calls
/// once per morsel, in parallel.
fn split_by_thread(
    urls: &StringChunked,
    context: CallerContext,
    f: impl Fn(&StringChunked) -> PolarsResult<Series> + Sync,
) -> PolarsResult<Series> {
    let threads = rayon::current_num_threads();
    if context.parallel() || threads <= 1 || urls.len() < PARALLEL_MIN_ROWS {
        return f(urls);
    }
    let rows = urls.len().div_ceil(threads);
    let parts: Vec<PolarsResult<Series>> = (0..threads)
        .into_par_iter()
        .map(|i: usize| f(&urls.slice(i.saturating_mul(rows) as i64, rows)))
        .collect();
    let mut parts = parts.into_iter();
    let Some(first) = parts.next() else {
        return f(urls);
    };
    let mut out = first?;
    for part in parts {
        out.append(&part?)?;
    }
    Ok(out)
}

#[derive(Deserialize)]
struct CallKwargs {
    /// The function's name (`url_hostname`), or a component's (`hostname`).
    function: String,
}

/// The record of weburl's own function `name`, or of the component called `name`.
fn record(name: &str) -> PolarsResult<&'static Function> {
    if let Some(f) = catalogue::own().find(|f| f.name == name) {
        return Ok(f);
    }
    name.parse::<Component>()
        .map(Component::doc)
        .map_err(|e| polars_err!(InvalidOperation: "weburl: {e}"))
}

/// Which SQL argument the expression's column is: `ref` if the record has one, else the first.
fn column_index(f: &Function) -> usize {
    f.arguments
        .iter()
        .position(|a| a.name == "ref")
        .unwrap_or(0)
}

fn pair_dtype() -> DataType {
    DataType::Struct(vec![
        Field::new(PlSmallStr::from_static("name"), DataType::String),
        Field::new(PlSmallStr::from_static("value"), DataType::String),
    ])
}

fn parse_dtype() -> DataType {
    DataType::Struct(
        Component::ALL
            .iter()
            .map(|c| Field::new(PlSmallStr::from_static(c.name()), component_dtype(*c)))
            .collect(),
    )
}

fn component_dtype(c: Component) -> DataType {
    if c.is_integer() {
        DataType::Int32
    } else {
        DataType::String
    }
}

/// The Polars type of a catalogue type.
fn dtype(returns: Type) -> DataType {
    match returns {
        Type::Varchar => DataType::String,
        Type::Integer => DataType::Int32,
        Type::BigInt => DataType::Int64,
        Type::Boolean => DataType::Boolean,
        Type::VarcharList => DataType::List(Box::new(DataType::String)),
        Type::PairList => DataType::List(Box::new(pair_dtype())),
        Type::Components => parse_dtype(),
    }
}

fn call_field(fields: &[Field], kwargs: CallKwargs) -> PolarsResult<Field> {
    Ok(Field::new(
        output_name(fields),
        dtype(record(&kwargs.function)?.returns),
    ))
}

/// Every function of the catalogue: `kwargs.function` names it; `inputs` are the expression's
/// column, then the other arguments (each a column of the same length, or of one value for
/// every row).
#[polars_expr(output_type_func_with_kwargs=call_field)]
fn url_call(inputs: &[Series], context: CallerContext, kwargs: CallKwargs) -> PolarsResult<Series> {
    let f = record(&kwargs.function)?;
    let column = strings(inputs)?;
    let others = inputs
        .get(1..)
        .unwrap_or_default()
        .iter()
        .map(|s| s.str())
        .collect::<PolarsResult<Vec<_>>>()?;
    if others.is_empty() {
        return split_by_thread(column, context, |part| rows(f, part, &[]));
    }
    rows(f, column, &others)
}

/// The function on every row: `column` is the expression's column, `others` the other
/// arguments.
fn rows(
    f: &'static Function,
    column: &StringChunked,
    others: &[&StringChunked],
) -> PolarsResult<Series> {
    let n = column.len();
    let count = others.len() + 1;
    if count > MAX_ARGUMENTS {
        polars_bail!(InvalidOperation: "weburl: {}: {count} arguments given", f.syntax());
    }
    let mut iters: Vec<Box<dyn Iterator<Item = Option<&str>> + '_>> = Vec::new();
    for other in others {
        iters.push(match other.len() {
            1 => Box::new(std::iter::repeat(other.get(0))),
            len if len == n => Box::new(other.iter()),
            len => polars_bail!(
                ShapeMismatch: "weburl: {n} values but {len} values of another argument"
            ),
        });
    }
    let at = column_index(f).min(others.len());
    let mut out = Output::new(f.returns, n);
    let mut row = Evaluator::new(f);
    let mut values: [Option<&str>; MAX_ARGUMENTS] = [None; MAX_ARGUMENTS];
    for value in column.iter() {
        let mut rest = iters.iter_mut();
        for (k, slot) in values.iter_mut().take(count).enumerate() {
            *slot = if k == at {
                value
            } else {
                rest.next().and_then(Iterator::next).flatten()
            };
        }
        let datum = row
            .eval(values.get(..count).unwrap_or_default())
            .map_err(|e| polars_err!(InvalidOperation: "weburl: {e}"))?;
        out.append(datum)?;
    }
    out.finish(column.name().clone())
}

/// One field of `url_parse`'s struct being built.
enum FieldOut {
    Str(StringChunkedBuilder),
    Int(Vec<Option<i32>>),
}

/// A result column being built, of one catalogue [`Type`].
enum Output {
    Str(StringChunkedBuilder),
    I32(Vec<Option<i32>>),
    I64(Vec<Option<i64>>),
    Bool(Vec<Option<bool>>),
    List(ListStringChunkedBuilder),
    Pairs(Box<dyn ListBuilderTrait>),
    Components {
        fields: Vec<(Component, FieldOut)>,
        valid: Vec<bool>,
        scratch: String,
    },
}

impl Output {
    fn new(returns: Type, rows: usize) -> Output {
        let name = PlSmallStr::EMPTY;
        match returns {
            Type::Varchar => Output::Str(StringChunkedBuilder::new(name, rows)),
            Type::Integer => Output::I32(Vec::with_capacity(rows)),
            Type::BigInt => Output::I64(Vec::with_capacity(rows)),
            Type::Boolean => Output::Bool(Vec::with_capacity(rows)),
            Type::VarcharList => Output::List(ListStringChunkedBuilder::new(
                name,
                rows,
                rows.saturating_mul(2),
            )),
            Type::PairList => Output::Pairs(get_list_builder(
                &pair_dtype(),
                rows.saturating_mul(2),
                rows,
                name,
            )),
            Type::Components => Output::Components {
                fields: Component::ALL
                    .iter()
                    .map(|&c| {
                        let field = if c.is_integer() {
                            FieldOut::Int(Vec::with_capacity(rows))
                        } else {
                            FieldOut::Str(StringChunkedBuilder::new(
                                PlSmallStr::from_static(c.name()),
                                rows,
                            ))
                        };
                        (c, field)
                    })
                    .collect(),
                valid: Vec::with_capacity(rows),
                scratch: String::new(),
            },
        }
    }

    fn append(&mut self, datum: Datum<'_>) -> PolarsResult<()> {
        match (self, datum) {
            (Output::Str(out), Datum::Str(s)) => out.append_value(s),
            (Output::Str(out), Datum::Null) => out.append_null(),
            (Output::I32(out), Datum::Int(i)) => out.push(i32::try_from(i).ok()),
            (Output::I32(out), Datum::Null) => out.push(None),
            (Output::I64(out), Datum::Int(i)) => out.push(Some(i)),
            (Output::I64(out), Datum::Null) => out.push(None),
            (Output::Bool(out), Datum::Bool(b)) => out.push(Some(b)),
            (Output::Bool(out), Datum::Null) => out.push(None),
            (Output::List(out), Datum::List(items)) => out.append_values_iter(items.iter()),
            (Output::List(out), Datum::Null) => out.append_null(),
            (Output::Pairs(out), Datum::Pairs(items)) => {
                let mut names = StringChunkedBuilder::new(PlSmallStr::from_static("name"), 4);
                let mut values = StringChunkedBuilder::new(PlSmallStr::from_static("value"), 4);
                let mut count = 0;
                for (name, value) in items.pairs() {
                    names.append_value(name);
                    values.append_value(value);
                    count += 1;
                }
                let fields = [names.finish().into_series(), values.finish().into_series()];
                let pairs = StructChunked::from_series(PlSmallStr::EMPTY, count, fields.iter())?;
                out.append_series(&pairs.into_series())?;
            }
            (Output::Pairs(out), Datum::Null) => out.append_null(),
            (
                Output::Components {
                    fields,
                    valid,
                    scratch,
                },
                datum @ (Datum::Url(_) | Datum::Null),
            ) => {
                let url = match datum {
                    Datum::Url(url) => Some(url),
                    _ => None,
                };
                valid.push(url.is_some());
                for (c, field) in fields {
                    match field {
                        FieldOut::Str(out) => {
                            out.append_option(url.and_then(|u| c.string(u, scratch)))
                        }
                        FieldOut::Int(out) => out.push(url.and_then(|u| c.integer(u))),
                    }
                }
            }
            (_, datum) => {
                polars_bail!(ComputeError: "weburl: a result of the wrong type: {datum:?}")
            }
        }
        Ok(())
    }

    fn finish(self, name: PlSmallStr) -> PolarsResult<Series> {
        Ok(match self {
            Output::Str(out) => out.finish().into_series().with_name(name),
            Output::I32(out) => out
                .into_iter()
                .collect::<Int32Chunked>()
                .with_name(name)
                .into_series(),
            Output::I64(out) => out
                .into_iter()
                .collect::<Int64Chunked>()
                .with_name(name)
                .into_series(),
            Output::Bool(out) => out
                .into_iter()
                .collect::<BooleanChunked>()
                .with_name(name)
                .into_series(),
            Output::List(mut out) => out.finish().into_series().with_name(name),
            Output::Pairs(mut out) => out.finish().into_series().with_name(name),
            Output::Components { fields, valid, .. } => {
                let rows = valid.len();
                let fields: Vec<Series> = fields
                    .into_iter()
                    .map(|(c, field)| match field {
                        FieldOut::Str(out) => out.finish().into_series(),
                        FieldOut::Int(out) => out
                            .into_iter()
                            .collect::<Int32Chunked>()
                            .with_name(PlSmallStr::from_static(c.name()))
                            .into_series(),
                    })
                    .collect();
                let parsed = StructChunked::from_series(name, rows, fields.iter())?;
                let validity: BooleanChunked = valid.into_iter().collect();
                let validity = validity.rechunk();
                let bitmap = validity.downcast_iter().next().map(|a| a.values().clone());
                parsed
                    .rechunk()
                    .into_owned()
                    .with_outer_validity(bitmap)
                    .into_series()
            }
        })
    }
}
