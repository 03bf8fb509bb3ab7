//! [Canonicalization](https://urlpattern.spec.whatwg.org/#canon): the
//! [encoding callbacks](https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks), which
//! run weburl's URL parser on fixed text.
//!
//! The standard runs the basic URL parser on a dummy URL with a state override. weburl's
//! [`Url`] setters are exactly those parser runs (the setter steps are "basic URL parse the
//! value with this URL and a state override"), so each callback is a setter on a clone of
//! the dummy URL, `https://dummy.invalid/`; where the setter steps add a check the callback
//! does not have (the port setter's "cannot have a port"), the dummy is chosen so that the
//! check passes. No encode set or host rule is repeated here: each lives once, in weburl.
//!
//! Two callbacks parse a whole URL instead: canonicalize a protocol, because the standard
//! says so (the protocol setter's restrictions do not apply), and canonicalize an opaque
//! pathname, because no setter reaches the opaque path state (the pathname setter leaves an
//! opaque path alone).

use std::sync::OnceLock;

use weburl::{SchemeType, Url};

use crate::error::Error;

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
