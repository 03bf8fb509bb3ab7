"""``weburl.surt`` (a drop-in for ``surt.surt``) and ``weburl.canon`` (SSURT, Safe Browsing): a
few cases each, the batch forms, and, when the ``surt`` package can be imported (installed, or
in ``target/surt-venv`` where the differential test of ``cargo xtask test`` puts it), the
same keys as ``surt.surt`` on corpus URLs with its default options."""

import glob
import itertools
import os
import sys
from pathlib import Path

import pytest

from weburl import canon
from weburl.surt import surt, surt_many

ROOT = Path(__file__).resolve().parents[3]


def test_surt_defaults_and_options():
    assert surt("http://www.archive.org/goo/?b=1&a=2#top") == "org,archive)/goo?a=2&b=1"
    assert surt("http://archive.org/goo/?a=2&b&a=1") == "org,archive)/goo?a=1&a=2&b"
    assert surt("http://archive.org/goo/", with_scheme=True, trailing_comma=True) == "http://(org,archive,)/goo"
    assert surt("http://www.archive.org/goo/", surt=False) == "archive.org/goo"
    assert surt("http://www.archive.org/goo/", host_massage=False) == "org,archive,www)/goo"
    # Options are read by their truth value; unknown keywords are ignored, as surt does.
    assert surt("http://www.archive.org/", with_scheme=1, no_such_option=True) == "http://(org,archive)/"
    assert surt(b"http://www.archive.org/goo/") == b"org,archive)/goo"
    # public_suffix: the registered domain (surt 0.3.1 itself raises TypeError on Python 3).
    assert surt("http://a.b.example.co.uk/x", public_suffix=True) == "uk,co,example)/x"
    assert surt("http://localhost/x", public_suffix=True) == "http:/x"


def test_surt_errors_are_surts():
    with pytest.raises(ValueError):
        surt("http://a.example:99999/")
    with pytest.raises(AttributeError):
        surt("   ")
    with pytest.raises(NotImplementedError):
        surt("http://a.example/", canonicalizer=lambda u, **o: u)
    with pytest.raises(TypeError):
        surt(42)


def test_canon():
    assert canon.ssurt("http://user:pass@foo.example.org:81/path?query#frag") == (
        "org,example,foo,//:81:http@user:pass/path?query#frag"
    )
    assert canon.ssurt("https://example.com/") == "com,example,//:https/"
    with pytest.raises(ValueError):
        canon.ssurt("/relative")
    assert canon.safe_browsing("http://3279880203/blah") == "http://195.127.0.11/blah"
    assert canon.safe_browsing("http://host/%25%32%35") == "http://host/%25"
    assert canon.safe_browsing("www.google.com") == "http://www.google.com/"
    with pytest.raises(ValueError):
        canon.safe_browsing("mailto:a@example.com")
    assert canon.safe_browsing_expressions("http://a.b.c/1/2.html?param=1") == [
        "a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
        "b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/",
    ]
    assert canon.safe_browsing_hash_prefixes("http://a.b/") == [bytes([0x2E, 0xC5, 0xFB, 0xB0])]


def test_batch_forms_agree_with_single_calls():
    urls = ["http://www.archive.org/goo/?b=1&a=2", "/relative", "mailto:a@example.com",
            "http://a.example:99999/", "https://User@Example.com/a/./b?x#y", "   "]

    def one(f, u):
        try:
            return f(u)
        except (ValueError, AttributeError):
            return None

    assert surt_many(urls) == [one(surt, u) for u in urls]
    assert canon.ssurt_many(urls) == [one(canon.ssurt, u) for u in urls]
    assert canon.safe_browsing_many(urls) == [one(canon.safe_browsing, u) for u in urls]
    assert canon.safe_browsing_expressions_many(urls) == [
        one(canon.safe_browsing_expressions, u) for u in urls
    ]
    with pytest.raises(TypeError):
        surt_many(["http://a/", 1])


def reference_surt():
    """The ``surt`` package: installed, or from ``target/surt-venv``; ``None`` if neither."""
    try:
        import surt as reference
        return reference
    except ImportError:
        pass
    found = glob.glob(str(ROOT / "target/surt-venv/lib/python*/site-packages"))
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    found = [p for p in found if version in p]
    if not found:
        return None
    sys.path.append(found[0])
    try:
        import surt as reference
        return reference
    except ImportError:
        return None


def corpus_urls(n):
    datasets = [os.environ.get("WEBURL_DATASETS"), ROOT.parent / "shared/datasets", "/work/shared/datasets"]
    for d in datasets:
        if d and Path(d, "kasztp.txt").is_file():
            urls = []
            for name in ("kasztp.txt", "userbait.txt", "isaacs_files.txt", "node_files.txt"):
                path = Path(d, name)
                if path.is_file():
                    with open(path, encoding="utf-8-sig", errors="replace") as f:
                        urls += [line.rstrip("\r\n") for line in itertools.islice(f, n)]
            return urls
    return []


def test_surt_agrees_with_the_surt_package():
    reference = reference_surt()
    if reference is None:
        pytest.skip("the surt package is not importable")
    urls = corpus_urls(100)
    if not urls:
        pytest.skip("no corpus")

    def outcome(f, u):
        try:
            return f(u)
        except Exception as e:  # noqa: BLE001 - any exception of surt's counts as one
            return type(e).__name__

    differences = [(u, outcome(surt, u), outcome(reference.surt, u)) for u in urls
                   if outcome(surt, u) != outcome(reference.surt, u)]
    print(f"weburl.surt.surt vs surt.surt: {len(urls) - len(differences)} agree of {len(urls)}")
    assert differences == []
