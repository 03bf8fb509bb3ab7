//! A Ballista scheduler that can plan queries using the URL functions.
//!
//! It takes the official `ballista-scheduler` binary's command-line options (`--help`), and
//! differs from it in one way: its session builder registers weburl's functions
//! ([`weburl_datafusion::ballista::session_state`]).
//!
//! ```text
//! cargo run --release --features ballista-cluster --example ballista-scheduler -- \
//!     --bind-host 0.0.0.0 --bind-port 50050
//! ```
//!
//! Every executor of the cluster must be a `ballista-executor` example (or another executor
//! whose function registry holds the functions), and clients must register the functions
//! too: see docs/datafusion.md.

use std::sync::Arc;

use ballista_core::error::{BallistaError, Result};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::{Config, SchedulerConfig};
use ballista_scheduler::scheduler_process::start_server;
use clap::Parser;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> Result<()> {
    let options = Config::parse();
    let filter =
        std::env::var(EnvFilter::DEFAULT_ENV).unwrap_or_else(|_| options.log_level_setting.clone());
    tracing_subscriber::fmt()
        .with_ansi(false)
        .with_env_filter(EnvFilter::new(filter))
        .init();

    let address = format!("{}:{}", options.bind_host, options.bind_port)
        .parse()
        .map_err(|e: std::net::AddrParseError| BallistaError::Configuration(e.to_string()))?;
    let config = SchedulerConfig::try_from(options)?
        .with_override_session_builder(Arc::new(weburl_datafusion::ballista::session_state));
    let cluster = BallistaCluster::new_from_config(&config).await?;
    start_server(cluster, address, Arc::new(config)).await
}
