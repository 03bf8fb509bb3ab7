//! Reading rules in ClearURLs' `data.min.json` format into compiled providers.
//!
//! The format (ClearURLs' `Rules` repository and its addon's `clearurls.js`, function
//! `createProviders`): an object whose `providers` member maps each provider's name to an
//! object with the optional members `urlPattern` (string, default `""`), `completeProvider`
//! and `forceRedirection` (booleans, default `false`), and `rules`, `referralMarketing`,
//! `exceptions`, `rawRules`, `redirections` and `methods` (arrays of strings, default empty).
//! Other members are ignored, as ClearURLs ignores them. Providers are kept in the order the
//! file gives them (ClearURLs iterates the object's keys in insertion order).

use core::fmt;

use regex::{Regex, RegexBuilder};
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

use super::{Provider, RulesError, Skipped};

/// The compiled size bound of one regular expression (the `regex` crate's own bound is ten
/// times this); a pattern over it is reported as skipped.
const SIZE_LIMIT: usize = 1 << 20;

/// Compiles a pattern as ClearURLs' `new RegExp(pattern, "i")`: case-insensitive, unanchored.
pub(super) fn compile(pattern: &str) -> Result<Regex, String> {
    RegexBuilder::new(pattern)
        .case_insensitive(true)
        .size_limit(SIZE_LIMIT)
        .dfa_size_limit(SIZE_LIMIT)
        .build()
        .map_err(|e| e.to_string())
}

/// The providers object's members in file order (serde_json's map sorts its keys).
struct Ordered(Vec<(String, Value)>);

impl<'de> de::Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Ordered;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of providers")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Value>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// The top-level object: its `providers` member, the rest ignored.
struct Top(Option<Ordered>);

impl<'de> de::Deserialize<'de> for Top {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Top;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object with a `providers` member")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
                let mut providers = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "providers" {
                        providers = Some(map.next_value::<Ordered>()?);
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(Top(providers))
            }
        }
        d.deserialize_map(V)
    }
}

/// Parses the JSON text and compiles its providers; problems inside a provider are reported
/// in `skipped`, not as errors.
pub(super) fn providers(
    json: &[u8],
    skipped: &mut Vec<Skipped>,
) -> Result<Vec<Provider>, RulesError> {
    let top: Top = serde_json::from_slice(json).map_err(|e| RulesError::Json(e.to_string()))?;
    let Some(Ordered(members)) = top.0 else {
        return Err(RulesError::NoProviders);
    };
    let mut out = Vec::with_capacity(members.len());
    for (name, value) in members {
        if let Some(p) = provider(name, &value, skipped) {
            out.push(p);
        }
    }
    Ok(out)
}

/// What went wrong with one member of a provider.
struct Problem {
    key: &'static str,
    pattern: String,
    reason: String,
}

fn problem(key: &'static str, pattern: &str, reason: impl Into<String>) -> Problem {
    Problem {
        key,
        pattern: pattern.to_owned(),
        reason: reason.into(),
    }
}

fn skip(skipped: &mut Vec<Skipped>, provider: &str, p: Problem) {
    skipped.push(Skipped {
        provider: provider.to_owned(),
        key: p.key,
        pattern: p.pattern,
        reason: p.reason,
    });
}

fn flag(obj: &serde_json::Map<String, Value>, key: &'static str) -> Result<bool, Problem> {
    match obj.get(key) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(problem(key, &other.to_string(), "not a boolean")),
    }
}

fn strings<'a>(
    obj: &'a serde_json::Map<String, Value>,
    key: &'static str,
) -> Result<Vec<&'a str>, Problem> {
    match obj.get(key) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str()
                    .ok_or_else(|| problem(key, &v.to_string(), "not a string"))
            })
            .collect(),
        Some(other) => Err(problem(key, &other.to_string(), "not an array of strings")),
    }
}

/// One provider, or `None` (reported) when it cannot be applied faithfully: a member of the
/// wrong type, a `urlPattern` or an exception that does not compile (applying a provider
/// without one of its exceptions would remove what the rules' authors meant to keep).
fn provider(name: String, value: &Value, skipped: &mut Vec<Skipped>) -> Option<Provider> {
    match provider_parts(&name, value, skipped) {
        Ok(p) => Some(p),
        Err(p) => {
            skip(skipped, &name, p);
            None
        }
    }
}

