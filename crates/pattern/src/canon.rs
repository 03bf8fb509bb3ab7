//! [Canonicalization](https://urlpattern.spec.whatwg.org/#canon): the encoding callbacks, which
//! run weburl's URL parser on fixed text, and
//! [processing a `URLPatternInit`](https://urlpattern.spec.whatwg.org/#canon-processing-for-init).
//!
//! The standard runs the basic URL parser on a dummy URL with a state override. weburl's
//! [`Url`] setters are exactly those parser runs (the setter steps are "basic URL parse the
//! value with this URL and a state override"), so each callback is a setter on a clone of
//! the dummy URL, `https://dummy.invalid/`; where the setter steps add a check the callback
//! does not have (the port setter's "cannot have a port"), the dummy is chosen so that the
//! check passes.

use std::sync::OnceLock;

use weburl::{SchemeType, Url};

use crate::error::Error;
use crate::parser::escape_pattern_string;
use crate::UrlPatternInit;

/// [create a dummy URL](https://urlpattern.spec.whatwg.org/#url-pattern-create-a-dummy-url),
/// parsed once.
fn dummy_url(component: &'static str, value: &str) -> Result<Url, Error> {
    static DUMMY: OnceLock<Option<Url>> = OnceLock::new();
    DUMMY
        .get_or_init(|| Url::parse("https://dummy.invalid/").ok())
        .clone()
        .ok_or_else(|| invalid(component, value))
}

fn invalid(component: &'static str, value: &str) -> Error {
    Error::InvalidComponent {
        component,
        value: value.to_owned(),
    }
}

/// [canonicalize a protocol](https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol)
pub(crate) fn canonicalize_protocol(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    match Url::parse(&format!("{value}://dummy.invalid/")) {
        Ok(url) => Ok(url.scheme().to_owned()),
        Err(_) => Err(invalid("protocol", value)),
    }
}

/// [canonicalize a username](https://urlpattern.spec.whatwg.org/#canonicalize-a-username)
pub(crate) fn canonicalize_username(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy_url("username", value)?;
    url.set_username(value)
        .map_err(|_| invalid("username", value))?;
    Ok(url.username().to_owned())
}

/// [canonicalize a password](https://urlpattern.spec.whatwg.org/#canonicalize-a-password)
pub(crate) fn canonicalize_password(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy_url("password", value)?;
    url.set_password(value)
        .map_err(|_| invalid("password", value))?;
    Ok(url.password().to_owned())
}

/// [canonicalize a hostname](https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname):
/// the hostname setter is the basic URL parser with the hostname state override.
pub(crate) fn canonicalize_hostname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy_url("hostname", value)?;
    url.set_hostname(value)
        .map_err(|_| invalid("hostname", value))?;
    Ok(url.hostname().to_owned())
}

/// [canonicalize an IPv6 hostname](https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname)
pub(crate) fn canonicalize_ipv6_hostname(value: &str) -> Result<String, Error> {
    let mut result = String::with_capacity(value.len());
    for c in value.chars() {
        if !c.is_ascii_hexdigit() && !matches!(c, '[' | ']' | ':') {
            return Err(invalid("hostname", value));
        }
        result.push(c.to_ascii_lowercase());
    }
    Ok(result)
}

/// [canonicalize a port](https://urlpattern.spec.whatwg.org/#canonicalize-a-port)
///
/// The dummy URL's scheme is `protocol` when given, so that the port setter (the basic URL
/// parser with the port state override) drops its default port. A scheme without a default
/// port (the empty one, `file`, which cannot have a port through the setter, and non-special
/// ones) is stood in for by the non-special `a`, which behaves the same in the port state.
///
/// Without `protocol` (the encoding callback of the port component) the spec's dummy URL is
/// `https:`, whose default port 443 would canonicalize to the empty string, so that the
/// pattern `443*` would become `*`; WPT (`{"port": "443*", "protocol": "https"}` keeps
/// `443*`) and browsers use no scheme there, and so does this.
pub(crate) fn canonicalize_port(value: &str, protocol: Option<&str>) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let scheme = protocol
        .filter(|p| SchemeType::from_scheme(p).default_port().is_some())
        .unwrap_or("a");
    let mut url =
        Url::parse(&format!("{scheme}://dummy.invalid/")).map_err(|_| invalid("port", value))?;
    url.set_port(value).map_err(|_| invalid("port", value))?;
    Ok(url.port().to_owned())
}

/// [canonicalize a pathname](https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname):
/// the pathname setter is the basic URL parser with the path start state override.
pub(crate) fn canonicalize_pathname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    let mut url = dummy_url("pathname", value)?;
    let set = if leading_slash {
        url.set_pathname(value)
    } else {
        url.set_pathname(&format!("/-{value}"))
    };
    set.map_err(|_| invalid("pathname", value))?;
    let result = url.pathname();
    Ok(if leading_slash {
        result
    } else {
        result.get(2..).unwrap_or_default()
    }
    .to_owned())
}

/// [canonicalize an opaque pathname](https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname)
///
/// The opaque path state runs on `value` up to its first `?` or `#` (where it changes to the
/// query or fragment state). It runs here as the path of `a:x<value>` (`x` keeps a leading
/// `/` opaque), with a trailing `x` too when the path is the whole value, so that parsing
/// does not strip the value's trailing spaces; the `x`s are then cut off.
pub(crate) fn canonicalize_opaque_pathname(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let whole = !value.contains(['?', '#']);
    let input = if whole {
        format!("a:x{value}x")
    } else {
        format!("a:x{value}")
    };
    let url = Url::parse(&input).map_err(|_| invalid("pathname", value))?;
    let path = url.pathname();
    let path = path.strip_prefix('x').unwrap_or(path);
    let path = if whole {
        path.strip_suffix('x').unwrap_or(path)
    } else {
        path
    };
    Ok(path.to_owned())
}

/// [canonicalize a search](https://urlpattern.spec.whatwg.org/#canonicalize-a-search): the
/// search setter (which drops one leading `?`) is the basic URL parser with the query state
/// override.
pub(crate) fn canonicalize_search(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy_url("search", value)?;
    url.set_search(&format!("?{value}"))
        .map_err(|_| invalid("search", value))?;
    Ok(url
        .search()
        .strip_prefix('?')
        .unwrap_or_default()
        .to_owned())
}

/// [canonicalize a hash](https://urlpattern.spec.whatwg.org/#canonicalize-a-hash): the hash
/// setter (which drops one leading `#`) is the basic URL parser with the fragment state
/// override.
pub(crate) fn canonicalize_hash(value: &str) -> Result<String, Error> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy_url("hash", value)?;
    url.set_hash(&format!("#{value}"))
        .map_err(|_| invalid("hash", value))?;
    Ok(url.hash().strip_prefix('#').unwrap_or_default().to_owned())
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
/// `defaults` holds the protocol … hash arguments (each a string or null).
pub(crate) fn process_init(
    init: &UrlPatternInit,
    ty: InitType,
    defaults: Option<&str>,
) -> Result<UrlPatternInit, Error> {
    let d = || defaults.map(str::to_owned);
    let mut result = UrlPatternInit {
        protocol: d(),
        username: d(),
        password: d(),
        hostname: d(),
        port: d(),
        pathname: d(),
        search: d(),
        hash: d(),
        base_url: None,
    };
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
