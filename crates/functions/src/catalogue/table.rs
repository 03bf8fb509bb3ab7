//! The records of weburl's own `url_*` functions (the dialects' are in `dialect/table.rs`).

use super::{Argument, Example, Function, Nulls, Op, Type, UrlOp, URL_ARGUMENT};
use crate::Component;

/// The URL argument of most functions.
pub(super) const URL: Argument = Argument {
    name: "url",
    description: URL_ARGUMENT,
    optional: false,
};

const BASE: Argument = Argument {
    name: "base",
    description: "Optional base URL to resolve a relative `url` against.",
    optional: true,
};

const STR: Argument = Argument {
    name: "str",
    description: "A string expression.",
    optional: false,
};

/// The record of `component`'s function: one URL argument, the component as its result.
const fn component(
    component: Component,
    description: &'static str,
    call: &'static str,
    result: &'static str,
) -> Function {
    Function {
        name: component.function_name(),
        dialect: None,
        arguments: &[URL],
        returns: if component.is_integer() {
            Type::Integer
        } else {
            Type::Varchar
        },
        nulls: Nulls::Strict,
        description,
        example: Example { call, result },
        related: None,
        differences: "",
        op: Op::Url(UrlOp::Component(component)),
    }
}

/// The record of `component`'s function.
pub(crate) fn component_record(component: Component) -> &'static Function {
    let [href, origin, protocol, username, password, host, hostname, port, port_or_default, pathname, search, hash, host_kind, public_suffix, registrable_domain, _others @ ..] =
        &OWN;
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

