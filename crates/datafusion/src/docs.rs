//! The functions' `Documentation` (what `SHOW FUNCTIONS` and generated docs show) and their
//! signatures.
//!
//! Every SQL example has the form
//!
//! ```text
//! > SELECT f(args);
//! result
//! ```
//!
//! with a string result in single quotes and NULL as `NULL`; a test runs each one and checks
//! its result.

use datafusion::logical_expr::{DocSection, Documentation, Signature, TypeSignature, Volatility};

/// The section all the functions are listed under.
pub(crate) const SECTION: DocSection = DocSection {
    include: true,
    label: "URL Functions",
    description: Some(
        "Functions that parse URLs exactly as the WHATWG URL Standard (and so browsers) do, \
         from the weburl crate. An input that is not a valid URL gives NULL.",
    ),
};

/// The SQL example text for `call` returning `result`.
pub(crate) fn example(call: &str, result: &str) -> String {
    format!("```sql\n> SELECT {call};\n{result}\n```")
}

/// Documentation of a function of one URL argument.
pub(crate) fn unary(name: &str, description: &str, (arg, result): (&str, &str)) -> Documentation {
    Documentation::builder(SECTION, description, format!("{name}(url)"))
        .with_sql_example(example(&format!("{name}({arg})"), result))
        .with_argument("url", URL_ARGUMENT)
        .build()
}

/// How the `url` argument is described everywhere.
pub(crate) const URL_ARGUMENT: &str =
    "The URL: a string expression (Utf8, LargeUtf8 or Utf8View). Leading and trailing C0 \
     controls and spaces are ignored, as browsers do.";

/// `f(string)`, coerced to one of the three string types.
pub(crate) fn url_signature() -> Signature {
    Signature::string(1, Volatility::Immutable)
}

/// `f(string)` or `f(string, string)`, both arguments coerced to one string type.
pub(crate) fn one_or_two_strings() -> Signature {
    Signature::one_of(
        vec![TypeSignature::String(1), TypeSignature::String(2)],
        Volatility::Immutable,
    )
}
