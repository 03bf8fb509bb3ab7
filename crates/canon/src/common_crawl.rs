//! The URL fields of [Common Crawl](https://commoncrawl.org/)'s columnar URL index
//! (`cc-index-table`, Apache-2.0): its schema
//! (`src/main/resources/schema/cc-index-schema-flat.json`) names them, its `HostName` class
//! fills them with crawler-commons' `EffectiveTldFinder` and the Public Suffix List. Each
//! field here has the schema's name without `url_`:
//!
//! | Field | Schema's example |
//! |---|---|
//! | `url_surtkey` | `com,example)/path/index.html` |
//! | `url_host_name` | `www.example.com` (IP addresses included) |
//! | `url_host_tld` | `com` for `www.example.com` |
//! | `url_host_2nd_last_part` ... `url_host_5th_last_part` | `example`, `www`, ... (`co` for `bbc.co.uk`) |
//! | `url_host_registry_suffix` | `com`, `co.uk`: the ICANN section of the list |
//! | `url_host_registered_domain` | `example.com`, `bbc.co.uk`: one label below the registry suffix |
//! | `url_host_private_suffix` | `com`, `co.uk`, `s3.amazonaws.com`, `blogspot.com`: both sections |
//! | `url_host_private_domain` | `myblog.blogspot.com`: one label below the private suffix |
//! | `url_host_name_reversed` | `com.example.www` (not for IP addresses) |
//!
//! Written from the schema, `HostName` and its tests (read for the facts, nothing copied).
//! The rules:
//! - The URL is parsed by the URL Standard's parser (a string first; a [`Url`] as it is). Its
//!   host is what Common Crawl normalizes by hand: lowercase, percent-decoded, IDNA to ASCII,
//!   an IPv4 address in any form as four decimals. An opaque host (a scheme the URL Standard
//!   does not know) goes through the same host parser as an `http` host, as Common Crawl
//!   lowercases, decodes and converts any URI's host; one that parser rejects has no fields.
//! - One trailing dot is removed (`example.com.` is `example.com`), as Common Crawl does.
//! - An IPv4 or IPv6 address (`[2001:db8::1]`, brackets kept, as Java's `URL.getHost` gives
//!   it) is `url_host_name` only: every other host field is NULL, as in Common Crawl.
//! - Labels are counted from the right: `url_host_tld` is the last, `url_host_5th_last_part`
//!   the fifth; a host with fewer labels has NULL for the others. `url_host_name_reversed` is
//!   the labels in reverse order joined by dots.
//! - The suffixes come from the Public Suffix List's formal algorithm without its implicit
//!   rule `*`: a host under no rule of the list (`example.invalid`) has NULL suffixes and
//!   domains, as in Common Crawl's tests. A host that is itself a suffix (`blogspot.com` for
//!   the private suffix) has a NULL domain for it.
//! - `url_surtkey` is the `surt` package's default key ([`crate::surt::surt`]), the key of
//!   Common Crawl's CDX files; a string is read as `surt` reads it, and NULL where `surt`
//!   raises. A string that is not a URL (the URL Standard's parser rejects it) has no
//!   fields, its `url_surtkey` included: [`NotAUrl`] from [`fields`] and from every field's
//!   function ([`surtkey`] too), NULL in SQL. Common Crawl's index holds URLs its crawler
//!   fetched, read by its own Java code, not by the URL Standard's parser: a row whose URL
//!   the URL Standard rejects can have a key there and has none here (see the IDNA
//!   departure below). The `surt` package's key of any string is [`crate::surt::surt`] (SQL
//!   `url_surt`).
//!
//! Departures, each tested in `tests/data/common_crawl.json`:
//! - IDNA: the URL Standard's UTS 46 (nontransitional) where Java's `IDN.toASCII` is IDNA 2003
//!   (`faß.de` is `xn--fa-hia.de` here, `fass.de` there); a host the URL Standard rejects
//!   (`a b.com`, a forbidden code point) has no fields, where Common Crawl keeps the text.
//! - IPv4: every form the URL Standard reads (octal, hex: `0x7f.1`) is an address here; Common
//!   Crawl reads decimal forms only and keeps `0x7f.1` as a name. IPv6 is serialized
//!   compressed (`[::1]` for `[0:0::1]`), where Common Crawl keeps the text.
//! - An exception rule (`!city.kawasaki.jp`) gives the suffix the list's algorithm gives
//!   (`kawasaki.jp`) and the exception as the domain; crawler-commons returns the exception's
//!   name as the suffix too.
//! - A name with an empty label before its suffix (`a..com`) has no domain below that suffix
//!   (weburl-psl's rule; crawler-commons would give `.com`), and one with a leading dot
//!   (`.example.com`) no suffix.
//! - crawler-commons also rejects a domain whose label below the suffix is longer than 63
//!   bytes; weburl keeps it (the URL Standard's domain to ASCII does not check lengths).
//! - `dns:` and `whois:` URLs, whose name Common Crawl takes from the path, have no host here.
//!
//! The list is the compiled Public Suffix List ([`fields`], [`host_registry_suffix`], ...) or
//! one of the caller's ([`fields_in`], [`host_registry_suffix_in`], ..., with a
//! [`weburl::psl::List`] from [`List::parse`](weburl::psl::List::parse)).
//!
//! ```
//! use weburl_canon::common_crawl;
//! let f = common_crawl::fields("https://myblog.blogspot.com/2024/01/post.html").unwrap();
//! assert_eq!(f.surtkey(), Some("com,blogspot,myblog)/2024/01/post.html"));
//! assert_eq!(f.host_tld(), Some("com"));
//! assert_eq!(f.host_registry_suffix(), Some("com"));
//! assert_eq!(f.host_registered_domain(), Some("blogspot.com"));
//! assert_eq!(f.host_private_suffix(), Some("blogspot.com"));
//! assert_eq!(f.host_private_domain(), Some("myblog.blogspot.com"));
//! assert_eq!(f.host_name_reversed(), Some("com.blogspot.myblog"));
//! ```

