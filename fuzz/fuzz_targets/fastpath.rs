//! Fast paths against the full state machine (the fast path's scan classifies bytes with SIMD
//! on x86-64, AVX2 or SSSE3 as the CPU has them: this compares it with the scalar state
//! machine), and the fast path's classifiers with each other (`Url::takes_fast_path`, a test
//! hook, scans the input with every classifier the CPU has and asserts they agree).
//!
//! weburl-core's fast path for inputs already in serialized form can be switched off with the
//! `ParseOptions::full_state_machine(true)` (a test hook, feature `__test-hooks`); every input is parsed both ways (with
//! and without a base) and the results must be the same URL, component by component, or the
//! same failure. `Url::can_parse` (which has its own allocation-free fast path) must agree with
//! `Url::can_parse_full_state_machine`.
//!
//! Also compared: parsing with a validation-error sink that wants errors
//! (`parse_with_sink(input, &mut Vec::new())`), which takes the error-reporting branches (e.g.
//! strict ToASCII for ASCII hosts only runs when errors are wanted); a failed parse reports its
//! failing validation error to the sink.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::{ParseError, Url};
use weburl_fuzz::{components, split_base, utf8};

fn same(input: &str, what: &str, a: &Result<Url, ParseError>, b: &Result<Url, ParseError>) {
    match (a, b) {
        (Ok(a), Ok(b)) => assert_eq!(components(a), components(b), "{what}: {input:?}"),
        (Err(a), Err(b)) => assert_eq!(a.name(), b.name(), "{what}: {input:?}"),
        _ => panic!(
            "{what} disagree on {input:?}: {:?} vs {:?}",
            a.as_ref().map(Url::href).map_err(|e| e.name()),
            b.as_ref().map(Url::href).map_err(|e| e.name())
        ),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(data) = utf8(data) else { return };
    for input in [data, split_base(data).1] {
        Url::takes_fast_path(input);
        let fast = Url::parse(input);
        let full = Url::options().full_state_machine(true).parse(input);
        same(input, "fast path and full state machine", &fast, &full);
        assert_eq!(
            Url::can_parse(input, None),
            Url::can_parse_full_state_machine(input, None),
            "can_parse: {input:?}"
        );
        if Url::takes_fast_path(input) {
            assert!(
                fast.is_ok(),
                "fast path accepted {input:?} but parse failed"
            );
        }

        let mut errors = Vec::new();
        let with_sink = Url::options().parse_with_sink(input, &mut errors);
        same(
            input,
            "parse and parse with an error sink",
            &fast,
            &with_sink,
        );
        if let Err(e) = &with_sink {
            if let Some(kind) = e.validation_error() {
                assert!(
                    errors.iter().any(|v| v.kind == kind),
                    "failure {kind:?} not reported to the sink for {input:?}: {errors:?}"
                );
            }
        }
    }

    let (base, input) = split_base(data);
    if let Ok(base_url) = Url::options().full_state_machine(true).parse(base) {
        let fast = Url::options().base(&base_url).parse(input);
        let full = Url::options()
            .base(&base_url)
            .full_state_machine(true)
            .parse(input);
        same(
            input,
            "with a base: fast path and full state machine",
            &fast,
            &full,
        );
        assert_eq!(
            Url::can_parse(input, Some(base)),
            Url::can_parse_full_state_machine(input, Some(base)),
            "can_parse against {base:?}: {input:?}"
        );
    }
});
