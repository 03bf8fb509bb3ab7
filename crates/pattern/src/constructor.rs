//! [Constructor string parsing](https://urlpattern.spec.whatwg.org/#constructor-string-parsing):
//! a pattern string such as `https://*.example.com/:id` cut into a `URLPatternInit`.

use crate::canon::canonicalize_protocol;
use crate::component::Component;
use crate::components::ComponentName::{
    self, Hash, Hostname, Password, Pathname, Port, Protocol, Search, Username,
};
use crate::error::Error;
use crate::init::UrlPatternInit;
use crate::parser::Options;
use crate::tokenizer::{tokenize, Policy, Token, TokenType};

/// A [constructor string parser's state](https://urlpattern.spec.whatwg.org/#constructor-string-parser-state):
/// "init", "authority", "done", or the component being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Init,
    Authority,
    In(ComponentName),
    Done,
}

/// A [constructor string parser](https://urlpattern.spec.whatwg.org/#constructor-string-parser).
struct Parser {
    input: Vec<char>,
    tokens: Vec<Token>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    hostname_ipv6_bracket_depth: isize,
    protocol_matches_a_special_scheme: bool,
    state: State,
}

/// [parse a constructor string](https://urlpattern.spec.whatwg.org/#parse-a-constructor-string)
pub(crate) fn parse_constructor_string(input: &str) -> Result<UrlPatternInit, Error> {
    let mut p = Parser {
        input: input.chars().collect(),
        tokens: tokenize(input, Policy::Lenient)?,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_a_special_scheme: false,
        state: State::Init,
    };
    while p.token_index < p.tokens.len() {
        p.token_increment = 1;
        if p.token_type(p.token_index) == Some(TokenType::End) {
            if p.state == State::Init {
                p.rewind();
                if p.is_hash_prefix() {
                    p.change_state(State::In(Hash), 1);
                } else if p.is_search_prefix() {
                    p.change_state(State::In(Search), 1);
                } else {
                    p.change_state(State::In(Pathname), 0);
                }
                p.token_index += p.token_increment;
                continue;
            }
            if p.state == State::Authority {
                p.rewind_and_set_state(State::In(Hostname));
                p.token_index += p.token_increment;
                continue;
            }
            p.change_state(State::Done, 0);
            break;
        }
        if p.is_group_open() {
            p.group_depth += 1;
            p.token_index += p.token_increment;
            continue;
        }
        if p.group_depth > 0 {
            if p.is_group_close() {
                p.group_depth -= 1;
            } else {
                p.token_index += p.token_increment;
                continue;
            }
        }
        match p.state {
            State::Init => {
                if p.is_protocol_suffix() {
                    p.rewind_and_set_state(State::In(Protocol));
                }
            }
            State::In(Protocol) => {
                if p.is_protocol_suffix() {
                    p.compute_protocol_matches_a_special_scheme_flag()?;
                    let mut next_state = State::In(Pathname);
                    let mut skip = 1;
                    if p.next_is_authority_slashes() {
                        next_state = State::Authority;
                        skip = 3;
                    } else if p.protocol_matches_a_special_scheme {
                        next_state = State::Authority;
                    }
                    p.change_state(next_state, skip);
                }
            }
            State::Authority => {
                if p.is_identity_terminator() {
                    p.rewind_and_set_state(State::In(Username));
                } else if p.is_pathname_start() || p.is_search_prefix() || p.is_hash_prefix() {
                    p.rewind_and_set_state(State::In(Hostname));
                }
            }
            State::In(Username) => {
                if p.is_password_prefix() {
                    p.change_state(State::In(Password), 1);
                } else if p.is_identity_terminator() {
                    p.change_state(State::In(Hostname), 1);
                }
            }
            State::In(Password) => {
                if p.is_identity_terminator() {
                    p.change_state(State::In(Hostname), 1);
                }
            }
            State::In(Hostname) => {
                if p.is_non_special_pattern_char(p.token_index, "[") {
                    p.hostname_ipv6_bracket_depth += 1;
                } else if p.is_non_special_pattern_char(p.token_index, "]") {
                    p.hostname_ipv6_bracket_depth -= 1;
                } else if p.is_non_special_pattern_char(p.token_index, ":")
                    && p.hostname_ipv6_bracket_depth == 0
                {
                    p.change_state(State::In(Port), 1);
                } else if p.is_pathname_start() {
                    p.change_state(State::In(Pathname), 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::In(Search), 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::In(Hash), 1);
                }
            }
            State::In(Port) => {
                if p.is_pathname_start() {
                    p.change_state(State::In(Pathname), 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::In(Search), 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::In(Hash), 1);
                }
            }
            State::In(Pathname) => {
                if p.is_search_prefix() {
                    p.change_state(State::In(Search), 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::In(Hash), 1);
                }
            }
            State::In(Search) => {
                if p.is_hash_prefix() {
                    p.change_state(State::In(Hash), 1);
                }
            }
            State::In(Hash) | State::Done => {}
        }
        p.token_index += p.token_increment;
    }
    if p.result.hostname.is_some() && p.result.port.is_none() {
        p.result.port = Some(String::new());
    }
    Ok(p.result)
}

