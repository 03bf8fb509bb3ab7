//! urlcanon's match rules (`urlcanon.MatchRule`, IIPC [urlcanon](https://github.com/iipc/urlcanon),
//! Apache-2.0; written from its `rules.py` documentation and behaviour and
//! `tests/test_match_rules.py`, at commit `842afd4`): a rule holds conditions, each optional,
//! and applies to a URL when every one holds, checked in urlcanon's order:
//!
//! - `domain`: the URL's host is the domain or one of its subdomains (an IP address: only
//!   itself);
//! - `surt`: urlcanon's SURT of the URL (`http://(com,example,)/path`, the host reversed
//!   between parentheses, user info left out) starts with it;
//! - `ssurt`: the URL's [SSURT](crate::ssurt) starts with it;
//! - `substring`: the URL contains it;
//! - `regex`: the pattern matches the whole URL;
//! - `parent_url_regex`: there is a parent URL (the page the URL was found on) and the
//!   pattern matches the whole of it;
//!
//! and with `exact`, the `surt`, `ssurt` and `domain` conditions must be equal, not prefixes
//! (`substring` and the patterns are not affected). The URL, and the parent URL, are
//! canonicalized by a [`RuleSet`] first, as urlcanon's `Canonicalizer.rule_applies` does for
//! the URL; the conditions are compared as they are written (canonicalize a prefix with the
//! same rule set, e.g. with [`surt_of`] or [`ssurt_of`], to build one). "The URL" is the
//! canonical URL's serialization, which is ASCII (non-ASCII is percent-encoded, a domain is
//! written in punycode).
//!
//! # Patterns
//!
//! urlcanon means a full match: it compiles `regex` and `parent_url_regex` with Python's `re`,
//! as a bytes pattern (the text UTF-8-encoded), with `\Z` appended, and matches them from the
//! string's start; its `\Z`, though, binds only to a top-level alternation's last branch (see
//! the departures below). Here they are compiled by the
//! [`regex`](https://docs.rs/regex/latest/regex/#syntax) crate ([`RuleRegex`]) as a bytes
//! pattern too (without Unicode mode), in time linear in the URL, anchored at both ends
//! (`\A(?:pattern)\z`), with a size limit ([`RuleRegex::DEFAULT_SIZE_LIMIT`], or
//! [`RuleRegex::with_size_limit`]); a pattern that does not compile is a [`RegexError`]
//! naming it, with the `regex` crate's message. A `RuleRegex` is built by [`RuleRegex::new`]
//! or [`str::parse`]; compile it first and give it to [`MatchRule::with_regex`] to keep the
//! rule when the pattern does not compile ([`MatchRule::regex`] takes the rule and returns
//! only the error).
//!
//! On a canonical URL (ASCII, no line break), the two read these the same: literal
//! characters and escaped punctuation (`\.`, `\?`, `\/`), a non-ASCII character outside a
//! class (its UTF-8 bytes, which a canonical URL never holds: match its percent-encoding or
//! punycode), `\xHH` (a byte), `.`, `^`, `$`, `\A`, ASCII classes (`[a-z0-9_-]`, `[^/]`),
//! `\d`, `\w`, `\s`, `\b` and their negations (ASCII-only in both), the quantifiers `*`, `+`,
//! `?`, `{n}`, `{n,}`, `{n,m}` and their lazy forms (`*?`, ...), groups (`(...)`, `(?:...)`,
//! `(?P<name>...)`), `|`, and the flags `(?i)` (ASCII case folding in both), `(?s)`, `(?m)`,
//! `(?x)` at the pattern's start. These are an error here where Python accepts them:
//! look-around (`(?=...)`, `(?!...)`, `(?<=...)`, `(?<!...)`), backreferences (`\1`,
//! `(?P=name)`), conditionals, comments `(?#...)`, `\Z` (write `\z`, or nothing: the pattern
//! is anchored), atomic groups, `{,n}` (write `{0,n}`), a `{` that starts no repetition
//! (Python reads it as itself: write `\{`), a non-ASCII character in a class (Python: a
//! class of its UTF-8 bytes), and, in `x` mode, a `#` in a class (here it starts a comment
//! that runs to the line's end; write `\#`). These are an error in Python, as in a bytes
//! pattern: `\p{...}` (an error here too) and the `(?u)` flag (here: Unicode mode, so that
//! `\w` and `\p{L}` are Unicode's). These read differently: `[[:alpha:]]` is a POSIX class
//! here (in Python, one of `[:ahlp` and then `]`); `&&`, `--` and `~~` in a class are its
//! intersection, difference and symmetric difference (in Python, the characters
//! themselves); `\<` and `\>` are a word's start and end (in Python, `<` and `>`); `a*+` is
//! `(?:a*)+` (in Python 3.11, a possessive `a*`); in `x` mode, whitespace in a class is
//! ignored here (in Python, it is in the class: `(?x)[a b]` matches a space there); a flag
//! group after the pattern's start (`a(?i)b`) sets the flag from there on here (Python 3.11
//! rejects it; earlier versions set it for the whole pattern).
//!
//! Departures (each tested in `tests/data/match_rules.json`):
//! - a top-level alternation is anchored whole (`a|b` must match all of the URL in either
//!   branch), as a full match is; urlcanon's appended `\Z` binds to the last branch only, so
//!   that its `a|b` accepts any URL that starts with `a` (and an `x`-mode comment at the
//!   pattern's end takes its `\Z` with it: `(?x)a # c` accepts any URL that starts with `a`);
//! - the parent URL is canonicalized by the rule set as the URL is (urlcanon's
//!   `MatchRule.applies` reads it as given, which is the same for a canonical one; its
//!   `Canonicalizer.rule_applies` drops it, so that a rule with `parent_url_regex` never
//!   applies through it); a parent URL without a canonical form satisfies no
//!   `parent_url_regex`;
//! - a string without a canonical form (the URL Standard's parser, or for every rule set but
//!   `whatwg` also with `http://` in front, fails on it) satisfies no condition: there is
//!   no URL to compare (urlcanon's lenient parser reads any string into one);
//! - the patterns' syntax, above: the regex crate's errors and different readings, a
//!   non-ASCII character in a class.
//!
//! As urlcanon's, an empty value is no condition, for every condition (Python reads `b''` as
//! false), so that a rule whose values are all empty applies to every string, as one without
//! conditions does, a string that is not a URL included (urlcanon's parser reads any string);
//! a rule with a condition applies to no string without a canonical form (see the
//! departures); and a rule with `parent_url_regex` applies to no URL without a parent URL.

