//! urlcanon's tables (`semantic.json`, `aggressive.json`, `match_rules.json`): each case's
//! `expected` (`null`: an error) or `applies` (in `match_rules.json`, or `error`: text of the
//! error building its rule gives; with `parent_url`, the rule is applied with it); a case
//! marked `departure` keeps urlcanon's own value under `urlcanon`, with the reason, and is
//! checked against `expected`.

use std::process::ExitCode;

use serde_json::Value;
use weburl_canon::match_rule::{MatchRule, RegexError};
use weburl_canon::urlcanon::RuleSet;
use weburl_wpt::{check_eq, Runner};

fn rule_set(name: &str) -> Result<RuleSet, String> {
    RuleSet::from_name(name).ok_or_else(|| format!("no rule set {name:?}"))
}

fn canon_case(runner: &mut Runner, rules: RuleSet, case: &Value) {
    let input = case["input"].as_str().unwrap_or_default();
    let got = rules.canonicalize(input).map_err(|e| e.to_string());
    let outcome = match (case["expected"].as_str(), got) {
        (Some(e), Ok(g)) => check_eq("result", e, &g),
        (None, Err(_)) => Ok(()),
        (None, Ok(g)) => Err(format!("expected an error, got {g:?}")),
        (Some(e), Err(why)) => Err(format!("expected {e:?}, got the error {why}")),
    };
    // Every departure from urlcanon says why.
    let outcome = outcome.and_then(|()| {
        if case.get("urlcanon").is_some() && !case["departure"].is_string() {
            Err("a departure without its reason".to_owned())
        } else {
            Ok(())
        }
    });
    runner.case(format!("{} {input:?}", rules.name()), outcome);
}

/// `semantic.json` and `aggressive.json`.
pub fn rule_set_tables(load: fn(&str) -> Value) -> ExitCode {
    let mut all = ExitCode::SUCCESS;
    for (file, sections) in [
        ("semantic.json", &["semantic_precise", "semantic"][..]),
        ("aggressive.json", &["aggressive"][..]),
    ] {
        let data = load(file);
        let mut runner = Runner::new(file);
        for &section in sections {
            let rules = match rule_set(section) {
                Ok(r) => r,
                Err(why) => {
                    runner.case(section, Err(why));
                    continue;
                }
            };
            for case in data[section].as_array().into_iter().flatten() {
                canon_case(&mut runner, rules, case);
            }
        }
        if runner.finish() != ExitCode::SUCCESS {
            all = ExitCode::FAILURE;
        }
    }
    all
}

/// A case's rule: `Err(Ok(e))` where a pattern does not compile, `Err(Err(why))` where the
/// table is wrong.
fn rule(v: &Value) -> Result<MatchRule, Result<RegexError, String>> {
    let mut rule = MatchRule::new();
    for (k, v) in v.as_object().into_iter().flatten() {
        rule = match (k.as_str(), v) {
            ("exact", Value::Bool(b)) => rule.exact(*b),
            ("surt", Value::String(s)) => rule.surt(s.as_str()),
            ("ssurt", Value::String(s)) => rule.ssurt(s.as_str()),
            ("domain", Value::String(s)) => rule.domain(s.as_str()),
            ("substring", Value::String(s)) => rule.substring(s.as_str()),
            ("regex", Value::String(s)) => rule.regex(s).map_err(Ok)?,
            ("parent_url_regex", Value::String(s)) => rule.parent_url_regex(s).map_err(Ok)?,
            _ => return Err(Err(format!("unknown condition {k}: {v}"))),
        };
    }
    Ok(rule)
}

fn match_case(case: &Value) -> Result<(), String> {
    let url = case["url"].as_str().unwrap_or_default();
    let rules = rule_set(case["rules"].as_str().unwrap_or_default())?;
    let built = rule(&case["rule"]);
    if let Some(error) = case.get("error") {
        let error = error.as_str().ok_or("'error' is not a string")?;
        return match built {
            Err(Ok(e)) if e.to_string().contains(error) => Ok(()),
            Err(Ok(e)) => Err(format!("expected an error with {error:?}, got {e}")),
            Err(Err(why)) => Err(why),
            Ok(r) => Err(format!("expected an error with {error:?}, got {r:?}")),
        };
    }
    let r = built.map_err(|e| e.map_or_else(|why| why, |e| e.to_string()))?;
    let expected = case["applies"].as_bool().ok_or("no 'applies'")?;
    let got = match case.get("parent_url") {
        None => r.applies(url, rules),
        Some(Value::String(parent)) => r.applies_with_parent(url, parent, rules),
        Some(other) => return Err(format!("'parent_url' {other} is not a string")),
    };
    if got == expected {
        Ok(())
    } else {
        Err(format!("expected {expected}, got {got}"))
    }
}

/// `match_rules.json`.
pub fn match_rules_table(load: fn(&str) -> Value) -> ExitCode {
    let data = load("match_rules.json");
    let mut runner = Runner::new("match_rules.json");
    for case in data["cases"].as_array().into_iter().flatten() {
        let url = case["url"].as_str().unwrap_or_default();
        // Every departure from urlcanon says why.
        let outcome = match_case(case).and_then(|()| {
            if case.get("urlcanon").is_some() && !case["departure"].is_string() {
                Err("a departure without its reason".to_owned())
            } else {
                Ok(())
            }
        });
        let parent = match case.get("parent_url") {
            Some(p) => format!(" parent {p}"),
            None => String::new(),
        };
        runner.case(
            format!("{} {} {url:?}{parent}", case["rules"], case["rule"]),
            outcome,
        );
    }
    runner.finish()
}
