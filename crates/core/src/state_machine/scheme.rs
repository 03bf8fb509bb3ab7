//! The scheme states: [scheme start](https://url.spec.whatwg.org/#scheme-start-state),
//! [scheme](https://url.spec.whatwg.org/#scheme-state) and
//! [no scheme](https://url.spec.whatwg.org/#no-scheme-state).

use alloc::string::String;

use super::{Failure, Flow, Parser, State};
use crate::errors::{ErrorSink, SetterError, ValidationErrorKind};
use crate::offsets::us;
use crate::scheme::SchemeType;
use weburl_bytes::swar::{self, between};

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// [Scheme start state](https://url.spec.whatwg.org/#scheme-start-state). The *buffer* is
    /// the output itself, which is empty here.
    pub(crate) fn scheme_start_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        match c {
            Some(c) if c.is_ascii_alphabetic() => {
                self.url.out.push(c.to_ascii_lowercase());
                // "set state to scheme state", on the next code point: run directly.
                self.pos += 1;
                let c = self.c();
                self.scheme_state(c)
            }
            _ => Ok(Flow::Again(State::NoScheme)),
        }
    }

    /// [Scheme state](https://url.spec.whatwg.org/#scheme-state), without state override (see
    /// [`scheme_state_override`] for the protocol setter's).
    pub(crate) fn scheme_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        match c {
            Some(c) if is_scheme_byte(c as u32) => {
                // "If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E (.),
                // append c, lowercased, to buffer." Done for the whole run of such code points
                // at once (each would come back to this state and do the same); this state then
                // runs directly on the code point after the run, which is not one of them.
                let (end, upper) = scheme_run(self.input.as_bytes(), self.pos);
                let start = self.url.out.len();
                self.url
                    .out
                    .push_str(self.input.get(self.pos..end).unwrap_or_default());
                if upper {
                    if let Some(added) = self.url.out.get_mut(start..) {
                        added.make_ascii_lowercase();
                    }
                }
                self.pos = end;
                let c = self.c();
                self.scheme_state(c)
            }
            Some(':') => {
                self.set_scheme_at_colon();
                let after = self.url.out.len();
                if self.url.scheme_type.is_file() {
                    if !self.remaining().starts_with("//") {
                        let at = self.pos + 1;
                        self.error(
                            ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                            at..at,
                        );
                    }
                    self.pos += 1;
                    let c = self.c();
                    self.file_state(c)
                } else if self.is_special()
                    && self.base.is_some_and(|b| b.scheme() == self.url.scheme())
                {
                    self.pos += 1;
                    let c = self.c();
                    self.special_relative_or_authority_state(c)
                } else if self.is_special() {
                    self.pos += 1;
                    let c = self.c();
                    self.special_authority_slashes_state(c)
                } else if self.remaining().starts_with('/') {
                    // "set state to path or authority state and increase pointer by 1."
                    self.pos += 2;
                    let c = self.c();
                    self.path_or_authority_state(c)
                } else {
                    // "set url's path to the empty string and set state to opaque path state."
                    self.url.opaque_path = true;
                    self.url.path_start = after;
                    self.pos += 1;
                    let c = self.c();
                    self.opaque_path_state(c)
                }
            }
            _ => {
                // "set buffer to the empty string, state to no scheme state, and start over
                // (from the first code point in input)."
                self.url.out.clear();
                self.pos = 0;
                Ok(Flow::Again(State::NoScheme))
            }
        }
    }

    /// The scheme state on the U+003A (:) that ends the scheme: "Set url's scheme to
    /// buffer." The buffer is the output, which then has the `:`.
    pub(crate) fn set_scheme_at_colon(&mut self) {
        let u = &mut self.url;
        u.scheme_end = u.out.len();
        u.scheme_type = SchemeType::from_scheme(&u.out);
        u.out.push(':');
        let after = u.out.len();
        u.username_end = after;
        u.host_start = after;
        u.host_end = after;
    }

    /// [No scheme state](https://url.spec.whatwg.org/#no-scheme-state).
    pub(crate) fn no_scheme_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        let Some(base) = self.base else {
            return Err(self.fail(
                ValidationErrorKind::MissingSchemeNonRelativeUrl,
                0..self.input.len(),
            ));
        };
        if base.offsets.opaque_path {
            if c != Some('#') {
                return Err(self.fail(
                    ValidationErrorKind::MissingSchemeNonRelativeUrl,
                    0..self.input.len(),
                ));
            }
            // "set url's scheme to base's scheme, url's path to base's path, url's query to
            // base's query, url's fragment to the empty string, and set state to fragment
            // state."
            let u = &mut self.url;
            u.out.clear();
            u.out.push_str(base.slice(0, base.query_end()));
            u.scheme_end = us(base.offsets.scheme_end);
            u.username_end = us(base.offsets.username_end);
            u.host_start = us(base.offsets.host_start);
            u.host_end = us(base.offsets.host_end);
            u.path_start = us(base.offsets.path_start);
            u.query_start = base.offsets.query_start.map(us);
            u.scheme_type = base.offsets.scheme_type;
            u.opaque_path = true;
            self.path_done = true;
            self.start_fragment();
            Ok(Flow::Next(State::Fragment))
        } else if !base.offsets.scheme_type.is_file() {
            Ok(Flow::Again(State::Relative))
        } else {
            Ok(Flow::Again(State::File))
        }
    }
}

