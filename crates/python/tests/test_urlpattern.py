"""WPT's ``urlpatterntestdata.json`` through ``weburl.URLPattern``, as WPT's
``urlpatterntestdata.js`` harness runs it in JavaScript."""

import json

import pytest

import weburl
from conftest import wpt_cases

CASES = wpt_cases("urlpatterntestdata.json")
COMPONENTS = ("protocol", "username", "password", "hostname", "port", "pathname", "search", "hash")
EARLIER = {
    "protocol": (), "username": (), "password": (),
    "hostname": ("protocol",),
    "port": ("protocol", "hostname"),
    "pathname": ("protocol", "hostname", "port"),
    "search": ("protocol", "hostname", "port", "pathname"),
    "hash": ("protocol", "hostname", "port", "pathname", "search"),
}


def construct(args):
    """``new URLPattern(...args)``: (input, options), (input, baseURL, options)."""
    input = args[0] if args else None
    base, ignore_case = None, False
    if len(args) >= 2:
        if isinstance(args[1], dict):
            ignore_case = bool(args[1].get("ignoreCase", False))
        else:
            base = args[1] if isinstance(args[1], str) else "[object Object]"
            if len(args) >= 3:
                ignore_case = bool(args[2].get("ignoreCase", False))
    return weburl.URLPattern(input, base, ignore_case=ignore_case)


def url_getter(url, c):
    if c == "protocol":
        return url.protocol[:-1]
    if c in ("search", "hash"):
        return getattr(url, c)[1:]
    return getattr(url, c)


def expected_pattern_string(case, c):
    args = case["pattern"]
    expected_obj = case.get("expected_obj") or {}
    if isinstance(expected_obj, dict) and c in expected_obj:
        return expected_obj[c]
    first = args[0] if args and isinstance(args[0], dict) else None
    base = first.get("baseURL") if first else None
    if base is None and len(args) > 1 and isinstance(args[1], str):
        base = args[1]
    if c in case.get("exactly_empty_components", []):
        return ""
    if first and first.get(c):
        return first[c]
    if first and any(e in first for e in EARLIER[c]):
        return "*"
    if base is not None and c not in ("username", "password"):
        return url_getter(weburl.URL(base), c)
    return "*"


def ids():
    return [f"{json.dumps(c['pattern'])} {json.dumps(c.get('inputs'))}"[:150] for c in CASES]


@pytest.mark.parametrize("case", CASES, ids=ids())
def test_urlpattern(case):
    if case.get("expected_obj") == "error":
        with pytest.raises((weburl.URLError, TypeError)):
            construct(case["pattern"])
        return
    pattern = construct(case["pattern"])
    for c in COMPONENTS:
        assert getattr(pattern, c) == expected_pattern_string(case, c), c
    if "inputs" not in case:
        return
    inputs = case["inputs"]
    input = inputs[0] if inputs else None
    base = inputs[1] if len(inputs) > 1 else None
    expected = case.get("expected_match")
    if expected == "error":
        with pytest.raises((weburl.URLError, TypeError)):
            pattern.test(input, base)
        with pytest.raises((weburl.URLError, TypeError)):
            pattern.exec(input, base)
        return
    assert pattern.test(input, base) == (expected is not None)
    result = pattern.exec(input, base)
    if expected is None:
        assert result is None
        return
    assert result["inputs"] == expected.get("inputs", inputs)
    empty = case.get("exactly_empty_components", [])
    for c in COMPONENTS:
        if c in expected:
            want = {"input": expected[c].get("input", ""), "groups": expected[c].get("groups", {})}
        else:
            want = {"input": "", "groups": {} if c in empty else {"0": ""}}
        assert result[c] == want, c
