//! Slicing a URL's serialization between component boundaries: [`Position`] and
//! `url[start..end]`, as rust-url's `Position` does (`&url[..Position::AfterPath]`).
//!
//! Positions are computed from the getters, so they hold for any URL record the getters
//! describe.

use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

use crate::url::Url;

/// A boundary between components of a URL's serialization, for slicing it:
/// `&url[Position::BeforeHost..Position::AfterPort]`.
///
/// ```text
/// https://user:pass@example.com:8080/a/b?q=1#frag
/// ^     ^  ^   ^^   ^^          ^^   ^   ^^  ^^   ^
/// |     |  |   ||   ||          ||   |   ||  |BeforeFragment, AfterFragment (end)
/// |     |  |   ||   ||          ||   |   |BeforeQuery       AfterQuery
/// |     |  |   ||   ||          ||   |   AfterPath
/// |     |  |   ||   ||          |BeforePort, AfterPort, BeforePath
/// |     |  |   ||   |BeforeHost AfterHost
/// |     |  |   |BeforePassword, AfterPassword
/// |     |  BeforeUsername, AfterUsername
/// BeforeScheme, AfterScheme
/// ```
///
/// A missing component is an empty slice at the place it would be.
///
/// ```
/// use weburl_core::{Position, Url};
/// let url = Url::parse("https://user@example.com:8080/a/b?q=1#frag").unwrap();
/// assert_eq!(&url[..Position::AfterPath], "https://user@example.com:8080/a/b");
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.com:8080");
/// assert_eq!(&url[Position::BeforeQuery..], "q=1#frag");
/// assert_eq!(&url[Position::BeforePassword..Position::AfterPassword], "");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Position {
    /// The start.
    BeforeScheme,
    /// Before the `:` after the scheme.
    AfterScheme,
    /// After `scheme://` (or `scheme:` when the host is null).
    BeforeUsername,
    /// After the username.
    AfterUsername,
    /// After the `:` before the password, if there is a password.
    BeforePassword,
    /// After the password.
    AfterPassword,
    /// After the `@` of the credentials, if any: where the host starts.
    BeforeHost,
    /// After the host.
    AfterHost,
    /// After the `:` before the port, if there is a port.
    BeforePort,
    /// After the port.
    AfterPort,
    /// Where the path starts (after the `/.` a null host with a path starting with an empty
    /// segment needs).
    BeforePath,
    /// After the path.
    AfterPath,
    /// After the `?`, if there is a query.
    BeforeQuery,
    /// After the query.
    AfterQuery,
    /// After the `#`, if there is a fragment.
    BeforeFragment,
    /// The end.
    AfterFragment,
}

impl Url {
    /// The byte offset of `position` in the serialization.
    pub fn position(&self, position: Position) -> usize {
        let len = self.href().len();
        let scheme_end = self.scheme().len();
        let before_username = scheme_end + if self.has_host() { 3 } else { 1 };
        let after_username = before_username + self.username().len();
        let password = self.password();
        let before_password = after_username + usize::from(!password.is_empty());
        let after_password = before_password + password.len();
        let before_host = if self.includes_credentials() {
            after_password + 1
        } else {
            after_password
        };
        let after_host = before_host + self.hostname().len();
        let port = self.port();
        let before_port = after_host + usize::from(!port.is_empty());
        let after_port = before_port + port.len();
        let after_query = len - self.fragment().map_or(0, |f| f.len() + 1);
        let after_path = after_query - self.query().map_or(0, |q| q.len() + 1);
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => scheme_end,
            Position::BeforeUsername => before_username,
            Position::AfterUsername => after_username,
            Position::BeforePassword => before_password,
            Position::AfterPassword => after_password,
            Position::BeforeHost => before_host,
            Position::AfterHost => after_host,
            Position::BeforePort => before_port,
            Position::AfterPort => after_port,
            Position::BeforePath => after_path - self.pathname().len(),
            Position::AfterPath => after_path,
            Position::BeforeQuery => after_path + usize::from(self.query().is_some()),
            Position::AfterQuery => after_query,
            Position::BeforeFragment => after_query + usize::from(self.fragment().is_some()),
            Position::AfterFragment => len,
        }
    }

    fn slice_between(&self, start: usize, end: usize) -> &str {
        // Positions are in order, so this is always a slice; an inverted range gives "".
        self.href().get(start..end).unwrap_or_default()
    }
}

impl Index<RangeFull> for Url {
    type Output = str;
    fn index(&self, _: RangeFull) -> &str {
        self.href()
    }
}

impl Index<RangeFrom<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeFrom<Position>) -> &str {
        self.slice_between(self.position(range.start), self.href().len())
    }
}

impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        self.slice_between(0, self.position(range.end))
    }
}

/// An inverted range (`end` before `start`) gives `""` (rust-url panics).
impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        self.slice_between(self.position(range.start), self.position(range.end))
    }
}
