//! [`URLPatternInit`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit), the
//! [`URLPatternInput`](https://urlpattern.spec.whatwg.org/#typedefdef-urlpatterninput) that is
//! a string or one, and
//! [processing a `URLPatternInit`](https://urlpattern.spec.whatwg.org/#canon-processing-for-init).

use core::ops::{Index, IndexMut};

use weburl::{SchemeType, Url};

use crate::canon::{
    canonicalize_hash, canonicalize_hostname, canonicalize_opaque_pathname, canonicalize_password,
    canonicalize_pathname, canonicalize_port, canonicalize_protocol, canonicalize_search,
    canonicalize_username,
};
use crate::components::{ComponentName, Components};
use crate::error::Error;
use crate::parser::escape_pattern_string;

/// A [`URLPatternInit`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit): each
/// component's pattern (or, for matching, value) separately, and a base URL.
///
/// A component is also reached by its name, as the standard's `init["pathname"]`:
///
/// ```
/// use weburl_pattern::{ComponentName, UrlPatternInit};
///
/// let mut init = UrlPatternInit { pathname: Some("/api/*".into()), ..Default::default() };
/// init[ComponentName::Search] = Some("q=:q".into());
/// assert_eq!(init[ComponentName::Pathname].as_deref(), Some("/api/*"));
/// assert_eq!(init.search.as_deref(), Some("q=:q"));
/// ```
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

impl Index<ComponentName> for UrlPatternInit {
    type Output = Option<String>;

