//! Fast paths against the full state machine.
//!
//! weburl-core exposes no switch to disable its fast paths (as of this target's writing it
//! has none to disable). Parsing with a validation-error sink that wants errors
//! (`parse_with_sink(input, &mut Vec::new())`) must take the full, error-reporting path
//! everywhere a fast path could skip work (e.g. strict ToASCII for ASCII hosts only runs
//! when errors are wanted), so the two parses must give the same URL or the same failure.
//! Also: a failed parse reports its failing validation error to the sink.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{components, utf8};

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let fast = Url::parse(input);
    let mut errors = Vec::new();
    let slow = Url::options().parse_with_sink(input, &mut errors);
    match (&fast, &slow) {
        (Ok(a), Ok(b)) => assert_eq!(components(a), components(b), "{input:?}"),
        (Err(a), Err(b)) => {
            assert_eq!(a.name(), b.name(), "{input:?}");
            if let Some(kind) = b.validation_error() {
                assert!(
                    errors.iter().any(|e| e.kind == kind),
                    "failure {kind:?} not reported to the sink for {input:?}: {errors:?}"
                );
            }
        }
        _ => panic!(
            "fast and full parse disagree on {input:?}: {:?} vs {:?}",
            fast.as_ref().map(Url::href).map_err(|e| e.name()),
            slow.as_ref().map(Url::href).map_err(|e| e.name())
        ),
    }
});