use weburl::host::parse_host_into;
use weburl::psl::{List, Sections};
use weburl::HostKind;
use weburl::Url;

use crate::{Input, NotAUrl};

/// A range of [`Fields`]' buffer.
type Span = Option<(u32, u32)>;

/// How many labels from the right have a field of their own (`url_host_tld` to
/// `url_host_5th_last_part`).
pub const PARTS: usize = 5;

/// All of a URL's Common Crawl fields, computed in one pass: every field is a range of one
/// buffer (the SURT key, then the host name, then the reversed host name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields {
    buf: String,
    surtkey: Span,
    host_name: Span,
    parts: [Span; PARTS],
    registry_suffix: Span,
    registered_domain: Span,
    private_suffix: Span,
    private_domain: Span,
    name_reversed: Span,
}

impl Fields {
    fn get(&self, span: Span) -> Option<&str> {
        let (start, end) = span?;
        self.buf.get(start as usize..end as usize)
    }

    /// `url_surtkey`: the `surt` package's default SURT key; `None` where `surt` raises (a
    /// string that is not a URL has no [`Fields`]).
    pub fn surtkey(&self) -> Option<&str> {
        self.get(self.surtkey)
    }

    /// `url_host_name`: the host (an IP address too) without a trailing dot; `None` when the
    /// URL has no host.
    pub fn host_name(&self) -> Option<&str> {
        self.get(self.host_name)
    }

    /// `url_host_tld`: the host's last label (not for an IP address).
    pub fn host_tld(&self) -> Option<&str> {
        self.host_last_part(1)
    }

    /// `url_host_2nd_last_part`.
    pub fn host_2nd_last_part(&self) -> Option<&str> {
        self.host_last_part(2)
    }

    /// `url_host_3rd_last_part`.
    pub fn host_3rd_last_part(&self) -> Option<&str> {
        self.host_last_part(3)
    }

    /// `url_host_4th_last_part`.
    pub fn host_4th_last_part(&self) -> Option<&str> {
        self.host_last_part(4)
    }

    /// `url_host_5th_last_part`.
    pub fn host_5th_last_part(&self) -> Option<&str> {
        self.host_last_part(5)
    }

