//! The [path start](https://url.spec.whatwg.org/#path-start-state),
//! [path](https://url.spec.whatwg.org/#path-state) and
//! [opaque path](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state) states, and
//! [shortening](https://url.spec.whatwg.org/#shorten-a-urls-path) a path.

use weburl_percent::{utf8_percent_encode_into, AsciiSet, C0_CONTROL, PATH};

use super::file::{is_normalized_windows_drive_letter, is_windows_drive_letter};
use super::{Failure, Flow, Parser, State};
use crate::errors::{ErrorSink, ValidationErrorKind};

/// The bytes the path state stops at in a segment of a URL that is not special: the path
/// percent-encode set (which has `?` and `#`) and U+002F (/).
const PATH_OR_SLASH: AsciiSet = PATH.add(b'/');
/// The same for a special URL, which treats U+005C (\\) as U+002F (/).
const PATH_OR_SLASHES: AsciiSet = PATH_OR_SLASH.add(b'\\');

/// The bytes the opaque path state stops at: the C0 control percent-encode set, U+003F (?),
/// U+0023 (#) and U+0020 SPACE.
const OPAQUE_PATH_STOP: AsciiSet = C0_CONTROL.add(b'?').add(b'#').add(b' ');

/// A [single-dot URL path segment](https://url.spec.whatwg.org/#single-dot-path-segment).
/// (Bytes: the fast path's scan has no `str` for a segment, and needs none.)
pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

