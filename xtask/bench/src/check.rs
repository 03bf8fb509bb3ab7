//! The bench checks its work (untimed): do the libraries agree on which inputs fail, and do
//! their hrefs agree with ada's? Every difference is kept; the text report prints the first
//! few of each kind with the total count, `--json` has them all.

use crate::corpus::Corpus;
use crate::libs::{self, Bases, Lib, Op};

/// One input on which the libraries disagree about success.
pub struct FailDisagreement {
    /// 1-based position of the URL in the corpus (empty lines not counted).
    pub index: usize,
    pub input: String,
    /// Whether each library parsed it, in `libs` order.
    pub ok: Vec<bool>,
}

/// One input that two libraries both parsed, to different hrefs.
pub struct HrefDiff {
    pub index: usize,
    pub input: String,
    pub href: String,
    pub ada: String,
}

pub struct OpChecks {
    pub op: Op,
    /// Failures per library, in `libs` order.
    pub failures: Vec<usize>,
    pub fail_disagreements: Vec<FailDisagreement>,
    /// For each library other than ada: hrefs that differ from ada's.
    pub href_diffs: Vec<(Lib, Vec<HrefDiff>)>,
}

pub struct Checks {
    pub ops: Vec<OpChecks>,
    /// Per library: inputs (1-based positions) where can_parse disagrees with parse.
    pub can_parse_vs_parse: Vec<(Lib, Vec<usize>)>,
}

pub fn run(corpus: &Corpus, libs: &[Lib], bases: &Bases) -> Checks {
    let inputs = corpus.inputs();
    let mut ops = Vec::new();
    let mut parsed: Vec<Vec<bool>> = Vec::new();
    let mut can_parse: Vec<Vec<bool>> = Vec::new();
    for op in Op::ALL {
        let mut failures = vec![0; libs.len()];
        let mut fail_disagreements = Vec::new();
        let mut href_diffs: Vec<(Lib, Vec<HrefDiff>)> = libs
            .iter()
            .filter(|&&l| l != Lib::Ada)
            .map(|&l| (l, Vec::new()))
            .collect();
        let ada_pos = libs.iter().position(|&l| l == Lib::Ada);
        let mut oks_by_lib = vec![Vec::with_capacity(inputs.len()); libs.len()];
        for (i, input) in inputs.iter().enumerate() {
            let outs: Vec<Option<String>> = libs
                .iter()
                .map(|&lib| libs::outcome(lib, op, input, bases))
                .collect();
            let ok: Vec<bool> = outs.iter().map(Option::is_some).collect();
            for (k, &o) in ok.iter().enumerate() {
                if !o {
                    failures[k] += 1;
                }
                oks_by_lib[k].push(o);
            }
            if ok.iter().any(|&o| o != ok[0]) {
                fail_disagreements.push(FailDisagreement {
                    index: i + 1,
                    input: (*input).to_owned(),
                    ok: ok.clone(),
                });
            }
            if op == Op::CanParse {
                continue; // no hrefs to compare
            }
            let Some(Some(ada_href)) = ada_pos.map(|p| &outs[p]) else {
                continue;
            };
            for (lib, diffs) in &mut href_diffs {
                let k = libs.iter().position(|l| l == lib).unwrap_or(0);
                if let Some(href) = &outs[k] {
                    if href != ada_href {
                        diffs.push(HrefDiff {
                            index: i + 1,
                            input: (*input).to_owned(),
                            href: href.clone(),
                            ada: ada_href.clone(),
                        });
                    }
                }
            }
        }
        match op {
            Op::Parse => parsed = oks_by_lib,
            Op::CanParse => can_parse = oks_by_lib,
            Op::ParseWithBase => {}
        }
        if op == Op::CanParse {
            href_diffs.clear();
        }
        ops.push(OpChecks {
            op,
            failures,
            fail_disagreements,
            href_diffs,
        });
    }
    let can_parse_vs_parse = libs
        .iter()
        .enumerate()
        .map(|(k, &lib)| {
            let bad = parsed[k]
                .iter()
                .zip(&can_parse[k])
                .enumerate()
                .filter(|(_, (p, c))| p != c)
                .map(|(i, _)| i + 1)
                .collect();
            (lib, bad)
        })
        .collect();
    Checks {
        ops,
        can_parse_vs_parse,
    }
}
