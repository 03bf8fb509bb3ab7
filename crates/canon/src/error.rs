//! The error every rule set that starts from the URL Standard's parse shares.

use weburl::Url;

/// The string is not a URL: the URL Standard's parser fails on it (for urlcanon's rule sets,
/// also with `http://` in front where it has no scheme). [`ssurt`](crate::ssurt),
/// [`urlcanon`](crate::urlcanon) and [`common_crawl`](crate::common_crawl) return it;
/// [`tracking`](crate::tracking)'s [`Error`](crate::tracking::Error) has it as its
/// `NotAUrl` case, among its own.
///
/// ```
/// use weburl_canon::{ssurt, urlcanon, NotAUrl};
/// assert_eq!(ssurt::ssurt("no scheme"), Err(NotAUrl));
/// assert_eq!(urlcanon::whatwg("http://[::1"), Err(NotAUrl));
/// assert_eq!(NotAUrl.to_string(), "not a URL");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