/// Where the scheme start and scheme states (without state override) find the U+003A (:) that
/// ends a scheme at the start of `input`: after an ASCII alpha and a run of code points the
/// scheme state appends; and whether the scheme has ASCII upper alphas (which they lowercase).
/// `None` if there is no scheme: they then go to the *no scheme state* with the pointer at the
/// start of the input ("Otherwise, if state override is not given, set state to no scheme
/// state and decrease pointer by 1", and the scheme state's "start over").
pub(crate) fn scheme_end(input: &str) -> Option<(usize, bool)> {
    let bytes = input.as_bytes();
    let first = bytes.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let (end, upper) = scheme_run(bytes, 1);
    (bytes.get(end) == Some(&b':')).then_some((end, upper || first.is_ascii_uppercase()))
}

/// The run of code points the scheme state appends ([`is_scheme_byte`]) from `from`: where it
/// ends, and whether it has ASCII upper alphas.
///
/// Eight bytes at a time ([`scheme_word`]), not a loop over the bytes, whose exit the CPU
/// guesses wrong on schemes of many lengths (docs/performance.md, "Figures from weburl-core's
/// comments").
fn scheme_run(bytes: &[u8], from: usize) -> (usize, bool) {
    let mut i = from;
    let mut upper = 0;
    loop {
        let Some(w) = swar::word_at(bytes, i) else {
            // Shorter than a word: byte by byte.
            let rest = bytes.get(from..).unwrap_or_default();
            let run = rest
                .iter()
                .position(|&b| !is_scheme_byte(u32::from(b)))
                .unwrap_or(rest.len());
            let upper = rest
                .get(..run)
                .is_some_and(|s| s.iter().any(u8::is_ascii_uppercase));
            return (from + run, upper);
        };
        let (scheme, up) = scheme_word(w);
        let stops = !scheme & swar::HIGHS;
        if stops != 0 {
            // The upper-case letters before the first stop.
            let before = (stops & stops.wrapping_neg()).wrapping_sub(1);
            let end = i + (stops.trailing_zeros() / 8) as usize;
            return (end, (upper | (up & before)) != 0);
        }
        upper |= up;
        i += 8;
    }
}

/// The scheme state's bytes in a word ([`is_scheme_byte`]: ASCII alphanumerics, `+`, `-`,
/// `.`) and its ASCII upper alphas, as 0x80 in each such byte.
#[inline(always)]
fn scheme_word(x: u64) -> (u64, u64) {
    let alpha = between(x | (swar::ONES * 0x20), b'a' - 1, b'z' + 1);
    let upper = between(x, b'A' - 1, b'Z' + 1);
    // `+` (0x2B), `-` (0x2D), `.` (0x2E), then the digits from 0x30: all but `,` and `/`.
    let others =
        between(x, b'+' - 1, b'+' + 1) | between(x, b',', b'/') | between(x, b'0' - 1, b'9' + 1);
    (alpha | others, upper)
}

