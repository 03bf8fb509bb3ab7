//! The [URL pattern](https://urlpattern.spec.whatwg.org/#url-pattern) and its
//! [`URLPattern`](https://urlpattern.spec.whatwg.org/#urlpattern) class: create, the component
//! getters, `test`, `exec`, and the tentative `generate` and `compareComponent`.

use core::cmp::Ordering;

use weburl::{SchemeType, Url};

use crate::canon::{
    canonicalize_hash, canonicalize_hostname, canonicalize_ipv6_hostname,
    canonicalize_opaque_pathname, canonicalize_password, canonicalize_pathname, canonicalize_port,
    canonicalize_protocol, canonicalize_search, canonicalize_username,
};
use crate::component::Component;
use crate::components::{ComponentName, Components};
use crate::constructor::parse_constructor_string;
use crate::error::Error;
use crate::generate::generate;
use crate::init::{process_init, InitType, UrlPatternInput};
use crate::parser::{EncodingCallback, Modifier, Options, Part, PartType};
use crate::result::{MatchInput, UrlPatternComponentResult, UrlPatternResult};

/// [`URLPatternOptions`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatternoptions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternOptions {
    /// `ignoreCase`: match the protocol-independent components (pathname, search, hash)
    /// case-insensitively.
    pub ignore_case: bool,
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
    components: Components<Component>,
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
                let mut init = parse_constructor_string(s)?;
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
        let mut processed = process_init(&init, InitType::Pattern, None)?
            .map(|component| component.unwrap_or_else(|| "*".to_owned()));
        // The default port of a special scheme (`file` has none) is the empty string.
        let default_port = SchemeType::from_scheme(&processed.protocol).default_port();
        if default_port.is_some_and(|port| port.to_string() == processed.port) {
            processed.port.clear();
        }
        let protocol = Component::compile(
            &processed.protocol,
            canonicalize_protocol,
            &Options::DEFAULT,
        )?;
        let hostname_callback: EncodingCallback =
            if hostname_pattern_is_an_ipv6_address(&processed.hostname) {
                canonicalize_ipv6_hostname
            } else {
                canonicalize_hostname
            };
        let compile_options = Options {
            ignore_case: options.ignore_case,
            ..Options::DEFAULT
        };
        let (pathname_callback, pathname_options): (EncodingCallback, _) =
            if protocol.matches_a_special_scheme() {
                let path_compile_options = Options {
                    ignore_case: options.ignore_case,
                    ..Options::PATHNAME
                };
                (canonicalize_pathname, path_compile_options)
            } else {
                (canonicalize_opaque_pathname, compile_options)
            };
        let compile = Component::compile;
        let p = &processed;
        Ok(UrlPattern {
            components: Components {
                protocol,
                username: compile(&p.username, canonicalize_username, &Options::DEFAULT)?,
                password: compile(&p.password, canonicalize_password, &Options::DEFAULT)?,
                hostname: compile(&p.hostname, hostname_callback, &Options::HOSTNAME)?,
                port: compile(&p.port, |v| canonicalize_port(v, None), &Options::DEFAULT)?,
                pathname: compile(&p.pathname, pathname_callback, &pathname_options)?,
                search: compile(&p.search, canonicalize_search, &compile_options)?,
                hash: compile(&p.hash, canonicalize_hash, &compile_options)?,
            },
        })
    }

    /// `new URLPattern(string, baseURL)` with default options.
    pub fn parse(input: &str, base_url: Option<&str>) -> Result<UrlPattern, Error> {
        UrlPattern::new(input, base_url, UrlPatternOptions::default())
    }

    /// The normalized pattern string of a component.
    pub fn pattern_string(&self, name: ComponentName) -> &str {
        &self.components[name].pattern_string
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
        self.components.iter().any(|(_, c)| c.has_regexp_groups)
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
                let values = processed
                    .each_ref()
                    .map(|v| v.as_deref().unwrap_or_default());
                Ok(self.matches(&values))
            }
        }
    }

    /// Whether `url` matches: [match](https://urlpattern.spec.whatwg.org/#url-pattern-match)
    /// given a URL, without building the result. Allocates nothing.
    pub fn test_url(&self, url: &Url) -> bool {
        self.matches(&url_values(url))
    }

    /// Whether each component matches its value.
    fn matches(&self, values: &Components<&str>) -> bool {
        self.components
            .iter()
            .all(|(name, c)| c.matches(values[name]))
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
                let values = values.each_ref().map(|v| v.as_deref().unwrap_or_default());
                Ok(self.exec_values(values, inputs))
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

    fn exec_values(
        &self,
        values: Components<&str>,
        inputs: Vec<MatchInput>,
    ) -> Option<UrlPatternResult> {
        let mut result = UrlPatternResult {
            inputs,
            components: Components::default(),
        };
        for (name, component) in self.components.iter() {
            let value = values[name];
            let groups = component.exec(value)?;
            // create a component match result
            result[name] = UrlPatternComponentResult {
                input: value.to_owned(),
                groups: component
                    .group_names
                    .iter()
                    .zip(groups)
                    .map(|(name, v)| (name.clone(), v.map(str::to_owned)))
                    .collect(),
            };
        }
        Some(result)
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
        generate(&self.components[component], |name| {
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
        let left = &left.components[component].parts;
        let right = &right.components[component].parts;
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

/// The match steps' component values of a URL.
fn url_values(url: &Url) -> Components<&str> {
    Components {
        protocol: url.scheme(),
        username: url.username(),
        password: url.password(),
        hostname: url.hostname(),
        port: url.port(),
        pathname: url.pathname(),
        search: url.query().unwrap_or_default(),
        hash: url.fragment().unwrap_or_default(),
    }
}
