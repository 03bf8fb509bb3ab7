//! Removing tracking parameters: [`strip_tracking`] with rules in
//! [ClearURLs](https://docs.clearurls.xyz/)' `data.min.json` format, loaded at run time
//! ([`Rules::from_json`], [`Rules::from_file`]), or with this crate's small built-in list
//! ([`Rules::builtin`], see [`builtin`] for each entry's source and the list's licence).
//!
//! ClearURLs' own rules are LGPL-3.0: this crate does not ship them, not even in its tests
//! (its fixture, `tests/data/clearurls-fixture.json`, is written for it in the same format).
//!
//! # What a provider does
//!
//! Each fact is ClearURLs' addon's ([github.com/ClearURLs/Addon](https://github.com/ClearURLs/Addon)
//! at commit `d16a571`, 2025-04-09: `clearurls.js`'s `removeFieldsFormURL`, `Provider`,
//! `createProviders` and `clearUrl`; `core_js/tools.js`'s `decodeURL`, `extractFragments`
//! and `checkLocalURL`; `core_js/utils/URLHashParams.js`; the defaults of
//! `core_js/storage.js`'s `initSettings`), read for its behaviour; no code is copied. Every pattern is a
//! regular expression compiled case-insensitively (`new RegExp(p, "i")`, or `"gi"`).
//!
//! - `urlPattern` is searched for (unanchored) in the whole URL, its serialization (the
//!   browser's `request.url`); a missing one matches every URL.
//! - `exceptions`: when one is found in the whole URL, the provider does nothing.
//! - `redirections` are tried in order on the whole URL; the first that is found gives the
//!   new URL, its first capture group, percent-decoded until nothing more decodes
//!   (`decodeURL`), with `http://` put in front when it does not start with `http`. The new
//!   URL then goes through all providers again (the browser requests it anew).
//! - `completeProvider`: the URL is blocked ([`Error::Blocked`]) when
//!   [`Options::domain_blocking`] is on (ClearURLs' default); when off, the provider has the
//!   extra rule `.*`, removing every field.
//! - `rawRules` are replaced by nothing in the whole URL, every match (`"gi"`), in order, and
//!   the result parsed again.
//! - `rules` (and `referralMarketing`, unless [`Options::referral_marketing`] allows it, as
//!   ClearURLs' default does) are matched as `^` + rule + `$` against each query field's name,
//!   decoded as `URLSearchParams` decodes it (`+` is a space, percent-decoded), and against each
//!   fragment field's name, the text of a `&`-separated piece of the fragment before its first
//!   `=`, not decoded (`URLHashParams`). A field whose name matches is removed. The anchors
//!   bind tighter than the rule's own alternation, as in ClearURLs: `a|b` removes `a` and
//!   every name that ends in `b`.
//! - `forceRedirection` only changes how the browser loads a redirection's target (the same
//!   URL either way); `methods` lists the HTTP methods a provider applies to, and there is no
//!   request here: both are read and checked, and change nothing.
//! - Hosts that are `localhost` or an IPv4 address in 10/8, 172.16/12, 192.168/16, 100.64/10,
//!   169.254/16 or 127.0.0.1 are left alone while [`Options::local_hosts_skipping`] is on
//!   (ClearURLs' default, `checkLocalURL`).
//!
//! Providers apply in the file's order, each to the previous one's result, in one pass.
//! (ClearURLs stops at the first provider that changes the URL and lets the browser load the
//! result, which runs every provider again: for rules that only remove, one pass in order is
//! that loop's end result, up to rules that match only after a later provider's change.)
//!
//! # Departures, each chosen
//!
//! - The result is the URL Standard's serialization of the edited URL. Fields that are kept
//!   keep their bytes, in order; ClearURLs writes the query again (names as decoded, values
//!   through `encodeURIComponent`) and drops a fragment field's value when it holds a second
//!   `=`. A `&&` (empty field) goes when a field is removed, as in `URLSearchParams`.
//! - ClearURLs deletes fields while it iterates over them, which skips the field after each
//!   removed one until the browser's next pass; every matching field goes here at once.
//! - The patterns are JavaScript regular expressions; they are compiled by the `regex` crate,
//!   which runs in linear time and has no look-around and no backreferences. A pattern that
//!   does not compile (those features, or JavaScript-only syntax) is not an error: it is left
//!   out and listed in [`Rules::skipped`] with its provider, key and reason. When that pattern
//!   is the provider's `urlPattern` or one of its `exceptions`, or a member has the wrong type,
//!   the whole provider is left out (applying it without an exception would remove what its
//!   authors meant to keep). `\d`, `\w`, `\s` and `\b` are Unicode-aware here and ASCII in
//!   JavaScript, which matters only for names with non-ASCII letters (the URL is ASCII).
//! - A redirection's target that does not decode to UTF-8 or does not parse is
//!   [`Error::InvalidRedirection`] (ClearURLs' `decodeURIComponent` throws on invalid UTF-8;
//!   a malformed `%` escape is kept here, as the URL Standard's percent-decoding keeps it).
//!   At most [`MAX_REDIRECTIONS`] redirections are followed.
//!
//! ```
//! use weburl_canon::tracking::{strip_tracking, Rules};
//! assert_eq!(
//!     strip_tracking("https://example.com/a?id=7&utm_source=news&fbclid=x#top", Rules::builtin())
//!         .unwrap(),
//!     "https://example.com/a?id=7#top"
//! );
//! let json = br#"{"providers": {"shop": {
//!     "urlPattern": "^https?://shop\\.example/",
//!     "rules": ["ref", "sid_[0-9]+"]
//! }}}"#;
//! let rules = Rules::from_json(json).unwrap();
//! assert_eq!(
//!     strip_tracking("https://shop.example/p?ref=a&q=1&SID_12=z", &rules).unwrap(),
//!     "https://shop.example/p?q=1"
//! );
//! ```

