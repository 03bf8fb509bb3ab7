//! `url_percent_decode(s)` and `url_percent_encode(s [, set])`: the URL Standard's
//! [percent-encoding](https://url.spec.whatwg.org/#percent-encoded-bytes) on any string.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl_functions::EncodeSet;

use crate::args::{input_bytes, invoke, string_type_like, StringOut};
use crate::docs;

/// `url_percent_decode(s)`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct PercentDecode {
    signature: Signature,
    doc: Documentation,
}

impl PercentDecode {
    pub(crate) fn new() -> PercentDecode {
        PercentDecode {
            signature: Signature::string(1, Volatility::Immutable),
            doc: docs::named("url_percent_decode"),
        }
    }
}

impl ScalarUDFImpl for PercentDecode {
    fn name(&self) -> &str {
        "url_percent_decode"
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
            let Some(input) = strings.first() else {
                return Ok(StringOut::new(&out_type, rows, 0).finish());
            };
            let mut out = StringOut::new(&out_type, rows, input_bytes(input));
            input.for_each(rows, |value| {
                let decoded = value.map(weburl_functions::percent_decode);
                out.append(decoded.as_deref())
            })?;
            Ok(out.finish())
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

fn set_named(name: &str) -> Result<EncodeSet> {
    match name.parse::<EncodeSet>() {
        Ok(set) => Ok(set),
        Err(unknown) => exec_err!("url_percent_encode: {unknown}"),
    }
}

/// `url_percent_encode(s [, set])`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct PercentEncode {
    signature: Signature,
    doc: Documentation,
}

impl PercentEncode {
    pub(crate) fn new() -> PercentEncode {
        PercentEncode {
            signature: docs::one_or_two_strings(),
            doc: docs::named("url_percent_encode"),
        }
    }
}

impl ScalarUDFImpl for PercentEncode {
    fn name(&self) -> &str {
        "url_percent_encode"
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
            let Some(input) = strings.first() else {
                return Ok(StringOut::new(&out_type, rows, 0).finish());
            };
            let mut out = StringOut::new(&out_type, rows, input_bytes(input));
            let mut buffer = String::new();
            // The set of the previous row, looked up again only when its name changes.
            let mut last: Option<(&str, EncodeSet)> = None;
            for i in 0..rows {
                let set_name = match strings.get(1) {
                    Some(names) => names.get(i),
                    None => Some("component"),
                };
                let (Some(value), Some(set_name)) = (input.get(i), set_name) else {
                    out.append(None)?;
                    continue;
                };
                let set = match last {
                    Some((name, set)) if name == set_name => set,
                    _ => {
                        let set = set_named(set_name)?;
                        last = Some((set_name, set));
                        set
                    }
                };
                buffer.clear();
                weburl_functions::percent_encode_into(value, set, &mut buffer);
                out.append(Some(&buffer))?;
            }
            Ok(out.finish())
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}
