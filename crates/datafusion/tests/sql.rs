//! The functions through SQL: NULLs, empty strings, all-NULL and huge values, scalars and
//! arrays mixed, result types, documentation, registration, and a GROUP BY over the corpora.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::HashMap;
use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayRef, LargeStringArray, RecordBatch, StringArray, StringViewArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::execution::SessionStateBuilder;
use datafusion::prelude::{SessionConfig, SessionContext};
use weburl::Url;

mod common;
use common::{context, query, query_strings};

/// Registers `values` as table `name` with one column `u` of each string type: `u` (Utf8),
/// `u_large` (LargeUtf8) and `u_view` (Utf8View).
fn register_values(ctx: &SessionContext, name: &str, values: &[Option<&str>]) {
    let schema = Arc::new(Schema::new(vec![
        Field::new("u", DataType::Utf8, true),
        Field::new("u_large", DataType::LargeUtf8, true),
        Field::new("u_view", DataType::Utf8View, true),
    ]));
    let columns: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from(values.to_vec())),
        Arc::new(LargeStringArray::from(values.to_vec())),
        Arc::new(StringViewArray::from(values.to_vec())),
    ];
    let batch = RecordBatch::try_new(Arc::clone(&schema), columns).unwrap();
    let table = MemTable::try_new(schema, vec![vec![batch]]).unwrap();
    ctx.register_table(name, Arc::new(table)).unwrap();
}

/// Every function with the arguments to call it with, `U` standing for the URL column.
const CALLS: [&str; 41] = [
    "url_href(U)",
    "url_origin(U)",
    "url_protocol(U)",
    "url_username(U)",
    "url_password(U)",
    "url_host(U)",
    "url_hostname(U)",
    "url_port(U)",
    "url_port_or_default(U)",
    "url_pathname(U)",
    "url_search(U)",
    "url_hash(U)",
    "url_host_kind(U)",
    "url_public_suffix(U)",
    "url_registrable_domain(U)",
    "url_parse(U)",
    "url_query_param(U, 'q')",
    "url_query_params(U)",
    "url_path_segments(U)",
    "url_join('https://example.com/', U)",
    "url_is_valid(U)",
    "url_error(U)",
    "url_percent_decode(U)",
    "url_percent_encode(U)",
    "url_surt(U)",
    "url_ssurt(U)",
    "url_safe_browsing(U)",
    "url_safe_browsing_expressions(U)",
    "url_strip_tracking(U)",
    "url_surtkey(U)",
    "url_host_name(U)",
    "url_host_tld(U)",
    "url_host_2nd_last_part(U)",
    "url_host_3rd_last_part(U)",
    "url_host_4th_last_part(U)",
    "url_host_5th_last_part(U)",
    "url_host_registry_suffix(U)",
    "url_host_registered_domain(U, 'com')",
    "url_host_private_suffix(U)",
    "url_host_private_domain(U, 'com')",
    "url_host_name_reversed(U)",
];

fn s(v: &str) -> Option<String> {
    Some(v.to_owned())
}

#[tokio::test]
async fn null_empty_and_invalid_inputs() {
    let ctx = context();
    register_values(
        &ctx,
        "t",
        &[
            None,
            Some(""),
            Some("https://a.example/x?q=1"),
            Some("not a url"),
            Some("http://[::1"),
        ],
    );
    for col in ["u", "u_large", "u_view"] {
        let q = |f: &str| format!("SELECT {f} FROM t");
        assert_eq!(
            query_strings(&ctx, &q(&format!("url_hostname({col})"))).await,
            [None, None, s("a.example"), None, None]
        );
        assert_eq!(
            query_strings(&ctx, &q(&format!("url_is_valid({col})"))).await,
            [None, s("false"), s("true"), s("false"), s("false")]
        );
        assert_eq!(
            query_strings(&ctx, &q(&format!("url_error({col})"))).await,
            [
                None,
                s("missing-scheme-non-relative-URL"),
                None,
                s("missing-scheme-non-relative-URL"),
                s("IPv6-unclosed")
            ]
        );
        // A relative reference is valid against a base.
        assert_eq!(
            query_strings(
                &ctx,
                &q(&format!("url_join('https://b.example/dir/', {col})"))
            )
            .await,
            [
                None,
                s("https://b.example/dir/"),
                s("https://a.example/x?q=1"),
                s("https://b.example/dir/not%20a%20url"),
                None
            ]
        );
        assert_eq!(
            query_strings(&ctx, &q(&format!("url_query_param({col}, 'q')"))).await,
            [None, None, s("1"), None, None]
        );
    }
}