pub mod builtin;
mod load;

use std::borrow::Cow;
use std::sync::OnceLock;

use regex::Regex;
use weburl::percent::percent_decode_into;
use weburl::{HostKind, SetterError, Url};

use crate::escape::unescape_repeatedly;
use crate::{Input, NotAUrl};

/// How many redirections [`strip_tracking`] follows before it gives up
/// ([`Error::TooManyRedirections`]): the number of redirects Fetch follows.
pub const MAX_REDIRECTIONS: usize = 20;

/// A compiled provider.
#[derive(Debug, Clone)]
struct Provider {
    name: String,
    url_pattern: Regex,
    complete: bool,
    #[allow(dead_code)] // Read and checked; changes nothing here (see the module docs).
    force_redirection: bool,
    /// Every rule, each anchored as ClearURLs anchors it, in one expression.
    rules: Option<Regex>,
    /// The `referralMarketing` rules, likewise.
    referral: Option<Regex>,
    /// Every exception in one expression.
    exception: Option<Regex>,
    raw_rules: Vec<Regex>,
    redirections: Vec<Regex>,
}

/// A rule (or a whole provider) left out when the rules were loaded, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The provider's name.
    pub provider: String,
    /// The provider's member: `urlPattern`, `rules`, `exceptions`, ... or `provider` when the
    /// provider itself is not an object.
    pub key: &'static str,
    /// The pattern (or the JSON value) as the file gives it.
    pub pattern: String,
    /// Why: the regular expression's error, or the member's wrong type.
    pub reason: String,
}

/// Why rules could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// The bytes are not JSON, or not a JSON object (serde_json's message).
    Json(String),
    /// The object has no `providers` member.
    NoProviders,
    /// The file could not be read (its path and the error's message).
    Io(String),
}

impl core::fmt::Display for RulesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RulesError::Json(e) => write!(f, "not ClearURLs rules: {e}"),
            RulesError::NoProviders => f.write_str("not ClearURLs rules: no `providers` object"),
            RulesError::Io(e) => write!(f, "cannot read the rules: {e}"),
        }
    }
}

