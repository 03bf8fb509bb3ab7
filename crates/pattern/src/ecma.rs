//! ECMAScript regular expressions, as the standard compiles components to (`RegExpCreate`
//! with the `v` flag, plus `i` for `ignoreCase`), translated into the `regex` crate's syntax.
//!
//! The translation is a parser for the ECMAScript `v`-flag grammar
//! ([ECMA-262 §22.2.1](https://tc39.es/ecma262/#sec-patterns), `UnicodeSetsMode`) that
//! writes the same language in `regex` syntax:
//!
//! - `.` is ECMAScript's (every code point but the line terminators `\n \r U+2028 U+2029`,
//!   or every code point under the `s` modifier); `\d \w \s` and their negations are
//!   ECMAScript's ASCII and WhiteSpace sets, not Unicode's; `\b \B` are ASCII word boundaries.
//! - `v`-flag classes keep their structure: nested classes, intersection `&&` and difference
//!   `--` (which `regex` has with the same meaning), `\p{…}` properties, `\q{a|b}` when each
//!   string is one code point.
//! - Syntax that ECMAScript rejects in `v` mode (a lone `{`, `]` or `}`, a quantifier with
//!   nothing to repeat, an unknown escape, a reserved double punctuator in a class) is
//!   [`Error::InvalidRegExp`], as `RegExpCreate` would throw.
//! - What needs backtracking (look-ahead, look-behind, backreferences) or strings in classes
//!   is [`Error::UnsupportedRegExp`]: the `regex` engine matches in time linear in the input
//!   because it has none of these.
//!
//! - `\p{…}` names go to `regex`, which resolves them as Unicode's loose matching does: it
//!   accepts every name ECMAScript does except the properties of strings (`RGI_Emoji`, …,
//!   which are [`Error::InvalidRegExp`] here), and a few spellings ECMAScript rejects (a
//!   script without `sc=`, other letter case).
//!
//! Capturing groups keep their numbers: a named group `(?<n>…)` becomes an unnamed group, so
//! that group `i` is the `i`th capture as in ECMAScript.
//!
//! One difference of semantics remains, and the translation reports where it matters: an
//! ECMAScript quantifier with minimum 0 rejects an iteration that matches the empty string
//! ([RepeatMatcher](https://tc39.es/ecma262/#sec-runtime-semantics-repeatmatcher-abstract-operation)
//! step 2.b), so `(.*)?` at the end of the input leaves its group undefined, where `regex`
//! reports an empty match. [`Translation::empty_reset`] lists each capture group directly
//! under such a quantifier (with the groups nested in it); a match that leaves it empty is
//! read as not participating. This is exact when the group prefers non-empty matches to the
//! empty one (greedy `.*`, which is what the standard generates); for a group whose first
//! choice is empty (`(a*?)?`) ECMAScript could go on to a non-empty choice where this reads
//! "undefined".

use crate::error::Error;

/// Whether `s` holds an ECMAScript
/// [LineTerminator](https://tc39.es/ecma262/#prod-LineTerminator), which `.` does not match.
pub(crate) fn has_line_terminator(s: &str) -> bool {
    s.contains(['\n', '\r', '\u{2028}', '\u{2029}'])
}

/// ECMAScript's WhiteSpace and LineTerminator code points, as `regex` class items.
const ES_SPACE: &str = r"\t\n\x0B\x0C\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const ES_DOT: &str = r"[^\n\r\x{2028}\x{2029}]";

/// A translated regular expression.
pub(crate) struct Translation {
    /// The `regex` syntax.
    pub(crate) regex: String,
    /// Capture groups (first and last index, inclusive) whose empty match ECMAScript rejects.
    pub(crate) empty_reset: Vec<(usize, usize)>,
}

/// Translates `source` (an ECMAScript pattern, `v` flag) into `regex` syntax; with
/// `ignore_case`, under the `i` flag.
pub(crate) fn translate(source: &str, ignore_case: bool) -> Result<Translation, Error> {
    let mut t = Translator {
        chars: source.chars().collect(),
        pos: 0,
        out: String::with_capacity(source.len() + 16),
        dot_all: false,
        captures: 0,
        empty_reset: Vec::new(),
        depth: 0,
    };
    if ignore_case {
        t.out.push_str("(?i)");
    }
    t.disjunction()?;
    if t.pos < t.chars.len() {
        return Err(invalid("unmatched ')'"));
    }
    Ok(Translation {
        regex: t.out,
        empty_reset: t.empty_reset,
    })
}

