//! The `url_*` functions, as weburl-datafusion registers them: each callback converts DuckDB's
//! vectors to `&str` and back and calls `weburl-functions` for the meaning. A NULL argument
//! gives NULL, and so does an input that is not a valid URL (or has no such component).

use libduckdb_sys as sys;
use weburl_functions::{self as f, Bases, Component, EncodeSet};

use crate::ffi::{
    self, extra_info, set_bool, set_i32, ListOut, Registry, StringOut, Strings, Type,
};

/// What a registered function computes: the extra info of its callback.
#[derive(Debug)]
pub(crate) enum Kind {
    /// `url_hostname(url)` and the other functions of [`Component`].
    Component(Component),
    /// `url_parse(url)`.
    Parse,
    /// `url_path_segments(url)`.
    PathSegments,
    /// `url_query_params(url)`.
    QueryParams,
    /// `url_query_param(url, name)`.
    QueryParam,
    /// `url_join(base, ref)`.
    Join,
    /// `url_is_valid(url [, base])`.
    IsValid,
    /// `url_error(url [, base])`.
    Error,
    /// `url_percent_decode(str)`.
    PercentDecode,
    /// `url_percent_encode(str [, set])`.
    PercentEncode,
}

const COMPONENTS: [Kind; 15] = {
    let mut kinds = [const { Kind::Parse }; 15];
    let mut i = 0;
    while i < 15 {
        kinds[i] = Kind::Component(Component::ALL[i]);
        i += 1;
    }
    kinds
};

static KINDS: [Kind; 9] = [
    Kind::Parse,
    Kind::PathSegments,
    Kind::QueryParams,
    Kind::QueryParam,
    Kind::Join,
    Kind::IsValid,
    Kind::Error,
    Kind::PercentDecode,
    Kind::PercentEncode,
];
static COMPONENT_KINDS: [Kind; 15] = COMPONENTS;

fn parse_type() -> Type {
    let fields: Vec<(&str, Type)> = Component::ALL
        .iter()
        .map(|c| {
            let t = if c.is_integer() {
                Type::integer()
            } else {
                Type::varchar()
            };
            (c.name(), t)
        })
        .collect();
    Type::structure(&fields)
}

fn pair_type() -> Type {
    Type::structure(&[("name", Type::varchar()), ("value", Type::varchar())])
}

/// Registers every `url_*` function, and the `weburl_functions()` table of their documentation.
pub(crate) fn register(registry: &mut Registry) {
    registry.add_listing(&crate::docs::FUNCTIONS);
    let s = Type::varchar();
    for kind in &COMPONENT_KINDS {
        if let Kind::Component(c) = kind {
            let out = if c.is_integer() {
                Type::integer()
            } else {
                Type::varchar()
            };
            registry.add(c.function_name(), &[&s], &out, call, kind);
        }
    }
    for kind in &KINDS {
        match kind {
            Kind::Component(_) => {}
            Kind::Parse => registry.add("url_parse", &[&s], &parse_type(), call, kind),
            Kind::PathSegments => {
                registry.add("url_path_segments", &[&s], &Type::list(&s), call, kind)
            }
            Kind::QueryParams => registry.add(
                "url_query_params",
                &[&s],
                &Type::list(&pair_type()),
                call,
                kind,
            ),
            Kind::QueryParam => registry.add("url_query_param", &[&s, &s], &s, call, kind),
            Kind::Join => registry.add("url_join", &[&s, &s], &s, call, kind),
            Kind::IsValid => {
                let b = Type::boolean();
                registry.add("url_is_valid", &[&s], &b, call, kind);
                registry.add("url_is_valid", &[&s, &s], &b, call, kind);
            }
            Kind::Error => {
                registry.add("url_error", &[&s], &s, call, kind);
                registry.add("url_error", &[&s, &s], &s, call, kind);
            }
            Kind::PercentDecode => registry.add("url_percent_decode", &[&s], &s, call, kind),
            Kind::PercentEncode => {
                registry.add("url_percent_encode", &[&s], &s, call, kind);
                registry.add("url_percent_encode", &[&s, &s], &s, call, kind);
            }
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
    // SAFETY: every function registered by `register` has a `&'static Kind` extra info.
    let kind: &Kind = unsafe { extra_info(info) };
    // SAFETY: the column count matches the registered parameters.
    let columns = unsafe { sys::duckdb_data_chunk_get_column_count(input) };
    let args: Vec<Strings> = (0..columns).map(|c| Strings::new(input, c)).collect();
    // No panic may unwind into DuckDB: one becomes the query's error.
    let result =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(kind, &args, output)));
    match result {
        Ok(Ok(())) => {}
        Ok(Err(message)) => ffi::set_error(info, &message),
        Err(_) => ffi::set_error(info, "weburl: internal error (panic)"),
    }
}

