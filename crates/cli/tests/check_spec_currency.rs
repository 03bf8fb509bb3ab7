//! `weburl check` on the validation errors of issue 16's spec currency work: domain-to-ASCII
//! for a trailing dot, IPv4-non-ASCII-input (newer than ../shared/spec/url.bs), and one
//! invalid-URL-unit for leading and trailing spaces.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_weburl");

/// Runs `weburl check ARGS...`: the exit code and the lines of stdout.
fn check(args: &[&str]) -> (i32, Vec<String>) {
    let out = Command::new(BIN).arg("check").args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    (
        out.status.code().expect("exited, not killed"),
        stdout.lines().map(str::to_owned).collect(),
    )
}

#[test]
fn trailing_dot_reports_domain_to_ascii_then_ipv4_empty_part() {
    let (code, lines) = check(&["https://127.0.0.1./"]);
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "https://127.0.0.1./",
            "        ^^^^^^^^^^",
            "  domain-to-ASCII (https://url.spec.whatwg.org/#validation-error-domain-to-ascii)",
            "https://127.0.0.1./",
            "                 ^",
            "  IPv4-empty-part (https://url.spec.whatwg.org/#ipv4-empty-part)",
            "  => https://127.0.0.1/",
        ]
    );
}

#[test]
fn trailing_dot_domain_is_not_strictly_valid() {
    let (code, lines) = check(&["--strict", "https://example.com./"]);
    assert_eq!(code, 1);
    assert_eq!(
        lines.get(2).map(String::as_str),
        Some("  domain-to-ASCII (https://url.spec.whatwg.org/#validation-error-domain-to-ascii)")
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("  => https://example.com./")
    );
}

#[test]
fn non_ascii_ipv4_reports_ipv4_non_ascii_input() {
    let (code, lines) = check(&["http://\u{2460}.\u{2461}.\u{2462}.\u{2463}/"]);
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "http://①.②.③.④/",
            "       ^^^^^^^",
            "  IPv4-non-ASCII-input (https://url.spec.whatwg.org/#ipv4-non-ascii-input)",
            "  => http://1.2.3.4/",
        ]
    );
}

#[test]
fn leading_and_trailing_spaces_are_one_error_at_the_start() {
    let (code, lines) = check(&["  https://example.org/ "]);
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "  https://example.org/ ",
            "^^",
            "  invalid-URL-unit (https://url.spec.whatwg.org/#invalid-url-unit)",
            "  => https://example.org/",
        ]
    );
    // Nothing at the start: the range is the end's.
    let (_, lines) = check(&["https://example.org/  "]);
    assert_eq!(
        lines.get(1).map(String::as_str),
        Some("                    ^^")
    );
}
