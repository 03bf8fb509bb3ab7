//! The [`URL` class](https://url.spec.whatwg.org/#url-class)'s setters. Each runs the spec's
//! setter steps: most run the basic URL parser with this URL as *url* and a *state override*,
//! which here means: the parser runs from the overridden state into a small scratch frame (the
//! little of the URL before the component that the parser looks at, then the new component),
//! and the new component replaces the old one in the URL's own buffer (one move of the part
//! after it; no new buffer for the whole URL).
//!
//! Every setter has a form that reports the validation errors of that parser run to an
//! [`ErrorSink`]: [`Url::set_with_errors`] with a [`Setter`]. The plain `set_*` methods pass
//! `()`, which costs nothing. Every setter also refuses, leaving the URL unchanged, a result
//! longer than the URL's [`max_length`](Url::max_length).
//!
//! The plain `set_*` methods (and [`Url::set`]) are `#[inline]` wrappers of the generic ones:
//! a setter is then compiled only in the programs that call it, not into weburl-core for every
//! program (docs/performance.md, "Clean builds").

use alloc::string::String;
use core::fmt;

use weburl_host::HostKind;
use weburl_percent::{utf8_percent_encode_into, USERINFO};

use crate::errors::{ErrorSink, ParseError, ParseErrorKind, SetterError, ValidationErrorKind};
use crate::offsets::us;
use crate::offsets::Boundary;
use crate::route::{self, Overridden, ParseOptions};
use crate::state_machine::scheme::scheme_state_override;
use crate::state_machine::{input, Failure, State, UrlBuf};
use crate::url::Url;

/// One of the [`URL` class](https://url.spec.whatwg.org/#url-class)'s settable attributes, for
/// [`Url::set`] and [`Url::set_with_errors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Setter {
    /// [`href`](https://url.spec.whatwg.org/#dom-url-href): [`Url::set_href`].
    Href,
    /// [`protocol`](https://url.spec.whatwg.org/#dom-url-protocol): [`Url::set_protocol`].
    Protocol,
    /// [`username`](https://url.spec.whatwg.org/#dom-url-username): [`Url::set_username`].
    Username,
    /// [`password`](https://url.spec.whatwg.org/#dom-url-password): [`Url::set_password`].
    Password,
    /// [`host`](https://url.spec.whatwg.org/#dom-url-host): [`Url::set_host`].
    Host,
    /// [`hostname`](https://url.spec.whatwg.org/#dom-url-hostname): [`Url::set_hostname`].
    Hostname,
    /// [`port`](https://url.spec.whatwg.org/#dom-url-port): [`Url::set_port`].
    Port,
    /// [`pathname`](https://url.spec.whatwg.org/#dom-url-pathname): [`Url::set_pathname`].
    Pathname,
    /// [`search`](https://url.spec.whatwg.org/#dom-url-search): [`Url::set_search`].
    Search,
    /// [`hash`](https://url.spec.whatwg.org/#dom-url-hash): [`Url::set_hash`].
    Hash,
}

impl Setter {
    /// Every setter, in the order the spec defines the attributes.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// The attribute's name, e.g. `"pathname"`.
    pub const fn name(self) -> &'static str {
        match self {
            Setter::Href => "href",
            Setter::Protocol => "protocol",
            Setter::Username => "username",
            Setter::Password => "password",
            Setter::Host => "host",
            Setter::Hostname => "hostname",
            Setter::Port => "port",
            Setter::Pathname => "pathname",
            Setter::Search => "search",
            Setter::Hash => "hash",
        }
    }
}

impl fmt::Display for Setter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Not a spec step: a value over 4 GiB is refused before it is read, as the parser refuses
/// such an input.
fn check_value_len(value: &str) -> Result<(), SetterError> {
    match u32::try_from(value.len()) {
        Ok(_) => Ok(()),
        Err(_) => Err(SetterError::TooLong),
    }
}