mod pattern;
mod view;

pub use pattern::{RegexError, RuleRegex};
use view::{view, View};

use crate::urlcanon::RuleSet;
use crate::Input;

/// A URL-matching rule (urlcanon's `MatchRule`): every condition that is set must hold.
///
/// ```
/// use weburl_canon::match_rule::MatchRule;
/// use weburl_canon::urlcanon::RuleSet;
/// let rule = MatchRule::new().surt("http://(com,vimeocdn,");
/// assert!(rule.applies("http://a.b.vimeocdn.com/blahblah", RuleSet::Whatwg));
/// assert!(!rule.applies("https://a.b.vimeocdn.com/blahblah", RuleSet::Whatwg));
///
/// let rule = MatchRule::new().domain("example.com");
/// assert!(rule.applies("https://abc.EXAMPLE.com./x", RuleSet::Semantic));
/// assert!(!rule.exact(true).applies("https://abc.example.com", RuleSet::Semantic));
///
/// // urlcanon's own example: a video page, when it was found on a user's page.
/// let rule = MatchRule::new()
///     .regex(r"^https?://(www.)?youtube.com/watch?.*$")?
///     .parent_url_regex(r"^https?://(www.)?youtube.com/user/.*$")?;
/// let url = "https://www.youtube.com/watch?v=dUIn5OAPS5s";
/// assert!(!rule.applies(url, RuleSet::Whatwg));
/// let parent = "https://www.youtube.com/user/SonoraSantaneraVEVO";
/// assert!(rule.applies_with_parent(url, parent, RuleSet::Whatwg));
/// # Ok::<(), weburl_canon::match_rule::RegexError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct MatchRule {
    surt: Option<String>,
    ssurt: Option<String>,
    domain: Option<String>,
    substring: Option<String>,
    regex: Option<RuleRegex>,
    parent_url_regex: Option<RuleRegex>,
    exact: bool,
}

impl MatchRule {
    /// A rule without conditions (it applies to every string, as urlcanon's does).
    pub fn new() -> MatchRule {
        MatchRule::default()
    }

    /// The rule with the condition: urlcanon's SURT of the URL starts with (with `exact`:
    /// is) `prefix`.
    /// An empty value is no condition.
    pub fn surt(mut self, prefix: impl Into<String>) -> MatchRule {
        self.surt = condition(prefix.into());
        self
    }

    /// The rule with the condition: the URL's SSURT starts with (with `exact`: is) `prefix`.
    /// An empty value is no condition.
    pub fn ssurt(mut self, prefix: impl Into<String>) -> MatchRule {
        self.ssurt = condition(prefix.into());
        self
    }

