//! The [`URL` class](https://url.spec.whatwg.org/#url-class)'s setters. Each runs the spec's
//! setter steps: most run the basic URL parser with this URL as *url* and a *state override*,
//! which here means: the part of the URL before the component is copied into a new buffer,
//! the parser runs from the overridden state, and the rest of the old URL is appended.
//!
//! Every setter has a form that reports the validation errors of that parser run to an
//! [`ErrorSink`]: [`Url::set_with_errors`] with a [`Setter`]. The plain `set_*` methods pass
//! `()`, which costs nothing. Every setter also refuses, leaving the URL unchanged, a result
//! longer than the URL's [`max_length`](Url::max_length).

use alloc::string::String;
use core::fmt;

use weburl_host::HostKind;
use weburl_percent::{utf8_percent_encode_into, USERINFO};

use crate::errors::{ErrorSink, ParseError, ParseErrorKind, SetterError};
use crate::parser::scheme::scheme_state_override;
use crate::parser::{input, Failure, ParseConfig, Parser, PosMap, State, UrlBuf};
use crate::url::{us, Url};

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
    /// Runs `setter` with `value`: the same as the `set_*` method it names (for
    /// [`Setter::Href`], a parse failure is [`SetterError::Invalid`] or
    /// [`SetterError::TooLong`]).
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
        mut sink: S,
    ) -> Result<(), SetterError> {
        let sink = &mut sink;
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

    /// Replaces `self` with a completed buffer, or reports that it is too long (longer than
    /// [`max_length`](Url::max_length)), leaving `self` unchanged.
    fn commit(&mut self, buf: UrlBuf) -> Result<(), SetterError> {
        match buf.into_url(self.max_len) {
            Some(url) => {
                *self = url;
                Ok(())
            }
            None => Err(SetterError::TooLong),
        }
    }

    /// Runs the basic URL parser on `value` with this URL as *url* (its part before the
    /// component already in `buf`) and `state` as *state override*. `offset` is where `value`
    /// starts in the setter's value, for error ranges.
    fn run_override<S: ErrorSink>(
        &self,
        value: &str,
        offset: usize,
        state: State,
        buf: UrlBuf,
        sink: &mut S,
        setup: impl FnOnce(&mut Parser<'_, '_, &mut S>),
    ) -> (UrlBuf, Result<(), Failure>, bool, bool) {
        // With *url* given there is no trimming; tabs and newlines are still removed.
        let (processed, map) = input::preprocess(value, false, offset, sink);
        let mut parser = Parser::new(
            &processed,
            map,
            None,
            encoding_rs::UTF_8,
            Some(state),
            sink,
            buf,
        );
        setup(&mut parser);
        let result = parser.run(state);
        (parser.url, result, parser.host_set, parser.port_set)
    }

    /// The [`href` setter](https://url.spec.whatwg.org/#dom-url-href): parses `value` and, if
    /// it parses, replaces this URL with the result (which keeps this URL's
    /// [`max_length`](Url::max_length)).
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        self.set_href_with(value, &mut ())
    }

    fn set_href_with<S: ErrorSink>(&mut self, value: &str, sink: &mut S) -> Result<(), ParseError> {
        let config = ParseConfig {
            base: None,
            encoding: encoding_rs::UTF_8,
            max_len: self.max_len,
            fast: true,
        };
        *self = crate::parser::parse(value, &config, sink)?;
        Ok(())
    }

    /// The [`protocol` setter](https://url.spec.whatwg.org/#dom-url-protocol): the basic URL
    /// parser on the value followed by U+003A (:) with the scheme start state as state override.
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_protocol_with(value, &mut ())
    }

    fn set_protocol_with<S: ErrorSink>(
        &mut self,
        value: &str,
        sink: &mut S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        // The scheme states raise no validation error with a state override; removing tabs
        // and newlines does.
        let (processed, _) = input::preprocess(value, false, 0, sink);
        let mut with_colon = String::with_capacity(processed.len() + 1);
        with_colon.push_str(&processed);
        with_colon.push(':');
        let (scheme, scheme_type) = scheme_state_override(
            &with_colon,
            self.scheme_type,
            self.scheme(),
            self.includes_credentials() || self.port.is_some(),
            self.host_kind == Some(HostKind::Empty),
        )?;
        // "Set url's scheme to buffer. If url's port is url's scheme's default port, then set
        // url's port to null."
        let drop_port = self.port.is_some() && self.port == scheme_type.default_port();
        let mut buf = UrlBuf::with_capacity(self.serialization.len() + scheme.len());
        buf.out.push_str(&scheme);
        let shift = |o: u32| us(o) - us(self.scheme_end) + scheme.len();
        buf.scheme_end = scheme.len();
        buf.username_end = shift(self.username_end);
        buf.host_start = shift(self.host_start);
        buf.host_end = shift(self.host_end);
        buf.host_kind = self.host_kind;
        buf.scheme_type = scheme_type;
        buf.opaque_path = self.opaque_path;
        buf.port = if drop_port { None } else { self.port };
        let rest_from = if drop_port {
            buf.out
                .push_str(self.slice(us(self.scheme_end), us(self.host_end)));
            us(self.path_start)
        } else {
            us(self.scheme_end)
        };
        buf.append_suffix(self, rest_from, true);
        self.commit(buf)
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
        if matches!(self.host_kind, None | Some(HostKind::Empty)) || self.scheme_type.is_file() {
            Err(SetterError::CannotHaveUsernamePasswordPort)
        } else {
            Ok(())
        }
    }

    /// Rewrites `//username:password@` (the URL has a host).
    fn set_userinfo(&mut self, username: &str, password: &str) -> Result<(), SetterError> {
        let start = us(self.scheme_end) + 3;
        let mut buf = UrlBuf::prefix_of(self, start);
        buf.out.push_str(username);
        buf.username_end = buf.out.len();
        if !password.is_empty() {
            buf.out.push(':');
            buf.out.push_str(password);
        }
        if !username.is_empty() || !password.is_empty() {
            buf.out.push('@');
        }
        buf.host_start = buf.out.len();
        buf.host_end = buf.host_start + (us(self.host_end) - us(self.host_start));
        buf.append_suffix(self, us(self.host_start), true);
        self.commit(buf)
    }

    /// The [`host` setter](https://url.spec.whatwg.org/#dom-url-host). When the value's host
    /// is accepted but its port is not, the host is set and the error says why the port was
    /// not.
    pub fn set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, State::Host, &mut ())
    }

    /// The [`hostname` setter](https://url.spec.whatwg.org/#dom-url-hostname).
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, State::Hostname, &mut ())
    }

    fn set_host_or_hostname<S: ErrorSink>(
        &mut self,
        value: &str,
        state: State,
        sink: &mut S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        // "If this's URL has an opaque path, then return."
        if self.opaque_path {
            return Err(SetterError::OpaquePath);
        }
        // The URL before its host: `scheme://userinfo@`, writing `//` if the host was null.
        let mut buf = if self.host_kind.is_some() {
            UrlBuf::prefix_of(self, us(self.host_start))
        } else {
            let mut buf = UrlBuf::prefix_of(self, us(self.scheme_end) + 1);
            buf.out.push_str("//");
            buf.username_end = buf.out.len();
            buf.host_start = buf.out.len();
            buf
        };
        buf.host_end = buf.out.len();
        let (mut buf, result, host_set, port_set) =
            self.run_override(value, 0, state, buf, sink, |p| p.path_done = true);
        if !host_set {
            // Nothing changed. (A run that sets no host always fails.)
            return Err(match result {
                Err(failure) => failure.into_setter_error(),
                Ok(()) => SetterError::Invalid(crate::ValidationErrorKind::HostMissing),
            });
        }
        // Keep the old `:port` unless a new port was set (a null host had none); then the
        // path, query and fragment.
        let from = if port_set || self.host_kind.is_none() {
            us(self.path_start)
        } else {
            us(self.host_end)
        };
        buf.append_suffix(self, from, true);
        self.commit(buf)?;
        result.map_err(Failure::into_setter_error)
    }

    /// The [`port` setter](https://url.spec.whatwg.org/#dom-url-port).
    pub fn set_port(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_port_with(value, &mut ())
    }

    fn set_port_with<S: ErrorSink>(
        &mut self,
        value: &str,
        sink: &mut S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        self.cannot_have_username_password_port()?;
        let mut buf = UrlBuf::prefix_of(self, us(self.host_end));
        buf.port = None;
        if value.is_empty() {
            // "If the given value is the empty string, then set this's URL's port to null."
            buf.append_suffix(self, us(self.path_start), true);
            return self.commit(buf);
        }
        let (mut buf, result, _, _) = self.run_override(value, 0, State::Port, buf, sink, |p| {
            p.path_done = true;
        });
        result.map_err(Failure::into_setter_error)?;
        buf.append_suffix(self, us(self.path_start), true);
        self.commit(buf)
    }

    /// The [`pathname` setter](https://url.spec.whatwg.org/#dom-url-pathname).
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_pathname_with(value, &mut ())
    }

    fn set_pathname_with<S: ErrorSink>(
        &mut self,
        value: &str,
        sink: &mut S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        if self.opaque_path {
            return Err(SetterError::OpaquePath);
        }
        // "Empty this's URL's path." (Dropping the `/.` marker with it.)
        let cut = if self.host_kind.is_none() {
            us(self.host_end)
        } else {
            us(self.path_start)
        };
        let mut buf = UrlBuf::prefix_of(self, cut);
        buf.path_start = cut;
        let (buf, result, _, _) = self.run_override(value, 0, State::PathStart, buf, sink, |_| {});
        result.map_err(Failure::into_setter_error)?;
        self.finish_path_then(buf)
    }

    /// Ends the path being written (the `/.` marker) and appends the old query and fragment.
    fn finish_path_then(&mut self, buf: UrlBuf) -> Result<(), SetterError> {
        let mut parser = Parser::new(
            "",
            PosMap::default(),
            None,
            encoding_rs::UTF_8,
            None,
            (),
            buf,
        );
        parser.end_path();
        let mut buf = parser.url;
        buf.append_suffix(self, self.path_end(), false);
        self.commit(buf)
    }

    /// The [`search` setter](https://url.spec.whatwg.org/#dom-url-search).
    pub fn set_search(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_search_with(value, &mut ())
    }

    fn set_search_with<S: ErrorSink>(
        &mut self,
        value: &str,
        sink: &mut S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        let path_end = self.path_end();
        let mut buf = UrlBuf::prefix_of(self, path_end);
        if value.is_empty() {
            // "set url's query to null".
            buf.query_start = None;
            buf.append_suffix(self, self.query_end(), false);
            return self.commit(buf);
        }
        // "Let input be the given value with a single leading U+003F (?) removed, if any. Set
        // url's query to the empty string."
        let input = value.strip_prefix('?').unwrap_or(value);
        let offset = value.len() - input.len();
        buf.query_start = Some(buf.out.len());
        buf.out.push('?');
        let (mut buf, result, _, _) =
            self.run_override(input, offset, State::Query, buf, sink, |p| {
                p.path_done = true;
            });
        result.map_err(Failure::into_setter_error)?;
        buf.append_suffix(self, self.query_end(), false);
        self.commit(buf)
    }

    /// Sets the query to `query` as it is (already encoded), or null.
    pub(crate) fn set_query_raw(&mut self, query: Option<&str>) -> Result<(), SetterError> {
        let mut buf = UrlBuf::prefix_of(self, self.path_end());
        buf.query_start = None;
        if let Some(q) = query {
            buf.query_start = Some(buf.out.len());
            buf.out.push('?');
            buf.out.push_str(q);
        }
        buf.append_suffix(self, self.query_end(), false);
        self.commit(buf)
    }

    /// The [`hash` setter](https://url.spec.whatwg.org/#dom-url-hash).
    pub fn set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_hash_with(value, &mut ())
    }

    fn set_hash_with<S: ErrorSink>(
        &mut self,
        value: &str,
        sink: &mut S,
    ) -> Result<(), SetterError> {
        check_value_len(value)?;
        let end = self.query_end();
        let mut buf = UrlBuf::prefix_of(self, end);
        buf.fragment_start = None;
        if value.is_empty() {
            // "set this's URL's fragment to null and return."
            return self.commit(buf);
        }
        let input = value.strip_prefix('#').unwrap_or(value);
        let offset = value.len() - input.len();
        buf.fragment_start = Some(buf.out.len());
        buf.out.push('#');
        let (buf, result, _, _) =
            self.run_override(input, offset, State::Fragment, buf, sink, |p| {
                p.path_done = true;
            });
        result.map_err(Failure::into_setter_error)?;
        self.commit(buf)
    }
}