impl Url {
    /// The value of `setter`'s attribute: what its getter returns (e.g. [`Url::pathname`] for
    /// [`Setter::Pathname`]).
    ///
    /// ```
    /// use weburl_core::{Setter, Url};
    /// let url = Url::parse("https://example.com:8080/a?b#c").unwrap();
    /// let values: Vec<_> = Setter::ALL.iter().map(|&s| url.get(s)).collect();
    /// assert_eq!(
    ///     values,
    ///     ["https://example.com:8080/a?b#c", "https:", "", "", "example.com:8080", "example.com", "8080", "/a", "?b", "#c"]
    /// );
    /// ```
    pub fn get(&self, setter: Setter) -> &str {
        match setter {
            Setter::Href => self.href(),
            Setter::Protocol => self.protocol(),
            Setter::Username => self.username(),
            Setter::Password => self.password(),
            Setter::Host => self.host(),
            Setter::Hostname => self.hostname(),
            Setter::Port => self.port(),
            Setter::Pathname => self.pathname(),
            Setter::Search => self.search(),
            Setter::Hash => self.hash(),
        }
    }

    /// Runs `setter` with `value`: the same as the `set_*` method it names (for
    /// [`Setter::Href`], a parse failure is [`SetterError::Invalid`] or
    /// [`SetterError::TooLong`]).
    #[inline]
    pub fn set(&mut self, setter: Setter, value: &str) -> Result<(), SetterError> {
        self.set_with_errors(setter, value, ())
    }

    /// Runs `setter` with `value`, reporting to `sink` the validation errors the spec's setter
    /// steps raise, in the order they occur. Ranges are byte ranges of `value` as given (for
    /// `search` and `hash`, including the leading `?` or `#` the setter removes).
    ///
    /// The username and password setters, and setters that return before parsing (e.g. the
    /// host setter on a URL with an opaque path), raise none. Setting `href` reports what
    /// parsing the value does.
    ///
    /// ```
    /// use weburl_core::{Setter, Url, ValidationError};
    /// let mut url = Url::parse("https://example.com/").unwrap();
    /// let mut errors: Vec<ValidationError> = Vec::new();
    /// url.set_with_errors(Setter::Pathname, "/a\\b c", &mut errors).unwrap();
    /// assert_eq!(url.href(), "https://example.com/a/b%20c");
    /// let found: Vec<_> = errors.iter().map(|e| (e.kind.name(), e.range.clone())).collect();
    /// assert_eq!(found, [("invalid-reverse-solidus", 2..3), ("invalid-URL-unit", 4..5)]);
    /// ```
    pub fn set_with_errors<S: ErrorSink>(
        &mut self,
        setter: Setter,
        value: &str,
        sink: S,
    ) -> Result<(), SetterError> {
        match setter {
            Setter::Href => self.set_href_with(value, sink).map_err(|e| match e.kind() {
                ParseErrorKind::Validation(kind) => SetterError::Invalid(kind),
                ParseErrorKind::TooLong => SetterError::TooLong,
            }),
            Setter::Protocol => self.set_protocol_with(value, sink),
            Setter::Username => self.set_username(value),
            Setter::Password => self.set_password(value),
            Setter::Host => self.set_host_or_hostname(value, State::Host, sink),
            Setter::Hostname => self.set_host_or_hostname(value, State::Hostname, sink),
            Setter::Port => self.set_port_with(value, sink),
            Setter::Pathname => self.set_pathname_with(value, sink),
            Setter::Search => self.set_search_with(value, sink),
            Setter::Hash => self.set_hash_with(value, sink),
        }
    }

    /// The longest serialization this URL's setters may produce, in bytes: the
    /// [`ParseOptions::max_length`](crate::ParseOptions::max_length) it was parsed with, else
    /// `u32::MAX`. A setter whose result would be longer refuses with
    /// [`SetterError::TooLong`] and leaves the URL unchanged.
    pub fn max_length(&self) -> usize {
        us(self.max_len)
    }

    /// Changes [`max_length`](Url::max_length) (values over `u32::MAX` mean `u32::MAX`).
    /// Refuses with [`SetterError::TooLong`], changing nothing, if the URL is already longer.
    pub fn set_max_length(&mut self, max_length: usize) -> Result<(), SetterError> {
        let max = u32::try_from(max_length).unwrap_or(u32::MAX);
        if self.serialization.len() > us(max) {
            return Err(SetterError::TooLong);
        }
        self.max_len = max;
        Ok(())
    }

