//! Running the URL functions on a [Ballista](https://datafusion.apache.org/ballista/) cluster.
//!
//! Ballista sends plans to its scheduler and executors as protobuf, where a scalar function
//! is only its name: each process looks the name up in its own registry. So the functions
//! must be registered in three places:
//!
//! - the **client**: build its state with [`client_state`], connect with
//!   `SessionContext::remote_with_state(url, state)` (or `standalone_with_state`), then call
//!   [`register`](crate::register) on the context it returns (the upgrade to a Ballista
//!   context rebuilds the state's function list);
//! - the **scheduler**, which plans the query: `SchedulerConfig::with_override_session_builder`
//!   with [`session_state`];
//! - every **executor**, which decodes and runs the tasks:
//!   `ExecutorProcessConfig { override_function_registry: Some(Arc::new(function_registry())),
//!   .. }`.
//!
//! An executor without the functions fails the task with an error that names the function
//! only in the executor's log; the client sees a generic job failure.

use datafusion::common::Result;
use datafusion::execution::{SessionState, SessionStateBuilder};
use datafusion::prelude::SessionConfig;

use ballista_core::extension::SessionConfigExt;
use ballista_core::registry::BallistaFunctionRegistry;

/// An executor's function registry: DataFusion's built-in functions (what
/// `BallistaFunctionRegistry::default()` holds) and this crate's.
pub fn function_registry() -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    for udf in crate::udfs() {
        registry.scalar_functions.insert(udf.name().to_owned(), udf);
    }
    registry
}

/// A scheduler's session state for `config`: DataFusion's defaults and this crate's functions.
/// Pass it to `SchedulerConfig::with_override_session_builder(Arc::new(session_state))`.
pub fn session_state(config: SessionConfig) -> Result<SessionState> {
    let mut state = SessionStateBuilder::new()
        .with_config(config)
        .with_default_features()
        .build();
    crate::register_all(&mut state)?;
    Ok(state)
}

/// A client's session state: Ballista's configuration
/// (`SessionConfig::new_with_ballista()`) and this crate's functions, for
/// `SessionContext::remote_with_state` or `standalone_with_state`.
pub fn client_state() -> Result<SessionState> {
    session_state(SessionConfig::new_with_ballista())
}
