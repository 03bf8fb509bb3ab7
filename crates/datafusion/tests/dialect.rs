//! The dialect names through DataFusion SQL: each engine's documented example (with weburl's
//! documented result), opt-in registration, NULLs and Spark's error.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use datafusion::arrow::array::{Array, AsArray};
use datafusion::arrow::datatypes::{DataType, Int32Type, Int64Type};
use datafusion::prelude::SessionContext;
use weburl_datafusion::{register_dialect, Dialect};

mod common;
use common::{column, context, query};

/// A one-row result written as the documentation writes it.
fn sql_text(array: &dyn Array) -> String {
    if array.is_null(0) {
        return "NULL".to_owned();
    }
    match array.data_type() {
        DataType::Utf8 => format!("'{}'", array.as_string::<i32>().value(0)),
        DataType::Int32 => array.as_primitive::<Int32Type>().value(0).to_string(),
        DataType::Int64 => array.as_primitive::<Int64Type>().value(0).to_string(),
        DataType::List(_) => {
            let items = array.as_list::<i32>().value(0);
            let items = items.as_string::<i32>();
            let parts: Vec<&str> = (0..items.len()).map(|i| items.value(i)).collect();
            format!("[{}]", parts.join(", "))
        }
        other => panic!("unexpected type {other}"),
    }
}

async fn one(ctx: &SessionContext, call: &str) -> String {
    let batches = query(ctx, &format!("SELECT {call}"))
        .await
        .unwrap_or_else(|e| panic!("{call}: {e}"));
    sql_text(column(&batches, 0).as_ref())
}

#[tokio::test]
async fn every_documented_example() {
    let ctx = context();
    for d in Dialect::ALL {
        register_dialect(&ctx, d);
    }
    let mut passed = 0;
    let mut failed = Vec::new();
    for f in weburl_functions::dialect::functions() {
        let got = one(&ctx, f.example.call).await;
        if got == f.example.result {
            passed += 1;
        } else {
            failed.push(format!("{}: {got} != {}", f.example.call, f.example.result));
        }
    }
    println!("dialects (SQL): {passed} passed, {} failed", failed.len());
    assert!(failed.is_empty(), "{failed:#?}");
}

#[tokio::test]
async fn opt_in_nulls_and_errors() {
    let ctx = context();
    assert!(query(&ctx, "SELECT domain('https://a.example/')")
        .await
        .is_err());
    register_dialect(&ctx, Dialect::ClickHouse);
    assert_eq!(
        one(&ctx, "domain('https://A.example/')").await,
        "'a.example'"
    );
    assert_eq!(one(&ctx, "domain(NULL)").await, "NULL");
    assert_eq!(one(&ctx, "domain('not a url')").await, "NULL");
    assert!(query(&ctx, "SELECT net_host('a')").await.is_err());
    register_dialect(&ctx, Dialect::Spark);
    assert_eq!(
        one(&ctx, "try_parse_url('not a url', 'HOST')").await,
        "NULL"
    );
    let err = query(&ctx, "SELECT parse_url('not a url', 'HOST')").await;
    assert!(err.is_err_and(|e| e.to_string().contains("parse_url")));
}
