"""Browser-exact URL expressions for Polars: ``import weburl.polars`` registers the ``url``
namespace on expressions.

Each method is a Polars plugin function compiled into weburl's extension: it runs in Rust on
whole columns, in parallel over chunks, in eager, lazy and streaming queries, and means exactly
what weburl's SQL function of the same name means (``url_hostname``, ``url_registrable_domain``,
... of weburl-datafusion: one definition, shared). A null input, and an input that is not a
valid URL, give null.

>>> import polars as pl
>>> import weburl.polars
>>> df = pl.DataFrame({"u": ["https://WWW.Example.co.uk:8443/a/./b?q=caf%C3%A9", "not a url", None]})
>>> df.select(
...     host=pl.col("u").url.hostname(),
...     site=pl.col("u").url.registrable_domain(),
...     port=pl.col("u").url.port(),
...     q=pl.col("u").url.query_param("q"),
...     error=pl.col("u").url.error(),
... ).rows()
[('www.example.co.uk', 'example.co.uk', 8443, 'café', None), (None, None, None, None, 'missing-scheme-non-relative-URL'), (None, None, None, None, None)]
>>> pl.select(pl.lit("../c?x=1").url.join("https://example.com/a/b")).item()
'https://example.com/c?x=1'
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Union

import polars as pl
from polars.plugins import register_plugin_function

__all__ = ["UrlNamespace", "COMPONENTS"]

# The directory of the extension module, where Polars finds the plugin's entry points.
_LIB = Path(__file__).parent

#: The names :meth:`UrlNamespace.component` takes (the fields of :meth:`UrlNamespace.parse`).
COMPONENTS = (
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "port_or_default",
    "pathname",
    "search",
    "hash",
    "host_kind",
    "public_suffix",
    "registrable_domain",
)

_IntoBase = Union[str, pl.Expr]


def _call(function: str, args: list, kwargs: Optional[dict] = None) -> pl.Expr:
    return register_plugin_function(
        plugin_path=_LIB,
        function_name=function,
        args=args,
        kwargs=kwargs,
        is_elementwise=True,
    )


def _base(base: _IntoBase) -> pl.Expr:
    return pl.lit(base, dtype=pl.String) if isinstance(base, str) else base


@pl.api.register_expr_namespace("url")
class UrlNamespace:
    """The ``url`` namespace: ``pl.col("u").url.hostname()`` and its siblings."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def component(self, name: str) -> pl.Expr:
        """One component of each URL by name (see :data:`COMPONENTS`): ``url_<name>`` in SQL.

        A string column, or ``Int32`` for ``port`` and ``port_or_default``. An unknown name
        fails when the query is planned.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("HTTPS://example.com/a/../b").url.component("pathname")).item()
        '/b'
        """
        return _call("url_component", [self._expr], {"component": name})

    def href(self) -> pl.Expr:
        """The URL serialized (normalized as a browser would): ``url_href``."""
        return self.component("href")

    def origin(self) -> pl.Expr:
        """The serialization of the URL's origin (``'null'`` for an opaque one): ``url_origin``."""
        return self.component("origin")

    def protocol(self) -> pl.Expr:
        """The scheme followed by ``':'``: ``url_protocol``."""
        return self.component("protocol")

    def username(self) -> pl.Expr:
        """The username, percent-encoded (``''`` when none): ``url_username``."""
        return self.component("username")

    def password(self) -> pl.Expr:
        """The password, percent-encoded (``''`` when none): ``url_password``."""
        return self.component("password")

    def host(self) -> pl.Expr:
        """The host and a non-default port (``''`` without a host): ``url_host``."""
        return self.component("host")

    def hostname(self) -> pl.Expr:
        """The host serialized (Punycode, dotted IPv4, bracketed IPv6): ``url_hostname``.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("https://BÜCHER.example/").url.hostname()).item()
        'xn--bcher-kva.example'
        """
        return self.component("hostname")

    def port(self) -> pl.Expr:
        """The port as ``Int32``, null when none (a default port is never stored): ``url_port``."""
        return self.component("port")

    def port_or_default(self) -> pl.Expr:
        """The port, or the scheme's default port: ``url_port_or_default``."""
        return self.component("port_or_default")

    def pathname(self) -> pl.Expr:
        """The path serialized: ``url_pathname``."""
        return self.component("pathname")

    def search(self) -> pl.Expr:
        """``'?'`` and the query, or ``''``: ``url_search``."""
        return self.component("search")

    def hash(self) -> pl.Expr:
        """``'#'`` and the fragment, or ``''``: ``url_hash``."""
        return self.component("hash")

    def host_kind(self) -> pl.Expr:
        """``'domain'``, ``'ipv4'``, ``'ipv6'``, ``'opaque'`` or ``'empty'``; null without a
        host: ``url_host_kind``."""
        return self.component("host_kind")

    def public_suffix(self) -> pl.Expr:
        """The host's public suffix by the compiled Public Suffix List; null when the host is
        not a domain: ``url_public_suffix``.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("https://www.example.co.uk/").url.public_suffix()).item()
        'co.uk'
        """
        return self.component("public_suffix")

    def registrable_domain(self) -> pl.Expr:
        """The host's registrable domain (the site, eTLD+1); null when the host is not a domain
        or is itself a public suffix: ``url_registrable_domain``.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("https://a.b.example.co.uk/").url.registrable_domain()).item()
        'example.co.uk'
        """
        return self.component("registrable_domain")

    def parse(self) -> pl.Expr:
        """Every component in a struct (fields as :data:`COMPONENTS`), parsed once; null for an
        input that is not a valid URL: ``url_parse``.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("https://example.com:8443/a?b#c").url.parse().struct.field("port")).item()
        8443
        """
        return _call("url_parse", [self._expr])

    def query_param(self, name: str) -> pl.Expr:
        """The first value of the query parameter ``name``, decoded as
        ``url.searchParams.get(name)`` decodes it; null when absent: ``url_query_param``."""
        return _call("url_query_param", [self._expr], {"name": name})

    def query_params(self) -> pl.Expr:
        """Every query parameter, a list of ``{name, value}`` structs: ``url_query_params``.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("https://e.example/?a=1&b=x+y").url.query_params()).item().to_list()
        [{'name': 'a', 'value': '1'}, {'name': 'b', 'value': 'x y'}]
        """
        return _call("url_query_params", [self._expr])

    def path_segments(self) -> pl.Expr:
        """The path's segments, percent-encoded as in the URL; null for an opaque path:
        ``url_path_segments``.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("https://example.com/a/b%20c/").url.path_segments()).item().to_list()
        ['a', 'b%20c', '']
        """
        return _call("url_path_segments", [self._expr])

    def join(self, base: _IntoBase) -> pl.Expr:
        """Each value, a URL reference, resolved against ``base`` (a string, or a column of
        base URLs) as ``new URL(ref, base)`` does; its href, or null: ``url_join(base, ref)``."""
        return _call("url_join", [self._expr, _base(base)])

    def is_valid(self, base: Optional[_IntoBase] = None) -> pl.Expr:
        """Whether each value is a valid URL (against ``base`` if given), as ``URL.canParse``
        says; null only for a null: ``url_is_valid``."""
        args = [self._expr] if base is None else [self._expr, _base(base)]
        return _call("url_is_valid", args)

    def error(self, base: Optional[_IntoBase] = None) -> pl.Expr:
        """The URL Standard's name of the validation error that failed the parse; null for a
        valid URL: ``url_error``.

        >>> import polars as pl, weburl.polars
        >>> pl.select(pl.lit("https://example.com:99999/").url.error()).item()
        'port-out-of-range'
        """
        args = [self._expr] if base is None else [self._expr, _base(base)]
        return _call("url_error", args)

    def percent_decode(self) -> pl.Expr:
        """Percent-decodes each string (invalid UTF-8 becomes U+FFFD; ``+`` stays):
        ``url_percent_decode``."""
        return _call("url_percent_decode", [self._expr])

    def percent_encode(self, set: str = "component") -> pl.Expr:  # noqa: A002 - the SQL name
        """UTF-8 percent-encodes each string with one of the URL Standard's percent-encode sets
        (``'component'``, the default, is ``encodeURIComponent``): ``url_percent_encode``."""
        return _call("url_percent_encode", [self._expr], {"set": set})
