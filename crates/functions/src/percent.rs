//! The URL Standard's [percent-encoding](https://url.spec.whatwg.org/#percent-encoded-bytes) on
//! any string: `url_percent_decode` and `url_percent_encode`.

use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;

use weburl::percent::{self, AsciiSet};

/// Percent-decodes `input` (each `%` and two hex digits becomes that byte; any other `%` stays),
/// then decodes the bytes as UTF-8 with U+FFFD for an invalid sequence, as the standard's
/// percent-decode and UTF-8 decode without BOM do. `+` is left alone.
///
/// ```
/// assert_eq!(weburl_functions::percent_decode("caf%C3%A9%20au%20lait%2"), "café au lait%2");
/// ```
pub fn percent_decode(input: &str) -> Cow<'_, str> {
    percent::percent_decode_utf8_lossy(input.as_bytes())
}

/// One of the URL Standard's [percent-encode sets](https://url.spec.whatwg.org/#percent-encoded-bytes),
/// by the names `url_percent_encode` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EncodeSet {
    /// The [C0 control percent-encode set](https://url.spec.whatwg.org/#c0-control-percent-encode-set).
    C0Control,
    /// The [fragment percent-encode set](https://url.spec.whatwg.org/#fragment-percent-encode-set).
    Fragment,
    /// The [query percent-encode set](https://url.spec.whatwg.org/#query-percent-encode-set).
    Query,
    /// The [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set).
    SpecialQuery,
    /// The [path percent-encode set](https://url.spec.whatwg.org/#path-percent-encode-set).
    Path,
    /// The [userinfo percent-encode set](https://url.spec.whatwg.org/#userinfo-percent-encode-set).
    Userinfo,
    /// The [component percent-encode set](https://url.spec.whatwg.org/#component-percent-encode-set),
    /// the default: what JavaScript's `encodeURIComponent` encodes.
    #[default]
    Component,
    /// The [application/x-www-form-urlencoded percent-encode set](https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set).
    FormUrlencoded,
}

impl EncodeSet {
    /// Every set, in the order the documentation lists them.
    pub const ALL: [EncodeSet; 8] = [
        EncodeSet::C0Control,
        EncodeSet::Fragment,
        EncodeSet::Query,
        EncodeSet::SpecialQuery,
        EncodeSet::Path,
        EncodeSet::Userinfo,
        EncodeSet::Component,
        EncodeSet::FormUrlencoded,
    ];

    /// The set's name, such as `"path"` or `"application/x-www-form-urlencoded"`.
    pub const fn name(self) -> &'static str {
        match self {
            EncodeSet::C0Control => "c0-control",
            EncodeSet::Fragment => "fragment",
            EncodeSet::Query => "query",
            EncodeSet::SpecialQuery => "special-query",
            EncodeSet::Path => "path",
            EncodeSet::Userinfo => "userinfo",
            EncodeSet::Component => "component",
            EncodeSet::FormUrlencoded => "application/x-www-form-urlencoded",
        }
    }

    /// The set's code points.
    pub fn ascii_set(self) -> &'static AsciiSet {
        match self {
            EncodeSet::C0Control => &percent::C0_CONTROL,
            EncodeSet::Fragment => &percent::FRAGMENT,
            EncodeSet::Query => &percent::QUERY,
            EncodeSet::SpecialQuery => &percent::SPECIAL_QUERY,
            EncodeSet::Path => &percent::PATH,
            EncodeSet::Userinfo => &percent::USERINFO,
            EncodeSet::Component => &percent::COMPONENT,
            EncodeSet::FormUrlencoded => &percent::APPLICATION_X_WWW_FORM_URLENCODED,
        }
    }
}

impl fmt::Display for EncodeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`EncodeSet`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEncodeSet(pub String);

impl fmt::Display for UnknownEncodeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown percent-encode set '{}'; expected one of ",
            self.0
        )?;
        for (i, set) in EncodeSet::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "'{set}'")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownEncodeSet {}

impl FromStr for EncodeSet {
    type Err = UnknownEncodeSet;

    /// A set by its [`name`](EncodeSet::name), ASCII case-insensitive.
    fn from_str(name: &str) -> Result<EncodeSet, UnknownEncodeSet> {
        EncodeSet::ALL
            .into_iter()
            .find(|set| set.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownEncodeSet(name.to_owned()))
    }
}

/// UTF-8 percent-encodes `input` with `set`, appending to `out`: every code point in the set
/// becomes `%XX` for each of its UTF-8 bytes (uppercase hex). Space is `%20` with every set.
pub fn percent_encode_into(input: &str, set: EncodeSet, out: &mut String) {
    percent::utf8_percent_encode_into(input, set.ascii_set(), out);
}

/// [`percent_encode_into`] a new string.
///
/// ```
/// use weburl_functions::{percent_encode, EncodeSet};
/// assert_eq!(percent_encode("a b/c?d", EncodeSet::Path), "a%20b/c%3Fd");
/// assert_eq!(percent_encode("a b/c?d", EncodeSet::Component), "a%20b%2Fc%3Fd");
/// ```
pub fn percent_encode(input: &str, set: EncodeSet) -> String {
    let mut out = String::with_capacity(input.len());
    percent_encode_into(input, set, &mut out);
    out
}
