//! Every function through SQL on the inputs of WPT's urltestdata.json, each input as `Utf8`,
//! `LargeUtf8` and `Utf8View`, compared row by row with what the weburl facade answers; and
//! the components of `url_join(base, input)` compared with WPT's expected values themselves.
//!
//! A case is `<function> <column type> <input> against <base>`; the summary line says
//! `urltestdata.json (SQL): N passed, M failed`.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::process::ExitCode;
use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, Int64Array, LargeStringArray, RecordBatch, StringArray,
    StringViewArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;
use weburl::Url;
use weburl_wpt::{Runner, Value};

mod common;
use common::{column, query, strings};

/// One test of urltestdata.json.
struct Case {
    input: String,
    base: Option<String>,
    expected: Value,
}

fn cases() -> Vec<Case> {
    let data = weburl_wpt::load("urltestdata.json");
    data.as_array()
        .into_iter()
        .flatten()
        .filter(|v| v.is_object())
        .map(|v| Case {
            input: v["input"].as_str().unwrap_or_default().to_owned(),
            base: v["base"].as_str().map(str::to_owned),
            expected: v.clone(),
        })
        .collect()
}

/// The input columns, one per string type.
const COLUMNS: [(&str, &str); 3] = [
    ("input", "Utf8"),
    ("input_large", "LargeUtf8"),
    ("input_view", "Utf8View"),
];

fn table(cases: &[Case]) -> MemTable {
    let inputs: Vec<&str> = cases.iter().map(|c| c.input.as_str()).collect();
    let bases: Vec<Option<&str>> = cases.iter().map(|c| c.base.as_deref()).collect();
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("input", DataType::Utf8, false),
        Field::new("input_large", DataType::LargeUtf8, false),
        Field::new("input_view", DataType::Utf8View, false),
        Field::new("base", DataType::Utf8, true),
    ]));
    let columns: Vec<ArrayRef> = vec![
        Arc::new(Int64Array::from_iter_values(0..cases.len() as i64)),
        Arc::new(StringArray::from(inputs.clone())),
        Arc::new(LargeStringArray::from(inputs.clone())),
        Arc::new(StringViewArray::from(inputs)),
        Arc::new(StringArray::from(bases)),
    ];
    // Several small batches, so that functions see batch boundaries.
    let batch = RecordBatch::try_new(Arc::clone(&schema), columns).unwrap();
    let batches: Vec<RecordBatch> = (0..batch.num_rows())
        .step_by(100)
        .map(|start| batch.slice(start, 100.min(batch.num_rows() - start)))
        .collect();
    MemTable::try_new(schema, vec![batches]).unwrap()
}

/// A scalar component of `url` as the facade gives it, in the form `strings` reads it.
fn facade_component(function: &str, url: &Url) -> Option<String> {
    Some(match function {
        "url_href" => url.href().to_owned(),
        "url_origin" => url.origin().to_string(),
        "url_protocol" => url.protocol().to_owned(),
        "url_username" => url.username().to_owned(),
        "url_password" => url.password().to_owned(),
        "url_host" => url.host().to_owned(),
        "url_hostname" => url.hostname().to_owned(),
        "url_port" => url.port_number()?.to_string(),
        "url_port_or_default" => url.port_or_default()?.to_string(),
        "url_pathname" => url.pathname().to_owned(),
        "url_search" => url.search().to_owned(),
        "url_hash" => url.hash().to_owned(),
        "url_host_kind" => format!("{:?}", url.host_kind()?).to_ascii_lowercase(),
        "url_public_suffix" => url.public_suffix()?.to_owned(),
        "url_registrable_domain" => url.registrable_domain()?.to_owned(),
        _ => return None,
    })
}

const COMPONENTS: [&str; 15] = [
    "url_href",
    "url_origin",
    "url_protocol",
    "url_username",
    "url_password",
    "url_host",
    "url_hostname",
    "url_port",
    "url_port_or_default",
    "url_pathname",
    "url_search",
    "url_hash",
    "url_host_kind",
    "url_public_suffix",
    "url_registrable_domain",
];

