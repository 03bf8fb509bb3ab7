//! [Tokenizing](https://urlpattern.spec.whatwg.org/#tokenizing): a pattern string into a
//! [token list](https://urlpattern.spec.whatwg.org/#token-list).
//!
//! Indexes are code point indexes into the input, as in the spec (the constructor string
//! parser cuts the input at them); the tokenizer works on the input as a `Vec<char>`.

use crate::error::Error;

/// A [token's type](https://urlpattern.spec.whatwg.org/#token-type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenType {
    Open,
    Close,
    Regexp,
    Name,
    Char,
    EscapedChar,
    OtherModifier,
    Asterisk,
    End,
    InvalidChar,
}

/// A [token](https://urlpattern.spec.whatwg.org/#token).
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub(crate) ty: TokenType,
    /// The code point index of the token's first code point.
    pub(crate) index: usize,
    pub(crate) value: String,
}

/// A [tokenize policy](https://urlpattern.spec.whatwg.org/#tokenize-policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Policy {
    Strict,
    Lenient,
}

/// A [tokenizer](https://urlpattern.spec.whatwg.org/#tokenizer).
struct Tokenizer {
    input: Vec<char>,
    policy: Policy,
    tokens: Vec<Token>,
    index: usize,
    next_index: usize,
    code_point: char,
}

