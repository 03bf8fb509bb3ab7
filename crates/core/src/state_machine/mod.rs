//! The [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser)'s state
//! machine: its states ([`State`]), what a state does next ([`Flow`]), the parser's state
//! ([`Parser`]), the one loop over the states ([`Parser::run`]) and error reporting.
//!
//! One function per state of the spec's state machine, each in the module of its concept
//! (`scheme`, `relative`, `authority`, `file`, `path`, `query`). A state function may consume
//! a run of code points that it would treat alike one at a time (each such function says
//! which spec step it repeats), and may run the state it switches to directly, by calling
//! that state's function on the code point at the pointer, instead of returning
//! [`Flow::Again`] (or, after moving the pointer past `c`, [`Flow::Next`]) to [`Parser::run`]:
//! the same steps, without a round trip through the dispatch. The parser reads the (trimmed,
//! tab-and-newline-free, see `input`) input as UTF-8 and writes the URL's serialization left
//! to right into one `String` ([`UrlBuf`]), recording component offsets as it goes;
//! components the spec copies from the base URL are copied as slices of the base's
//! serialization.
//!
//! How an input gets here (the fast path, where the machine takes over, which buffer it
//! writes into) is decided by [`crate::route`], which drives this module; nothing here
//! depends on it.
//!
//! The spec's *url* and *state override* inputs are supported for the states the setters use
//! (host, hostname, port, file host, path start, path, query, fragment): the setter fills the
//! [`UrlBuf`] with the part of the URL before the component, runs the parser from that state
//! ([`crate::route::run_override`]), and splices the new component into the old URL (see
//! `crate::setters`). The scheme states' state-override branch is
//! [`scheme::scheme_state_override`].

mod authority;
mod buf;
mod file;
pub(crate) mod input;
mod path;
mod query;
mod relative;
pub(crate) mod scheme;

#[cfg(feature = "compat")]
pub(crate) use authority::push_u16;
pub(crate) use path::{is_double_dot, is_single_dot};

use core::ops::Range;

use weburl_host::{HostError, HostErrorSink, HostKind};

use crate::encoding::{self, QueryEncoding};
use crate::errors::{
    ErrorSink, ParseError, ParseErrorKind, SetterError, ValidationError, ValidationErrorKind,
};
use crate::url::Url;

pub(crate) use buf::UrlBuf;
use input::PosMap;

/// The states of the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser).
///
/// The list is the spec's, whole, though a few states are only ever run directly by the state
/// before them (see the module documentation), so that no [`Flow`] names them.
#[allow(dead_code)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum State {
    /// [scheme start state](https://url.spec.whatwg.org/#scheme-start-state)
    SchemeStart,
    /// [scheme state](https://url.spec.whatwg.org/#scheme-state)
    Scheme,
    /// [no scheme state](https://url.spec.whatwg.org/#no-scheme-state)
    NoScheme,
    /// [special relative or authority state](https://url.spec.whatwg.org/#special-relative-or-authority-state)
    SpecialRelativeOrAuthority,
    /// [path or authority state](https://url.spec.whatwg.org/#path-or-authority-state)
    PathOrAuthority,
    /// [relative state](https://url.spec.whatwg.org/#relative-state)
    Relative,
    /// [relative slash state](https://url.spec.whatwg.org/#relative-slash-state)
    RelativeSlash,
    /// [special authority slashes state](https://url.spec.whatwg.org/#special-authority-slashes-state)
    SpecialAuthoritySlashes,
    /// [special authority ignore slashes state](https://url.spec.whatwg.org/#special-authority-ignore-slashes-state)
    SpecialAuthorityIgnoreSlashes,
    /// [authority state](https://url.spec.whatwg.org/#authority-state)
    Authority,
    /// [host state](https://url.spec.whatwg.org/#host-state)
    Host,
    /// [hostname state](https://url.spec.whatwg.org/#hostname-state)
    Hostname,
    /// [port state](https://url.spec.whatwg.org/#port-state)
    Port,
    /// [file state](https://url.spec.whatwg.org/#file-state)
    File,
    /// [file slash state](https://url.spec.whatwg.org/#file-slash-state)
    FileSlash,
    /// [file host state](https://url.spec.whatwg.org/#file-host-state)
    FileHost,
    /// [path start state](https://url.spec.whatwg.org/#path-start-state)
    PathStart,
    /// [path state](https://url.spec.whatwg.org/#path-state)
    Path,
    /// [opaque path state](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state)
    OpaquePath,
    /// [query state](https://url.spec.whatwg.org/#query-state)
    Query,
    /// [fragment state](https://url.spec.whatwg.org/#fragment-state)
    Fragment,
}