/// A [double-dot URL path segment](https://url.spec.whatwg.org/#double-dot-path-segment).
pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    matches!(s.len(), 2 | 4 | 6)
        && (s == b".."
            || s.eq_ignore_ascii_case(b".%2e")
            || s.eq_ignore_ascii_case(b"%2e.")
            || s.eq_ignore_ascii_case(b"%2e%2e"))
}

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// [Path start state](https://url.spec.whatwg.org/#path-start-state).
    pub(crate) fn path_start_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        if self.stops_here() {
            return Ok(Flow::End);
        }
        self.url.path_start = self.url.out.len();
        if self.is_special() {
            if c == Some('\\') {
                self.error_here(ValidationErrorKind::InvalidReverseSolidus);
            }
            return if matches!(c, Some('/' | '\\')) {
                Ok(Flow::Next(State::Path))
            } else {
                self.path_state(c)
            };
        }
        let overridden = self.state_override.is_some();
        match c {
            Some('?') if !overridden => {
                self.start_query();
                Ok(Flow::Next(State::Query))
            }
            Some('#') if !overridden => {
                self.start_fragment();
                Ok(Flow::Next(State::Fragment))
            }
            Some('/') => Ok(Flow::Next(State::Path)),
            Some(_) => self.path_state(c),
            None => {
                if overridden && self.url.host_kind.is_none() {
                    // "append the empty string to url's path."
                    self.url.out.push('/');
                }
                Ok(Flow::End)
            }
        }
    }

    /// [Path state](https://url.spec.whatwg.org/#path-state). The *buffer* is written in place:
    /// the segment being buffered starts at `segment_start` (its `/`) and runs to the end of
    /// the output; at its end it is kept, replaced or removed.
    ///
    /// After a U+002F (/) (or U+005C (\) when special), the state stays the path state: it
    /// loops to the next code point itself instead of returning to [`Parser::run`], and
    /// after `?` or `#` it runs the query or fragment state directly.
    pub(crate) fn path_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        if self.stops_here() {
            return Ok(Flow::End);
        }
        let special = self.is_special();
        let overridden = self.state_override.is_some();
        let ends = |c: Option<char>| match c {
            None | Some('/') => true,
            Some('\\') => special,
            Some('?' | '#') => !overridden,
            Some(_) => false,
        };
        let mut c = c;
        loop {
            if !ends(c) {
                // Not a terminator: "UTF-8 percent-encode c using the path percent-encode set
                // and append the result to buffer". Done for the whole run of code points up
                // to the next possible terminator at once, which is the same as one at a time.
                if self.segment_start.is_none() {
                    self.segment_start = Some(self.url.out.len());
                    self.url.out.push('/');
                }
                let start = self.pos;
                let rest = self.input.get(start..).unwrap_or_default();
                // One pass for the usual segment: the first byte that is in the path
                // percent-encode set or a terminator. When that byte ends the segment, the run
                // before it needs no encoding and is appended as it is; otherwise the run up to
                // the terminator is found and percent-encoded.
                let stops = if special {
                    &PATH_OR_SLASHES
                } else {
                    &PATH_OR_SLASH
                };
                let plain = super::find_byte(rest.as_bytes(), |b| stops.contains(b));
                let next = rest.as_bytes().get(plain).map(|&b| char::from(b));
                // The bytes before `plain` are none of the terminators, which are all in the
                // stop set: the terminator is searched for from there.
                let run = if next.is_none_or(|b| ends(Some(b))) {
                    plain
                } else {
                    let after = rest.as_bytes().get(plain..).unwrap_or_default();
                    plain
                        + super::find_byte(after, |b| match b {
                            b'/' => true,
                            b'\\' => special,
                            b'?' | b'#' => !overridden,
                            _ => false,
                        })
                };
                self.append_run(start, run, plain, &PATH);
                // The run ends at a code point that `ends` (or EOF): this state runs on it.
                c = self.c();
            }
            if special && c == Some('\\') {
                self.error_here(ValidationErrorKind::InvalidReverseSolidus);
            }
            let seg_start = match self.segment_start.take() {
                Some(s) => s,
                None => {
                    let s = self.url.out.len();
                    self.url.out.push('/');
                    s
                }
            };
            let slash = c == Some('/') || (special && c == Some('\\'));
            let segment = self.url.out.get(seg_start + 1..).unwrap_or_default();
            // Single-dot and double-dot segments start with `.` or `%` (`%2e`).
            let dot = matches!(segment.as_bytes().first(), Some(b'.' | b'%'));
            if dot && is_double_dot(segment.as_bytes()) {
                self.url.out.truncate(seg_start);
                self.shorten_path();
                if !slash {
                    self.url.out.push('/');
                }
            } else if dot && is_single_dot(segment.as_bytes()) {
                self.url.out.truncate(seg_start);
                if !slash {
                    self.url.out.push('/');
                }
            } else if self.url.scheme_type.is_file()
                && seg_start == self.url.path_start
                && is_windows_drive_letter(segment)
            {
                // "replace the second code point in buffer with U+003A (:)."
                self.url.out.truncate(seg_start + 2);
                self.url.out.push(':');
            }
            match c {
                Some('?') => {
                    self.start_query();
                    self.pos += 1;
                    let c = self.c();
                    return self.query_state(c);
                }
                Some('#') => {
                    self.start_fragment();
                    self.pos += 1;
                    let c = self.c();
                    return self.fragment_state(c);
                }
                // EOF: the state machine ends.
                None => return Ok(Flow::Next(State::Path)),
                // `/` (or `\` when special): the path state again, on the next code point.
                Some(ch) => {
                    self.pos += ch.len_utf8();
                    c = self.c();
                }
            }
        }
    }

    /// [Opaque path state](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state).
    pub(crate) fn opaque_path_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        if self.stops_here() {
            return Ok(Flow::End);
        }
        match c {
            Some('?') => {
                self.start_query();
                Ok(Flow::Next(State::Query))
            }
            Some('#') => {
                self.start_fragment();
                Ok(Flow::Next(State::Fragment))
            }
            Some(' ') => {
                self.error_here(ValidationErrorKind::InvalidUrlUnit);
                if self.remaining().starts_with(['?', '#']) {
                    self.url.out.push_str("%20");
                } else {
                    self.url.out.push(' ');
                }
                Ok(Flow::Next(State::OpaquePath))
            }
            Some(_) => {
                // "UTF-8 percent-encode c using the C0 control percent-encode set and append
                // the result to url's path", for the run of code points up to the next `?`,
                // `#` or space at once.
                let start = self.pos;
                let rest = self.input.get(start..).unwrap_or_default();
                // One pass for the usual run: when the first byte in the C0 control
                // percent-encode set or among `?`, `#` and space is one of those three (or there
                // is none), the run before it needs no encoding.
                let plain = super::find_byte(rest.as_bytes(), |b| OPAQUE_PATH_STOP.contains(b));
                let plain_to_end =
                    matches!(rest.as_bytes().get(plain), None | Some(b'?' | b'#' | b' '));
                // The bytes before `plain` are not `?`, `#` or space.
                let run = if plain_to_end {
                    plain
                } else {
                    let after = rest.as_bytes().get(plain..).unwrap_or_default();
                    plain + super::find_byte(after, |b| matches!(b, b'?' | b'#' | b' '))
                };
                self.append_run(start, run, plain, &C0_CONTROL);
                Ok(Flow::Again(State::OpaquePath))
            }
            None => Ok(Flow::End),
        }
    }

    /// Appends the run of `len` bytes at `start` (the pointer) to the path and moves the
    /// pointer past it: its first `plain` bytes as they are (none is in `set`), the rest
    /// UTF-8 percent-encoded using `set`; each code point's invalid-URL-unit check first.
    fn append_run(&mut self, start: usize, len: usize, plain: usize, set: &AsciiSet) {
        let text = self.input.get(start..start + len).unwrap_or_default();
        self.check_url_units(text, start);
        let (unchanged, to_encode) = text.split_at_checked(plain).unwrap_or((text, ""));
        self.url.out.push_str(unchanged);
        if !to_encode.is_empty() {
            utf8_percent_encode_into(to_encode, set, &mut self.url.out);
        }
        self.pos = start + len;
    }

    /// [Shorten](https://url.spec.whatwg.org/#shorten-a-urls-path) the path, which is at the
    /// end of the output. Removing the last segment scans only that segment, so a run of
    /// shortenings costs the length of what it removes.
    pub(crate) fn shorten_path(&mut self) {
        let u = &mut self.url;
        let path = u.path_so_far();
        if u.scheme_type.is_file() {
            // "If url's scheme is "file", path's size is 1, and path[0] is a normalized Windows
            // drive letter, then return."
            if let Some(first) = path.strip_prefix('/') {
                if is_normalized_windows_drive_letter(first) {
                    return;
                }
            }
        }
        if let Some(i) = path.rfind('/') {
            let at = u.path_start + i;
            u.out.truncate(at);
        }
    }

    /// Ends the path: once it is complete, the serializer's rule "If url's host is null, url
    /// does not have an opaque path, url's path's size is greater than 1, and url's path\[0\] is
    /// the empty string, then append U+002F (/) followed by U+002E (.) to output" is applied
    /// (once, so it costs one shift of the path).
    pub(crate) fn end_path(&mut self) {
        if self.path_done {
            return;
        }
        self.path_done = true;
        let u = &mut self.url;
        if u.host_kind.is_none() && !u.opaque_path && u.path_so_far().starts_with("//") {
            u.out.insert_str(u.path_start, "/.");
            u.path_start += 2;
        }
    }
}
