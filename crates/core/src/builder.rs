//! [`UrlBuilder`]: a URL from its parts, each percent-encoded as its setter or editor would,
//! checked, and parsed into a [`Url`] or refused with a [`BuildError`] naming the part.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use weburl_host::HostErrorKind;

use crate::errors::{SetterError, ValidationErrorKind};
use crate::url::Url;

/// Builds a [`Url`] from parts: [`Url::builder`].
///
/// ```
/// use weburl_core::Url;
/// let url = Url::builder("https")
///     .host("例え.jp")
///     .port(8443)
///     .path_segments(["docs", "a b.html"])
///     .query_pair("q", "x&y")
///     .fragment("top")
///     .build()?;
/// assert_eq!(url.href(), "https://xn--r8jz45g.jp:8443/docs/a%20b.html?q=x%26y#top");
/// # Ok::<(), weburl_core::BuildError>(())
/// ```
#[derive(Clone, Debug, Default)]
#[must_use]
pub struct UrlBuilder {
    scheme: String,
    username: Option<String>,
    password: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    segments: Vec<String>,
    query: Option<String>,
    pairs: Vec<(String, String)>,
    fragment: Option<String>,
}

/// Which part of a [`UrlBuilder`] was refused, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildError {
    /// The scheme is not a valid scheme (an ASCII letter, then letters, digits, `+`, `-`, `.`).
    InvalidScheme,
    /// A special scheme other than `file` needs a host.
    MissingHost,
    /// The host does not parse (or holds `/`, `?`, `#`, `\` or `:`, which would end it).
    Host(SetterError),
    /// A username, password or port was given for a URL that
    /// [cannot have them](https://url.spec.whatwg.org/#cannot-have-a-username-password-port)
    /// (no host, an empty host, or `file`).
    CannotHaveUsernamePasswordPort,
    /// The URL would be too long.
    TooLong,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::InvalidScheme => f.write_str("cannot build URL: invalid scheme"),
            BuildError::MissingHost => f.write_str("cannot build URL: host missing"),
            BuildError::Host(e) => write!(f, "cannot build URL: invalid host: {e}"),
            BuildError::CannotHaveUsernamePasswordPort => {
                f.write_str("cannot build URL: it cannot have a username, password or port")
            }
            BuildError::TooLong => f.write_str("cannot build URL: too long"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BuildError {}

fn from_setter(e: SetterError) -> BuildError {
    match e {
        SetterError::TooLong => BuildError::TooLong,
        SetterError::CannotHaveUsernamePasswordPort => BuildError::CannotHaveUsernamePasswordPort,
        other => BuildError::Host(other),
    }
}

impl Url {
    /// A [`UrlBuilder`] for a URL with `scheme`.
    pub fn builder(scheme: &str) -> UrlBuilder {
        UrlBuilder {
            scheme: String::from(scheme),
            ..UrlBuilder::default()
        }
    }
}

impl UrlBuilder {
    /// The username, percent-encoded as the `username` setter does.
    pub fn username(mut self, username: &str) -> Self {
        self.username = Some(String::from(username));
        self
    }

    /// The password, percent-encoded as the `password` setter does.
    pub fn password(mut self, password: &str) -> Self {
        self.password = Some(String::from(password));
        self
    }

    /// The host: a domain (Unicode or ASCII), an IPv4 address or an IPv6 address in brackets;
    /// for a non-special scheme, an opaque host.
    pub fn host(mut self, host: &str) -> Self {
        self.host = Some(String::from(host));
        self
    }

    /// The port (a scheme's default port is left out, as the standard says).
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// Appends a path segment, percent-encoded as [`PathSegmentsMut::push`] does (`/` too).
    ///
    /// [`PathSegmentsMut::push`]: crate::PathSegmentsMut::push
    pub fn path_segment(mut self, segment: &str) -> Self {
        self.segments.push(String::from(segment));
        self
    }

    /// Appends path segments, each as [`path_segment`](Self::path_segment).
    pub fn path_segments<I>(mut self, segments: I) -> Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.segments
            .extend(segments.into_iter().map(|s| String::from(s.as_ref())));
        self
    }

    /// The query as text, percent-encoded as [`Url::set_query`] does; pairs added with
    /// [`query_pair`](Self::query_pair) follow it.
    pub fn query(mut self, query: &str) -> Self {
        self.query = Some(String::from(query));
        self
    }

    /// Appends a query pair, form-urlencoded.
    pub fn query_pair(mut self, name: &str, value: &str) -> Self {
        self.pairs.push((String::from(name), String::from(value)));
        self
    }

    /// The fragment, percent-encoded as [`Url::set_fragment`] does.
    pub fn fragment(mut self, fragment: &str) -> Self {
        self.fragment = Some(String::from(fragment));
        self
    }

    /// The URL, or the part that was refused.
    pub fn build(&self) -> Result<Url, BuildError> {
        let scheme = self.scheme.as_bytes();
        let valid = scheme.first().is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(BuildError::InvalidScheme);
        }
        let mut start = String::with_capacity(self.scheme.len() + 8);
        start.push_str(&self.scheme);
        let special = crate::scheme::SchemeType::from_scheme(&self.scheme.to_ascii_lowercase());
        match (&self.host, special.is_special(), special.is_file()) {
            (Some(_), _, _) => start.push_str("://h/"),
            (None, true, true) => start.push_str(":///"),
            (None, true, false) => return Err(BuildError::MissingHost),
            (None, false, _) => start.push_str(":/"),
        }
        let mut url = Url::parse(&start).map_err(|_| BuildError::InvalidScheme)?;
        if let Some(host) = &self.host {
            // The hostname setter would stop at these, silently keeping what is before.
            let ends =
                |c: char| matches!(c, '/' | '?' | '#' | ':') || (special.is_special() && c == '\\');
            if host.contains(ends) {
                let kind = ValidationErrorKind::Host(HostErrorKind::HostInvalidCodePoint);
                return Err(BuildError::Host(SetterError::Invalid(kind)));
            }
            if host.is_empty() && !special.is_file() {
                if special.is_special() {
                    return Err(BuildError::MissingHost);
                }
                url.set_href(&alloc::format!("{}://", self.scheme))
                    .map_err(|_| BuildError::InvalidScheme)?;
            } else {
                url.set_hostname(host).map_err(from_setter)?;
            }
        }
        if let Some(username) = &self.username {
            url.set_username(username).map_err(from_setter)?;
        }
        if let Some(password) = &self.password {
            url.set_password(password).map_err(from_setter)?;
        }
        if let Some(port) = self.port {
            url.set_port_number(Some(port)).map_err(from_setter)?;
        }
        if !self.segments.is_empty() {
            let mut editor = url.path_segments_mut().map_err(from_setter)?;
            editor.clear().extend(&self.segments);
            editor.finish().map_err(from_setter)?;
        }
        if self.query.is_some() || !self.pairs.is_empty() {
            url.set_query(Some(self.query.as_deref().unwrap_or_default()))
                .map_err(from_setter)?;
            if !self.pairs.is_empty() {
                let mut editor = url.query_pairs_mut();
                editor.extend_pairs(&self.pairs);
                editor.finish().map_err(from_setter)?;
            }
        }
        if let Some(fragment) = &self.fragment {
            url.set_fragment(Some(fragment)).map_err(from_setter)?;
        }
        Ok(url)
    }
}