fn parse_against(input: &str, base: Option<&str>) -> Option<Url> {
    match base {
        None => Url::parse(input).ok(),
        Some(base) => Url::parse_with_base(input, &Url::parse(base).ok()?).ok(),
    }
}

/// Every case is tested, expecting `f(case)`.
fn every<T>(f: impl Fn(&Case) -> T) -> impl Fn(&Case) -> Option<T> {
    move |c| Some(f(c))
}

struct Check<'a> {
    ctx: &'a SessionContext,
    cases: &'a [Case],
    runner: Runner,
}

impl Check<'_> {
    /// Runs `select` (an expression over the table `wpt`, one row per case in order), reads
    /// the result with `read`, and compares each row with `expected` (`None`: not tested).
    async fn rows<T: PartialEq + std::fmt::Debug>(
        &mut self,
        label: &str,
        select: &str,
        read: impl Fn(&ArrayRef) -> Vec<T>,
        expected: impl Fn(&Case) -> Option<T>,
    ) {
        let sql = format!("SELECT {select} FROM wpt ORDER BY id");
        let actual = match query(self.ctx, &sql).await {
            Ok(batches) => read(&column(&batches, 0)),
            Err(e) => {
                self.runner
                    .case(format!("{label}: {sql}"), Err(e.to_string()));
                return;
            }
        };
        for (case, actual) in self.cases.iter().zip(actual) {
            let Some(expected) = expected(case) else {
                continue;
            };
            let name = format!("{label} {:?} against {:?}", case.input, case.base);
            let outcome = if actual == expected {
                Ok(())
            } else {
                Err(format!("expected {expected:?}, got {actual:?}"))
            };
            self.runner.case(name, outcome);
        }
    }
}

/// Reads a `List<string>` column.
fn string_lists(array: &ArrayRef) -> Vec<Option<Vec<String>>> {
    let list = array.as_list::<i32>();
    (0..list.len())
        .map(|i| {
            (!list.is_null(i)).then(|| {
                strings(&list.value(i))
                    .into_iter()
                    .map(Option::unwrap_or_default)
                    .collect()
            })
        })
        .collect()
}

/// Reads a `List<{name, value}>` column.
fn pair_lists(array: &ArrayRef) -> Vec<Option<Vec<(String, String)>>> {
    let list = array.as_list::<i32>();
    (0..list.len())
        .map(|i| {
            (!list.is_null(i)).then(|| {
                let pairs = list.value(i);
                let pairs = pairs.as_struct();
                let names = strings(pairs.column(0));
                let values = strings(pairs.column(1));
                names
                    .into_iter()
                    .zip(values)
                    .map(|(n, v)| (n.unwrap_or_default(), v.unwrap_or_default()))
                    .collect()
            })
        })
        .collect()
}

