//! The error every rule set that starts from the URL Standard's parse shares.

use weburl::Url;

/// The string is not a URL: the URL Standard's parser fails on it (for urlcanon's
/// `semantic_precise`, `semantic` and `aggressive` rule sets, also with `http://` in front
/// where it has no scheme; its `whatwg` rule set adds nothing). [`ssurt`](crate::ssurt),
/// [`urlcanon`](crate::urlcanon) and [`common_crawl`](crate::common_crawl) return it;
/// [`tracking`](crate::tracking)'s [`Error`](crate::tracking::Error) has it as its
/// `NotAUrl` case, among its own.
///
/// It is `#[non_exhaustive]`, so that it may say why in a later version: match it as
/// `NotAUrl { .. }` (outside this crate it cannot be built).
///
/// ```
/// use weburl_canon::{ssurt, urlcanon, NotAUrl};
/// assert!(matches!(ssurt::ssurt("no scheme"), Err(NotAUrl { .. })));
/// assert!(matches!(urlcanon::whatwg("http://[::1"), Err(NotAUrl { .. })));
/// // whatwg adds no `http://`; the others do.
/// assert!(urlcanon::whatwg("example.com").is_err());
/// assert!(urlcanon::semantic("example.com").is_ok());
/// let e = ssurt::ssurt("no scheme").unwrap_err();
/// assert_eq!(e.to_string(), "not a URL");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct NotAUrl;

impl core::fmt::Display for NotAUrl {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("not a URL")
    }
}

impl std::error::Error for NotAUrl {}

/// The URL Standard's parse of `s`, its failure as [`NotAUrl`].
pub(crate) fn parse(s: &str) -> Result<Url, NotAUrl> {
    Url::parse(s).map_err(|_| NotAUrl)
}