    fn index(&self, name: ComponentName) -> &Option<String> {
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

impl IndexMut<ComponentName> for UrlPatternInit {
    fn index_mut(&mut self, name: ComponentName) -> &mut Option<String> {
        match name {
            ComponentName::Protocol => &mut self.protocol,
            ComponentName::Username => &mut self.username,
            ComponentName::Password => &mut self.password,
            ComponentName::Hostname => &mut self.hostname,
            ComponentName::Port => &mut self.port,
            ComponentName::Pathname => &mut self.pathname,
            ComponentName::Search => &mut self.search,
            ComponentName::Hash => &mut self.hash,
        }
    }
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

/// The `type` of [process a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum InitType {
    Pattern,
    Url,
}

/// [process a base URL string](https://urlpattern.spec.whatwg.org/#process-a-base-url-string)
fn process_base_url_string(input: &str, ty: InitType) -> String {
    if ty != InitType::Pattern {
        return input.to_owned();
    }
    let mut out = String::with_capacity(input.len());
    escape_pattern_string(input, &mut out);
    out
}

/// [is an absolute pathname](https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname)
fn is_absolute_pathname(input: &str, ty: InitType) -> bool {
    let mut cs = input.chars();
    match (cs.next(), cs.next()) {
        (None, _) => false,
        (Some('/'), _) => true,
        _ if ty == InitType::Url => false,
        (Some('\\' | '{'), Some('/')) => true,
        _ => false,
    }
}

/// [process a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit);
/// `defaults` holds the protocol … hash arguments (each a string or null). The result is a
/// `URLPatternInit` without `baseURL`: its components.
pub(crate) fn process_init(
    init: &UrlPatternInit,
    ty: InitType,
    defaults: Option<&str>,
) -> Result<Components<Option<String>>, Error> {
    let mut result = Components::from_fn(|_| defaults.map(str::to_owned));
    let mut base_url = None;
    if let Some(base) = &init.base_url {
        let base = Url::parse(base).map_err(|_| Error::InvalidBaseUrl)?;
        let has = |c: &Option<String>| c.is_some();
        if !has(&init.protocol) {
            result.protocol = Some(process_base_url_string(base.scheme(), ty));
        }
        let pro_host_port = has(&init.protocol) || has(&init.hostname) || has(&init.port);
        if ty != InitType::Pattern && !pro_host_port && !has(&init.username) {
            result.username = Some(process_base_url_string(base.username(), ty));
        }
        if ty != InitType::Pattern && !pro_host_port && !has(&init.username) && !has(&init.password)
        {
            result.password = Some(process_base_url_string(base.password(), ty));
        }
        if !has(&init.protocol) && !has(&init.hostname) {
            result.hostname = Some(process_base_url_string(base.hostname(), ty));
        }
        if !pro_host_port {
            result.port = Some(base.port().to_owned());
        }
        if !pro_host_port && !has(&init.pathname) {
            result.pathname = Some(process_base_url_string(base.pathname(), ty));
        }
        if !pro_host_port && !has(&init.pathname) && !has(&init.search) {
            let query = base.query().unwrap_or_default();
            result.search = Some(process_base_url_string(query, ty));
        }
        if !pro_host_port && !has(&init.pathname) && !has(&init.search) && !has(&init.hash) {
            let fragment = base.fragment().unwrap_or_default();
            result.hash = Some(process_base_url_string(fragment, ty));
        }
        base_url = Some(base);
    }
    if let Some(protocol) = &init.protocol {
        result.protocol = Some(process_protocol_for_init(protocol, ty)?);
    }
    if let Some(username) = &init.username {
        result.username = Some(match ty {
            InitType::Pattern => username.clone(),
            InitType::Url => canonicalize_username(username)?,
        });
    }
    if let Some(password) = &init.password {
        result.password = Some(match ty {
            InitType::Pattern => password.clone(),
            InitType::Url => canonicalize_password(password)?,
        });
    }
    if let Some(hostname) = &init.hostname {
        result.hostname = Some(match ty {
            InitType::Pattern => hostname.clone(),
            InitType::Url => canonicalize_hostname(hostname)?,
        });
    }
    let result_protocol_string = result.protocol.clone().unwrap_or_default();
    if let Some(port) = &init.port {
        result.port = Some(match ty {
            InitType::Pattern => port.clone(),
            InitType::Url => canonicalize_port(port, Some(&result_protocol_string))?,
        });
    }
    if let Some(pathname) = &init.pathname {
        let mut pathname = pathname.clone();
        if let Some(base) = &base_url {
            if !base.has_opaque_path() && !is_absolute_pathname(&pathname, ty) {
                let base_url_path = process_base_url_string(base.pathname(), ty);
                if let Some(slash_index) = base_url_path.rfind('/') {
                    let mut new_pathname = base_url_path
                        .get(..=slash_index)
                        .unwrap_or_default()
                        .to_owned();
                    new_pathname.push_str(&pathname);
                    pathname = new_pathname;
                }
            }
        }
        result.pathname = Some(match ty {
            InitType::Pattern => pathname,
            InitType::Url => {
                if result_protocol_string.is_empty()
                    || SchemeType::from_scheme(&result_protocol_string).is_special()
                {
                    canonicalize_pathname(&pathname)?
                } else {
                    canonicalize_opaque_pathname(&pathname)?
                }
            }
        });
    }
    if let Some(search) = &init.search {
        let stripped = search.strip_prefix('?').unwrap_or(search);
        result.search = Some(match ty {
            InitType::Pattern => stripped.to_owned(),
            InitType::Url => canonicalize_search(stripped)?,
        });
    }
    if let Some(hash) = &init.hash {
        let stripped = hash.strip_prefix('#').unwrap_or(hash);
        result.hash = Some(match ty {
            InitType::Pattern => stripped.to_owned(),
            InitType::Url => canonicalize_hash(stripped)?,
        });
    }
    Ok(result)
}

/// [process protocol for init](https://urlpattern.spec.whatwg.org/#process-protocol-for-init)
fn process_protocol_for_init(value: &str, ty: InitType) -> Result<String, Error> {
    let stripped = value.strip_suffix(':').unwrap_or(value);
    match ty {
        InitType::Pattern => Ok(stripped.to_owned()),
        InitType::Url => canonicalize_protocol(stripped),
    }
}