impl std::error::Error for RulesError {}

/// Why a URL has no result.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The string is not a URL (the URL Standard's parser fails on it): [`NotAUrl`].
    NotAUrl,
    /// A `completeProvider` matched: ClearURLs blocks the URL (with its provider's name).
    Blocked(String),
    /// A redirection's target (named by its provider) is not UTF-8 once decoded, or not a URL.
    InvalidRedirection(String),
    /// The provider's `rawRules` left a string that is not a URL.
    InvalidAfterRawRules(String),
    /// More than [`MAX_REDIRECTIONS`] redirections.
    TooManyRedirections,
    /// The provider's removals could not be set on the URL (a length limit of the URL's).
    Edit(String),
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::NotAUrl => core::fmt::Display::fmt(&NotAUrl, f),
            Error::Blocked(p) => write!(f, "blocked by the complete provider {p:?}"),
            Error::InvalidRedirection(p) => {
                write!(f, "the redirection of provider {p:?} gives no URL")
            }
            Error::InvalidAfterRawRules(p) => {
                write!(f, "the raw rules of provider {p:?} leave no URL")
            }
            Error::TooManyRedirections => {
                write!(f, "more than {MAX_REDIRECTIONS} redirections")
            }
            Error::Edit(p) => write!(f, "the removals of provider {p:?} could not be set"),
        }
    }
}

impl std::error::Error for Error {}

impl From<NotAUrl> for Error {
    fn from(_: NotAUrl) -> Error {
        Error::NotAUrl
    }
}

/// ClearURLs' settings that change a result, with its defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// "Allow referral marketing" (`storage.referralMarketing`, default on): when off, the
    /// providers' `referralMarketing` rules remove fields too.
    pub referral_marketing: bool,
    /// "Block domains" (`storage.domainBlocking`, default on): a `completeProvider` blocks
    /// the URL ([`Error::Blocked`]); when off, it removes every field.
    pub domain_blocking: bool,
    /// "Skip local hosts" (`storage.localHostsSkipping`, default on).
    pub local_hosts_skipping: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            referral_marketing: true,
            domain_blocking: true,
            local_hosts_skipping: true,
        }
    }
}

/// Compiled rules: providers in ClearURLs' format, compiled once.
#[derive(Debug, Clone)]
pub struct Rules {
    providers: Vec<Provider>,
    skipped: Vec<Skipped>,
}

impl Rules {
    /// Rules from JSON in ClearURLs' `data.min.json` format. Patterns that do not compile are
    /// left out and listed in [`Rules::skipped`] (see the module docs).
    pub fn from_json(json: &[u8]) -> Result<Rules, RulesError> {
        let mut skipped = Vec::new();
        let providers = load::providers(json, &mut skipped)?;
        Ok(Rules { providers, skipped })
    }

    /// Rules from a file in ClearURLs' `data.min.json` format ([`Rules::from_json`]).
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Rules, RulesError> {
        let path = path.as_ref();
        let bytes =
            std::fs::read(path).map_err(|e| RulesError::Io(format!("{}: {e}", path.display())))?;
        Rules::from_json(&bytes)
    }

    /// The built-in list ([`builtin::ENTRIES`]) as one provider, `builtin`, for every URL;
    /// compiled once per process.
    pub fn builtin() -> &'static Rules {
        static BUILTIN: OnceLock<Rules> = OnceLock::new();
        BUILTIN.get_or_init(builtin_rules)
    }

    /// The patterns and providers left out when loading, in file order.
    pub fn skipped(&self) -> &[Skipped] {
        &self.skipped
    }

    /// The names of the providers loaded, in the order they apply.
    pub fn provider_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.providers.iter().map(|p| p.name.as_str())
    }
}

