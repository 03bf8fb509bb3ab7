//! The Polars expression plugin: `import weburl.polars` registers the `url` namespace on
//! expressions (`python/weburl/polars.py`), whose methods call these functions through Polars'
//! plugin interface (pyo3-polars' `#[polars_expr]`).
//!
//! Each function converts a Polars column to `&str` values and calls `weburl-functions`, the
//! same definitions that weburl-datafusion's SQL functions use, so `url_hostname` in SQL and
//! `pl.col("u").url.hostname()` cannot differ. A null input, and an input that is not a valid
//! URL, give null (as SQL's NULL). Every function is elementwise: Polars runs it on each chunk of
//! a column in parallel, in lazy and streaming queries alike.
//!
//! Arguments other than the URL column (a base URL for `join`, `is_valid`, `error`) are a second
//! column, or one value that Polars passes as a column of length 1 and that applies to every row.
// The `#[polars_expr]` attribute expands each function into `unsafe extern "C"` entry points
// (`_polars_plugin_<name>` and `_polars_plugin_field_<name>`) that Polars calls by name; this
// module writes no `unsafe` of its own.
#![allow(unsafe_code)]

use ::polars::prelude::*;
use pyo3_polars::derive::{polars_expr, CallerContext};
use pyo3_polars::export::polars_core::chunked_array::builder::get_list_builder;
use rayon::prelude::*;
use serde::Deserialize;
use weburl_functions::{Bases, Component, EncodeSet};

/// The first input column as strings.
fn strings(inputs: &[Series]) -> PolarsResult<&StringChunked> {
    match inputs.first() {
        Some(series) => series.str(),
        None => polars_bail!(InvalidOperation: "weburl: a URL column is required"),
    }
}

/// The optional second input column (a base URL) as strings: `None` when absent.
fn second(inputs: &[Series]) -> PolarsResult<Option<&StringChunked>> {
    inputs.get(1).map(|s| s.str()).transpose()
}

/// The name of the output column: the URL column's.
fn output_name(fields: &[Field]) -> PlSmallStr {
    fields
        .first()
        .map(|f| f.name().clone())
        .unwrap_or_else(|| PlSmallStr::from_static("url"))
}

/// Calls `f` with each row of `urls` and the matching row of `bases` (one base for every
/// row when `bases` has one value, no base at all when it is `None`). The outer `Option` is
/// the base column's row: `Some(None)` is a null base.
fn for_each_row<'a>(
    urls: &'a StringChunked,
    bases: Option<&'a StringChunked>,
    mut f: impl FnMut(Option<&'a str>, Option<Option<&'a str>>),
) -> PolarsResult<()> {
    match bases {
        None => urls.iter().for_each(|url| f(url, None)),
        Some(bases) if bases.len() == 1 => {
            let base = bases.get(0);
            urls.iter().for_each(|url| f(url, Some(base)));
        }
        Some(bases) if bases.len() == urls.len() => urls
            .iter()
            .zip(bases.iter())
            .for_each(|(url, base)| f(url, Some(base))),
        Some(bases) => polars_bail!(
            ShapeMismatch: "weburl: {} URLs but {} base URLs", urls.len(), bases.len()
        ),
    }
    Ok(())
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
    f: impl Fn(&StringChunked) -> Series + Sync,
) -> PolarsResult<Series> {
    let threads = rayon::current_num_threads();
    if context.parallel() || threads <= 1 || urls.len() < PARALLEL_MIN_ROWS {
        return Ok(f(urls));
    }
    let rows = urls.len().div_ceil(threads);
    let parts: Vec<Series> = (0..threads)
        .into_par_iter()
        .map(|i: usize| f(&urls.slice(i.saturating_mul(rows) as i64, rows)))
        .collect();
    let mut parts = parts.into_iter();
    let Some(mut out) = parts.next() else {
        return Ok(f(urls));
    };
    for part in parts {
        out.append(&part)?;
    }
    Ok(out)
}

#[derive(Deserialize)]
struct ComponentKwargs {
    component: String,
}

fn component_named(name: &str) -> PolarsResult<Component> {
    name.parse::<Component>()
        .map_err(|e| polars_err!(InvalidOperation: "weburl: {e}"))
}

fn component_field(fields: &[Field], kwargs: ComponentKwargs) -> PolarsResult<Field> {
    let component = component_named(&kwargs.component)?;
    let dtype = if component.is_integer() {
        DataType::Int32
    } else {
        DataType::String
    };
    Ok(Field::new(output_name(fields), dtype))
}

