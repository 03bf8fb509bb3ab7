# Generated from weburl_functions::catalogue by crates/polars/tests/test_polars_catalogue.py
# (`python crates/polars/tests/test_polars_catalogue.py --write`); do not edit.
from typing import Optional, Tuple, Union

import polars as pl

COMPONENTS: Tuple[str, ...]

_IntoStr = Union[str, pl.Expr]

class UrlNamespace:
    def __init__(self, expr: pl.Expr) -> None: ...
    def component(self, name: str) -> pl.Expr: ...
    def href(self) -> pl.Expr:
        """The URL serialized as the URL Standard says (its `href`): the input normalized as a
        browser would (scheme and host lowercased, default port dropped, dot segments resolved,
        characters percent-encoded). NULL if the input is not a valid URL.

        SQL: ``url_href('HTTP://EXAMPLE.com:80/a/../b c')`` is ``'http://example.com/b%20c'``.
        """
    def origin(self) -> pl.Expr:
        """The serialization of the URL's origin: `scheme://host[:port]` for http(s), ws(s) and ftp
        URLs (and blob: URLs of those), 'null' for an opaque origin. NULL if the input is not a
        valid URL.

        SQL: ``url_origin('https://user@example.com:8443/path')`` is ``'https://example.com:8443'``.
        """
    def protocol(self) -> pl.Expr:
        """The URL's scheme followed by ':' (the `protocol` getter).

        SQL: ``url_protocol('HTTPS://example.com/')`` is ``'https:'``.
        """
    def username(self) -> pl.Expr:
        """The URL's username, percent-encoded as in the URL; '' when there is none.

        SQL: ``url_username('https://alice:secret@example.com/')`` is ``'alice'``.
        """
    def password(self) -> pl.Expr:
        """The URL's password, percent-encoded as in the URL; '' when there is none.

        SQL: ``url_password('https://alice:secret@example.com/')`` is ``'secret'``.
        """
    def host(self) -> pl.Expr:
        """The URL's host and, when it is not the scheme's default, ':' and the port; '' when the
        URL has no host.

        SQL: ``url_host('https://EXAMPLE.com:8443/')`` is ``'example.com:8443'``.
        """
    def hostname(self) -> pl.Expr:
        """The URL's host serialized (a domain in lowercase ASCII, Punycode for non-ASCII labels;
        an IPv4 address in dotted decimal; an IPv6 address in brackets); '' when the URL has no
        host.

        SQL: ``url_hostname('https://BÜCHER.example/')`` is ``'xn--bcher-kva.example'``.
        """
    def port(self) -> pl.Expr:
        """The URL's port as an integer; NULL when the URL has none (a scheme's default port is
        never stored: `url_port('https://a.example:443/')` is NULL).

        SQL: ``url_port('https://example.com:8443/')`` is ``8443``.
        """
    def port_or_default(self) -> pl.Expr:
        """The URL's port, or its scheme's default port (80 for http and ws, 443 for https and wss,
        21 for ftp); NULL when it has neither.

        SQL: ``url_port_or_default('https://example.com/')`` is ``443``.
        """
    def pathname(self) -> pl.Expr:
        """The URL's path serialized (the `pathname` getter): '/'-separated segments, or the opaque
        path of a URL such as 'mailto:a@example.com'.

        SQL: ``url_pathname('https://example.com/a/./b/../c')`` is ``'/a/c'``.
        """
    def search(self) -> pl.Expr:
        """'?' followed by the URL's query, or '' when the query is null or empty (the `search`
        getter).

        SQL: ``url_search('https://example.com/?q=a b')`` is ``'?q=a%20b'``.
        """
    def hash(self) -> pl.Expr:
        """'#' followed by the URL's fragment, or '' when the fragment is null or empty (the `hash`
        getter).

        SQL: ``url_hash('https://example.com/#top')`` is ``'#top'``.
        """
    def host_kind(self) -> pl.Expr:
        """What kind of host the URL has: 'domain', 'ipv4', 'ipv6', 'opaque' (a host of a non-
        special URL) or 'empty' (as in 'file:///'); NULL when it has no host.

        SQL: ``url_host_kind('http://0x7f.1/')`` is ``'ipv4'``.
        """
    def public_suffix(self) -> pl.Expr:
        """The public suffix of the URL's host by the Public Suffix List compiled into weburl (its
        ICANN and private sections, and the '*' rule for an unlisted top-level domain), as the
        URL Standard defines it: the part under which anyone can register names, such as 'com',
        'co.uk' or 'github.io'. NULL when the host is not a domain (an IP address, an opaque or
        empty host, no host).

        SQL: ``url_public_suffix('https://www.example.co.uk/')`` is ``'co.uk'``.
        """
    def registrable_domain(self) -> pl.Expr:
        """The registrable domain of the URL's host (the public suffix and one more label, what
        browsers call the site, often the 'eTLD+1'), by the Public Suffix List compiled into
        weburl. NULL when the host is not a domain or is itself a public suffix.

        SQL: ``url_registrable_domain('https://a.b.example.co.uk/')`` is ``'example.co.uk'``.
        """
    def parse(self) -> pl.Expr:
        """Parses the URL once and returns every component in a struct, with the fields href,
        origin, protocol, username, password, host, hostname, port, port_or_default, pathname,
        search, hash, host_kind, public_suffix and registrable_domain (each the same as the url_
        function of that name). NULL if the input is not a valid URL. Read a field with
        `url_parse(u)['hostname']` or get_field; parse once in a subquery or CTE to read several
        fields.

        SQL: ``url_parse('https://example.com:8443/a?b#c')['port']`` is ``8443``.
        """
    def path_segments(self) -> pl.Expr:
        """The URL's path segments, in order, percent-encoded as in the URL (decode one with
        url_percent_decode). An empty segment is kept: 'https://a.example/' has one, ''. NULL if
        the input is not a valid URL or its path is opaque (as in 'mailto:a@example.com').

        SQL: ``url_path_segments('https://example.com/a/b%20c/')`` is ``[a, b%20c, ]``.
        """
    def query_param(self, name: _IntoStr) -> pl.Expr:
        """The value of the first query parameter called `name`, decoded as
        `url.searchParams.get(name)` decodes it ('+' is a space, percent-encoded bytes are
        UTF-8). NULL if the URL has no such parameter or is not a valid URL.

        SQL: ``url_query_param('https://example.com/s?q=caf%C3%A9+au+lait&q=2', 'q')`` is ``'café au lait'``.
        """
    def query_params(self) -> pl.Expr:
        """Every query parameter, in order and with repeats, as a list of structs {name, value},
        decoded as `url.searchParams` decodes them. An empty list when the URL has no query;
        NULL if the input is not a valid URL. UNNEST it to get a row per parameter.

        SQL: ``url_query_params('https://example.com/?a=1&b=x+y&a=3')`` is ``[{name: a, value: 1}, {name: b, value: x y}, {name: a, value: 3}]``.
        """
    def join(self, base: _IntoStr) -> pl.Expr:
        """Resolves a URL reference against a base URL, as `new URL(ref, base)` does in a browser
        (and as an HTML link's target is found), and returns the result's href. NULL when the
        base is not a valid URL or the result is not a valid URL.

        SQL: ``url_join('https://example.com/docs/guide/', '../api?x=1')`` is ``'https://example.com/docs/api?x=1'``.
        """
    def is_valid(self, base: Optional[_IntoStr] = None) -> pl.Expr:
        """Whether the input is a valid URL (against the base, if one is given), as
        `URL.canParse(url, base)` says in a browser. NULL only for a NULL argument. Cheaper than
        parsing: nothing is built once the outcome is known.

        SQL: ``url_is_valid('https://exa mple.com/')`` is ``false``.
        """
    def error(self, base: Optional[_IntoStr] = None) -> pl.Expr:
        """Why the input is not a valid URL: the URL Standard's name of the validation error that
        made the parser fail (such as 'missing-scheme-non-relative-URL', 'host-invalid-code-
        point', 'port-out-of-range', 'IPv4-too-many-parts'), or 'too-long' for a URL over 4 GiB.
        NULL for a valid URL (or a NULL argument). With a base, a base that fails gives the name
        of the base's error.

        SQL: ``url_error('https://example.com:99999/')`` is ``'port-out-of-range'``.
        """
    def percent_decode(self) -> pl.Expr:
        """Percent-decodes a string (each '%' followed by two hex digits becomes that byte; any
        other '%' stays), then decodes the bytes as UTF-8, replacing an invalid sequence with
        U+FFFD, as the URL Standard's percent-decode and UTF-8 decode without BOM do. '+' is
        left alone (it is not a space outside form data: see url_query_param).

        SQL: ``url_percent_decode('caf%C3%A9%20au%20lait%2')`` is ``'café au lait%2'``.
        """
    def percent_encode(self, set: Optional[_IntoStr] = None) -> pl.Expr:
        """UTF-8 percent-encodes a string with one of the URL Standard's percent-encode sets: every
        code point in the set becomes '%XX' for each of its UTF-8 bytes (uppercase hex). With
        the default set, 'component', the result is the one JavaScript's encodeURIComponent
        gives. Space is encoded as '%20' with every set, 'application/x-www-form-urlencoded'
        included (the form serializer's '+' is not part of the set).

        SQL: ``url_percent_encode('a b/c?d', 'path')`` is ``'a%20b/c%3Fd'``.
        """
    def surt(self) -> pl.Expr:
        """The SURT key of the URL, byte for byte as the `surt` Python package (0.3.1) makes it
        with its default options, as the Wayback Machine, pywb and Common Crawl's CDX indexes
        key URLs: host lowercased and reversed, closed by ')', a leading 'www.' (or 'www' and
        digits) dropped, no scheme, default port, fragment or session ids, path and query
        lowercased, query arguments sorted. The string is read as `surt` reads it, not by the
        URL Standard's parser. NULL where `surt` raises (a port that is not a number from 0 to
        65535, a blank string). SQL has the defaults only; the options are in weburl-canon
        (Rust) and `weburl.surt.surt` (Python).

        SQL: ``url_surt('http://www.archive.org/goo/?b=1&a=2#top')`` is ``'org,archive)/goo?a=2&b=1'``.
        """
    def ssurt(self) -> pl.Expr:
        """The SSURT of the URL, IIPC urlcanon's sort and prefix key: the host reversed with a
        trailing comma, then '//', ':port', ':scheme', '@userinfo', the path, query and
        fragment, on the URL Standard's parse (so that a prefix such as 'org,example,' selects a
        domain and its subdomains). An IP address stays as it is. NULL if the input is not a
        valid URL.

        SQL: ``url_ssurt('http://user:pass@foo.example.org:81/path?query#frag')`` is ``'org,example,foo,//:81:http@user:pass/path?query#frag'``.
        """
    def safe_browsing(self) -> pl.Expr:
        """The URL canonicalized as Google Safe Browsing's 'URLs and Hashing' says (v4, with v5's
        IPv6 rules; Yandex Safe Browsing and Web Risk use the same): fragment dropped, percent-
        unescaped until nothing changes, 'http://' added when there is no scheme, the host's
        dots trimmed and an IPv4 address in any form written as four decimals, user info and
        port dropped, dot segments resolved, then control bytes, space, '#', '%' and non-ASCII
        re-escaped. The string is read by Safe Browsing's rules, not the URL Standard's parser.
        NULL where it has no canonical form: no host, or a scheme with no '//' after it (as in
        'mailto:a@example.com').

        SQL: ``url_safe_browsing('http://3279880203/a/./b/../blah#top')`` is ``'http://195.127.0.11/a/blah'``.
        """
    def safe_browsing_expressions(self) -> pl.Expr:
        """The Safe Browsing lookup expressions of the URL's canonical form (url_safe_browsing), in
        Google's order: for each host suffix (the exact host, then at most four suffixes of its
        last five labels, never the top-level domain alone; only the exact host for an IP
        address), the path with its query, the path without it, then the root and up to three
        directories below it. Their SHA-256 hashes are what a client looks up. NULL where
        url_safe_browsing is.

        SQL: ``url_safe_browsing_expressions('http://a.b.c/1/2.html?param=1')`` is ``[a.b.c/1/2.html?param=1, a.b.c/1/2.html, a.b.c/, a.b.c/1/, b.c/1/2.html?param=1, b.c/1/2.html, b.c/, b.c/1/]``.
        """
    def strip_tracking(self, rules: Optional[_IntoStr] = None) -> pl.Expr:
        """The URL without its tracking fields: query fields (by their decoded names) and fragment
        fields the rules name are removed, the other fields kept as they are, in order, and the
        URL serialized as the URL Standard says. Without `rules`, weburl-canon's built-in list
        of the most common tracking parameters (utm_*, gclid, dclid, fbclid, msclkid, yclid,
        mc_cid, mc_eid, igshid; each entry's vendor documentation is named in weburl-canon's
        `tracking::builtin`). With `rules`, ClearURLs' providers (url patterns, exceptions,
        rules, raw rules, redirections, complete providers) with ClearURLs' default settings;
        patterns that the linear-time `regex` crate cannot compile (look-around, backreferences)
        are left out. NULL if the input is not a valid URL, for a URL a complete provider
        blocks, and for a redirection or raw rule that leaves no URL.

        SQL: ``url_strip_tracking('https://example.com/a?id=7&utm_source=news&fbclid=x#top')`` is ``'https://example.com/a?id=7#top'``.
        """
    def surtkey(self) -> pl.Expr:
        """Common Crawl's `url_surtkey`: the SURT key of its CDX index, the `surt` Python package's
        default key (the same as url_surt). NULL where `surt` raises and, as for every Common
        Crawl field, for a string that is not a valid URL (Common Crawl keys only URLs it
        fetched; url_surt keys any string `surt` reads).

        SQL: ``url_surtkey('https://www.example.com/path/index.html')`` is ``'com,example)/path/index.html'``.
        """
    def host_name(self) -> pl.Expr:
        """Common Crawl's `url_host_name`: the host as the URL Standard parses it (lowercase,
        percent-decoded, IDNA to ASCII, an IPv4 address as four decimals, an IPv6 address in
        brackets) without a trailing dot; an opaque host read as an http host. NULL when the URL
        has no host or is not a valid URL.

        SQL: ``url_host_name('http://WWW.Example.COM./')`` is ``'www.example.com'``.
        """
    def host_tld(self) -> pl.Expr:
        """Common Crawl's `url_host_tld`: the host's last label. NULL for an IP address and a URL
        without a host.

        SQL: ``url_host_tld('https://www.example.com/')`` is ``'com'``.
        """
    def host_2nd_last_part(self) -> pl.Expr:
        """Common Crawl's `url_host_2nd_last_part`: the host's second label from the right. NULL
        when the host has fewer labels, for an IP address and a URL without a host.

        SQL: ``url_host_2nd_last_part('http://bbc.co.uk/')`` is ``'co'``.
        """
    def host_3rd_last_part(self) -> pl.Expr:
        """Common Crawl's `url_host_3rd_last_part`: the host's third label from the right. NULL
        when the host has fewer labels, for an IP address and a URL without a host.

        SQL: ``url_host_3rd_last_part('https://www.example.com/')`` is ``'www'``.
        """
    def host_4th_last_part(self) -> pl.Expr:
        """Common Crawl's `url_host_4th_last_part`: the host's fourth label from the right. NULL
        when the host has fewer labels, for an IP address and a URL without a host.

        SQL: ``url_host_4th_last_part('http://host1.subdomain.example.com/')`` is ``'host1'``.
        """
    def host_5th_last_part(self) -> pl.Expr:
        """Common Crawl's `url_host_5th_last_part`: the host's fifth label from the right. NULL
        when the host has fewer labels, for an IP address and a URL without a host.

        SQL: ``url_host_5th_last_part('http://host1.sub2.subdomain.example.com/')`` is ``'host1'``.
        """
    def host_registry_suffix(self, psl: Optional[_IntoStr] = None) -> pl.Expr:
        """Common Crawl's `url_host_registry_suffix`: the host's public suffix by the ICANN section
        of the Public Suffix List (the compiled list, or the text given as `psl`). NULL when no
        rule of the list matches (no implicit '*' rule), for an IP address and a URL without a
        host.

        SQL: ``url_host_registry_suffix('http://mypublicbucket.s3.amazonaws.com/')`` is ``'com'``.
        """
    def host_registered_domain(self, psl: Optional[_IntoStr] = None) -> pl.Expr:
        """Common Crawl's `url_host_registered_domain`: the registry suffix and the label before
        it. NULL where url_host_registry_suffix is and when the host is the suffix itself.

        SQL: ``url_host_registered_domain('https://myblog.blogspot.com/')`` is ``'blogspot.com'``.
        """
    def host_private_suffix(self, psl: Optional[_IntoStr] = None) -> pl.Expr:
        """Common Crawl's `url_host_private_suffix`: the host's public suffix by both sections of
        the Public Suffix List, ICANN and PRIVATE (the compiled list, or the text given as
        `psl`). NULL when no rule of the list matches (no implicit '*' rule), for an IP address
        and a URL without a host.

        SQL: ``url_host_private_suffix('http://mypublicbucket.s3.amazonaws.com/')`` is ``'s3.amazonaws.com'``.
        """
    def host_private_domain(self, psl: Optional[_IntoStr] = None) -> pl.Expr:
        """Common Crawl's `url_host_private_domain`: the private suffix and the label before it.
        NULL where url_host_private_suffix is and when the host is the suffix itself.

        SQL: ``url_host_private_domain('https://myblog.blogspot.com/')`` is ``'myblog.blogspot.com'``.
        """
    def host_name_reversed(self) -> pl.Expr:
        """Common Crawl's `url_host_name_reversed`: the host's labels in reverse order joined by
        dots. NULL for an IP address and a URL without a host.

        SQL: ``url_host_name_reversed('https://www.example.com/')`` is ``'com.example.www'``.
        """
