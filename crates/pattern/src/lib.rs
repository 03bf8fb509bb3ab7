//! The WHATWG [URLPattern Standard](https://urlpattern.spec.whatwg.org/) on weburl: URL
//! patterns such as `https://*.example.com/books/:id` parsed, compiled and matched exactly as
//! the standard says, in time linear in the input.
//!
//! ```
//! use weburl_pattern::{UrlPattern, UrlPatternInit};
//!
//! let pattern = UrlPattern::parse("https://*.example.com/books/:id(\\d+)", None)?;
//! assert!(pattern.test("https://shop.example.com/books/42", None)?);
//! assert!(!pattern.test("https://shop.example.com/books/dune", None)?);
//!
//! let result = pattern.exec("https://shop.example.com/books/42?ref=x", None)?.unwrap();
//! assert_eq!(result.hostname.get("0"), Some("shop"));
//! assert_eq!(result.pathname.get("id"), Some("42"));
//!
//! // A URLPatternInit: missing components are wildcards.
//! let init = UrlPatternInit { pathname: Some("/api/:version/*".into()), ..Default::default() };
//! let api = UrlPattern::new(&init, None, Default::default())?;
//! assert_eq!(api.protocol(), "*");
//! assert!(api.test("http://localhost:8080/api/v2/users", None)?);
//! # Ok::<(), weburl_pattern::Error>(())
//! ```
//!
//! Matching uses the `regex` crate, which runs in time linear in the input: custom groups
//! that need backtracking (look-around, backreferences) are refused with
//! [`Error::UnsupportedRegExp`] when the pattern is built.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod canon;
mod component;
mod constructor;
mod ecma;
mod error;
mod generate;
mod parser;
mod simple;
mod tokenizer;

use core::cmp::Ordering;

use weburl::{SchemeType, Url};

use crate::canon::{
    canonicalize_hash, canonicalize_hostname, canonicalize_ipv6_hostname,
    canonicalize_opaque_pathname, canonicalize_password, canonicalize_pathname, canonicalize_port,
    canonicalize_protocol, canonicalize_search, canonicalize_username, process_init, InitType,
};
use crate::component::Component;
use crate::parser::{Modifier, Options, Part, PartType};

pub use crate::error::Error;

/// A [`URLPatternInit`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit): each
/// component's pattern (or, for matching, value) separately, and a base URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternInit {
    /// `protocol`
    pub protocol: Option<String>,
    /// `username`
    pub username: Option<String>,
    /// `password`
    pub password: Option<String>,
    /// `hostname`
    pub hostname: Option<String>,
    /// `port`
    pub port: Option<String>,
    /// `pathname`
    pub pathname: Option<String>,
    /// `search`
    pub search: Option<String>,
    /// `hash`
    pub hash: Option<String>,
    /// `baseURL`
    pub base_url: Option<String>,
}

/// [`URLPatternOptions`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatternoptions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternOptions {
    /// `ignoreCase`: match the protocol-independent components (pathname, search, hash)
    /// case-insensitively.
    pub ignore_case: bool,
}

/// A [`URLPatternInput`](https://urlpattern.spec.whatwg.org/#typedefdef-urlpatterninput): a
/// string or a [`UrlPatternInit`].
#[derive(Clone, Copy, Debug)]
pub enum UrlPatternInput<'a> {
    /// A pattern string, or a URL string to match.
    String(&'a str),
    /// Components given separately.
    Init(&'a UrlPatternInit),
}

impl<'a> From<&'a str> for UrlPatternInput<'a> {
    fn from(s: &'a str) -> Self {
        UrlPatternInput::String(s)
    }
}

impl<'a> From<&'a String> for UrlPatternInput<'a> {
    fn from(s: &'a String) -> Self {
        UrlPatternInput::String(s)
    }
}

impl<'a> From<&'a UrlPatternInit> for UrlPatternInput<'a> {
    fn from(init: &'a UrlPatternInit) -> Self {
        UrlPatternInput::Init(init)
    }
}

/// One of the eight components of a URL pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComponentName {
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl ComponentName {
    /// The components in the standard's order.
    pub const ALL: [ComponentName; 8] = [
        ComponentName::Protocol,
        ComponentName::Username,
        ComponentName::Password,
        ComponentName::Hostname,
        ComponentName::Port,
        ComponentName::Pathname,
        ComponentName::Search,
        ComponentName::Hash,
    ];

    /// The component's name, e.g. `"pathname"`.
    pub const fn name(self) -> &'static str {
        match self {
            ComponentName::Protocol => "protocol",
            ComponentName::Username => "username",
            ComponentName::Password => "password",
            ComponentName::Hostname => "hostname",
            ComponentName::Port => "port",
            ComponentName::Pathname => "pathname",
            ComponentName::Search => "search",
            ComponentName::Hash => "hash",
        }
    }

    /// The component named `name`, e.g. `"pathname"`.
    pub fn from_name(name: &str) -> Option<ComponentName> {
        ComponentName::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// An input of a match, as [`UrlPatternResult::inputs`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchInput {
    /// A URL string (the input, then the base URL if one was given).
    String(String),
    /// A `URLPatternInit`.
    Init(UrlPatternInit),
}

