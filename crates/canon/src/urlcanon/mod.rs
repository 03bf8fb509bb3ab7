//! IIPC [urlcanon](https://github.com/iipc/urlcanon)'s rule sets (Apache-2.0), written from
//! its documentation and test data (the Python package, `python/urlcanon/canon.py`'s rule
//! lists and `testdata/{semantic_precise,aggressive}.json`, at commit `842afd4`, version
//! 0.3.x/0.4 of 2022):
//!
//! - [`whatwg`]: the URL Standard's parse and serialization (urlcanon's WHATWG rule set is its
//!   own reading of that standard; here it is weburl's).
//! - [`semantic_precise`]: WHATWG, then `http://` added when there is no scheme, the host's
//!   dots trimmed and runs of dots collapsed, user info dropped, every component
//!   percent-decoded until nothing changes and re-encoded with urlcanon's "less dumb" sets
//!   (controls, space, `#`, `%` and non-ASCII; `?` in the path; `&` and `=` inside a query
//!   key or value), backslashes made slashes, dot segments resolved again and runs of slashes
//!   collapsed in a special URL's path, and the query's `&`-separated parts sorted.
//! - [`semantic`]: [`semantic_precise`] without the fragment.
//! - [`aggressive()`]: [`semantic`], then `https` made `http`, a leading `www.` (or `www` and
//!   digits and `.`) dropped from the host, path and query lowercased, session ids dropped
//!   from the query (`jsessionid`, `sessionid`, `phpsessid`, `sid`, `aspsessionid...`,
//!   `cfid` with `cftoken`) and from the path (ASP.NET's `(...)` segments before an `.aspx`,
//!   a trailing `;jsessionid=`), trailing slashes dropped (not from `/`), empty query parts
//!   dropped, `?` dropped when the query is empty, and the parts sorted again.
//!
//! Every rule set starts from weburl's parse of the string (the ones after [`whatwg`] parse a
//! string without a scheme with `http://` in front; [`whatwg`] does not), so what it gives is
//! a URL the URL Standard's parser reads back, and each is idempotent:
//! `semantic(semantic(x)) == semantic(x)`.
//!
//! Departures from urlcanon (its Python test data, in `tests/data/`, marks each case that
//! departs, with the reason):
//! - the parse is the URL Standard's: a string it rejects (`http://a b/`, a bad IPv6
//!   address, a domain ending in a number that is no IPv4 address) is [`NotAUrl`], where
//!   urlcanon's lenient parser reads something; an opaque host (non-special schemes) is not
//!   read as an IP address;
//! - strings are UTF-8 (urlcanon's tests read their data as Latin-1 bytes);
//! - for idempotence: a session id is dropped wherever it stands in the query (urlcanon's
//!   regular expression misses one that follows another), every trailing slash and every
//!   leading `www.` is dropped (urlcanon drops one per pass), `:80` is dropped when
//!   [`aggressive()`] makes `https` `http`, a `file:` path's `C|` drive letter is written `C:`,
//!   `localhost` as a `file:` host is dropped, a domain whose dots are fixed and then ends in
//!   a number is read as an IPv4 address (kept unfixed if it is none), and a host that
//!   trimming its dots would empty is kept as it is.

mod aggressive;
mod path;

use weburl::{HostKind, Url};

use crate::{Input, NotAUrl};

/// One of urlcanon's rule sets, by name (`whatwg`, `semantic_precise`, `semantic`,
/// `aggressive`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleSet {
    /// [`whatwg`].
    Whatwg,
    /// [`semantic_precise`].
    SemanticPrecise,
    /// [`semantic`].
    Semantic,
    /// [`aggressive()`].
    Aggressive,
}

impl RuleSet {
    /// Every rule set, from the least to the most aggressive.
    pub const ALL: [RuleSet; 4] = [
        RuleSet::Whatwg,
        RuleSet::SemanticPrecise,
        RuleSet::Semantic,
        RuleSet::Aggressive,
    ];

