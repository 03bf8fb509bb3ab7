//! The [authority](https://url.spec.whatwg.org/#authority-state),
//! [host and hostname](https://url.spec.whatwg.org/#host-state) and
//! [port](https://url.spec.whatwg.org/#port-state) states.

use weburl_percent::{utf8_percent_encode_into, USERINFO};

use super::{Failure, Flow, Parser, State};
use crate::errors::{ErrorSink, SetterError, ValidationErrorKind};

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// [Authority state](https://url.spec.whatwg.org/#authority-state). The *buffer* is the
    /// input from `buffer_start`; username and password are written to the output (after `//`)
    /// as each U+0040 (@) is seen.
    pub(crate) fn authority_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        self.authority_state_after(self.pos, c)
    }

    /// The authority state at `c`, entered at `start`: the code points from `start` to the
    /// pointer were appended to the buffer by this state, and none of them is one the host
    /// state stops at (U+003A (:), U+005B ([), U+005D (]) or one that ends the authority).
    pub(crate) fn authority_state_after(
        &mut self,
        start: usize,
        c: Option<char>,
    ) -> Result<Flow, Failure> {
        let special = self.is_special();
        let mask = AUTHORITY_STOP | if special { BACKSLASH } else { 0 };
        let stop = |b: u8| byte_class(b) & mask != 0;
        let mut c = c;
        // The classes of the code points skipped: whether the host state would stop in them.
        let mut seen = 0;
        if c.is_some_and(|ch| !(ch.is_ascii() && stop(ch as u8))) {
            // "Otherwise, append c to buffer": the buffer is the input, so skip to the next
            // code point this state treats differently, and run on it.
            let rest = self.input.as_bytes().get(self.pos..).unwrap_or_default();
            self.pos += super::find_byte(rest, |b| {
                let class = byte_class(b);
                seen |= class;
                class & mask != 0
            });
            c = self.c();
        }
        match c {
            Some('@') => {
                // "Invalid-credentials validation error." The range is the credentials this
                // U+0040 (@) ends: the buffer and the `@`.
                self.error(
                    ValidationErrorKind::InvalidCredentials,
                    self.buffer_start..self.pos + 1,
                );
                let buffer = self.buffer(self.buffer_start);
                // "If atSignSeen is true, then prepend "%40" to buffer." Its code points are
                // not U+003A (:) and not in the userinfo set, so they are appended as they are.
                if self.at_sign_seen {
                    self.url.out.push_str("%40");
                }
                self.at_sign_seen = true;
                // "For each codePoint in buffer": the first U+003A (:) separates username and
                // password; everything else is UTF-8 percent-encoded with the userinfo set and
                // appended to the password if the separator was seen, else the username. Both
                // are at the end of the output.
                let mut rest = buffer;
                while !rest.is_empty() {
                    if self.password_token_seen {
                        utf8_percent_encode_into(rest, &USERINFO, &mut self.url.out);
                        break;
                    }
                    match rest.split_once(':') {
                        Some((user, pass)) => {
                            utf8_percent_encode_into(user, &USERINFO, &mut self.url.out);
                            self.password_token_seen = true;
                            self.password_colon = Some(self.url.out.len());
                            self.url.out.push(':');
                            rest = pass;
                        }
                        None => {
                            utf8_percent_encode_into(rest, &USERINFO, &mut self.url.out);
                            break;
                        }
                    }
                }
                self.buffer_start = self.pos + 1;
                Ok(Flow::Next(State::Authority))
            }
            // After the skip, `c` is one of those or EOF. When the buffer is all of this
            // skip and has no U+003A (:), U+005B ([) or U+005D (]), the host state, started
            // over at its start, would skip to this same code point and end the host there.
            _ => {
                let plain_host = start == self.buffer_start && seen & HOST_ONLY_STOP == 0;
                self.end_authority(plain_host)
            }
        }
    }

    /// The authority state's end: "If atSignSeen is true and buffer is the empty string,
    /// host-missing validation error, return failure. Decrease pointer by buffer's code point
    /// length + 1, set buffer to the empty string, and set state to host state."
    ///
    /// With `plain_host` (see the caller), the host state's run over the buffer is known to
    /// end at the pointer: the host ends there without it.
    fn end_authority(&mut self, plain_host: bool) -> Result<Flow, Failure> {
        if self.at_sign_seen && self.buffer_start == self.pos {
            return Err(self.fail(ValidationErrorKind::HostMissing, self.pos..self.pos));
        }
        let u = &mut self.url;
        // Drop the username/password separator if the password is empty.
        match self.password_colon {
            Some(colon) if colon + 1 == u.out.len() => {
                u.out.truncate(colon);
                u.username_end = colon;
            }
            Some(colon) => u.username_end = colon,
            None => u.username_end = u.out.len(),
        }
        // The URL includes credentials: the serializer's U+0040 (@).
        if u.out.len() > u.scheme_end + 3 {
            u.out.push('@');
        }
        u.host_start = u.out.len();
        u.host_end = u.host_start;
        if plain_host && self.state_override.is_none() {
            return self.end_host();
        }
        self.pos = self.buffer_start;
        let c = self.c();
        self.host_state(c)
    }

    /// [Host state and hostname state](https://url.spec.whatwg.org/#host-state). The *buffer*
    /// is the input from `buffer_start` (the position the state was entered at).
    pub(crate) fn host_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        if self.state_override.is_some() && self.url.scheme_type.is_file() {
            self.buffer_start = self.pos;
            return Ok(Flow::Again(State::FileHost));
        }
        let special = self.is_special();
        let mask = HOST_STOP | if special { BACKSLASH } else { 0 };
        let mut c = c;
        loop {
            match c {
                Some(':') if !self.inside_brackets => {
                    if self.buffer_start == self.pos {
                        return Err(self.fail(ValidationErrorKind::HostMissing, self.pos..self.pos));
                    }
                    if self.state_override == Some(State::Hostname) {
                        return Err(Failure::Override(SetterError::UnexpectedPort));
                    }
                    self.set_host_from_buffer()?;
                    self.pos += 1;
                    self.buffer_start = self.pos;
                    let c = self.c();
                    return self.port_state(c);
                }
                None | Some('/' | '?' | '#') => return self.end_host(),
                Some('\\') if special => return self.end_host(),
                Some(ch) => {
                    if ch == '[' {
                        self.inside_brackets = true;
                    }
                    if ch == ']' {
                        self.inside_brackets = false;
                    }
                    // "Append c to buffer" (the buffer is the input), up to the next code
                    // point this state treats differently, and run on that one.
                    self.pos += ch.len_utf8();
                    self.skip_until(|b| byte_class(b) & mask != 0);
                    c = self.c();
                }
            }
        }
    }

    /// The host state on EOF, `/`, `?`, `#` (or `\` when special).
    fn end_host(&mut self) -> Result<Flow, Failure> {
        let empty = self.buffer_start == self.pos;
        if self.is_special() && empty {
            return Err(self.fail(ValidationErrorKind::HostMissing, self.pos..self.pos));
        }
        if self.state_override.is_some()
            && empty
            && (self.url.includes_credentials() || self.url.port.is_some())
        {
            return Err(Failure::Override(
                SetterError::EmptyHostWithCredentialsOrPort,
            ));
        }
        self.set_host_from_buffer()?;
        if self.state_override.is_some() {
            return Ok(Flow::End);
        }
        let c = self.c();
        self.path_start_state(c)
    }

    /// "Let host be the result of host parsing buffer with url is not special. If host is
    /// failure, then return failure. Set url's host to host."
    fn set_host_from_buffer(&mut self) -> Result<(), Failure> {
        let start = self.url.out.len();
        self.url.host_start = start;
        let kind = self.parse_host(self.buffer_start)?;
        self.url.host_end = self.url.out.len();
        self.url.host_kind = Some(kind);
        self.host_set = true;
        Ok(())
    }

    /// [Port state](https://url.spec.whatwg.org/#port-state). The *buffer* is the input from
    /// `buffer_start`.
    pub(crate) fn port_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        match c {
            Some(d) if d.is_ascii_digit() => {
                // "If c is an ASCII digit, append c to buffer." The buffer is the input, so
                // the whole run of digits is taken at once, and this state runs directly on the
                // code point after it, which is not a digit.
                let rest = self.input.as_bytes().get(self.pos..).unwrap_or_default();
                let run = rest
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .unwrap_or(rest.len());
                self.pos += run;
                let c = self.c();
                self.port_state(c)
            }
            _ if self.ends_port(c) => {
                let digits = self.buffer(self.buffer_start);
                if !digits.is_empty() {
                    // "Let port be the mathematical integer value that is represented by
                    // buffer in radix-10". Leading zeros are allowed, so accumulate with a cap
                    // rather than parse a bounded number of digits.
                    let mut port: u32 = 0;
                    for b in digits.bytes() {
                        port = port * 10 + u32::from(b - b'0');
                        if port > u32::from(u16::MAX) {
                            return Err(self.fail(
                                ValidationErrorKind::PortOutOfRange,
                                self.buffer_start..self.pos,
                            ));
                        }
                    }
                    let port = u16::try_from(port).unwrap_or(u16::MAX);
                    let u = &mut self.url;
                    u.out.truncate(u.host_end);
                    if Some(port) == u.scheme_type.default_port() {
                        u.port = None;
                    } else {
                        u.port = Some(port);
                        u.out.push(':');
                        push_u16(&mut u.out, port);
                    }
                    self.port_set = true;
                    if self.state_override.is_some() {
                        return Ok(Flow::End);
                    }
                }
                if self.state_override.is_some() {
                    return Err(Failure::Override(SetterError::InvalidPort));
                }
                self.path_start_state(c)
            }
            _ => Err(self.fail(
                ValidationErrorKind::PortInvalid,
                self.pos..self.pos + c.map_or(0, char::len_utf8),
            )),
        }
    }

    /// Moves the pointer to the next byte matching `stop` (or the end). The bytes it matches
    /// are ASCII, so the pointer stays on a code point boundary.
    pub(crate) fn skip_until(&mut self, stop: impl Fn(u8) -> bool) {
        let rest = self.input.as_bytes().get(self.pos..).unwrap_or_default();
        self.pos += super::find_byte(rest, stop);
    }

    /// Whether `c` ends the port: EOF, `/`, `?`, `#`, `\` when special, or anything with a
    /// state override.
    fn ends_port(&self, c: Option<char>) -> bool {
        match c {
            None | Some('/' | '?' | '#') => true,
            Some('\\') => self.is_special() || self.state_override.is_some(),
            Some(_) => self.state_override.is_some(),
        }
    }
}