/// One component of each URL (`url_href`, `url_hostname`, `url_port`, ...): a string column,
/// or an `Int32` column for the two ports.
#[polars_expr(output_type_func_with_kwargs=component_field)]
fn url_component(
    inputs: &[Series],
    context: CallerContext,
    kwargs: ComponentKwargs,
) -> PolarsResult<Series> {
    let component = component_named(&kwargs.component)?;
    let urls = strings(inputs)?;
    if component.is_integer() {
        return split_by_thread(urls, context, |urls| {
            let out: Int32Chunked = urls
                .iter()
                .map(|v| {
                    v.and_then(weburl_functions::parse)
                        .and_then(|u| component.integer(&u))
                })
                .collect();
            out.with_name(urls.name().clone()).into_series()
        });
    }
    split_by_thread(urls, context, |urls| {
        let mut out = StringChunkedBuilder::new(urls.name().clone(), urls.len());
        let mut scratch = String::new();
        for value in urls.iter() {
            let url = value.and_then(weburl_functions::parse);
            out.append_option(url.as_ref().and_then(|u| component.string(u, &mut scratch)));
        }
        out.finish().into_series()
    })
}

#[derive(Deserialize)]
struct NameKwargs {
    name: String,
}

/// `url_query_param(url, name)`: the first value of the query parameter `name`, decoded.
#[polars_expr(output_type=String)]
fn url_query_param(inputs: &[Series], kwargs: NameKwargs) -> PolarsResult<Series> {
    let urls = strings(inputs)?;
    let mut out = StringChunkedBuilder::new(urls.name().clone(), urls.len());
    for value in urls.iter() {
        let url = value.and_then(weburl_functions::parse);
        out.append_option(
            url.as_ref()
                .and_then(|u| weburl_functions::query_param(u, &kwargs.name)),
        );
    }
    Ok(out.finish().into_series())
}

/// `url_is_valid(url [, base])`.
#[polars_expr(output_type=Boolean)]
fn url_is_valid(inputs: &[Series]) -> PolarsResult<Series> {
    let urls = strings(inputs)?;
    let mut bases = Bases::new();
    let mut out = Vec::with_capacity(urls.len());
    for_each_row(urls, second(inputs)?, |url, base| {
        out.push(match (url, base) {
            (None, _) | (_, Some(None)) => None,
            (Some(url), None) => Some(weburl_functions::is_valid(url, None)),
            (Some(url), Some(base)) => Some(bases.parse(url, base).is_ok()),
        });
    })?;
    let out: BooleanChunked = out.into_iter().collect();
    Ok(out.with_name(urls.name().clone()).into_series())
}

/// `url_error(url [, base])`: the spec name of the validation error that failed the parse.
#[polars_expr(output_type=String)]
fn url_error(inputs: &[Series]) -> PolarsResult<Series> {
    let urls = strings(inputs)?;
    let mut bases = Bases::new();
    let mut out = StringChunkedBuilder::new(urls.name().clone(), urls.len());
    for_each_row(urls, second(inputs)?, |url, base| {
        let error = match (url, base) {
            (None, _) | (_, Some(None)) => None,
            (Some(url), base) => bases.parse(url, base.flatten()).err().map(|e| e.name()),
        };
        out.append_option(error);
    })?;
    Ok(out.finish().into_series())
}

/// `url_join(base, ref)`, the column being the references: each resolved against its base.
#[polars_expr(output_type=String)]
fn url_join(inputs: &[Series]) -> PolarsResult<Series> {
    let urls = strings(inputs)?;
    let Some(base_column) = second(inputs)? else {
        polars_bail!(InvalidOperation: "weburl: join needs a base URL");
    };
    let mut bases = Bases::new();
    let mut out = StringChunkedBuilder::new(urls.name().clone(), urls.len());
    for_each_row(urls, Some(base_column), |url, base| {
        let joined = match (url, base) {
            (Some(url), Some(Some(base))) => bases.parse(url, Some(base)).ok(),
            _ => None,
        };
        out.append_option(joined.as_ref().map(|u| u.href()));
    })?;
    Ok(out.finish().into_series())
}

/// `url_percent_decode(str)`.
#[polars_expr(output_type=String)]
fn url_percent_decode(inputs: &[Series]) -> PolarsResult<Series> {
    let values = strings(inputs)?;
    let out: StringChunked = values
        .apply_into_string_amortized(|v, out| out.push_str(&weburl_functions::percent_decode(v)));
    Ok(out.into_series())
}

#[derive(Deserialize)]
struct SetKwargs {
    set: String,
}

/// `url_percent_encode(str [, set])`.
#[polars_expr(output_type=String)]
fn url_percent_encode(inputs: &[Series], kwargs: SetKwargs) -> PolarsResult<Series> {
    let set = kwargs
        .set
        .parse::<EncodeSet>()
        .map_err(|e| polars_err!(InvalidOperation: "weburl: {e}"))?;
    let values = strings(inputs)?;
    let out: StringChunked = values
        .apply_into_string_amortized(|v, out| weburl_functions::percent_encode_into(v, set, out));
    Ok(out.into_series())
}

fn list_of_strings(fields: &[Field]) -> PolarsResult<Field> {
    Ok(Field::new(
        output_name(fields),
        DataType::List(Box::new(DataType::String)),
    ))
}

