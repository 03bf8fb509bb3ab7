//! The [file](https://url.spec.whatwg.org/#file-state),
//! [file slash](https://url.spec.whatwg.org/#file-slash-state) and
//! [file host](https://url.spec.whatwg.org/#file-host-state) states, and the Windows drive
//! letter definitions they use.

use weburl_host::HostKind;

use super::{Failure, Flow, Parser, State};
use crate::errors::{ErrorSink, ValidationErrorKind};
use crate::scheme::SchemeType;

/// Whether `s` is a [Windows drive letter](https://url.spec.whatwg.org/#windows-drive-letter).
pub(crate) fn is_windows_drive_letter(s: &str) -> bool {
    matches!(s.as_bytes(), [a, b':' | b'|'] if a.is_ascii_alphabetic())
}

/// Whether `s` is a [normalized Windows drive letter](https://url.spec.whatwg.org/#normalized-windows-drive-letter).
pub(crate) fn is_normalized_windows_drive_letter(s: &str) -> bool {
    matches!(s.as_bytes(), [a, b':'] if a.is_ascii_alphabetic())
}

/// Whether `s` [starts with a Windows drive letter](https://url.spec.whatwg.org/#start-with-a-windows-drive-letter).
pub(crate) fn starts_with_windows_drive_letter(s: &str) -> bool {
    match s.as_bytes() {
        [a, b':' | b'|'] => a.is_ascii_alphabetic(),
        [a, b':' | b'|', c, ..] => {
            a.is_ascii_alphabetic() && matches!(c, b'/' | b'\\' | b'?' | b'#')
        }
        _ => false,
    }
}

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// [File state](https://url.spec.whatwg.org/#file-state).
    pub(crate) fn file_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        // "Set url's scheme to "file". Set url's host to the empty string."
        let u = &mut self.url;
        u.out.clear();
        u.out.push_str("file://");
        u.scheme_end = 4;
        u.scheme_type = SchemeType::File;
        u.username_end = 7;
        u.host_start = 7;
        u.host_end = 7;
        u.host_kind = Some(HostKind::Empty);
        u.path_start = 7;
        match c {
            Some('/' | '\\') => {
                if c == Some('\\') {
                    self.error_here(ValidationErrorKind::InvalidReverseSolidus);
                }
                // "Set state to file slash state", on the next code point: run directly.
                self.pos += 1;
                let c = self.c();
                self.file_slash_state(c)
            }
            _ => match self.base.filter(|b| b.offsets.scheme_type.is_file()) {
                Some(base) => {
                    // "Set url's host to base's host, url's path to a clone of base's path,
                    // and url's query to base's query."
                    self.copy_base_authority(base);
                    self.copy_base_path(base);
                    match c {
                        Some('?') => {
                            self.start_query();
                            Ok(Flow::Next(State::Query))
                        }
                        Some('#') => {
                            self.copy_base_query(base);
                            self.start_fragment();
                            Ok(Flow::Next(State::Fragment))
                        }
                        Some(_) => {
                            // "Set url's query to null."
                            let rest = self.input.get(self.pos..).unwrap_or_default();
                            if !starts_with_windows_drive_letter(rest) {
                                self.shorten_path();
                            } else {
                                self.error(
                                    ValidationErrorKind::FileInvalidWindowsDriveLetter,
                                    self.pos..self.pos + 2,
                                );
                                // "Set url's path to « »."
                                self.url.out.truncate(self.url.path_start);
                            }
                            Ok(Flow::Again(State::Path))
                        }
                        None => {
                            self.copy_base_query(base);
                            Ok(Flow::End)
                        }
                    }
                }
                None => Ok(Flow::Again(State::Path)),
            },
        }
    }

    /// [File slash state](https://url.spec.whatwg.org/#file-slash-state).
    pub(crate) fn file_slash_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        match c {
            Some('/' | '\\') => {
                if c == Some('\\') {
                    self.error_here(ValidationErrorKind::InvalidReverseSolidus);
                }
                self.pos += 1;
                self.buffer_start = self.pos;
                let c = self.c();
                self.file_host_state(c)
            }
            _ => {
                if let Some(base) = self.base.filter(|b| b.offsets.scheme_type.is_file()) {
                    // "Set url's host to base's host."
                    self.copy_base_authority(base);
                    let rest = self.input.get(self.pos..).unwrap_or_default();
                    let base_first = base
                        .path_segments()
                        .and_then(|mut s| s.next())
                        .unwrap_or_default();
                    if !starts_with_windows_drive_letter(rest)
                        && is_normalized_windows_drive_letter(base_first)
                    {
                        // "append base's path[0] to url's path."
                        self.url.out.push('/');
                        self.url.out.push_str(base_first);
                    }
                }
                Ok(Flow::Again(State::Path))
            }
        }
    }

    /// [File host state](https://url.spec.whatwg.org/#file-host-state). The *buffer* is the
    /// input from `buffer_start`.
    pub(crate) fn file_host_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        if !matches!(c, None | Some('/' | '\\' | '?' | '#')) {
            // "Otherwise, append c to buffer" (the buffer is the input).
            self.skip_until(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'));
            return Ok(Flow::Again(State::FileHost));
        }
        let buffer = self.buffer(self.buffer_start);
        if self.state_override.is_none() && is_windows_drive_letter(buffer) {
            self.error(
                ValidationErrorKind::FileInvalidWindowsDriveLetterHost,
                self.buffer_start..self.pos,
            );
            // "buffer is not reset here and instead used in the path state": it becomes the
            // path segment being buffered. Its code points are ASCII alpha and `:` or `|`,
            // which the path percent-encode set leaves alone.
            let u = &mut self.url;
            u.path_start = u.out.len();
            self.segment_start = Some(u.out.len());
            u.out.push('/');
            u.out.push_str(buffer);
            return Ok(Flow::Again(State::Path));
        }
        if buffer.is_empty() {
            // "Set url's host to the empty string."
            let u = &mut self.url;
            u.out.truncate(u.host_start);
            u.host_end = u.host_start;
            u.host_kind = Some(HostKind::Empty);
            self.host_set = true;
            if self.state_override.is_some() {
                return Ok(Flow::End);
            }
            self.url.path_start = self.url.out.len();
            return Ok(Flow::Again(State::PathStart));
        }
        let start = self.url.host_start;
        self.url.out.truncate(start);
        let mut kind = self.parse_host(self.buffer_start)?;
        // "If host is "localhost", then set host to the empty string."
        if self.url.out.get(start..) == Some("localhost") {
            self.url.out.truncate(start);
            kind = HostKind::Empty;
        }
        let u = &mut self.url;
        u.host_end = u.out.len();
        u.host_kind = Some(kind);
        self.host_set = true;
        if self.state_override.is_some() {
            return Ok(Flow::End);
        }
        self.url.path_start = self.url.out.len();
        Ok(Flow::Again(State::PathStart))
    }
}
