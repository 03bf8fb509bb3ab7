//! `Url::parse_with_base`: the result re-parses (without the base) to itself, and
//! `Url::can_parse(input, Some(base))` agrees.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{assert_reparses, split_base, utf8};

fuzz_target!(|data: &[u8]| {
    let Some(data) = utf8(data) else { return };
    let (base, input) = split_base(data);
    let Ok(base_url) = Url::parse(base) else {
        assert!(!Url::can_parse(input, Some(base)));
        return;
    };
    let joined = base_url.join(input);
    assert_eq!(
        Url::can_parse(input, Some(base)),
        joined.is_ok(),
        "can_parse disagrees with join on {base:?} + {input:?}"
    );
    if let Ok(url) = joined {
        assert_reparses(&url, &(base, input));
        // An absolute href joined against any base is itself.
        let again = base_url.join(url.href());
        match again {
            Ok(again) => assert_eq!(again.href(), url.href(), "{base:?} + {input:?}"),
            Err(e) => panic!("{:?} against {base:?} fails: {}", url.href(), e.name()),
        }
    }
});
