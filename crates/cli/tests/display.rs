//! Tests that run `weburl display` and the display lines of `weburl explain`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_weburl");

/// Runs the binary with `args` and `stdin`; returns (status, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().expect("exited"),
        String::from_utf8(out.stdout).unwrap(),
        stderr,
    )
}

#[test]
fn display_arguments() {
    let (code, out, _) = run(
        &[
            "display",
            "https://user:pw@xn--mnchen-3ya.de/caf%C3%A9",
            "https://аррӏе.com/",
            "https://xn--mgbh0fb.xn--kgbechtv/path",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "https://münchen.de/café\nhttps://xn--80ak6aa92e.com/\nمثال.إختبار\n"
    );
}

#[test]
fn display_options() {
    let url = "https://www.login.example.co.uk/account/settings";
    let (_, out, _) = run(&["display", "--max-width", "30", url], "");
    assert_eq!(out, "https://…example.co.uk/accoun…\n");
    let (_, out, _) = run(
        &["display", "--omit-scheme", "--omit-trivial-subdomains", url],
        "",
    );
    assert_eq!(out, "login.example.co.uk/account/settings\n");
    let (_, out, _) = run(&["display", "--host-only", url], "");
    assert_eq!(out, "www.login.example.co.uk\n");
    let (_, out, _) = run(&["display", "--ltr", "https://example.com/%D7%90"], "");
    assert_eq!(out, "\u{2066}https://example.com/א\u{2069}\n");
}

#[test]
fn display_stdin_and_failures() {
    let (code, out, err) = run(&["display"], "https://example.com/%E4%BE%8B\nhttp://[::1\n");
    assert_eq!(code, 1);
    assert_eq!(out, "https://example.com/例\n");
    assert!(
        err.contains("http://[::1: invalid URL: IPv6-unclosed"),
        "{err}"
    );
}

#[test]
fn explain_says_why_a_label_is_in_ace_form() {
    let (_, out, _) = run(&["explain", "https://pаypal.com/"], "");
    assert!(
        out.contains("display   https://xn--pypal-4ve.com/\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "xn--pypal-4ve shown, not pаypal: mixes scripts (Cyrillic and Latin) (mixed-script)"
        ),
        "{out}"
    );
    let (_, out, _) = run(&["explain", "https://www.xn--bcher-kva.de/"], "");
    assert!(out.contains("display   https://www.bücher.de/\n"), "{out}");
}

#[test]
fn display_why_names_the_rule() {
    let (code, out, _) = run(
        &[
            "display",
            "--host-only",
            "--why",
            "https://аррӏе.com/",
            "https://googlé.com/",
            "https://bücher.de/",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "xn--80ak6aa92e.com\txn--80ak6aa92e=whole-script-confusable\n\
         xn--googl-fsa.com\txn--googl-fsa=lookalike\n\
         bücher.de\n"
    );
}

#[test]
fn display_top_domains_file_replaces_the_list() {
    let dir = std::env::temp_dir().join(format!("weburl-top-domains-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("top.txt");
    std::fs::write(&file, "# my sites\nexample.org\n\n").unwrap();
    let file = file.to_str().unwrap();
    // googlé.com is a lookalike for the built-in list, not for this one; exämple.org is.
    let (code, out, _) = run(
        &[
            "display",
            "--host-only",
            "--top-domains",
            file,
            "https://googlé.com/",
            "https://exämple.org/",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "googlé.com\nxn--exmple-cua.org\n");
    let (_, out, _) = run(
        &["explain", "--top-domains", file, "https://exämple.org/"],
        "",
    );
    assert!(
        out.contains("xn--exmple-cua shown, not exämple: looks like example.org (lookalike)"),
        "{out}"
    );
    let (code, _, err) = run(
        &[
            "display",
            "--top-domains",
            "/nonexistent/top.txt",
            "https://a.b/",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--top-domains /nonexistent/top.txt"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