    /// The `n`th label from the right, `n` from 1 (the top-level domain) to [`PARTS`];
    /// `None` for another `n`, a host with fewer labels, and an IP address.
    ///
    /// ```
    /// let f = weburl_canon::common_crawl::fields("http://www.bbc.co.uk/").unwrap();
    /// assert_eq!(f.host_last_part(2), Some("co"));
    /// assert_eq!(f.host_last_part(5), None);
    /// ```
    pub fn host_last_part(&self, n: usize) -> Option<&str> {
        let span = *self.parts.get(n.checked_sub(1)?)?;
        self.get(span)
    }

    /// `url_host_registry_suffix`: the public suffix by the ICANN section of the list.
    pub fn host_registry_suffix(&self) -> Option<&str> {
        self.get(self.registry_suffix)
    }

    /// `url_host_registered_domain`: the registry suffix and the label before it.
    pub fn host_registered_domain(&self) -> Option<&str> {
        self.get(self.registered_domain)
    }

    /// `url_host_private_suffix`: the public suffix by both sections of the list.
    pub fn host_private_suffix(&self) -> Option<&str> {
        self.get(self.private_suffix)
    }

    /// `url_host_private_domain`: the private suffix and the label before it.
    pub fn host_private_domain(&self) -> Option<&str> {
        self.get(self.private_domain)
    }

    /// `url_host_name_reversed`: the labels in reverse order joined by dots (not for an IP
    /// address).
    pub fn host_name_reversed(&self) -> Option<&str> {
        self.get(self.name_reversed)
    }

    /// Every field as `(schema name, value)`, in the schema's order.
    ///
    /// ```
    /// let f = weburl_canon::common_crawl::fields("http://127.0.0.1/").unwrap();
    /// let named: Vec<_> = f.named().into_iter().filter(|(_, v)| v.is_some()).collect();
    /// // surt reverses an IP address too.
    /// let expected = [("url_surtkey", Some("1,0,0,127)/")), ("url_host_name", Some("127.0.0.1"))];
    /// assert_eq!(named, expected);
    /// ```
    pub fn named(&self) -> [(&'static str, Option<&str>); 12] {
        [
            ("url_surtkey", self.surtkey()),
            ("url_host_name", self.host_name()),
            ("url_host_tld", self.host_tld()),
            ("url_host_2nd_last_part", self.host_2nd_last_part()),
            ("url_host_3rd_last_part", self.host_3rd_last_part()),
            ("url_host_4th_last_part", self.host_4th_last_part()),
            ("url_host_5th_last_part", self.host_5th_last_part()),
            ("url_host_registry_suffix", self.host_registry_suffix()),
            ("url_host_registered_domain", self.host_registered_domain()),
            ("url_host_private_suffix", self.host_private_suffix()),
            ("url_host_private_domain", self.host_private_domain()),
            ("url_host_name_reversed", self.host_name_reversed()),
        ]
    }

    /// The field `field` (a [`Field`]).
    pub fn field(&self, field: Field) -> Option<&str> {
        match field {
            Field::Surtkey => self.surtkey(),
            Field::HostName => self.host_name(),
            Field::HostTld => self.host_tld(),
            Field::Host2ndLastPart => self.host_2nd_last_part(),
            Field::Host3rdLastPart => self.host_3rd_last_part(),
            Field::Host4thLastPart => self.host_4th_last_part(),
            Field::Host5thLastPart => self.host_5th_last_part(),
            Field::HostRegistrySuffix => self.host_registry_suffix(),
            Field::HostRegisteredDomain => self.host_registered_domain(),
            Field::HostPrivateSuffix => self.host_private_suffix(),
            Field::HostPrivateDomain => self.host_private_domain(),
            Field::HostNameReversed => self.host_name_reversed(),
        }
    }

    /// The field `field` as an owned string: this buffer, cut to it (no other allocation).
    fn into_field(self, field: Field) -> Option<String> {
        let [tld, second, third, fourth, fifth] = self.parts;
        let span = match field {
            Field::Surtkey => self.surtkey,
            Field::HostName => self.host_name,
            Field::HostTld => tld,
            Field::Host2ndLastPart => second,
            Field::Host3rdLastPart => third,
            Field::Host4thLastPart => fourth,
            Field::Host5thLastPart => fifth,
            Field::HostRegistrySuffix => self.registry_suffix,
            Field::HostRegisteredDomain => self.registered_domain,
            Field::HostPrivateSuffix => self.private_suffix,
            Field::HostPrivateDomain => self.private_domain,
            Field::HostNameReversed => self.name_reversed,
        };
        let (start, end) = span?;
        let mut buf = self.buf;
        // Spans are on char boundaries (they come from `str` slices of the buffer).
        buf.truncate(end as usize);
        buf.drain(..start as usize);
        Some(buf)
    }
}

/// One of Common Crawl's URL fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// `url_surtkey`.
    Surtkey,
    /// `url_host_name`.
    HostName,
    /// `url_host_tld`.
    HostTld,
    /// `url_host_2nd_last_part`.
    Host2ndLastPart,
    /// `url_host_3rd_last_part`.
    Host3rdLastPart,
    /// `url_host_4th_last_part`.
    Host4thLastPart,
    /// `url_host_5th_last_part`.
    Host5thLastPart,
    /// `url_host_registry_suffix`.
    HostRegistrySuffix,
    /// `url_host_registered_domain`.
    HostRegisteredDomain,
    /// `url_host_private_suffix`.
    HostPrivateSuffix,
    /// `url_host_private_domain`.
    HostPrivateDomain,
    /// `url_host_name_reversed`.
    HostNameReversed,
}

