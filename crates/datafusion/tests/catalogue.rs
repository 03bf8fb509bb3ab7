//! The catalogue test for DataFusion: the functions registered are exactly the catalogue's
//! (`weburl_functions::catalogue`), each with the record's syntax and documentation, and every
//! record's example gives the record's result through SQL.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::BTreeSet;

use datafusion::arrow::array::{Array, AsArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::arrow::util::display::array_value_to_string;
use datafusion::prelude::SessionContext;
use weburl_datafusion::{dialect_udfs, register_dialect, udfs, Dialect};
use weburl_functions::catalogue;

mod common;
use common::{column, context, query};

/// A one-row result written as the catalogue writes it.
fn sql_text(array: &dyn Array) -> String {
    if array.is_null(0) {
        return "NULL".to_owned();
    }
    match array.data_type() {
        DataType::Utf8 => format!("'{}'", array.as_string::<i32>().value(0)),
        DataType::LargeUtf8 => format!("'{}'", array.as_string::<i64>().value(0)),
        DataType::Utf8View => format!("'{}'", array.as_string_view().value(0)),
        _ => array_value_to_string(array, 0).unwrap(),
    }
}

#[test]
fn registered_functions_are_the_catalogues() {
    let mut registered: Vec<String> = udfs().iter().map(|u| u.name().to_owned()).collect();
    for d in Dialect::ALL {
        registered.extend(dialect_udfs(d).iter().map(|u| u.name().to_owned()));
    }
    let count = registered.len();
    let registered: BTreeSet<String> = registered.into_iter().collect();
    assert_eq!(registered.len(), count, "a name registered twice");
    let catalogue: BTreeSet<String> = catalogue::functions()
        .map(|f| f.name.to_ascii_lowercase())
        .collect();
    let missing: Vec<_> = catalogue.difference(&registered).collect();
    let extra: Vec<_> = registered.difference(&catalogue).collect();
    assert!(missing.is_empty(), "not registered: {missing:?}");
    assert!(extra.is_empty(), "not in the catalogue: {extra:?}");
    for udf in udfs() {
        let f = catalogue::function(udf.name()).unwrap();
        let doc = udf.documentation().unwrap();
        assert_eq!(doc.syntax_example, f.syntax());
        assert_eq!(doc.description, f.full_description());
    }
}

#[tokio::test]
async fn every_catalogue_example_holds() {
    let ctx: SessionContext = context();
    for d in Dialect::ALL {
        register_dialect(&ctx, d);
    }
    let mut passed = 0;
    let mut failed = Vec::new();
    for f in catalogue::functions() {
        let got = match query(&ctx, &format!("SELECT {}", f.example.call)).await {
            Ok(batches) => sql_text(column(&batches, 0).as_ref()),
            Err(e) => format!("error: {e}"),
        };
        if got == f.example.result {
            passed += 1;
        } else {
            failed.push(format!("{}: {got} != {}", f.example.call, f.example.result));
        }
    }
    println!(
        "catalogue (DataFusion): {passed} passed, {} failed",
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
}