    /// The rule with the condition: the URL's host is `domain` or (without `exact`) one of its
    /// subdomains; an IP address matches only itself.
    /// An empty value is no condition.
    pub fn domain(mut self, domain: impl Into<String>) -> MatchRule {
        self.domain = condition(domain.into());
        self
    }

    /// The rule with the condition: the canonical URL contains `substring`.
    /// An empty value is no condition.
    pub fn substring(mut self, substring: impl Into<String>) -> MatchRule {
        self.substring = condition(substring.into());
        self
    }

    /// The rule with the condition: `pattern` matches the whole canonical URL (urlcanon's
    /// `regex`, or `url_match: REGEX_MATCH`); an empty pattern is no condition. The pattern is
    /// compiled by [`RuleRegex::new`] (see the [module documentation](self) for its syntax).
    ///
    /// ```
    /// use weburl_canon::match_rule::MatchRule;
    /// use weburl_canon::urlcanon::RuleSet;
    /// let rule = MatchRule::new().regex(r"^.*/audio_file/.*\.mp3$")?;
    /// assert!(rule.applies("http://foo.com/blah/audio_file/some.mp3", RuleSet::Whatwg));
    /// assert!(!rule.applies("http://foo.com/some.mp3", RuleSet::Whatwg));
    /// // The canonical URL is ASCII: match the punycode and the percent-encoded bytes.
    /// let rule = MatchRule::new().regex(r"http://xn--n3h\.net/%E2%98%83")?;
    /// assert!(rule.applies("http://☃.net/☃", RuleSet::Whatwg));
    /// // Look-around is not in the regex crate's syntax.
    /// assert!(MatchRule::new().regex("^.*lang=(?!en).*$").is_err());
    /// # Ok::<(), weburl_canon::match_rule::RegexError>(())
    /// ```
    pub fn regex(self, pattern: &str) -> Result<MatchRule, RegexError> {
        Ok(self.with_regex(RuleRegex::new(pattern)?))
    }

    /// The rule with the condition: the compiled `regex` matches the whole canonical URL (an
    /// empty pattern: no condition).
    pub fn with_regex(mut self, regex: RuleRegex) -> MatchRule {
        self.regex = (!regex.as_str().is_empty()).then_some(regex);
        self
    }

    /// The rule with the condition: there is a parent URL, and `pattern` matches the whole of
    /// it, canonicalized (urlcanon's `parent_url_regex`); an empty pattern is no condition. See
    /// [`MatchRule::applies_with_parent`].
    pub fn parent_url_regex(self, pattern: &str) -> Result<MatchRule, RegexError> {
        Ok(self.with_parent_url_regex(RuleRegex::new(pattern)?))
    }

    /// The rule with the condition: there is a parent URL, and the compiled `regex` matches the
    /// whole of it, canonicalized (an empty pattern: no condition).
    pub fn with_parent_url_regex(mut self, regex: RuleRegex) -> MatchRule {
        self.parent_url_regex = (!regex.as_str().is_empty()).then_some(regex);
        self
    }

    /// Whether the rule has no condition (it applies to every string).
    fn is_empty(&self) -> bool {
        let MatchRule {
            surt,
            ssurt,
            domain,
            substring,
            regex,
            parent_url_regex,
            exact: _,
        } = self;
        surt.is_none()
            && ssurt.is_none()
            && domain.is_none()
            && substring.is_none()
            && regex.is_none()
            && parent_url_regex.is_none()
    }

    /// The rule with urlcanon's `exact` modifier set or not.
    pub fn exact(mut self, exact: bool) -> MatchRule {
        self.exact = exact;
        self
    }

