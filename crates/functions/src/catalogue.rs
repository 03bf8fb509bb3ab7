//! The catalogue: one record per SQL function, the one list every engine registers from.
//!
//! A [`Function`] says the function's name, its [`Dialect`] (`None` for weburl's own
//! `url_*` functions), its arguments (optional ones last), its result's [`Type`], its NULL rule
//! ([`Nulls`]), its documentation and example, and the operation that computes a row. An engine
//! loops over [`functions`] (or [`own`], [`Dialect::functions`]): DataFusion makes one generic
//! UDF of each record, DuckDB registers each with the logical type its [`Type`] maps to, the
//! Polars plugin calls each by name, and each one's documentation (`weburl_functions()` in
//! DuckDB, DataFusion's `Documentation`, the Python stubs) is printed from the record.
//!
//! A row is computed by an [`Evaluator`] (one per function and batch: it keeps the base URL
//! and the percent-encode set of the previous row, and the buffers a result is written into),
//! whose [`eval`](Evaluator::eval) takes the row's arguments and returns a [`Datum`] that
//! borrows them or the evaluator: a component of a URL costs no allocation beyond the parse.
//!
//! ```
//! use weburl_functions::catalogue::{self, Datum, Evaluator};
//!
//! let f = catalogue::function("url_hostname").unwrap();
//! assert_eq!(f.syntax(), "url_hostname(url)");
//! let mut row = Evaluator::new(f);
//! assert_eq!(row.eval(&[Some("https://EXAMPLE.com/")]).unwrap(), Datum::Str("example.com"));
//! assert_eq!(row.eval(&[None]).unwrap(), Datum::Null);
//! // The owned form, for a test or a one-off call.
//! let f = catalogue::function("url_is_valid").unwrap();
//! assert_eq!(f.syntax(), "url_is_valid(url [, base])");
//! assert_eq!(f.call(&["/a", "https://example.com/"]), Ok(Some(catalogue::Value::Bool(true))));
//! ```
//!
//! To add a function: write its Rust function (in this crate, over `&str` or a [`Url`]), add
//! an operation for it to `Op` in `catalogue/row.rs` (or to the dialect's `Op` in
//! `dialect.rs`), and add one record to `catalogue/table.rs` (or `dialect/table.rs`). Every
//! engine registers it from the record, and each engine's catalogue test runs its example.

use core::fmt;

use weburl::Url;

pub use crate::dialect::Dialect;

mod common_crawl;
mod row;
mod table;

pub use row::{Datum, Evaluator, Items, Unary};
pub(crate) use row::{Op, UrlOp};
pub(crate) use table::component_record;

/// The title of the functions' section in an engine's function list.
pub const SECTION_LABEL: &str = "URL Functions";

/// The description of the functions' section.
pub const SECTION_DESCRIPTION: &str =
    "Functions that parse URLs exactly as the WHATWG URL Standard (and so browsers) do, \
     from the weburl crate. An input that is not a valid URL gives NULL.";

/// How the `url` argument is described everywhere.
pub const URL_ARGUMENT: &str =
    "The URL: a string expression (Utf8, LargeUtf8 or Utf8View). Leading and trailing C0 \
     controls and spaces are ignored, as browsers do.";

/// The most arguments a function takes.
pub const MAX_ARGUMENTS: usize = 3;

/// What a function returns: each engine maps it to its own type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Type {
    /// A string (of the first argument's string type where an engine has several).
    Varchar,
    /// A 32-bit integer (a port).
    Integer,
    /// A 64-bit integer (Trino's BIGINT port).
    BigInt,
    /// A boolean.
    Boolean,
    /// A list of strings.
    VarcharList,
    /// A list of structs `{name, value}` of two strings (a query's parameters).
    PairList,
    /// A struct with one field per [`Component`](crate::Component), in the order of
    /// [`Component::ALL`](crate::Component::ALL), named as [`Component::name`](crate::Component::name):
    /// `Int32` for the two ports, a string otherwise (`url_parse`).
    Components,
}

/// When a function returns NULL for a NULL argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Nulls {
    /// NULL when any argument given is NULL (SQL's `RETURNS NULL ON NULL INPUT`), and for an
    /// input that is not a valid URL or a component the URL does not have.
    Strict,
}

