//! `weburl get` and `weburl set`: read or change one component, as the `URL` class's getters
//! and setters do.

use std::fmt;
use std::io::Write;

use clap::ValueEnum;
use weburl::Url;

use crate::input::{self, Input};
use crate::output::{report, CliError, Out, Status};

/// A component: the name of one of the `URL` class's attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Component {
    /// The whole URL.
    Href,
    /// `scheme://host[:port]`, or `null` (read-only).
    Origin,
    /// The scheme and `:`.
    Protocol,
    /// The username.
    Username,
    /// The password.
    Password,
    /// The host and, if any, `:` and the port.
    Host,
    /// The host without the port.
    Hostname,
    /// The port, or empty for none or the scheme's default.
    Port,
    /// The path.
    Pathname,
    /// `?` and the query, or empty.
    Search,
    /// `#` and the fragment, or empty.
    Hash,
    /// The host's public suffix by the Public Suffix List, or empty (read-only; not an
    /// attribute of the URL class).
    PublicSuffix,
    /// The host's registrable domain by the Public Suffix List, or empty (read-only; not an
    /// attribute of the URL class).
    RegistrableDomain,
}

impl Component {
    /// The attribute's name, e.g. `"pathname"`.
    pub fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Origin => "origin",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
            Component::PublicSuffix => "public-suffix",
            Component::RegistrableDomain => "registrable-domain",
        }
    }

    /// Writes the getter's value.
    fn write_value(self, out: &mut impl Write, url: &Url) -> std::io::Result<()> {
        let value = match self {
            Component::Origin => return write!(out, "{}", url.origin()),
            Component::Href => url.href(),
            Component::Protocol => url.protocol(),
            Component::Username => url.username(),
            Component::Password => url.password(),
            Component::Host => url.host(),
            Component::Hostname => url.hostname(),
            Component::Port => url.port(),
            Component::Pathname => url.pathname(),
            Component::Search => url.search(),
            Component::Hash => url.hash(),
            Component::PublicSuffix => url.public_suffix().unwrap_or_default(),
            Component::RegistrableDomain => url.registrable_domain().unwrap_or_default(),
        };
        out.write_all(value.as_bytes())
    }

    /// Runs the setter. `Err` is the reason it refused (part of) the value.
    fn set(self, url: &mut Url, value: &str) -> Result<(), Refusal> {
        let result = match self {
            Component::Origin | Component::PublicSuffix | Component::RegistrableDomain => {
                return Err(Refusal::ReadOnly)
            }
            Component::Href => {
                return url
                    .set_href(value)
                    .map_err(|e| Refusal::Reason(e.to_string()))
            }
            Component::Protocol => url.set_protocol(value),
            Component::Username => url.set_username(value),
            Component::Password => url.set_password(value),
            Component::Host => url.set_host(value),
            Component::Hostname => url.set_hostname(value),
            Component::Port => url.set_port(value),
            Component::Pathname => url.set_pathname(value),
            Component::Search => url.set_search(value),
            Component::Hash => url.set_hash(value),
        };
        result.map_err(|e| Refusal::Reason(e.to_string()))
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a setter refused.
enum Refusal {
    ReadOnly,
    Reason(String),
}

/// `get`: prints `component` of each input (one line each; an empty line for an empty value).
pub fn get(component: Component, urls: &[String], base: Option<&Url>) -> Result<Status, CliError> {
    let mut out = Out::stdout();
    let mut status = Status::default();
    let options = input::options(base);
    input::for_each(urls, |item| {
        match item {
            Input::Text(input) => match options.parse(input) {
                Ok(url) => {
                    component.write_value(&mut out, &url)?;
                    out.write_all(b"\n")?;
                }
                Err(err) => {
                    status.fail();
                    report!("{input}: {err}");
                }
            },
            Input::InvalidUtf8 { line, .. } => {
                status.fail();
                report!("line {line}: invalid UTF-8");
            }
        }
        Ok(out.end_record()?)
    })?;
    out.finish()?;
    Ok(status)
}

/// `set`: runs `component`'s setter with `value` on `input` and prints the new href.
pub fn set(
    component: Component,
    value: &str,
    input: &str,
    base: Option<&Url>,
) -> Result<Status, CliError> {
    let mut status = Status::default();
    let options = input::options(base);
    let mut url = match options.parse(input) {
        Ok(url) => url,
        Err(err) => {
            report!("{input}: {err}");
            status.fail();
            return Ok(status);
        }
    };
    let before = url.href().to_owned();
    match component.set(&mut url, value) {
        Ok(()) => {
            let mut out = Out::stdout();
            writeln!(out, "{url}")?;
            out.finish()?;
        }
        Err(Refusal::ReadOnly) => {
            report!("{component} is read-only");
            status.fail();
        }
        Err(Refusal::Reason(reason)) => {
            report!("cannot set {component} to {value:?}: {reason}");
            if url.href() != before {
                // The host setter sets the host even when it refuses the port.
                crate::output::note(format_args!("note: the rest was applied: {url}"));
            }
            status.fail();
        }
    }
    Ok(status)
}
