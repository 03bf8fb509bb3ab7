//! A Ballista executor that can run the URL functions.
//!
//! It takes the official `ballista-executor` binary's command-line options (`--help`), and
//! differs from it in one way: its function registry holds weburl's functions besides
//! DataFusion's built-ins ([`weburl_datafusion::ballista::function_registry`]). Ballista
//! sends a scalar function to executors by name only, so an executor without them fails
//! every task that uses one.
//!
//! ```text
//! cargo run --release --features ballista-cluster --example ballista-executor -- \
//!     --scheduler-host scheduler.internal --scheduler-port 50050 \
//!     --bind-host 0.0.0.0 --bind-port 50051 --bind-grpc-port 50052 \
//!     --external-host "$(hostname -f)"
//! ```

use std::sync::Arc;

use ballista_core::error::Result;
use ballista_executor::config::Config;
use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use clap::Parser;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> Result<()> {
    let options = Config::parse();
    let mut config = ExecutorProcessConfig::try_from(options)?;
    let filter = std::env::var(EnvFilter::DEFAULT_ENV)
        .unwrap_or_else(|_| config.special_mod_log_level.clone());
    tracing_subscriber::fmt()
        .with_ansi(false)
        .with_env_filter(EnvFilter::new(filter))
        .init();

    config.override_function_registry =
        Some(Arc::new(weburl_datafusion::ballista::function_registry()));
    start_executor_process(Arc::new(config)).await
}
