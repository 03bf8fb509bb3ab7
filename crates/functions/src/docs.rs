//! Every function's name, syntax, description, arguments and example: the one text that each
//! engine's documentation (DataFusion's `Documentation`, DuckDB's descriptions, the Polars
//! namespace's docstrings) is built from.
//!
//! An example is a call and its result written as SQL: a string in single quotes, NULL as
//! `NULL`, a list in brackets. The DataFusion tests run each one and check its result.

use crate::Component;

/// The title of the functions' section in an engine's function list.
pub const SECTION_LABEL: &str = "URL Functions";

/// The description of the functions' section.
pub const SECTION_DESCRIPTION: &str =
    "Functions that parse URLs exactly as the WHATWG URL Standard (and so browsers) do, \
     from the weburl crate. An input that is not a valid URL gives NULL.";

/// How the `url` argument is described everywhere.
pub const URL_ARGUMENT: &str =
    "The URL: a string expression (Utf8, LargeUtf8 or Utf8View). Leading and trailing C0 \
     controls and spaces are ignored, as browsers do.";

/// One argument of a function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Argument {
    /// The argument's name, as in the syntax.
    pub name: &'static str,
    /// What it is.
    pub description: &'static str,
}

/// A call of a function and its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// The call, such as `url_port('https://example.com:8443/')`.
    pub call: &'static str,
    /// Its result, such as `8443` or `'co.uk'`.
    pub result: &'static str,
}

/// One function's documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Function {
    /// The function's name, such as `url_hostname`.
    pub name: &'static str,
    /// How it is called, such as `url_is_valid(url [, base])`.
    pub syntax: &'static str,
    /// What it returns and when it returns NULL.
    pub description: &'static str,
    /// Its arguments, in order.
    pub arguments: &'static [Argument],
    /// A call and its result.
    pub example: Example,
    /// A related function, if any.
    pub related: Option<&'static str>,
}

const URL: Argument = Argument {
    name: "url",
    description: URL_ARGUMENT,
};

const BASE: Argument = Argument {
    name: "base",
    description: "Optional base URL to resolve a relative `url` against.",
};

const STR: Argument = Argument {
    name: "str",
    description: "A string expression.",
};

/// A function of one URL argument returning a component.
const fn unary(
    name: &'static str,
    syntax: &'static str,
    description: &'static str,
    call: &'static str,
    result: &'static str,
) -> Function {
    Function {
        name,
        syntax,
        description,
        arguments: &[URL],
        example: Example { call, result },
        related: None,
    }
}

/// The documentation of `component`'s function.
pub(crate) fn component_doc(component: Component) -> &'static Function {
    let [href, origin, protocol, username, password, host, hostname, port, port_or_default, pathname, search, hash, host_kind, public_suffix, registrable_domain] =
        &COMPONENT_FUNCTIONS;
    match component {
        Component::Href => href,
        Component::Origin => origin,
        Component::Protocol => protocol,
        Component::Username => username,
        Component::Password => password,
        Component::Host => host,
        Component::Hostname => hostname,
        Component::Port => port,
        Component::PortOrDefault => port_or_default,
        Component::Pathname => pathname,
        Component::Search => search,
        Component::Hash => hash,
        Component::HostKind => host_kind,
        Component::PublicSuffix => public_suffix,
        Component::RegistrableDomain => registrable_domain,
    }
}

/// The documentation of the function called `name` (such as `url_hostname`).
///
/// ```
/// let doc = weburl_functions::docs::function("url_join").unwrap();
/// assert_eq!(doc.syntax, "url_join(base, ref)");
/// ```
pub fn function(name: &str) -> Option<&'static Function> {
    functions().find(|f| f.name == name)
}

/// Every function, in the order engines register them: the fifteen component functions
/// ([`COMPONENT_FUNCTIONS`]), then the others ([`OTHER_FUNCTIONS`]).
pub fn functions() -> impl Iterator<Item = &'static Function> {
    COMPONENT_FUNCTIONS.iter().chain(OTHER_FUNCTIONS.iter())
}