    /// The rule set's name as urlcanon spells it (`semantic_precise`, ...).
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Whatwg => "whatwg",
            RuleSet::SemanticPrecise => "semantic_precise",
            RuleSet::Semantic => "semantic",
            RuleSet::Aggressive => "aggressive",
        }
    }

    /// The rule set called `name` (urlcanon's spelling; `-` may stand for `_`).
    ///
    /// ```
    /// use weburl_canon::urlcanon::RuleSet;
    /// assert_eq!(RuleSet::from_name("semantic-precise"), Some(RuleSet::SemanticPrecise));
    /// assert_eq!(RuleSet::from_name("google"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<RuleSet> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name() == name || r.name().replace('_', "-") == name)
    }

    /// `input` canonicalized by this rule set.
    pub fn canonicalize<'a>(self, input: impl Into<Input<'a>>) -> Result<String, NotAUrl> {
        let input = input.into();
        match self {
            RuleSet::Whatwg => whatwg(input),
            _ => {
                let parsed;
                let url = match input {
                    Input::Url(u) => u,
                    Input::Str(s) => {
                        parsed = parse(s)?;
                        &parsed
                    }
                };
                Ok(canonical(url, self).href)
            }
        }
    }
}

/// urlcanon's WHATWG rule set: the URL Standard's parse and serialization (weburl's `href`).
///
/// ```
/// assert_eq!(
///     weburl_canon::urlcanon::whatwg("HTTP://EXAMPLE.com:80/a/../b").unwrap(),
///     "http://example.com/b"
/// );
/// ```
pub fn whatwg<'a>(input: impl Into<Input<'a>>) -> Result<String, NotAUrl> {
    match input.into() {
        Input::Url(u) => Ok(u.href().to_owned()),
        Input::Str(s) => crate::error::parse(s).map(|u| u.href().to_owned()),
    }
}

/// urlcanon's `semantic_precise` rule set (see the [module docs](self)).
///
/// ```
/// assert_eq!(
///     weburl_canon::urlcanon::semantic_precise("HTTP://u:p@Example.com.../a//b/%2e%2e/c?b=%41&a#f g")
///         .unwrap(),
///     "http://example.com/a/c?a&b=A#f%20g"
/// );
/// ```
pub fn semantic_precise<'a>(input: impl Into<Input<'a>>) -> Result<String, NotAUrl> {
    RuleSet::SemanticPrecise.canonicalize(input)
}

/// urlcanon's `semantic` rule set: [`semantic_precise`] without the fragment.
///
/// ```
/// assert_eq!(
///     weburl_canon::urlcanon::semantic("example.com/%7Ea/?b=1&a=2#top").unwrap(),
///     "http://example.com/~a/?a=2&b=1"
/// );
/// ```
pub fn semantic<'a>(input: impl Into<Input<'a>>) -> Result<String, NotAUrl> {
    RuleSet::Semantic.canonicalize(input)
}

/// urlcanon's `aggressive` rule set (see the [module docs](self)).
///
/// ```
/// assert_eq!(
///     weburl_canon::urlcanon::aggressive("https://www12.Example.com/A/?B=1&sid=9682993c8daa2c5497996114facdc805&")
///         .unwrap(),
///     "http://example.com/a?b=1"
/// );
/// ```
pub fn aggressive<'a>(input: impl Into<Input<'a>>) -> Result<String, NotAUrl> {
    RuleSet::Aggressive.canonicalize(input)
}

/// Whether `s` starts with a scheme and `:` (after the leading controls and spaces the parser
/// trims, tabs and newlines skipped).
fn has_scheme(s: &str) -> bool {
    let mut chars = s
        .trim_start_matches(|c: char| c <= ' ')
        .bytes()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
    if !chars.next().is_some_and(|b| b.is_ascii_alphabetic()) {
        return false;
    }
    for b in chars {
        match b {
            b':' => return true,
            b if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.') => {}
            _ => return false,
        }
    }
    false
}

/// The URL Standard's parse of `s`, or of `http://` and `s` when `s` has no scheme
/// (urlcanon's `default_scheme_http`).
pub(crate) fn parse(s: &str) -> Result<Url, NotAUrl> {
    match Url::parse(s) {
        Ok(u) => Ok(u),
        Err(_) if !has_scheme(s) => {
            let trimmed = s.trim_matches(|c: char| c <= ' ');
            let mut with = String::with_capacity(trimmed.len() + 7);
            with.push_str("http://");
            with.push_str(trimmed);
            crate::error::parse(&with)
        }
        Err(_) => Err(NotAUrl),
    }
}

