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

use crate::args::{input_bytes, invoke, string_type_like, StringOut, Strings};
use crate::docs;

/// The base URLs of a column, parsed once for each run of equal values (a literal base is
/// parsed once for the whole batch).
#[derive(Default)]
struct Bases<'a> {
    last: Option<(&'a str, Result<Url, ParseError>)>,
}

impl<'a> Bases<'a> {
    fn get(&mut self, base: &'a str) -> &Result<Url, ParseError> {
        if self.last.as_ref().is_some_and(|(s, _)| *s != base) {
            self.last = None;
        }
        &self.last.get_or_insert_with(|| (base, Url::parse(base))).1
    }
}

/// Parses `input` against `base` (or alone when `base` is `None`). `Ok(None)` for a NULL
/// argument.
fn parse<'a>(
    bases: &mut Bases<'a>,
    input: Option<&'a str>,
    base: Option<Option<&'a str>>,
) -> Option<Result<Url, ParseError>> {
    let input = input?;
    Some(match base {
        None => Url::parse(input),
        Some(base) => match bases.get(base?) {
            Ok(base) => Url::parse_with_base(input, base),
            Err(e) => Err(e.clone()),
        },
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
            doc: Documentation::builder(
                docs::SECTION,
                "Resolves a URL reference against a base URL, as `new URL(ref, base)` does in \
                 a browser (and as an HTML link's target is found), and returns the result's \
                 href. NULL when the base is not a valid URL or the result is not a valid URL.",
                "url_join(base, ref)",
            )
            .with_sql_example(docs::example(
                "url_join('https://example.com/docs/guide/', '../api?x=1')",
                "'https://example.com/docs/api?x=1'",
            ))
            .with_argument("base", "The base URL (a string expression).")
            .with_argument(
                "ref",
                "The reference: an absolute URL, or a relative one such as '../a', '/b', \
                 '?q', '#f' or '//host/path'.",
            )
            .with_related_udf("url_href")
            .build(),
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
            let mut bases = Bases::default();
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
            doc: Documentation::builder(
                docs::SECTION,
                "Whether the input is a valid URL (against the base, if one is given), as \
                 `URL.canParse(url, base)` says in a browser. NULL only for a NULL argument. \
                 Cheaper than parsing: nothing is built once the outcome is known.",
                "url_is_valid(url [, base])",
            )
            .with_sql_example(docs::example(
                "url_is_valid('https://exa mple.com/')",
                "false",
            ))
            .with_argument("url", docs::URL_ARGUMENT)
            .with_argument(
                "base",
                "Optional base URL to resolve a relative `url` against.",
            )
            .with_related_udf("url_error")
            .build(),
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
                    out.append_option(value.map(|v| Url::can_parse(v, None)));
                    Ok(())
                })?;
            } else {
                let mut bases = Bases::default();
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
            doc: Documentation::builder(
                docs::SECTION,
                "Why the input is not a valid URL: the URL Standard's name of the validation \
                 error that made the parser fail (such as 'missing-scheme-non-relative-URL', \
                 'host-invalid-code-point', 'port-out-of-range', 'IPv4-too-many-parts'), or \
                 'too-long' for a URL over 4 GiB. NULL for a valid URL (or a NULL argument). \
                 With a base, a base that fails gives the name of the base's error.",
                "url_error(url [, base])",
            )
            .with_sql_example(docs::example(
                "url_error('https://example.com:99999/')",
                "'port-out-of-range'",
            ))
            .with_argument("url", docs::URL_ARGUMENT)
            .with_argument(
                "base",
                "Optional base URL to resolve a relative `url` against.",
            )
            .with_related_udf("url_is_valid")
            .build(),
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
            let mut bases = Bases::default();
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
