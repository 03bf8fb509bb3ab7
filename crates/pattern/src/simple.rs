//! Part lists matched without a regular expression: fixed text, segment wildcards whose end
//! the next fixed text forces, and one trailing full wildcard. These are most router
//! patterns (`/users/:id/posts/:post`, `*.example.com`, `/static/*`), and the standard's note
//! on [compile a component](https://urlpattern.spec.whatwg.org/#compile-a-component) allows
//! matching them directly.
//!
//! The result is the regular expression's, by construction:
//!
//! - A segment wildcard is `([^d]+?)` (d the delimiter). When what follows it starts with d
//!   (or nothing follows: `$`), the lazy group can only end at the first d of the input after
//!   it (or the end): it cannot cross a d, and the text after it needs one. So it is the
//!   non-empty run up to the next d.
//! - A full wildcard is `(.*)`; followed by nothing or by one last fixed text `t`, the `$`
//!   leaves it one choice: the rest of the input (less `t`, which must end it), when that has
//!   no ECMAScript line terminator.
//!
//! Anything else (modifiers, custom regexps, `ignoreCase`, no delimiter) goes to the regex.

use crate::ecma::has_line_terminator;
use crate::parser::{Modifier, Options, Part, PartType};

#[derive(Clone, Debug)]
enum Item {
    Text(String),
    /// A segment wildcard group: up to the next delimiter, non-empty.
    Segment,
    /// A full wildcard group: the rest, less the final text that follows it (if any).
    Rest,
}

/// A part list in the shape this module matches.
#[derive(Clone, Debug)]
pub(crate) struct Simple {
    items: Vec<Item>,
    delimiter: char,
}

fn first_char(part: &Part) -> Option<char> {
    let lead = if part.ty == PartType::FixedText {
        &part.value
    } else {
        &part.prefix
    };
    lead.chars().next()
}

impl Simple {
    /// The part list as a [`Simple`], if it has the shape.
    pub(crate) fn new(parts: &[Part], options: &Options) -> Option<Simple> {
        let delimiter = options.delimiter?;
        if options.ignore_case {
            return None;
        }
        let mut items = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            if part.modifier != Modifier::None {
                return None;
            }
            let next = parts.get(i + 1);
            let text = |s: &str, items: &mut Vec<Item>| {
                if !s.is_empty() {
                    items.push(Item::Text(s.to_owned()));
                }
            };
            match part.ty {
                PartType::FixedText => text(&part.value, &mut items),
                PartType::SegmentWildcard => {
                    // What follows the group: its suffix, else the next part, else the end.
                    let follower = match part.suffix.chars().next() {
                        Some(c) => Some(c),
                        None => match next {
                            Some(n) => Some(first_char(n)?),
                            None => None,
                        },
                    };
                    if follower.is_some_and(|c| c != delimiter) {
                        return None;
                    }
                    text(&part.prefix, &mut items);
                    items.push(Item::Segment);
                    text(&part.suffix, &mut items);
                }
                PartType::FullWildcard => {
                    let last_or_before_last_text = match next {
                        None => true,
                        Some(n) => {
                            n.ty == PartType::FixedText
                                && n.modifier == Modifier::None
                                && parts.len() == i + 2
                        }
                    };
                    if !part.suffix.is_empty() || !last_or_before_last_text {
                        return None;
                    }
                    text(&part.prefix, &mut items);
                    items.push(Item::Rest);
                }
                PartType::Regexp => return None,
            }
        }
        Some(Simple { items, delimiter })
    }

    /// Matches `input`, pushing each group's value to `groups` when given.
    pub(crate) fn run<'a>(
        &self,
        input: &'a str,
        mut groups: Option<&mut Vec<Option<&'a str>>>,
    ) -> bool {
        let mut rest = input;
        let mut items = self.items.iter().peekable();
        while let Some(item) = items.next() {
            let group = match item {
                Item::Text(t) => match rest.strip_prefix(t.as_str()) {
                    Some(r) => {
                        rest = r;
                        continue;
                    }
                    None => return false,
                },
                Item::Segment => {
                    let end = rest.find(self.delimiter).unwrap_or(rest.len());
                    if end == 0 {
                        return false;
                    }
                    let (group, r) = rest.split_at(end);
                    rest = r;
                    group
                }
                Item::Rest => {
                    let tail = match items.next() {
                        Some(Item::Text(t)) => t.as_str(),
                        _ => "",
                    };
                    let Some(group) = rest.strip_suffix(tail) else {
                        return false;
                    };
                    if has_line_terminator(group) {
                        return false;
                    }
                    rest = "";
                    group
                }
            };
            if let Some(g) = groups.as_deref_mut() {
                g.push(Some(group));
            }
        }
        rest.is_empty()
    }
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]
mod tests {
    use super::*;
    use crate::canon::{canonicalize_hostname, canonicalize_pathname};
    use crate::ecma::translate;
    use crate::parser::{generate_regular_expression_and_name_list, parse_pattern_string};

    /// Every pattern of the shape, on inputs around the delimiters: the same answer and the
    /// same groups as the standard's regular expression on the `regex` engine.
    #[test]
    fn agrees_with_the_regular_expression() {
        let patterns = [
            "/:a",
            "/:a/:b",
            "/a/:b/c",
            "/:a/*",
            "/*",
            "/*.php",
            "/x/*",
            "{/:a}/x",
            "/:a{/}",
            "/:a/",
            "/a:b/:c",
            "*",
            "*.example.com",
            "{:a}.example.com",
            ":a.:b",
            "*.:tld",
            "/:a/:b/*.js",
            "/(.*)",
            "/:a(.*)",
            "/a/*/b",
        ];
        let inputs = [
            "",
            "/",
            "//",
            "/x",
            "/x/",
            "/x/y",
            "/x/y/z",
            "/x/y/z.js",
            "/x.php",
            "/a/b.php",
            "/a/b/c",
            "/a/x/b",
            "/x\ny",
            "/x\u{2028}",
            "/é/ü",
            "a.example.com",
            "a.b.example.com",
            ".example.com",
            "example.com",
            "a.b",
            "a..b",
            "x/x",
        ];
        let mut checked = 0;
        for p in patterns {
            for (options, callback) in [
                (
                    Options::PATHNAME,
                    canonicalize_pathname as crate::parser::EncodingCallback,
                ),
                (Options::HOSTNAME, canonicalize_hostname),
            ] {
                let Ok(parts) = parse_pattern_string(p, &options, callback) else {
                    continue;
                };
                let Some(simple) = Simple::new(&parts, &options) else {
                    continue;
                };
                let (source, names) = generate_regular_expression_and_name_list(&parts, &options);
                let re = regex::Regex::new(&translate(&source, false).unwrap().regex).unwrap();
                for input in inputs {
                    let mut groups = Vec::new();
                    let ours = simple.run(input, Some(&mut groups)).then_some(groups);
                    let theirs = re.captures(input).map(|c| {
                        (1..=names.len())
                            .map(|i| c.get(i).map(|m| m.as_str()))
                            .collect::<Vec<_>>()
                    });
                    assert_eq!(ours, theirs, "{p:?} ({source}) on {input:?}");
                    assert_eq!(simple.run(input, None), theirs.is_some());
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "{checked}");
    }
}
