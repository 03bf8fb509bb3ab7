"""The Public Suffix List's own tests (``test_psl.txt``) through ``weburl.registrable_domain``."""

import re

import pytest

import weburl
from conftest import PSL_TESTS

LINE = re.compile(r"^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$")


def cases():
    out = []
    for line in PSL_TESTS.read_text(encoding="utf-8").splitlines():
        m = LINE.match(line.strip())
        if m is None:
            assert not line.strip().startswith("checkPublicSuffix"), line
            continue
        arg = lambda s: None if s == "null" else s[1:-1]  # noqa: E731
        out.append(pytest.param(arg(m[1]), arg(m[2]), id=line.strip()))
    return out


@pytest.mark.parametrize("domain,expected", cases())
def test_psl(domain, expected):
    if domain is None:
        assert weburl.registrable_domain("about:blank") is None
        return
    # Hosts as people write them go through the host parser, as in a URL; so do the expected
    # values (the list writes them in Unicode where the input was).
    got = weburl.registrable_domain(f"http://{domain}/")
    if expected is not None:
        expected = weburl.domain_to_ascii(expected).decode("ascii")
    assert got == expected
    assert weburl.registrable_domains([f"http://{domain}/"]) == [expected]
