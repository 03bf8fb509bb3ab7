"""``tldextract`` (5.x) on weburl: switch with one import line.

``import weburl.tldextract as tldextract`` splits hosts into subdomain, domain and public
suffix as ``tldextract`` does, but from the Public Suffix List compiled into weburl: no
network, no cache directory, no dependencies. The host is the one the URL Standard's host
parser gives (lowercased, IDNA to ASCII, IPv4 forms normalized); the repository's
docs/python.md lists every class of difference from ``tldextract``.

>>> from weburl import tldextract
>>> tldextract.extract("http://forums.news.cnn.com/")
ExtractResult(subdomain='forums.news', domain='cnn', suffix='com', is_private=False)
>>> tldextract.extract("google.notavalidsuffix")
ExtractResult(subdomain='google', domain='notavalidsuffix', suffix='', is_private=False)
>>> tldextract.extract("http://127.0.0.1:8080/deployed/").ipv4
'127.0.0.1'
>>> ext = tldextract.extract("http://waiterrant.blogspot.com", include_psl_private_domains=True)
>>> ext.top_domain_under_public_suffix, ext.top_domain_under_registry_suffix
('waiterrant.blogspot.com', 'blogspot.com')
>>> no_fetch = tldextract.TLDExtract(suffix_list_urls=())
>>> no_fetch("https://user:pw@www.Example.co.uk:8443/x").fqdn
'www.example.co.uk'
"""

from typing import Any, Optional, Sequence, Union

from weburl._weburl import ExtractResult, psl_version
from weburl._weburl import ExtraSuffixes as _ExtraSuffixes
from weburl._weburl import extract as _extract

__all__ = ["ExtractResult", "TLDExtract", "extract", "update", "TLD_EXTRACTOR", "__version__"]

#: The compiled Public Suffix List's version stands in for tldextract's package version.
__version__ = "5.4.0"

PUBLIC_SUFFIX_LIST_URLS = ()


class TLDExtract:
    """A callable splitting URLs, as ``tldextract.TLDExtract``. The list is the compiled one,
    so ``cache_dir``, ``suffix_list_urls``, ``fallback_to_snapshot`` and
    ``cache_fetch_timeout`` are accepted and ignored; ``extra_suffixes`` are honored.
    """

    def __init__(
        self,
        cache_dir: Optional[str] = None,
        suffix_list_urls: Sequence[str] = (),
        fallback_to_snapshot: bool = True,
        include_psl_private_domains: bool = False,
        extra_suffixes: Sequence[str] = (),
        cache_fetch_timeout: Union[str, float, None] = None,
    ) -> None:
        self.cache_dir = cache_dir
        self.suffix_list_urls = tuple(u.strip() for u in suffix_list_urls or () if u.strip())
        self.fallback_to_snapshot = fallback_to_snapshot
        self.include_psl_private_domains = include_psl_private_domains
        self.extra_suffixes = tuple(extra_suffixes)
        self._extra = _ExtraSuffixes(list(self.extra_suffixes))
        self.cache_fetch_timeout = cache_fetch_timeout

    def __call__(
        self,
        url: str,
        include_psl_private_domains: Optional[bool] = None,
        session: Any = None,
    ) -> ExtractResult:
        """Alias for :meth:`extract_str`."""
        return self.extract_str(url, include_psl_private_domains, session)

    def extract_str(
        self,
        url: str,
        include_psl_private_domains: Optional[bool] = None,
        session: Any = None,
    ) -> ExtractResult:
        """Splits the host of *url* (a URL, or a bare ``host[:port]``)."""
        private = (
            self.include_psl_private_domains
            if include_psl_private_domains is None
            else include_psl_private_domains
        )
        result = _extract(url, private)
        if self._extra:
            result = self._extra.apply(result)
        return result

    def extract_urllib(
        self,
        url: Any,
        include_psl_private_domains: Optional[bool] = None,
        session: Any = None,
    ) -> ExtractResult:
        """Splits the host of a ``urllib.parse`` ``SplitResult`` or ``ParseResult``."""
        return self.extract_str("//" + url.netloc, include_psl_private_domains, session)

    def update(self, fetch_now: bool = False, session: Any = None) -> None:
        """Nothing to do: the list is compiled in (see ``weburl.psl_version()``)."""

    @property
    def tlds(self) -> list:
        """Not available: the compiled list is a lookup table, not a list of strings."""
        raise NotImplementedError("weburl.tldextract has no list of suffixes to return")


TLD_EXTRACTOR = TLDExtract()


def extract(
    url: str, include_psl_private_domains: bool = False, session: Any = None
) -> ExtractResult:
    """Splits *url*'s host into subdomain, domain and public suffix (the compiled list)."""
    return _extract(url, include_psl_private_domains)


# The Rust function itself: one call, no Python frame.
extract = _extract  # noqa: F811


def update(*args: Any, **kwargs: Any) -> None:
    """Nothing to do: the list is compiled in."""


def list_version() -> str:
    """The version of the compiled Public Suffix List."""
    return psl_version()
