//! [Parsing pattern strings](https://urlpattern.spec.whatwg.org/#parsing-pattern-strings) into
//! [part lists](https://urlpattern.spec.whatwg.org/#part-list), and part lists back into
//! [regular expressions](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions)
//! and [pattern strings](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-pattern-strings).

use crate::error::Error;
use crate::tokenizer::{is_valid_name_code_point, tokenize, Policy, Token, TokenType};

/// A [part's type](https://urlpattern.spec.whatwg.org/#part-type), in the order
/// `compareComponent` ranks them (least specific first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PartType {
    FullWildcard,
    SegmentWildcard,
    Regexp,
    FixedText,
}

/// A [part's modifier](https://urlpattern.spec.whatwg.org/#part-modifier), in the order
/// `compareComponent` ranks them (least specific first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Modifier {
    ZeroOrMore,
    Optional,
    OneOrMore,
    None,
}

/// A [part](https://urlpattern.spec.whatwg.org/#part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) ty: PartType,
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    pub(crate) name: String,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
}

/// [options](https://urlpattern.spec.whatwg.org/#options): the delimiter and prefix code
/// points are one ASCII code point or none.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    pub(crate) delimiter: Option<char>,
    pub(crate) prefix: Option<char>,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// [default options](https://urlpattern.spec.whatwg.org/#default-options)
    pub(crate) const DEFAULT: Options = Options {
        delimiter: None,
        prefix: None,
        ignore_case: false,
    };
    /// [hostname options](https://urlpattern.spec.whatwg.org/#hostname-options)
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: Some('.'),
        prefix: None,
        ignore_case: false,
    };
    /// [pathname options](https://urlpattern.spec.whatwg.org/#pathname-options)
    pub(crate) const PATHNAME: Options = Options {
        delimiter: Some('/'),
        prefix: Some('/'),
        ignore_case: false,
    };
}

/// An [encoding callback](https://urlpattern.spec.whatwg.org/#encoding-callback).
pub(crate) type EncodingCallback = fn(&str) -> Result<String, Error>;

/// A [pattern parser](https://urlpattern.spec.whatwg.org/#pattern-parser).
struct PatternParser {
    tokens: Vec<Token>,
    encoding_callback: EncodingCallback,
    segment_wildcard_regexp: String,
    parts: Vec<Part>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: usize,
    /// The names of the parts so far: [is a duplicate name](https://urlpattern.spec.whatwg.org/#is-a-duplicate-name)
    /// looks them up here rather than walking the part list, which would be quadratic in
    /// the number of groups.
    names: std::collections::HashSet<String>,
}

