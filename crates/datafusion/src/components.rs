//! `url_href`, `url_origin`, `url_protocol`, ... : one component of a parsed URL, under the
//! name of the [`URL` class](https://url.spec.whatwg.org/#url-class) getter that returns it;
//! and the host's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain).

use std::fmt::Write as _;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, Int32Builder};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature,
};
use weburl::{HostKind, Url};

use crate::args::{input_bytes, invoke, string_type_like, StringOut, Strings};
use crate::docs;

/// Which component a [`UrlComponent`] returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Part {
    Href,
    Origin,
    Protocol,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    PortOrDefault,
    Pathname,
    Search,
    Hash,
    HostKind,
    PublicSuffix,
    RegistrableDomain,
}

impl Part {
    pub(crate) const ALL: [Part; 15] = [
        Part::Href,
        Part::Origin,
        Part::Protocol,
        Part::Username,
        Part::Password,
        Part::Host,
        Part::Hostname,
        Part::Port,
        Part::PortOrDefault,
        Part::Pathname,
        Part::Search,
        Part::Hash,
        Part::HostKind,
        Part::PublicSuffix,
        Part::RegistrableDomain,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Part::Href => "url_href",
            Part::Origin => "url_origin",
            Part::Protocol => "url_protocol",
            Part::Username => "url_username",
            Part::Password => "url_password",
            Part::Host => "url_host",
            Part::Hostname => "url_hostname",
            Part::Port => "url_port",
            Part::PortOrDefault => "url_port_or_default",
            Part::Pathname => "url_pathname",
            Part::Search => "url_search",
            Part::Hash => "url_hash",
            Part::HostKind => "url_host_kind",
            Part::PublicSuffix => "url_public_suffix",
            Part::RegistrableDomain => "url_registrable_domain",
        }
    }

    fn is_integer(self) -> bool {
        matches!(self, Part::Port | Part::PortOrDefault)
    }

    /// The component as a string (`None` for SQL NULL). `scratch` holds it when it is not a
    /// slice of the URL's serialization (the origin).
    #[inline]
    pub(crate) fn string<'a>(self, url: &'a Url, scratch: &'a mut String) -> Option<&'a str> {
        Some(match self {
            Part::Href => url.href(),
            Part::Origin => {
                scratch.clear();
                // Writing to a String cannot fail.
                let _ = write!(scratch, "{}", url.origin());
                scratch.as_str()
            }
            Part::Protocol => url.protocol(),
            Part::Username => url.username(),
            Part::Password => url.password(),
            Part::Host => url.host(),
            Part::Hostname => url.hostname(),
            Part::Pathname => url.pathname(),
            Part::Search => url.search(),
            Part::Hash => url.hash(),
            Part::HostKind => host_kind_name(url.host_kind()?),
            Part::PublicSuffix => url.public_suffix()?,
            Part::RegistrableDomain => url.registrable_domain()?,
            Part::Port | Part::PortOrDefault => return None,
        })
    }

    /// The component as an integer (the two port functions).
    pub(crate) fn integer(self, url: &Url) -> Option<i32> {
        match self {
            Part::Port => url.port_number().map(i32::from),
            Part::PortOrDefault => url.port_or_default().map(i32::from),
            _ => None,
        }
    }

    fn documentation(self) -> Documentation {
        let (description, example) = match self {
            Part::Href => (
                "The URL serialized as the URL Standard says (its `href`): the input normalized \
                 as a browser would (scheme and host lowercased, default port dropped, dot \
                 segments resolved, characters percent-encoded). NULL if the input is not a \
                 valid URL.",
                (
                    "'HTTP://EXAMPLE.com:80/a/../b c'",
                    "'http://example.com/b%20c'",
                ),
            ),
            Part::Origin => (
                "The serialization of the URL's origin: `scheme://host[:port]` for http(s), \
                 ws(s) and ftp URLs (and blob: URLs of those), 'null' for an opaque origin. NULL \
                 if the input is not a valid URL.",
                (
                    "'https://user@example.com:8443/path'",
                    "'https://example.com:8443'",
                ),
            ),
            Part::Protocol => (
                "The URL's scheme followed by ':' (the `protocol` getter).",
                ("'HTTPS://example.com/'", "'https:'"),
            ),
            Part::Username => (
                "The URL's username, percent-encoded as in the URL; '' when there is none.",
                ("'https://alice:secret@example.com/'", "'alice'"),
            ),
            Part::Password => (
                "The URL's password, percent-encoded as in the URL; '' when there is none.",
                ("'https://alice:secret@example.com/'", "'secret'"),
            ),
            Part::Host => (
                "The URL's host and, when it is not the scheme's default, ':' and the port; '' \
                 when the URL has no host.",
                ("'https://EXAMPLE.com:8443/'", "'example.com:8443'"),
            ),
            Part::Hostname => (
                "The URL's host serialized (a domain in lowercase ASCII, Punycode for \
                 non-ASCII labels; an IPv4 address in dotted decimal; an IPv6 address in \
                 brackets); '' when the URL has no host.",
                ("'https://BÜCHER.example/'", "'xn--bcher-kva.example'"),
            ),
            Part::Port => (
                "The URL's port as an integer; NULL when the URL has none (a scheme's default \
                 port is never stored: `url_port('https://a.example:443/')` is NULL).",
                ("'https://example.com:8443/'", "8443"),
            ),
            Part::PortOrDefault => (
                "The URL's port, or its scheme's default port (80 for http and ws, 443 for \
                 https and wss, 21 for ftp); NULL when it has neither.",
                ("'https://example.com/'", "443"),
            ),
            Part::Pathname => (
                "The URL's path serialized (the `pathname` getter): '/'-separated segments, or \
                 the opaque path of a URL such as 'mailto:a@example.com'.",
                ("'https://example.com/a/./b/../c'", "'/a/c'"),
            ),
            Part::Search => (
                "'?' followed by the URL's query, or '' when the query is null or empty (the \
                 `search` getter).",
                ("'https://example.com/?q=a b'", "'?q=a%20b'"),
            ),
            Part::Hash => (
                "'#' followed by the URL's fragment, or '' when the fragment is null or empty \
                 (the `hash` getter).",
                ("'https://example.com/#top'", "'#top'"),
            ),
            Part::HostKind => (
                "What kind of host the URL has: 'domain', 'ipv4', 'ipv6', 'opaque' (a host of \
                 a non-special URL) or 'empty' (as in 'file:///'); NULL when it has no host.",
                ("'http://0x7f.1/'", "'ipv4'"),
            ),
            Part::PublicSuffix => (
                "The public suffix of the URL's host by the Public Suffix List compiled into \
                 weburl (its ICANN and private sections, and the '*' rule for an unlisted \
                 top-level domain), as the URL Standard defines it: the part under which \
                 anyone can register names, such as 'com', 'co.uk' or 'github.io'. NULL when \
                 the host is not a domain (an IP address, an opaque or empty host, no host).",
                ("'https://www.example.co.uk/'", "'co.uk'"),
            ),
            Part::RegistrableDomain => (
                "The registrable domain of the URL's host (the public suffix and one more \
                 label, what browsers call the site, often the 'eTLD+1'), by the Public Suffix \
                 List compiled into weburl. NULL when the host is not a domain or is itself a \
                 public suffix.",
                ("'https://a.b.example.co.uk/'", "'example.co.uk'"),
            ),
        };
        docs::unary(self.name(), description, example)
    }
}