fn run(kind: &Kind, args: &[Strings], output: sys::duckdb_vector) -> Result<(), String> {
    let Some(first) = args.first() else {
        return Ok(());
    };
    let rows = first.rows();
    let second = args.get(1);
    match kind {
        Kind::Component(c) => component(*c, first, output),
        Kind::Parse => parse(first, output),
        Kind::PathSegments => {
            let mut out = ListOut::new(output);
            for row in 0..rows {
                let url = first.get(row).and_then(f::parse);
                let segments: Option<Vec<&str>> = url
                    .as_ref()
                    .and_then(|u| f::path_segments(u).map(Iterator::collect));
                out.set(row, segments.as_ref().map(Vec::len), |child, at| {
                    let mut strings = StringOut::new(child);
                    for (i, s) in segments.iter().flatten().enumerate() {
                        strings.set(at + i, Some(s));
                    }
                });
            }
        }
        Kind::QueryParams => {
            let mut out = ListOut::new(output);
            for row in 0..rows {
                let url = first.get(row).and_then(f::parse);
                let pairs: Option<Vec<_>> = url.as_ref().map(|u| f::query_pairs(u).collect());
                out.set(row, pairs.as_ref().map(Vec::len), |child, at| {
                    let mut names = StringOut::new(ffi::struct_child(child, 0));
                    let mut values = StringOut::new(ffi::struct_child(child, 1));
                    for (i, (n, v)) in pairs.iter().flatten().enumerate() {
                        names.set(at + i, Some(n));
                        values.set(at + i, Some(v));
                    }
                });
            }
        }
        Kind::QueryParam => {
            let mut out = StringOut::new(output);
            for row in 0..rows {
                let value = match (first.get(row), second.and_then(|s| s.get(row))) {
                    (Some(url), Some(name)) => f::query_param_of(url, name),
                    _ => None,
                };
                out.set(row, value.as_deref());
            }
        }
        Kind::Join => {
            let mut out = StringOut::new(output);
            let mut bases = Bases::new();
            for row in 0..rows {
                let url = match (first.get(row), second.and_then(|s| s.get(row))) {
                    (Some(base), Some(reference)) => bases.parse(reference, Some(base)).ok(),
                    _ => None,
                };
                out.set(row, url.as_ref().map(|u| u.href()));
            }
        }
        Kind::IsValid | Kind::Error => {
            let mut out = StringOut::new(output);
            let mut bases = Bases::new();
            for row in 0..rows {
                let (Some(input), base) = (first.get(row), second.map(|s| s.get(row))) else {
                    ffi::set_null(output, row);
                    continue;
                };
                let result = match base {
                    // URL.canParse without a base: no URL record is built.
                    None if matches!(kind, Kind::IsValid) => {
                        set_bool(output, row, Some(f::is_valid(input, None)));
                        continue;
                    }
                    None => bases.parse(input, None),
                    Some(None) => {
                        ffi::set_null(output, row);
                        continue;
                    }
                    Some(Some(base)) => bases.parse(input, Some(base)),
                };
                if matches!(kind, Kind::IsValid) {
                    set_bool(output, row, Some(result.is_ok()));
                } else {
                    out.set(row, result.err().map(|e| e.name()));
                }
            }
        }
        Kind::PercentDecode => {
            let mut out = StringOut::new(output);
            for row in 0..rows {
                out.set(row, first.get(row).map(f::percent_decode).as_deref());
            }
        }
        Kind::PercentEncode => {
            let mut out = StringOut::new(output);
            let mut buffer = String::new();
            for row in 0..rows {
                let set = match second.map(|s| s.get(row)) {
                    None => EncodeSet::Component,
                    Some(None) => {
                        out.set(row, None);
                        continue;
                    }
                    Some(Some(name)) => name
                        .parse::<EncodeSet>()
                        .map_err(|e| format!("url_percent_encode: {e}"))?,
                };
                match first.get(row) {
                    Some(s) => {
                        buffer.clear();
                        f::percent_encode_into(s, set, &mut buffer);
                        out.set(row, Some(&buffer));
                    }
                    None => out.set(row, None),
                }
            }
        }
    }
    Ok(())
}

fn component(c: Component, input: &Strings, output: sys::duckdb_vector) {
    let mut out = StringOut::new(output);
    let mut scratch = String::new();
    for row in 0..input.rows() {
        let url = input.get(row).and_then(f::parse);
        if c.is_integer() {
            set_i32(output, row, url.as_ref().and_then(|u| c.integer(u)));
        } else {
            out.set(row, url.as_ref().and_then(|u| c.string(u, &mut scratch)));
        }
    }
}

fn parse(input: &Strings, output: sys::duckdb_vector) {
    let children: Vec<sys::duckdb_vector> = (0..Component::ALL.len())
        .map(|i| ffi::struct_child(output, i))
        .collect();
    let mut scratch = String::new();
    for row in 0..input.rows() {
        let Some(url) = input.get(row).and_then(f::parse) else {
            ffi::set_null(output, row);
            // A NULL struct's fields are NULL too.
            for child in &children {
                ffi::set_null(*child, row);
            }
            continue;
        };
        for (c, child) in Component::ALL.iter().zip(&children) {
            if c.is_integer() {
                set_i32(*child, row, c.integer(&url));
            } else {
                StringOut::new(*child).set(row, c.string(&url, &mut scratch));
            }
        }
    }
}