/// [parse a pattern string](https://urlpattern.spec.whatwg.org/#parse-a-pattern-string)
pub(crate) fn parse_pattern_string(
    input: &str,
    options: &Options,
    encoding_callback: EncodingCallback,
) -> Result<Vec<Part>, Error> {
    let mut p = PatternParser {
        tokens: tokenize(input, Policy::Strict)?,
        encoding_callback,
        segment_wildcard_regexp: generate_segment_wildcard_regexp(options),
        parts: Vec::new(),
        pending_fixed_value: String::new(),
        index: 0,
        next_numeric_name: 0,
        names: std::collections::HashSet::new(),
    };
    while p.index < p.tokens.len() {
        let char_token = p.try_consume_token(TokenType::Char);
        let mut name_token = p.try_consume_token(TokenType::Name);
        let mut regexp_or_wildcard_token = p.try_consume_regexp_or_wildcard_token(&name_token);
        if name_token.is_some() || regexp_or_wildcard_token.is_some() {
            let mut prefix = char_token.map(|t| t.value).unwrap_or_default();
            let is_prefix_code_point = {
                let mut cs = prefix.chars();
                matches!((cs.next(), cs.next()), (Some(c), None) if Some(c) == options.prefix)
            };
            if !prefix.is_empty() && !is_prefix_code_point {
                p.pending_fixed_value.push_str(&prefix);
                prefix.clear();
            }
            p.maybe_add_part_from_pending_fixed_value()?;
            let modifier_token = p.try_consume_modifier_token();
            p.add_part(
                prefix,
                name_token,
                regexp_or_wildcard_token,
                String::new(),
                modifier_token,
            )?;
            continue;
        }
        let mut fixed_token = char_token;
        if fixed_token.is_none() {
            fixed_token = p.try_consume_token(TokenType::EscapedChar);
        }
        if let Some(fixed) = fixed_token {
            p.pending_fixed_value.push_str(&fixed.value);
            continue;
        }
        let open_token = p.try_consume_token(TokenType::Open);
        if open_token.is_some() {
            let prefix = p.consume_text();
            name_token = p.try_consume_token(TokenType::Name);
            regexp_or_wildcard_token = p.try_consume_regexp_or_wildcard_token(&name_token);
            let suffix = p.consume_text();
            p.consume_required_token(TokenType::Close)?;
            let modifier_token = p.try_consume_modifier_token();
            p.add_part(
                prefix,
                name_token,
                regexp_or_wildcard_token,
                suffix,
                modifier_token,
            )?;
            continue;
        }
        p.maybe_add_part_from_pending_fixed_value()?;
        p.consume_required_token(TokenType::End)?;
    }
    Ok(p.parts)
}

/// The [full wildcard regexp value](https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value).
pub(crate) const FULL_WILDCARD_REGEXP_VALUE: &str = ".*";

/// [generate a segment wildcard regexp](https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp)
pub(crate) fn generate_segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    if let Some(d) = options.delimiter {
        escape_regexp_char(d, &mut result);
    }
    result.push_str("]+?");
    result
}

impl PatternParser {
    /// [try to consume a token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-token)
    fn try_consume_token(&mut self, ty: TokenType) -> Option<Token> {
        let next = self.tokens.get(self.index)?;
        if next.ty != ty {
            return None;
        }
        self.index += 1;
        Some(next.clone())
    }

    /// [try to consume a modifier token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token)
    fn try_consume_modifier_token(&mut self) -> Option<Token> {
        self.try_consume_token(TokenType::OtherModifier)
            .or_else(|| self.try_consume_token(TokenType::Asterisk))
    }

    /// [try to consume a regexp or wildcard token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token)
    fn try_consume_regexp_or_wildcard_token(
        &mut self,
        name_token: &Option<Token>,
    ) -> Option<Token> {
        let token = self.try_consume_token(TokenType::Regexp);
        if name_token.is_none() && token.is_none() {
            return self.try_consume_token(TokenType::Asterisk);
        }
        token
    }

    /// [consume a required token](https://urlpattern.spec.whatwg.org/#consume-a-required-token)
    fn consume_required_token(&mut self, ty: TokenType) -> Result<Token, Error> {
        match self.try_consume_token(ty) {
            Some(t) => Ok(t),
            None => Err(Error::UnexpectedToken {
                index: self.tokens.get(self.index).map_or(0, |t| t.index),
            }),
        }
    }

