//! `weburl get` and `weburl set`: read or change one component, as the `URL` class's getters
//! and setters do.

use std::fmt;
use std::io::Write;

use clap::builder::PossibleValue;
use clap::ValueEnum;
use weburl::{Setter, Url};

use crate::input;
use crate::output::{report, CliError, Out, Status};

/// A component: one of the `URL` class's attributes, that is one of its settable ones
/// ([`Setter`]) or `origin`, which is read-only; or the host's site by the Public Suffix List
/// (read-only, not attributes of the `URL` class).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    /// `origin`.
    Origin,
    /// A settable attribute.
    Attribute(Setter),
    /// The host's public suffix by the Public Suffix List, or empty.
    PublicSuffix,
    /// The host's registrable domain by the Public Suffix List, or empty.
    RegistrableDomain,
}

impl Component {
    /// Every component: the settable attributes in the spec's order, with `origin` after
    /// `href` as the `URL` class lists them, then the public suffix and registrable domain.
    const ALL: [Component; Setter::ALL.len() + 3] = {
        let mut all = [Component::Origin; Setter::ALL.len() + 3];
        let mut i = 0;
        while i < Setter::ALL.len() {
            #[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
            {
                all[if i == 0 { 0 } else { i + 1 }] = Component::Attribute(Setter::ALL[i]);
            }
            i += 1;
        }
        #[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
        {
            all[Setter::ALL.len() + 1] = Component::PublicSuffix;
            all[Setter::ALL.len() + 2] = Component::RegistrableDomain;
        }
        all
    };

    /// The attribute's name, e.g. `"pathname"`.
    pub fn name(self) -> &'static str {
        match self {
            Component::Origin => "origin",
            Component::Attribute(setter) => setter.name(),
            Component::PublicSuffix => "public-suffix",
            Component::RegistrableDomain => "registrable-domain",
        }
    }

    /// What the getter gives, for `--help`.
    fn help(self) -> &'static str {
        let setter = match self {
            Component::Attribute(setter) => setter,
            Component::Origin => return "`scheme://host[:port]`, or `null` (read-only)",
            Component::PublicSuffix => {
                return "The host's public suffix by the Public Suffix List, or empty (read-only)"
            }
            Component::RegistrableDomain => {
                return "The host's registrable domain by the Public Suffix List, or empty \
                        (read-only)"
            }
        };
        match setter {
            Setter::Href => "The whole URL",
            Setter::Protocol => "The scheme and `:`",
            Setter::Username => "The username",
            Setter::Password => "The password",
            Setter::Host => "The host and, if any, `:` and the port",
            Setter::Hostname => "The host without the port",
            Setter::Port => "The port, or empty for none or the scheme's default",
            Setter::Pathname => "The path",
            Setter::Search => "`?` and the query, or empty",
            Setter::Hash => "`#` and the fragment, or empty",
        }
    }

    /// Writes the getter's value.
    fn write_value(self, out: &mut impl Write, url: &Url) -> std::io::Result<()> {
        match self {
            Component::Origin => write!(out, "{}", url.origin()),
            Component::Attribute(setter) => out.write_all(url.get(setter).as_bytes()),
            Component::PublicSuffix => {
                out.write_all(url.public_suffix().unwrap_or_default().as_bytes())
            }
            Component::RegistrableDomain => {
                out.write_all(url.registrable_domain().unwrap_or_default().as_bytes())
            }
        }
    }

    /// Runs the setter. `Err` is the reason it refused (part of) the value.
    fn set(self, url: &mut Url, value: &str) -> Result<(), Refusal> {
        let Component::Attribute(setter) = self else {
            return Err(Refusal::ReadOnly);
        };
        url.set(setter, value)
            .map_err(|e| Refusal::Reason(e.to_string()))
    }
}

impl ValueEnum for Component {
    fn value_variants<'a>() -> &'a [Self] {
        &Self::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.help()))
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
    input::each_url(urls, base, |out, url| component.write_value(out, url))
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