async fn run(check: &mut Check<'_>) {
    for (col, type_name) in COLUMNS {
        for function in COMPONENTS {
            check
                .rows(
                    &format!("{function} {type_name}"),
                    &format!("{function}({col})"),
                    strings,
                    every(|c| {
                        Url::parse(&c.input)
                            .ok()
                            .and_then(|u| facade_component(function, &u))
                    }),
                )
                .await;
            let field = function.trim_start_matches("url_");
            check
                .rows(
                    &format!("url_parse(..)['{field}'] {type_name}"),
                    &format!("url_parse({col})['{field}']"),
                    strings,
                    every(|c| {
                        Url::parse(&c.input)
                            .ok()
                            .and_then(|u| facade_component(function, &u))
                    }),
                )
                .await;
        }
        check
            .rows(
                &format!("url_path_segments {type_name}"),
                &format!("url_path_segments({col})"),
                string_lists,
                every(|c| {
                    let url = Url::parse(&c.input).ok()?;
                    let segments = url.path_segments()?;
                    Some(if url.pathname().is_empty() {
                        Vec::new()
                    } else {
                        segments.map(str::to_owned).collect()
                    })
                }),
            )
            .await;
        check
            .rows(
                &format!("url_query_params {type_name}"),
                &format!("url_query_params({col})"),
                pair_lists,
                every(|c| Some(Url::parse(&c.input).ok()?.search_params().into_pairs())),
            )
            .await;
        for name in ["a", "q", "", "b\u{e9}"] {
            check
                .rows(
                    &format!("url_query_param '{name}' {type_name}"),
                    &format!("url_query_param({col}, '{name}')"),
                    strings,
                    every(|c| {
                        let url = Url::parse(&c.input).ok()?;
                        url.search_params().get(name).map(str::to_owned)
                    }),
                )
                .await;
        }
        check
            .rows(
                &format!("url_join {type_name}"),
                &format!("url_join(base, {col})"),
                strings,
                every(|c| {
                    Some(
                        parse_against(&c.input, Some(c.base.as_deref()?))?
                            .href()
                            .to_owned(),
                    )
                }),
            )
            .await;
        check
            .rows(
                &format!("url_is_valid {type_name}"),
                &format!("url_is_valid({col})"),
                strings,
                every(|c| Some(Url::can_parse(&c.input, None).to_string())),
            )
            .await;
        check
            .rows(
                &format!("url_error {type_name}"),
                &format!("url_error({col})"),
                strings,
                every(|c| Url::parse(&c.input).err().map(|e| e.name().to_owned())),
            )
            .await;
        check
            .rows(
                &format!("url_percent_decode {type_name}"),
                &format!("url_percent_decode({col})"),
                strings,
                every(|c| {
                    Some(
                        weburl::percent::percent_decode_utf8_lossy(c.input.as_bytes()).into_owned(),
                    )
                }),
            )
            .await;
        check
            .rows(
                &format!("url_percent_encode {type_name}"),
                &format!("url_percent_encode({col}, 'userinfo')"),
                strings,
                every(|c| {
                    Some(
                        weburl::percent::utf8_percent_encode(&c.input, &weburl::percent::USERINFO)
                            .into_owned(),
                    )
                }),
            )
            .await;
    }
    // Against WPT's own expectations: validity with the base, and every component of the
    // resolved URL.
    check
        .rows(
            "url_is_valid(input, base) = !failure",
            "CASE WHEN base IS NULL THEN url_is_valid(input) ELSE url_is_valid(input, base) END",
            strings,
            every(|c| {
                let failure = c.expected["failure"].as_bool().unwrap_or(false);
                // A case without a base parses the input alone.
                Some((!failure).to_string())
            }),
        )
        .await;
    // The URL each case describes: the input resolved against its base, if any.
    let resolved = "CASE WHEN base IS NULL THEN input ELSE url_join(base, input) END";
    for field in [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ] {
        let select = if field == "port" {
            // WPT's port is a string, '' when there is none.
            format!(
                "CASE WHEN url_href({resolved}) IS NULL THEN NULL \
                 ELSE coalesce(CAST(url_port({resolved}) AS VARCHAR), '') END"
            )
        } else {
            format!("url_{field}({resolved})")
        };
        check
            .rows(&format!("WPT {field}"), &select, strings, |c| {
                if c.expected["failure"].as_bool().unwrap_or(false) {
                    return Some(None);
                }
                // A case without an expected origin does not test it.
                Some(Some(c.expected.get(field)?.as_str()?.to_owned()))
            })
            .await;
    }
}

fn main() -> ExitCode {
    let cases = cases();
    let ctx = common::context();
    ctx.register_table("wpt", Arc::new(table(&cases))).unwrap();
    let mut check = Check {
        ctx: &ctx,
        cases: &cases,
        runner: Runner::new("urltestdata.json (SQL)"),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .unwrap();
    runtime.block_on(run(&mut check));
    check.runner.finish()
}