#[tokio::test]
async fn every_function_on_an_all_null_column_and_a_null_literal() {
    let ctx = context();
    register_values(&ctx, "t", &[None; 1000]);
    for call in CALLS {
        for col in ["u", "u_large", "u_view"] {
            let sql = format!("SELECT {} FROM t", call.replace('U', col));
            let batches = query(&ctx, &sql)
                .await
                .unwrap_or_else(|e| panic!("{sql}: {e}"));
            let column = common::column(&batches, 0);
            assert_eq!(column.len(), 1000, "{sql}");
            assert_eq!(column.null_count(), 1000, "{sql}");
        }
        let sql = format!("SELECT {}", call.replace('U', "NULL"));
        let batches = query(&ctx, &sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        let column = common::column(&batches, 0);
        // url_join('https://example.com/', NULL) and the rest: NULL in, NULL out.
        assert_eq!(column.null_count(), 1, "{sql}");
    }
}

#[tokio::test]
async fn string_results_have_the_argument_type() {
    let ctx = context();
    for (cast, expected) in [
        ("Utf8", "Utf8"),
        ("LargeUtf8", "LargeUtf8"),
        ("Utf8View", "Utf8View"),
    ] {
        let arg = format!("arrow_cast('https://a.example/p?q=1', '{cast}')");
        for (call, expected) in [
            (format!("url_hostname({arg})"), expected.to_owned()),
            (format!("url_port({arg})"), "Int32".to_owned()),
            (format!("url_is_valid({arg})"), "Boolean".to_owned()),
            (
                format!("url_path_segments({arg})"),
                format!("List({expected})"),
            ),
        ] {
            let got = query_strings(&ctx, &format!("SELECT arrow_typeof({call})")).await;
            assert_eq!(got, [Some(expected.clone())], "{call}");
        }
    }
}

#[tokio::test]
async fn dictionary_encoded_strings_are_coerced() {
    let ctx = context();
    let got = query_strings(
        &ctx,
        "SELECT url_registrable_domain(arrow_cast(u, 'Dictionary(Int32, Utf8)')) FROM \
         (VALUES ('https://a.b.example.co.uk/'), ('https://a.b.example.co.uk/x'), (NULL)) v(u)",
    )
    .await;
    assert_eq!(got, [s("example.co.uk"), s("example.co.uk"), None]);
}

#[tokio::test]
async fn scalars_and_columns_mixed() {
    let ctx = context();
    register_values(
        &ctx,
        "t",
        &[
            Some("a/b"),
            Some("../c?x=1#f"),
            Some("//other.example/"),
            None,
        ],
    );
    register_values(
        &ctx,
        "bases",
        &[
            Some("https://one.example/d/"),
            Some("https://two.example/e/f"),
            None,
            Some("https://x/"),
        ],
    );
    // Column references against a literal base.
    assert_eq!(
        query_strings(&ctx, "SELECT url_join('https://h.example/1/2/', u) FROM t").await,
        [
            s("https://h.example/1/2/a/b"),
            s("https://h.example/1/c?x=1#f"),
            s("https://other.example/"),
            None
        ]
    );
    // A column of bases against a literal reference.
    assert_eq!(
        query_strings(&ctx, "SELECT url_join(u, 'z') FROM bases").await,
        [
            s("https://one.example/d/z"),
            s("https://two.example/e/z"),
            None,
            s("https://x/z")
        ]
    );
    // Two columns, row by row.
    let sql = "SELECT url_join(b.u, t.u) FROM \
               (SELECT u, row_number() OVER () AS n FROM t) t JOIN \
               (SELECT u, row_number() OVER () AS n FROM bases) b ON t.n = b.n ORDER BY t.n";
    assert_eq!(
        query_strings(&ctx, sql).await,
        [
            s("https://one.example/d/a/b"),
            s("https://two.example/c?x=1#f"),
            None,
            None
        ]
    );
    // A scalar name, a column name.
    assert_eq!(
        query_strings(
            &ctx,
            "SELECT url_query_param('https://a/?a=1&b=2&a=3', u) FROM \
                              (VALUES ('a'), ('b'), ('c'), (NULL)) v(u)"
        )
        .await,
        [s("1"), s("2"), None, None]
    );
    assert_eq!(
        query_strings(
            &ctx,
            "SELECT url_percent_encode('a b/é', u) FROM \
                              (VALUES ('path'), ('COMPONENT'), ('c0-control')) v(u)"
        )
        .await,
        [s("a%20b/%C3%A9"), s("a%20b%2F%C3%A9"), s("a b/%C3%A9")]
    );
    let err = query(&ctx, "SELECT url_percent_encode('a', 'nope')")
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown percent-encode set 'nope'"),
        "{err}"
    );
    // With a base, url_is_valid and url_error.
    assert_eq!(
        query_strings(&ctx, "SELECT url_is_valid(u, 'https://h/') FROM t").await,
        [s("true"), s("true"), s("true"), None]
    );
    assert_eq!(
        query_strings(
            &ctx,
            "SELECT url_error('a', u) FROM \
                              (VALUES ('https://h/'), ('nope'), ('mailto:x')) v(u)"
        )
        .await,
        [
            None,
            s("missing-scheme-non-relative-URL"),
            s("missing-scheme-non-relative-URL")
        ]
    );
}

