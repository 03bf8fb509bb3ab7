//! weburl's answers, compared with the reference's, and the report of the disagreements.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde_json::Value;
use weburl::{Setter, Url, ValidationError};

use crate::cases::{Case, Source};
use crate::known::{Known, KNOWN};

/// What the disagreement is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    Href,
    Errors,
    Validity,
    Setters,
}

impl Class {
    const ALL: [Class; 4] = [Class::Href, Class::Errors, Class::Validity, Class::Setters];

    fn name(self) -> &'static str {
        match self {
            Class::Href => "href",
            Class::Errors => "errors",
            Class::Validity => "validity",
            Class::Setters => "setters",
        }
    }
}

/// The disagreements found so far, and how many cases each source had.
#[derive(Default)]
pub struct Report {
    cases: BTreeMap<Source, usize>,
    found: BTreeMap<Class, Vec<(Source, String)>>,
    /// The errors class's difference for the case being compared, counted when it is added.
    pending_difference: Option<(Vec<String>, Vec<String>)>,
    /// For the errors class: (only weburl's names, only the reference's names) -> count.
    error_differences: BTreeMap<(Vec<String>, Vec<String>), usize>,
    /// Disagreements that [`KNOWN`] explains: the entry's index, the class and the line.
    known: Vec<(usize, Class, String)>,
    /// The case being compared, as [`Known::needle`]s are matched against it.
    current: String,
}

fn show(s: &str) -> String {
    format!("{s:?}")
}

fn show_href(href: Option<&str>) -> String {
    href.map_or_else(|| "failure".to_owned(), show)
}

fn describe(case: &Case) -> String {
    match case {
        Case::Parse { input, base: None } => show(input),
        Case::Parse {
            input,
            base: Some(base),
        } => format!("{} against {}", show(input), show(base)),
        Case::Set { url, steps } => {
            let mut s = show(url);
            for (attribute, value) in steps {
                let _ = write!(s, " .{attribute}={}", show(value));
            }
            s
        }
    }
}

fn setter(name: &str) -> Option<Setter> {
    Setter::ALL.into_iter().find(|s| s.name() == name)
}

impl Report {
    pub fn disagreements(&self) -> usize {
        self.found.values().map(Vec::len).sum()
    }

    fn add(&mut self, class: Class, source: Source, line: String) {
        if let Some(i) = KNOWN.iter().position(|k| self.current.contains(k.needle)) {
            self.known.push((i, class, line));
            return;
        }
        if class == Class::Errors {
            if let Some(difference) = self.pending_difference.take() {
                *self.error_differences.entry(difference).or_default() += 1;
            }
        }
        self.found.entry(class).or_default().push((source, line));
    }

