//! The query as form data: `url_query_param(url, name)` and `url_query_params(url)`, read
//! with the [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser)
//! as `url.searchParams` does.

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, NullBufferBuilder, StructArray};
use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::form;

use crate::args::{input_bytes, invoke, string_type_like, StringOut, Strings};
use crate::docs;
use crate::nested::{item_field, list_column};

/// The name-value pairs of the URL's query, decoded; `None` if `value` is NULL or not a URL.
/// A URL without a query has none.
fn with_pairs<R>(value: Option<&str>, f: impl FnOnce(form::Parse<'_>) -> R) -> Option<R> {
    let url = weburl_functions::parse(value?)?;
    Some(f(weburl_functions::query_pairs(&url)))
}

/// `url_query_param(url, name)`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlQueryParam {
    signature: Signature,
    doc: Documentation,
}

impl UrlQueryParam {
    pub(crate) fn new() -> UrlQueryParam {
        UrlQueryParam {
            signature: Signature::string(2, Volatility::Immutable),
            doc: docs::named("url_query_param"),
        }
    }
}

impl ScalarUDFImpl for UrlQueryParam {
    fn name(&self) -> &str {
        "url_query_param"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(string_type_like(arg_types.first()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let out_type = args.return_type().clone();
        invoke(self.name(), &args, |strings, rows| {
            let (Some(urls), Some(names)) = (strings.first(), strings.get(1)) else {
                return Ok(StringOut::new(&out_type, rows, 0).finish());
            };
            let mut out = StringOut::new(&out_type, rows, rows.saturating_mul(8));
            for i in 0..rows {
                let value = names.get(i).and_then(|name| {
                    let url = weburl_functions::parse(urls.get(i)?)?;
                    weburl_functions::query_param(&url, name).map(|v| v.into_owned())
                });
                out.append(value.as_deref())?;
            }
            Ok(out.finish())
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

fn pair_fields(string_type: &DataType) -> Fields {
    Fields::from(vec![
        Field::new("name", string_type.clone(), false),
        Field::new("value", string_type.clone(), false),
    ])
}

/// `url_query_params(url)`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlQueryParams {
    signature: Signature,
    doc: Documentation,
}

impl UrlQueryParams {
    pub(crate) fn new() -> UrlQueryParams {
        UrlQueryParams {
            signature: docs::url_signature(),
            doc: docs::named("url_query_params"),
        }
    }
}

impl ScalarUDFImpl for UrlQueryParams {
    fn name(&self) -> &str {
        "url_query_params"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        let string_type = string_type_like(arg_types.first());
        Ok(DataType::List(item_field(DataType::Struct(pair_fields(
            &string_type,
        )))))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let string_type = string_type_like(args.arg_fields.first().map(|f| f.data_type()));
        invoke(self.name(), &args, |strings, rows| {
            let input = strings.first().unwrap_or(&Strings::Scalar(None));
            let bytes = input_bytes(input);
            let mut names = StringOut::new(&string_type, rows, bytes / 2);
            let mut values = StringOut::new(&string_type, rows, bytes / 2);
            let mut offsets = Vec::with_capacity(rows.saturating_add(1));
            offsets.push(0);
            let mut count = 0usize;
            let mut nulls = NullBufferBuilder::new(rows);
            input.for_each(rows, |value| {
                let appended = with_pairs(value, |pairs| {
                    for (name, value) in pairs {
                        names.append(Some(&name))?;
                        values.append(Some(&value))?;
                        count += 1;
                    }
                    Ok::<(), datafusion::common::DataFusionError>(())
                });
                match appended {
                    Some(result) => {
                        result?;
                        nulls.append_non_null();
                    }
                    None => nulls.append_null(),
                }
                offsets.push(count);
                Ok(())
            })?;
            let pairs = StructArray::try_new(
                pair_fields(&string_type),
                vec![names.finish(), values.finish()],
                None,
            )?;
            let item = item_field(DataType::Struct(pair_fields(&string_type)));
            list_column(item, offsets, Arc::new(pairs) as ArrayRef, nulls)
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}