impl Parser {
    fn token_type(&self, index: usize) -> Option<TokenType> {
        self.tokens.get(index).map(|t| t.ty)
    }

    /// [change state](https://urlpattern.spec.whatwg.org/#change-state)
    fn change_state(&mut self, new_state: State, skip: usize) {
        let state = self.state;
        if let State::In(component) = state {
            self.result[component] = Some(self.make_component_string());
        }
        if state != State::Init && new_state != State::Done {
            if matches!(
                state,
                State::In(Protocol | Username | Password) | State::Authority
            ) && matches!(new_state, State::In(Port | Pathname | Search | Hash))
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            if matches!(
                state,
                State::In(Protocol | Username | Password | Hostname | Port) | State::Authority
            ) && matches!(new_state, State::In(Search | Hash))
                && self.result.pathname.is_none()
            {
                self.result.pathname = Some(if self.protocol_matches_a_special_scheme {
                    "/".to_owned()
                } else {
                    String::new()
                });
            }
            if matches!(
                state,
                State::In(Protocol | Username | Password | Hostname | Port | Pathname)
                    | State::Authority
            ) && new_state == State::In(Hash)
                && self.result.search.is_none()
            {
                self.result.search = Some(String::new());
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// [rewind](https://urlpattern.spec.whatwg.org/#rewind)
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// [rewind and set state](https://urlpattern.spec.whatwg.org/#rewind-and-set-state)
    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// [get a safe token](https://urlpattern.spec.whatwg.org/#get-a-safe-token): the token at
    /// `index`, or the last (`end`) token.
    fn safe_token(&self, index: usize) -> Option<&Token> {
        self.tokens.get(index).or_else(|| self.tokens.last())
    }

    /// [is a non-special pattern char](https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char)
    fn is_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let Some(token) = self.safe_token(index) else {
            return false;
        };
        token.value == value
            && matches!(
                token.ty,
                TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
            )
    }

    /// [is a protocol suffix](https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix)
    fn is_protocol_suffix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    /// [next is authority slashes](https://urlpattern.spec.whatwg.org/#next-is-authority-slashes)
    fn next_is_authority_slashes(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_non_special_pattern_char(self.token_index + 2, "/")
    }

    /// [is an identity terminator](https://urlpattern.spec.whatwg.org/#is-an-identity-terminator)
    fn is_identity_terminator(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "@")
    }

    /// [is a password prefix](https://urlpattern.spec.whatwg.org/#is-a-password-prefix)
    fn is_password_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    /// [is a pathname start](https://urlpattern.spec.whatwg.org/#is-a-pathname-start)
    fn is_pathname_start(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "/")
    }

    /// [is a search prefix](https://urlpattern.spec.whatwg.org/#is-a-search-prefix)
    fn is_search_prefix(&self) -> bool {
        if self.is_non_special_pattern_char(self.token_index, "?") {
            return true;
        }
        if self.tokens.get(self.token_index).map(|t| t.value.as_str()) != Some("?") {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        let Some(previous) = self.safe_token(previous_index) else {
            return true;
        };
        !matches!(
            previous.ty,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    /// [is a hash prefix](https://urlpattern.spec.whatwg.org/#is-a-hash-prefix)
    fn is_hash_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "#")
    }

    /// [is a group open](https://urlpattern.spec.whatwg.org/#is-a-group-open)
    fn is_group_open(&self) -> bool {
        self.token_type(self.token_index) == Some(TokenType::Open)
    }

    /// [is a group close](https://urlpattern.spec.whatwg.org/#is-a-group-close)
    fn is_group_close(&self) -> bool {
        self.token_type(self.token_index) == Some(TokenType::Close)
    }

    /// [make a component string](https://urlpattern.spec.whatwg.org/#make-a-component-string)
    fn make_component_string(&self) -> String {
        let end_index = self.tokens.get(self.token_index).map_or(0, |t| t.index);
        let start = self.safe_token(self.component_start).map_or(0, |t| t.index);
        self.input
            .get(start..end_index)
            .unwrap_or_default()
            .iter()
            .collect()
    }

    /// [compute protocol matches a special scheme flag](https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag)
    fn compute_protocol_matches_a_special_scheme_flag(&mut self) -> Result<(), Error> {
        let protocol_string = self.make_component_string();
        let protocol_component =
            Component::compile(&protocol_string, canonicalize_protocol, &Options::DEFAULT)?;
        if protocol_component.matches_a_special_scheme() {
            self.protocol_matches_a_special_scheme = true;
        }
        Ok(())
    }
}