    /// A scratch frame for [`route::run_override`]: this URL's host kind, port,
    /// scheme type and opaque-path flag, an empty serialization and offsets at 0.
    fn scratch(&self, cap: usize) -> UrlBuf {
        let mut buf = UrlBuf::new(String::with_capacity(cap));
        buf.port = self.offsets.port;
        buf.host_kind = self.offsets.host_kind;
        buf.scheme_type = self.offsets.scheme_type;
        buf.opaque_path = self.offsets.opaque_path;
        buf
    }

    /// The [`href` setter](https://url.spec.whatwg.org/#dom-url-href): parses `value` and, if
    /// it parses, replaces this URL with the result (which keeps this URL's
    /// [`max_length`](Url::max_length)).
    #[inline]
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        self.set_href_with(value, ())
    }

    fn set_href_with<S: ErrorSink>(&mut self, value: &str, sink: S) -> Result<(), ParseError> {
        let options = ParseOptions {
            max_length: self.max_len,
            ..ParseOptions::new()
        };
        *self = route::parse(value, &options, sink)?;
        Ok(())
    }

    /// The [`protocol` setter](https://url.spec.whatwg.org/#dom-url-protocol): the basic URL
    /// parser on the value followed by U+003A (:) with the scheme start state as state override.
    #[inline]
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_protocol_with(value, ())
    }

    fn set_protocol_with<S: ErrorSink>(
        &mut self,
        value: &str,
        mut sink: S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        // The scheme states raise no validation error with a state override; removing tabs
        // and newlines does.
        let (processed, _) = input::preprocess(value, false, 0, &mut sink);
        let mut with_colon = String::with_capacity(processed.len() + 1);
        with_colon.push_str(&processed);
        with_colon.push(':');
        let (scheme, scheme_type) = scheme_state_override(
            &with_colon,
            self.offsets.scheme_type,
            self.scheme(),
            self.includes_credentials() || self.offsets.port.is_some(),
            self.offsets.host_kind == Some(HostKind::Empty),
        )?;
        // "Set url's scheme to buffer. If url's port is url's scheme's default port, then set
        // url's port to null."
        let drop_port =
            self.offsets.port.is_some() && self.offsets.port == scheme_type.default_port();
        // The new scheme replaces the old; without the port, `:port` goes too (first, so
        // that the scheme's splice is the last edit; both are checked against the length
        // limit before either is made).
        let port_range = us(self.offsets.host_end)..us(self.offsets.path_start);
        let removed = if drop_port { port_range.len() } else { 0 };
        let old_end = us(self.offsets.scheme_end);
        let kept = self.serialization.len() - removed - old_end;
        if kept + scheme.len() > us(self.max_len) {
            return Err(SetterError::TooLong);
        }
        if drop_port {
            self.splice(port_range, "", Boundary::PathStart, |o| o.port = None)?;
        }
        self.splice(0..old_end, &scheme, Boundary::SchemeEnd, |o| {
            o.scheme_type = scheme_type;
        })
    }

    /// The [`username` setter](https://url.spec.whatwg.org/#dom-url-username).
    pub fn set_username(&mut self, value: &str) -> Result<(), SetterError> {
        check_value_len(value)?;
        self.cannot_have_username_password_port()?;
        let mut username = String::new();
        utf8_percent_encode_into(value, &USERINFO, &mut username);
        let password = String::from(self.password());
        self.set_userinfo(&username, &password)
    }

    /// The [`password` setter](https://url.spec.whatwg.org/#dom-url-password).
    pub fn set_password(&mut self, value: &str) -> Result<(), SetterError> {
        check_value_len(value)?;
        self.cannot_have_username_password_port()?;
        let mut password = String::new();
        utf8_percent_encode_into(value, &USERINFO, &mut password);
        let username = String::from(self.username());
        self.set_userinfo(&username, &password)
    }

    fn cannot_have_username_password_port(&self) -> Result<(), SetterError> {
        // "If this's URL cannot have a username/password/port, then return."
        if matches!(self.offsets.host_kind, None | Some(HostKind::Empty))
            || self.offsets.scheme_type.is_file()
        {
            Err(SetterError::CannotHaveUsernamePasswordPort)
        } else {
            Ok(())
        }
    }

    /// Rewrites `//username:password@` (the URL has a host).
    fn set_userinfo(&mut self, username: &str, password: &str) -> Result<(), SetterError> {
        let start = us(self.offsets.scheme_end) + 3;
        let end = us(self.offsets.host_start);
        let mut piece = String::with_capacity(username.len() + password.len() + 2);
        piece.push_str(username);
        if !password.is_empty() {
            piece.push(':');
            piece.push_str(password);
        }
        if !username.is_empty() || !password.is_empty() {
            piece.push('@');
        }
        self.splice(start..end, &piece, Boundary::HostStart, |o| {
            o.username_end = start + username.len();
        })
    }

    /// The [`host` setter](https://url.spec.whatwg.org/#dom-url-host). When the value's host
    /// is accepted but its port is not, the host is set and the error says why the port was
    /// not.
    #[inline]
    pub fn set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, State::Host, ())
    }

    /// The [`hostname` setter](https://url.spec.whatwg.org/#dom-url-hostname).
    #[inline]
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, State::Hostname, ())
    }

    fn set_host_or_hostname<S: ErrorSink>(
        &mut self,
        value: &str,
        state: State,
        sink: S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        // "If this's URL has an opaque path, then return."
        if self.offsets.opaque_path {
            return Err(SetterError::OpaquePath);
        }
        // The scratch frame stands for the URL before its host, `scheme://userinfo@`: all the
        // parser looks at there is whether it includes credentials (`host_start >
        // scheme_end + 3`), so a `@` stands for any userinfo. A null host gets `//`.
        let mut buf = self.scratch(value.len() + 8);
        buf.out.push_str(if self.includes_credentials() {
            "://@"
        } else {
            "://"
        });
        let base = buf.out.len();
        buf.username_end = base;
        buf.host_start = base;
        buf.host_end = base;
        buf.path_start = base;
        let Overridden {
            url: buf,
            result,
            host_set,
            port_set,
        } = route::run_override(value, 0, state, buf, sink, false);
        if !host_set {
            // Nothing changed. (A run that sets no host always fails.)
            return Err(match result {
                Err(failure) => failure.into_setter_error(),
                Ok(()) => SetterError::Invalid(ValidationErrorKind::HostMissing),
            });
        }
        // The new host replaces the old one (the `:port` too if a new port was set; with a null
        // host, the `/.` marker, which a URL with a host has no need of).
        let (range, lead) = if self.offsets.host_kind.is_none() {
            let at = us(self.offsets.scheme_end) + 1;
            (at..us(self.offsets.path_start), "//")
        } else if port_set {
            (us(self.offsets.host_start)..us(self.offsets.path_start), "")
        } else {
            (us(self.offsets.host_start)..us(self.offsets.host_end), "")
        };
        // (`//` is the end of the frame's `://`.)
        let piece = buf.out.get(base - lead.len()..).unwrap_or_default();
        // The frame's offsets, where the piece is put.
        let inside = |o: usize| o - base + range.start + lead.len();
        let null_host = self.offsets.host_kind.is_none();
        self.splice(range.clone(), piece, Boundary::PathStart, |o| {
            if null_host {
                o.username_end = range.start + 2;
            }
            o.host_start = inside(buf.host_start);
            o.host_end = inside(buf.host_end);
            o.port = buf.port;
            o.host_kind = buf.host_kind;
        })?;
        result.map_err(Failure::into_setter_error)
    }

    /// The [`port` setter](https://url.spec.whatwg.org/#dom-url-port).
    #[inline]
    pub fn set_port(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_port_with(value, ())
    }

    fn set_port_with<S: ErrorSink>(&mut self, value: &str, sink: S) -> Result<(), SetterError> {
        check_value_len(value)?;
        self.cannot_have_username_password_port()?;
        // `:port` is replaced; the scratch frame holds only it.
        let range = us(self.offsets.host_end)..us(self.offsets.path_start);
        let mut buf = self.scratch(8);
        buf.port = None;
        if !value.is_empty() {
            // (Otherwise "set this's URL's port to null.")
            let run = route::run_override(value, 0, State::Port, buf, sink, false);
            run.result.map_err(Failure::into_setter_error)?;
            buf = run.url;
        }
        self.splice(range, &buf.out, Boundary::PathStart, |o| o.port = buf.port)
    }

    /// The [`pathname` setter](https://url.spec.whatwg.org/#dom-url-pathname).
    #[inline]
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_pathname_with(value, ())
    }

    fn set_pathname_with<S: ErrorSink>(&mut self, value: &str, sink: S) -> Result<(), SetterError> {
        check_value_len(value)?;
        if self.offsets.opaque_path {
            return Err(SetterError::OpaquePath);
        }
        // "Empty this's URL's path." (Dropping the `/.` marker with it.) The scratch frame
        // holds only the new path (and marker).
        let start = if self.offsets.host_kind.is_none() {
            us(self.offsets.host_end)
        } else {
            us(self.offsets.path_start)
        };
        let end = self.path_end();
        let frame = self.scratch(value.len() + 8);
        let run = route::run_override(value, 0, State::PathStart, frame, sink, true);
        run.result.map_err(Failure::into_setter_error)?;
        let buf = run.url;
        self.splice(start..end, &buf.out, Boundary::QueryStart, |o| {
            o.path_start = start + buf.path_start;
        })
    }

    /// The [`search` setter](https://url.spec.whatwg.org/#dom-url-search).
    #[inline]
    pub fn set_search(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_search_with(value, ())
    }

    fn set_search_with<S: ErrorSink>(&mut self, value: &str, sink: S) -> Result<(), SetterError> {
        check_value_len(value)?;
        let mut buf = self.scratch(value.len() + 1);
        if !value.is_empty() {
            // (Otherwise "set url's query to null".)
            // "Let input be the given value with a single leading U+003F (?) removed, if any.
            // Set url's query to the empty string."
            let input = value.strip_prefix('?').unwrap_or(value);
            let offset = value.len() - input.len();
            buf.query_start = Some(0);
            buf.out.push('?');
            let run = route::run_override(input, offset, State::Query, buf, sink, false);
            run.result.map_err(Failure::into_setter_error)?;
            buf = run.url;
        }
        self.replace_query(&buf.out)
    }

    /// Sets the query to `query` as it is (already encoded), or null.
    #[cfg(feature = "form")]
    pub(crate) fn set_query_raw(&mut self, query: Option<&str>) -> Result<(), SetterError> {
        match query {
            Some(q) => {
                let mut piece = String::with_capacity(q.len() + 1);
                piece.push('?');
                piece.push_str(q);
                self.replace_query(&piece)
            }
            None => self.replace_query(""),
        }
    }

    /// Replaces `?query` with `piece`: `?` and the new query (already encoded), or nothing
    /// for a null query.
    fn replace_query(&mut self, piece: &str) -> Result<(), SetterError> {
        let (start, end) = (self.path_end(), self.query_end());
        self.splice(start..end, piece, Boundary::FragmentStart, |o| {
            o.query_start = (!piece.is_empty()).then_some(start);
        })
    }

    /// The [`hash` setter](https://url.spec.whatwg.org/#dom-url-hash).
    #[inline]
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_hash_with(value, ())
    }

    fn set_hash_with<S: ErrorSink>(&mut self, value: &str, sink: S) -> Result<(), SetterError> {
        check_value_len(value)?;
        let range = self.query_end()..self.serialization.len();
        if value.is_empty() {
            // "set this's URL's fragment to null and return."
            return self.splice(range, "", Boundary::End, |o| o.fragment_start = None);
        }
        let input = value.strip_prefix('#').unwrap_or(value);
        let offset = value.len() - input.len();
        // The fragment is last: the parser appends the new one to the URL's own buffer, after
        // the old one, which is then removed (and on failure, the new one).
        let mut buf = self.scratch(0);
        buf.out = core::mem::take(&mut self.serialization);
        buf.out.push('#');
        let Overridden {
            url: buf, result, ..
        } = route::run_override(input, offset, State::Fragment, buf, sink, false);
        self.serialization = buf.out;
        let result = result.map_err(Failure::into_setter_error).and_then(|()| {
            self.splice(range.clone(), "", Boundary::End, |o| {
                o.fragment_start = Some(range.start);
            })
        });
        if result.is_err() {
            self.serialization.truncate(range.end);
        }
        result
    }
}