fn host_kind_name(kind: HostKind) -> &'static str {
    match kind {
        HostKind::Domain => "domain",
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::Opaque => "opaque",
        HostKind::Empty => "empty",
    }
}

/// One URL component as a scalar function: `url_hostname(url)` and its siblings.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct UrlComponent {
    part: Part,
    signature: Signature,
    doc: Documentation,
}

impl UrlComponent {
    pub(crate) fn new(part: Part) -> UrlComponent {
        UrlComponent {
            part,
            signature: docs::url_signature(),
            doc: part.documentation(),
        }
    }
}

impl ScalarUDFImpl for UrlComponent {
    fn name(&self) -> &str {
        self.part.name()
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        Ok(if self.part.is_integer() {
            DataType::Int32
        } else {
            string_type_like(arg_types.first())
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let part = self.part;
        let out_type = args.return_type().clone();
        invoke(self.name(), &args, |strings, rows| {
            let input = strings.first().unwrap_or(&Strings::Scalar(None));
            if part.is_integer() {
                integer_column(part, input, rows)
            } else {
                string_column(part, input, rows, &out_type)
            }
        })
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.doc)
    }
}

fn string_column(
    part: Part,
    input: &Strings<'_>,
    rows: usize,
    out_type: &DataType,
) -> Result<ArrayRef> {
    let mut out = StringOut::new(out_type, rows, input_bytes(input));
    let mut scratch = String::new();
    input.for_each(rows, |value| {
        let url = value.and_then(|v| Url::parse(v).ok());
        out.append(url.as_ref().and_then(|u| part.string(u, &mut scratch)))
    })?;
    Ok(out.finish())
}

fn integer_column(part: Part, input: &Strings<'_>, rows: usize) -> Result<ArrayRef> {
    let mut out = Int32Builder::with_capacity(rows);
    input.for_each(rows, |value| {
        let url = value.and_then(|v| Url::parse(v).ok());
        out.append_option(url.as_ref().and_then(|u| part.integer(u)));
        Ok(())
    })?;
    Ok(Arc::new(out.finish()))
}