/// A [`URLPatternComponentResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternComponentResult {
    /// The component of the input that was matched.
    pub input: String,
    /// Each group's name and value, in pattern order; `None` for a group that did not take
    /// part in the match (an unmatched optional group: `undefined` in JavaScript).
    pub groups: Vec<(String, Option<String>)>,
}

impl UrlPatternComponentResult {
    /// The value of the group `name`, if it exists and matched.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.groups
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// A [`URLPatternResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternResult {
    /// The inputs of the match.
    pub inputs: Vec<MatchInput>,
    /// `protocol`
    pub protocol: UrlPatternComponentResult,
    /// `username`
    pub username: UrlPatternComponentResult,
    /// `password`
    pub password: UrlPatternComponentResult,
    /// `hostname`
    pub hostname: UrlPatternComponentResult,
    /// `port`
    pub port: UrlPatternComponentResult,
    /// `pathname`
    pub pathname: UrlPatternComponentResult,
    /// `search`
    pub search: UrlPatternComponentResult,
    /// `hash`
    pub hash: UrlPatternComponentResult,
}

impl UrlPatternResult {
    /// The result for one component.
    pub fn component(&self, name: ComponentName) -> &UrlPatternComponentResult {
        match name {
            ComponentName::Protocol => &self.protocol,
            ComponentName::Username => &self.username,
            ComponentName::Password => &self.password,
            ComponentName::Hostname => &self.hostname,
            ComponentName::Port => &self.port,
            ComponentName::Pathname => &self.pathname,
            ComponentName::Search => &self.search,
            ComponentName::Hash => &self.hash,
        }
    }
}

/// A [URL pattern](https://urlpattern.spec.whatwg.org/#url-pattern): the
/// [`URLPattern`](https://urlpattern.spec.whatwg.org/#urlpattern) class.
///
/// Each component's matcher is compiled once, when the pattern is built; [`test_url`]
/// matches an already parsed [`Url`] without allocating.
///
/// [`test_url`]: UrlPattern::test_url
#[derive(Clone, Debug)]
pub struct UrlPattern {
    components: [Component; 8],
}

/// [hostname pattern is an IPv6 address](https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address)
fn hostname_pattern_is_an_ipv6_address(input: &str) -> bool {
    let mut cs = input.chars();
    matches!(
        (cs.next(), cs.next()),
        (Some('['), Some(_)) | (Some('{' | '\\'), Some('['))
    )
}

