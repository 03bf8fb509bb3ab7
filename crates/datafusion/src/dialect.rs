//! Other engines' URL function names, opt-in: [`register_dialect`] registers ClickHouse's
//! (`domain`, `cutToFirstSignificantSubdomain`, ...), Trino's (`url_extract_host`, ...),
//! BigQuery's (`net_host`, `net_reg_domain`, `net_public_suffix`) or Spark's (`parse_url`,
//! `try_parse_url`) names, on weburl's parser. What each returns, and where it differs from the
//! original engine, is in `weburl_functions::dialect` (shared with the DuckDB extension).
//!
//! DataFusion resolves unquoted names in lower case, so ClickHouse's camel-case names are
//! registered in lower case (`cuttofirstsignificantsubdomain`) and called as written.

use std::sync::Arc;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;
pub use weburl_functions::dialect::Dialect;

use crate::udf::CatalogueUdf;

/// The dialect's functions, ready to register.
pub fn dialect_udfs(dialect: Dialect) -> Vec<Arc<ScalarUDF>> {
    dialect
        .functions()
        .map(|f| Arc::new(ScalarUDF::new_from_impl(CatalogueUdf::new(f))))
        .collect()
}

/// Registers the dialect's function names on a [`SessionContext`], replacing any of the same
/// name (Trino's `url_encode` and `url_decode` included).
///
/// ```
/// use datafusion::prelude::SessionContext;
/// use weburl_datafusion::{register_dialect, Dialect};
///
/// let ctx = SessionContext::new();
/// register_dialect(&ctx, Dialect::ClickHouse);
/// register_dialect(&ctx, Dialect::BigQuery);
/// ```
pub fn register_dialect(ctx: &SessionContext, dialect: Dialect) {
    for udf in dialect_udfs(dialect) {
        ctx.register_udf(Arc::unwrap_or_clone(udf));
    }
}