/// How deep groups and classes may nest: the translation recurses once per level, and
/// `regex` refuses deeper nesting than 250 anyway.
const MAX_DEPTH: usize = 200;

fn invalid(why: &str) -> Error {
    Error::InvalidRegExp(why.to_owned())
}

struct Translator {
    chars: Vec<char>,
    pos: usize,
    out: String,
    /// Inside an `(?s:…)` modifier group.
    dot_all: bool,
    /// Capture groups opened so far.
    captures: usize,
    empty_reset: Vec<(usize, usize)>,
    /// Groups and classes open around the current position.
    depth: usize,
}

/// What an atom was, for the quantifier after it.
#[derive(PartialEq)]
enum Atom {
    Quantifiable,
    /// A capture group, with the indexes of its first and last capture.
    Capture(usize, usize),
    Assertion,
}

impl Translator {
    /// Enters a group or class; deeper than [`MAX_DEPTH`] is refused.
    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::UnsupportedRegExp("nesting deeper than 200"));
        }
        Ok(())
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn next(&mut self) -> Result<char, Error> {
        let c = self.peek().ok_or_else(|| invalid("unexpected end"))?;
        self.pos += 1;
        Ok(c)
    }

    /// Disjunction :: Alternative ( `|` Alternative )*
    fn disjunction(&mut self) -> Result<(), Error> {
        loop {
            while let Some(c) = self.peek() {
                if c == '|' || c == ')' {
                    break;
                }
                self.term()?;
            }
            if self.eat('|') {
                self.out.push('|');
            } else {
                return Ok(());
            }
        }
    }

    /// Term :: Assertion | Atom Quantifier?
    fn term(&mut self) -> Result<(), Error> {
        let c = self.next()?;
        let atom = match c {
            '^' => {
                self.out.push('^');
                Atom::Assertion
            }
            '$' => {
                self.out.push('$');
                Atom::Assertion
            }
            '.' => {
                self.out
                    .push_str(if self.dot_all { r"(?s:.)" } else { ES_DOT });
                Atom::Quantifiable
            }
            '(' => self.group()?,
            '[' => {
                let class = self.class()?;
                self.out.push_str(&class);
                Atom::Quantifiable
            }
            '\\' => self.atom_escape()?,
            '*' | '+' | '?' | '{' => return Err(invalid("nothing to repeat")),
            ']' | '}' => return Err(invalid("lone bracket")),
            c => {
                push_literal(c, &mut self.out);
                Atom::Quantifiable
            }
        };
        self.quantifier(atom)
    }

    fn quantifier(&mut self, atom: Atom) -> Result<(), Error> {
        let start = self.out.len();
        let min_zero;
        match self.peek() {
            Some(q @ ('*' | '+' | '?')) => {
                self.pos += 1;
                self.out.push(q);
                min_zero = q != '+';
            }
            Some('{') => {
                self.pos += 1;
                let min = self
                    .decimal()
                    .ok_or_else(|| invalid("incomplete quantifier"))?;
                let max = if self.eat(',') {
                    if self.peek() == Some('}') {
                        None
                    } else {
                        Some(
                            self.decimal()
                                .ok_or_else(|| invalid("incomplete quantifier"))?,
                        )
                    }
                } else {
                    Some(min)
                };
                if !self.eat('}') {
                    return Err(invalid("incomplete quantifier"));
                }
                if max.is_some_and(|m| m < min) {
                    return Err(invalid("numbers out of order in {} quantifier"));
                }
                let too_big = |n: u64| n > 100_000;
                if too_big(min) || max.is_some_and(too_big) {
                    return Err(Error::RegExpTooBig);
                }
                min_zero = min == 0;
                match max {
                    Some(m) if m == min => self.out.push_str(&format!("{{{min}}}")),
                    Some(m) => self.out.push_str(&format!("{{{min},{m}}}")),
                    None => self.out.push_str(&format!("{{{min},}}")),
                }
            }
            _ => return Ok(()),
        }
        match atom {
            Atom::Assertion => return Err(invalid("nothing to repeat")),
            Atom::Capture(first, last) if min_zero => self.empty_reset.push((first, last)),
            _ => {}
        }
        if self.eat('?') {
            self.out.push('?');
        }
        debug_assert!(self.out.len() > start);
        Ok(())
    }

    fn decimal(&mut self) -> Option<u64> {
        let mut n: Option<u64> = None;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            self.pos += 1;
            n = Some(
                n.unwrap_or(0)
                    .saturating_mul(10)
                    .saturating_add(u64::from(d)),
            );
        }
        n
    }

    /// After `(`: a group, a modifier group, or a look-around.
    fn group(&mut self) -> Result<Atom, Error> {
        self.enter()?;
        let saved_dot_all = self.dot_all;
        let mut capture = None;
        if self.eat('?') {
            match self.peek() {
                Some(':') => {
                    self.pos += 1;
                    self.out.push_str("(?:");
                }
                Some('=' | '!') => return Err(Error::UnsupportedRegExp("look-ahead")),
                Some('<') if matches!(self.peek_at(1), Some('=' | '!')) => {
                    return Err(Error::UnsupportedRegExp("look-behind"))
                }
                Some('<') => {
                    self.pos += 1;
                    self.group_name()?;
                    self.out.push('(');
                    self.captures += 1;
                    capture = Some(self.captures);
                }
                _ => self.modifiers()?,
            }
        } else {
            self.out.push('(');
            self.captures += 1;
            capture = Some(self.captures);
        }
        self.disjunction()?;
        if !self.eat(')') {
            return Err(invalid("unterminated group"));
        }
        self.out.push(')');
        self.dot_all = saved_dot_all;
        self.depth -= 1;
        Ok(match capture {
            Some(first) => Atom::Capture(first, self.captures),
            None => Atom::Quantifiable,
        })
    }

    /// `(?ims-ims:`: ECMAScript's modifiers; `i` and `s` carry over, `m` (line anchors at
    /// ECMAScript's four line terminators) is not translated.
    fn modifiers(&mut self) -> Result<(), Error> {
        let mut add = String::new();
        let mut remove = String::new();
        let mut removing = false;
        loop {
            match self.next()? {
                ':' => break,
                '-' if !removing => removing = true,
                f @ ('i' | 's' | 'm') => {
                    if add.contains(f) || remove.contains(f) {
                        return Err(invalid("repeated flag"));
                    }
                    if removing {
                        remove.push(f);
                    } else {
                        add.push(f);
                    }
                }
                _ => return Err(invalid("invalid group")),
            }
        }
        if add.is_empty() && remove.is_empty() {
            return Err(invalid("invalid group"));
        }
        if add.contains('m') || remove.contains('m') {
            return Err(Error::UnsupportedRegExp("multiline modifier"));
        }
        if add.contains('s') {
            self.dot_all = true;
        } else if remove.contains('s') {
            self.dot_all = false;
        }
        // `s` is carried by `dot_all` (the translation of `.`); only `i` is left to `regex`.
        let mut flags = add.replace('s', "");
        if remove.contains('i') {
            flags.push_str("-i");
        }
        self.out.push_str("(?");
        self.out.push_str(&flags);
        self.out.push(':');
        Ok(())
    }

    /// `GroupName :: < RegExpIdentifierName >`, after the `<`.
    fn group_name(&mut self) -> Result<(), Error> {
        let mut first = true;
        loop {
            let c = self.next()?;
            if c == '>' && !first {
                return Ok(());
            }
            let c = if c == '\\' {
                if !self.eat('u') {
                    return Err(invalid("invalid capture group name"));
                }
                self.unicode_escape_value()?
            } else {
                c
            };
            if !crate::tokenizer::is_valid_name_code_point(c, first) {
                return Err(invalid("invalid capture group name"));
            }
            first = false;
        }
    }

    /// After `\` outside a class.
    fn atom_escape(&mut self) -> Result<Atom, Error> {
        let c = self.next()?;
        match c {
            'b' => self.out.push_str(r"(?-u:\b)"),
            'B' => self.out.push_str(r"(?-u:\B)"),
            '1'..='9' => return Err(Error::UnsupportedRegExp("backreference")),
            'k' => return Err(Error::UnsupportedRegExp("backreference")),
            _ => {
                self.pos -= 1;
                let item = self.character_escape(false)?;
                self.out.push_str(&item.regex);
                return Ok(Atom::Quantifiable);
            }
        }
        Ok(Atom::Assertion)
    }

    /// After `\`: a character class escape or a character escape, as a `regex` atom that is
    /// also valid as a class item. `in_class` allows `\-` and the class punctuators.
    fn character_escape(&mut self, in_class: bool) -> Result<ClassItem, Error> {
        let c = self.next()?;
        let set = |s: &str| ClassItem {
            regex: s.to_owned(),
            single: None,
        };
        Ok(match c {
            'd' => set("[0-9]"),
            'D' => set("[^0-9]"),
            'w' => set("[0-9A-Za-z_]"),
            'W' => set("[^0-9A-Za-z_]"),
            's' => set(&format!("[{ES_SPACE}]")),
            'S' => set(&format!("[^{ES_SPACE}]")),
            'p' | 'P' => {
                if !self.eat('{') {
                    return Err(invalid("invalid property name"));
                }
                let mut name = String::new();
                loop {
                    match self.next()? {
                        '}' => break,
                        ch if ch.is_ascii_alphanumeric() || ch == '_' || ch == '=' => name.push(ch),
                        _ => return Err(invalid("invalid property name")),
                    }
                }
                if name.is_empty() {
                    return Err(invalid("invalid property name"));
                }
                set(&format!("\\{c}{{{name}}}"))
            }
            _ => {
                self.pos -= 1;
                let ch = self.character_escape_value(in_class)?;
                ClassItem::char(ch)
            }
        })
    }

    /// `CharacterEscape` (after `\`), as its code point.
    fn character_escape_value(&mut self, in_class: bool) -> Result<char, Error> {
        let c = self.next()?;
        Ok(match c {
            't' => '\t',
            'n' => '\n',
            'v' => '\x0B',
            'f' => '\x0C',
            'r' => '\r',
            'b' if in_class => '\x08',
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => '\0',
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.pos += 1;
                    char::from(l as u8 % 32)
                }
                _ => return Err(invalid("invalid escape")),
            },
            'x' => {
                let h = self
                    .hex_digits(2)
                    .ok_or_else(|| invalid("invalid escape"))?;
                char::from_u32(h).ok_or_else(|| invalid("invalid escape"))?
            }
            'u' => self.unicode_escape_value()?,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => c,
            '-' if in_class => c,
            // ClassSetReservedPunctuator, escapable in v-mode classes.
            '&' | '!' | '#' | '%' | ',' | ':' | ';' | '<' | '=' | '>' | '@' | '`' | '~'
                if in_class =>
            {
                c
            }
            _ => return Err(invalid("invalid escape")),
        })
    }

    fn hex_digits(&mut self, n: usize) -> Option<u32> {
        let mut v = 0u32;
        for i in 0..n {
            let d = self.peek_at(i)?.to_digit(16)?;
            v = v * 16 + d;
        }
        self.pos += n;
        Some(v)
    }

    /// After `\u`: `XXXX`, a surrogate pair `XXXX\uXXXX`, or `{X…}`.
    fn unicode_escape_value(&mut self) -> Result<char, Error> {
        if self.eat('{') {
            let mut v: u32 = 0;
            let mut any = false;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                self.pos += 1;
                any = true;
                v = v.saturating_mul(16).saturating_add(d);
            }
            if !any || !self.eat('}') || v > 0x10FFFF {
                return Err(invalid("invalid Unicode escape"));
            }
            return char::from_u32(v).ok_or(Error::UnsupportedRegExp("lone surrogate"));
        }
        let high = self
            .hex_digits(4)
            .ok_or_else(|| invalid("invalid Unicode escape"))?;
        if (0xD800..0xDC00).contains(&high)
            && self.peek() == Some('\\')
            && self.peek_at(1) == Some('u')
        {
            let save = self.pos;
            self.pos += 2;
            match self.hex_digits(4) {
                Some(low) if (0xDC00..0xE000).contains(&low) => {
                    let v = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                    return char::from_u32(v).ok_or_else(|| invalid("invalid Unicode escape"));
                }
                _ => self.pos = save,
            }
        }
        char::from_u32(high).ok_or(Error::UnsupportedRegExp("lone surrogate"))
    }

    /// After `[`: a `v`-mode class (ClassSetExpression), returned as a `regex` class.
    fn class(&mut self) -> Result<String, Error> {
        self.enter()?;
        let class = self.class_contents();
        self.depth -= 1;
        class
    }

    fn class_contents(&mut self) -> Result<String, Error> {
        let negated = self.eat('^');
        let neg = if negated { "^" } else { "" };
        if self.eat(']') {
            // `[]` matches nothing, `[^]` any code point.
            return Ok(if negated {
                r"[\x00-\x{10FFFF}]"
            } else {
                r"[a&&b]"
            }
            .to_owned());
        }
        let first = self.class_operand()?;
        let op = match (self.peek(), self.peek_at(1)) {
            (Some('&'), Some('&')) => Some("&&"),
            (Some('-'), Some('-')) => Some("--"),
            _ => None,
        };
        if let Some(op) = op {
            // ClassIntersection / ClassSubtraction: operands only, one operator throughout.
            let mut out = format!("[{neg}{}", first.nested());
            while !self.eat(']') {
                let a = self.next()?;
                let b = self.next()?;
                if format!("{a}{b}") != op {
                    return Err(invalid("invalid set operation in character class"));
                }
                if op == "&&" && self.peek() == Some('&') {
                    return Err(invalid("invalid character in character class"));
                }
                let operand = self.class_operand()?;
                out.push_str(op);
                out.push_str(&operand.nested());
                if self.peek().is_none() {
                    return Err(invalid("unterminated character class"));
                }
            }
            out.push(']');
            return Ok(out);
        }
        // ClassUnion: operands and ranges.
        let mut out = format!("[{neg}");
        let mut pending = Some(first);
        loop {
            let Some(item) = pending.take() else {
                if self.eat(']') {
                    break;
                }
                pending = Some(self.class_operand()?);
                continue;
            };
            if self.peek() == Some('-') && self.peek_at(1) != Some('-') {
                self.pos += 1;
                let to = self.class_operand()?;
                match (item.single, to.single) {
                    (Some(a), Some(b)) if a <= b => {
                        push_class_char(a, &mut out);
                        out.push('-');
                        push_class_char(b, &mut out);
                    }
                    (Some(_), Some(_)) => return Err(invalid("range out of order")),
                    _ => return Err(invalid("invalid character class range")),
                }
            } else {
                if matches!(
                    (self.peek(), self.peek_at(1)),
                    (Some('&'), Some('&')) | (Some('-'), Some('-'))
                ) {
                    return Err(invalid("invalid set operation in character class"));
                }
                out.push_str(&item.regex);
            }
            if self.peek().is_none() {
                return Err(invalid("unterminated character class"));
            }
        }
        out.push(']');
        Ok(out)
    }

    /// ClassSetOperand: a nested class, a class escape, `\q{…}`, or one character.
    fn class_operand(&mut self) -> Result<ClassItem, Error> {
        let c = self.next()?;
        match c {
            '[' => Ok(ClassItem {
                regex: self.class()?,
                single: None,
            }),
            '\\' => {
                if self.eat('q') {
                    return self.class_string_disjunction();
                }
                self.character_escape(true)
            }
            '(' | ')' | '{' | '}' | '/' | '-' | '|' | ']' => {
                Err(invalid("invalid character in character class"))
            }
            _ => {
                if self.peek() == Some(c) && "&!#$%*+,.:;<=>?@^`~".contains(c) {
                    return Err(invalid("invalid set operation in character class"));
                }
                Ok(ClassItem::char(c))
            }
        }
    }

    /// After `\q`: `{a|b|…}`. Strings of one code point are class members; longer strings
    /// would need the class to match strings, which `regex` classes cannot.
    fn class_string_disjunction(&mut self) -> Result<ClassItem, Error> {
        if !self.eat('{') {
            return Err(invalid("invalid escape"));
        }
        let mut out = String::from("[");
        let mut len = 0usize;
        loop {
            let c = self.next()?;
            match c {
                '}' | '|' => {
                    if len != 1 {
                        return Err(Error::UnsupportedRegExp("class string disjunction"));
                    }
                    len = 0;
                    if c == '}' {
                        break;
                    }
                }
                '\\' => {
                    let ch = self.character_escape_value(true)?;
                    push_class_char(ch, &mut out);
                    len += 1;
                }
                _ => {
                    push_class_char(c, &mut out);
                    len += 1;
                }
            }
        }
        out.push(']');
        Ok(ClassItem {
            regex: out,
            single: None,
        })
    }
}

/// One class operand in `regex` syntax; `single` when it is one code point (a range end).
struct ClassItem {
    regex: String,
    single: Option<char>,
}

impl ClassItem {
    fn char(c: char) -> ClassItem {
        let mut regex = String::new();
        push_class_char(c, &mut regex);
        ClassItem {
            regex,
            single: Some(c),
        }
    }

    /// As a nested class, for an operand of `&&` or `--`.
    fn nested(&self) -> String {
        if self.regex.starts_with('[') {
            self.regex.clone()
        } else {
            format!("[{}]", self.regex)
        }
    }
}

/// A literal code point as a `regex` atom.
fn push_literal(c: char, out: &mut String) {
    push_class_char(c, out);
}

/// A literal code point, escaped so that it is one literal in and out of `regex` classes.
fn push_class_char(c: char, out: &mut String) {
    if c.is_ascii_punctuation() && c != '<' && c != '>' {
        out.push('\\');
        out.push(c);
    } else if c.is_control() || c.is_whitespace() {
        out.push_str(&format!("\\x{{{:X}}}", u32::from(c)));
    } else {
        out.push(c);
    }
}