impl UrlPattern {
    /// `new URLPattern(input, baseURL, options)`: the standard's
    /// [create](https://urlpattern.spec.whatwg.org/#url-pattern-create).
    pub fn new<'a>(
        input: impl Into<UrlPatternInput<'a>>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, Error> {
        let init = match input.into() {
            UrlPatternInput::String(s) => {
                let mut init = constructor::parse_constructor_string(s)?;
                if base_url.is_none() && init.protocol.is_none() {
                    return Err(Error::RelativeWithoutBase);
                }
                if let Some(base) = base_url {
                    init.base_url = Some(base.to_owned());
                }
                init
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::BaseUrlWithInit);
                }
                init.clone()
            }
        };
        let processed = process_init(&init, InitType::Pattern, None)?;
        let star = |c: Option<String>| c.unwrap_or_else(|| "*".to_owned());
        let protocol = star(processed.protocol);
        let mut port = star(processed.port);
        // A special scheme's default port: `file` has none, nor has a non-special scheme.
        let default_port = SchemeType::from_scheme(&protocol).default_port();
        if default_port.is_some_and(|p| p.to_string() == port) {
            port.clear();
        }
        let hostname = star(processed.hostname);
        let pathname = star(processed.pathname);
        let compile_options = Options {
            ignore_case: options.ignore_case,
            ..Options::DEFAULT
        };
        let protocol = Component::compile(&protocol, canonicalize_protocol, &Options::DEFAULT)?;
        let username = Component::compile(
            &star(processed.username),
            canonicalize_username,
            &Options::DEFAULT,
        )?;
        let password = Component::compile(
            &star(processed.password),
            canonicalize_password,
            &Options::DEFAULT,
        )?;
        let hostname = if hostname_pattern_is_an_ipv6_address(&hostname) {
            Component::compile(&hostname, canonicalize_ipv6_hostname, &Options::HOSTNAME)?
        } else {
            Component::compile(&hostname, canonicalize_hostname, &Options::HOSTNAME)?
        };
        let port = Component::compile(
            &port,
            |v: &str| canonicalize_port(v, None),
            &Options::DEFAULT,
        )?;
        let pathname = if protocol.matches_a_special_scheme() {
            let path_compile_options = Options {
                ignore_case: options.ignore_case,
                ..Options::PATHNAME
            };
            Component::compile(&pathname, canonicalize_pathname, &path_compile_options)?
        } else {
            Component::compile(&pathname, canonicalize_opaque_pathname, &compile_options)?
        };
        let search = Component::compile(
            &star(processed.search),
            canonicalize_search,
            &compile_options,
        )?;
        let hash = Component::compile(&star(processed.hash), canonicalize_hash, &compile_options)?;
        Ok(UrlPattern {
            components: [
                protocol, username, password, hostname, port, pathname, search, hash,
            ],
        })
    }

    /// `new URLPattern(string, baseURL)` with default options.
    pub fn parse(input: &str, base_url: Option<&str>) -> Result<UrlPattern, Error> {
        UrlPattern::new(input, base_url, UrlPatternOptions::default())
    }

    fn component(&self, name: ComponentName) -> &Component {
        let [protocol, username, password, hostname, port, pathname, search, hash] =
            &self.components;
        match name {
            ComponentName::Protocol => protocol,
            ComponentName::Username => username,
            ComponentName::Password => password,
            ComponentName::Hostname => hostname,
            ComponentName::Port => port,
            ComponentName::Pathname => pathname,
            ComponentName::Search => search,
            ComponentName::Hash => hash,
        }
    }

    /// The normalized pattern string of a component.
    pub fn pattern_string(&self, name: ComponentName) -> &str {
        &self.component(name).pattern_string
    }

    /// The `protocol` getter: the normalized protocol pattern string.
    pub fn protocol(&self) -> &str {
        self.pattern_string(ComponentName::Protocol)
    }
    /// The `username` getter.
    pub fn username(&self) -> &str {
        self.pattern_string(ComponentName::Username)
    }
    /// The `password` getter.
    pub fn password(&self) -> &str {
        self.pattern_string(ComponentName::Password)
    }
    /// The `hostname` getter.
    pub fn hostname(&self) -> &str {
        self.pattern_string(ComponentName::Hostname)
    }
    /// The `port` getter.
    pub fn port(&self) -> &str {
        self.pattern_string(ComponentName::Port)
    }
    /// The `pathname` getter.
    pub fn pathname(&self) -> &str {
        self.pattern_string(ComponentName::Pathname)
    }
    /// The `search` getter.
    pub fn search(&self) -> &str {
        self.pattern_string(ComponentName::Search)
    }
    /// The `hash` getter.
    pub fn hash(&self) -> &str {
        self.pattern_string(ComponentName::Hash)
    }

    /// The `hasRegExpGroups` getter: whether any component has a custom `(regexp)` group.
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// `test(input, baseURL)`. An error only where the standard throws: a base URL given
    /// with a `URLPatternInit`. An input that does not parse is `Ok(false)`.
    pub fn test<'a>(
        &self,
        input: impl Into<UrlPatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<bool, Error> {
        match input.into() {
            UrlPatternInput::String(s) => {
                let url = match base_url {
                    Some(b) => match Url::parse(b) {
                        Ok(base) => Url::parse_with_base(s, &base),
                        Err(_) => return Ok(false),
                    },
                    None => Url::parse(s),
                };
                Ok(url.is_ok_and(|url| self.test_url(&url)))
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::BaseUrlWithInit);
                }
                let Ok(processed) = process_init(init, InitType::Url, Some("")) else {
                    return Ok(false);
                };
                let values = init_values(&processed);
                let matched = self
                    .components
                    .iter()
                    .zip(values)
                    .all(|(c, v)| c.matches(v));
                Ok(matched)
            }
        }
    }

    /// Whether `url` matches: [match](https://urlpattern.spec.whatwg.org/#url-pattern-match)
    /// given a URL, without building the result. Allocates nothing.
    pub fn test_url(&self, url: &Url) -> bool {
        self.components
            .iter()
            .zip(url_values(url))
            .all(|(c, v)| c.matches(v))
    }

    /// `exec(input, baseURL)`: the standard's
    /// [match](https://urlpattern.spec.whatwg.org/#url-pattern-match). `Ok(None)` when the
    /// input does not match (or does not parse).
    pub fn exec<'a>(
        &self,
        input: impl Into<UrlPatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, Error> {
        match input.into() {
            UrlPatternInput::String(s) => {
                let mut inputs = vec![MatchInput::String(s.to_owned())];
                let url = match base_url {
                    Some(b) => {
                        let Ok(base) = Url::parse(b) else {
                            return Ok(None);
                        };
                        inputs.push(MatchInput::String(b.to_owned()));
                        Url::parse_with_base(s, &base)
                    }
                    None => Url::parse(s),
                };
                let Ok(url) = url else { return Ok(None) };
                Ok(self.exec_values(url_values(&url), inputs))
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::BaseUrlWithInit);
                }
                let inputs = vec![MatchInput::Init(init.clone())];
                let Ok(values) = process_init(init, InitType::Url, Some("")) else {
                    return Ok(None);
                };
                Ok(self.exec_values(init_values(&values), inputs))
            }
        }
    }

    /// `exec` given a parsed URL; `inputs` holds its serialization.
    pub fn exec_url(&self, url: &Url) -> Option<UrlPatternResult> {
        self.exec_values(
            url_values(url),
            vec![MatchInput::String(url.href().to_owned())],
        )
    }

    fn exec_values(&self, values: [&str; 8], inputs: Vec<MatchInput>) -> Option<UrlPatternResult> {
        let mut results: [UrlPatternComponentResult; 8] = Default::default();
        for ((component, value), result) in self.components.iter().zip(values).zip(&mut results) {
            let groups = component.exec(value)?;
            // create a component match result
            result.input = value.to_owned();
            result.groups = component
                .group_names
                .iter()
                .zip(groups)
                .map(|(name, v)| (name.clone(), v.map(str::to_owned)))
                .collect();
        }
        let [protocol, username, password, hostname, port, pathname, search, hash] = results;
        Some(UrlPatternResult {
            inputs,
            protocol,
            username,
            password,
            hostname,
            port,
            pathname,
            search,
            hash,
        })
    }

    /// `generate(component, groups)` (tentative in WPT): the component string this pattern
    /// matches with these group values, e.g. `/books/42` for the pathname `/books/:id` and
    /// `id` = `42`. Each value is encoded as the component's fixed text is (percent-encoding,
    /// IDNA). [`Error::CannotGenerate`] when a part does not stand for one string: a
    /// modifier, a custom regexp, a wildcard, a missing group, or a value the group would not
    /// match.
    ///
    /// ```
    /// use weburl_pattern::{ComponentName, UrlPattern};
    /// let p = UrlPattern::parse("https://example.com/books/:id", None)?;
    /// let path = p.generate(ComponentName::Pathname, &[("id", "a b")])?;
    /// assert_eq!(path, "/books/a%20b");
    /// # Ok::<(), weburl_pattern::Error>(())
    /// ```
    pub fn generate(
        &self,
        component: ComponentName,
        groups: &[(&str, &str)],
    ) -> Result<String, Error> {
        generate::generate(self.component(component), |name| {
            groups.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
        })
    }

    /// `URLPattern.compareComponent(component, left, right)`: orders two patterns by one
    /// component, more specific last: part by part, fixed text above a custom regexp above
    /// a segment wildcard above a full wildcard, then by modifier (none, `+`, `?`, `*`),
    /// then by prefix, value and suffix; a missing part counts as empty fixed text.
    pub fn compare_component(
        component: ComponentName,
        left: &UrlPattern,
        right: &UrlPattern,
    ) -> Ordering {
        let left = &left.component(component).parts;
        let right = &right.component(component).parts;
        let empty = Part {
            ty: PartType::FixedText,
            value: String::new(),
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        };
        for i in 0..left.len().max(right.len()) {
            let l = left.get(i).unwrap_or(&empty);
            let r = right.get(i).unwrap_or(&empty);
            let order =
                l.ty.cmp(&r.ty)
                    .then(l.modifier.cmp(&r.modifier))
                    .then_with(|| l.prefix.cmp(&r.prefix))
                    .then_with(|| l.value.cmp(&r.value))
                    .then_with(|| l.suffix.cmp(&r.suffix));
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }
}

/// The match steps' component values of a URL, in component order.
fn url_values(url: &Url) -> [&str; 8] {
    [
        url.scheme(),
        url.username(),
        url.password(),
        url.hostname(),
        url.port(),
        url.pathname(),
        url.query().unwrap_or_default(),
        url.fragment().unwrap_or_default(),
    ]
}

/// The component values of a processed `URLPatternInit` (every one is set).
fn init_values(init: &UrlPatternInit) -> [&str; 8] {
    [
        &init.protocol,
        &init.username,
        &init.password,
        &init.hostname,
        &init.port,
        &init.pathname,
        &init.search,
        &init.hash,
    ]
    .map(|c| c.as_deref().unwrap_or_default())
}
