//! `weburl_canon::urlcanon`'s rule sets (semantic_precise, semantic, aggressive) and
//! `match_rule`: a string, and the same string parsed first. Invariants: no panic; each
//! canonical form is ASCII, parses as a URL, and is its own canonical form (idempotence);
//! without one, only a rule without conditions applies;
//! a parsed URL gives what its serialization gives; `semantic` is `semantic_precise` without
//! the fragment; a rule whose SSURT and SURT prefixes are the URL's own applies to it; a
//! `regex` (or `parent_url_regex`) of the canonical URL's text applies to it (with the URL as
//! its parent), anchored whole (not its prefix, not it with more after it); the input read as
//! a pattern (with a small size limit) either fails with its own pattern named or decides a
//! rule as it decides the canonical URL.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_canon::match_rule::{ssurt_of, surt_of, MatchRule, RuleRegex};
use weburl_canon::urlcanon::RuleSet;
use weburl_fuzz::utf8;

fn check(input: &str, pattern: Option<&RuleRegex>, literals: bool) {
    let rule_sets = [
        RuleSet::SemanticPrecise,
        RuleSet::Semantic,
        RuleSet::Aggressive,
    ];
    for (i, rules) in rule_sets.into_iter().enumerate() {
        let Ok(c) = rules.canonicalize(input) else {
            // No canonical form: a rule without conditions applies, one with a condition not.
            assert!(MatchRule::new().applies(input, rules), "{input:?}");
            assert!(
                !MatchRule::new().surt("h").applies(input, rules),
                "{input:?}"
            );
            continue;
        };
        assert!(c.is_ascii(), "{} {input:?} -> {c:?}", rules.name());
        let url = Url::parse(&c).unwrap_or_else(|e| panic!("{input:?} -> {c:?}: {e}"));
        assert_eq!(
            rules.canonicalize(c.as_str()).as_ref(),
            Ok(&c),
            "{} {input:?} -> {c:?}",
            rules.name()
        );
        assert_eq!(rules.canonicalize(&url).as_ref(), Ok(&c), "{input:?}");
        let (Some(surt), Some(ssurt)) = (surt_of(input, rules), ssurt_of(input, rules)) else {
            panic!("{input:?}: no SURT or SSURT of a canonical URL");
        };
        let rule = MatchRule::new().surt(surt).ssurt(ssurt);
        assert!(rule.applies(input, rules), "{input:?}");
        assert!(rule.exact(true).applies(input, rules), "{input:?}");
        check_regex(input, rules, &c, pattern, literals && input.len() % 6 == i);
    }
    if let (Ok(precise), Ok(semantic)) = (
        RuleSet::SemanticPrecise.canonicalize(input),
        RuleSet::Semantic.canonicalize(input),
    ) {
        assert_eq!(
            precise.split('#').next(),
            Some(semantic.as_str()),
            "{input:?}"
        );
    }
}

/// `text` as a pattern that matches only itself.
fn literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for ch in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(ch) {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// The `regex` and `parent_url_regex` conditions on `input`, whose canonical form by `rules`
/// is `c`; the literal patterns only where `whole` (one rule set, for half the inputs: each
/// regular expression costs a compilation) and for a short `c` (a literal's compiled size grows with
/// it), the input as a pattern compiled once, in `fuzz_target!`.
fn check_regex(input: &str, rules: RuleSet, c: &str, as_pattern: Option<&RuleRegex>, whole: bool) {
    if let Some(r) = as_pattern {
        let want = r.as_str().is_empty() || r.is_match(c);
        let rule = MatchRule::new().with_regex(r.clone());
        assert_eq!(
            rule.applies(input, rules),
            want,
            "{input:?} as a pattern on {c:?}"
        );
        let rule = MatchRule::new().with_parent_url_regex(r.clone());
        assert_eq!(
            rule.applies_with_parent(c, input, rules),
            want,
            "{input:?} as a parent URL pattern on {c:?}"
        );
    }
    if !whole || c.len() > 256 {
        return;
    }
    let built = |pattern: &str| {
        RuleRegex::with_size_limit(pattern, 1 << 16)
            .unwrap_or_else(|e| panic!("{input:?}: a literal pattern does not compile: {e}"))
    };
    let whole = built(&literal(c));
    let rule = MatchRule::new().with_regex(whole.clone());
    assert!(rule.applies(input, rules), "{input:?} {whole:?}");
    let parent = MatchRule::new().with_parent_url_regex(whole.clone());
    assert!(
        parent.applies_with_parent(c, input, rules),
        "{input:?} {whole:?}"
    );
    assert!(!parent.applies(c, rules), "{input:?}: no parent URL");
    // Anchored whole: neither more than the URL nor a prefix of it, in any branch.
    let prefix = c.get(..c.len() / 2).unwrap_or_default();
    let others = built(&format!("{}x|{}", literal(c), literal(prefix)));
    assert!(
        !MatchRule::new().with_regex(others).applies(input, rules),
        "{input:?}"
    );
}

/// The input as a pattern (a short one, with a small size limit): an error names it.
fn as_pattern(input: &str) -> Option<RuleRegex> {
    if input.len() > 128 {
        return None;
    }
    match RuleRegex::with_size_limit(input, 1 << 14) {
        Ok(r) => Some(r),
        Err(e) => {
            assert_eq!(e.pattern(), input);
            assert!(!e.to_string().is_empty());
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let pattern = as_pattern(input);
    check(input, pattern.as_ref(), true);
    if let Ok(url) = Url::parse(input) {
        check(url.href(), None, false);
    }
});
