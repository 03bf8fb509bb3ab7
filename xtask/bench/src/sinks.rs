//! Validation-error sinks (issue #5): weburl's `Url::parse` against the same parse with an
//! explicit no-op sink (`parse_with_sink(input, ())`) and with a `Vec<ValidationError>` sink
//! (cleared before each parse), to show that parsing without a sink costs nothing for errors.

use std::fmt::Write as _;

use serde_json::{json, Value};

use crate::corpus::Corpus;
use crate::libs::run;

/// How weburl parses (each then reads the href).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `Url::parse(input)`.
    Parse,
    /// `Url::options().parse_with_sink(input, ())`.
    UnitSink,
    /// `Url::options().validation_errors(&mut vec).parse(input)`, the Vec cleared first.
    VecSink,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Parse, Mode::UnitSink, Mode::VecSink];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Parse => "parse",
            Mode::UnitSink => "sink_unit",
            Mode::VecSink => "sink_vec",
        }
    }
}

/// Median ns per URL of each [`Mode`], in [`Mode::ALL`] order.
pub struct SinkResult {
    pub name: String,
    pub median_ns: [f64; 3],
}

impl SinkResult {
    /// `mode`'s median over `Url::parse`'s.
    pub fn ratio(&self, mode: Mode) -> f64 {
        self.median_ns[mode as usize] / self.median_ns[Mode::Parse as usize]
    }
}

fn time_pass(mode: Mode, inputs: &[&str], errors: &mut Vec<weburl::ValidationError>) -> u128 {
    match mode {
        Mode::Parse => run(inputs, |s| {
            weburl::Url::parse(s).map_or(0, |u| u.href().len())
        }),
        Mode::UnitSink => run(inputs, |s| {
            weburl::Url::options()
                .parse_with_sink(s, ())
                .map_or(0, |u| u.href().len())
        }),
        Mode::VecSink => {
            let errors = std::cell::RefCell::new(errors);
            run(inputs, |s| {
                let mut errors = errors.borrow_mut();
                errors.clear();
                let n = weburl::Url::options()
                    .validation_errors(&mut **errors)
                    .parse(s)
                    .map_or(0, |u| u.href().len());
                n + errors.len()
            })
        }
    }
}

/// Times the three modes on `corpus`, interleaved in each round like the library comparison.
pub fn measure(corpus: &Corpus, rounds: usize) -> SinkResult {
    let inputs = corpus.inputs();
    let n = inputs.len().max(1) as f64;
    let mut errors = Vec::new();
    for mode in Mode::ALL {
        time_pass(mode, &inputs, &mut errors);
    }
    let mut samples: [Vec<f64>; 3] = Default::default();
    for round in 0..rounds {
        for k in 0..Mode::ALL.len() {
            let i = (round + k) % Mode::ALL.len();
            let ns = time_pass(Mode::ALL[i], &inputs, &mut errors);
            samples[i].push(ns as f64);
        }
    }
    let median_ns = samples.map(|mut s| {
        s.sort_by(f64::total_cmp);
        crate::median(&s) / n
    });
    SinkResult {
        name: corpus.name.clone(),
        median_ns,
    }
}

pub fn print_table(results: &[SinkResult]) {
    println!("\n== weburl validation-error sinks: parse + href ==");
    println!(
        "   ns/URL, median over rounds; parse = Url::parse; sink () = \
         Url::options().parse_with_sink(input, ());\n   \
         sink Vec = Url::options().validation_errors(&mut vec).parse(input), the Vec cleared \
         each time; ratios over parse"
    );
    println!(
        "{:<16} {:>10} {:>10} {:>10} {:>14} {:>14}",
        "corpus", "parse", "sink ()", "sink Vec", "sink ()/parse", "sink Vec/parse"
    );
    for r in results {
        let mut line = format!("{:<16}", r.name);
        for ns in r.median_ns {
            let _ = write!(line, " {ns:>10.1}");
        }
        let _ = write!(
            line,
            " {:>14.2} {:>14.2}",
            r.ratio(Mode::UnitSink),
            r.ratio(Mode::VecSink)
        );
        println!("{line}");
    }
}

pub fn json(results: &[SinkResult]) -> Value {
    let rows: Vec<Value> = results
        .iter()
        .map(|r| {
            let mut row = serde_json::Map::new();
            row.insert("name".into(), json!(r.name));
            for (mode, ns) in Mode::ALL.iter().zip(r.median_ns) {
                row.insert(format!("{}_median_ns_per_url", mode.name()), json!(ns));
            }
            row.insert(
                "sink_unit_over_parse".into(),
                json!(r.ratio(Mode::UnitSink)),
            );
            row.insert("sink_vec_over_parse".into(), json!(r.ratio(Mode::VecSink)));
            Value::Object(row)
        })
        .collect();
    Value::Array(rows)
}