    /// Whether the rule applies to `url` canonicalized by `rules`, found without a parent URL
    /// (`false` where the rule has a `parent_url_regex`, or has a condition and `url` has no
    /// canonical form).
    ///
    /// ```
    /// use weburl_canon::match_rule::MatchRule;
    /// use weburl_canon::urlcanon::RuleSet;
    /// assert!(MatchRule::new().applies("not a URL", RuleSet::Whatwg));
    /// assert!(MatchRule::new().surt("").exact(true).applies("not a URL", RuleSet::Whatwg));
    /// assert!(!MatchRule::new().substring("URL").applies("not a URL", RuleSet::Whatwg));
    /// ```
    pub fn applies<'a>(&self, url: impl Into<Input<'a>>, rules: RuleSet) -> bool {
        self.is_empty() || view(url.into(), rules).is_some_and(|v| self.applies_to(&v, None, rules))
    }

    /// Whether the rule applies to `url` found on `parent_url`, both canonicalized by `rules`
    /// (`false` where the rule has a condition and `url` has no canonical form, or where the
    /// rule has a `parent_url_regex` and `parent_url` has none). The parent URL is read only by the
    /// `parent_url_regex` condition.
    ///
    /// ```
    /// use weburl_canon::match_rule::MatchRule;
    /// use weburl_canon::urlcanon::RuleSet;
    /// let rule = MatchRule::new().domain("a").parent_url_regex(r"http://example\.com/.*")?;
    /// assert!(rule.applies_with_parent("http://a/", "http://EXAMPLE.com/x", RuleSet::Whatwg));
    /// assert!(!rule.applies("http://a/", RuleSet::Whatwg));
    /// # Ok::<(), weburl_canon::match_rule::RegexError>(())
    /// ```
    pub fn applies_with_parent<'a, 'b>(
        &self,
        url: impl Into<Input<'a>>,
        parent_url: impl Into<Input<'b>>,
        rules: RuleSet,
    ) -> bool {
        self.is_empty()
            || view(url.into(), rules)
                .is_some_and(|v| self.applies_to(&v, Some(parent_url.into()), rules))
    }

    fn applies_to(&self, v: &View<'_>, parent_url: Option<Input<'_>>, rules: RuleSet) -> bool {
        let matches = |key: &str, condition: &str| {
            if self.exact {
                key == condition
            } else {
                key.starts_with(condition)
            }
        };
        if let Some(domain) = &self.domain {
            let host = v.host().unwrap_or_default();
            if !(if self.exact {
                host == domain
            } else {
                host_matches_domain(host, domain)
            }) {
                return false;
            }
        }
        if let Some(s) = &self.surt {
            if !matches(&v.surt(), s) {
                return false;
            }
        }
        if let Some(s) = &self.ssurt {
            if !matches(&v.ssurt(), s) {
                return false;
            }
        }
        if let Some(s) = &self.substring {
            if !v.href().contains(s.as_str()) {
                return false;
            }
        }
        if let Some(r) = &self.regex {
            if !r.is_match(v.href()) {
                return false;
            }
        }
        if let Some(r) = &self.parent_url_regex {
            let parent = parent_url.and_then(|p| view(p, rules));
            if !parent.is_some_and(|p| r.is_match(p.href())) {
                return false;
            }
        }
        true
    }
}

/// `value` as a condition: an empty one is none (urlcanon tests each value's truth).
fn condition(value: String) -> Option<String> {
    (!value.is_empty()).then_some(value)
}

/// Whether `host` is `domain` or one of its subdomains (urlcanon's `host_matches_domain`): the
/// same string, or, when neither is an IP address, `domain`'s reversed labels start
/// `host`'s. No normalization: canonicalize both first.
///
/// ```
/// use weburl_canon::match_rule::host_matches_domain;
/// assert!(host_matches_domain("foo.example.com", "example.com"));
/// assert!(!host_matches_domain("notexample.com", "example.com"));
/// assert!(!host_matches_domain("foo.EXAMPLE.COM", "example.com"));
/// assert!(host_matches_domain("1.2.3.4", "1.2.3.4"));
/// ```
pub fn host_matches_domain(host: &str, domain: &str) -> bool {
    if host == domain {
        return true;
    }
    let ip = |h: &str| h.starts_with('[') || crate::escape::inet_aton(h.as_bytes(), true).is_some();
    if ip(host) || ip(domain) {
        return false;
    }
    crate::ssurt::reverse_host(host).starts_with(&crate::ssurt::reverse_host(domain))
}

/// urlcanon's SURT of `url` canonicalized by `rules`: scheme, `://(`, the host as SSURT
/// writes it (reversed, trailing comma), `:port`, `)`, then path, query and fragment; no
/// user info. `None` where the URL has no canonical form.
///
/// ```
/// use weburl_canon::match_rule::surt_of;
/// use weburl_canon::urlcanon::RuleSet;
/// assert_eq!(
///     surt_of("http://Example.com:8080/foo/bar", RuleSet::Semantic).as_deref(),
///     Some("http://(com,example,:8080)/foo/bar")
/// );
/// ```
pub fn surt_of<'a>(url: impl Into<Input<'a>>, rules: RuleSet) -> Option<String> {
    view(url.into(), rules).map(|v| v.surt())
}

/// The SSURT of `url` canonicalized by `rules` (`None` where it has no canonical form).
///
/// ```
/// use weburl_canon::match_rule::ssurt_of;
/// use weburl_canon::urlcanon::RuleSet;
/// assert_eq!(
///     ssurt_of("https://www.Example.com/a/", RuleSet::Aggressive).as_deref(),
///     Some("com,example,//:http/a")
/// );
/// ```
pub fn ssurt_of<'a>(url: impl Into<Input<'a>>, rules: RuleSet) -> Option<String> {
    view(url.into(), rules).map(|v| v.ssurt())
}