/// A canonical URL and where its parts are in it.
pub(crate) struct Canonical {
    /// The URL.
    pub(crate) href: String,
    /// The scheme's end (the `:`).
    pub(crate) scheme_end: usize,
    /// The host's range, `None` when the URL has none.
    pub(crate) host: Option<(usize, usize)>,
    /// The host's kind.
    pub(crate) host_kind: Option<HostKind>,
    /// The port's range (empty when there is none).
    pub(crate) port: (usize, usize),
    /// The path's range.
    pub(crate) path: (usize, usize),
    /// The query's range (after the `?`), `None` when there is no `?`.
    pub(crate) query: Option<(usize, usize)>,
    /// The fragment's range (after the `#`), `None` when there is no `#`.
    pub(crate) fragment: Option<(usize, usize)>,
}

impl Canonical {
    fn part(&self, (start, end): (usize, usize)) -> &str {
        self.href.get(start..end).unwrap_or_default()
    }

    pub(crate) fn scheme(&self) -> &str {
        self.part((0, self.scheme_end))
    }

    pub(crate) fn host(&self) -> Option<&str> {
        self.host.map(|r| self.part(r))
    }

    pub(crate) fn port(&self) -> &str {
        self.part(self.port)
    }

    pub(crate) fn path(&self) -> &str {
        self.part(self.path)
    }

    pub(crate) fn query(&self) -> Option<&str> {
        self.query.map(|r| self.part(r))
    }

    pub(crate) fn fragment(&self) -> Option<&str> {
        self.fragment.map(|r| self.part(r))
    }
}

/// The canonical form of a parsed URL under `rules` (not [`RuleSet::Whatwg`], which is the
/// URL as it is).
pub(crate) fn canonical(url: &Url, rules: RuleSet) -> Canonical {
    let aggressive = rules == RuleSet::Aggressive;
    // Decoding shortens each part; re-encoding lengthens only what decoding produced, so the
    // serialization's length is nearly always enough.
    let mut out = String::with_capacity(url.href().len() + 8);
    let scheme = match url.scheme() {
        "https" if aggressive => "http",
        s => s,
    };
    let special = url.is_special();
    out.push_str(scheme);
    let scheme_end = out.len();
    out.push(':');
    let mut scratch = Vec::new();
    let mut host = None;
    let mut port = (0, 0);
    let mut host_kind = None;
    if url.has_host() {
        out.push_str("//");
        let start = out.len();
        host_kind = path::push_host(&mut out, url, aggressive, &mut scratch);
        host = Some((start, out.len()));
        let p = url.port();
        // `https` made `http`: its port 80 is now the default one.
        let now_default = aggressive && scheme != url.scheme() && p == "80";
        if !p.is_empty() && !now_default {
            out.push(':');
            let start = out.len();
            out.push_str(p);
            port = (start, out.len());
        } else {
            port = (out.len(), out.len());
        }
    }
    let mut path_start = out.len();
    path::push_path(&mut out, url, special, &mut scratch);
    if aggressive {
        aggressive::path(&mut out, path_start);
    }
    // Without a host, a path starting with `//` is written after `/.` (as the URL Standard's
    // serializer does), or it would read as a host.
    if !url.has_host() && out.get(path_start..).is_some_and(|p| p.starts_with("//")) {
        out.insert_str(path_start, "/.");
        path_start += 2;
    }
    let path = (path_start, out.len());
    let mut query = None;
    if let Some(q) = url.query() {
        let at = out.len();
        out.push('?');
        let start = out.len();
        path::push_query(&mut out, q, &mut scratch);
        if aggressive {
            aggressive::query(&mut out, start);
        }
        if aggressive && out.len() == start {
            out.truncate(at);
        } else {
            query = Some((start, out.len()));
        }
    }
    let mut fragment = None;
    if rules == RuleSet::SemanticPrecise {
        if let Some(f) = url.fragment() {
            out.push('#');
            let start = out.len();
            path::push_recoded(
                &mut out,
                f,
                &crate::escape::C0_SPACE_HASH_PERCENT,
                &mut scratch,
            );
            fragment = Some((start, out.len()));
        }
    }
    Canonical {
        href: out,
        scheme_end,
        host,
        host_kind,
        port,
        path,
        query,
        fragment,
    }
}