/// What the state machine does after a state ran.
pub(crate) enum Flow {
    /// Switch to the state and go to the next code point ("increase pointer by 1").
    Next(State),
    /// Switch to the state and run it on the same code point ("decrease pointer by 1", then
    /// the machine's increase).
    Again(State),
    /// Stop: a state override's "return", or the pointer reached the end of the input.
    End,
}

/// Why a run of the state machine returned failure.
#[derive(Debug)]
pub(crate) enum Failure {
    /// A validation error that the spec says returns failure (already reported to the sink),
    /// with its range in the original input.
    Error(ValidationErrorKind, Range<usize>),
    /// A state-override failure ("return failure" without a validation error, or a "return"
    /// that leaves the URL unchanged).
    Override(SetterError),
}

impl Failure {
    pub(crate) fn into_parse_error(self, input_len: usize) -> ParseError {
        match self {
            Failure::Error(kind, range) => ParseError::new(ParseErrorKind::Validation(kind), range),
            // Without a state override no state returns an override failure; map it to the
            // closest public error rather than panicking.
            Failure::Override(_) => ParseError::too_long(input_len),
        }
    }

    pub(crate) fn into_setter_error(self) -> SetterError {
        match self {
            Failure::Error(kind, _) => SetterError::Invalid(kind),
            Failure::Override(e) => e,
        }
    }
}

/// How a run of the state machine starts: its input and what the caller (`crate::route`)
/// gives it. The one way to make a [`Parser`] ([`Parser::new`]), whose fields are its own.
pub(crate) struct Start<'i, 'b, S: ErrorSink> {
    /// The input after trimming and tab/newline removal ([`input::preprocess`]).
    pub(crate) input: &'i str,
    /// Maps offsets in `input` back to the original input, for error ranges.
    pub(crate) map: PosMap,
    /// The spec's *base*.
    pub(crate) base: Option<&'b Url>,
    /// The spec's *encoding* (the parser keeps its output encoding).
    pub(crate) encoding: QueryEncoding,
    /// The spec's *state override*.
    pub(crate) state_override: Option<State>,
    /// Where validation errors go.
    pub(crate) sink: S,
    /// Where the URL is written: empty for a parse; for a state override, a frame holding the
    /// part of the URL before the component (see `crate::setters`).
    pub(crate) url: UrlBuf,
    /// The path is left alone ([`Parser::end_path`] does nothing): a state-override run
    /// that does not write the path.
    pub(crate) path_done: bool,
    /// `Some(max_len)` when the caller only asks whether the input parses (`can_parse`): the
    /// run then stops, successfully, as it enters the path start, path, opaque path, query or
    /// fragment state, if the URL cannot outgrow `max_len` from there (see
    /// [`Parser::stops_here`]).
    pub(crate) stop_at_path: Option<u32>,
}

/// The parser's state: its input, base, encoding, sink and the URL being written. Made from a
/// [`Start`]; its fields are read and written by the states alone.
pub(crate) struct Parser<'i, 'b, S: ErrorSink> {
    /// The input after trimming and tab/newline removal.
    input: &'i str,
    /// Byte offset of the code point `c` (the spec's *pointer*).
    pos: usize,
    base: Option<&'b Url>,
    encoding: QueryEncoding,
    state_override: Option<State>,
    sink: S,
    map: PosMap,
    /// The URL being written.
    url: UrlBuf,
    /// Start (in `input`) of the spec's *buffer* where the buffer is a slice of the input
    /// (authority, host, port and file host states).
    buffer_start: usize,
    at_sign_seen: bool,
    inside_brackets: bool,
    password_token_seen: bool,
    /// Offset in the output of the `:` between username and password, once seen.
    password_colon: Option<usize>,
    /// Offset in the output of the `/` that starts the path segment being buffered (the path
    /// state's *buffer* is written in place, after that `/`).
    segment_start: Option<usize>,
    /// Whether the path is complete (and the serializer's `/.` marker decided).
    path_done: bool,
    /// Whether a state-override run set the host / the port (setters need to know what of the
    /// old URL to keep after a failure).
    host_set: bool,
    port_set: bool,
    /// See [`Start::stop_at_path`].
    stop_at_path: Option<u32>,
}

