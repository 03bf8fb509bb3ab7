//! WPT `toascii.json` through this crate's host parser, as the host of `https://{input}/x`
//! (see `common/mod.rs` for how the URL parser's part is emulated).

// Test code: panicking on malformed test data is fine.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

mod common;

use std::process::ExitCode;

fn main() -> ExitCode {
    let data = weburl_wpt::load("toascii.json");
    let mut runner = weburl_wpt::Runner::new("toascii.json");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue; // a comment
        };
        let output = case.get("output").and_then(|v| v.as_str());
        runner.case(input, common::check(input, output));
    }
    runner.finish()
}
