//! Tests that run the `weburl` binary.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};
use std::thread;

const BIN: &str = env!("CARGO_BIN_EXE_weburl");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs the binary with `args`, `stdin` written to its stdin from a thread.
fn run_with_stdin(args: &[&str], stdin: Vec<u8>) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let run = Run {
        code: status.code().expect("exited, not killed"),
        stdout: String::from_utf8(stdout).unwrap(),
        stderr: String::from_utf8(stderr).unwrap(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

fn run(args: &[&str]) -> Run {
    run_with_stdin(args, Vec::new())
}

// ---- parse ----

#[test]
fn parse_arguments_prints_hrefs() {
    let r = run(&[
        "parse",
        "https://EXAMPLE.com/a/../b?c d#e",
        "HTTP://[::1]:80/",
    ]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "https://example.com/b?c%20d#e\nhttp://[::1]/\n");
    assert_eq!(r.stderr, "");
}

#[test]
fn parse_with_base() {
    let r = run(&[
        "parse",
        "--base",
        "https://example.com/dir/page",
        "../x",
        "y?z",
        "//other/",
    ]);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout,
        "https://example.com/x\nhttps://example.com/dir/y?z\nhttps://other/\n"
    );
}

#[test]
fn parse_failure_is_reported_and_the_rest_still_parse() {
    let r = run(&[
        "parse",
        "https://a/",
        "http://[::1",
        "no-scheme",
        "https://b/",
    ]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "https://a/\nhttps://b/\n");
    assert_eq!(
        r.stderr,
        "error: http://[::1: invalid URL: IPv6-unclosed\n\
         error: no-scheme: invalid URL: missing-scheme-non-relative-URL\n"
    );
}

#[test]
fn parse_json_components() {
    let r = run_with_stdin(
        &["parse", "--json"],
        b"https://EXAMPLE.com/a/../b?c d#e\n".to_vec(),
    );
    assert_eq!(r.code, 0);
    let line = r.stdout.strip_suffix('\n').unwrap();
    assert!(!line.contains('\n'));
    // Keys in the URL class's order, validation_errors last.
    assert!(line.starts_with(
        "{\"href\":\"https://example.com/b?c%20d#e\",\"origin\":\"https://example.com\",\
         \"protocol\":\"https:\",\"username\":\"\",\"password\":\"\",\"host\":\"example.com\",\
         \"hostname\":\"example.com\",\"port\":\"\",\"pathname\":\"/b\",\"search\":\"?c%20d\",\
         \"hash\":\"#e\",\"validation_errors\":["
    ));
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    // The space in the query is an invalid-URL-unit at byte 28.
    let errors = v["validation_errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e["name"] == "invalid-URL-unit"
        && e["failure"] == false
        && e["start"] == 28
        && e["end"] == 29));
}

#[test]
fn parse_json_failure_and_invalid_utf8() {
    let r = run_with_stdin(
        &["parse", "--json"],
        b"http://[::1\n\xff\xfe\nhttps://ok.example/\n".to_vec(),
    );
    assert_eq!(r.code, 1);
    let lines: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["input"], "http://[::1");
    assert_eq!(lines[0]["failure"], true);
    assert_eq!(lines[0]["error"], "IPv6-unclosed");
    let errs = lines[0]["validation_errors"].as_array().unwrap();
    assert!(errs
        .iter()
        .any(|e| e["name"] == "IPv6-unclosed" && e["failure"] == true));
    assert_eq!(lines[1]["failure"], true);
    assert_eq!(lines[1]["error"], "invalid-UTF-8");
    assert_eq!(lines[2]["href"], "https://ok.example/");
}

