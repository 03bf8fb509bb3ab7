//! The states that choose between a relative reference and an authority:
//! [special relative or authority](https://url.spec.whatwg.org/#special-relative-or-authority-state),
//! [path or authority](https://url.spec.whatwg.org/#path-or-authority-state),
//! [relative](https://url.spec.whatwg.org/#relative-state),
//! [relative slash](https://url.spec.whatwg.org/#relative-slash-state),
//! [special authority slashes](https://url.spec.whatwg.org/#special-authority-slashes-state) and
//! [special authority ignore slashes](https://url.spec.whatwg.org/#special-authority-ignore-slashes-state);
//! and copying components from the base URL.

use super::{Failure, Flow, Parser, State};
use crate::errors::{ErrorSink, ValidationErrorKind};
use crate::offsets::us;
use crate::url::Url;

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// [Special relative or authority state](https://url.spec.whatwg.org/#special-relative-or-authority-state).
    pub(crate) fn special_relative_or_authority_state(
        &mut self,
        c: Option<char>,
    ) -> Result<Flow, Failure> {
        if c == Some('/') && self.remaining().starts_with('/') {
            // "set state to special authority ignore slashes state and increase pointer by
            // 1", then the machine's increase: that state runs on the code point after both.
            self.pos += 2;
            let c = self.c();
            self.special_authority_ignore_slashes_state(c)
        } else {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos..self.pos,
            );
            Ok(Flow::Again(State::Relative))
        }
    }

    /// [Path or authority state](https://url.spec.whatwg.org/#path-or-authority-state).
    pub(crate) fn path_or_authority_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        if c == Some('/') {
            // "set state to authority state", on the next code point.
            self.pos += 1;
            self.begin_authority(self.pos);
            let c = self.c();
            self.authority_state(c)
        } else {
            // The first '/' was consumed by the scheme state: it starts the path.
            self.url.path_start = self.url.out.len();
            self.path_state(c)
        }
    }

    /// [Relative state](https://url.spec.whatwg.org/#relative-state).
    pub(crate) fn relative_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        let Some(base) = self.base else {
            // Unreachable: only entered with a base.
            return Err(self.fail(ValidationErrorKind::MissingSchemeNonRelativeUrl, 0..0));
        };
        // "Set url's scheme to base's scheme." (The special relative or authority state may
        // have written the same scheme already.)
        let u = &mut self.url;
        u.out.clear();
        u.out.push_str(base.protocol());
        u.scheme_end = us(base.offsets.scheme_end);
        u.scheme_type = base.offsets.scheme_type;
        let after = u.out.len();
        u.username_end = after;
        u.host_start = after;
        u.host_end = after;
        match c {
            Some('/') => Ok(Flow::Next(State::RelativeSlash)),
            Some('\\') if self.is_special() => {
                self.error_here(ValidationErrorKind::InvalidReverseSolidus);
                Ok(Flow::Next(State::RelativeSlash))
            }
            _ => {
                // "Set url's username to base's username, ..., url's path to a clone of
                // base's path, and url's query to base's query."
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
                        // "Set url's query to null. Shorten url's path. Set state to path
                        // state and decrease pointer by 1."
                        self.shorten_path();
                        Ok(Flow::Again(State::Path))
                    }
                    None => {
                        self.copy_base_query(base);
                        Ok(Flow::End)
                    }
                }
            }
        }
    }

    /// [Relative slash state](https://url.spec.whatwg.org/#relative-slash-state).
    pub(crate) fn relative_slash_state(&mut self, c: Option<char>) -> Result<Flow, Failure> {
        if self.is_special() && matches!(c, Some('/' | '\\')) {
            if c == Some('\\') {
                self.error_here(ValidationErrorKind::InvalidReverseSolidus);
            }
            Ok(Flow::Next(State::SpecialAuthorityIgnoreSlashes))
        } else if c == Some('/') {
            self.begin_authority(self.pos + 1);
            Ok(Flow::Next(State::Authority))
        } else {
            // "set url's username to base's username, url's password to base's password,
            // url's host to base's host, url's port to base's port, state to path state, and
            // then, decrease pointer by 1."
            if let Some(base) = self.base {
                self.copy_base_authority(base);
            }
            self.url.path_start = self.url.out.len();
            Ok(Flow::Again(State::Path))
        }
    }

    /// [Special authority slashes state](https://url.spec.whatwg.org/#special-authority-slashes-state).
    pub(crate) fn special_authority_slashes_state(
        &mut self,
        c: Option<char>,
    ) -> Result<Flow, Failure> {
        if c == Some('/') && self.remaining().starts_with('/') {
            // "set state to special authority ignore slashes state and increase pointer by
            // 1", then the machine's increase: that state runs on the code point after both.
            self.pos += 2;
            let c = self.c();
            self.special_authority_ignore_slashes_state(c)
        } else {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos..self.pos,
            );
            self.special_authority_ignore_slashes_state(c)
        }
    }

    /// [Special authority ignore slashes state](https://url.spec.whatwg.org/#special-authority-ignore-slashes-state).
    pub(crate) fn special_authority_ignore_slashes_state(
        &mut self,
        c: Option<char>,
    ) -> Result<Flow, Failure> {
        if !matches!(c, Some('/' | '\\')) {
            self.begin_authority(self.pos);
            self.authority_state(c)
        } else {
            self.error_here(ValidationErrorKind::SpecialSchemeMissingFollowingSolidus);
            Ok(Flow::Next(State::SpecialAuthorityIgnoreSlashes))
        }
    }

    /// Writes `//`, which the URL will have since the authority state always ends with a
    /// host or failure, and starts the authority state's buffer at `buffer_start`.
    pub(crate) fn begin_authority(&mut self, buffer_start: usize) {
        let u = &mut self.url;
        u.out.push_str("//");
        let at = u.out.len();
        u.username_end = at;
        u.host_start = at;
        u.host_end = at;
        self.buffer_start = buffer_start;
    }

    /// Copies the base's username, password, host and port (`//userinfo@host:port`, or
    /// nothing when its host is null). The output is the base's scheme and `:` at this point,
    /// so the base's offsets are the copy's.
    pub(crate) fn copy_base_authority(&mut self, base: &Url) {
        let u = &mut self.url;
        u.out.truncate(us(base.offsets.scheme_end) + 1);
        if base.offsets.host_kind.is_some() {
            let end = if base.offsets.port.is_some() {
                us(base.offsets.path_start)
            } else {
                us(base.offsets.host_end)
            };
            u.out
                .push_str(base.slice(us(base.offsets.scheme_end) + 1, end));
        }
        u.username_end = us(base.offsets.username_end);
        u.host_start = us(base.offsets.host_start);
        u.host_end = us(base.offsets.host_end);
        u.port = base.offsets.port;
        u.host_kind = base.offsets.host_kind;
        u.path_start = u.out.len();
    }

    /// Copies the base's path (a list: the base never has an opaque path here), without the
    /// serializer's `/.` marker.
    pub(crate) fn copy_base_path(&mut self, base: &Url) {
        self.url.path_start = self.url.out.len();
        self.url
            .out
            .push_str(base.slice(us(base.offsets.path_start), base.path_end()));
    }

    /// Copies the base's query (after its path was copied), if it is non-null.
    pub(crate) fn copy_base_query(&mut self, base: &Url) {
        if let Some(q) = base.offsets.query_start {
            self.end_path();
            self.url.query_start = Some(self.url.out.len());
            self.url.out.push_str(base.slice(us(q), base.query_end()));
        }
    }
}