    /// [consume text](https://urlpattern.spec.whatwg.org/#consume-text)
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        loop {
            let token = self
                .try_consume_token(TokenType::Char)
                .or_else(|| self.try_consume_token(TokenType::EscapedChar));
            match token {
                Some(t) => result.push_str(&t.value),
                None => break,
            }
        }
        result
    }

    /// [maybe add a part from the pending fixed value](https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value)
    fn maybe_add_part_from_pending_fixed_value(&mut self) -> Result<(), Error> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        let encoded_value = (self.encoding_callback)(&self.pending_fixed_value)?;
        self.pending_fixed_value.clear();
        self.parts.push(Part {
            ty: PartType::FixedText,
            value: encoded_value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    /// [add a part](https://urlpattern.spec.whatwg.org/#add-a-part)
    fn add_part(
        &mut self,
        prefix: String,
        name_token: Option<Token>,
        regexp_or_wildcard_token: Option<Token>,
        suffix: String,
        modifier_token: Option<Token>,
    ) -> Result<(), Error> {
        let modifier = match modifier_token.as_ref().map(|t| t.value.as_str()) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name_token.is_none() && regexp_or_wildcard_token.is_none() && modifier == Modifier::None
        {
            // A "{foo}" grouping: joins the pending fixed text.
            self.pending_fixed_value.push_str(&prefix);
            return Ok(());
        }
        self.maybe_add_part_from_pending_fixed_value()?;
        if name_token.is_none() && regexp_or_wildcard_token.is_none() {
            // A "{foo}?" grouping: its own fixed-text part. (The spec asserts that the
            // suffix is empty: the tokens cannot produce one here.)
            if prefix.is_empty() {
                return Ok(());
            }
            let encoded_value = (self.encoding_callback)(&prefix)?;
            self.parts.push(Part {
                ty: PartType::FixedText,
                value: encoded_value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        let mut regexp_value = match &regexp_or_wildcard_token {
            None => self.segment_wildcard_regexp.clone(),
            Some(t) if t.ty == TokenType::Asterisk => FULL_WILDCARD_REGEXP_VALUE.to_owned(),
            Some(t) => t.value.clone(),
        };
        let mut ty = PartType::Regexp;
        if regexp_value == self.segment_wildcard_regexp {
            ty = PartType::SegmentWildcard;
            regexp_value.clear();
        } else if regexp_value == FULL_WILDCARD_REGEXP_VALUE {
            ty = PartType::FullWildcard;
            regexp_value.clear();
        }
        let name = if let Some(t) = name_token {
            t.value
        } else {
            // The spec's "otherwise if |regexp or wildcard token| is not null": always so here.
            let n = self.next_numeric_name.to_string();
            self.next_numeric_name += 1;
            n
        };
        if !self.names.insert(name.clone()) {
            return Err(Error::DuplicateName(name));
        }
        let encoded_prefix = (self.encoding_callback)(&prefix)?;
        let encoded_suffix = (self.encoding_callback)(&suffix)?;
        self.parts.push(Part {
            ty,
            value: regexp_value,
            modifier,
            name,
            prefix: encoded_prefix,
            suffix: encoded_suffix,
        });
        Ok(())
    }
}

/// [generate a regular expression and name list](https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list):
/// the ECMAScript source (for the `v` flag) and the group names in order.
pub(crate) fn generate_regular_expression_and_name_list(
    parts: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut names = Vec::new();
    for part in parts {
        if part.ty == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp_string(&part.value, &mut result);
            } else {
                result.push_str("(?:");
                escape_regexp_string(&part.value, &mut result);
                result.push(')');
                result.push_str(modifier_to_str(part.modifier));
            }
            continue;
        }
        names.push(part.name.clone());
        let regexp_value = match part.ty {
            PartType::SegmentWildcard => generate_segment_wildcard_regexp(options),
            PartType::FullWildcard => FULL_WILDCARD_REGEXP_VALUE.to_owned(),
            _ => part.value.clone(),
        };
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                result.push('(');
                result.push_str(&regexp_value);
                result.push(')');
                result.push_str(modifier_to_str(part.modifier));
            } else {
                result.push_str("((?:");
                result.push_str(&regexp_value);
                result.push(')');
                result.push_str(modifier_to_str(part.modifier));
                result.push(')');
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            result.push_str("(?:");
            escape_regexp_string(&part.prefix, &mut result);
            result.push('(');
            result.push_str(&regexp_value);
            result.push(')');
            escape_regexp_string(&part.suffix, &mut result);
            result.push(')');
            result.push_str(modifier_to_str(part.modifier));
            continue;
        }
        result.push_str("(?:");
        escape_regexp_string(&part.prefix, &mut result);
        result.push_str("((?:");
        result.push_str(&regexp_value);
        result.push_str(")(?:");
        escape_regexp_string(&part.suffix, &mut result);
        escape_regexp_string(&part.prefix, &mut result);
        result.push_str("(?:");
        result.push_str(&regexp_value);
        result.push_str("))*)");
        escape_regexp_string(&part.suffix, &mut result);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, names)
}

fn escape_regexp_char(c: char, out: &mut String) {
    if matches!(
        c,
        '.' | '+' | '*' | '?' | '^' | '$' | '{' | '}' | '(' | ')' | '[' | ']' | '|' | '/' | '\\'
    ) {
        out.push('\\');
    }
    out.push(c);
}

/// [escape a regexp string](https://urlpattern.spec.whatwg.org/#escape-a-regexp-string)
pub(crate) fn escape_regexp_string(input: &str, out: &mut String) {
    for c in input.chars() {
        escape_regexp_char(c, out);
    }
}

/// [escape a pattern string](https://urlpattern.spec.whatwg.org/#escape-a-pattern-string)
pub(crate) fn escape_pattern_string(input: &str, out: &mut String) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// [convert a modifier to a string](https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string)
pub(crate) fn modifier_to_str(modifier: Modifier) -> &'static str {
    match modifier {
        Modifier::ZeroOrMore => "*",
        Modifier::Optional => "?",
        Modifier::OneOrMore => "+",
        Modifier::None => "",
    }
}