impl Field {
    /// Every field, in the schema's order.
    pub const ALL: [Field; 12] = [
        Field::Surtkey,
        Field::HostName,
        Field::HostTld,
        Field::Host2ndLastPart,
        Field::Host3rdLastPart,
        Field::Host4thLastPart,
        Field::Host5thLastPart,
        Field::HostRegistrySuffix,
        Field::HostRegisteredDomain,
        Field::HostPrivateSuffix,
        Field::HostPrivateDomain,
        Field::HostNameReversed,
    ];

    /// The field's name in Common Crawl's schema (`url_host_tld`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Field::Surtkey => "url_surtkey",
            Field::HostName => "url_host_name",
            Field::HostTld => "url_host_tld",
            Field::Host2ndLastPart => "url_host_2nd_last_part",
            Field::Host3rdLastPart => "url_host_3rd_last_part",
            Field::Host4thLastPart => "url_host_4th_last_part",
            Field::Host5thLastPart => "url_host_5th_last_part",
            Field::HostRegistrySuffix => "url_host_registry_suffix",
            Field::HostRegisteredDomain => "url_host_registered_domain",
            Field::HostPrivateSuffix => "url_host_private_suffix",
            Field::HostPrivateDomain => "url_host_private_domain",
            Field::HostNameReversed => "url_host_name_reversed",
        }
    }

    /// The field named `name` in Common Crawl's schema.
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether the field depends on the Public Suffix List.
    pub const fn uses_list(self) -> bool {
        matches!(
            self,
            Field::HostRegistrySuffix
                | Field::HostRegisteredDomain
                | Field::HostPrivateSuffix
                | Field::HostPrivateDomain
        )
    }
}

/// All fields of `input` by the compiled Public Suffix List.
///
/// ```
/// let f = weburl_canon::common_crawl::fields("https://www.example.com/path/index.html").unwrap();
/// assert_eq!(f.surtkey(), Some("com,example)/path/index.html"));
/// assert_eq!(f.host_3rd_last_part(), Some("www"));
/// assert_eq!(f.host_4th_last_part(), None);
/// ```
pub fn fields<'a>(input: impl Into<Input<'a>>) -> Result<Fields, NotAUrl> {
    fields_in(input, List::compiled())
}

