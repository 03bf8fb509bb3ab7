//! Every function as one generic UDF over its catalogue record (`weburl_functions::catalogue`):
//! the signature (string arguments, the optional ones as shorter overloads), the result type,
//! the `Documentation` and the rows, all from the record.
//!
//! Every SQL example has the form
//!
//! ```text
//! > SELECT f(args);
//! result
//! ```
//!
//! with a string result in single quotes and NULL as `NULL`; the catalogue test runs each one
//! and checks its result.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{
    ColumnarValue, DocSection, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};
use weburl_functions::catalogue::{
    Evaluator, Function, MAX_ARGUMENTS, SECTION_DESCRIPTION, SECTION_LABEL,
};

use crate::args::{input_bytes, invoke, string_type_like, Strings};
use crate::output::{data_type, Output};

/// The section all the functions are listed under.
const SECTION: DocSection = DocSection {
    include: true,
    label: SECTION_LABEL,
    description: Some(SECTION_DESCRIPTION),
};

/// One catalogue function as a DataFusion scalar UDF.
#[derive(Debug)]
pub(crate) struct CatalogueUdf {
    function: &'static Function,
    /// The name DataFusion resolves: the record's in lower case (DataFusion folds unquoted
    /// names, so ClickHouse's camel case names are called as written).
    name: String,
    signature: Signature,
    doc: Documentation,
}

impl PartialEq for CatalogueUdf {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for CatalogueUdf {}
impl std::hash::Hash for CatalogueUdf {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl CatalogueUdf {
    pub(crate) fn new(function: &'static Function) -> CatalogueUdf {
        let counts = function.min_arguments()..=function.max_arguments();
        let signature = if counts.start() == counts.end() {
            Signature::string(*counts.start(), Volatility::Immutable)
        } else {
            Signature::one_of(
                counts.map(TypeSignature::String).collect(),
                Volatility::Immutable,
            )
        };
        CatalogueUdf {
            function,
            name: function.name.to_ascii_lowercase(),
            signature,
            doc: documentation(function),
        }
    }
}

/// The `Documentation` of a function, from its record.
fn documentation(function: &Function) -> Documentation {
    let mut builder =
        Documentation::builder(SECTION, function.full_description(), function.syntax())
            .with_sql_example(format!(
                "```sql\n> SELECT {};\n{}\n```",
                function.example.call, function.example.result
            ));
    for argument in function.arguments {
        if !argument.description.is_empty() {
            builder = builder.with_argument(argument.name, argument.description);
        }
    }
    if let Some(related) = function.related {
        builder = builder.with_related_udf(related);
    }
    builder.build()
}

impl ScalarUDFImpl for CatalogueUdf {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(data_type(
            self.function.returns,
            &string_type_like(arg_types.first()),
        ))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let function = self.function;
        let out_type = args.return_type().clone();
        invoke(&self.name, &args, |strings, rows| {
            let bytes = strings.first().map_or(0, input_bytes);
            let mut out = Output::new(function.returns, &out_type, rows, bytes)?;
            let mut row = Evaluator::new(function);
            if let [only] = strings {
                // The number of arguments checked once, by `Evaluator::one`.
                let mut one = match row.one() {
                    Ok(one) => one,
                    Err(e) => return exec_err!("{e}"),
                };
                only.for_each(rows, |value| match one.eval(value) {
                    Ok(datum) => out.append(datum),
                    Err(e) => exec_err!("{e}"),
                })?;
                return out.finish();
            }
            let count = strings.len().min(MAX_ARGUMENTS);
            let mut values: [Option<&str>; MAX_ARGUMENTS] = [None; MAX_ARGUMENTS];
            let strings: &[Strings<'_>] = strings.get(..count).unwrap_or_default();
            for i in 0..rows {
                for (value, column) in values.iter_mut().zip(strings) {
                    *value = column.get(i);
                }
                let datum = match row.eval(values.get(..count).unwrap_or_default()) {
                    Ok(datum) => datum,
                    Err(e) => return exec_err!("{e}"),
                };
                out.append(datum)?;
            }
            out.finish()
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}
