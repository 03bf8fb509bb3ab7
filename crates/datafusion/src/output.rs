//! Result columns: the Arrow type of each catalogue [`Type`], and a builder that appends a
//! [`Datum`] per row.

use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayRef, BooleanBuilder, Int32Builder, Int64Builder, ListArray, NullBufferBuilder, StructArray,
};
use datafusion::arrow::buffer::OffsetBuffer;
use datafusion::arrow::datatypes::{DataType, Field, FieldRef, Fields};
use datafusion::common::{exec_datafusion_err, exec_err, Result};
use weburl_functions::catalogue::{Datum, Type};
use weburl_functions::Component;

use crate::args::StringOut;

/// The list field of items of type `data_type`.
fn item_field(data_type: DataType) -> FieldRef {
    Arc::new(Field::new_list_field(data_type, true))
}

/// `url_query_params`' struct of a name and a value.
fn pair_fields(string_type: &DataType) -> Fields {
    Fields::from(vec![
        Field::new("name", string_type.clone(), false),
        Field::new("value", string_type.clone(), false),
    ])
}

/// `url_parse`'s struct: one field per component, named as the component.
fn component_fields(string_type: &DataType) -> Fields {
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

/// The Arrow type of `returns`, strings being of type `string_type` (the first argument's).
pub(crate) fn data_type(returns: Type, string_type: &DataType) -> DataType {
    match returns {
        Type::Varchar => string_type.clone(),
        Type::Integer => DataType::Int32,
        Type::BigInt => DataType::Int64,
        Type::Boolean => DataType::Boolean,
        Type::VarcharList => DataType::List(item_field(string_type.clone())),
        Type::PairList => DataType::List(item_field(DataType::Struct(pair_fields(string_type)))),
        Type::Components => DataType::Struct(component_fields(string_type)),
    }
}

/// The string type inside `data_type` (the type of a result built by [`data_type`]).
fn string_type_of(data_type: &DataType) -> DataType {
    match data_type {
        DataType::LargeUtf8 => DataType::LargeUtf8,
        DataType::Utf8View => DataType::Utf8View,
        DataType::List(item) => string_type_of(item.data_type()),
        DataType::Struct(fields) => fields
            .iter()
            .map(|f| string_type_of(f.data_type()))
            .find(|t| *t != DataType::Utf8)
            .unwrap_or(DataType::Utf8),
        _ => DataType::Utf8,
    }
}

/// A list column being built: the items of every row, where each row ends, which rows are
/// NULL.
pub(crate) struct Lists {
    offsets: Vec<usize>,
    nulls: NullBufferBuilder,
}

impl Lists {
    fn new(rows: usize) -> Lists {
        let mut offsets = Vec::with_capacity(rows.saturating_add(1));
        offsets.push(0);
        Lists {
            offsets,
            nulls: NullBufferBuilder::new(rows),
        }
    }

    fn end_row(&mut self, items: Option<usize>) {
        let last = self.offsets.last().copied().unwrap_or(0);
        self.nulls.append(items.is_some());
        self.offsets.push(last.saturating_add(items.unwrap_or(0)));
    }

    fn finish(mut self, item: FieldRef, values: ArrayRef) -> Result<ArrayRef> {
        let offsets = self
            .offsets
            .into_iter()
            .map(i32::try_from)
            .collect::<std::result::Result<Vec<i32>, _>>()
            .map_err(|_| exec_datafusion_err!("over 2^31 list items in one batch"))?;
        Ok(Arc::new(ListArray::try_new(
            item,
            OffsetBuffer::new(offsets.into()),
            values,
            self.nulls.finish(),
        )?))
    }
}

/// One field of `url_parse`'s struct being built.
pub(crate) enum Field32 {
    String(StringOut),
    Integer(Int32Builder),
}

/// A result column being built, of one catalogue [`Type`].
pub(crate) enum Output {
    Str(StringOut),
    I32(Int32Builder),
    I64(Int64Builder),
    Bool(BooleanBuilder),
    List(Lists, StringOut, DataType),
    /// Boxed: the largest variant.
    Pairs(Box<(Lists, StringOut, StringOut, DataType)>),
    Components {
        fields: Vec<(Component, Field32)>,
        nulls: NullBufferBuilder,
        scratch: String,
        string_type: DataType,
    },
}

impl Output {
    /// A builder of `rows` values of `returns`, whose Arrow type is `out_type`; `bytes` is a
    /// guess at the strings' total length.
    pub(crate) fn new(
        returns: Type,
        out_type: &DataType,
        rows: usize,
        bytes: usize,
    ) -> Result<Output> {
        let strings = string_type_of(out_type);
        Ok(match returns {
            Type::Varchar => Output::Str(StringOut::new(&strings, rows, bytes)),
            Type::Integer => Output::I32(Int32Builder::with_capacity(rows)),
            Type::BigInt => Output::I64(Int64Builder::with_capacity(rows)),
            Type::Boolean => Output::Bool(BooleanBuilder::with_capacity(rows)),
            Type::VarcharList => Output::List(
                Lists::new(rows),
                StringOut::new(&strings, rows, bytes),
                strings,
            ),
            Type::PairList => Output::Pairs(Box::new((
                Lists::new(rows),
                StringOut::new(&strings, rows, bytes / 2),
                StringOut::new(&strings, rows, bytes / 2),
                strings,
            ))),
            Type::Components => Output::Components {
                fields: Component::ALL
                    .iter()
                    .map(|&c| {
                        let field = if c.is_integer() {
                            Field32::Integer(Int32Builder::with_capacity(rows))
                        } else {
                            Field32::String(StringOut::new(&strings, rows, bytes))
                        };
                        (c, field)
                    })
                    .collect(),
                nulls: NullBufferBuilder::new(rows),
                scratch: String::new(),
                string_type: strings,
            },
        })
    }

    /// Appends one row's result. A datum of another type than the column's is an error (the
    /// catalogue's evaluator returns the record's type or NULL).
    pub(crate) fn append(&mut self, datum: Datum<'_>) -> Result<()> {
        match (self, datum) {
            (Output::Str(out), Datum::Str(s)) => out.append(Some(s))?,
            (Output::Str(out), Datum::Null) => out.append(None)?,
            (Output::I32(out), Datum::Int(i)) => out.append_option(i32::try_from(i).ok()),
            (Output::I32(out), Datum::Null) => out.append_null(),
            (Output::I64(out), Datum::Int(i)) => out.append_value(i),
            (Output::I64(out), Datum::Null) => out.append_null(),
            (Output::Bool(out), Datum::Bool(b)) => out.append_value(b),
            (Output::Bool(out), Datum::Null) => out.append_null(),
            (Output::List(lists, items, _), Datum::List(list)) => {
                for item in list.iter() {
                    items.append(Some(item))?;
                }
                lists.end_row(Some(list.len()));
            }
            (Output::List(lists, ..), Datum::Null) => lists.end_row(None),
            (Output::Pairs(out), Datum::Pairs(pairs)) => {
                let (lists, names, values, _) = &mut **out;
                let mut count = 0usize;
                for (name, value) in pairs.pairs() {
                    names.append(Some(name))?;
                    values.append(Some(value))?;
                    count += 1;
                }
                lists.end_row(Some(count));
            }
            (Output::Pairs(out), Datum::Null) => out.0.end_row(None),
            (
                Output::Components {
                    fields,
                    nulls,
                    scratch,
                    ..
                },
                datum @ (Datum::Url(_) | Datum::Null),
            ) => {
                let url = match datum {
                    Datum::Url(url) => Some(url),
                    _ => None,
                };
                nulls.append(url.is_some());
                for (c, field) in fields {
                    match field {
                        Field32::String(out) => {
                            out.append(url.and_then(|u| c.string(u, scratch)))?
                        }
                        Field32::Integer(out) => out.append_option(url.and_then(|u| c.integer(u))),
                    }
                }
            }
            (_, datum) => return exec_err!("weburl: a result of the wrong type: {datum:?}"),
        }
        Ok(())
    }

    /// The column.
    pub(crate) fn finish(self) -> Result<ArrayRef> {
        Ok(match self {
            Output::Str(out) => out.finish(),
            Output::I32(mut out) => Arc::new(out.finish()),
            Output::I64(mut out) => Arc::new(out.finish()),
            Output::Bool(mut out) => Arc::new(out.finish()),
            Output::List(lists, items, strings) => {
                lists.finish(item_field(strings), items.finish())?
            }
            Output::Pairs(out) => {
                let (lists, names, values, strings) = *out;
                let pairs = StructArray::try_new(
                    pair_fields(&strings),
                    vec![names.finish(), values.finish()],
                    None,
                )?;
                lists.finish(
                    item_field(DataType::Struct(pair_fields(&strings))),
                    Arc::new(pairs),
                )?
            }
            Output::Components {
                fields,
                mut nulls,
                string_type,
                ..
            } => {
                let arrays: Vec<ArrayRef> = fields
                    .into_iter()
                    .map(|(_, field)| match field {
                        Field32::String(out) => out.finish(),
                        Field32::Integer(mut out) => Arc::new(out.finish()) as ArrayRef,
                    })
                    .collect();
                Arc::new(StructArray::try_new(
                    component_fields(&string_type),
                    arrays,
                    nulls.finish(),
                )?)
            }
        })
    }
}