/// [generate a pattern string](https://urlpattern.spec.whatwg.org/#generate-a-pattern-string)
pub(crate) fn generate_pattern_string(parts: &[Part], options: &Options) -> String {
    let mut result = String::new();
    let is_prefix_code_point = |s: &str| {
        let mut cs = s.chars();
        matches!((cs.next(), cs.next()), (Some(c), None) if Some(c) == options.prefix)
    };
    for (index, part) in parts.iter().enumerate() {
        let previous_part = index.checked_sub(1).and_then(|i| parts.get(i));
        let next_part = parts.get(index + 1);
        if part.ty == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_pattern_string(&part.value, &mut result);
                continue;
            }
            result.push('{');
            escape_pattern_string(&part.value, &mut result);
            result.push('}');
            result.push_str(modifier_to_str(part.modifier));
            continue;
        }
        let custom_name = !part.name.starts_with(|c: char| c.is_ascii_digit());
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && !is_prefix_code_point(&part.prefix));
        if !needs_grouping
            && custom_name
            && part.ty == PartType::SegmentWildcard
            && part.modifier == Modifier::None
        {
            if let Some(next) = next_part {
                if next.prefix.is_empty() && next.suffix.is_empty() {
                    if next.ty == PartType::FixedText {
                        needs_grouping = next
                            .value
                            .chars()
                            .next()
                            .is_some_and(|c| is_valid_name_code_point(c, false));
                    } else {
                        needs_grouping = next.name.starts_with(|c: char| c.is_ascii_digit());
                    }
                }
            }
        }
        if !needs_grouping && part.prefix.is_empty() {
            if let Some(previous) = previous_part {
                if previous.ty == PartType::FixedText
                    && options.prefix.is_some()
                    && previous.value.chars().next_back() == options.prefix
                {
                    needs_grouping = true;
                }
            }
        }
        if needs_grouping {
            result.push('{');
        }
        escape_pattern_string(&part.prefix, &mut result);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.ty {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&generate_segment_wildcard_regexp(options));
                result.push(')');
            }
            PartType::FullWildcard => {
                let star = !custom_name
                    && (previous_part.is_none_or(|p| {
                        p.ty == PartType::FixedText || p.modifier != Modifier::None
                    }) || needs_grouping
                        || !part.prefix.is_empty());
                if star {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD_REGEXP_VALUE);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.ty == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_valid_name_code_point(c, false))
        {
            result.push('\\');
        }
        escape_pattern_string(&part.suffix, &mut result);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(modifier_to_str(part.modifier));
    }
    result
}
