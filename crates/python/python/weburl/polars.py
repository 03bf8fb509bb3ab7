"""Browser-exact URL expressions for Polars, from the separate package ``weburl-polars``:
``import weburl.polars`` imports ``weburl_polars``, which registers the ``url`` namespace on
expressions (``pl.col("u").url.hostname()``, ...), and gives its names.

The Polars plugin is a package of its own so that this one builds without Polars
(``pip install weburl-polars``, or ``pip install ./crates/polars`` from a checkout). Without
it, this import raises ``ImportError`` saying so. Polars Series work with ``weburl.arrow``
without it, through the Arrow PyCapsule interface.
"""

try:
    from weburl_polars import COMPONENTS, UrlNamespace
except ModuleNotFoundError as e:
    if e.name != "weburl_polars":
        raise
    raise ImportError(
        "weburl.polars needs the weburl-polars package (the Polars plugin): pip install weburl-polars",
        name=__name__,
    ) from e

__all__ = ["UrlNamespace", "COMPONENTS"]
