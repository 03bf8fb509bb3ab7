//! `url_href`, `url_origin`, `url_protocol`, ... : one component of a parsed URL, under the
//! name of the [`URL` class](https://url.spec.whatwg.org/#url-class) getter that returns it;
//! and the host's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain). What each one
//! means is `weburl_functions::Component`'s; this module converts arrays.

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, Int32Builder};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature,
};
use weburl_functions::Component;

use crate::args::{input_bytes, invoke, string_type_like, StringOut, Strings};
use crate::docs;

/// One URL component as a scalar function: `url_hostname(url)` and its siblings.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlComponent {
    part: Component,
    signature: Signature,
    doc: Documentation,
}

impl UrlComponent {
    pub(crate) fn new(part: Component) -> UrlComponent {
        UrlComponent {
            part,
            signature: docs::url_signature(),
            doc: docs::documentation(part.doc()),
        }
    }
}

impl ScalarUDFImpl for UrlComponent {
    fn name(&self) -> &str {
        self.part.function_name()
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(if self.part.is_integer() {
            DataType::Int32
        } else {
            string_type_like(arg_types.first())
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let part = self.part;
        let out_type = args.return_type().clone();
        invoke(self.name(), &args, |strings, rows| {
            let input = strings.first().unwrap_or(&Strings::Scalar(None));
            if part.is_integer() {
                integer_column(part, input, rows)
            } else {
                string_column(part, input, rows, &out_type)
            }
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

fn string_column(
    part: Component,
    input: &Strings<'_>,
    rows: usize,
    out_type: &DataType,
) -> Result<ArrayRef> {
    let mut out = StringOut::new(out_type, rows, input_bytes(input));
    let mut scratch = String::new();
    input.for_each(rows, |value| {
        let url = value.and_then(weburl_functions::parse);
        out.append(url.as_ref().and_then(|u| part.string(u, &mut scratch)))
    })?;
    Ok(out.finish())
}

fn integer_column(part: Component, input: &Strings<'_>, rows: usize) -> Result<ArrayRef> {
    let mut out = Int32Builder::with_capacity(rows);
    input.for_each(rows, |value| {
        let url = value.and_then(weburl_functions::parse);
        out.append_option(url.as_ref().and_then(|u| part.integer(u)));
        Ok(())
    })?;
    Ok(Arc::new(out.finish()))
}
