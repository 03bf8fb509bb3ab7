"""The catalogue test for the batch functions: ``hostnames`` and ``registrable_domains`` give
their catalogue records' example results (``weburl_functions::catalogue``, as
``weburl._weburl._catalogue()`` gives it). The Polars namespace's catalogue test is the
weburl-polars package's (crates/polars/tests/test_polars_catalogue.py)."""

import sys

import pytest


def records():
    from weburl import _weburl

    return _weburl._catalogue()


def sql_argument(call):
    """The one string literal of ``f('a')``."""
    inner = call[call.index("(") + 1 : call.rindex(")")]
    assert inner.startswith("'") and inner.endswith("'") and inner.count("'") == 2, call
    return inner[1:-1]


def test_batch_functions_are_the_catalogues():
    import weburl

    for name, batch in [("url_hostname", weburl.hostnames), ("url_registrable_domain", weburl.registrable_domains)]:
        (r,) = [r for r in records() if r["name"] == name]
        got = batch([sql_argument(r["call"])])[0]
        assert ("NULL" if got is None else f"'{got}'") == r["result"], name


def test_polars_module_without_weburl_polars(monkeypatch):
    """Without the weburl-polars package, ``import weburl.polars`` raises an ``ImportError``
    that says what to install."""
    monkeypatch.setitem(sys.modules, "weburl_polars", None)
    monkeypatch.delitem(sys.modules, "weburl.polars", raising=False)
    with pytest.raises(ImportError, match="pip install weburl-polars"):
        import weburl.polars  # noqa: F401
