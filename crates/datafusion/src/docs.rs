//! The functions' `Documentation` (what `SHOW FUNCTIONS` and generated docs show), built from
//! the shared table of `weburl_functions::docs`, and their signatures.
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
use weburl_functions::docs::{Function, SECTION_DESCRIPTION, SECTION_LABEL};

/// The section all the functions are listed under.
pub(crate) const SECTION: DocSection = DocSection {
    include: true,
    label: SECTION_LABEL,
    description: Some(SECTION_DESCRIPTION),
};

/// The SQL example text for `call` returning `result`.
fn example(call: &str, result: &str) -> String {
    format!("```sql\n> SELECT {call};\n{result}\n```")
}

/// The `Documentation` of a function, from its entry in the shared table.
pub(crate) fn documentation(function: &Function) -> Documentation {
    let mut builder = Documentation::builder(SECTION, function.description, function.syntax)
        .with_sql_example(example(function.example.call, function.example.result));
    for argument in function.arguments {
        builder = builder.with_argument(argument.name, argument.description);
    }
    if let Some(related) = function.related {
        builder = builder.with_related_udf(related);
    }
    builder.build()
}

/// The `Documentation` of the function called `name` in the shared table.
pub(crate) fn named(name: &str) -> Documentation {
    match weburl_functions::docs::function(name) {
        Some(function) => documentation(function),
        // Every function of this crate has an entry (a test checks it).
        None => Documentation::builder(SECTION, name, name).build(),
    }
}

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