#[test]
fn usage_errors_exit_2() {
    let r = run(&["parse", "--base", "not a url", "x"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --base not a url: invalid URL: missing-scheme-non-relative-URL\n"
    );
    assert_eq!(run(&["frobnicate"]).code, 2);
    assert_eq!(run(&[]).code, 2);
    assert_eq!(run(&["get", "fragment", "https://a/"]).code, 2);
    assert_eq!(run(&["set", "port", "1"]).code, 2);
}

#[test]
fn help_has_examples() {
    let r = run(&["--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("Examples:"));
    for sub in ["parse", "check", "explain", "get", "set"] {
        let r = run(&[sub, "--help"]);
        assert_eq!(r.code, 0, "{sub}");
        assert!(r.stdout.contains("Example"), "{sub}: {}", r.stdout);
    }
}

// ---- stdin ----

#[test]
fn stdin_streams_100k_lines_and_continues_after_bad_ones() {
    let n = 100_000;
    let mut input = Vec::new();
    for i in 0..n {
        match i {
            50_000 => input.extend_from_slice(b"http://[::1/\n"),
            60_000 => input.extend_from_slice(b"https://bad.example/\xc3\x28\n"),
            _ => {
                // Mix LF and CRLF.
                let eol: &[u8] = if i % 2 == 0 { b"\n" } else { b"\r\n" };
                write!(input, "HTTPS://Example.COM/{i}/../x{i}").unwrap();
                input.extend_from_slice(eol);
            }
        }
    }
    let r = run_with_stdin(&["parse"], input);
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), n - 2);
    assert_eq!(lines[0], "https://example.com/x0");
    assert_eq!(lines[1], "https://example.com/x1");
    assert_eq!(lines[n - 3], format!("https://example.com/x{}", n - 1));
    assert!(!r.stdout.contains('\r'));
    assert_eq!(
        r.stderr,
        "error: http://[::1/: invalid URL: IPv6-unclosed\n\
         error: line 60001: invalid UTF-8\n"
    );
}

#[test]
fn stdin_json_lines_match_input_lines() {
    let input = "https://a/\n\nhttps://b/\n";
    let r = run_with_stdin(
        &["parse", "--json", "--base", "https://base/"],
        input.into(),
    );
    assert_eq!(r.code, 0);
    let hrefs: Vec<String> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["href"].to_string())
        .collect();
    // The empty line parses against the base.
    assert_eq!(
        hrefs,
        ["\"https://a/\"", "\"https://base/\"", "\"https://b/\""]
    );
}

// ---- check ----

#[test]
fn check_shows_carets_under_each_error() {
    let r = run(&["check", "https://user@example.org\\path"]);
    assert_eq!(r.code, 0);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let cred = lines
        .iter()
        .position(|l| l.starts_with("  invalid-credentials "))
        .expect("invalid-credentials reported");
    let solidus = lines
        .iter()
        .position(|l| l.starts_with("  invalid-reverse-solidus "))
        .expect("invalid-reverse-solidus reported");
    assert_eq!(
        lines[cred],
        "  invalid-credentials (https://url.spec.whatwg.org/#invalid-credentials)"
    );
    assert_eq!(lines[cred - 2], "https://user@example.org\\path");
    // The credentials end at the "@" (column 12); carets stay within "user@".
    let carets = lines[cred - 1];
    assert!(carets.trim_start().chars().all(|c| c == '^'));
    let start = carets.len() - carets.trim_start().len();
    assert!((8..=12).contains(&start), "{carets:?}");
    assert!(carets.len() <= 13, "{carets:?}");
    // The backslash is column 24.
    assert_eq!(lines[solidus - 2], "https://user@example.org\\path");
    assert_eq!(lines[solidus - 1], format!("{}^", " ".repeat(24)));
    assert_eq!(
        lines[solidus],
        "  invalid-reverse-solidus (https://url.spec.whatwg.org/#invalid-reverse-solidus)"
    );
    assert_eq!(lines.last(), Some(&"  => https://user@example.org/path"));
}

#[test]
fn check_strict_and_ok() {
    let r = run(&["check", "--strict", "https://user@example.org\\path"]);
    assert_eq!(r.code, 1);
    let r = run(&["check", "--strict", "https://example.org/"]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "https://example.org/: ok\n");
}

#[test]
fn check_failure_exits_1_and_marks_the_failure() {
    let r = run(&["check", "https://example.org:99999/"]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains(
        "  port-out-of-range, failure (https://url.spec.whatwg.org/#port-out-of-range)\n"
    ));
    assert!(r.stdout.ends_with("  => invalid URL: port-out-of-range\n"));
}

