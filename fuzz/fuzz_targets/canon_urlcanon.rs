//! `weburl_canon::urlcanon`'s rule sets (semantic_precise, semantic, aggressive) and
//! `match_rule`: a string, and the same string parsed first. Invariants: no panic; each
//! canonical form is ASCII, parses as a URL, and is its own canonical form (idempotence);
//! a parsed URL gives what its serialization gives; `semantic` is `semantic_precise` without
//! the fragment; a rule whose SSURT and SURT prefixes are the URL's own applies to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_canon::match_rule::{ssurt_of, surt_of, MatchRule};
use weburl_canon::urlcanon::RuleSet;
use weburl_fuzz::utf8;

fn check(input: &str) {
    let rule_sets = [
        RuleSet::SemanticPrecise,
        RuleSet::Semantic,
        RuleSet::Aggressive,
    ];
    for rules in rule_sets {
        let Ok(c) = rules.canonicalize(input) else {
            assert!(!MatchRule::new().applies(input, rules), "{input:?}");
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

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    check(input);
    if let Ok(url) = Url::parse(input) {
        check(url.href());
    }
});