/// Whether `c` is an ASCII alphanumeric, U+002B (+), U+002D (-) or U+002E (.): a code point the
/// scheme state appends to the buffer.
#[inline]
fn is_scheme_byte(c: u32) -> bool {
    usize::try_from(c)
        .ok()
        .and_then(|i| SCHEME_BYTE.get(i))
        .copied()
        .unwrap_or(false)
}

/// The bytes [`is_scheme_byte`] accepts.
static SCHEME_BYTE: [bool; 128] = {
    let mut t = [false; 128];
    let mut b = 0u8;
    while b < 128 {
        #[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
        {
            t[b as usize] = b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.';
        }
        b += 1;
    }
    t
};

/// What the [scheme state](https://url.spec.whatwg.org/#scheme-state) with a state override
/// decided: the new scheme (lowercased), or why the URL stays unchanged.
///
/// This is the scheme start and scheme states with *state override* given, run on the protocol
/// setter's value followed by U+003A (:). They are separate from the main states because with a
/// state override they only read a scheme and compare it with the URL's: they never write
/// into the output.
pub(crate) fn scheme_state_override(
    input: &str,
    url_scheme: SchemeType,
    url_scheme_str: &str,
    includes_credentials_or_port: bool,
    host_is_empty: bool,
) -> Result<(String, SchemeType), SetterError> {
    let mut chars = input.chars();
    let mut buffer = String::new();
    // Scheme start state: "If c is an ASCII alpha, append c, lowercased, to buffer ...
    // Otherwise, return failure."
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() => buffer.push(c.to_ascii_lowercase()),
        _ => return Err(SetterError::InvalidScheme),
    }
    // Scheme state.
    for c in chars {
        if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') {
            buffer.push(c.to_ascii_lowercase());
        } else if c == ':' {
            let new = SchemeType::from_scheme(&buffer);
            if url_scheme.is_special() != new.is_special() {
                return Err(SetterError::SpecialnessChange);
            }
            if includes_credentials_or_port && new.is_file() {
                return Err(SetterError::FileWithCredentialsOrPort);
            }
            if url_scheme_str == "file" && host_is_empty {
                return Err(SetterError::FileWithEmptyHost);
            }
            return Ok((buffer, new));
        } else {
            return Err(SetterError::InvalidScheme);
        }
    }
    // The value is followed by ':', so the loop always returns; an input without one fails
    // like any other invalid scheme.
    Err(SetterError::InvalidScheme)
}

#[cfg(test)]
mod tests {
    use super::{is_scheme_byte, scheme_end};
    use alloc::format;
    use alloc::string::String;

    /// [`scheme_end`] a byte at a time, as the spec's states read it.
    fn scheme_end_bytewise(input: &str) -> Option<(usize, bool)> {
        let bytes = input.as_bytes();
        if !bytes.first()?.is_ascii_alphabetic() {
            return None;
        }
        let run = bytes
            .iter()
            .skip(1)
            .take_while(|&&b| is_scheme_byte(u32::from(b)))
            .count();
        let end = run + 1;
        let upper = bytes.iter().take(end).any(u8::is_ascii_uppercase);
        (bytes.get(end) == Some(&b':')).then_some((end, upper))
    }

    #[test]
    fn scheme_end_is_the_bytewise_scan() {
        // Every byte value below 0x80 (and a non-ASCII code point) at every position of
        // schemes of up to 26 bytes, with and without the `:` after them.
        let others: String = (0u8..0x80).map(char::from).chain(['\u{e9}']).collect();
        for len in 0..26 {
            for at in 0..=len {
                for c in others.chars() {
                    for tail in ["", ":", ":x", "x:"] {
                        let mut s: String = "aB3+-.z".chars().cycle().take(len).collect();
                        if at < len {
                            s.replace_range(at..at + 1, &format!("{c}"));
                        } else {
                            s.push(c);
                        }
                        s.push_str(tail);
                        assert_eq!(scheme_end(&s), scheme_end_bytewise(&s), "{s:?}");
                    }
                }
            }
        }
    }
}
