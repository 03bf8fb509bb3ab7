//! The libraries under comparison and the operations timed for each.
//!
//! Every operation returns a `usize` that depends on the work done (the href's length, or
//! whether the input parsed), which the timing loop sums into `black_box`, so that nothing is
//! optimized away and each library does the same observable work.

use std::hint::black_box;
use std::time::Instant;

/// The base URL of the parse-with-base and can_parse-with-base operations.
pub const BASE: &str = "https://example.com/a/b";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lib {
    Weburl,
    Ada,
    RustUrl,
}

impl Lib {
    pub fn all() -> Vec<Lib> {
        vec![Lib::Weburl, Lib::Ada, Lib::RustUrl]
    }

    pub fn name(self) -> &'static str {
        match self {
            Lib::Weburl => "weburl",
            Lib::Ada => "ada",
            Lib::RustUrl => "url",
        }
    }
}

/// What is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Parse without a base, then read the href.
    Parse,
    /// canParse without a base (rust-url has none: `Url::parse(..).is_ok()`).
    CanParse,
    /// Parse against [`BASE`], then read the href. weburl and rust-url take a parsed base;
    /// ada-url's Rust API takes the base as a string, so ada parses the base on every call.
    ParseWithBase,
}

impl Op {
    pub const ALL: [Op; 3] = [Op::Parse, Op::CanParse, Op::ParseWithBase];

    pub fn name(self) -> &'static str {
        match self {
            Op::Parse => "parse",
            Op::CanParse => "can_parse",
            Op::ParseWithBase => "parse_with_base",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Op::Parse => "parse + href",
            Op::CanParse => "can_parse (url: parse().is_ok(), it has no can_parse)",
            Op::ParseWithBase => {
                "parse with base \"https://example.com/a/b\" + href (ada re-parses the base string \
                 per call: its Rust API takes no parsed base)"
            }
        }
    }
}

/// Pre-parsed bases, made once outside the timed loops.
pub struct Bases {
    rust_url: url::Url,
    weburl: weburl::Url,
}

impl Bases {
    pub fn new() -> Result<Bases, String> {
        Ok(Bases {
            rust_url: url::Url::parse(BASE).map_err(|e| format!("url: base {BASE}: {e}"))?,
            weburl: weburl::Url::parse(BASE).map_err(|e| format!("weburl: base {BASE}: {e}"))?,
        })
    }
}

/// Runs `op` with `lib` over every input once; returns the elapsed nanoseconds.
pub fn time_pass(lib: Lib, op: Op, inputs: &[&str], bases: &Bases) -> u128 {
    match (lib, op) {
        (Lib::Ada, Op::Parse) => run(inputs, |s| {
            ada_url::Url::parse(s, None).map_or(0, |u| u.href().len())
        }),
        (Lib::Ada, Op::CanParse) => run(inputs, |s| usize::from(ada_url::Url::can_parse(s, None))),
        (Lib::Ada, Op::ParseWithBase) => run(inputs, |s| {
            ada_url::Url::parse(s, Some(BASE)).map_or(0, |u| u.href().len())
        }),
        (Lib::RustUrl, Op::Parse) => run(inputs, |s| {
            url::Url::parse(s).map_or(0, |u| u.as_str().len())
        }),
        (Lib::RustUrl, Op::CanParse) => run(inputs, |s| usize::from(url::Url::parse(s).is_ok())),
        (Lib::RustUrl, Op::ParseWithBase) => run(inputs, |s| {
            bases.rust_url.join(s).map_or(0, |u| u.as_str().len())
        }),
        (Lib::Weburl, Op::Parse) => run(inputs, |s| {
            weburl::Url::parse(s).map_or(0, |u| u.href().len())
        }),
        (Lib::Weburl, Op::CanParse) => {
            run(inputs, |s| usize::from(weburl::Url::can_parse(s, None)))
        }
        (Lib::Weburl, Op::ParseWithBase) => run(inputs, |s| {
            weburl::Url::parse_with_base(s, &bases.weburl).map_or(0, |u| u.href().len())
        }),
    }
}

/// The timing loop: one pass, the per-URL results summed into `black_box`.
#[inline(always)]
pub fn run(inputs: &[&str], f: impl Fn(&str) -> usize) -> u128 {
    let start = Instant::now();
    let mut acc = 0usize;
    for s in inputs {
        acc = acc.wrapping_add(f(black_box(s)));
    }
    black_box(acc);
    start.elapsed().as_nanos()
}

/// The outcome of one input for the checks (untimed): `Some(href)` or `None` for failure.
pub fn outcome(lib: Lib, op: Op, input: &str, bases: &Bases) -> Option<String> {
    match (lib, op) {
        (Lib::Ada, Op::Parse) => ada_url::Url::parse(input, None)
            .ok()
            .map(|u| u.href().to_owned()),
        (Lib::Ada, Op::ParseWithBase) => ada_url::Url::parse(input, Some(BASE))
            .ok()
            .map(|u| u.href().to_owned()),
        (Lib::Ada, Op::CanParse) => {
            ada_url::Url::can_parse(input, None).then(|| String::from("(can parse)"))
        }
        (Lib::RustUrl, Op::Parse) => url::Url::parse(input).ok().map(String::from),
        (Lib::RustUrl, Op::ParseWithBase) => bases.rust_url.join(input).ok().map(String::from),
        (Lib::RustUrl, Op::CanParse) => url::Url::parse(input)
            .is_ok()
            .then(|| String::from("(can parse)")),
        (Lib::Weburl, Op::Parse) => weburl::Url::parse(input).ok().map(|u| u.href().to_owned()),
        (Lib::Weburl, Op::ParseWithBase) => weburl::Url::parse_with_base(input, &bases.weburl)
            .ok()
            .map(|u| u.href().to_owned()),
        (Lib::Weburl, Op::CanParse) => {
            weburl::Url::can_parse(input, None).then(|| String::from("(can parse)"))
        }
    }
}