/// The functions of one URL argument returning a [`Component`], in the order of
/// [`Component::ALL`].
pub static COMPONENT_FUNCTIONS: [Function; 15] = [
    unary(
        "url_href",
        "url_href(url)",
        "The URL serialized as the URL Standard says (its `href`): the input normalized \
         as a browser would (scheme and host lowercased, default port dropped, dot \
         segments resolved, characters percent-encoded). NULL if the input is not a \
         valid URL.",
        "url_href('HTTP://EXAMPLE.com:80/a/../b c')",
        "'http://example.com/b%20c'",
    ),
    unary(
        "url_origin",
        "url_origin(url)",
        "The serialization of the URL's origin: `scheme://host[:port]` for http(s), \
         ws(s) and ftp URLs (and blob: URLs of those), 'null' for an opaque origin. NULL \
         if the input is not a valid URL.",
        "url_origin('https://user@example.com:8443/path')",
        "'https://example.com:8443'",
    ),
    unary(
        "url_protocol",
        "url_protocol(url)",
        "The URL's scheme followed by ':' (the `protocol` getter).",
        "url_protocol('HTTPS://example.com/')",
        "'https:'",
    ),
    unary(
        "url_username",
        "url_username(url)",
        "The URL's username, percent-encoded as in the URL; '' when there is none.",
        "url_username('https://alice:secret@example.com/')",
        "'alice'",
    ),
    unary(
        "url_password",
        "url_password(url)",
        "The URL's password, percent-encoded as in the URL; '' when there is none.",
        "url_password('https://alice:secret@example.com/')",
        "'secret'",
    ),
    unary(
        "url_host",
        "url_host(url)",
        "The URL's host and, when it is not the scheme's default, ':' and the port; '' \
         when the URL has no host.",
        "url_host('https://EXAMPLE.com:8443/')",
        "'example.com:8443'",
    ),
    unary(
        "url_hostname",
        "url_hostname(url)",
        "The URL's host serialized (a domain in lowercase ASCII, Punycode for \
         non-ASCII labels; an IPv4 address in dotted decimal; an IPv6 address in \
         brackets); '' when the URL has no host.",
        "url_hostname('https://BÜCHER.example/')",
        "'xn--bcher-kva.example'",
    ),
    unary(
        "url_port",
        "url_port(url)",
        "The URL's port as an integer; NULL when the URL has none (a scheme's default \
         port is never stored: `url_port('https://a.example:443/')` is NULL).",
        "url_port('https://example.com:8443/')",
        "8443",
    ),
    unary(
        "url_port_or_default",
        "url_port_or_default(url)",
        "The URL's port, or its scheme's default port (80 for http and ws, 443 for \
         https and wss, 21 for ftp); NULL when it has neither.",
        "url_port_or_default('https://example.com/')",
        "443",
    ),
    unary(
        "url_pathname",
        "url_pathname(url)",
        "The URL's path serialized (the `pathname` getter): '/'-separated segments, or \
         the opaque path of a URL such as 'mailto:a@example.com'.",
        "url_pathname('https://example.com/a/./b/../c')",
        "'/a/c'",
    ),
    unary(
        "url_search",
        "url_search(url)",
        "'?' followed by the URL's query, or '' when the query is null or empty (the \
         `search` getter).",
        "url_search('https://example.com/?q=a b')",
        "'?q=a%20b'",
    ),
    unary(
        "url_hash",
        "url_hash(url)",
        "'#' followed by the URL's fragment, or '' when the fragment is null or empty \
         (the `hash` getter).",
        "url_hash('https://example.com/#top')",
        "'#top'",
    ),
    unary(
        "url_host_kind",
        "url_host_kind(url)",
        "What kind of host the URL has: 'domain', 'ipv4', 'ipv6', 'opaque' (a host of \
         a non-special URL) or 'empty' (as in 'file:///'); NULL when it has no host.",
        "url_host_kind('http://0x7f.1/')",
        "'ipv4'",
    ),
    unary(
        "url_public_suffix",
        "url_public_suffix(url)",
        "The public suffix of the URL's host by the Public Suffix List compiled into \
         weburl (its ICANN and private sections, and the '*' rule for an unlisted \
         top-level domain), as the URL Standard defines it: the part under which \
         anyone can register names, such as 'com', 'co.uk' or 'github.io'. NULL when \
         the host is not a domain (an IP address, an opaque or empty host, no host).",
        "url_public_suffix('https://www.example.co.uk/')",
        "'co.uk'",
    ),
    unary(
        "url_registrable_domain",
        "url_registrable_domain(url)",
        "The registrable domain of the URL's host (the public suffix and one more \
         label, what browsers call the site, often the 'eTLD+1'), by the Public Suffix \
         List compiled into weburl. NULL when the host is not a domain or is itself a \
         public suffix.",
        "url_registrable_domain('https://a.b.example.co.uk/')",
        "'example.co.uk'",
    ),
];

