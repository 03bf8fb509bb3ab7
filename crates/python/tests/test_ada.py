"""``weburl.ada`` against the real ``ada-url`` 4.x: its answers shipped as ``fixtures/ada.json``
(``gen_fixtures.py``), and live when it is installed. Each known difference is named in
``KNOWN`` and docs/python.md."""

import copy

import pytest

import weburl
from weburl import ada
from conftest import fixture

DATA = fixture("ada.json")
ATTRS = ("href", "username", "password", "protocol", "port", "hostname", "host", "pathname",
         "search", "hash", "origin", "host_type", "scheme_type")

# Known differences, by input (each a class docs/python.md lists).
KNOWN_IDNA = {
    # ToUnicode: ada decodes label by label and keeps the ones that fail; the standard's
    # domain to Unicode returns the input when any label fails.
    "xn--a.xn--zca",
    # ToASCII: ada does not refuse the URL Standard's forbidden domain code points.
    "www.lookout.net\u2a7480",
    "www\u00a0.lookout.net",
    "\x1flookout.net",
    # ToUnicode: ada keeps ASCII case; the standard lowercases.
    "gOoGle.com",
}
# Percent-encoded bytes that are not UTF-8: ada raises UnicodeDecodeError (and serializes the
# bytes back as they were); the standard decodes them to U+FFFD.
KNOWN_SEARCH = {"%FE%FF", "%FF%FE", "%C2", "%C2x", "_charset_=windows-1252&test=%C2x"}


def parsed(input, base):
    try:
        url = ada.URL(input, base)
    except Exception as e:  # noqa: BLE001 - the exception's type is the answer
        return {"error": type(e).__name__}
    return {a: int(getattr(url, a)) if a.endswith("_type") else getattr(url, a) for a in ATTRS}


def test_parse_fixture():
    failures = [(i, b, parsed(i, b), exp) for i, b, exp in DATA["parse"] if parsed(i, b) != exp]
    print(f"ada parse: {len(DATA['parse']) - len(failures)} passed, {len(failures)} failed")
    assert not failures, failures[:10]


def test_setters_fixture():
    failures = []
    for href, attr, value, outcome, after in DATA["setters"]:
        url = ada.URL(href)
        try:
            setattr(url, attr, value)
            got = "ok"
        except Exception as e:  # noqa: BLE001
            got = type(e).__name__
        if (got, url.href) != (outcome, after):
            failures.append((href, attr, value, got, url.href, outcome, after))
    print(f"ada setters: {len(DATA['setters']) - len(failures)} passed, {len(failures)} failed")
    assert not failures, failures[:10]


def test_idna_fixture():
    failures = []
    stale = []
    for s, enc, dec in DATA["idna"]:
        try:
            got_enc = ada.idna.encode(s).hex()
        except Exception as e:  # noqa: BLE001
            got_enc = type(e).__name__
        try:
            got_dec = ada.idna.decode(s)
        except Exception as e:  # noqa: BLE001
            got_dec = type(e).__name__
        differs = (got_enc, got_dec) != (enc, dec)
        if differs and s not in KNOWN_IDNA:
            failures.append((s, got_enc, enc, got_dec, dec))
        if not differs and s in KNOWN_IDNA:
            stale.append(s)
    assert not failures, failures[:10]
    assert not stale, f"KNOWN_IDNA entries that now agree with ada-url: {stale}"
    assert KNOWN_IDNA <= {s for s, _, _ in DATA["idna"]}


def test_search_params_fixture():
    for s, pairs, text in DATA["search_params"]:
        agrees = ada.parse_search_params(s) == pairs and str(ada.URLSearchParams(s)) == text
        assert agrees != (s in KNOWN_SEARCH), s
    assert KNOWN_SEARCH <= {s for s, _, _ in DATA["search_params"]}


def test_live_comparison():
    ada_url = pytest.importorskip("ada_url")
    for input, base, _ in DATA["parse"][::3]:
        try:
            url = ada_url.URL(input, base)
            expected = {a: getattr(url, a) for a in ATTRS}
        except Exception as e:  # noqa: BLE001
            expected = {"error": type(e).__name__}
        got = parsed(input, base)
        if "error" not in got:
            got = {a: ada.URL(input, base).__getattr__(a) for a in ATTRS}
        assert got == expected, input
    assert ada_url.join_url("http://a/b/c/d;p?q", "../g") == ada.join_url("http://a/b/c/d;p?q", "../g")


