//! The `weburl-sql` binary, run as a user runs it: text (with a line that is not UTF-8),
//! stdin, CSV, JSON and Parquet inputs, dialects, progress, and the errors (exit status 2, one
//! line on stderr, nothing on stdout).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::parquet::arrow::ArrowWriter;

/// The result of one run.
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `weburl-sql` with `args`, `stdin` on its standard input.
fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl-sql"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("weburl-sql runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().unwrap();
    Run {
        status: status.code(),
        stdout: String::from_utf8(stdout).unwrap(),
        stderr: String::from_utf8(stderr).unwrap(),
    }
}

fn run(args: &[&str]) -> Run {
    run_with_stdin(args, b"")
}

/// A fresh directory for one test's files.
fn dir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("weburl-sql-cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &std::path::Path, name: &str, data: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, data).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Asserts a successful run whose stdout is `table` and whose stderr is empty.
fn assert_table(run: &Run, table: &str) {
    assert_eq!(run.stderr, "", "stderr");
    assert_eq!(run.status, Some(0), "status");
    assert_eq!(run.stdout.trim_end(), table.trim(), "stdout");
}

/// Asserts a failed run: status 2, nothing on stdout, one line on stderr containing `needle`.
fn assert_error(run: &Run, needle: &str) {
    assert_eq!(run.status, Some(2), "status; stderr: {}", run.stderr);
    assert_eq!(run.stdout, "", "stdout");
    assert!(run.stderr.starts_with("error: "), "stderr: {}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "stderr: {}", run.stderr);
    assert!(run.stderr.ends_with('\n'), "stderr: {}", run.stderr);
    assert!(
        run.stderr.contains(needle),
        "stderr {:?} lacks {needle:?}",
        run.stderr
    );
}

#[test]
fn text_line_not_utf8_is_reported_and_skipped() {
    let dir = dir("text");
    let path = write(
        &dir,
        "urls.txt",
        b"https://a.example/x\n\xff\xfeoops\r\nhttps://B.example:8080/\r\n\nhttp://[::1]/\n\xc3\n",
    );
    let run = run(&[
        "--table",
        &format!("urls={path}"),
        "SELECT url_hostname(url) AS host, url_port(url) AS port FROM urls",
    ]);
    assert_eq!(run.status, Some(0), "stderr: {}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "warning: {path}: line 2: invalid UTF-8 (skipped)\n\
             warning: {path}: line 6: invalid UTF-8 (skipped)\n"
        )
    );
    assert_eq!(
        run.stdout.trim_end(),
        "\
+-----------+------+
| host      | port |
+-----------+------+
| a.example |      |
| b.example | 8080 |
|           |      |
| [::1]     |      |
+-----------+------+"
    );
}

#[test]
fn text_table_read_twice_reports_once() {
    let dir = dir("twice");
    let path = write(&dir, "u.txt", b"https://a.example/\n\x80\n");
    let run = run(&[
        "-t",
        &format!("u={path}"),
        "SELECT count(*) AS n FROM u AS x JOIN u AS y ON x.url = y.url",
    ]);
    assert_eq!(run.status, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr.matches("line 2: invalid UTF-8").count(), 1);
    assert!(run.stdout.contains("| 1 |"), "{}", run.stdout);
}

#[test]
fn stdin_text() {
    let run = run_with_stdin(
        &[
            "--table=urls=-",
            "SELECT url_registrable_domain(url) AS site FROM urls ORDER BY site",
        ],
        b"https://www.example.co.uk/\nhttps://a.b.github.io/\n\xff\n",
    );
    assert_eq!(run.status, Some(0), "stderr: {}", run.stderr);
    assert_eq!(
        run.stderr,
        "warning: stdin: line 3: invalid UTF-8 (skipped)\n"
    );
    assert_eq!(
        run.stdout.trim_end(),
        "\
+---------------+
| site          |
+---------------+
| b.github.io   |
| example.co.uk |
+---------------+"
    );
}

#[test]
fn csv_input() {
    let dir = dir("csv");
    let path = write(
        &dir,
        "visits.csv",
        b"id,url\n1,https://x.example/a?q=1&q=2\n2,not a url\n3,HTTPS://EXAMPLE.COM/%7e\n",
    );
    let run = run(&[
        "--table",
        &format!("visits={path}"),
        "SELECT id, url_href(url) AS href, url_query_param(url, 'q') AS q, \
         url_error(url) AS error FROM visits ORDER BY id",
    ]);
    assert_table(
        &run,
        "
+----+-----------------------------+---+---------------------------------+
| id | href                        | q | error                           |
+----+-----------------------------+---+---------------------------------+
| 1  | https://x.example/a?q=1&q=2 | 1 |                                 |
| 2  |                             |   | missing-scheme-non-relative-URL |
| 3  | https://example.com/%7e     |   |                                 |
+----+-----------------------------+---+---------------------------------+",
    );
}

#[test]
fn parquet_input() {
    let dir = dir("parquet");
    let path = dir.join("urls.parquet");
    let schema = Arc::new(Schema::new(vec![
        Field::new("n", DataType::Int64, false),
        Field::new("link", DataType::Utf8, true),
    ]));
    let columns: Vec<ArrayRef> = vec![
        Arc::new(Int64Array::from(vec![1, 2, 3])),
        Arc::new(StringArray::from(vec![
            Some("https://m.news.example.com.au/story"),
            None,
            Some("https://xn--mnchen-3ya.de/"),
        ])),
    ];
    let batch = RecordBatch::try_new(Arc::clone(&schema), columns).unwrap();
    let file = std::fs::File::create(&path).unwrap();
    let mut writer = ArrowWriter::try_new(file, schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
    let run = run(&[
        "--table",
        &format!("pages={}", path.to_str().unwrap()),
        "SELECT n, url_registrable_domain(link) AS site, url_host_kind(link) AS kind \
         FROM pages ORDER BY n",
    ]);
    assert_table(
        &run,
        "
+---+-------------------+--------+
| n | site              | kind   |
+---+-------------------+--------+
| 1 | example.com.au    | domain |
| 2 |                   |        |
| 3 | xn--mnchen-3ya.de | domain |
+---+-------------------+--------+",
    );
}

#[test]
fn json_input() {
    let dir = dir("json");
    let path = write(
        &dir,
        "events.ndjson",
        b"{\"u\": \"https://example.org/a/b/\"}\n{\"u\": \"https://example.org/?x=%41\"}\n",
    );
    let run = run(&[
        "--table",
        &format!("events={path}"),
        "SELECT url_pathname(u) AS path, url_query_param(u, 'x') AS x FROM events ORDER BY path",
    ]);
    assert_table(
        &run,
        "
+-------+---+
| path  | x |
+-------+---+
| /     | A |
| /a/b/ |   |
+-------+---+",
    );
}

#[test]
fn dialect_option() {
    let sql = "SELECT cutToFirstSignificantSubdomain('https://news.clickhouse.com.tr/') AS site";
    assert_table(
        &run(&["--dialect", "clickhouse", sql]),
        "
+-------------------+
| site              |
+-------------------+
| clickhouse.com.tr |
+-------------------+",
    );
    assert_table(
        &run(&[
            "-d",
            "Trino",
            "-d",
            "spark",
            "SELECT url_extract_host('https://a.example/') AS h, \
             parse_url('https://a.example/p?k=v', 'QUERY', 'k') AS k",
        ]),
        "
+-----------+---+
| h         | k |
+-----------+---+
| a.example | v |
+-----------+---+",
    );
    // Without the option, the name is unknown: an error like any bad SQL.
    assert_error(&run(&[sql]), "cuttofirstsignificantsubdomain");
    assert_error(
        &run(&["--dialect", "oracle", "SELECT 1"]),
        "unknown dialect 'oracle'",
    );
}

#[test]
fn missing_file_is_exit_2() {
    let dir = dir("missing");
    for name in ["nope.txt", "nope.csv", "nope.parquet"] {
        let path = dir.join(name);
        let path = path.to_str().unwrap();
        let run = run(&["--table", &format!("t={path}"), "SELECT * FROM t"]);
        assert_error(&run, &format!("{path}: No such file or directory"));
    }
}

#[test]
fn bad_sql_is_exit_2_with_nothing_else() {
    assert_error(&run(&["SELEC url_hostname('https://a/')"]), "SELEC");
    assert_error(&run(&["SELECT * FROM no_such_table"]), "no_such_table");
    assert_error(&run(&["SELECT url_hostname()"]), "url_hostname");
}

#[test]
fn usage_errors_are_exit_2() {
    assert_error(&run(&[]), "no SQL query given");
    assert_error(&run(&["--table", "x", "SELECT 1"]), "NAME=PATH");
    assert_error(&run(&["--frobnicate", "SELECT 1"]), "--frobnicate");
}

#[test]
fn progress_goes_to_stderr_only() {
    let dir = dir("progress");
    let path = write(&dir, "u.txt", b"https://a.example/\nhttps://b.example/\n");
    let args = [
        "--table",
        &format!("u={path}"),
        "SELECT count(url_hostname(url)) AS n FROM u",
    ];
    let table = "
+---+
| n |
+---+
| 2 |
+---+";
    // By default (stderr is not a terminal here), nothing.
    assert_table(&run(&args), table);
    let mut forced = args.to_vec();
    forced.push("--progress");
    let run = run(&forced);
    assert_eq!(run.status, Some(0));
    assert_eq!(run.stdout.trim_end(), table.trim());
    let last = run.stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("weburl-sql: 2 rows read (") && last.ends_with(" s, done"),
        "stderr: {}",
        run.stderr
    );
}

#[test]
fn functions_help_and_version() {
    let run_functions = run(&["--functions"]);
    assert_eq!(run_functions.status, Some(0));
    assert!(run_functions.stdout.contains("url_hostname(url)"));
    assert!(!run_functions.stdout.contains("url_extract_host"));
    let with_trino = run(&["--functions", "--dialect", "trino"]);
    assert!(with_trino.stdout.contains("url_extract_host"));
    let help = run(&["--help"]);
    assert_eq!(help.status, Some(0));
    assert!(help.stdout.contains("--dialect NAME"));
    let version = run(&["--version"]);
    assert!(version.stdout.starts_with("weburl-sql "));
}

#[test]
fn csv_and_json_output() {
    let dir = dir("formats");
    let path = write(&dir, "u.txt", b"https://a.example/p?x=1\nnot a url\n");
    let sql = "SELECT url, url_hostname(url) AS host, url_port_or_default(url) AS port FROM u";
    let table = format!("u={path}");
    let csv = run(&["--table", &table, "--format", "csv", sql]);
    assert_eq!(csv.status, Some(0), "stderr: {}", csv.stderr);
    assert_eq!(csv.stderr, "");
    assert_eq!(
        csv.stdout,
        "url,host,port\nhttps://a.example/p?x=1,a.example,443\nnot a url,,\n"
    );
    let json = run(&["-t", &table, "-f", "json", sql]);
    assert_eq!(json.status, Some(0), "stderr: {}", json.stderr);
    assert_eq!(
        json.stdout,
        "{\"url\":\"https://a.example/p?x=1\",\"host\":\"a.example\",\"port\":443}\n\
         {\"url\":\"not a url\"}\n"
    );
    assert_error(
        &run(&["-t", &table, "--format", "xml", sql]),
        "unknown format 'xml'",
    );
}
