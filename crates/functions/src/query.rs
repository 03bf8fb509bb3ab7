//! The query as form data, read with the
//! [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser)
//! as `url.searchParams` reads it (`url_query_param`, `url_query_params`); and the path's
//! segments (`url_path_segments`).

use std::borrow::Cow;

use weburl::{form, Url};

/// The name-value pairs of the URL's query, decoded, in order and with repeats
/// (`url_query_params`). A URL without a query has none.
///
/// ```
/// let url = weburl::Url::parse("https://example.com/?a=1&b=x+y&a=3").unwrap();
/// let pairs: Vec<_> = weburl_functions::query_pairs(&url).collect();
/// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y".into()), ("a".into(), "3".into())]);
/// ```
pub fn query_pairs(url: &Url) -> form::Parse<'_> {
    form::parse_iter(url.query().unwrap_or("").as_bytes())
}

/// The value of the first query parameter called `name` (`url_query_param`), decoded as
/// `url.searchParams.get(name)` decodes it; `None` (NULL) if there is none.
///
/// ```
/// let url = weburl::Url::parse("https://example.com/s?q=caf%C3%A9+au+lait&q=2").unwrap();
/// assert_eq!(weburl_functions::query_param(&url, "q").as_deref(), Some("café au lait"));
/// assert_eq!(weburl_functions::query_param(&url, "x"), None);
/// ```
pub fn query_param<'a>(url: &'a Url, name: &str) -> Option<Cow<'a, str>> {
    query_pairs(url).find(|(n, _)| n == name).map(|(_, v)| v)
}

/// [`query_param`] of `input` parsed: `None` also when `input` is not a valid URL.
pub fn query_param_of(input: &str, name: &str) -> Option<String> {
    let url = crate::parse(input)?;
    query_param(&url, name).map(Cow::into_owned)
}

/// [`query_pairs`] of `input` parsed, collected: `None` when `input` is not a valid URL.
pub fn query_params_of(input: &str) -> Option<Vec<(String, String)>> {
    let url = crate::parse(input)?;
    Some(
        query_pairs(&url)
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect(),
    )
}

/// The URL's path segments in order, percent-encoded as in the URL (`url_path_segments`);
/// `None` (NULL) when its path is opaque (as in `mailto:a@example.com`). An empty segment is
/// kept (`https://a.example/` has one, `""`); an empty path (`foo://host`) has none.
///
/// ```
/// let url = weburl::Url::parse("https://example.com/a/b%20c/").unwrap();
/// let segments: Vec<&str> = weburl_functions::path_segments(&url).unwrap().collect();
/// assert_eq!(segments, ["a", "b%20c", ""]);
/// let url = weburl::Url::parse("foo://host").unwrap();
/// assert_eq!(weburl_functions::path_segments(&url).unwrap().count(), 0);
/// let url = weburl::Url::parse("mailto:a@example.com").unwrap();
/// assert!(weburl_functions::path_segments(&url).is_none());
/// ```
pub fn path_segments(url: &Url) -> Option<impl Iterator<Item = &str>> {
    let segments = url.path_segments()?;
    // The empty list serializes as "", which splits into one "".
    let empty = url.pathname().is_empty();
    Some(segments.filter(move |_| !empty))
}

/// [`path_segments`] of `input` parsed, collected: `None` also when `input` is not a valid URL.
pub fn path_segments_of(input: &str) -> Option<Vec<String>> {
    let url = crate::parse(input)?;
    let segments = path_segments(&url)?.map(str::to_owned).collect();
    Some(segments)
}