/// All fields of `input` by the caller's `list`.
///
/// ```
/// use weburl::psl::List;
/// let text = "com\n// ===BEGIN PRIVATE DOMAINS===\nexample.com\n// ===END PRIVATE DOMAINS===\n";
/// let list = List::parse(text).unwrap();
/// let f = weburl_canon::common_crawl::fields_in("http://a.b.example.com/", &list).unwrap();
/// assert_eq!(f.host_registered_domain(), Some("example.com"));
/// assert_eq!(f.host_private_domain(), Some("b.example.com"));
/// ```
pub fn fields_in<'a>(input: impl Into<Input<'a>>, list: &List) -> Result<Fields, NotAUrl> {
    let input = input.into();
    let surtkey = crate::surt::surt(input).ok();
    with_url(input, |url| build(url, list, surtkey, Want::ALL))
}

/// Which of the host fields to compute (the host name always is).
#[derive(Debug, Clone, Copy)]
struct Want {
    /// `url_host_tld` to `url_host_5th_last_part`.
    parts: bool,
    /// The registry suffix and registered domain: a lookup in the ICANN section.
    icann: bool,
    /// The private suffix and domain: a lookup in both sections.
    private: bool,
    /// `url_host_name_reversed`.
    reversed: bool,
}

impl Want {
    const ALL: Want = Want {
        parts: true,
        icann: true,
        private: true,
        reversed: true,
    };

    /// What `field` needs, and no more.
    fn only(field: Field) -> Want {
        Want {
            parts: matches!(
                field,
                Field::HostTld
                    | Field::Host2ndLastPart
                    | Field::Host3rdLastPart
                    | Field::Host4thLastPart
                    | Field::Host5thLastPart
            ),
            icann: matches!(
                field,
                Field::HostRegistrySuffix | Field::HostRegisteredDomain
            ),
            private: matches!(field, Field::HostPrivateSuffix | Field::HostPrivateDomain),
            reversed: field == Field::HostNameReversed,
        }
    }
}

/// Parses `input` (unless it is a [`Url`]) and calls `f` on it.
fn with_url<T>(input: Input<'_>, f: impl FnOnce(&Url) -> T) -> Result<T, NotAUrl> {
    match input {
        Input::Url(u) => Ok(f(u)),
        Input::Str(s) => crate::error::parse(s).map(|u| f(&u)),
    }
}

/// The fields of `url` that `want` names, the SURT key (when given) first in the buffer.
fn build(url: &Url, list: &List, surtkey: Option<String>, want: Want) -> Fields {
    let mut f = Fields::default();
    let mut buf = surtkey.unwrap_or_default();
    if !buf.is_empty() {
        f.surtkey = span(0, buf.len());
    }
    let hostname = url.hostname();
    // Room for the host twice (name and reversed name) or once.
    buf.reserve(if want.reversed {
        hostname.len() * 2 + 2
    } else {
        hostname.len()
    });
    let host_start = buf.len();
    let kind = match url.host_kind() {
        None | Some(HostKind::Empty) => None,
        Some(HostKind::Opaque) => parse_host_into(hostname, false, &mut buf, &mut ()).ok(),
        Some(kind) => {
            buf.push_str(hostname);
            Some(kind)
        }
    };
    let Some(kind) = kind else {
        buf.truncate(host_start);
        f.buf = buf;
        return f;
    };
    if kind == HostKind::Domain && buf.ends_with('.') {
        buf.pop();
    }
    let host_end = buf.len();
    f.host_name = span(host_start, host_end);
    if kind == HostKind::Domain {
        domain_fields(&mut f, &mut buf, host_start, list, want);
    }
    f.buf = buf;
    f
}

