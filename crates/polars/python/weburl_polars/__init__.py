"""Browser-exact URL expressions for Polars: ``import weburl_polars`` (the package
``weburl-polars``; or ``import weburl.polars``, the base package's module that imports this
one) registers the ``url`` namespace on expressions.

Each method is a Polars plugin function compiled into this package's extension: it runs in
Rust on whole columns, in parallel over chunks, in eager, lazy and streaming queries, and means
exactly what weburl's SQL function of the same name means (``url_hostname``,
``url_registrable_domain``, ... of weburl-datafusion: one definition, shared). A null input,
and an input that is not a valid URL, give null.

>>> import polars as pl
>>> import weburl_polars
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

_IntoStr = Union[str, pl.Expr]


def _call(function: str, args: list) -> pl.Expr:
    """The catalogue function ``function`` (``url_hostname``, or a component's name) on
    ``args``: the expression's column first, then the function's other arguments."""
    return register_plugin_function(
        plugin_path=_LIB,
        function_name="url_call",
        args=args,
        kwargs={"function": function},
        is_elementwise=True,
    )


def _arg(value: _IntoStr) -> pl.Expr:
    return pl.lit(value, dtype=pl.String) if isinstance(value, str) else value


@pl.api.register_expr_namespace("url")
class UrlNamespace:
    """The ``url`` namespace: ``pl.col("u").url.hostname()`` and its siblings, one method per
    function of weburl's catalogue (``url_<method>`` in SQL; each one's documentation is in
    ``__init__.pyi``, generated from the catalogue). The expression is the function's URL (for
    ``join``, its reference); a string argument is one value for every row, an expression a
    column of values."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _f(self, function: str, *args: Optional[_IntoStr]) -> pl.Expr:
        return _call(function, [self._expr, *(_arg(a) for a in args if a is not None)])

    def component(self, name: str) -> pl.Expr:
        """One component of each URL by name (see :data:`COMPONENTS`): ``url_<name>`` in SQL.

        >>> import polars as pl, weburl_polars
        >>> pl.select(pl.lit("HTTPS://example.com/a/../b").url.component("pathname")).item()
        '/b'
        """
        return self._f(name)

    def href(self) -> pl.Expr: return self._f("url_href")
    def origin(self) -> pl.Expr: return self._f("url_origin")
    def protocol(self) -> pl.Expr: return self._f("url_protocol")
    def username(self) -> pl.Expr: return self._f("url_username")
    def password(self) -> pl.Expr: return self._f("url_password")
    def host(self) -> pl.Expr: return self._f("url_host")
    def hostname(self) -> pl.Expr: return self._f("url_hostname")
    def port(self) -> pl.Expr: return self._f("url_port")
    def port_or_default(self) -> pl.Expr: return self._f("url_port_or_default")
    def pathname(self) -> pl.Expr: return self._f("url_pathname")
    def search(self) -> pl.Expr: return self._f("url_search")
    def hash(self) -> pl.Expr: return self._f("url_hash")
    def host_kind(self) -> pl.Expr: return self._f("url_host_kind")
    def public_suffix(self) -> pl.Expr: return self._f("url_public_suffix")
    def registrable_domain(self) -> pl.Expr: return self._f("url_registrable_domain")
    def parse(self) -> pl.Expr: return self._f("url_parse")
    def path_segments(self) -> pl.Expr: return self._f("url_path_segments")
    def query_param(self, name: _IntoStr) -> pl.Expr: return self._f("url_query_param", name)
    def query_params(self) -> pl.Expr: return self._f("url_query_params")
    def join(self, base: _IntoStr) -> pl.Expr: return self._f("url_join", base)
    def is_valid(self, base: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_is_valid", base)
    def error(self, base: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_error", base)
    def percent_decode(self) -> pl.Expr: return self._f("url_percent_decode")
    def percent_encode(self, set: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_percent_encode", set)  # noqa: A002 - the SQL name
    def surt(self) -> pl.Expr: return self._f("url_surt")
    def ssurt(self) -> pl.Expr: return self._f("url_ssurt")
    def safe_browsing(self) -> pl.Expr: return self._f("url_safe_browsing")
    def safe_browsing_expressions(self) -> pl.Expr: return self._f("url_safe_browsing_expressions")
    def strip_tracking(self, rules: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_strip_tracking", rules)
    def surtkey(self) -> pl.Expr: return self._f("url_surtkey")
    def host_name(self) -> pl.Expr: return self._f("url_host_name")
    def host_tld(self) -> pl.Expr: return self._f("url_host_tld")
    def host_2nd_last_part(self) -> pl.Expr: return self._f("url_host_2nd_last_part")
    def host_3rd_last_part(self) -> pl.Expr: return self._f("url_host_3rd_last_part")
    def host_4th_last_part(self) -> pl.Expr: return self._f("url_host_4th_last_part")
    def host_5th_last_part(self) -> pl.Expr: return self._f("url_host_5th_last_part")
    def host_registry_suffix(self, psl: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_host_registry_suffix", psl)
    def host_registered_domain(self, psl: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_host_registered_domain", psl)
    def host_private_suffix(self, psl: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_host_private_suffix", psl)
    def host_private_domain(self, psl: Optional[_IntoStr] = None) -> pl.Expr: return self._f("url_host_private_domain", psl)
    def host_name_reversed(self) -> pl.Expr: return self._f("url_host_name_reversed")
