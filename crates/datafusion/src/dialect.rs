//! Other engines' URL function names, opt-in: [`register_dialect`] registers ClickHouse's
//! (`domain`, `cutToFirstSignificantSubdomain`, ...), Trino's (`url_extract_host`, ...),
//! BigQuery's (`net_host`, `net_reg_domain`, `net_public_suffix`) or Spark's (`parse_url`,
//! `try_parse_url`) names, on weburl's parser. What each returns, and where it differs from the
//! original engine, is in `weburl_functions::dialect` (shared with the DuckDB extension).
//!
//! DataFusion resolves unquoted names in lower case, so ClickHouse's camel-case names are
//! registered in lower case (`cuttofirstsignificantsubdomain`) and called as written.

use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayRef, Int32Builder, Int64Builder, NullBufferBuilder, StringBuilder,
};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};
use datafusion::prelude::SessionContext;
pub use weburl_functions::dialect::Dialect;
use weburl_functions::dialect::{Function, Type, Value};

use crate::args::invoke;
use crate::docs::SECTION;
use crate::nested::{item_field, list_column};

/// One dialect function as a DataFusion UDF.
#[derive(Debug)]
struct DialectUdf {
    function: &'static Function,
    name: String,
    signature: Signature,
    doc: Documentation,
}

impl PartialEq for DialectUdf {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for DialectUdf {}
impl std::hash::Hash for DialectUdf {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl DialectUdf {
    fn new(function: &'static Function) -> DialectUdf {
        let signatures = (function.min_arguments()..=function.arguments.len())
            .map(TypeSignature::String)
            .collect();
        let syntax = format!("{}({})", function.name, function.arguments.join(", "));
        let doc = Documentation::builder(
            SECTION,
            format!(
                "{} ({}) Differences from {}: {}",
                function.description, function.dialect, function.dialect, function.differences
            ),
            syntax,
        )
        .with_sql_example(format!(
            "```sql\n> SELECT {};\n{}\n```",
            function.example.call, function.example.result
        ))
        .build();
        DialectUdf {
            function,
            name: function.name.to_ascii_lowercase(),
            signature: Signature::one_of(signatures, Volatility::Immutable),
            doc,
        }
    }
}

impl ScalarUDFImpl for DialectUdf {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(match self.function.returns {
            Type::Varchar => DataType::Utf8,
            Type::Integer => DataType::Int32,
            Type::BigInt => DataType::Int64,
            Type::VarcharList => DataType::List(item_field(DataType::Utf8)),
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let function = self.function;
        invoke(&self.name, &args, |strings, rows| {
            let mut values = Vec::with_capacity(rows);
            for row in 0..rows {
                let row_args: Option<Vec<&str>> = strings.iter().map(|s| s.get(row)).collect();
                let value = match row_args {
                    Some(a) => match function.call(&a) {
                        Ok(v) => v,
                        Err(e) => return exec_err!("{e}"),
                    },
                    None => None,
                };
                values.push(value);
            }
            column(function.returns, values)
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

/// The results as an Arrow column of the function's type.
fn column(returns: Type, values: Vec<Option<Value>>) -> Result<ArrayRef> {
    Ok(match returns {
        Type::Varchar => {
            let mut b = StringBuilder::new();
            for v in values {
                match v {
                    Some(Value::Str(s)) => b.append_value(s),
                    _ => b.append_null(),
                }
            }
            Arc::new(b.finish())
        }
        Type::Integer => {
            let mut b = Int32Builder::new();
            for v in values {
                match v {
                    Some(Value::Int(i)) => b.append_option(i32::try_from(i).ok()),
                    _ => b.append_null(),
                }
            }
            Arc::new(b.finish())
        }
        Type::BigInt => {
            let mut b = Int64Builder::new();
            for v in values {
                match v {
                    Some(Value::Int(i)) => b.append_value(i),
                    _ => b.append_null(),
                }
            }
            Arc::new(b.finish())
        }
        Type::VarcharList => {
            let mut items = StringBuilder::new();
            let mut offsets = vec![0usize];
            let mut nulls = NullBufferBuilder::new(values.len());
            let mut end = 0;
            for v in values {
                match v {
                    Some(Value::List(list)) => {
                        end += list.len();
                        for item in list {
                            items.append_value(item);
                        }
                        nulls.append_non_null();
                    }
                    _ => nulls.append_null(),
                }
                offsets.push(end);
            }
            list_column(
                item_field(DataType::Utf8),
                offsets,
                Arc::new(items.finish()),
                nulls,
            )?
        }
    })
}

/// The dialect's functions, ready to register.
pub fn dialect_udfs(dialect: Dialect) -> Vec<Arc<ScalarUDF>> {
    dialect
        .functions()
        .map(|f| Arc::new(ScalarUDF::new_from_impl(DialectUdf::new(f))))
        .collect()
}

/// Registers the dialect's function names on a [`SessionContext`], replacing any of the same
/// name (Trino's `url_encode` and `url_decode` included).
///
/// ```
/// use datafusion::prelude::SessionContext;
/// use weburl_datafusion::{register_dialect, Dialect};
///
/// let ctx = SessionContext::new();
/// register_dialect(&ctx, Dialect::ClickHouse);
/// register_dialect(&ctx, Dialect::BigQuery);
/// ```
pub fn register_dialect(ctx: &SessionContext, dialect: Dialect) {
    for udf in dialect_udfs(dialect) {
        ctx.register_udf(Arc::unwrap_or_clone(udf));
    }
}