    /// The [`KNOWN`] entries no case matched (meaningful after a full run only).
    pub fn stale_known(&self) -> Vec<&'static Known> {
        KNOWN
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.known.iter().any(|(j, _, _)| j == i))
            .map(|(_, k)| k)
            .collect()
    }

    pub fn compare(&mut self, source: Source, case: &Case, reference: &Value) {
        *self.cases.entry(source).or_default() += 1;
        self.current = match case {
            Case::Parse { input, base } => format!("{input} {}", base.as_deref().unwrap_or("")),
            Case::Set { url, steps } => {
                let values: Vec<&str> = steps.iter().map(|(_, v)| v.as_str()).collect();
                format!("{url} {}", values.join(" "))
            }
        };
        if let Some(e) = reference.get("exception") {
            self.add(
                Class::Href,
                source,
                format!("{}: the reference threw {e}", describe(case)),
            );
            return;
        }
        match case {
            Case::Parse { input, base } => {
                self.compare_parse(source, case, input, base.as_deref(), reference)
            }
            Case::Set { url, steps } => self.compare_setters(source, case, url, steps, reference),
        }
    }

    fn compare_parse(
        &mut self,
        source: Source,
        case: &Case,
        input: &str,
        base: Option<&str>,
        reference: &Value,
    ) {
        let reference_href = reference.get("href").and_then(Value::as_str);
        let base = match base.map(Url::parse) {
            None => None,
            Some(Ok(base)) => Some(base),
            Some(Err(_)) => {
                if reference.get("base_failed").is_none() {
                    self.add(
                        Class::Href,
                        source,
                        format!("{}: the base fails in weburl only", describe(case)),
                    );
                }
                return;
            }
        };
        if reference.get("base_failed").is_some() {
            self.add(
                Class::Href,
                source,
                format!("{}: the base fails in whatwg-url only", describe(case)),
            );
            return;
        }
        let mut options = Url::options();
        if let Some(base) = &base {
            options = options.base(base);
        }
        let mut errors: Vec<ValidationError> = Vec::new();
        let parsed = options.parse_with_sink(input, &mut errors);
        let href = parsed.as_ref().ok().map(Url::href);
        if href != reference_href {
            self.add(
                Class::Href,
                source,
                format!(
                    "{}: weburl {} | whatwg-url {}",
                    describe(case),
                    show_href(href),
                    show_href(reference_href)
                ),
            );
        }
        let ours: BTreeSet<&str> = errors.iter().map(|e| e.kind.name()).collect();
        let theirs: BTreeSet<&str> = reference
            .get("errors")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if ours != theirs {
            let only_ours: Vec<String> =
                ours.difference(&theirs).map(|s| (*s).to_owned()).collect();
            let only_theirs: Vec<String> =
                theirs.difference(&ours).map(|s| (*s).to_owned()).collect();
            let ordered: Vec<&str> = errors.iter().map(|e| e.kind.name()).collect();
            let reference_ordered: Vec<&str> = reference
                .get("errors")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            self.pending_difference = Some((only_ours, only_theirs));
            self.add(
                Class::Errors,
                source,
                format!(
                    "{}: weburl {ordered:?} | whatwg-url {reference_ordered:?}",
                    describe(case)
                ),
            );
            self.pending_difference = None;
        }
        let valid = parsed.is_ok() && errors.is_empty();
        let reference_valid = reference.get("valid").and_then(Value::as_bool);
        if Some(valid) != reference_valid {
            let verdict = |v: bool| if v { "valid" } else { "invalid" };
            self.add(
                Class::Validity,
                source,
                format!(
                    "{}: weburl check --strict {} | whatwg-url isValidURLString {}",
                    describe(case),
                    verdict(valid),
                    reference_valid.map_or("(no answer)", verdict)
                ),
            );
        }
    }

    fn compare_setters(
        &mut self,
        source: Source,
        case: &Case,
        url: &str,
        steps: &[(String, String)],
        reference: &Value,
    ) {
        let Ok(mut url) = Url::parse(url) else {
            if reference.get("href").is_none_or(|h| !h.is_null()) {
                self.add(
                    Class::Setters,
                    source,
                    format!("{}: the URL fails in weburl only", describe(case)),
                );
            }
            return;
        };
        let Some(hrefs) = reference.get("hrefs").and_then(Value::as_array) else {
            self.add(
                Class::Setters,
                source,
                format!("{}: the URL fails in whatwg-url only", describe(case)),
            );
            return;
        };
        for (i, (attribute, value)) in steps.iter().enumerate() {
            if let Some(setter) = setter(attribute) {
                let _ = url.set(setter, value);
            }
            let theirs = hrefs.get(i).and_then(Value::as_str);
            if Some(url.href()) != theirs {
                self.add(
                    Class::Setters,
                    source,
                    format!(
                        "{}: after step {}: weburl {} | whatwg-url {}",
                        describe(case),
                        i + 1,
                        show(url.href()),
                        show_href(theirs)
                    ),
                );
                return;
            }
        }
    }

    /// Prints the disagreements (at most `limit` of each class), then counts by class and by
    /// source, and the validation-error differences by kind.
    pub fn print(&self, limit: usize) {
        for class in Class::ALL {
            let Some(found) = self.found.get(&class) else {
                continue;
            };
            println!("== {} disagreements: {} ==", class.name(), found.len());
            for (source, line) in found.iter().take(limit) {
                println!("{:<9} [{}] {line}", class.name(), source.name());
            }
            if found.len() > limit {
                println!("... and {} more", found.len() - limit);
            }
        }
        if !self.error_differences.is_empty() {
            println!("== validation error differences (only weburl | only whatwg-url: inputs) ==");
            let mut by_count: Vec<_> = self.error_differences.iter().collect();
            by_count.sort_by(|a, b| b.1.cmp(a.1));
            for ((ours, theirs), n) in by_count {
                println!("  {ours:?} | {theirs:?}: {n}");
            }
        }
        if !self.known.is_empty() {
            println!(
                "== known differences: {} (xtask/reference/src/known.rs) ==",
                self.known.len()
            );
            for (i, class, line) in self.known.iter().take(limit) {
                let reason = KNOWN.get(*i).map_or("", |k| k.reason);
                println!("{:<9} {line}\n          known: {reason}", class.name());
            }
        }
        let sources: Vec<String> = Source::ALL
            .iter()
            .map(|s| format!("{} {}", self.cases.get(s).copied().unwrap_or(0), s.name()))
            .collect();
        println!("inputs: {}", sources.join(", "));
        let classes: Vec<String> = Class::ALL
            .iter()
            .map(|c| format!("{} {}", c.name(), self.found.get(c).map_or(0, Vec::len)))
            .collect();
        println!("disagreements by class: {}", classes.join(", "));
    }

    pub fn known_count(&self) -> usize {
        self.known.len()
    }
}
