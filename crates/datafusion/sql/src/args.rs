//! The command line: `weburl-sql [OPTIONS] SQL`.

use weburl_datafusion::Dialect;

use crate::output::Format;
use crate::progress::Mode;

/// The one-line synopsis, part of every usage error.
pub const SYNOPSIS: &str = "usage: weburl-sql [OPTIONS] SQL   (weburl-sql --help for more)";

/// `--help`.
pub const HELP: &str = "\
weburl-sql: run a SQL query (Apache DataFusion) with browser-exact URL functions over files.

usage: weburl-sql [OPTIONS] SQL
       weburl-sql --functions [--dialect NAME]...

options:
  -t, --table NAME=PATH   register the file PATH as table NAME (repeatable). A .csv file (with a
                          header line), .json or .ndjson (one object a line) or .parquet file is
                          read as DataFusion reads it; any other file is text: one URL a line,
                          a table with one column `url`. PATH `-` is text read from stdin.
                          A line of text that is not UTF-8 is reported (with its line number) on
                          stderr and skipped.
  -d, --dialect NAME      also register another engine's URL function names: clickhouse,
                          trino, bigquery or spark (repeatable).
  -f, --format FORMAT     the result on stdout: table (aligned, the default), csv (with a
                          header line) or json (an object a line); csv and json are streamed.
      --progress          show rows read on stderr from the start, terminal or not.
      --no-progress       never show it. By default it is shown on a terminal once a query
                          has run for 2 seconds.
      --functions         list the URL functions with their descriptions, then exit.
  -h, --help              print this help.
  -V, --version           print the version.

Exit status: 0 on success (lines skipped or not); 2 on any error (a missing file, SQL that
does not parse or plan, an unknown dialect, a failed read), with one line on stderr and
nothing on stdout.

example:
  weburl-sql --table urls=urls.txt \\
    \"SELECT url_registrable_domain(url) AS site, count(*) AS n FROM urls
     GROUP BY site ORDER BY n DESC LIMIT 10\"
";

/// One `--table NAME=PATH`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The table's name in SQL.
    pub name: String,
    /// The file (`-`: stdin).
    pub path: String,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Run a query.
    Query(Options),
    /// `--functions`: list the functions (with these dialects' too).
    Functions(Vec<Dialect>),
    /// `--help`.
    Help,
    /// `--version`.
    Version,
}

/// The options of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The query.
    pub sql: String,
    /// The tables, in command-line order.
    pub tables: Vec<Table>,
    /// The dialects to register, in command-line order.
    pub dialects: Vec<Dialect>,
    /// When to show progress.
    pub progress: Mode,
    /// How to write the result.
    pub format: Format,
}

/// Parses the arguments (without the program name). The error is one line.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut sql = None;
    let mut tables = Vec::new();
    let mut dialects = Vec::new();
    let mut progress = Mode::Auto;
    let mut format = Format::Table;
    let mut functions = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        // `--name=value` or `--name value`.
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag.to_owned(), Some(value)),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            match inline {
                Some(v) => Ok(v.to_owned()),
                None => args
                    .next()
                    .ok_or_else(|| format!("{name} wants a value; {SYNOPSIS}")),
            }
        };
        match flag.as_str() {
            "-t" | "--table" => {
                let spec = value("--table")?;
                let Some((name, path)) = spec.split_once('=') else {
                    return Err(format!("--table wants NAME=PATH, got '{spec}'"));
                };
                if name.is_empty() || path.is_empty() {
                    return Err(format!("--table wants NAME=PATH, got '{spec}'"));
                }
                tables.push(Table {
                    name: name.to_owned(),
                    path: path.to_owned(),
                });
            }
            "-d" | "--dialect" => dialects.push(value("--dialect")?.parse::<Dialect>()?),
            "-f" | "--format" => format = value("--format")?.parse::<Format>()?,
            "--progress" if inline.is_none() => progress = Mode::Always,
            "--no-progress" if inline.is_none() => progress = Mode::Never,
            "--functions" if inline.is_none() => functions = true,
            "-h" | "--help" if inline.is_none() => return Ok(Command::Help),
            "-V" | "--version" if inline.is_none() => return Ok(Command::Version),
            "--" => {
                for rest in args.by_ref() {
                    set_sql(&mut sql, rest)?;
                }
            }
            _ if arg.starts_with('-') && arg != "-" => {
                return Err(format!("unknown option '{arg}'; {SYNOPSIS}"));
            }
            _ => set_sql(&mut sql, arg)?,
        }
    }
    if functions {
        return Ok(Command::Functions(dialects));
    }
    let Some(sql) = sql else {
        return Err(format!("no SQL query given; {SYNOPSIS}"));
    };
    Ok(Command::Query(Options {
        sql,
        tables,
        dialects,
        progress,
        format,
    }))
}

fn set_sql(sql: &mut Option<String>, arg: String) -> Result<(), String> {
    if sql.is_some() {
        return Err(format!(
            "more than one SQL argument ('{arg}'): quote the query; {SYNOPSIS}"
        ));
    }
    *sql = Some(arg);
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;

    fn parse_strs(args: &[&str]) -> Result<Command, String> {
        parse(args.iter().map(|s| (*s).to_owned()))
    }

    #[test]
    fn query_with_tables_and_dialects() {
        let got = parse_strs(&[
            "--table",
            "a=x.txt",
            "SELECT 1",
            "-t",
            "b=y.csv",
            "--table=c=z.parquet",
            "--dialect",
            "ClickHouse",
            "-d",
            "spark",
            "--progress",
            "--format=CSV",
        ])
        .unwrap();
        let Command::Query(options) = got else {
            panic!("not a query: {got:?}");
        };
        assert_eq!(options.sql, "SELECT 1");
        let names: Vec<_> = options.tables.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        assert_eq!(options.tables[2].path, "z.parquet");
        assert_eq!(options.dialects, [Dialect::ClickHouse, Dialect::Spark]);
        assert_eq!(options.progress, Mode::Always);
        assert_eq!(options.format, Format::Csv);
    }

    #[test]
    fn errors_are_one_line() {
        for args in [
            &["SELECT 1", "--dialect", "oracle"][..],
            &["SELECT 1", "--table", "nopath"],
            &["SELECT 1", "--table"],
            &["SELECT 1", "--format", "xml"],
            &["SELECT 1", "SELECT 2"],
            &["--bogus", "SELECT 1"],
            &[],
        ] {
            let err = parse_strs(args).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
        }
        assert!(parse_strs(&["x", "-d", "oracle"])
            .unwrap_err()
            .contains("unknown dialect 'oracle'"));
    }

    #[test]
    fn functions_help_version() {
        assert_eq!(
            parse_strs(&["--functions", "-d", "trino"]).unwrap(),
            Command::Functions(vec![Dialect::Trino])
        );
        assert_eq!(parse_strs(&["SELECT 1", "-h"]).unwrap(), Command::Help);
        assert_eq!(parse_strs(&["-V"]).unwrap(), Command::Version);
    }
}