impl<'i, 'b, S: ErrorSink> Parser<'i, 'b, S> {
    /// The parser at the start of `start.input`, the pointer on its first code point.
    #[inline]
    pub(crate) fn new(start: Start<'i, 'b, S>) -> Self {
        let Start {
            input,
            map,
            base,
            encoding,
            state_override,
            sink,
            url,
            path_done,
            stop_at_path,
        } = start;
        Parser {
            input,
            pos: 0,
            base,
            // "Set encoding to the result of getting an output encoding from encoding."
            encoding: encoding::output_encoding(encoding),
            state_override,
            sink,
            map,
            url,
            buffer_start: 0,
            at_sign_seen: false,
            inside_brackets: false,
            password_token_seen: false,
            password_colon: None,
            segment_start: None,
            path_done,
            host_set: false,
            port_set: false,
            stop_at_path,
        }
    }

    /// The input (trimmed, without tabs and newlines).
    #[inline]
    pub(crate) fn input(&self) -> &'i str {
        self.input
    }

    /// The URL being written: for `crate::route`'s `Resume::enter`, which writes what the
    /// states before the point where the machine takes over would have written.
    #[inline]
    pub(crate) fn url_mut(&mut self) -> &mut UrlBuf {
        &mut self.url
    }

    /// Moves the pointer to `pos` (a code point boundary of the input): for `Resume::enter`,
    /// after it wrote what the states before `pos` write.
    #[inline]
    pub(crate) fn move_to(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Whether a state-override run set the host.
    #[inline]
    pub(crate) fn host_set(&self) -> bool {
        self.host_set
    }

    /// Whether a state-override run set the port.
    #[inline]
    pub(crate) fn port_set(&self) -> bool {
        self.port_set
    }

    /// The URL written, once the run is over.
    #[inline]
    pub(crate) fn into_url(self) -> UrlBuf {
        self.url
    }

    /// Whether a run with [`stop_at_path`](Start::stop_at_path) stops here, the parse being
    /// known to succeed (then the path is marked done). Called on entering the path
    /// start, path, opaque path, query and fragment states: of the basic URL parser's steps,
    /// only those of the scheme start, scheme, no scheme, authority, host, hostname, port and
    /// file host states return failure, and none of those comes after these five. What is
    /// left to write must still fit in `max_len`, the limit `Url::parse` enforces (see
    /// [`rest_fits`]). The rest of the URL is then not written, so the path needs no
    /// finishing.
    #[inline]
    pub(crate) fn stops_here(&mut self) -> bool {
        let Some(max_len) = self.stop_at_path else {
            return false;
        };
        let left = self.input.len().saturating_sub(self.pos);
        let decided = rest_fits(self.url.out.len(), left, max_len);
        self.path_done |= decided;
        decided
    }

    /// The code point at the pointer; `None` is the EOF code point.
    ///
    /// The input is read as bytes: an ASCII byte is its code point, and only a non-ASCII byte
    /// (the lead byte of a multi-byte code point, as `pos` is always on a boundary) is
    /// decoded.
    #[inline]
    pub(crate) fn c(&self) -> Option<char> {
        match self.input.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            Some(_) => self.c_non_ascii(),
            None => None,
        }
    }

    /// The non-ASCII code point at the pointer.
    #[cold]
    #[inline(never)]
    fn c_non_ascii(&self) -> Option<char> {
        self.input.get(self.pos..).and_then(|s| s.chars().next())
    }

    /// The spec's *remaining*: the input after `c`.
    #[inline]
    pub(crate) fn remaining(&self) -> &'i str {
        let len = self.c().map_or(0, char::len_utf8);
        self.input.get(self.pos + len..).unwrap_or_default()
    }

    /// The input from `start` to the pointer.
    #[inline]
    pub(crate) fn buffer(&self, start: usize) -> &'i str {
        self.input.get(start..self.pos).unwrap_or_default()
    }

    #[inline]
    pub(crate) fn is_special(&self) -> bool {
        self.url.scheme_type.is_special()
    }

    /// Runs the state machine as a state that returned `flow` would have it continue, until
    /// the input ends or a state returns: `Flow::Again(state)` starts in `state` at the
    /// pointer. The only loop over the states; the caller (`crate::route`) decides where
    /// it starts.
    pub(crate) fn run(&mut self, mut flow: Flow) -> Result<(), Failure> {
        loop {
            let state = match flow {
                Flow::Next(next) => {
                    // "If after a run pointer points to the EOF code point, go to the next
                    // step. Otherwise, increase pointer by 1." The code point at the pointer
                    // after the run, not `c`: a state may have moved the pointer (over a run
                    // it consumed, or into the states it ran directly).
                    match self.c() {
                        Some(ch) => self.pos += ch.len_utf8(),
                        None => break,
                    }
                    next
                }
                Flow::Again(next) => next,
                Flow::End => break,
            };
            let c = self.c();
            flow = match state {
                State::SchemeStart => self.scheme_start_state(c)?,
                State::Scheme => self.scheme_state(c)?,
                State::NoScheme => self.no_scheme_state(c)?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(c)?,
                State::PathOrAuthority => self.path_or_authority_state(c)?,
                State::Relative => self.relative_state(c)?,
                State::RelativeSlash => self.relative_slash_state(c)?,
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(c)?,
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state(c)?
                }
                State::Authority => self.authority_state(c)?,
                State::Host | State::Hostname => self.host_state(c)?,
                State::Port => self.port_state(c)?,
                State::File => self.file_state(c)?,
                State::FileSlash => self.file_slash_state(c)?,
                State::FileHost => self.file_host_state(c)?,
                State::PathStart => self.path_start_state(c)?,
                State::Path => self.path_state(c)?,
                State::OpaquePath => self.opaque_path_state(c)?,
                State::Query => self.query_state(c)?,
                State::Fragment => self.fragment_state(c)?,
            };
        }
        Ok(())
    }

    /// Reports a validation error at `range` (in the processed input) that does not fail.
    #[inline]
    pub(crate) fn error(&mut self, kind: ValidationErrorKind, range: Range<usize>) {
        if self.sink.wants_errors() {
            let range = self.map.map_range(range);
            self.sink.report(ValidationError {
                kind,
                failure: false,
                range,
            });
        }
    }

    /// Reports a validation error at the current code point.
    #[inline]
    pub(crate) fn error_here(&mut self, kind: ValidationErrorKind) {
        if self.sink.wants_errors() {
            let len = self.c().map_or(0, char::len_utf8);
            self.error(kind, self.pos..self.pos + len);
        }
    }

    /// Reports a validation error that fails the parse and returns the failure.
    pub(crate) fn fail(&mut self, kind: ValidationErrorKind, range: Range<usize>) -> Failure {
        let range = self.map.map_range(range);
        if self.sink.wants_errors() {
            self.sink.report(ValidationError {
                kind,
                failure: true,
                range: range.clone(),
            });
        }
        Failure::Error(kind, range)
    }

    /// The [host parser](https://url.spec.whatwg.org/#concept-host-parser) on
    /// `input[start..pos]` with *isOpaque* = url [is not special](https://url.spec.whatwg.org/#is-not-special),
    /// appending the serialized host to the output.
    pub(crate) fn parse_host(&mut self, start: usize) -> Result<HostKind, Failure> {
        let buffer = self.buffer(start);
        let is_opaque = !self.is_special();
        let mut adapter = HostSink {
            sink: &mut self.sink,
            map: &self.map,
            offset: start,
        };
        match weburl_host::parse_host_into(buffer, is_opaque, &mut self.url.out, &mut adapter) {
            Ok(kind) => {
                if kind == HostKind::Opaque && self.sink.wants_errors() {
                    // The opaque-host parser's steps 2 and 3 (its invalid-URL-unit errors,
                    // which belong to the URL-parsing rows): "If input contains a code point
                    // that is not a URL code point and not U+0025 (%), invalid-URL-unit
                    // validation error." and "If input contains a U+0025 (%) and the two code
                    // points following it are not ASCII hex digits, invalid-URL-unit
                    // validation error." They come after step 1, which did not fail.
                    for r in weburl_host::opaque_host_invalid_url_units(buffer) {
                        self.error(
                            ValidationErrorKind::InvalidUrlUnit,
                            start + r.start..start + r.end,
                        );
                    }
                }
                Ok(kind)
            }
            // The host parser has reported the failing error itself.
            Err(e) => Err(Failure::Error(
                ValidationErrorKind::Host(e.kind),
                self.map
                    .map_range(start + e.range.start..start + e.range.end),
            )),
        }
    }

    /// [`Parser::check_url_unit`] for each code point of `text`, which is the input at `start`.
    #[inline]
    pub(crate) fn check_url_units(&mut self, text: &str, start: usize) {
        if self.sink.wants_errors() {
            for (i, ch) in text.char_indices() {
                self.check_url_unit(ch, start + i);
            }
        }
    }

    /// Reports invalid-URL-unit for `c` where the path, opaque path, query and fragment states
    /// do: "If c is not a URL code point and not U+0025 (%)" and "If c is U+0025 (%) and
    /// remaining does not start with two ASCII hex digits".
    #[inline]
    pub(crate) fn check_url_unit(&mut self, c: char, at: usize) {
        if !self.sink.wants_errors() {
            return;
        }
        let bad = if c == '%' {
            let rest = self.input.as_bytes().get(at + 1..).unwrap_or_default();
            !matches!(rest, [a, b, ..] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
        } else {
            !is_url_code_point(c)
        };
        if bad {
            self.error(ValidationErrorKind::InvalidUrlUnit, at..at + c.len_utf8());
        }
    }
}

