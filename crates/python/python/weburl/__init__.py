"""URLs exactly as browsers parse them: the WHATWG URL Standard, compiled from Rust.

>>> from weburl import URL
>>> url = URL("../api/index.html?lang=en#intro", "https://example.com/docs/guide/")
>>> url.href
'https://example.com/docs/api/index.html?lang=en#intro'
>>> url.hostname = "EXAMPLE.org"
>>> url.host
'example.org'
>>> url.search_params.append("q", "a b")
>>> url.search
'?lang=en&q=a+b'
>>> URL.parse("https://:443") is None
True
>>> try:
...     URL("https://:443")
... except URLError as e:
...     print(e.name, e.start, e.end)
host-missing 8 8
>>> registrable_domain("https://www.example.co.uk/a")
'example.co.uk'
>>> validation_errors("https://user@example.org\\\\path")
[('invalid-credentials', 8, 13, False), ('invalid-reverse-solidus', 24, 25, False)]
>>> display("https://user:pw@www.xn--mnchen-3ya.de/stra%C3%9Fe")
'https://www.münchen.de/straße'
>>> URLPattern({"pathname": "/books/:id"}).exec("https://example.com/books/7")["pathname"]["groups"]
{'id': '7'}

Drop-in modules: ``weburl.ada`` (the ``ada-url`` package's API), ``weburl.tldextract``
(``tldextract``'s, from the compiled Public Suffix List: no network, no cache) and
``weburl.surt`` (``surt.surt``'s SURT keys); ``weburl.canon`` has SSURT and Safe Browsing's
canonical URLs.
"""

from weburl._weburl import (
    URL,
    URLError,
    URLPattern,
    URLSearchParams,
    display,
    domain_to_ascii,
    domain_to_unicode,
    from_file_path,
    hostnames,
    parse_many,
    psl_version,
    public_suffix,
    registrable_domain,
    registrable_domains,
    same_site,
    to_file_path,
    validation_errors,
)

try:
    from importlib.metadata import version as _version

    __version__ = _version("weburl")
except Exception:  # noqa: BLE001 - not installed as a distribution (e.g. a source tree)
    __version__ = "0.1.0"

__all__ = [
    "URL",
    "URLError",
    "URLPattern",
    "URLSearchParams",
    "display",
    "domain_to_ascii",
    "domain_to_unicode",
    "from_file_path",
    "hostnames",
    "parse_many",
    "psl_version",
    "public_suffix",
    "registrable_domain",
    "registrable_domains",
    "same_site",
    "to_file_path",
    "validation_errors",
]
