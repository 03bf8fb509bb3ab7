"""The ``ada-url`` package's API (4.x) on weburl: switch with one import line.

``import weburl.ada as ada_url`` (or ``from weburl.ada import URL, parse_url``) gives the same
names, signatures, return shapes and exceptions as ``ada_url``, answered by weburl's parser.
Known differences are listed in the repository's docs/python.md.

>>> from weburl.ada import URL, parse_url, join_url, replace_url, HostType
>>> url = URL("https://example.org:443/file.txt?q=1")
>>> url.host = "example.com"
>>> url.href
'https://example.com/file.txt?q=1'
>>> URL("https://192.0.2.1/").host_type
<HostType.IPV4: 1>
>>> join_url("http://a/b/c/d;p?q", "../g")
'http://a/b/g'
>>> replace_url("https://user_1:password_1@example.org/resource", username="user_2", password="", protocol="http:")
'http://user_2@example.org/resource'
>>> parse_url("https://example.org/a?b#c", attributes=("pathname", "search"))
{'pathname': '/a', 'search': '?b'}
"""

from copy import deepcopy
from enum import IntEnum
from typing import Dict, Iterable, Iterator, List, Optional, Tuple, TypedDict, Union

import weburl as _w
from weburl._weburl import _ada_host_type, _ada_scheme_type, _ada_set
from weburl._weburl import domain_to_unicode as _to_unicode
from weburl._weburl import URLError as _URLError

__all__ = [
    "HostType",
    "SchemeType",
    "URL",
    "URLSearchParams",
    "check_url",
    "get_version",
    "idna",
    "idna_to_ascii",
    "idna_to_unicode",
    "join_url",
    "normalize_url",
    "parse_search_params",
    "parse_url",
    "replace_search_params",
    "replace_url",
]

URL_ATTRIBUTES = (
    "href",
    "username",
    "password",
    "protocol",
    "port",
    "hostname",
    "host",
    "pathname",
    "search",
    "hash",
)
PARSE_ATTRIBUTES = URL_ATTRIBUTES + ("origin", "host_type", "scheme_type")
GET_ATTRIBUTES = frozenset(PARSE_ATTRIBUTES)
SET_ATTRIBUTES = frozenset(URL_ATTRIBUTES)
CLEAR_ATTRIBUTES = frozenset(("port", "hash", "search"))
UNSET_ATTRIBUTES = frozenset(("username", "password", "pathname"))

_marker = object()


class HostType(IntEnum):
    """A URL's host type, as ada numbers it.

    >>> HostType.DEFAULT
    <HostType.DEFAULT: 0>
    """

    DEFAULT = 0
    IPV4 = 1
    IPV6 = 2


class SchemeType(IntEnum):
    """A URL's scheme type, as ada numbers it.

    >>> SchemeType.HTTPS
    <SchemeType.HTTPS: 2>
    """

    HTTP = 0
    NOT_SPECIAL = 1
    HTTPS = 2
    WS = 3
    FTP = 4
    WSS = 5
    FILE = 6


class ParseAttributes(TypedDict, total=False):
    href: str
    username: str
    password: str
    protocol: str
    port: str
    hostname: str
    host: str
    pathname: str
    search: str
    hash: str
    origin: str
    host_type: HostType
    scheme_type: SchemeType


def _get(url: "_w.URL", attr: str) -> Union[str, HostType, SchemeType]:
    if attr == "host_type":
        return HostType(_ada_host_type(url))
    if attr == "scheme_type":
        return SchemeType(_ada_scheme_type(url))
    if attr in GET_ATTRIBUTES:
        return getattr(url, attr)
    # ada_url looks the getter up on its C library, which has no other names.
    raise AttributeError(f"no attribute named {attr}")


def _set(url: "_w.URL", attr: str, value: str) -> None:
    """Sets ``attr``, raising ``ValueError`` where ada's setter returns false (the rule is
    weburl's Rust ``weburl::ada``, which the C API's ``ada_set_*`` use too)."""
    if not isinstance(value, str) or _has_surrogates(value) or not _ada_set(url, attr, value):
        raise ValueError(f"Invalid value for {attr}") from None


