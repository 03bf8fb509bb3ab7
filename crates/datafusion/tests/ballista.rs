//! The corpus GROUP BY on a Ballista cluster: a scheduler and two executors on 127.0.0.1, in
//! this process, configured as the `ballista-scheduler` and `ballista-executor` examples are,
//! over Parquet files with several row groups; the rows must be those local DataFusion gives.
//!
//! A second cluster whose executors lack the functions must fail the same query: the
//! functions do run on the executors, not on the client.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use ballista::prelude::SessionContextExt;
use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::{create_scheduler, start_grpc_service_with_listener};
use datafusion::arrow::array::{ArrayRef, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::parquet::arrow::ArrowWriter;
use datafusion::parquet::file::properties::WriterProperties;
use datafusion::prelude::{ParquetReadOptions, SessionContext};
use datafusion_proto::protobuf::{LogicalPlanNode, PhysicalPlanNode};

mod common;

/// The corpus GROUP BY (ties broken by name, so that the 20 rows are determined).
const QUERY: &str = "SELECT url_registrable_domain(url) AS d, count(*) AS n FROM urls \
                     GROUP BY d ORDER BY n DESC, d NULLS FIRST LIMIT 20";

/// Rows per Parquet row group: the corpora (about 109,000 lines) make several per file.
const ROW_GROUP_ROWS: usize = 8_000;

/// How long the whole test may take before it fails.
const LIMIT: Duration = Duration::from_secs(240);

/// Writes the corpus lines as `files` Parquet files of one column `url` into `dir`.
fn write_parquet(dir: &Path, lines: &[String], files: usize) {
    std::fs::create_dir_all(dir).unwrap();
    let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, false)]));
    let per_file = lines.len().div_ceil(files);
    for (i, chunk) in lines.chunks(per_file).enumerate() {
        let file = std::fs::File::create(dir.join(format!("part-{i}.parquet"))).unwrap();
        let properties = WriterProperties::builder()
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .build();
        let mut writer = ArrowWriter::try_new(file, Arc::clone(&schema), Some(properties)).unwrap();
        let column: ArrayRef = Arc::new(StringArray::from_iter_values(chunk));
        writer
            .write(&RecordBatch::try_new(Arc::clone(&schema), vec![column]).unwrap())
            .unwrap();
        let metadata = writer.close().unwrap();
        assert!(metadata.num_row_groups() > 1, "one row group in part-{i}");
    }
}

/// A free TCP port on 127.0.0.1 (free when this returns).
fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts a scheduler on 127.0.0.1 whose sessions have the URL functions; returns its port.
async fn start_scheduler() -> u16 {
    let config = SchedulerConfig {
        bind_host: "127.0.0.1".to_owned(),
        external_host: "127.0.0.1".to_owned(),
        ..SchedulerConfig::default()
    }
    .with_override_session_builder(Arc::new(weburl_datafusion::ballista::session_state));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let config = SchedulerConfig {
        bind_port: port,
        ..config
    };
    let cluster = BallistaCluster::new_from_config(&config).await.unwrap();
    let scheduler =
        create_scheduler::<LogicalPlanNode, PhysicalPlanNode>(cluster, Arc::new(config))
            .await
            .unwrap();
    tokio::spawn(start_grpc_service_with_listener(listener, scheduler));
    port
}

/// Starts an executor on 127.0.0.1 working in `work_dir`, with the URL functions or without.
fn start_executor(scheduler_port: u16, work_dir: &Path, with_functions: bool) {
    std::fs::create_dir_all(work_dir).unwrap();
    let config = ExecutorProcessConfig {
        bind_host: "127.0.0.1".to_owned(),
        external_host: Some("127.0.0.1".to_owned()),
        port: free_port(),
        grpc_port: free_port(),
        scheduler_host: "127.0.0.1".to_owned(),
        scheduler_port,
        scheduler_connect_timeout_seconds: 30,
        vcores: 2,
        work_dir: Some(work_dir.to_string_lossy().into_owned()),
        executor_heartbeat_interval_seconds: 1,
        override_function_registry: with_functions
            .then(|| Arc::new(weburl_datafusion::ballista::function_registry())),
        ..ExecutorProcessConfig::default()
    };
    tokio::spawn(start_executor_process(Arc::new(config)));
}

/// A Ballista client of the scheduler at `port`, with the URL functions, and the Parquet
/// table `urls`.
async fn client(port: u16, data: &Path) -> SessionContext {
    let state = weburl_datafusion::ballista::client_state().unwrap();
    let ctx = SessionContext::remote_with_state(&format!("df://127.0.0.1:{port}"), state)
        .await
        .unwrap();
    // The upgrade to a Ballista context rebuilt the function list: register again.
    weburl_datafusion::register(&ctx);
    ctx.register_parquet(
        "urls",
        data.to_str().unwrap(),
        ParquetReadOptions::default(),
    )
    .await
    .unwrap();
    ctx
}

