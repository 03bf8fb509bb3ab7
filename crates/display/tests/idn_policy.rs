//! The IDN policy table (`tests/data/idn_policy.txt`): each host with how `display` must
//! show it, in Unicode or, for a named rule, with a label in `xn--` form. Also checks that
//! `weburl display`'s label check agrees and that a replaced top-domains list is used.

use std::process::ExitCode;

use weburl_core::Url;
use weburl_display::{SpoofChecker, UrlDisplay};
use weburl_wpt::Runner;

const TABLE: &str = include_str!("data/idn_policy.txt");
/// Chromium's own decisions on its IDN test hosts (`S` shown in Unicode, `U` not).
const CHROMIUM: &str = include_str!("data/chromium_idn_cases.txt");

/// Checks one row: `host` shown in Unicode, or with a label in `xn--` form for `expected`.
fn check(host: &str, expected: &str, checker: Option<&SpoofChecker>) -> Result<(), String> {
    let url = Url::parse(&format!("https://{host}/")).map_err(|e| e.to_string())?;
    let mut rendering = url.display().host_only(true);
    if let Some(c) = checker {
        rendering = rendering.spoof_checker(c);
    }
    let shown = rendering.render();
    let reasons: Vec<&str> = shown.ace_labels.iter().map(|a| a.reason.name()).collect();
    match expected {
        "unicode" if reasons.is_empty() => Ok(()),
        "unicode" => Err(format!(
            "shown as {:?} ({})",
            shown.text,
            reasons.join(", ")
        )),
        rule if reasons.contains(&rule) => Ok(()),
        rule => Err(format!(
            "shown as {:?}, wanted {rule}, got [{}]",
            shown.text,
            reasons.join(", ")
        )),
    }
}

fn main() -> ExitCode {
    let mut runner = Runner::new("display IDN policy table");
    let mut rows = 0;
    for line in TABLE.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('\t');
        let (Some(host), Some(expected), why) = (fields.next(), fields.next(), fields.next())
        else {
            runner.case(
                format!("malformed row {line:?}"),
                Err("needs host and expected".into()),
            );
            continue;
        };
        rows += 1;
        let name = format!("{host} ({})", why.unwrap_or_default());
        runner.case(name, check(host, expected, None));
    }
    for line in CHROMIUM.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (host, decision) = line.split_once(' ').unwrap_or((line, ""));
        let outcome = Url::parse(&format!("https://{host}/"))
            .map_err(|e| e.to_string())
            .and_then(|url| {
                let shown = url.display().host_only(true).render();
                let unicode = !shown.text.contains("xn--");
                match (decision, unicode) {
                    ("S", true) | ("U", false) => Ok(()),
                    _ => Err(format!("Chromium {decision}, shown as {:?}", shown.text)),
                }
            });
        runner.case(format!("Chromium: {host} {decision}"), outcome);
    }
    runner.case(
        "the table has at least 300 hosts",
        if rows >= 300 {
            Ok(())
        } else {
            Err(format!("{rows} rows"))
        },
    );
    // The built-in list has at least 5,000 domains, and a replaced list is what is used.
    let builtin = SpoofChecker::shared().top_domain_count();
    runner.case(
        "built-in top domains >= 5000",
        if builtin >= 5000 {
            Ok(())
        } else {
            Err(format!("{builtin}"))
        },
    );
    let mine = SpoofChecker::from_top_domains_text("# mine\nexample.org\n\nbücher.de\n");
    runner.case(
        "replaced list: lookalike of its domain",
        check("exämple.org", "lookalike", Some(&mine)),
    );
    runner.case(
        "replaced list: a built-in domain no more",
        check("googlé.com", "unicode", Some(&mine)),
    );
    runner.case(
        "replaced list: the listed IDN itself",
        check("bücher.de", "unicode", Some(&mine)),
    );
    runner.case(
        "replaced list: a lookalike of the listed IDN",
        check("bucher.de", "unicode", Some(&mine)),
    );
    runner.case(
        "replaced list: diacritic variant of the listed IDN",
        check("bûcher.de", "lookalike", Some(&mine)),
    );
    runner.finish()
}
