"""``surt`` (0.3.1) on weburl: switch with one import line.

``from weburl.surt import surt`` makes the SURT keys of the ``surt`` package (as the Wayback
Machine, pywb and Common Crawl's CDX indexes use them), byte for byte, with its keyword options:
``surt``, ``with_scheme``, ``trailing_comma``, ``reverse_ipaddr``, ``host_lowercase``,
``host_massage``, ``port_strip_default``, ``path_strip_empty``, ``path_lowercase``,
``path_strip_session_id``, ``path_strip_trailing_slash_unless_empty``, ``query_lowercase``,
``query_strip_session_id``, ``query_strip_empty``, ``query_alpha_reorder`` and ``public_suffix``
(each read by its truth value). The rules are weburl-canon's (Rust), written from the package's
documentation.

Departures: ``canonicalizer`` must be ``None`` (the package's default, its IA canonicalizer):
another canonicalizer raises ``NotImplementedError``. ``public_suffix=True`` keys the host by its
registered domain (the Public Suffix List's ICANN section, as tldextract gives it) where
``surt`` 0.3.1 raises ``TypeError`` under Python 3 for every URL with a host. A ``bytes``
URL is read as UTF-8 and gives ``bytes``. Unknown keywords are ignored, as ``surt`` ignores them.

>>> from weburl.surt import surt
>>> surt("http://www.archive.org/goo/?b=1&a=2#top")
'org,archive)/goo?a=2&b=1'
>>> surt("http://archive.org/goo/", with_scheme=True, trailing_comma=True)
'http://(org,archive,)/goo'
>>> surt("http://www.archive.org/goo/", surt=False)
'archive.org/goo'
>>> surt_many(["http://a.example/X", "http://a.example:99999/"])
['example,a)/x', None]
"""

from typing import Any, List, Optional, Union

from weburl._weburl import _surt
from weburl._weburl import surt_many

__all__ = ["surt", "surt_many"]


def surt(url: Union[str, bytes], canonicalizer: Any = None, **options: Any) -> Union[str, bytes]:
    """The SURT key of ``url`` as ``surt.surt(url, **options)`` gives it (see the module's
    documentation). ``ValueError`` for a port that is not a number from 0 to 65535 and
    ``AttributeError`` for a blank string, where ``surt`` raises those."""
    if canonicalizer is not None:
        raise NotImplementedError(
            "weburl.surt.surt: only the default canonicalizer (canonicalizer=None, surt's "
            "IA canonicalizer) is implemented"
        )
    if isinstance(url, (bytes, bytearray)):
        return _surt(bytes(url).decode("utf-8"), **options).encode("utf-8")
    return _surt(url, **options)
