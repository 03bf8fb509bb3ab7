"""The Python API: errors, types, copies, threads, sites, display, file paths, batches."""

import copy
import pathlib
import pickle
import threading

import pytest

import weburl
from weburl import URL, URLError, URLSearchParams


def test_url_error_carries_the_spec_name_and_range():
    with pytest.raises(URLError) as info:
        URL("https://exa mple.org/")
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.name, e.start, e.end) == ("domain-to-ASCII", 8, 20)
    assert "domain-to-ASCII" in str(e)
    with pytest.raises(URLError) as info:
        URL("/relative")
    assert info.value.name == "missing-scheme-non-relative-URL"


def test_parse_and_can_parse():
    assert URL.parse("nope") is None
    assert URL.parse("x", "https://a/b").href == "https://a/x"
    assert URL.parse("x", "not a base") is None
    assert URL.can_parse("x", "https://a/") and not URL.can_parse("x")
    assert URL.can_parse("x", URL("https://a/"))
    assert URL("b", URL("https://a/c/d")).href == "https://a/c/b"
    assert URL("https://a/").join("../x?y").href == "https://a/x?y"


def test_setters_raise_with_the_rule_name():
    url = URL("https://example.org/")
    with pytest.raises(URLError) as info:
        url.port = "99999"
    assert info.value.name == "port-out-of-range"
    with pytest.raises(URLError) as info:
        url.protocol = "git"
    assert info.value.name == "specialness-change"
    with pytest.raises(URLError) as info:
        url.href = "nope"
    assert info.value.name == "missing-scheme-non-relative-URL"
    assert url.href == "https://example.org/"
    url.username = "u s"
    url.hash = "h"
    assert url.href == "https://u%20s@example.org/#h"


def test_type_errors():
    for bad in (None, 1, b"https://x", pathlib.Path("/x")):
        with pytest.raises(TypeError):
            URL(bad)
    with pytest.raises(TypeError):
        URL("x", 5)
    with pytest.raises(TypeError):
        URL.parse("x", 5)
    with pytest.raises(TypeError):
        URL.can_parse("x", 5)
    with pytest.raises(TypeError):
        URL("https://x").pathname = 3
    with pytest.raises(TypeError):
        URL.can_parse(None)
    with pytest.raises(TypeError):
        weburl.hostnames(["https://x", 3])
    with pytest.raises(TypeError):
        URLSearchParams([("a", "b", "c")])
    with pytest.raises(TypeError):
        URLSearchParams(["ab"])


def test_lone_surrogates_become_replacement_characters():
    assert URL("https://example.org/\ud800?\udfff#\ud83d\ude00").href == (
        "https://example.org/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD%EF%BF%BD"
    )
    with pytest.raises(URLError):
        URL("https://exa\ud800mple.org/")
    params = URLSearchParams("a=\ud800")
    assert params.get("a") == "\ufffd"


def test_too_long_input_raises():
    with pytest.raises(URLError) as info:
        URL("https://example.org/" + "a" * 100, max_length=50)
    assert info.value.name == "too-long"
    limited = URL("https://example.org/", max_length=30)
    with pytest.raises(URLError) as info:
        limited.pathname = "/" + "b" * 40
    assert info.value.name == "too-long"
    assert limited.href == "https://example.org/"
    url = URL("https://example.org/")
    # The facade refuses serializations over its limit; a large input still parses.
    assert len(URL("https://example.org/" + "a" * 1_000_000).href) > 1_000_000
    assert url.href == "https://example.org/"


def test_repr_str_eq_hash_copy_pickle():
    url = URL("https://user:secret@example.org/p?q#f")
    assert "secret" not in repr(url)
    assert repr(url) == 'URL("https://user@example.org/p?q#f")'
    assert str(url) == url.href == url.to_json()
    other = URL("HTTPS://user:secret@EXAMPLE.org:443/p?q#f")
    assert url == other and hash(url) == hash(other)
    assert url != "https://user:secret@example.org/p?q#f"
    assert {url, other} == {url}
    for dup in (copy.copy(url), copy.deepcopy(url), pickle.loads(pickle.dumps(url))):
        assert dup == url and dup is not url
        dup.pathname = "/changed"
        assert url.pathname == "/p"


def test_search_params_are_bound_to_the_url():
    url = URL("https://example.org/?a=1&b=2")
    params = url.search_params
    params.append("c", "3 4")
    assert url.search == "?a=1&b=2&c=3+4"
    params.delete("a")
    params.set("b", "x")
    params.sort()
    assert url.href == "https://example.org/?b=x&c=3+4"
    url.search = "?z=9"
    assert params.items() == [("z", "9")]
    params.delete("z")
    assert url.href == "https://example.org/"
    assert "z" not in params and len(params) == 0


def test_search_params_standalone():
    p = URLSearchParams("?a=1&a=2&b=%20")
    assert p.get_all("a") == ["1", "2"] and p.get("b") == " " and p.get("c") is None
    assert p.has("a", "2") and not p.has("a", "3")
    assert list(p) == [("a", "1"), ("a", "2"), ("b", " ")]
    assert p.keys() == ["a", "a", "b"] and p.values() == ["1", "2", " "]
    assert str(URLSearchParams({"x": "1", "y": "é"})) == "x=1&y=%C3%A9"
    assert str(URLSearchParams([("x", "1"), ["y", "2"]])) == "x=1&y=2"
    assert URLSearchParams(p) == p
    assert repr(URLSearchParams("a=b")) == "URLSearchParams(\"a=b\")"