/// `url_path_segments(url)`: a list of strings; null for a URL with an opaque path.
#[polars_expr(output_type_func=list_of_strings)]
fn url_path_segments(inputs: &[Series]) -> PolarsResult<Series> {
    let urls = strings(inputs)?;
    let mut out = ListStringChunkedBuilder::new(urls.name().clone(), urls.len(), urls.len() * 2);
    for value in urls.iter() {
        let url = value.and_then(weburl_functions::parse);
        let segments = url.as_ref().and_then(weburl_functions::path_segments);
        match segments {
            Some(segments) => out.append_values_iter(segments),
            None => out.append_null(),
        };
    }
    Ok(out.finish().into_series())
}

fn pair_dtype() -> DataType {
    DataType::Struct(vec![
        Field::new(PlSmallStr::from_static("name"), DataType::String),
        Field::new(PlSmallStr::from_static("value"), DataType::String),
    ])
}

fn list_of_pairs(fields: &[Field]) -> PolarsResult<Field> {
    Ok(Field::new(
        output_name(fields),
        DataType::List(Box::new(pair_dtype())),
    ))
}

/// `url_query_params(url)`: every query parameter, a list of `{name, value}` structs.
#[polars_expr(output_type_func=list_of_pairs)]
fn url_query_params(inputs: &[Series]) -> PolarsResult<Series> {
    let urls = strings(inputs)?;
    let mut out = get_list_builder(
        &pair_dtype(),
        urls.len() * 2,
        urls.len(),
        urls.name().clone(),
    );
    for value in urls.iter() {
        let Some(url) = value.and_then(weburl_functions::parse) else {
            out.append_null();
            continue;
        };
        let mut names = StringChunkedBuilder::new(PlSmallStr::from_static("name"), 4);
        let mut values = StringChunkedBuilder::new(PlSmallStr::from_static("value"), 4);
        let mut count = 0;
        for (name, value) in weburl_functions::query_pairs(&url) {
            names.append_value(name);
            values.append_value(value);
            count += 1;
        }
        let fields = [names.finish().into_series(), values.finish().into_series()];
        let pairs = StructChunked::from_series(PlSmallStr::EMPTY, count, fields.iter())?;
        out.append_series(&pairs.into_series())?;
    }
    Ok(out.finish().into_series())
}

fn parse_dtype() -> DataType {
    DataType::Struct(
        Component::ALL
            .iter()
            .map(|c| {
                let dtype = if c.is_integer() {
                    DataType::Int32
                } else {
                    DataType::String
                };
                Field::new(PlSmallStr::from_static(c.name()), dtype)
            })
            .collect(),
    )
}

fn parse_field(fields: &[Field]) -> PolarsResult<Field> {
    Ok(Field::new(output_name(fields), parse_dtype()))
}

/// `url_parse(url)`: a struct of every component (each field as the component's function),
/// parsed once; null for an input that is not a valid URL.
#[polars_expr(output_type_func=parse_field)]
fn url_parse(inputs: &[Series]) -> PolarsResult<Series> {
    let urls = strings(inputs)?;
    let rows = urls.len();
    let mut string_columns: Vec<(Component, StringChunkedBuilder)> = Component::ALL
        .iter()
        .filter(|c| !c.is_integer())
        .map(|&c| {
            (
                c,
                StringChunkedBuilder::new(PlSmallStr::from_static(c.name()), rows),
            )
        })
        .collect();
    let mut port = Vec::with_capacity(rows);
    let mut port_or_default = Vec::with_capacity(rows);
    let mut valid = Vec::with_capacity(rows);
    let mut scratch = String::new();
    for value in urls.iter() {
        let url = value.and_then(weburl_functions::parse);
        valid.push(url.is_some());
        for (component, column) in &mut string_columns {
            column.append_option(url.as_ref().and_then(|u| component.string(u, &mut scratch)));
        }
        port.push(url.as_ref().and_then(|u| Component::Port.integer(u)));
        port_or_default.push(
            url.as_ref()
                .and_then(|u| Component::PortOrDefault.integer(u)),
        );
    }
    let mut strings_done: Vec<(Component, Series)> = string_columns
        .into_iter()
        .map(|(c, b)| (c, b.finish().into_series()))
        .collect();
    let integer = |name: Component, values: Vec<Option<i32>>| {
        let ca: Int32Chunked = values.into_iter().collect();
        ca.with_name(PlSmallStr::from_static(name.name()))
            .into_series()
    };
    strings_done.push((Component::Port, integer(Component::Port, port)));
    strings_done.push((
        Component::PortOrDefault,
        integer(Component::PortOrDefault, port_or_default),
    ));
    // In the order of Component::ALL.
    strings_done.sort_by_key(|(c, _)| *c);
    let fields: Vec<Series> = strings_done.into_iter().map(|(_, s)| s).collect();
    let parsed = StructChunked::from_series(urls.name().clone(), rows, fields.iter())?;
    let validity: BooleanChunked = valid.into_iter().collect();
    let validity = validity.rechunk();
    let bitmap = validity.downcast_iter().next().map(|a| a.values().clone());
    Ok(parsed
        .rechunk()
        .into_owned()
        .with_outer_validity(bitmap)
        .into_series())
}
