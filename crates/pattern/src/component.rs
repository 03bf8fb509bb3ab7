//! A [component](https://urlpattern.spec.whatwg.org/#component): its pattern string, part list,
//! group names and compiled matcher.
//!
//! [Compiling a component](https://urlpattern.spec.whatwg.org/#compile-a-component) makes the
//! standard's regular expression, translated for the `regex` crate (see [`crate::ecma`]).
//! As the standard's note allows, some shapes are matched without it, with the same result:
//! the lone wildcard `*` (`^(.*)$`: any input without a line terminator), fixed text without
//! `ignoreCase` (`^text$`: equality), and fixed text with delimited segments and a trailing
//! wildcard ([`crate::simple`]). Only components that need a regular expression pay for
//! building one.

use regex::Regex;
use weburl::SchemeType;

use crate::ecma::{has_line_terminator, translate};
use crate::error::Error;
use crate::parser::{
    generate_pattern_string, generate_regular_expression_and_name_list, parse_pattern_string,
    EncodingCallback, Modifier, Options, Part, PartType,
};
use crate::simple::Simple;

#[derive(Clone, Debug)]
enum Matcher {
    /// `^(.*)$`: one group, the whole input, when it has no ECMAScript line terminator.
    Wildcard,
    /// `^text$`, case-sensitive, no groups.
    Exact(String),
    /// Fixed text, delimited segments, a trailing wildcard.
    Simple(Simple),
    /// The standard's regular expression, translated, and the capture groups whose empty
    /// match ECMAScript rejects (see [`crate::ecma`]).
    Regex(Regex, Vec<(usize, usize)>),
}

/// A compiled [component](https://urlpattern.spec.whatwg.org/#component).
#[derive(Clone, Debug)]
pub(crate) struct Component {
    pub(crate) pattern_string: String,
    pub(crate) parts: Vec<Part>,
    pub(crate) group_names: Vec<String>,
    pub(crate) has_regexp_groups: bool,
    /// The encoding callback and options it was compiled with (for `generate`).
    pub(crate) encoding_callback: EncodingCallback,
    pub(crate) options: Options,
    matcher: Matcher,
}

impl Component {
    /// [compile a component](https://urlpattern.spec.whatwg.org/#compile-a-component)
    pub(crate) fn compile(
        input: &str,
        encoding_callback: EncodingCallback,
        options: &Options,
    ) -> Result<Component, Error> {
        let parts = parse_pattern_string(input, options, encoding_callback)?;
        let (regular_expression_string, group_names) =
            generate_regular_expression_and_name_list(&parts, options);
        let matcher = match parts.as_slice() {
            [Part {
                ty: PartType::FullWildcard,
                modifier: Modifier::None,
                prefix,
                suffix,
                ..
            }] if prefix.is_empty() && suffix.is_empty() => Matcher::Wildcard,
            [] if !options.ignore_case => Matcher::Exact(String::new()),
            [Part {
                ty: PartType::FixedText,
                modifier: Modifier::None,
                value,
                ..
            }] if !options.ignore_case => Matcher::Exact(value.clone()),
            _ => match Simple::new(&parts, options) {
                Some(simple) => Matcher::Simple(simple),
                None => build_regex(&regular_expression_string, options.ignore_case)?,
            },
        };
        let pattern_string = generate_pattern_string(&parts, options);
        let has_regexp_groups = parts.iter().any(|p| p.ty == PartType::Regexp);
        Ok(Component {
            pattern_string,
            parts,
            group_names,
            has_regexp_groups,
            encoding_callback,
            options: *options,
            matcher,
        })
    }

    /// Whether `RegExpBuiltinExec` of the component's regular expression on `input` is not
    /// null. Allocates nothing.
    pub(crate) fn matches(&self, input: &str) -> bool {
        match &self.matcher {
            Matcher::Wildcard => !has_line_terminator(input),
            Matcher::Exact(text) => input == text,
            Matcher::Simple(simple) => simple.run(input, None),
            Matcher::Regex(re, _) => re.is_match(input),
        }
    }

    /// The groups of a match of `input`, in group name list order (`None`: the group did not
    /// participate), or `None` when it does not match.
    pub(crate) fn exec<'a>(&self, input: &'a str) -> Option<Vec<Option<&'a str>>> {
        match &self.matcher {
            Matcher::Wildcard => (!has_line_terminator(input)).then(|| vec![Some(input)]),
            Matcher::Exact(text) => (input == text).then(Vec::new),
            Matcher::Simple(simple) => {
                let mut groups = Vec::with_capacity(self.group_names.len());
                simple.run(input, Some(&mut groups)).then_some(groups)
            }
            Matcher::Regex(re, empty_reset) => {
                let caps = re.captures(input)?;
                let mut groups: Vec<Option<&str>> = (0..re.captures_len())
                    .map(|i| caps.get(i).map(|m| m.as_str()))
                    .collect();
                for &(first, last) in empty_reset {
                    if groups
                        .get(first)
                        .is_some_and(|g| g.is_some_and(str::is_empty))
                    {
                        for g in groups.get_mut(first..=last).into_iter().flatten() {
                            *g = None;
                        }
                    }
                }
                groups.truncate(self.group_names.len() + 1);
                groups.resize(self.group_names.len() + 1, None);
                groups.remove(0);
                Some(groups)
            }
        }
    }

    /// [protocol component matches a special scheme](https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme)
    pub(crate) fn matches_a_special_scheme(&self) -> bool {
        SchemeType::SPECIAL
            .into_iter()
            .filter_map(SchemeType::name)
            .any(|scheme| self.matches(scheme))
    }
}

/// `RegExpCreate(source, "v" or "vi")`, on the `regex` engine.
fn build_regex(source: &str, ignore_case: bool) -> Result<Matcher, Error> {
    let translated = translate(source, ignore_case)?;
    let re = regex::RegexBuilder::new(&translated.regex)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => Error::RegExpTooBig,
            e => Error::InvalidRegExp(
                e.to_string()
                    .lines()
                    .last()
                    .unwrap_or("invalid regular expression")
                    .trim()
                    .to_owned(),
            ),
        })?;
    Ok(Matcher::Regex(re, translated.empty_reset))
}