/// One argument of a function: all are strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Argument {
    /// The argument's name, as in the syntax.
    pub name: &'static str,
    /// What it is ('' when the record says nothing more than the name).
    pub description: &'static str,
    /// Whether it may be left out (only the last arguments are optional).
    pub optional: bool,
}

impl Argument {
    /// A required argument without a description (the dialect functions').
    pub const fn named(name: &'static str) -> Argument {
        Argument {
            name,
            description: "",
            optional: false,
        }
    }

    /// An optional argument without a description.
    pub const fn optional(name: &'static str) -> Argument {
        Argument {
            name,
            description: "",
            optional: true,
        }
    }
}

/// A call of a function and its result, both written as SQL: a string in single quotes, NULL
/// as `NULL`, a list in brackets, a struct in braces (`{name: a, value: 1}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// The call, such as `url_port('https://example.com:8443/')`.
    pub call: &'static str,
    /// Its result, such as `8443` or `'co.uk'`.
    pub result: &'static str,
}

/// One function of the catalogue.
#[derive(Debug)]
pub struct Function {
    /// Its name as registered, such as `url_hostname` (a dialect's may be camel case:
    /// DuckDB and DataFusion resolve names without regard to case).
    pub name: &'static str,
    /// The engine whose name it is; `None` for weburl's own `url_*` functions.
    pub dialect: Option<Dialect>,
    /// Its arguments, in order; optional ones last.
    pub arguments: &'static [Argument],
    /// Its result's type.
    pub returns: Type,
    /// When it returns NULL.
    pub nulls: Nulls,
    /// What it returns and when it returns NULL.
    pub description: &'static str,
    /// A call and its result (a dialect's: that engine's documented example, with weburl's
    /// result).
    pub example: Example,
    /// A related function, if any.
    pub related: Option<&'static str>,
    /// A dialect function's differences from its engine, with an example ('' for weburl's own).
    pub differences: &'static str,
    pub(crate) op: Op,
}

/// Why a call failed (not a NULL: an error the engine raises), such as an unknown
/// percent-encode set or Spark's `parse_url` of an invalid URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallError {
    /// The message, naming the function.
    pub message: String,
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CallError {}

/// A function's result, owned: what [`Function::call`] returns and what an example's result
/// text is compared with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A string.
    Str(String),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A list of strings.
    List(Vec<String>),
    /// A list of `{name, value}` pairs.
    Pairs(Vec<(String, String)>),
    /// A struct: each field's name and value (`None` for NULL).
    Struct(Vec<(&'static str, Option<Value>)>),
}

impl Value {
    /// The value written as SQL, the form of [`Example::result`]: `'text'`, `8080`, `true`,
    /// `[a, b]`, `[{name: a, value: 1}]`, `{port: 8443, ...}`; `NULL` for `None`.
    pub fn sql_text(value: Option<&Value>) -> String {
        match value {
            None => "NULL".to_owned(),
            Some(Value::Str(v)) => format!("'{v}'"),
            Some(Value::Int(v)) => v.to_string(),
            Some(Value::Bool(v)) => v.to_string(),
            Some(Value::List(v)) => format!("[{}]", v.join(", ")),
            Some(Value::Pairs(v)) => {
                let pairs: Vec<String> = v
                    .iter()
                    .map(|(n, v)| format!("{{name: {n}, value: {v}}}"))
                    .collect();
                format!("[{}]", pairs.join(", "))
            }
            Some(Value::Struct(fields)) => {
                let fields: Vec<String> = fields
                    .iter()
                    .map(|(n, v)| format!("{n}: {}", Value::sql_text(v.as_ref())))
                    .collect();
                format!("{{{}}}", fields.join(", "))
            }
        }
    }

    /// Field `name` of a struct.
    pub fn field(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Struct(fields) => fields
                .iter()
                .find(|(n, _)| *n == name)
                .and_then(|(_, v)| v.as_ref()),
            _ => None,
        }
    }
}

impl Function {
    /// How many arguments it takes at least (the required ones).
    pub fn min_arguments(&self) -> usize {
        self.arguments.iter().filter(|a| !a.optional).count()
    }

    /// How many arguments it takes at most.
    pub fn max_arguments(&self) -> usize {
        self.arguments.len()
    }