#[tokio::test]
async fn huge_values() {
    let ctx = context();
    let path = "a".repeat(16 << 20);
    let host = format!("{}.example", "b".repeat(1 << 20));
    let long_path = format!("https://example.com/{path}?q={path}#{path}");
    let long_host = format!("HTTPS://{}/", host.to_uppercase());
    let percent = " ".repeat(4 << 20);
    register_values(
        &ctx,
        "t",
        &[Some(&long_path), Some(&long_host), Some(&percent), None],
    );
    for col in ["u", "u_large", "u_view"] {
        let lengths = query_strings(
            &ctx,
            &format!(
                "SELECT length(url_pathname({col})) + length(url_search({col})) + \
                 length(url_hash({col})) FROM t"
            ),
        )
        .await;
        let n = path.len();
        assert_eq!(lengths[0], Some((3 * n + 5).to_string()), "{col}");
        let hosts = query_strings(&ctx, &format!("SELECT url_hostname({col}) FROM t")).await;
        assert_eq!(hosts[1].as_deref(), Some(host.as_str()));
        let param = query_strings(
            &ctx,
            &format!("SELECT length(url_query_param({col}, 'q')) FROM t"),
        )
        .await;
        assert_eq!(param[0], Some(n.to_string()));
        let encoded = query_strings(
            &ctx,
            &format!("SELECT length(url_percent_encode({col})) FROM t"),
        )
        .await;
        assert_eq!(encoded[2], Some((3 * percent.len()).to_string()));
        let segments = query_strings(
            &ctx,
            &format!("SELECT cardinality(url_path_segments({col})) FROM t"),
        )
        .await;
        assert_eq!(segments[..2], [s("1"), s("1")]);
    }
}

#[tokio::test]
async fn many_rows_across_batches() {
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_batch_size(1000));
    weburl_datafusion::register(&ctx);
    let values: Vec<String> = (0..25_000)
        .map(|i| format!("https://h{}.example:{}/", i % 7, i))
        .collect();
    let refs: Vec<Option<&str>> = values.iter().map(|v| Some(v.as_str())).collect();
    register_values(&ctx, "t", &refs);
    let got = query_strings(
        &ctx,
        "SELECT url_hostname(u_view) AS h, count(*) AS n, sum(url_port(u_large)) AS p \
         FROM t GROUP BY h ORDER BY h",
    )
    .await;
    assert_eq!(got.len(), 7);
    let by_host = query(&ctx, "SELECT count(*) FROM t WHERE url_port(u) >= 20000")
        .await
        .unwrap();
    assert_eq!(common::strings(&common::column(&by_host, 0)), [s("5000")]);
}

