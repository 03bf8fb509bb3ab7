//! Parsing, alone or against a base: `url_join`, `url_is_valid` and
//! `url_error`.

use weburl::{ParseError, Url};

/// Parses `input` as a URL with no base; `None` when it is not a valid URL. What every
/// function of one URL argument starts with.
#[inline]
pub fn parse(input: &str) -> Option<Url> {
    Url::parse(input).ok()
}

/// Base URLs parsed once for each run of equal values: a column of bases that is one literal
/// is parsed once for the whole column.
#[derive(Debug, Default)]
pub struct Bases<'a> {
    last: Option<(&'a str, Result<Url, ParseError>)>,
}

impl<'a> Bases<'a> {
    /// No base parsed yet.
    pub fn new() -> Bases<'a> {
        Bases::default()
    }

    /// `base` parsed, or the same result as the previous call when `base` is the same string.
    pub fn get(&mut self, base: &'a str) -> &Result<Url, ParseError> {
        if self.last.as_ref().is_some_and(|(s, _)| *s != base) {
            self.last = None;
        }
        &self.last.get_or_insert_with(|| (base, Url::parse(base))).1
    }

    /// Parses `input` against `base`, or alone when `base` is `None`. A base that fails gives
    /// its own error.
    pub fn parse(&mut self, input: &str, base: Option<&'a str>) -> Result<Url, ParseError> {
        match base {
            None => Url::parse(input),
            Some(base) => match self.get(base) {
                Ok(base) => Url::parse_with_base(input, base),
                Err(e) => Err(e.clone()),
            },
        }
    }
}

/// Parses `input` against `base` (or alone when `base` is `None`); a base that fails gives its
/// own error.
pub fn parse_with_base(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
    Bases::new().parse(input, base)
}

/// `reference` resolved against `base` as `new URL(reference, base)` does (`url_join`); `None`
/// when the base or the result is not a valid URL.
///
/// ```
/// let url = weburl_functions::join("https://example.com/docs/guide/", "../api?x=1").unwrap();
/// assert_eq!(url.href(), "https://example.com/docs/api?x=1");
/// ```
pub fn join(base: &str, reference: &str) -> Option<Url> {
    parse_with_base(reference, Some(base)).ok()
}

/// Whether `input` is a valid URL, against `base` if one is given, as `URL.canParse(input,
/// base)` says (`url_is_valid`).
///
/// ```
/// assert!(weburl_functions::is_valid("https://example.com/", None));
/// assert!(!weburl_functions::is_valid("https://exa mple.com/", None));
/// assert!(weburl_functions::is_valid("/a", Some("https://example.com/")));
/// ```
pub fn is_valid(input: &str, base: Option<&str>) -> bool {
    match base {
        None => Url::can_parse(input, None),
        Some(_) => parse_with_base(input, base).is_ok(),
    }
}

/// The URL Standard's name of the validation error that made parsing `input` (against `base`,
/// if given) fail, or `"too-long"` for an input over the facade's maximum length; `None` for a
/// valid URL (`url_error`). A base that fails gives the name of the base's error.
///
/// ```
/// assert_eq!(weburl_functions::error("https://example.com:99999/", None), Some("port-out-of-range"));
/// assert_eq!(weburl_functions::error("https://example.com/", None), None);
/// ```
pub fn error(input: &str, base: Option<&str>) -> Option<&'static str> {
    parse_with_base(input, base).err().map(|e| e.name())
}
