"""``weburl.tldextract`` against the real ``tldextract`` 5.x: its answers shipped as
``fixtures/tldextract.json`` (``gen_fixtures.py``), and live when it is installed.

weburl finds the host with the URL Standard, so answers differ in the classes docs/python.md
lists (case, IDNA, IPv4 forms, ``\\``, refused hosts, ``file:`` hosts, opaque hosts). The test
checks the split itself: wherever both find the same host (tldextract's normalized by the
standard's domain to ASCII), subdomain, domain, suffix and every property must agree.
"""

import collections
import pickle

import pytest

import weburl
from weburl import tldextract as wt
from conftest import fixture

FIELDS = ("subdomain", "domain", "suffix", "is_private", "registry_suffix", "fqdn", "ipv4", "ipv6",
          "top_domain_under_public_suffix", "top_domain_under_registry_suffix",
          "reverse_domain_name")
ROWS = fixture("tldextract.json")["rows"]


def fields(r):
    return [getattr(r, f) for f in FIELDS]


def to_ascii(s):
    try:
        return weburl.domain_to_ascii(s).decode("ascii")
    except (weburl.URLError, UnicodeError):
        return None


def host(r):
    return ".".join(p for p in (r[0], r[1], r[2]) if p)


def classify(got, expected):
    """``same``, ``normalized`` (equal once tldextract's answer is lowercased and IDNA-encoded),
    ``host differs`` (the standard reads another host) or ``split differs`` (a failure)."""
    if got == expected:
        return "same"
    normalized = [to_ascii(x) if isinstance(x, str) and x else x for x in expected]
    if got == normalized:
        return "normalized"
    if host(got) != (to_ascii(host(expected)) if host(expected) else ""):
        return "host differs"
    return "split differs"


def test_fixture_rows():
    counts = collections.Counter()
    failures = []
    for url, private, expected in ROWS:
        got = fields(wt.extract(url, private))
        kind = classify(got, expected)
        counts[kind] += 1
        if kind == "split differs":
            failures.append((url, private, got[:5], expected[:5]))
    print(f"tldextract fixture: {dict(counts)}")
    assert not failures, failures[:20]
    assert counts["same"] > len(ROWS) // 2


def test_live_comparison():
    tldextract = pytest.importorskip("tldextract")
    real = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())
    counts = collections.Counter()
    for url, private, _ in ROWS[::2]:
        got = fields(wt.extract(url, private))
        r = real(url, include_psl_private_domains=private)
        expected = [getattr(r, f) for f in FIELDS]
        counts[classify(got, expected)] += 1
    print(f"tldextract live: {dict(counts)}")
    assert counts["split differs"] == 0


@pytest.mark.parametrize(
    "url,expected",
    [
        ("http://forums.news.cnn.com/", ("forums.news", "cnn", "com", False)),
        ("http://forums.bbc.co.uk/", ("forums", "bbc", "co.uk", False)),
        ("google.com", ("", "google", "com", False)),
        ("google.notavalidsuffix", ("google", "notavalidsuffix", "", False)),
        ("http://127.0.0.1:8080/deployed/", ("", "127.0.0.1", "", False)),
        ("http://[2001:db8::1]/x", ("", "[2001:db8::1]", "", False)),
        ("user:pw@www.example.co.uk:8443", ("www", "example", "co.uk", False)),
        ("www.google.com.", ("www", "google", "com", False)),
        ("http://exa mple.com", ("", "", "", False)),
    ],
)
def test_examples(url, expected):
    r = wt.extract(url)
    assert (r.subdomain, r.domain, r.suffix, r.is_private) == expected


def test_result_behaves_like_the_dataclass():
    r = wt.extract("http://waiterrant.blogspot.com", include_psl_private_domains=True)
    assert repr(r) == "ExtractResult(subdomain='', domain='waiterrant', suffix='blogspot.com', is_private=True)"
    assert r.registry_suffix == "com"
    assert r.top_domain_under_registry_suffix == "blogspot.com"
    assert r == wt.ExtractResult("", "waiterrant", "blogspot.com", True, "com")
    assert r < wt.ExtractResult("a", "", "", False)
    assert hash(r) == hash(wt.ExtractResult("", "waiterrant", "blogspot.com", True, "com"))
    assert pickle.loads(pickle.dumps(r)) == r
    with pytest.warns(DeprecationWarning):
        assert r.registered_domain == "waiterrant.blogspot.com"
    assert wt.extract("http://[::1]/").ipv6 == "::1"
    assert wt.extract("a.b.example.co.uk").reverse_domain_name == "co.uk.example.b.a"


def test_tld_extract_class():
    ex = wt.TLDExtract(suffix_list_urls=(), include_psl_private_domains=True)
    assert ex("a.github.io").suffix == "github.io"
    assert ex("a.github.io", include_psl_private_domains=False).suffix == "io"
    assert ex.extract_str("a.b.c.d.internal.test", None).suffix == ""
    extra = wt.TLDExtract(extra_suffixes=["internal.test"])
    r = extra("a.b.c.d.internal.test")
    assert (r.subdomain, r.domain, r.suffix) == ("a.b.c", "d", "internal.test")
    import urllib.parse

    assert ex.extract_urllib(urllib.parse.urlsplit("https://x.example.org/p")).domain == "example"
    ex.update()
    assert wt.extract("x.example.org") == wt.TLD_EXTRACTOR("x.example.org")


def test_type_errors():
    with pytest.raises(TypeError):
        wt.extract(b"example.com")
    with pytest.raises(TypeError):
        wt.extract(None)