fn builtin_rules() -> Rules {
    let mut json = serde_json::Map::new();
    let rules: Vec<serde_json::Value> = builtin::ENTRIES
        .iter()
        .map(|e| serde_json::Value::from(e.pattern))
        .collect();
    let mut provider = serde_json::Map::new();
    provider.insert("rules".into(), serde_json::Value::Array(rules));
    let mut providers = serde_json::Map::new();
    providers.insert("builtin".into(), serde_json::Value::Object(provider));
    json.insert("providers".into(), serde_json::Value::Object(providers));
    let text = serde_json::Value::Object(json).to_string();
    // The entries are this crate's constants and compile (tested): an empty list otherwise.
    Rules::from_json(text.as_bytes()).unwrap_or(Rules {
        providers: Vec::new(),
        skipped: Vec::new(),
    })
}

/// The URL with the tracking fields `rules` name removed, with ClearURLs' default settings
/// ([`Options::default`]). A string is parsed by the URL Standard's parser first.
///
/// ```
/// use weburl_canon::tracking::{strip_tracking, Error, Rules};
/// let rules = Rules::builtin();
/// assert_eq!(strip_tracking("http://x.test/?gclid=1", rules).unwrap(), "http://x.test/");
/// assert_eq!(strip_tracking("no url", rules), Err(Error::NotAUrl));
/// ```
pub fn strip_tracking<'a>(input: impl Into<Input<'a>>, rules: &Rules) -> Result<String, Error> {
    strip_tracking_with(input, rules, &Options::default())
}

/// [`strip_tracking`] with ClearURLs' settings given.
pub fn strip_tracking_with<'a>(
    input: impl Into<Input<'a>>,
    rules: &Rules,
    options: &Options,
) -> Result<String, Error> {
    let mut url = match input.into() {
        Input::Str(s) => crate::error::parse(s)?,
        Input::Url(u) => u.clone(),
    };
    let mut redirections = 0;
    let mut scratch = Vec::new();
    'pass: loop {
        for p in &rules.providers {
            if !p.applies_to(url.href()) {
                continue;
            }
            if options.local_hosts_skipping && is_local(&url) {
                continue;
            }
            if let Some(target) = p.redirection(url.href())? {
                redirections += 1;
                if redirections > MAX_REDIRECTIONS {
                    return Err(Error::TooManyRedirections);
                }
                url = target;
                continue 'pass;
            }
            if p.complete && options.domain_blocking {
                return Err(Error::Blocked(p.name.clone()));
            }
            if let Some(raw) = p.raw_replaced(url.href()) {
                url = Url::parse(&raw).map_err(|_| Error::InvalidAfterRawRules(p.name.clone()))?;
            }
            p.remove_fields(&mut url, options, &mut scratch)
                .map_err(|_| Error::Edit(p.name.clone()))?;
        }
        break;
    }
    Ok(url.into_string())
}

impl Provider {
    /// ClearURLs' `matchURL`: the pattern is found and no exception is.
    fn applies_to(&self, href: &str) -> bool {
        self.url_pattern.is_match(href)
            && !self.exception.as_ref().is_some_and(|e| e.is_match(href))
    }

    /// The first redirection found, as its target URL.
    fn redirection(&self, href: &str) -> Result<Option<Url>, Error> {
        let Some(caps) = self.redirections.iter().find_map(|r| r.captures(href)) else {
            return Ok(None);
        };
        let invalid = || Error::InvalidRedirection(self.name.clone());
        let target = caps.get(1).ok_or_else(invalid)?.as_str();
        let decoded = unescape_repeatedly(target.as_bytes().to_vec());
        let decoded = String::from_utf8(decoded).map_err(|_| invalid())?;
        let url = if decoded.starts_with("http") {
            Url::parse(&decoded)
        } else {
            let mut with_scheme = String::with_capacity(decoded.len() + 7);
            with_scheme.push_str("http://");
            with_scheme.push_str(&decoded);
            Url::parse(&with_scheme)
        };
        url.map(Some).map_err(|_| invalid())
    }

