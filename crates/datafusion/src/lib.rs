//! Browser-exact URL functions for [Apache DataFusion](https://datafusion.apache.org/) SQL:
//! URLs parsed as the [WHATWG URL Standard](https://url.spec.whatwg.org/) says, by
//! [`weburl`].
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! weburl_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_hostname('https://EXAMPLE.com./a') AS host, \
//!                  url_port('http://example.com:8080/') AS port, \
//!                  url_error('https://exa mple.com/') AS error")
//!     .await?
//!     .collect()
//!     .await?;
//! let table = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert_eq!(
//!     table,
//!     "+--------------+------+-----------------+\n\
//!      | host         | port | error           |\n\
//!      +--------------+------+-----------------+\n\
//!      | example.com. | 8080 | domain-to-ASCII |\n\
//!      +--------------+------+-----------------+"
//! );
//! # Ok(())
//! # }
//! ```
//!
//! Every function takes `Utf8`, `LargeUtf8` or `Utf8View` strings (a string result has the
//! argument's type), works on arrays and scalars alike, and returns NULL for a NULL argument
//! and for an input that is not a valid URL (`url_is_valid` and `url_error` tell those apart).
//! Each has a [`Documentation`](datafusion::logical_expr::Documentation) entry, listed by
//! `SHOW FUNCTIONS` when the information schema is on.
//!
//! The functions are the records of `weburl_functions::catalogue`, each registered through
//! one generic UDF: `url_href` ... `url_registrable_domain` (the `URL` class's getters, the ports
//! as `Int32`, the host's kind, public suffix and registrable domain), `url_parse` (a struct of
//! all of them), `url_query_param`, `url_query_params`, `url_path_segments`, `url_join`,
//! `url_is_valid`, `url_error`, `url_percent_decode`, `url_percent_encode`, and weburl-canon's
//! `url_surt`, `url_ssurt`, `url_safe_browsing` and `url_safe_browsing_expressions`, and Common
//! Crawl's URL index fields (`url_surtkey`, `url_host_name`, `url_host_tld`, ...,
//! `url_host_private_domain`, `url_host_name_reversed`), and `url_strip_tracking`; each one's
//! syntax and example are in its `Documentation`.
//!
//! With the `ballista` feature, [`ballista`] builds the scheduler's session state and the
//! executor's function registry a [Ballista](https://datafusion.apache.org/ballista/) cluster
//! needs to run these functions.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

/// The crate README's Rust example, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The DataFusion guide's Rust examples (docs/datafusion.md, whose first block the repository's
/// README shows too), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/datafusion.md")]
struct GuideDoctests;

use std::sync::Arc;

use datafusion::common::Result;
use datafusion::execution::FunctionRegistry;
use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

mod args;
mod dialect;
mod output;
mod udf;

#[cfg(feature = "ballista")]
pub mod ballista;

pub use dialect::{dialect_udfs, register_dialect, Dialect};
use udf::CatalogueUdf;

/// Every function of this crate (weburl's own `url_*` functions of
/// `weburl_functions::catalogue`), ready to register.
pub fn udfs() -> Vec<Arc<ScalarUDF>> {
    weburl_functions::catalogue::own()
        .map(|f| Arc::new(ScalarUDF::new_from_impl(CatalogueUdf::new(f))))
        .collect()
}
/// Registers every function on a [`SessionContext`], replacing any of the same name.
pub fn register(ctx: &SessionContext) {
    for udf in udfs() {
        ctx.register_udf(Arc::unwrap_or_clone(udf));
    }
}

/// Registers every function in a [`FunctionRegistry`] (such as a
/// [`SessionState`](datafusion::execution::SessionState)), replacing any of the same name.
///
/// Fails if the registry does not accept new functions.
pub fn register_all(registry: &mut dyn FunctionRegistry) -> Result<()> {
    for udf in udfs() {
        registry.register_udf(udf)?;
    }
    Ok(())
}