/// Waits until the scheduler has seen `count` executors (each connects after it starts).
async fn wait_for_executors(ctx: &SessionContext) {
    // A trivial query succeeds once at least one executor is registered; the two executors
    // register within a heartbeat of each other.
    for _ in 0..100 {
        if ctx.sql("SELECT 1").await.unwrap().collect().await.is_ok() {
            tokio::time::sleep(Duration::from_secs(2)).await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("no executor registered with the scheduler");
}

/// Files below `dir`, at any depth.
fn files_under(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                1
            }
        })
        .sum()
}

/// QUERY's result table from local DataFusion over the Parquet files in `data`: what the
/// cluster must give.
async fn local_answer(data: &Path) -> String {
    let local = common::context();
    local
        .register_parquet(
            "urls",
            data.to_str().unwrap(),
            ParquetReadOptions::default(),
        )
        .await
        .unwrap();
    pretty_format_batches(&common::query(&local, QUERY).await.unwrap())
        .unwrap()
        .to_string()
}

async fn run(root: PathBuf) {
    let data = root.join("urls");
    write_parquet(&data, &common::corpus_lines(), 3);

    // Local DataFusion on the same files.
    let expected = local_answer(&data).await;

    // The cluster: one scheduler, two executors, all with the functions.
    let scheduler_port = start_scheduler().await;
    let work_dirs = [root.join("executor-1"), root.join("executor-2")];
    for dir in &work_dirs {
        start_executor(scheduler_port, dir, true);
    }
    let ctx = client(scheduler_port, &data).await;
    wait_for_executors(&ctx).await;
    let got = pretty_format_batches(&common::query(&ctx, QUERY).await.unwrap())
        .unwrap()
        .to_string();
    println!("{got}");
    assert_eq!(got, expected);
    // The shuffle files show which executors ran tasks of the job.
    let busy: Vec<usize> = work_dirs.iter().map(|d| files_under(d)).collect();
    println!("shuffle files written by each executor: {busy:?}");
    assert!(
        busy.iter().any(|&n| n > 0),
        "no executor wrote shuffle files"
    );

    // A cluster whose executors lack the functions fails the query.
    let bare_port = start_scheduler().await;
    start_executor(bare_port, &root.join("bare-executor"), false);
    let bare = client(bare_port, &data).await;
    wait_for_executors(&bare).await;
    let outcome = common::query(&bare, QUERY).await;
    assert!(
        outcome.is_err(),
        "executors without the functions ran the query"
    );
    println!(
        "without the functions on the executor: {}",
        outcome.err().map(|e| e.to_string()).unwrap_or_default()
    );
}

/// A fresh directory for one test's files.
fn test_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn corpus_group_by_on_a_two_executor_cluster_matches_local_datafusion() {
    let root = test_dir("weburl-ballista");
    let outcome = tokio::time::timeout(LIMIT, run(root.clone())).await;
    let _ = std::fs::remove_dir_all(&root);
    outcome.expect("the Ballista test took too long");
}

/// In-process ("standalone") Ballista: with `standalone_with_state(client_state())` and
/// `register` afterwards the functions run; `standalone()` then `register` cannot carry them.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn standalone_mode_needs_the_state_built_with_the_functions() {
    let root = test_dir("weburl-standalone");
    let data = root.join("urls");
    let lines: Vec<String> = common::corpus_lines().into_iter().take(20_000).collect();
    write_parquet(&data, &lines, 2);
    let outcome = tokio::time::timeout(LIMIT, async {
        let expected = local_answer(&data).await;

        let state = weburl_datafusion::ballista::client_state().unwrap();
        let ctx = SessionContext::standalone_with_state(state).await.unwrap();
        weburl_datafusion::register(&ctx);
        ctx.register_parquet(
            "urls",
            data.to_str().unwrap(),
            ParquetReadOptions::default(),
        )
        .await
        .unwrap();
        let got = pretty_format_batches(&common::query(&ctx, QUERY).await.unwrap())
            .unwrap()
            .to_string();
        assert_eq!(got, expected);

        let plain = SessionContext::standalone().await.unwrap();
        weburl_datafusion::register(&plain);
        plain
            .register_parquet(
                "urls",
                data.to_str().unwrap(),
                ParquetReadOptions::default(),
            )
            .await
            .unwrap();
        let outcome = common::query(&plain, QUERY).await;
        println!(
            "standalone() then register: {}",
            outcome
                .as_ref()
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        );
        assert!(
            outcome.is_err(),
            "standalone() carried the functions after all"
        );
    })
    .await;
    let _ = std::fs::remove_dir_all(&root);
    outcome.expect("the standalone test took too long");
}