/// The index of the first byte of `bytes` that `stop` matches, or the length of `bytes`.
/// Unrolled by four (one loop test per four bytes); each byte still ends the search at once.
#[inline(always)]
pub(crate) fn find_byte(bytes: &[u8], mut stop: impl FnMut(u8) -> bool) -> usize {
    let mut i = 0;
    let mut chunks = bytes.chunks_exact(4);
    for chunk in &mut chunks {
        if let [a, b, c, d] = *chunk {
            if stop(a) {
                return i;
            }
            if stop(b) {
                return i + 1;
            }
            if stop(c) {
                return i + 2;
            }
            if stop(d) {
                return i + 3;
            }
        }
        i += 4;
    }
    for &b in chunks.remainder() {
        if stop(b) {
            return i;
        }
        i += 1;
    }
    i
}

/// Whether `c` is a [URL code point](https://url.spec.whatwg.org/#url-code-points).
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => {
            let u = c as u32;
            // Not a noncharacter (surrogates cannot occur in a `char`).
            !((0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE)
        }
        _ => false,
    }
}

/// Forwards host errors to the URL parser's sink, in original-input coordinates.
struct HostSink<'s, 'm, S: ErrorSink> {
    sink: &'s mut S,
    map: &'m PosMap,
    offset: usize,
}

impl<S: ErrorSink> HostErrorSink for HostSink<'_, '_, S> {
    fn wants_errors(&self) -> bool {
        self.sink.wants_errors()
    }
    fn report(&mut self, error: HostError) {
        let range = self
            .map
            .map_range(self.offset + error.range.start..self.offset + error.range.end);
        self.sink.report(ValidationError {
            kind: ValidationErrorKind::Host(error.kind),
            failure: error.failure,
            range,
        });
    }
}

/// Whether a URL of which `written` bytes are written, with `left` bytes of input still to
/// read in the path, opaque path, query or fragment states, fits in `max_len` however those
/// states write them: at most three bytes per byte of input (UTF-8 percent-encoding), plus
/// the serializer's `/.` and a `/` the path start state may add (16 bytes of slack).
pub(crate) fn rest_fits(written: usize, left: usize, max_len: u32) -> bool {
    written
        .saturating_add(left.saturating_mul(3))
        .saturating_add(16)
        <= max_len as usize
}
