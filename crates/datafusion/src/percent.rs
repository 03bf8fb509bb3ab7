//! `url_percent_decode(s)` and `url_percent_encode(s [, set])`: the URL Standard's
//! [percent-encoding](https://url.spec.whatwg.org/#percent-encoded-bytes) on any string.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::percent::{self, AsciiSet};

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
            doc: Documentation::builder(
                docs::SECTION,
                "Percent-decodes a string (each '%' followed by two hex digits becomes that \
                 byte; any other '%' stays), then decodes the bytes as UTF-8, replacing an \
                 invalid sequence with U+FFFD, as the URL Standard's percent-decode and UTF-8 \
                 decode without BOM do. '+' is left alone (it is not a space outside form \
                 data: see url_query_param).",
                "url_percent_decode(str)",
            )
            .with_sql_example(docs::example(
                "url_percent_decode('caf%C3%A9%20au%20lait%2')",
                "'café au lait%2'",
            ))
            .with_argument("str", "A string expression.")
            .with_related_udf("url_percent_encode")
            .build(),
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
                let decoded = value.map(|v| percent::percent_decode_utf8_lossy(v.as_bytes()));
                out.append(decoded.as_deref())
            })?;
            Ok(out.finish())
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

/// The percent-encode sets by the names `url_percent_encode` takes.
const SETS: [(&str, &AsciiSet); 8] = [
    ("c0-control", &percent::C0_CONTROL),
    ("fragment", &percent::FRAGMENT),
    ("query", &percent::QUERY),
    ("special-query", &percent::SPECIAL_QUERY),
    ("path", &percent::PATH),
    ("userinfo", &percent::USERINFO),
    ("component", &percent::COMPONENT),
    (
        "application/x-www-form-urlencoded",
        &percent::APPLICATION_X_WWW_FORM_URLENCODED,
    ),
];

fn set_named(name: &str) -> Result<&'static AsciiSet> {
    match SETS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        Some((_, set)) => Ok(set),
        None => exec_err!(
            "url_percent_encode: unknown percent-encode set '{name}'; expected one of {}",
            SETS.iter()
                .map(|(n, _)| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
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
            doc: Documentation::builder(
                docs::SECTION,
                "UTF-8 percent-encodes a string with one of the URL Standard's percent-encode \
                 sets: every code point in the set becomes '%XX' for each of its UTF-8 bytes \
                 (uppercase hex). With the default set, 'component', the result is the one \
                 JavaScript's encodeURIComponent gives. Space is encoded as \
                 '%20' with every set, 'application/x-www-form-urlencoded' included (the form \
                 serializer's '+' is not part of the set).",
                "url_percent_encode(str [, set])",
            )
            .with_sql_example(docs::example(
                "url_percent_encode('a b/c?d', 'path')",
                "'a%20b/c%3Fd'",
            ))
            .with_argument("str", "A string expression.")
            .with_argument(
                "set",
                "The set's name: 'c0-control', 'fragment', 'query', 'special-query', 'path', \
                 'userinfo', 'component' (the default) or 'application/x-www-form-urlencoded' \
                 (ASCII case-insensitive). Another name is an error.",
            )
            .with_related_udf("url_percent_decode")
            .build(),
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
            let mut last: Option<(&str, &AsciiSet)> = None;
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
                percent::utf8_percent_encode_into(value, set, &mut buffer);
                out.append(Some(&buffer))?;
            }
            Ok(out.finish())
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}