    /// The URL with every raw rule's matches removed, or `None` when none matched.
    fn raw_replaced(&self, href: &str) -> Option<String> {
        let mut changed: Option<String> = None;
        for r in &self.raw_rules {
            let src = changed.as_deref().unwrap_or(href);
            if let Cow::Owned(next) = r.replace_all(src, "") {
                changed = Some(next);
            }
        }
        changed
    }

    /// Whether a field name is one of the rules (or referral marketing rules, when those apply).
    fn is_rule(&self, name: &str, options: &Options) -> bool {
        self.rules.as_ref().is_some_and(|r| r.is_match(name))
            || (!options.referral_marketing
                && self.referral.as_ref().is_some_and(|r| r.is_match(name)))
    }

    fn remove_fields(
        &self,
        url: &mut Url,
        options: &Options,
        scratch: &mut Vec<u8>,
    ) -> Result<(), SetterError> {
        if self.rules.is_none() && (options.referral_marketing || self.referral.is_none()) {
            return Ok(());
        }
        if let Some(query) = url.query() {
            let kept = kept_fields(query, |piece| {
                let name = piece.split('=').next().unwrap_or_default();
                scratch.clear();
                let plus_free: Cow<'_, str> = if name.contains('+') {
                    Cow::Owned(name.replace('+', " "))
                } else {
                    Cow::Borrowed(name)
                };
                percent_decode_into(plus_free.as_bytes(), scratch);
                self.is_rule(&String::from_utf8_lossy(scratch), options)
            });
            if let Some(kept) = kept {
                // The kept text is the query's own, already encoded: setting it changes nothing else.
                url.set_query((!kept.is_empty()).then_some(kept.as_str()))?;
            }
        }
        if let Some(fragment) = url.fragment() {
            let kept = kept_fields(fragment, |piece| {
                let name = piece.split('=').next().unwrap_or_default();
                // URLHashParams skips a piece with an empty name: it is never removed by a rule.
                !name.is_empty() && self.is_rule(name, options)
            });
            if let Some(kept) = kept {
                url.set_fragment((!kept.is_empty()).then_some(kept.as_str()))?;
            }
        }
        Ok(())
    }
}

/// The `&`-separated pieces of `text` that `remove` does not take, joined by `&` (empty ones
/// dropped), or `None` (and no allocation) when it takes none.
fn kept_fields(text: &str, mut remove: impl FnMut(&str) -> bool) -> Option<String> {
    let mut kept: Option<String> = None;
    let mut offset = 0;
    for piece in text.split('&') {
        let start = offset;
        offset += piece.len() + 1;
        if piece.is_empty() {
            continue;
        }
        if remove(piece) {
            if kept.is_none() {
                // The first removal: the pieces before it are all kept.
                let mut k = String::with_capacity(text.len());
                for before in text.get(..start).unwrap_or_default().split('&') {
                    push_piece(&mut k, before);
                }
                kept = Some(k);
            }
        } else if let Some(k) = &mut kept {
            push_piece(k, piece);
        }
    }
    kept
}

fn push_piece(kept: &mut String, piece: &str) {
    if piece.is_empty() {
        return;
    }
    if !kept.is_empty() {
        kept.push('&');
    }
    kept.push_str(piece);
}

/// ClearURLs' `checkLocalURL`: `localhost`, or an IPv4 address in the private, shared,
/// link-local ranges or 127.0.0.1.
fn is_local(url: &Url) -> bool {
    match url.host_kind() {
        Some(HostKind::Domain) => url.hostname() == "localhost",
        Some(HostKind::Ipv4) => match url.hostname().parse::<std::net::Ipv4Addr>() {
            Ok(a) => {
                let [x, y, ..] = a.octets();
                x == 10
                    || (x == 172 && (16..32).contains(&y))
                    || (x == 192 && y == 168)
                    || (x == 100 && (64..128).contains(&y))
                    || (x == 169 && y == 254)
                    || a == std::net::Ipv4Addr::LOCALHOST
            }
            Err(_) => false,
        },
        _ => false,
    }
}
