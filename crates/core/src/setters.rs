//! The [`URL` class](https://url.spec.whatwg.org/#url-class)'s setters. Each runs the spec's
//! setter steps: most run the basic URL parser with this URL as *url* and a *state override*,
//! which here means: the part of the URL before the component is copied into a new buffer,
//! the parser runs from the overridden state, and the rest of the old URL is appended.

use alloc::string::String;

use weburl_host::HostKind;
use weburl_percent::{utf8_percent_encode_into, USERINFO};

use crate::errors::{ParseError, SetterError};
use crate::parser::scheme::scheme_state_override;
use crate::parser::{input, Failure, Parser, PosMap, State, UrlBuf};
use crate::url::{us, Url};

const MAX: usize = u32::MAX as usize;

impl Url {
    /// Replaces `self` with a completed buffer, or reports that it is too long.
    fn commit(&mut self, buf: UrlBuf) -> Result<(), SetterError> {
        match buf.into_url(MAX) {
            Some(url) => {
                *self = url;
                Ok(())
            }
            None => Err(SetterError::TooLong),
        }
    }

    /// Runs the basic URL parser on `value` with this URL as *url* (its part before the
    /// component already in `buf`) and `state` as *state override*.
    fn run_override(
        &self,
        value: &str,
        state: State,
        buf: UrlBuf,
        setup: impl FnOnce(&mut Parser<'_, '_, ()>),
    ) -> (UrlBuf, Result<(), Failure>, bool, bool) {
        // With *url* given there is no trimming; tabs and newlines are still removed.
        let (processed, _map) = input::preprocess(value, false, &mut ());
        let mut parser = Parser::new(
            &processed,
            PosMap::default(),
            None,
            encoding_rs::UTF_8,
            Some(state),
            (),
            buf,
        );
        setup(&mut parser);
        let result = parser.run(state);
        (parser.url, result, parser.host_set, parser.port_set)
    }

    /// The [`href` setter](https://url.spec.whatwg.org/#dom-url-href): parses `value` and, if
    /// it parses, replaces this URL with the result.
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value)?;
        Ok(())
    }

    /// The [`protocol` setter](https://url.spec.whatwg.org/#dom-url-protocol): the basic URL
    /// parser on the value followed by U+003A (:) with the scheme start state as state override.
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        let (processed, _) = input::preprocess(value, false, &mut ());
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
        self.cannot_have_username_password_port()?;
        let mut username = String::new();
        utf8_percent_encode_into(value, &USERINFO, &mut username);
        let password = String::from(self.password());
        self.set_userinfo(&username, &password)
    }

    /// The [`password` setter](https://url.spec.whatwg.org/#dom-url-password).
    pub fn set_password(&mut self, value: &str) -> Result<(), SetterError> {
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
        self.set_host_or_hostname(value, State::Host)
    }

    /// The [`hostname` setter](https://url.spec.whatwg.org/#dom-url-hostname).
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_or_hostname(value, State::Hostname)
    }

    fn set_host_or_hostname(&mut self, value: &str, state: State) -> Result<(), SetterError> {
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
            self.run_override(value, state, buf, |p| p.path_done = true);
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
        self.cannot_have_username_password_port()?;
        let mut buf = UrlBuf::prefix_of(self, us(self.host_end));
        buf.port = None;
        if value.is_empty() {
            // "If the given value is the empty string, then set this's URL's port to null."
            buf.append_suffix(self, us(self.path_start), true);
            return self.commit(buf);
        }
        let (mut buf, result, _, _) = self.run_override(value, State::Port, buf, |p| {
            p.path_done = true;
        });
        result.map_err(Failure::into_setter_error)?;
        buf.append_suffix(self, us(self.path_start), true);
        self.commit(buf)
    }

    /// The [`pathname` setter](https://url.spec.whatwg.org/#dom-url-pathname).
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
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
        let (buf, result, _, _) = self.run_override(value, State::PathStart, buf, |_| {});
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
        buf.query_start = Some(buf.out.len());
        buf.out.push('?');
        let (mut buf, result, _, _) = self.run_override(input, State::Query, buf, |p| {
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
        let end = self.query_end();
        let mut buf = UrlBuf::prefix_of(self, end);
        buf.fragment_start = None;
        if value.is_empty() {
            // "set this's URL's fragment to null and return."
            return self.commit(buf);
        }
        let input = value.strip_prefix('#').unwrap_or(value);
        buf.fragment_start = Some(buf.out.len());
        buf.out.push('#');
        let (buf, result, _, _) = self.run_override(input, State::Fragment, buf, |p| {
            p.path_done = true;
        });
        result.map_err(Failure::into_setter_error)?;
        self.commit(buf)
    }
}
