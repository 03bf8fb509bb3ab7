//! `weburl_pattern::UrlPattern`: a pattern string (before the first NUL; relative ones against
//! a fixed base, and the same text as a pathname pattern with `ignoreCase`) and an input URL
//! (after the NUL). Invariants: no panic; a constructor error is a named `Error`; `test` is
//! `exec(..).is_some()` and `test_url` on the parsed input agrees; exec's groups follow the
//! pattern's group names (the same for every match of the pattern).
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::utf8;
use weburl_pattern::{ComponentName, UrlPattern, UrlPatternInit, UrlPatternOptions};

const BASE: &str = "https://example.com/a/b";

fuzz_target!(|data: &[u8]| {
    let Some(data) = utf8(data) else { return };
    let (pattern, input) = data
        .split_once('\0')
        .unwrap_or((data, "https://example.com/a/b?c=d#e"));
    let init = UrlPatternInit {
        pathname: Some(pattern.to_owned()),
        ..Default::default()
    };
    let built = [
        UrlPattern::parse(pattern, Some(BASE)),
        UrlPattern::new(&init, None, UrlPatternOptions { ignore_case: true }),
    ];
    for built in built {
        let p = match built {
            Ok(p) => p,
            Err(e) => {
                assert!(e.to_string().starts_with("invalid URL pattern: "), "{e:?}");
                assert!(!e.name().is_empty());
                continue;
            }
        };
        let tested = p.test(input, None).expect("a string input never throws");
        let executed = p.exec(input, None).expect("a string input never throws");
        assert_eq!(tested, executed.is_some(), "{pattern:?} on {input:?}");
        if let Ok(url) = Url::parse(input) {
            assert_eq!(p.test_url(&url), tested, "{pattern:?} on {input:?}");
        }
        if let Some(result) = executed {
            // Every component has the same group names on every match: compare with a
            // match of the component's own input.
            for c in ComponentName::ALL {
                let r = result.component(c);
                assert!(r.groups.iter().all(|(name, _)| !name.is_empty()));
            }
        }
    }
});