/// The fields of a domain that `want` names: the host name is `buf[host_start..]`.
fn domain_fields(f: &mut Fields, buf: &mut String, host_start: usize, list: &List, want: Want) {
    let host_end = buf.len();
    let Some(host) = buf.get(host_start..) else {
        return;
    };
    // Empty labels at the end are no parts (Java's `split` drops them).
    let trimmed = host.trim_end_matches('.');
    if want.parts && !trimmed.is_empty() {
        let mut end = host_start + trimmed.len();
        for (part, label) in f.parts.iter_mut().zip(trimmed.rsplit('.')) {
            let start = end - label.len();
            *part = span(start, end);
            end = start.saturating_sub(1);
        }
    }
    // The suffix and the domain below it, as spans of the host name.
    let known = |sections| {
        let suffix = list.lookup(host, sections).filter(|s| s.is_known())?;
        let domain = suffix
            .registrable_domain()
            .and_then(|d| span(host_end - d.len(), host_end));
        Some((span(host_end - suffix.as_str().len(), host_end), domain))
    };
    let mut icann_possible = true;
    if want.private {
        let private = known(Sections::All);
        // A rule of the ICANN section is a rule of both: with no rule of both, none of ICANN's.
        icann_possible = private.is_some();
        (f.private_suffix, f.private_domain) = private.unwrap_or_default();
    }
    if want.icann && icann_possible {
        (f.registry_suffix, f.registered_domain) = known(Sections::IcannOnly).unwrap_or_default();
    }
    if !want.reversed || trimmed.is_empty() {
        return;
    }
    // The labels from the right, joined by dots (a leading empty label stays: `.a.com` gives
    // `com.a.`).
    let reversed_start = buf.len();
    let mut end = host_start + trimmed.len();
    loop {
        let label_start = buf
            .get(host_start..end)
            .and_then(|h| h.rfind('.'))
            .map_or(host_start, |dot| host_start + dot + 1);
        if buf.len() > reversed_start {
            buf.push('.');
        }
        buf.extend_from_within(label_start..end);
        if label_start == host_start {
            break;
        }
        end = label_start - 1;
    }
    f.name_reversed = span(reversed_start, buf.len());
}

fn span(start: usize, end: usize) -> Span {
    Some((u32::try_from(start).ok()?, u32::try_from(end).ok()?))
}

/// `input`'s field `field`, computing only what it needs (the SURT key alone, or the host
/// name and what the field adds to it).
fn one<'a>(input: Input<'a>, list: &List, field: Field) -> Result<Option<String>, NotAUrl> {
    if field == Field::Surtkey {
        // A string that is no URL has no fields, its SURT key included (as in [`fields`]).
        if let Input::Str(s) = input {
            if !Url::can_parse(s, None) {
                return Err(NotAUrl);
            }
        }
        return Ok(crate::surt::surt(input).ok());
    }
    with_url(input, |url| {
        build(url, list, None, Want::only(field)).into_field(field)
    })
}

/// The field `field` of `input` by the caller's `list` (which only the suffix and domain
/// fields read); `Ok(None)` where Common Crawl has NULL. Only that field is computed: the
/// registry suffix and domain look the host up in the list's ICANN section, the private ones
/// in both sections, the other fields not at all (as every one-field function here does).
///
/// ```
/// use weburl_canon::common_crawl::{field_in, Field};
/// let list = weburl::psl::List::compiled();
/// let got = field_in("http://bbc.co.uk/", list, Field::HostRegistrySuffix).unwrap();
/// assert_eq!(got.as_deref(), Some("co.uk"));
/// ```
pub fn field_in<'a>(
    input: impl Into<Input<'a>>,
    list: &List,
    field: Field,
) -> Result<Option<String>, NotAUrl> {
    one(input.into(), list, field)
}

/// `url_surtkey`: the `surt` package's default key (as [`crate::surt::surt`]); `Ok(None)`
/// where `surt` raises, [`NotAUrl`] for a string the URL Standard's parser rejects (which
/// `surt` would key: see the [module docs](self)).
///
/// ```
/// use weburl_canon::{common_crawl::surtkey, surt::surt, NotAUrl};
/// let key = surtkey("https://www.example.com/path/index.html");
/// assert_eq!(key.unwrap().as_deref(), Some("com,example)/path/index.html"));
/// assert!(matches!(surtkey("http://exa mple.com/"), Err(NotAUrl { .. })));
/// assert_eq!(surt("http://exa mple.com/").unwrap(), "com,exa%20mple)/");
/// ```
pub fn surtkey<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::Surtkey)
}

/// `url_host_name`: the host, an IP address too, without a trailing dot.
///
/// ```
/// let h = weburl_canon::common_crawl::host_name("http://WWW.Example.COM./").unwrap();
/// assert_eq!(h.as_deref(), Some("www.example.com"));
/// ```
pub fn host_name<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::HostName)
}