fn provider_parts(
    name: &str,
    value: &Value,
    skipped: &mut Vec<Skipped>,
) -> Result<Provider, Problem> {
    let Some(obj) = value.as_object() else {
        return Err(problem("provider", &value.to_string(), "not an object"));
    };
    let url_pattern = match obj.get("urlPattern") {
        None => "",
        Some(Value::String(s)) => s.as_str(),
        Some(other) => return Err(problem("urlPattern", &other.to_string(), "not a string")),
    };
    let url_pattern = compile(url_pattern).map_err(|e| problem("urlPattern", url_pattern, e))?;
    let complete = flag(obj, "completeProvider")?;
    let force_redirection = flag(obj, "forceRedirection")?;
    let mut rules = strings(obj, "rules")?;
    let referral = strings(obj, "referralMarketing")?;
    let exceptions = strings(obj, "exceptions")?;
    let raw_rules = strings(obj, "rawRules")?;
    let redirections = strings(obj, "redirections")?;
    // Read for its shape only: there is no request method here (see the module docs).
    strings(obj, "methods")?;
    if complete {
        // ClearURLs' Provider constructor: a complete provider also has the rule `.*`.
        rules.push(".*");
    }

    let exception = match anchored_any(&exceptions, "exceptions", str::to_owned) {
        (re, bad) if bad.is_empty() => re,
        (_, mut bad) => return Err(bad.swap_remove(0)),
    };
    let mut report = |bad: Vec<Problem>| {
        for p in bad {
            skip(skipped, name, p);
        }
    };
    // A rule is matched as `new RegExp("^" + rule + "$", "gi")`: the text `^`, the rule, `$`,
    // with the rule's own alternation binding looser than the anchors (`a|b` is `^a` or `b$`).
    let (rules, bad) = anchored_any(&rules, "rules", |r| format!("^{r}$"));
    report(bad);
    let (referral, bad) = anchored_any(&referral, "referralMarketing", |r| format!("^{r}$"));
    report(bad);
    let mut raw = Vec::with_capacity(raw_rules.len());
    for r in raw_rules {
        match compile(r) {
            Ok(re) => raw.push(re),
            Err(e) => report(vec![problem("rawRules", r, e)]),
        }
    }
    let mut redirects = Vec::with_capacity(redirections.len());
    for r in redirections {
        match compile(r) {
            // ClearURLs skips an empty redirection (`&& redirection`).
            Ok(_) if r.is_empty() => {}
            // ClearURLs takes the first capture group as the target.
            Ok(re) if re.captures_len() < 2 => {
                report(vec![problem(
                    "redirections",
                    r,
                    "no capture group for the target",
                )]);
            }
            Ok(re) => redirects.push(re),
            Err(e) => report(vec![problem("redirections", r, e)]),
        }
    }
    Ok(Provider {
        name: name.to_owned(),
        url_pattern,
        complete,
        force_redirection,
        rules,
        referral,
        exception,
        raw_rules: raw,
        redirections: redirects,
    })
}

/// One regular expression matching where any of `patterns` does (each as `js` writes it, the
/// string ClearURLs gives `new RegExp`), compiled once; the patterns that do not compile on
/// their own are returned, left out. Each is compiled alone first, so its parentheses
/// balance and the group it is put in for the union (`(?:...)`) holds it whole.
fn anchored_any(
    patterns: &[&str],
    key: &'static str,
    js: impl Fn(&str) -> String,
) -> (Option<Regex>, Vec<Problem>) {
    let mut bad = Vec::new();
    let mut joined = String::new();
    for p in patterns {
        let alone = js(p);
        match compile(&alone) {
            Ok(_) => {
                if !joined.is_empty() {
                    joined.push('|');
                }
                joined.push_str("(?:");
                joined.push_str(&alone);
                joined.push(')');
            }
            Err(e) => bad.push(problem(key, p, e)),
        }
    }
    if joined.is_empty() {
        return (None, bad);
    }
    match compile(&joined) {
        Ok(re) => (Some(re), bad),
        Err(e) => {
            // Each compiles alone but not together (the size bound): report them all.
            bad.extend(patterns.iter().map(|p| problem(key, p, e.clone())));
            (None, bad)
        }
    }
}