/// The functions other than the components': `url_parse`, `url_path_segments`,
/// `url_query_param`, `url_query_params`, `url_join`, `url_is_valid`, `url_error`,
/// `url_percent_decode` and `url_percent_encode`.
pub static OTHER_FUNCTIONS: [Function; 9] = [
    Function {
        name: "url_parse",
        syntax: "url_parse(url)",
        description: "Parses the URL once and returns every component in a struct, with the \
             fields href, origin, protocol, username, password, host, hostname, port, \
             port_or_default, pathname, search, hash, host_kind, public_suffix and \
             registrable_domain (each the same as the url_ function of that name). NULL if the input is not a valid URL. Read a \
             field with `url_parse(u)['hostname']` or get_field; parse once in a subquery \
             or CTE to read several fields.",
        arguments: &[URL],
        example: Example {
            call: "url_parse('https://example.com:8443/a?b#c')['port']",
            result: "8443",
        },
        related: Some("url_href"),
    },
    Function {
        name: "url_path_segments",
        syntax: "url_path_segments(url)",
        description: "The URL's path segments, in order, percent-encoded as in the URL (decode one \
             with url_percent_decode). An empty segment is kept: 'https://a.example/' has \
             one, ''. NULL if the input is not a valid URL or its path is opaque (as in \
             'mailto:a@example.com').",
        arguments: &[URL],
        example: Example {
            call: "url_path_segments('https://example.com/a/b%20c/')",
            result: "[a, b%20c, ]",
        },
        related: Some("url_pathname"),
    },
    Function {
        name: "url_query_param",
        syntax: "url_query_param(url, name)",
        description: "The value of the first query parameter called `name`, decoded as \
             `url.searchParams.get(name)` decodes it ('+' is a space, percent-encoded \
             bytes are UTF-8). NULL if the URL has no such parameter or is not a valid URL.",
        arguments: &[
            URL,
            Argument {
                name: "name",
                description: "The parameter's name, decoded (as in the example's 'q').",
            },
        ],
        example: Example {
            call: "url_query_param('https://example.com/s?q=caf%C3%A9+au+lait&q=2', 'q')",
            result: "'café au lait'",
        },
        related: Some("url_query_params"),
    },
    Function {
        name: "url_query_params",
        syntax: "url_query_params(url)",
        description: "Every query parameter, in order and with repeats, as a list of structs \
             {name, value}, decoded as `url.searchParams` decodes them. An empty list when \
             the URL has no query; NULL if the input is not a valid URL. UNNEST it to get \
             a row per parameter.",
        arguments: &[URL],
        example: Example {
            call: "url_query_params('https://example.com/?a=1&b=x+y&a=3')",
            result: "[{name: a, value: 1}, {name: b, value: x y}, {name: a, value: 3}]",
        },
        related: Some("url_query_param"),
    },
    Function {
        name: "url_join",
        syntax: "url_join(base, ref)",
        description: "Resolves a URL reference against a base URL, as `new URL(ref, base)` does in \
             a browser (and as an HTML link's target is found), and returns the result's \
             href. NULL when the base is not a valid URL or the result is not a valid URL.",
        arguments: &[
            Argument {
                name: "base",
                description: "The base URL (a string expression).",
            },
            Argument {
                name: "ref",
                description: "The reference: an absolute URL, or a relative one such as '../a', '/b', \
                 '?q', '#f' or '//host/path'.",
            },
        ],
        example: Example {
            call: "url_join('https://example.com/docs/guide/', '../api?x=1')",
            result: "'https://example.com/docs/api?x=1'",
        },
        related: Some("url_href"),
    },
    Function {
        name: "url_is_valid",
        syntax: "url_is_valid(url [, base])",
        description: "Whether the input is a valid URL (against the base, if one is given), as \
             `URL.canParse(url, base)` says in a browser. NULL only for a NULL argument. \
             Cheaper than parsing: nothing is built once the outcome is known.",
        arguments: &[URL, BASE],
        example: Example {
            call: "url_is_valid('https://exa mple.com/')",
            result: "false",
        },
        related: Some("url_error"),
    },
    Function {
        name: "url_error",
        syntax: "url_error(url [, base])",
        description: "Why the input is not a valid URL: the URL Standard's name of the validation \
             error that made the parser fail (such as 'missing-scheme-non-relative-URL', \
             'host-invalid-code-point', 'port-out-of-range', 'IPv4-too-many-parts'), or \
             'too-long' for a URL over 4 GiB. NULL for a valid URL (or a NULL argument). \
             With a base, a base that fails gives the name of the base's error.",
        arguments: &[URL, BASE],
        example: Example {
            call: "url_error('https://example.com:99999/')",
            result: "'port-out-of-range'",
        },
        related: Some("url_is_valid"),
    },
    Function {
        name: "url_percent_decode",
        syntax: "url_percent_decode(str)",
        description: "Percent-decodes a string (each '%' followed by two hex digits becomes that \
             byte; any other '%' stays), then decodes the bytes as UTF-8, replacing an \
             invalid sequence with U+FFFD, as the URL Standard's percent-decode and UTF-8 \
             decode without BOM do. '+' is left alone (it is not a space outside form \
             data: see url_query_param).",
        arguments: &[STR],
        example: Example {
            call: "url_percent_decode('caf%C3%A9%20au%20lait%2')",
            result: "'café au lait%2'",
        },
        related: Some("url_percent_encode"),
    },
    Function {
        name: "url_percent_encode",
        syntax: "url_percent_encode(str [, set])",
        description: "UTF-8 percent-encodes a string with one of the URL Standard's percent-encode \
             sets: every code point in the set becomes '%XX' for each of its UTF-8 bytes \
             (uppercase hex). With the default set, 'component', the result is the one \
             JavaScript's encodeURIComponent gives. Space is encoded as \
             '%20' with every set, 'application/x-www-form-urlencoded' included (the form \
             serializer's '+' is not part of the set).",
        arguments: &[
            STR,
            Argument {
                name: "set",
                description: "The set's name: 'c0-control', 'fragment', 'query', 'special-query', 'path', \
                 'userinfo', 'component' (the default) or 'application/x-www-form-urlencoded' \
                 (ASCII case-insensitive). Another name is an error.",
            },
        ],
        example: Example {
            call: "url_percent_encode('a b/c?d', 'path')",
            result: "'a%20b/c%3Fd'",
        },
        related: Some("url_percent_decode"),
    },
];