/// Each function's documented SQL example runs and gives the documented result.
#[tokio::test]
async fn documentation_examples_hold() {
    let ctx = context();
    let udfs = weburl_datafusion::udfs();
    assert_eq!(udfs.len(), CALLS.len());
    for udf in udfs {
        let doc = udf
            .documentation()
            .unwrap_or_else(|| panic!("{} has no documentation", udf.name()));
        assert_eq!(doc.doc_section.label, "URL Functions");
        assert!(
            doc.syntax_example.starts_with(udf.name()),
            "{}",
            doc.syntax_example
        );
        let example = doc
            .sql_example
            .as_deref()
            .unwrap_or_else(|| panic!("{}: no example", udf.name()));
        let mut lines = example.lines().skip(1);
        let select = lines.next().and_then(|l| l.strip_prefix("> ")).unwrap();
        let expected = lines.next().unwrap();
        let batches = query(&ctx, select)
            .await
            .unwrap_or_else(|e| panic!("{select}: {e}"));
        let column = common::column(&batches, 0);
        let got = match column.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
                match &common::strings(&column)[0] {
                    Some(v) => format!("'{v}'"),
                    None => "NULL".to_owned(),
                }
            }
            _ => datafusion::arrow::util::display::array_value_to_string(&column, 0).unwrap(),
        };
        assert_eq!(got, expected, "{}: {select}", udf.name());
    }
}

#[tokio::test]
async fn show_functions_lists_them_with_their_descriptions() {
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_information_schema(true));
    weburl_datafusion::register(&ctx);
    let names = query_strings(
        &ctx,
        "SELECT DISTINCT routine_name FROM information_schema.routines \
         WHERE routine_name LIKE 'url\\_%' ESCAPE '\\' ORDER BY 1",
    )
    .await;
    assert_eq!(names.len(), CALLS.len(), "{names:?}");
    let show = query(&ctx, "SHOW FUNCTIONS LIKE 'url_hostname'")
        .await
        .unwrap();
    let table = datafusion::arrow::util::pretty::pretty_format_batches(&show)
        .unwrap()
        .to_string();
    assert!(table.contains("url_hostname"), "{table}");
    assert!(table.contains("Punycode"), "{table}");
}

#[tokio::test]
async fn register_all_on_a_session_state() {
    let mut state = SessionStateBuilder::new().with_default_features().build();
    weburl_datafusion::register_all(&mut state).unwrap();
    let ctx = SessionContext::new_with_state(state);
    assert_eq!(
        query_strings(&ctx, "SELECT url_origin('blob:https://a.example:443/uuid')").await,
        [s("https://a.example")]
    );
}

/// `SELECT url_registrable_domain(url) d, count(*) FROM urls GROUP BY d ORDER BY 2 DESC, 1 LIMIT 20`
/// over the four corpora, against counts made with the facade directly.
#[tokio::test]
async fn corpus_group_by_matches_the_facade() {
    let lines = common::corpus_lines();
    let ctx = context();
    let refs: Vec<Option<&str>> = lines.iter().map(|l| Some(l.as_str())).collect();
    register_values(&ctx, "urls", &refs);
    let sql = "SELECT url_registrable_domain(u_view) d, count(*) n FROM urls GROUP BY d \
               ORDER BY 2 DESC, 1 NULLS FIRST LIMIT 20";
    let batches = query(&ctx, sql).await.unwrap();
    let got: Vec<(Option<String>, Option<String>)> = common::strings(&common::column(&batches, 0))
        .into_iter()
        .zip(common::strings(&common::column(&batches, 1)))
        .collect();

    let mut counts: HashMap<Option<String>, u64> = HashMap::new();
    for line in &lines {
        let url = Url::parse(line).ok();
        let host = url
            .as_ref()
            .and_then(Url::registrable_domain)
            .map(str::to_owned);
        *counts.entry(host).or_default() += 1;
    }
    let mut expected: Vec<(Option<String>, u64)> = counts.into_iter().collect();
    expected.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let expected: Vec<(Option<String>, Option<String>)> = expected
        .into_iter()
        .take(20)
        .map(|(d, n)| (d, Some(n.to_string())))
        .collect();
    assert_eq!(got, expected);
}