/// [`byte_class`] bit: U+0040 (@), U+002F (/), U+003F (?) or U+0023 (#), which the authority
/// state treats differently from other code points.
const AUTHORITY_STOP: u8 = 1;
/// [`byte_class`] bit: U+003A (:), U+005B ([), U+005D (]), U+002F (/), U+003F (?) or U+0023 (#),
/// which the host state treats differently from other code points.
const HOST_STOP: u8 = 2;
/// The [`HOST_STOP`] code points that do not end the authority: U+003A (:), U+005B ([) and
/// U+005D (]).
const HOST_ONLY_STOP: u8 = 8;
/// [`byte_class`] bit: U+005C (\), which both states treat like U+002F (/) when url is special.
const BACKSLASH: u8 = 4;

/// The byte classes above: one lookup per byte when skipping a run.
#[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
static BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'@' as usize] |= AUTHORITY_STOP;
    t[b'/' as usize] |= AUTHORITY_STOP | HOST_STOP;
    t[b'?' as usize] |= AUTHORITY_STOP | HOST_STOP;
    t[b'#' as usize] |= AUTHORITY_STOP | HOST_STOP;
    t[b':' as usize] |= HOST_STOP | HOST_ONLY_STOP;
    t[b'[' as usize] |= HOST_STOP | HOST_ONLY_STOP;
    t[b']' as usize] |= HOST_STOP | HOST_ONLY_STOP;
    t[b'\\' as usize] |= BACKSLASH;
    t
};

#[inline(always)]
fn byte_class(b: u8) -> u8 {
    BYTE_CLASS.get(usize::from(b)).copied().unwrap_or(0)
}

/// Appends the decimal serialization of `n`.
pub(crate) fn push_u16(out: &mut alloc::string::String, n: u16) {
    let mut digits = [0u8; 5];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        if let Some(d) = digits.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    for &d in digits.get(i..).unwrap_or_default() {
        out.push(char::from(d));
    }
}