    /// How it is called, such as `url_is_valid(url [, base])`.
    pub fn syntax(&self) -> String {
        let mut out = format!("{}(", self.name);
        for (i, a) in self.arguments.iter().enumerate() {
            match (i, a.optional) {
                (0, false) => {}
                (0, true) => out.push('['),
                (_, false) => out.push_str(", "),
                (_, true) => out.push_str(" [, "),
            }
            out.push_str(a.name);
            if a.optional {
                out.push(']');
            }
        }
        out.push(')');
        out
    }

    /// The description an engine shows: the record's, and for a dialect function its engine
    /// and its differences from it.
    pub fn full_description(&self) -> String {
        match self.dialect {
            None => self.description.to_owned(),
            Some(d) => format!(
                "{} ({d}) Differences from {d}: {}",
                self.description, self.differences
            ),
        }
    }

    /// The function applied to one row of non-NULL arguments, its result owned. An engine
    /// uses an [`Evaluator`] instead, which reuses its buffers from row to row.
    pub fn call(&'static self, args: &[&str]) -> Result<Option<Value>, CallError> {
        let args: Vec<Option<&str>> = args.iter().map(|a| Some(*a)).collect();
        let mut row = Evaluator::new(self);
        Ok(row.eval(&args)?.to_value())
    }

    /// The example's result as this crate computes it, written as SQL (compare with
    /// [`Example::result`]); the error's message if the call fails or is not one this can read
    /// (its arguments string literals, then at most a field access such as `['port']`).
    pub fn example_result(&'static self) -> String {
        let Some((args, field)) = example_arguments(self.example.call) else {
            return format!("error: cannot read the example {}", self.example.call);
        };
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        match self.call(&refs) {
            Ok(value) => {
                let value = match (&field, &value) {
                    (Some(f), Some(v)) => v.field(f),
                    (_, v) => v.as_ref(),
                };
                Value::sql_text(value)
            }
            Err(e) => format!("error: {e}"),
        }
    }
}

/// The string literals of an example's call `f('a', 'b')` and the field of a trailing
/// `['field']`, if any.
fn example_arguments(call: &str) -> Option<(Vec<String>, Option<String>)> {
    let open = call.find('(')?;
    let mut rest = call.get(open + 1..)?.trim_start();
    let mut args = Vec::new();
    loop {
        if let Some(after) = rest.strip_prefix(')') {
            let field = after
                .strip_prefix("['")
                .and_then(|f| f.strip_suffix("']"))
                .map(str::to_owned);
            return (after.is_empty() || field.is_some()).then_some((args, field));
        }
        rest = rest.strip_prefix('\'')?;
        let mut value = String::new();
        loop {
            let end = rest.find('\'')?;
            value.push_str(rest.get(..end)?);
            rest = rest.get(end + 1..)?;
            match rest.strip_prefix('\'') {
                Some(after) => {
                    value.push('\'');
                    rest = after;
                }
                None => break,
            }
        }
        args.push(value);
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(',') {
            rest = after.trim_start();
        }
    }
}

/// Every function: weburl's own `url_*` functions, then every dialect's.
pub fn functions() -> impl Iterator<Item = &'static Function> {
    own().chain(crate::dialect::FUNCTIONS.iter())
}

/// weburl's own `url_*` functions, in the order engines register them.
pub fn own() -> impl Iterator<Item = &'static Function> {
    table::OWN.iter().chain(common_crawl::COMMON_CRAWL.iter())
}

/// The function called `name`: an own function by its exact name, else a dialect function by
/// its name in any case.
///
/// ```
/// let f = weburl_functions::catalogue::function("url_join").unwrap();
/// assert_eq!(f.syntax(), "url_join(base, ref)");
/// ```
pub fn function(name: &str) -> Option<&'static Function> {
    own()
        .find(|f| f.name == name)
        .or_else(|| crate::dialect::function(name))
}

/// The record of `url`'s parse as a struct [`Value`] (`url_parse`'s result).
pub(crate) fn components_value(url: &Url) -> Value {
    let mut scratch = String::new();
    Value::Struct(
        crate::Component::ALL
            .iter()
            .map(|&c| {
                let v = if c.is_integer() {
                    c.integer(url).map(|i| Value::Int(i64::from(i)))
                } else {
                    c.string(url, &mut scratch)
                        .map(|s| Value::Str(s.to_owned()))
                };
                (c.name(), v)
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests;