def test_api_shapes():
    assert ada.__all__ == [
        "HostType", "SchemeType", "URL", "URLSearchParams", "check_url", "get_version", "idna",
        "idna_to_ascii", "idna_to_unicode", "join_url", "normalize_url", "parse_search_params",
        "parse_url", "replace_search_params", "replace_url",
    ]
    d = ada.parse_url("https://user_1:password_1@example.org:8080/dir/../api?q=1#frag")
    assert d == {
        "href": "https://user_1:password_1@example.org:8080/api?q=1#frag",
        "username": "user_1", "password": "password_1", "protocol": "https:", "port": "8080",
        "hostname": "example.org", "host": "example.org:8080", "pathname": "/api",
        "search": "?q=1", "hash": "#frag", "origin": "https://example.org:8080",
        "host_type": ada.HostType.DEFAULT, "scheme_type": ada.SchemeType.HTTPS,
    }
    with pytest.raises(ValueError, match="Invalid URL"):
        ada.parse_url("bogus")
    with pytest.raises(ValueError, match="Invalid URL"):
        ada.join_url("bogus", "x")
    with pytest.raises(AttributeError):
        ada.parse_url("https://example.org", attributes=("protocol", "nope"))
    assert ada.normalize_url("http://a/b/c/../g") == "http://a/b/g"
    assert ada.check_url("https://x") and not ada.check_url("bogus")
    assert ada.replace_url("https://example.org/a?b#c", search="", hash="") == "https://example.org/a"
    with pytest.raises(ValueError, match="Invalid value for port"):
        ada.replace_url("https://example.org/", port="x")
    assert ada.replace_search_params("a=1&a=2&b=3", ("a", "9")) == "b=3&a=9"
    assert ada.idna_to_ascii("meßagefactory.ca") == b"xn--meagefactory-m9a.ca"
    assert ada.idna_to_unicode(b"xn--meagefactory-m9a.ca") == "meßagefactory.ca"
    assert isinstance(ada.get_version(), str)


def test_url_object():
    url = ada.URL("https://user:secret@example.org:8080/a?b#c")
    assert repr(url) == '<URL "https://user@example.org:8080/a?b#c">'
    assert str(url) == url.href
    del url.port
    del url.hash
    del url.password
    assert url.href == "https://user@example.org/a?b"
    with pytest.raises(AttributeError):
        del url.hostname
    with pytest.raises(ValueError, match="Invalid value for hostname"):
        url.hostname = "a b"
    with pytest.raises(ValueError):
        url.port = 80  # not a str
    url.search = "?x"  # never raises
    dup = copy.deepcopy(url)
    dup.pathname = "/z"
    assert url.pathname == "/a" and dup.pathname == "/z"
    shallow = copy.copy(url)
    shallow.pathname = "/s"
    assert url.pathname == "/s"  # a shallow copy shares the URL, as in ada_url
    assert "host_type" in dir(url)
    assert ada.URL("https://[::1]/").host_type is ada.HostType.IPV6
    assert ada.URL("file:///x").scheme_type is ada.SchemeType.FILE
    with pytest.raises(ValueError):
        ada.URL("/relative")
    assert ada.URL("x", "https://example.org/").href == "https://example.org/x"
    assert ada.URL.can_parse("x", "https://example.org/") and not ada.URL.can_parse("x")
    assert not ada.URL.can_parse("https://x/\ud800")
    assert isinstance(weburl.URL("https://x"), weburl.URL)


def test_setter_rules_are_the_c_apis():
    """ada's setter rules come from Rust (``weburl::ada``), the ones ``ada_set_*`` in the C API
    follow: a host set again with a bad port after it succeeds although nothing changes, and
    a port or protocol of tabs and newlines only is no change, not a refusal."""
    url = ada.URL("http://example.org:8080/")
    url.host = "example.org:invalid"
    url.host = "example.org:65536"
    url.port = "\t"
    url.protocol = "\n"
    assert url.href == "http://example.org:8080/"
    with pytest.raises(ValueError, match="Invalid value for port"):
        url.port = "x"
    assert (url.host_type, url.scheme_type) == (ada.HostType.DEFAULT, ada.SchemeType.HTTP)
    assert ada.URL("foo://192.0.2.1/").scheme_type is ada.SchemeType.NOT_SPECIAL
    assert ada.URL("http://192.0.2.1/").host_type is ada.HostType.IPV4
