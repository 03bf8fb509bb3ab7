"""WPT's URL data through Python: urltestdata, setters, urlencoded and toascii."""

import pytest

import weburl
from conftest import WPT, wpt, wpt_cases

URL_CASES = wpt_cases("urltestdata.json")
ATTRIBUTES = ("href", "protocol", "username", "password", "host", "hostname", "port",
              "pathname", "search", "hash")


def case_id(c):
    return repr(c.get("input"))[:80] + (" @ " + repr(c.get("base"))[:40] if c.get("base") else "")


@pytest.mark.parametrize("case", URL_CASES, ids=[case_id(c) for c in URL_CASES])
def test_urltestdata(case):
    base = case.get("base")
    if case.get("failure"):
        with pytest.raises(weburl.URLError) as info:
            weburl.URL(case["input"], base)
        assert info.value.name
        assert weburl.URL.parse(case["input"], base) is None
        assert not weburl.URL.can_parse(case["input"], base)
        return
    url = weburl.URL(case["input"], base)
    for attr in ATTRIBUTES:
        assert getattr(url, attr) == case[attr], attr
    if "origin" in case:
        assert url.origin == case["origin"]
    if "searchParams" in case:
        assert str(url.search_params) == case["searchParams"]
    assert weburl.URL.can_parse(case["input"], base)
    # The serialization parses to itself.
    assert weburl.URL(url.href).href == url.href


def setter_cases():
    if not (WPT / "setters_tests.json").exists():
        return []
    data = wpt("setters_tests.json")
    out = []
    for attr, cases in data.items():
        if attr == "comment":
            continue
        for c in cases:
            out.append(pytest.param(attr, c, id=f"{attr}: {c['href']!r} <- {c['new_value']!r}"[:120]))
    return out


@pytest.mark.parametrize("attr,case", setter_cases())
def test_setters(attr, case):
    url = weburl.URL(case["href"])
    try:
        setattr(url, attr, case["new_value"])
    except weburl.URLError as e:
        # The standard ignores (or partly applies) the value; weburl says so by raising with
        # the name of the rule. The URL must then be as the standard leaves it.
        assert e.name
    for key, expected in case["expected"].items():
        assert getattr(url, key) == expected, key


URLENCODED = wpt_cases("urlencoded-parser-data.json")


@pytest.mark.parametrize("case", URLENCODED, ids=[repr(c["input"])[:80] for c in URLENCODED])
def test_urlencoded(case):
    params = weburl.URLSearchParams(case["input"])
    assert [list(p) for p in params.items()] == case["output"]
    url = weburl.URL("https://example.com/?" + case["input"].lstrip("?"))
    assert [list(p) for p in url.search_params.items()] == case["output"]


TOASCII = wpt_cases("toascii.json")


@pytest.mark.parametrize("case", TOASCII, ids=[repr(c["input"])[:80] for c in TOASCII])
def test_toascii(case):
    expected = case["output"]
    for make in (lambda h: f"https://{h}/x", None):
        if make is None:
            url = weburl.URL.parse("https://x/x")
            try:
                url.host = case["input"]
            except weburl.URLError:
                pass
            assert url.host == (expected if expected is not None else "x")
            assert url.hostname == (expected if expected is not None else "x")
        else:
            url = weburl.URL.parse(make(case["input"]))
            if expected is None:
                assert url is None
            else:
                assert url.host == expected
                assert url.hostname == expected
                assert url.pathname == "/x"


@pytest.mark.parametrize("name", ["urltestdata.json", "setters_tests.json",
                                  "urlencoded-parser-data.json", "toascii.json",
                                  "urlpatterntestdata.json"])
def test_wpt_data_is_present(name):
    """The data-driven tests above are empty without their data: that is a failure."""
    assert wpt_cases(name) or wpt(name)
