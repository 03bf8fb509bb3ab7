//! The functions with nested results: `url_parse(url)` (a struct of every component) and
//! `url_path_segments(url)` (a list).

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, Int32Builder, ListArray, NullBufferBuilder, StructArray};
use datafusion::arrow::buffer::OffsetBuffer;
use datafusion::arrow::datatypes::{DataType, Field, FieldRef, Fields};
use datafusion::common::{exec_datafusion_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature,
};
use weburl_functions::Component;

use crate::args::{input_bytes, invoke, string_type_like, StringOut, Strings};
use crate::docs;

/// The struct's fields: one per component, named as the component (its function's name
/// without `url_`).
fn parse_fields(string_type: &DataType) -> Fields {
    Component::ALL
        .iter()
        .map(|&part| {
            let data_type = if part.is_integer() {
                DataType::Int32
            } else {
                string_type.clone()
            };
            Field::new(part.name(), data_type, true)
        })
        .collect()
}

/// `url_parse(url)`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlParse {
    signature: Signature,
    doc: Documentation,
}

impl UrlParse {
    pub(crate) fn new() -> UrlParse {
        UrlParse {
            signature: docs::url_signature(),
            doc: docs::named("url_parse"),
        }
    }
}

impl ScalarUDFImpl for UrlParse {
    fn name(&self) -> &str {
        "url_parse"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Struct(parse_fields(&string_type_like(
            arg_types.first(),
        ))))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let string_type = string_type_like(args.arg_fields.first().map(|f| f.data_type()));
        invoke(self.name(), &args, |strings, rows| {
            let input = strings.first().unwrap_or(&Strings::Scalar(None));
            parse_column(input, rows, &string_type)
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

/// A column being built for one field of `url_parse`'s struct.
enum Column {
    String(StringOut),
    Integer(Int32Builder),
}

fn parse_column(input: &Strings<'_>, rows: usize, string_type: &DataType) -> Result<ArrayRef> {
    let bytes = input_bytes(input);
    let mut columns: Vec<(Component, Column)> = Component::ALL
        .iter()
        .map(|&part| {
            let column = if part.is_integer() {
                Column::Integer(Int32Builder::with_capacity(rows))
            } else {
                Column::String(StringOut::new(string_type, rows, bytes))
            };
            (part, column)
        })
        .collect();
    let mut nulls = NullBufferBuilder::new(rows);
    let mut scratch = String::new();
    input.for_each(rows, |value| {
        let url = value.and_then(weburl_functions::parse);
        nulls.append(url.is_some());
        for (part, column) in &mut columns {
            match column {
                Column::String(out) => {
                    out.append(url.as_ref().and_then(|u| part.string(u, &mut scratch)))?
                }
                Column::Integer(out) => {
                    out.append_option(url.as_ref().and_then(|u| part.integer(u)))
                }
            }
        }
        Ok(())
    })?;
    let arrays: Vec<ArrayRef> = columns
        .into_iter()
        .map(|(_, column)| match column {
            Column::String(out) => out.finish(),
            Column::Integer(mut out) => Arc::new(out.finish()) as ArrayRef,
        })
        .collect();
    Ok(Arc::new(StructArray::try_new(
        parse_fields(string_type),
        arrays,
        nulls.finish(),
    )?))
}

/// The list field of a list of strings of type `string_type`.
pub(crate) fn item_field(data_type: DataType) -> FieldRef {
    Arc::new(Field::new_list_field(data_type, true))
}

/// Builds a `List` column: `values` holds the items of every row, `offsets` where each row's
/// items end, `nulls` which rows are NULL.
pub(crate) fn list_column(
    item: FieldRef,
    offsets: Vec<usize>,
    values: ArrayRef,
    mut nulls: NullBufferBuilder,
) -> Result<ArrayRef> {
    let offsets = offsets
        .into_iter()
        .map(i32::try_from)
        .collect::<std::result::Result<Vec<i32>, _>>()
        .map_err(|_| exec_datafusion_err!("over 2^31 list items in one batch"))?;
    Ok(Arc::new(ListArray::try_new(
        item,
        OffsetBuffer::new(offsets.into()),
        values,
        nulls.finish(),
    )?))
}

/// `url_path_segments(url)`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlPathSegments {
    signature: Signature,
    doc: Documentation,
}

impl UrlPathSegments {
    pub(crate) fn new() -> UrlPathSegments {
        UrlPathSegments {
            signature: docs::url_signature(),
            doc: docs::named("url_path_segments"),
        }
    }
}

impl ScalarUDFImpl for UrlPathSegments {
    fn name(&self) -> &str {
        "url_path_segments"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::List(item_field(string_type_like(
            arg_types.first(),
        ))))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let item = match args.return_type() {
            DataType::List(item) => Arc::clone(item),
            _ => item_field(DataType::Utf8),
        };
        invoke(self.name(), &args, |strings, rows| {
            let input = strings.first().unwrap_or(&Strings::Scalar(None));
            let mut values = StringOut::new(item.data_type(), rows, input_bytes(input));
            let mut offsets = Vec::with_capacity(rows.saturating_add(1));
            offsets.push(0);
            let mut count = 0usize;
            let mut nulls = NullBufferBuilder::new(rows);
            input.for_each(rows, |value| {
                let url = value.and_then(weburl_functions::parse);
                match url.as_ref().and_then(weburl_functions::path_segments) {
                    Some(segments) => {
                        for segment in segments {
                            values.append(Some(segment))?;
                            count += 1;
                        }
                        nulls.append_non_null();
                    }
                    None => nulls.append_null(),
                }
                offsets.push(count);
                Ok(())
            })?;
            list_column(Arc::clone(&item), offsets, values.finish(), nulls)
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}
