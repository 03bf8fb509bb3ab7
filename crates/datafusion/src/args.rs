//! Reading string arguments and building string results, the same way for every function.
//!
//! An argument is an Arrow `Utf8`, `LargeUtf8` or `Utf8View` array, or a scalar of one of
//! those types (or a typed or untyped NULL). A function called with scalars only returns a
//! scalar; otherwise it returns an array of `number_rows` values.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, GenericStringArray, LargeStringBuilder, StringBuilder, StringViewArray,
    StringViewBuilder,
};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::cast::{as_large_string_array, as_string_array, as_string_view_array};
use datafusion::common::{exec_datafusion_err, exec_err, Result, ScalarValue};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs};

/// One string argument, however DataFusion passed it.
pub(crate) enum Strings<'a> {
    Utf8(&'a GenericStringArray<i32>),
    LargeUtf8(&'a GenericStringArray<i64>),
    Utf8View(&'a StringViewArray),
    /// A scalar, the same for every row.
    Scalar(Option<&'a str>),
}

impl<'a> Strings<'a> {
    pub(crate) fn new(value: &'a ColumnarValue, function: &str) -> Result<Strings<'a>> {
        match value {
            ColumnarValue::Array(array) => match array.data_type() {
                DataType::Utf8 => Ok(Strings::Utf8(as_string_array(array)?)),
                DataType::LargeUtf8 => Ok(Strings::LargeUtf8(as_large_string_array(array)?)),
                DataType::Utf8View => Ok(Strings::Utf8View(as_string_view_array(array)?)),
                other => exec_err!("{function} expects a string argument, got {other}"),
            },
            ColumnarValue::Scalar(ScalarValue::Null) => Ok(Strings::Scalar(None)),
            ColumnarValue::Scalar(scalar) => match scalar.try_as_str() {
                Some(s) => Ok(Strings::Scalar(s)),
                None => exec_err!(
                    "{function} expects a string argument, got {}",
                    scalar.data_type()
                ),
            },
        }
    }

    /// The value in row `i` (`i` below the row count the caller was given), `None` for NULL.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => (!a.is_null(i)).then(|| a.value(i)),
            Strings::LargeUtf8(a) => (!a.is_null(i)).then(|| a.value(i)),
            Strings::Utf8View(a) => (!a.is_null(i)).then(|| a.value(i)),
            Strings::Scalar(s) => *s,
        }
    }

    /// Calls `f` with each of the first `rows` values in order: the type dispatch happens
    /// once, outside the loop (the path of every function of one argument).
    #[inline]
    pub(crate) fn for_each(
        &self,
        rows: usize,
        mut f: impl FnMut(Option<&'a str>) -> Result<()>,
    ) -> Result<()> {
        match self {
            Strings::Utf8(a) => a.iter().take(rows).try_for_each(f),
            Strings::LargeUtf8(a) => a.iter().take(rows).try_for_each(f),
            Strings::Utf8View(a) => a.iter().take(rows).try_for_each(f),
            Strings::Scalar(s) => (0..rows).try_for_each(|_| f(*s)),
        }
    }
}

/// Runs `f` over the arguments as [`Strings`] with the number of rows to produce; when every
/// argument is a scalar, `f` produces one row and the result is that scalar.
pub(crate) fn invoke(
    function: &str,
    args: &ScalarFunctionArgs,
    f: impl FnOnce(&[Strings<'_>], usize) -> Result<ArrayRef>,
) -> Result<ColumnarValue> {
    let strings = args
        .args
        .iter()
        .map(|a| Strings::new(a, function))
        .collect::<Result<Vec<_>>>()?;
    let all_scalars = args
        .args
        .iter()
        .all(|a| matches!(a, ColumnarValue::Scalar(_)));
    if all_scalars {
        let array = f(&strings, 1)?;
        Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
            &array, 0,
        )?))
    } else {
        Ok(ColumnarValue::Array(f(&strings, args.number_rows)?))
    }
}

/// The string type a function returns for string arguments of type `input`: the same type,
/// as DataFusion's own string functions do (`Utf8` for a NULL literal).
pub(crate) fn string_type_like(input: Option<&DataType>) -> DataType {
    match input {
        Some(DataType::LargeUtf8) => DataType::LargeUtf8,
        Some(DataType::Utf8View) => DataType::Utf8View,
        _ => DataType::Utf8,
    }
}

/// A string result column of one of the three string types.
pub(crate) enum StringOut {
    Utf8(StringBuilder),
    LargeUtf8(LargeStringBuilder),
    Utf8View(StringViewBuilder),
}

impl StringOut {
    /// A builder for `rows` values of type `data_type` (`Utf8` unless it is `LargeUtf8` or
    /// `Utf8View`); `bytes` is a guess at their total length.
    pub(crate) fn new(data_type: &DataType, rows: usize, bytes: usize) -> StringOut {
        match data_type {
            DataType::LargeUtf8 => {
                StringOut::LargeUtf8(LargeStringBuilder::with_capacity(rows, bytes))
            }
            DataType::Utf8View => StringOut::Utf8View(StringViewBuilder::with_capacity(rows)),
            _ => StringOut::Utf8(StringBuilder::with_capacity(rows, bytes)),
        }
    }

    /// Appends a value, or NULL. Fails, rather than let Arrow panic, when the value would not
    /// fit the type's offsets: more than 2 GiB in one `Utf8` array, or one value over 4 GiB.
    #[inline]
    pub(crate) fn append(&mut self, value: Option<&str>) -> Result<()> {
        match (self, value) {
            (StringOut::Utf8(b), Some(v)) => {
                let end = b.values_slice().len().saturating_add(v.len());
                if end > i32::MAX as usize {
                    return exec_err!(
                        "URL function result over 2 GiB in one Utf8 batch: use LargeUtf8 or \
                         Utf8View input, or smaller batches"
                    );
                }
                b.append_value(v);
            }
            (StringOut::LargeUtf8(b), Some(v)) => b.append_value(v),
            (StringOut::Utf8View(b), Some(v)) => {
                u32::try_from(v.len()).map_err(|_| {
                    exec_datafusion_err!("URL function result over 4 GiB in one Utf8View value")
                })?;
                b.append_value(v);
            }
            (StringOut::Utf8(b), None) => b.append_null(),
            (StringOut::LargeUtf8(b), None) => b.append_null(),
            (StringOut::Utf8View(b), None) => b.append_null(),
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> ArrayRef {
        match self {
            StringOut::Utf8(mut b) => Arc::new(b.finish()),
            StringOut::LargeUtf8(mut b) => Arc::new(b.finish()),
            StringOut::Utf8View(mut b) => Arc::new(b.finish()),
        }
    }
}

/// A guess at the total length of the string results: the total length of the input's values
/// (most results are a part of a URL no longer than its input).
pub(crate) fn input_bytes(strings: &Strings<'_>) -> usize {
    match strings {
        Strings::Utf8(a) => a.values().len(),
        Strings::LargeUtf8(a) => a.values().len(),
        Strings::Utf8View(a) => a.total_buffer_bytes_used(),
        Strings::Scalar(s) => s.map_or(0, str::len),
    }
}