/// weburl's own functions: the fifteen components, in the order of [`Component::ALL`], then
/// the others.
pub(super) static OWN: [Function; 29] = [
    component(
        Component::Href,
        "The URL serialized as the URL Standard says (its `href`): the input normalized \
         as a browser would (scheme and host lowercased, default port dropped, dot \
         segments resolved, characters percent-encoded). NULL if the input is not a \
         valid URL.",
        "url_href('HTTP://EXAMPLE.com:80/a/../b c')",
        "'http://example.com/b%20c'",
    ),
    component(
        Component::Origin,
        "The serialization of the URL's origin: `scheme://host[:port]` for http(s), \
         ws(s) and ftp URLs (and blob: URLs of those), 'null' for an opaque origin. NULL \
         if the input is not a valid URL.",
        "url_origin('https://user@example.com:8443/path')",
        "'https://example.com:8443'",
    ),
    component(
        Component::Protocol,
        "The URL's scheme followed by ':' (the `protocol` getter).",
        "url_protocol('HTTPS://example.com/')",
        "'https:'",
    ),
    component(
        Component::Username,
        "The URL's username, percent-encoded as in the URL; '' when there is none.",
        "url_username('https://alice:secret@example.com/')",
        "'alice'",
    ),
    component(
        Component::Password,
        "The URL's password, percent-encoded as in the URL; '' when there is none.",
        "url_password('https://alice:secret@example.com/')",
        "'secret'",
    ),
    component(
        Component::Host,
        "The URL's host and, when it is not the scheme's default, ':' and the port; '' \
         when the URL has no host.",
        "url_host('https://EXAMPLE.com:8443/')",
        "'example.com:8443'",
    ),
    component(
        Component::Hostname,
        "The URL's host serialized (a domain in lowercase ASCII, Punycode for \
         non-ASCII labels; an IPv4 address in dotted decimal; an IPv6 address in \
         brackets); '' when the URL has no host.",
        "url_hostname('https://BÜCHER.example/')",
        "'xn--bcher-kva.example'",
    ),
    component(
        Component::Port,
        "The URL's port as an integer; NULL when the URL has none (a scheme's default \
         port is never stored: `url_port('https://a.example:443/')` is NULL).",
        "url_port('https://example.com:8443/')",
        "8443",
    ),
    component(
        Component::PortOrDefault,
        "The URL's port, or its scheme's default port (80 for http and ws, 443 for \
         https and wss, 21 for ftp); NULL when it has neither.",
        "url_port_or_default('https://example.com/')",
        "443",
    ),
    component(
        Component::Pathname,
        "The URL's path serialized (the `pathname` getter): '/'-separated segments, or \
         the opaque path of a URL such as 'mailto:a@example.com'.",
        "url_pathname('https://example.com/a/./b/../c')",
        "'/a/c'",
    ),
    component(
        Component::Search,
        "'?' followed by the URL's query, or '' when the query is null or empty (the \
         `search` getter).",
        "url_search('https://example.com/?q=a b')",
        "'?q=a%20b'",
    ),
    component(
        Component::Hash,
        "'#' followed by the URL's fragment, or '' when the fragment is null or empty \
         (the `hash` getter).",
        "url_hash('https://example.com/#top')",
        "'#top'",
    ),
    component(
        Component::HostKind,
        "What kind of host the URL has: 'domain', 'ipv4', 'ipv6', 'opaque' (a host of \
         a non-special URL) or 'empty' (as in 'file:///'); NULL when it has no host.",
        "url_host_kind('http://0x7f.1/')",
        "'ipv4'",
    ),
    component(
        Component::PublicSuffix,
        "The public suffix of the URL's host by the Public Suffix List compiled into \
         weburl (its ICANN and private sections, and the '*' rule for an unlisted \
         top-level domain), as the URL Standard defines it: the part under which \
         anyone can register names, such as 'com', 'co.uk' or 'github.io'. NULL when \
         the host is not a domain (an IP address, an opaque or empty host, no host).",
        "url_public_suffix('https://www.example.co.uk/')",
        "'co.uk'",
    ),
    component(
        Component::RegistrableDomain,
        "The registrable domain of the URL's host (the public suffix and one more \
         label, what browsers call the site, often the 'eTLD+1'), by the Public Suffix \
         List compiled into weburl. NULL when the host is not a domain or is itself a \
         public suffix.",
        "url_registrable_domain('https://a.b.example.co.uk/')",
        "'example.co.uk'",
    ),
    Function {
        name: "url_parse",
        dialect: None,
        returns: Type::Components,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::Parse),
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
        dialect: None,
        returns: Type::VarcharList,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::PathSegments),
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
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::QueryParam),
        description: "The value of the first query parameter called `name`, decoded as \
             `url.searchParams.get(name)` decodes it ('+' is a space, percent-encoded \
             bytes are UTF-8). NULL if the URL has no such parameter or is not a valid URL.",
        arguments: &[
            URL,
            Argument {
                name: "name",
                description: "The parameter's name, decoded (as in the example's 'q').",
                optional: false,
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
        dialect: None,
        returns: Type::PairList,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::QueryParams),
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
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::Join),
        description: "Resolves a URL reference against a base URL, as `new URL(ref, base)` does in \
             a browser (and as an HTML link's target is found), and returns the result's \
             href. NULL when the base is not a valid URL or the result is not a valid URL.",
        arguments: &[
            Argument {
                name: "base",
                description: "The base URL (a string expression).",
                optional: false,
            },
            Argument {
                name: "ref",
                description: "The reference: an absolute URL, or a relative one such as '../a', '/b', \
                 '?q', '#f' or '//host/path'.",
                optional: false,
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
        dialect: None,
        returns: Type::Boolean,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::IsValid),
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
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::Error),
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
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::PercentDecode),
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
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::PercentEncode),
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
                optional: true,
            },
        ],
        example: Example {
            call: "url_percent_encode('a b/c?d', 'path')",
            result: "'a%20b/c%3Fd'",
        },
        related: Some("url_percent_decode"),
    },
    Function {
        name: "url_surt",
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::Surt),
        description: "The SURT key of the URL, byte for byte as the `surt` Python package \
             (0.3.1) makes it with its default options, as the Wayback Machine, pywb and \
             Common Crawl's CDX indexes key URLs: host lowercased and reversed, closed by ')', \
             a leading 'www.' (or 'www' and digits) dropped, no scheme, default port, \
             fragment or session ids, path and query lowercased, query arguments sorted. The \
             string is read as `surt` reads it, not by the URL Standard's parser. NULL where \
             `surt` raises (a port that is not a number from 0 to 65535, a blank string). \
             SQL has the defaults only; the options are in weburl-canon (Rust) and \
             `weburl.surt.surt` (Python).",
        arguments: &[URL],
        example: Example {
            call: "url_surt('http://www.archive.org/goo/?b=1&a=2#top')",
            result: "'org,archive)/goo?a=2&b=1'",
        },
        related: Some("url_ssurt"),
    },
    Function {
        name: "url_ssurt",
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::Ssurt),
        description: "The SSURT of the URL, IIPC urlcanon's sort and prefix key: the host \
             reversed with a trailing comma, then '//', ':port', ':scheme', '@userinfo', \
             the path, query and fragment, on the URL Standard's parse (so that a prefix \
             such as 'org,example,' selects a domain and its subdomains). An IP address \
             stays as it is. NULL if the input is not a valid URL.",
        arguments: &[URL],
        example: Example {
            call: "url_ssurt('http://user:pass@foo.example.org:81/path?query#frag')",
            result: "'org,example,foo,//:81:http@user:pass/path?query#frag'",
        },
        related: Some("url_surt"),
    },
    Function {
        name: "url_safe_browsing",
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::SafeBrowsing),
        description: "The URL canonicalized as Google Safe Browsing's 'URLs and Hashing' says \
             (v4, with v5's IPv6 rules; Yandex Safe Browsing and Web Risk use the same): \
             fragment dropped, percent-unescaped until nothing changes, 'http://' added \
             when there is no scheme, the host's dots trimmed and an IPv4 address in any \
             form written as four decimals, user info and port dropped, dot segments \
             resolved, then control bytes, space, '#', '%' and non-ASCII re-escaped. The \
             string is read by Safe Browsing's rules, not the URL Standard's parser. NULL \
             where it has no canonical form: no host, or a scheme with no '//' after it \
             (as in 'mailto:a@example.com').",
        arguments: &[URL],
        example: Example {
            call: "url_safe_browsing('http://3279880203/a/./b/../blah#top')",
            result: "'http://195.127.0.11/a/blah'",
        },
        related: Some("url_safe_browsing_expressions"),
    },
    Function {
        name: "url_safe_browsing_expressions",
        dialect: None,
        returns: Type::VarcharList,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::SafeBrowsingExpressions),
        description: "The Safe Browsing lookup expressions of the URL's canonical form \
             (url_safe_browsing), in Google's order: for each host suffix (the exact host, \
             then at most four suffixes of its last five labels, never the top-level domain \
             alone; only the exact host for an IP address), the path with its query, the \
             path without it, then the root and up to three directories below it. Their \
             SHA-256 hashes are what a client looks up. NULL where url_safe_browsing is.",
        arguments: &[URL],
        example: Example {
            call: "url_safe_browsing_expressions('http://a.b.c/1/2.html?param=1')",
            result: "[a.b.c/1/2.html?param=1, a.b.c/1/2.html, a.b.c/, a.b.c/1/, b.c/1/2.html?param=1, b.c/1/2.html, b.c/, b.c/1/]",
        },
        related: Some("url_safe_browsing"),
    },
    Function {
        name: "url_strip_tracking",
        dialect: None,
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        differences: "",
        op: Op::Url(UrlOp::StripTracking),
        description: "The URL without its tracking fields: query fields (by their decoded \
             names) and fragment fields the rules name are removed, the other fields kept as \
             they are, in order, and the URL serialized as the URL Standard says. Without \
             `rules`, weburl-canon's built-in list of the most common tracking parameters \
             (utm_*, gclid, dclid, fbclid, msclkid, yclid, mc_cid, mc_eid, igshid; each \
             entry's vendor documentation is named in weburl-canon's `tracking::builtin`). \
             With `rules`, ClearURLs' providers (url patterns, exceptions, rules, raw rules, \
             redirections, complete providers) with ClearURLs' default settings; patterns \
             that the linear-time `regex` crate cannot compile (look-around, \
             backreferences) are left out. NULL if the input is not a valid URL, for a URL \
             a complete provider blocks, and for a redirection or raw rule that leaves no \
             URL.",
        arguments: &[
            URL,
            Argument {
                name: "rules",
                description: "Optional tracking rules: the text of a JSON file in ClearURLs' \
                     `data.min.json` format (an object whose `providers` member maps names \
                     to providers), loaded at run time (ClearURLs' own rules are LGPL-3.0 and \
                     not shipped). It is compiled again only where a row's text is not the \
                     previous row's (a column of one text: once); a text that is not \
                     such JSON is an error.",
                optional: true,
            },
        ],
        example: Example {
            call: "url_strip_tracking('https://example.com/a?id=7&utm_source=news&fbclid=x#top')",
            result: "'https://example.com/a?id=7#top'",
        },
        related: Some("url_surt"),
    },
];