/// `url_host_tld`: the host's last label.
///
/// ```
/// let t = weburl_canon::common_crawl::host_tld("http://www.example.com/").unwrap();
/// assert_eq!(t.as_deref(), Some("com"));
/// ```
pub fn host_tld<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::HostTld)
}

/// `url_host_2nd_last_part`.
///
/// ```
/// let p = weburl_canon::common_crawl::host_2nd_last_part("http://bbc.co.uk/").unwrap();
/// assert_eq!(p.as_deref(), Some("co"));
/// ```
pub fn host_2nd_last_part<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::Host2ndLastPart)
}

/// `url_host_3rd_last_part`.
pub fn host_3rd_last_part<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::Host3rdLastPart)
}

/// `url_host_4th_last_part`.
pub fn host_4th_last_part<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::Host4thLastPart)
}

/// `url_host_5th_last_part`.
///
/// ```
/// let url = "http://host1.sub2.subdomain.example.com/";
/// let p = weburl_canon::common_crawl::host_5th_last_part(url).unwrap();
/// assert_eq!(p.as_deref(), Some("host1"));
/// ```
pub fn host_5th_last_part<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::Host5thLastPart)
}

/// `url_host_registry_suffix` by the compiled list (its ICANN section).
///
/// ```
/// let s = weburl_canon::common_crawl::host_registry_suffix("http://x.s3.amazonaws.com/").unwrap();
/// assert_eq!(s.as_deref(), Some("com"));
/// ```
pub fn host_registry_suffix<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::HostRegistrySuffix)
}

/// `url_host_registry_suffix` by the caller's `list` (its ICANN section).
pub fn host_registry_suffix_in<'a>(
    input: impl Into<Input<'a>>,
    list: &List,
) -> Result<Option<String>, NotAUrl> {
    one(input.into(), list, Field::HostRegistrySuffix)
}

/// `url_host_registered_domain` by the compiled list.
///
/// ```
/// let d = weburl_canon::common_crawl::host_registered_domain("http://www.bbc.co.uk/").unwrap();
/// assert_eq!(d.as_deref(), Some("bbc.co.uk"));
/// ```
pub fn host_registered_domain<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::HostRegisteredDomain)
}

/// `url_host_registered_domain` by the caller's `list`.
pub fn host_registered_domain_in<'a>(
    input: impl Into<Input<'a>>,
    list: &List,
) -> Result<Option<String>, NotAUrl> {
    one(input.into(), list, Field::HostRegisteredDomain)
}

/// `url_host_private_suffix` by the compiled list (both sections).
///
/// ```
/// let s = weburl_canon::common_crawl::host_private_suffix("http://x.s3.amazonaws.com/").unwrap();
/// assert_eq!(s.as_deref(), Some("s3.amazonaws.com"));
/// ```
pub fn host_private_suffix<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::HostPrivateSuffix)
}

/// `url_host_private_suffix` by the caller's `list`.
pub fn host_private_suffix_in<'a>(
    input: impl Into<Input<'a>>,
    list: &List,
) -> Result<Option<String>, NotAUrl> {
    one(input.into(), list, Field::HostPrivateSuffix)
}

/// `url_host_private_domain` by the compiled list.
///
/// ```
/// let d = weburl_canon::common_crawl::host_private_domain("http://myblog.blogspot.com/").unwrap();
/// assert_eq!(d.as_deref(), Some("myblog.blogspot.com"));
/// ```
pub fn host_private_domain<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::HostPrivateDomain)
}

/// `url_host_private_domain` by the caller's `list`.
pub fn host_private_domain_in<'a>(
    input: impl Into<Input<'a>>,
    list: &List,
) -> Result<Option<String>, NotAUrl> {
    one(input.into(), list, Field::HostPrivateDomain)
}

/// `url_host_name_reversed`: the labels in reverse order joined by dots.
///
/// ```
/// let r = weburl_canon::common_crawl::host_name_reversed("http://www.example.com/").unwrap();
/// assert_eq!(r.as_deref(), Some("com.example.www"));
/// ```
pub fn host_name_reversed<'a>(input: impl Into<Input<'a>>) -> Result<Option<String>, NotAUrl> {
    one(input.into(), List::compiled(), Field::HostNameReversed)
}