#[test]
fn check_non_ascii_columns_and_stdin() {
    // "ü" is two bytes but one column: the tab (shown as ␉) is at column 10.
    let r = run_with_stdin(
        &["check"],
        "https://ü\t.example/\nhttps://ok.example/\n".into(),
    );
    assert_eq!(r.code, 0);
    assert!(
        r.stdout
            .contains("https://ü␉.example/\n         ^\n  invalid-URL-unit (https://url.spec.whatwg.org/#invalid-url-unit)\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.ends_with("https://ok.example/: ok\n"));
}

// ---- explain ----

#[test]
fn explain_diagram() {
    let r = run(&["explain", "https://user:pass@example.com:8080/a/b?q=1#frag"]);
    assert_eq!(r.code, 0);
    let expected_rows = [
        "https://user:pass@example.com:8080/a/b?q=1#frag",
        "^^^^^^                                           protocol    0..6  https:",
        "        ^^^^                                     username   8..12  user",
        "             ^^^^                                password  13..17  pass",
        "                  ^^^^^^^^^^^                    hostname  18..29  example.com  (domain)",
        "                              ^^^^               port      30..34  8080",
        "                                  ^^^^           pathname  34..38  /a/b",
        "                                      ^^^^       search    38..42  ?q=1",
        "                                          ^^^^^  hash      42..47  #frag",
    ];
    assert!(r.stdout.contains(&expected_rows.join("\n")), "{}", r.stdout);
    assert!(r.stdout.contains("origin    https://example.com:8080\n"));
    assert!(r.stdout.contains("host type domain\n"));
}

#[test]
fn explain_failure() {
    let r = run(&["explain", "https://exa mple/"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert!(r
        .stderr
        .starts_with("error: https://exa mple/: invalid URL: "));
}

// ---- get / set ----

#[test]
fn get_public_suffix_and_registrable_domain() {
    let urls = [
        "https://www.example.co.uk/",
        "https://whatwg.github.io/",
        "https://github.io/",
        "http://127.0.0.1/",
        "https://EXAMPLE.COM./",
        "mailto:x@example.com",
    ];
    let mut args = vec!["get", "registrable-domain"];
    args.extend(urls);
    let r = run(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "example.co.uk\nwhatwg.github.io\n\n\nexample.com.\n\n"
    );
    let mut args = vec!["get", "public-suffix"];
    args.extend(urls);
    let r = run(&args);
    assert_eq!(r.stdout, "co.uk\ngithub.io\ngithub.io\n\ncom.\n\n");
    let r = run(&["set", "public-suffix", "org", "https://example.com/"]);
    assert_eq!(r.code, 1);
}

#[test]
fn explain_shows_the_site() {
    let r = run(&["explain", "https://www.example.co.uk/"]);
    assert!(
        r.stdout
            .contains("public suffix      co.uk  (ICANN rule co.uk)\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("registrable domain example.co.uk\n"));
}

#[test]
fn get_components() {
    let r = run(&[
        "get",
        "hostname",
        "https://user@EXAMPLE.com:8080/",
        "http://[::1]/",
    ]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "example.com\n[::1]\n"));
    let url = "https://u:p@example.com:8080/p?q#h";
    for (component, value) in [
        ("href", url),
        ("origin", "https://example.com:8080"),
        ("protocol", "https:"),
        ("username", "u"),
        ("password", "p"),
        ("host", "example.com:8080"),
        ("hostname", "example.com"),
        ("port", "8080"),
        ("pathname", "/p"),
        ("search", "?q"),
        ("hash", "#h"),
    ] {
        let r = run(&["get", component, url]);
        assert_eq!(r.stdout, format!("{value}\n"), "{component}");
    }
}

#[test]
fn get_from_stdin_keeps_lines_and_reports_failures() {
    let r = run_with_stdin(
        &["get", "port"],
        "https://a:81/\nhttps://a/\nhttp://[\nhttps://a:443/\n".into(),
    );
    assert_eq!(r.code, 1);
    // Empty ports are empty lines; the failure has no line.
    assert_eq!(r.stdout, "81\n\n\n");
    assert_eq!(r.stderr, "error: http://[: invalid URL: IPv6-unclosed\n");
}

#[test]
fn set_accepted() {
    let r = run(&["set", "pathname", "/a b", "https://example.com/x?q"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "https://example.com/a%20b?q\n")
    );
    let r = run(&["set", "search", "-x", "https://example.com/"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "https://example.com/?-x\n")
    );
    let r = run(&["set", "href", "http://other/", "https://example.com/"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "http://other/\n"));
}

#[test]
fn set_refused() {
    let r = run(&["set", "port", "99999", "https://example.com/"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "error: cannot set port to \"99999\": invalid value: port-out-of-range\n"
    );
    let r = run(&["set", "username", "u", "file:///etc"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("cannot have a username"), "{}", r.stderr);
    let r = run(&["set", "origin", "https://x", "https://example.com/"]);
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (1, "error: origin is read-only\n")
    );
    let r = run(&["set", "href", "nope", "https://example.com/"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("missing-scheme-non-relative-URL"));
    let r = run(&["set", "port", "1", "not a url"]);
    assert_eq!(r.code, 1);
}

// ---- broken pipe ----

/// Spawns `args` with stdin and stdout piped, reads one line, closes stdout, keeps feeding
/// stdin, and checks the process ends quietly.
fn broken_pipe(args: &[&str]) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        for i in 0..400_000 {
            if writeln!(stdin, "https://example.com/{i}").is_err() {
                return; // the child has exited
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(!line.is_empty());
    drop(stdout);
    writer.join().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr, "", "{args:?}");
    assert_eq!(status.code(), Some(0), "{args:?}");
}

#[test]
fn broken_pipe_ends_quietly() {
    broken_pipe(&["parse"]);
    broken_pipe(&["parse", "--json"]);
    broken_pipe(&["check"]);
    broken_pipe(&["get", "pathname"]);
}

// ---- match ----

#[test]
fn match_prints_groups_per_url() {
    let r = run(&[
        "match",
        "https://*.example.com/books/:id",
        "https://shop.example.com/books/42",
        "https://example.org/",
    ]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "{\"input\":\"https://shop.example.com/books/42\",\"match\":true,\
         \"groups\":{\"hostname\":{\"0\":\"shop\"},\"pathname\":{\"id\":\"42\"}}}\n\
         {\"input\":\"https://example.org/\",\"match\":false}\n"
    );
}

#[test]
fn match_optional_group_is_null_and_bad_pattern_is_usage_error() {
    let r = run(&[
        "match",
        "--base",
        "https://e.com/",
        "/a/:x?",
        "https://e.com/a",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "{\"input\":\"https://e.com/a\",\"match\":true,\"groups\":{\"pathname\":{\"x\":null}}}\n"
    );
    let r = run(&["match", "https://e.com/(a(?=b))", "https://e.com/ab"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unsupported-regexp"), "{}", r.stderr);
}

// ---- canon ----

/// What a `weburl canon` run must write on stderr.
#[derive(Debug, Clone, Copy)]
enum Stderr {
    /// Anything (the run succeeds).
    Any,
    /// Text containing this.
    Has(&'static str),
    /// Text starting with this.
    StartsWith(&'static str),
}

/// One `weburl canon` run: its arguments after `canon` (`{rules}` stands for a file of
/// ClearURLs rules, `{not-rules}` for a JSON file that is none), its stdin, and its exit
/// status, stdout and stderr.
struct CanonCase {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static [u8],
    code: i32,
    stdout: &'static str,
    stderr: Stderr,
}

const CANON_CASES: &[CanonCase] = &[
    CanonCase {
        name: "surt is the default profile",
        args: &[
            "http://www.archive.org/goo/?b=1&a=2#top",
            "https://WWW2.Example.com:443/A/",
        ],
        stdin: b"",
        code: 0,
        stdout: "org,archive)/goo?a=2&b=1\ncom,example)/a\n",
        stderr: Stderr::Any,
    },
    CanonCase {
        name: "surt: a port surt rejects",
        args: &["--profile", "surt", "http://a.example:99999/"],
        stdin: b"",
        code: 1,
        stdout: "",
        stderr: Stderr::StartsWith("error: http://a.example:99999/: "),
    },
    CanonCase {
        name: "ssurt streams stdin",
        args: &["--profile", "ssurt"],
        stdin: b"http://user:pass@foo.example.org:81/path?query#frag\n/relative\nhttps://example.com/\n",
        code: 1,
        stdout: "org,example,foo,//:81:http@user:pass/path?query#frag\ncom,example,//:https/\n",
        stderr: Stderr::Has("/relative"),
    },
    CanonCase {
        name: "safe-browsing streams stdin",
        args: &["--profile", "safe-browsing"],
        stdin: b"http://3279880203/blah\r\nwww.google.com\n\xff\n",
        code: 1,
        stdout: "http://195.127.0.11/blah\nhttp://www.google.com/\n",
        stderr: Stderr::Has("line 3: invalid UTF-8"),
    },
    CanonCase {
        name: "expressions",
        args: &["--expressions", "http://a.b.c/1/2.html?param=1"],
        stdin: b"",
        code: 0,
        stdout: "a.b.c/1/2.html?param=1 a.b.c/1/2.html a.b.c/ a.b.c/1/ \
                 b.c/1/2.html?param=1 b.c/1/2.html b.c/ b.c/1/\n",
        stderr: Stderr::Any,
    },
    CanonCase {
        // One expression, "a.b/", whose SHA-256 starts 2e c5 fb b0.
        name: "hash prefixes",
        args: &["--hash-prefixes", "http://a.b/", "mailto:x@a.b"],
        stdin: b"",
        code: 1,
        stdout: "2ec5fbb0\n",
        stderr: Stderr::Has("mailto:x@a.b"),
    },
    CanonCase {
        name: "hash prefixes with --profile safe-browsing",
        args: &["--profile", "safe-browsing", "--hash-prefixes", "http://a.b/"],
        stdin: b"",
        code: 0,
        stdout: "2ec5fbb0\n",
        stderr: Stderr::Any,
    },
    CanonCase {
        name: "semantic streams stdin",
        args: &["--profile", "semantic"],
        stdin: b"HTTP://u:p@Example.com.../a//b/%2e%2e/c?b=%41&a#f\nno scheme\nwww12.foo.com/\n",
        code: 1,
        stdout: "http://example.com/a/c?a&b=A\nhttp://www12.foo.com/\n",
        stderr: Stderr::Has("no scheme"),
    },
    CanonCase {
        name: "aggressive",
        args: &[
            "--profile",
            "aggressive",
            "https://www12.foo.com/A/?sid=9682993c8daa2c5497996114facdc805&B=1",
        ],
        stdin: b"",
        code: 0,
        stdout: "http://foo.com/a?b=1\n",
        stderr: Stderr::Any,
    },
    CanonCase {
        name: "strip-tracking with the built-in list",
        args: &["--profile", "strip-tracking"],
        stdin: b"https://example.com/a?id=7&utm_source=news&fbclid=x#top\nno url\n",
        code: 1,
        stdout: "https://example.com/a?id=7#top\n",
        stderr: Stderr::Has("no url"),
    },
    CanonCase {
        name: "strip-tracking with --rules",
        args: &[
            "--profile",
            "strip-tracking",
            "--rules",
            "{rules}",
            "https://shop.example/?ref=1&utm_source=2",
        ],
        stdin: b"",
        code: 0,
        stdout: "https://shop.example/?utm_source=2\n",
        stderr: Stderr::Has("warning: --rules: provider \"shop\": rules \"(?<=x)y\" left out"),
    },
    CanonCase {
        name: "--rules is strip-tracking's",
        args: &["--rules", "{rules}", "http://a/"],
        stdin: b"",
        code: 2,
        stdout: "",
        stderr: Stderr::Has("--profile strip-tracking"),
    },
    CanonCase {
        name: "--rules of a file that is not rules",
        args: &[
            "--profile",
            "strip-tracking",
            "--rules",
            "{not-rules}",
            "http://a/",
        ],
        stdin: b"",
        code: 2,
        stdout: "",
        stderr: Stderr::Has("--rules: not ClearURLs rules"),
    },
    CanonCase {
        name: "an unknown profile",
        args: &["--profile", "nope", "http://a/"],
        stdin: b"",
        code: 2,
        stdout: "",
        stderr: Stderr::Has(
            "the profiles are surt, ssurt, safe-browsing, semantic, aggressive, strip-tracking",
        ),
    },
    CanonCase {
        name: "--expressions with another profile",
        args: &["--expressions", "--profile", "surt", "http://a/"],
        stdin: b"",
        code: 2,
        stdout: "",
        stderr: Stderr::Has("Safe Browsing's"),
    },
    CanonCase {
        name: "--expressions with --hash-prefixes",
        args: &["--expressions", "--hash-prefixes", "http://a/"],
        stdin: b"",
        code: 2,
        stdout: "",
        stderr: Stderr::Any,
    },
];

#[test]
fn canon_profiles() {
    let dir = std::env::temp_dir().join(format!("weburl-cli-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("rules.json");
    std::fs::write(
        &rules,
        r#"{"providers": {"shop": {"urlPattern": "shop\\.example", "rules": ["ref", "(?<=x)y"]}}}"#,
    )
    .unwrap();
    let not_rules = dir.join("not-rules.json");
    std::fs::write(&not_rules, "[]").unwrap();
    let mut failed = Vec::new();
    for case in CANON_CASES {
        let mut args = vec!["canon"];
        args.extend(case.args.iter().map(|&a| match a {
            "{rules}" => rules.to_str().unwrap(),
            "{not-rules}" => not_rules.to_str().unwrap(),
            a => a,
        }));
        let r = run_with_stdin(&args, case.stdin.to_vec());
        let stderr_ok = match case.stderr {
            Stderr::Any => true,
            Stderr::Has(part) => r.stderr.contains(part),
            Stderr::StartsWith(start) => r.stderr.starts_with(start),
        };
        if r.code != case.code || r.stdout != case.stdout || !stderr_ok {
            failed.push(format!(
                "{}: exit {} (expected {}), stdout {:?} (expected {:?}), stderr {:?} (expected {:?})",
                case.name, r.code, case.code, r.stdout, case.stdout, r.stderr, case.stderr
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
