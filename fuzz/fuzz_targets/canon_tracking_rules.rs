//! `weburl_canon::tracking::Rules::from_json` on fuzzed rules. Input that starts with `{` is
//! the JSON itself; any other input is a pattern (up to its first newline; the rest, if any,
//! a URL) put in every pattern member of one provider, so that the URL seeds fuzz the
//! patterns. Invariants: no panic in loading or applying; a result is a URL whose
//! serialization it is; every pattern left out is listed with its provider and reason.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_canon::tracking::{strip_tracking, Rules};
use weburl_fuzz::utf8;

const URLS: [&str; 4] = [
    "https://example.com/a/b?utm_source=x&q=1&ref=2#frag&k=v",
    "http://out.example/go?to=https%3A%2F%2Fexample.org%2F%3Fa%3D1",
    "foo:opaque?x=1#y",
    "http://10.0.0.1/?a=b",
];

fn apply(rules: &Rules, url: &str) {
    if let Ok(s) = strip_tracking(url, rules) {
        let parsed = Url::parse(&s).unwrap_or_else(|e| panic!("{url:?} -> {s:?}: {e}"));
        assert_eq!(parsed.href(), s);
    }
}

/// `s` as a JSON string.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fuzz_target!(|data: &[u8]| {
    if data.first() == Some(&b'{') {
        if let Ok(rules) = Rules::from_json(data) {
            for url in URLS {
                apply(&rules, url);
            }
        }
        return;
    }
    let Some(input) = utf8(data) else { return };
    let (pattern, url) = input.split_once('\n').unwrap_or((input, ""));
    let p = json_string(pattern);
    let json = format!(
        r#"{{"providers": {{
            "rules": {{"urlPattern": {p}, "rules": [{p}], "referralMarketing": [{p}],
                       "rawRules": [{p}], "redirections": [{p}]}},
            "exceptions": {{"exceptions": [{p}], "rules": [".*"]}},
            "complete": {{"urlPattern": {p}, "completeProvider": true}}
        }}}}"#
    );
    let rules = Rules::from_json(json.as_bytes()).expect("the template is JSON");
    for s in rules.skipped() {
        assert!(!s.reason.is_empty() && !s.provider.is_empty(), "{s:?}");
    }
    for u in URLS.iter().copied().chain([url, input]) {
        apply(&rules, u);
    }
});