def test_origin_host_type_scheme_type():
    assert URL("https://example.org:8443/x").origin == "https://example.org:8443"
    assert URL("data:,x").origin == "null"
    assert URL("https://[::1]/").host_type == "ipv6"
    assert URL("https://1.2.3.4/").host_type == "ipv4"
    assert URL("sc://x/").host_type == "opaque"
    assert URL("mailto:x").host_type is None
    assert URL("wss://x").scheme_type == "wss"
    assert URL("sc://x").scheme_type == "not-special"


def test_sites():
    assert weburl.public_suffix("https://a.b.github.io/") == "github.io"
    assert weburl.registrable_domain(URL("https://a.b.github.io/")) == "b.github.io"
    assert URL("https://www.example.co.uk/").registrable_domain == "example.co.uk"
    assert URL("https://www.example.co.uk/").public_suffix == "co.uk"
    assert weburl.same_site("https://a.example.org", "https://b.example.org")
    assert not weburl.same_site("https://a.example.org", "http://a.example.org")
    assert URL("https://a.example.org").same_site("https://c.example.org")
    assert weburl.registrable_domain("https://127.0.0.1/") is None
    with pytest.raises(URLError):
        weburl.registrable_domain("not a url")
    assert weburl.psl_version()


def test_validation_errors():
    assert weburl.validation_errors("https://example.org/") == []
    assert weburl.validation_errors("https://:443") == [("host-missing", 8, 8, True)]
    assert weburl.validation_errors("x", "https://a/") == []
    assert weburl.validation_errors(" https://a/") == [("invalid-URL-unit", 0, 1, False)]


def test_display():
    assert weburl.display("https://user:pw@www.xn--mnchen-3ya.de/stra%C3%9Fe") == (
        "https://www.münchen.de/straße"
    )
    assert weburl.display("https://www.example.org/", omit_scheme=True,
                          omit_trivial_subdomains=True, omit_trailing_slash=True) == "example.org"
    assert weburl.display("https://pаypal.com/") == "https://xn--pypal-4ve.com/"
    assert weburl.display(URL("https://example.org/x"), host_only=True) == "example.org"


def test_file_paths():
    url = URL.from_file_path("/tmp/a b#1.txt")
    assert url.href == "file:///tmp/a%20b%231.txt"
    assert url.to_file_path() == pathlib.Path("/tmp/a b#1.txt")
    assert weburl.from_file_path(pathlib.Path("/tmp/d"), directory=True).href == "file:///tmp/d/"
    assert weburl.from_file_path(b"/tmp/\xff").href == "file:///tmp/%FF"
    win = URL.from_file_path(r"C:\Users\Zoë\x.txt", style="windows")
    assert win.href == "file:///C:/Users/Zo%C3%AB/x.txt"
    assert win.to_file_path(style="windows") == pathlib.PureWindowsPath(r"C:\Users\Zoë\x.txt")
    assert weburl.to_file_path("file:///etc/hosts", style="unix") == pathlib.PurePosixPath("/etc/hosts")
    with pytest.raises(URLError) as info:
        URL.from_file_path("relative/path")
    assert info.value.name == "relative-path"
    with pytest.raises(URLError) as info:
        URL("https://x/").to_file_path()
    assert info.value.name == "not-a-file-url"
    with pytest.raises(ValueError):
        URL.from_file_path("/x", style="vms")


def test_urlpattern():
    p = weburl.URLPattern("/books/:id(\\d+)", "https://example.com")
    assert p.test("https://example.com/books/12")
    assert not p.test("https://example.com/books/x")
    m = p.exec("https://example.com/books/12?x")
    assert m["pathname"] == {"input": "/books/12", "groups": {"id": "12"}}
    assert m["inputs"] == ["https://example.com/books/12?x"]
    assert p.has_regexp_groups and p.hostname == "example.com"
    assert weburl.URLPattern({"pathname": "/a/:x?"}).exec({"pathname": "/a"})["pathname"]["groups"] == {"x": None}
    assert weburl.URLPattern({"pathname": "/A"}, ignore_case=True).test({"pathname": "/a"})
    with pytest.raises(URLError) as info:
        weburl.URLPattern("/relative")
    assert info.value.name == "relative-without-base"
    with pytest.raises(TypeError):
        weburl.URLPattern(5)


def test_batches():
    inputs = ["https://a.example.co.uk/x", "nope", "https://[::1]/", "http://127.0.0.1"]
    urls = weburl.parse_many(inputs)
    assert [u.href if u else None for u in urls] == [
        "https://a.example.co.uk/x", None, "https://[::1]/", "http://127.0.0.1/"]
    assert weburl.parse_many(iter(["https://x"]))[0].hostname == "x"
    assert weburl.hostnames(inputs) == ["a.example.co.uk", None, "[::1]", "127.0.0.1"]
    assert weburl.registrable_domains(inputs) == ["example.co.uk", None, None, None]
    assert weburl.hostnames([]) == []


def test_objects_are_safe_to_share_between_threads():
    url = URL("https://example.org/")
    params = url.search_params
    errors = []

    def work(i):
        try:
            for j in range(300):
                params.append(f"k{i}", str(j))
                url.hash = f"{i}-{j}"
                assert url.href.startswith("https://example.org/?")
                weburl.hostnames(["https://a.example/"] * 20)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(params) == 4 * 300


def test_setter_to_the_same_object_is_consistent_under_threads():
    url = URL("https://example.org/")
    barrier = threading.Barrier(3)

    def work(host):
        barrier.wait()
        for _ in range(500):
            url.hostname = host
            assert url.hostname in ("a.example", "b.example", "c.example")

    threads = [threading.Thread(target=work, args=(h,)) for h in ("a.example", "b.example", "c.example")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
