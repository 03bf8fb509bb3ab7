//! Parsing against a base: `url_join(base, ref)`, `url_is_valid(url [, base])` and
//! `url_error(url [, base])`.

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, BooleanBuilder};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl::{ParseError, Url};
use weburl_functions::Bases;

use crate::args::{input_bytes, invoke, string_type_like, StringOut, Strings};
use crate::docs;

/// Parses `input` against `base` (or alone when `base` is `None`). `Ok(None)` for a NULL
/// argument.
fn parse<'a>(
    bases: &mut Bases<'a>,
    input: Option<&'a str>,
    base: Option<Option<&'a str>>,
) -> Option<Result<Url, ParseError>> {
    let input = input?;
    Some(match base {
        None => bases.parse(input, None),
        Some(base) => bases.parse(input, Some(base?)),
    })
}

/// The optional second argument of `strings`, row `i`: `None` when there is no second
/// argument, `Some(None)` when it is NULL.
fn second<'a>(strings: &[Strings<'a>], i: usize) -> Option<Option<&'a str>> {
    strings.get(1).map(|s| s.get(i))
}

/// `url_join(base, ref)`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlJoin {
    signature: Signature,
    doc: Documentation,
}

impl UrlJoin {
    pub(crate) fn new() -> UrlJoin {
        UrlJoin {
            signature: Signature::string(2, Volatility::Immutable),
            doc: docs::named("url_join"),
        }
    }
}

impl ScalarUDFImpl for UrlJoin {
    fn name(&self) -> &str {
        "url_join"
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
            let (Some(base), Some(reference)) = (strings.first(), strings.get(1)) else {
                return Ok(StringOut::new(&out_type, rows, 0).finish());
            };
            let mut out = StringOut::new(&out_type, rows, input_bytes(reference));
            let mut bases = Bases::new();
            for i in 0..rows {
                let url = parse(&mut bases, reference.get(i), Some(base.get(i)));
                out.append(url.as_ref().and_then(|u| u.as_ref().ok()).map(Url::href))?;
            }
            Ok(out.finish())
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

/// `url_is_valid(url [, base])`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlIsValid {
    signature: Signature,
    doc: Documentation,
}

impl UrlIsValid {
    pub(crate) fn new() -> UrlIsValid {
        UrlIsValid {
            signature: docs::one_or_two_strings(),
            doc: docs::named("url_is_valid"),
        }
    }
}

impl ScalarUDFImpl for UrlIsValid {
    fn name(&self) -> &str {
        "url_is_valid"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        invoke(self.name(), &args, |strings, rows| {
            let mut out = BooleanBuilder::with_capacity(rows);
            let Some(input) = strings.first() else {
                return Ok(Arc::new(out.finish()) as ArrayRef);
            };
            if strings.len() == 1 {
                input.for_each(rows, |value| {
                    out.append_option(value.map(|v| weburl_functions::is_valid(v, None)));
                    Ok(())
                })?;
            } else {
                let mut bases = Bases::new();
                for i in 0..rows {
                    let url = parse(&mut bases, input.get(i), second(strings, i));
                    out.append_option(url.map(|u| u.is_ok()));
                }
            }
            Ok(Arc::new(out.finish()) as ArrayRef)
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

/// `url_error(url [, base])`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlError {
    signature: Signature,
    doc: Documentation,
}

impl UrlError {
    pub(crate) fn new() -> UrlError {
        UrlError {
            signature: docs::one_or_two_strings(),
            doc: docs::named("url_error"),
        }
    }
}

impl ScalarUDFImpl for UrlError {
    fn name(&self) -> &str {
        "url_error"
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
            let mut out = StringOut::new(&out_type, rows, rows.saturating_mul(16));
            let Some(input) = strings.first() else {
                return Ok(out.finish());
            };
            let mut bases = Bases::new();
            for i in 0..rows {
                let url = parse(&mut bases, input.get(i), second(strings, i));
                out.append(url.and_then(|u| u.err()).map(|e| e.name()))?;
            }
            Ok(out.finish())
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}