def _parse(s: str, base: Optional[str] = None, message: str = "Invalid URL") -> "_w.URL":
    if not isinstance(s, str) or (base is not None and not isinstance(base, str)):
        raise ValueError(message) from None
    # ada_url encodes its arguments to UTF-8 first: a lone surrogate fails there.
    if message == "Invalid input":
        s.encode()
        if base is not None:
            base.encode()
    elif _has_surrogates(s) or (base is not None and _has_surrogates(base)):
        raise ValueError(message) from None
    try:
        return _w.URL(s, base)
    except (_URLError, TypeError):
        raise ValueError(message) from None


class URL:
    """Parses *url* (with an optional *base*) as the WHATWG URL Standard says; ``ValueError``
    if it does not parse.

    >>> url = URL("https://example.org:443/file.txt?q=1")
    >>> url.host
    'example.org'
    >>> URL.can_parse("file_2.txt", "https://example.org:443/file_1.txt")
    True
    """

    href: str
    username: str
    password: str
    protocol: str
    port: str
    hostname: str
    host: str
    pathname: str
    search: str
    hash: str
    origin: str
    host_type: HostType
    scheme_type: SchemeType

    def __init__(self, url: str, base: Optional[str] = None):
        object.__setattr__(self, "urlobj", _parse(url, base, "Invalid input"))

    def __copy__(self) -> "URL":
        ret = self.__class__.__new__(self.__class__)
        ret.__dict__.update(self.__dict__)
        return ret

    def __deepcopy__(self, memo) -> "URL":
        ret = self.__class__.__new__(self.__class__)
        ret.__dict__.update(self.__dict__)
        object.__setattr__(ret, "urlobj", _w.URL(self.urlobj.href))
        return ret

    def __delattr__(self, attr: str) -> None:
        if attr in CLEAR_ATTRIBUTES or attr in UNSET_ATTRIBUTES:
            try:
                setattr(self.urlobj, attr, "")
            except _URLError:
                pass
        else:
            raise AttributeError(f"cannot remove {attr}")

    def __dir__(self) -> List[str]:
        return list(super().__dir__()) + list(PARSE_ATTRIBUTES)

    def __getattr__(self, attr: str) -> Union[str, HostType, SchemeType]:
        if attr in GET_ATTRIBUTES:
            return _get(self.__dict__["urlobj"], attr)
        raise AttributeError(f"no attribute named {attr}")

    def __setattr__(self, attr: str, value: str) -> None:
        if attr in SET_ATTRIBUTES:
            _set(self.urlobj, attr, value)
            return None
        return super().__setattr__(attr, value)

    def __str__(self) -> str:
        return self.urlobj.href

    def __repr__(self) -> str:
        duplicate = deepcopy(self)
        if duplicate.password:
            duplicate.password = ""
        return f'<URL "{duplicate.href}">'

    @staticmethod
    def can_parse(url: str, base: Optional[str] = None) -> bool:
        if not isinstance(url, str) or (base is not None and not isinstance(base, str)):
            return False
        if _has_surrogates(url) or (base is not None and _has_surrogates(base)):
            return False
        return _w.URL.can_parse(url, base)


def _has_surrogates(s: str) -> bool:
    try:
        s.encode()
    except UnicodeEncodeError:
        return True
    return False


class URLSearchParams:
    """Parses *params* as ``application/x-www-form-urlencoded``.

    >>> obj = URLSearchParams("key1=value1&key2=value2&key2=value3")
    >>> obj.size
    3
    >>> obj.append("key2", "value4")
    >>> obj.delete("key2", "value2")
    >>> str(obj)
    'key1=value1&key2=value3&key2=value4'
    >>> obj.get("nothing")
    ''
    >>> list(obj.items())
    [('key1', 'value1'), ('key2', 'value3'), ('key2', 'value4')]
    """

    def __init__(self, params: str):
        params.encode()
        self.paramsobj = _w.URLSearchParams(params)

    @property
    def size(self) -> int:
        return self.paramsobj.size

    def __len__(self) -> int:
        return self.paramsobj.size

    def append(self, key: str, value: str) -> None:
        self.paramsobj.append(key, value)

    def delete(self, key: str, value: Optional[str] = None) -> None:
        self.paramsobj.delete(key, value)

    def get(self, key: str) -> str:
        value = self.paramsobj.get(key)
        return "" if value is None else value

    def get_all(self, key: str) -> List[str]:
        return self.paramsobj.get_all(key)

    def has(self, key: str, value: Optional[str] = None) -> bool:
        return self.paramsobj.has(key, value)

    def set(self, key: str, value: str) -> None:
        self.paramsobj.set(key, value)

    def sort(self) -> None:
        self.paramsobj.sort()

    def keys(self) -> Iterator[str]:
        yield from self.paramsobj.keys()

    def values(self) -> Iterator[str]:
        yield from self.paramsobj.values()

    def items(self) -> Iterator[Tuple[str, str]]:
        yield from self.paramsobj.items()

    def __repr__(self) -> str:
        return f'<SearchParams "{self}">'

    def __str__(self) -> str:
        return str(self.paramsobj)


