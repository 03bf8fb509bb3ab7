//! WPT `IdnaTestV2.json` through this crate's host parser, as WPT's `IdnaTestV2.window.js`
//! does it: the empty input is skipped (it cannot be a URL's host), `:`, `/`, `?`, `#` and
//! `\` are percent-encoded so they reach the host parser, and the result is the host of
//! `https://{input}/x` (see `common/mod.rs`).

// Test code: panicking on malformed test data is fine.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

mod common;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Lone surrogates in the data become U+FFFD, as in a browser's USVString conversion.
    let data = weburl_wpt::load("IdnaTestV2.json");
    let mut runner = weburl_wpt::Runner::new("IdnaTestV2.json");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue; // a comment
        };
        if input.is_empty() {
            continue;
        }
        let output = case.get("output").and_then(|v| v.as_str());
        let encoded = weburl_wpt::encode_host_ending_code_points(input);
        runner.case(input, common::check(&encoded, output));
    }
    runner.finish()
}