/// [tokenize](https://urlpattern.spec.whatwg.org/#tokenize)
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token>, Error> {
    let mut t = Tokenizer {
        input: input.chars().collect(),
        policy,
        tokens: Vec::new(),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    let len = t.input.len();
    while t.index < len {
        t.seek_and_get_next_code_point(t.index);
        match t.code_point {
            '*' => t.add_token_with_default_position_and_length(TokenType::Asterisk),
            '+' | '?' => t.add_token_with_default_position_and_length(TokenType::OtherModifier),
            '\\' => {
                if t.index == len - 1 {
                    t.process_tokenizing_error(t.next_index, t.index)?;
                    continue;
                }
                let escaped_index = t.next_index;
                t.get_next_code_point();
                t.add_token_with_default_length(
                    TokenType::EscapedChar,
                    t.next_index,
                    escaped_index,
                );
            }
            '{' => t.add_token_with_default_position_and_length(TokenType::Open),
            '}' => t.add_token_with_default_position_and_length(TokenType::Close),
            ':' => {
                let mut name_position = t.next_index;
                let name_start = name_position;
                while name_position < len {
                    t.seek_and_get_next_code_point(name_position);
                    let first = name_position == name_start;
                    if !is_valid_name_code_point(t.code_point, first) {
                        break;
                    }
                    name_position = t.next_index;
                }
                if name_position <= name_start {
                    t.process_tokenizing_error(name_start, t.index)?;
                    continue;
                }
                t.add_token_with_default_length(TokenType::Name, name_position, name_start);
            }
            '(' => t.regexp()?,
            _ => t.add_token_with_default_position_and_length(TokenType::Char),
        }
    }
    t.add_token_with_default_length(TokenType::End, t.index, t.index);
    Ok(t.tokens)
}

impl Tokenizer {
    /// The spec's steps for a U+0028 (`(`) code point: a `regexp` token up to the matching `)`.
    fn regexp(&mut self) -> Result<(), Error> {
        let len = self.input.len();
        let mut depth = 1usize;
        let mut regexp_position = self.next_index;
        let regexp_start = regexp_position;
        let mut error = false;
        while regexp_position < len {
            self.seek_and_get_next_code_point(regexp_position);
            if !self.code_point.is_ascii() {
                self.process_tokenizing_error(regexp_start, self.index)?;
                error = true;
                break;
            }
            if regexp_position == regexp_start && self.code_point == '?' {
                self.process_tokenizing_error(regexp_start, self.index)?;
                error = true;
                break;
            }
            if self.code_point == '\\' {
                if regexp_position == len - 1 {
                    self.process_tokenizing_error(regexp_start, self.index)?;
                    error = true;
                    break;
                }
                self.get_next_code_point();
                if !self.code_point.is_ascii() {
                    self.process_tokenizing_error(regexp_start, self.index)?;
                    error = true;
                    break;
                }
                regexp_position = self.next_index;
                continue;
            }
            if self.code_point == ')' {
                depth -= 1;
                if depth == 0 {
                    regexp_position = self.next_index;
                    break;
                }
            } else if self.code_point == '(' {
                depth += 1;
                if regexp_position == len - 1 {
                    self.process_tokenizing_error(regexp_start, self.index)?;
                    error = true;
                    break;
                }
                let temporary_position = self.next_index;
                self.get_next_code_point();
                if self.code_point != '?' {
                    self.process_tokenizing_error(regexp_start, self.index)?;
                    error = true;
                    break;
                }
                self.next_index = temporary_position;
            }
            regexp_position = self.next_index;
        }
        if error {
            return Ok(());
        }
        if depth != 0 {
            return self.process_tokenizing_error(regexp_start, self.index);
        }
        let regexp_length = regexp_position - regexp_start - 1;
        if regexp_length == 0 {
            return self.process_tokenizing_error(regexp_start, self.index);
        }
        self.add_token(
            TokenType::Regexp,
            regexp_position,
            regexp_start,
            regexp_length,
        );
        Ok(())
    }

    /// [get the next code point](https://urlpattern.spec.whatwg.org/#get-the-next-code-point)
    fn get_next_code_point(&mut self) {
        self.code_point = self.input.get(self.next_index).copied().unwrap_or('\0');
        self.next_index += 1;
    }

    /// [seek and get the next code point](https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point)
    fn seek_and_get_next_code_point(&mut self, index: usize) {
        self.next_index = index;
        self.get_next_code_point();
    }

    /// [add a token](https://urlpattern.spec.whatwg.org/#add-a-token)
    fn add_token(
        &mut self,
        ty: TokenType,
        next_position: usize,
        value_position: usize,
        value_length: usize,
    ) {
        let value = self
            .input
            .get(value_position..value_position + value_length)
            .unwrap_or_default()
            .iter()
            .collect();
        self.tokens.push(Token {
            ty,
            index: self.index,
            value,
        });
        self.index = next_position;
    }

    /// [add a token with default length](https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length)
    fn add_token_with_default_length(
        &mut self,
        ty: TokenType,
        next_position: usize,
        value_position: usize,
    ) {
        let computed_length = next_position - value_position;
        self.add_token(ty, next_position, value_position, computed_length);
    }

    /// [add a token with default position and length](https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length)
    fn add_token_with_default_position_and_length(&mut self, ty: TokenType) {
        self.add_token_with_default_length(ty, self.next_index, self.index);
    }

    /// [process a tokenizing error](https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error)
    fn process_tokenizing_error(
        &mut self,
        next_position: usize,
        value_position: usize,
    ) -> Result<(), Error> {
        if self.policy == Policy::Strict {
            return Err(Error::Tokenize {
                index: value_position,
            });
        }
        self.add_token_with_default_length(TokenType::InvalidChar, next_position, value_position);
        Ok(())
    }
}

/// [is a valid name code point](https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point):
/// ECMAScript's IdentifierStart (ID_Start, `$`, `_`) or IdentifierPart (ID_Continue, `$`,
/// ZWNJ, ZWJ). Unicode's XID sets stand in for ID_Start/ID_Continue; they differ only in a
/// few compatibility characters that NFKC would change.
pub(crate) fn is_valid_name_code_point(c: char, first: bool) -> bool {
    if first {
        c == '$' || c == '_' || unicode_ident::is_xid_start(c)
    } else {
        c == '$' || c == '\u{200C}' || c == '\u{200D}' || unicode_ident::is_xid_continue(c)
    }
}