def check_url(s: str) -> bool:
    """``True`` if *s* is a valid URL.

    >>> check_url("bogus")
    False
    >>> check_url("http://a/b/c/d;p?q")
    True
    """
    if not isinstance(s, str) or _has_surrogates(s):
        return False
    return _w.URL.can_parse(s)


def join_url(base_url: str, s: str) -> str:
    """The URL *s* resolved against *base_url*; ``ValueError`` if there is none.

    >>> join_url("http://a/b/c/d;p?q", "../g")
    'http://a/b/g'
    """
    return _parse(s, base_url).href


def normalize_url(s: str) -> str:
    """*s* parsed and serialized.

    >>> normalize_url("http://a/b/c/../g")
    'http://a/b/g'
    """
    return parse_url(s, attributes=("href",))["href"]


def parse_url(s: str, attributes: Iterable[str] = PARSE_ATTRIBUTES) -> ParseAttributes:
    """A dict of the components of *s* named in *attributes*; ``ValueError`` if *s* is not a
    URL.

    >>> parse_url("https://user_1:password_1@example.org:8080/dir/../api?q=1#frag")["pathname"]
    '/api'
    """
    url = _parse(s)
    return {attr: _get(url, attr) for attr in attributes}  # type: ignore[return-value]


def replace_url(s: str, **kwargs: str) -> str:
    """*s* with the components in *kwargs* replaced (``href`` first, ``hostname`` before
    ``host``); an empty string unsets. ``ValueError`` if *s* or a value is refused.

    >>> replace_url("https://example.org/a", hash="x", port="8080")
    'https://example.org:8080/a#x'
    """
    url = _parse(s)
    for attr in URL_ATTRIBUTES:
        value = kwargs.get(attr, _marker)
        if value is _marker:
            continue
        if not isinstance(value, str):
            raise ValueError(f"Invalid value for {attr}") from None
        if not value and attr in CLEAR_ATTRIBUTES:
            try:
                setattr(url, attr, "")
            except _URLError:
                pass
        else:
            _set(url, attr, value)
    return url.href


def parse_search_params(s: str) -> Dict[str, List[str]]:
    """Each name of the query *s* mapped to its values.

    >>> parse_search_params("key1=value1&key1=value2&key2=value3")
    {'key1': ['value1', 'value2'], 'key2': ['value3']}
    """
    ret: Dict[str, List[str]] = {}
    for key, value in URLSearchParams(s).items():
        ret.setdefault(key, []).append(value)
    return ret


def replace_search_params(s: str, *args: Tuple[str, str]) -> str:
    """The query *s* with the names in *args* replaced by the given pairs.

    >>> replace_search_params("key1=value1&key1=value2", ("key1", "value3"), ("key2", "value4"))
    'key1=value3&key2=value4'
    """
    search_params = URLSearchParams(s)
    for key, _ in args:
        search_params.delete(key)
    for key, value in args:
        search_params.append(key, value)
    return str(search_params)


class idna:
    """UTS #46 ToASCII (``encode``, bytes out) and ToUnicode (``decode``).

    >>> idna.encode("meßagefactory.ca")
    b'xn--meagefactory-m9a.ca'
    >>> idna.decode("xn--meagefactory-m9a.ca")
    'meßagefactory.ca'
    """

    @staticmethod
    def decode(s: Union[str, bytes]) -> str:
        if isinstance(s, str):
            s = s.encode("ascii")
        return _to_unicode(bytes(s).decode("ascii", "surrogateescape"))

    @staticmethod
    def encode(s: Union[str, bytes]) -> bytes:
        if isinstance(s, bytes):
            s = s.decode("utf-8", "replace")
        try:
            return _w.domain_to_ascii(s)
        except _URLError:
            return b""


idna_to_unicode = idna.decode
idna_to_ascii = idna.encode


def get_version() -> str:
    """The version of the ada library whose API this module follows (ada-url 4.0's)."""
    return "4.0.0"
