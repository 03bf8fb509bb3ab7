"""The Polars expressions (``import weburl_polars``): every function on WPT's urltestdata
inputs compared with the base package's ``URL`` class, nulls, lazy and streaming queries,
chunked columns, literal and column arguments, and errors; ``weburl.polars`` is this package."""

import polars as pl
import pytest

import weburl
import weburl_polars  # noqa: F401 - registers the namespace
from conftest import wpt_cases
from weburl_polars import COMPONENTS

CASES = wpt_cases("urltestdata.json")
NO_BASE = [c for c in CASES if not c.get("base")]
WITH_BASE = [c for c in CASES if c.get("base")]


def facade(url, name):
    """What the ``URL`` class says for a component (None for a failed parse)."""
    if url is None:
        return None
    if name == "port":
        return int(url.port) if url.port else None
    if name == "port_or_default":
        if url.port:
            return int(url.port)
        return {"http:": 80, "ws:": 80, "https:": 443, "wss:": 443, "ftp:": 21}.get(url.protocol)
    if name == "host_kind":
        return url.host_type
    return getattr(url, name)


def mismatches(inputs, got, expected):
    return [(i, g, e) for i, g, e in zip(inputs, got, expected) if g != e]


@pytest.fixture(scope="module")
def no_base_frame():
    return pl.DataFrame({"u": [c["input"] for c in NO_BASE]}, schema={"u": pl.String})


@pytest.fixture(scope="module")
def with_base_frame():
    return pl.DataFrame(
        {"u": [c["input"] for c in WITH_BASE], "base": [c["base"] for c in WITH_BASE]},
        schema={"u": pl.String, "base": pl.String},
    )


def test_wpt_data_is_there():
    assert len(NO_BASE) > 100 and len(WITH_BASE) > 100


@pytest.mark.parametrize("name", COMPONENTS)
def test_component_on_wpt_inputs(no_base_frame, name):
    got = no_base_frame.select(pl.col("u").url.component(name)).to_series().to_list()
    inputs = no_base_frame["u"].to_list()
    expected = [facade(weburl.URL.parse(x), name) for x in inputs]
    assert mismatches(inputs, got, expected) == []


@pytest.mark.parametrize("name", COMPONENTS)
def test_component_methods_are_component(name):
    frame = pl.DataFrame({"u": ["https://user:pw@www.example.co.uk:8443/a?b=1#c", "x"]})
    by_method = frame.select(getattr(pl.col("u").url, name)())
    by_name = frame.select(pl.col("u").url.component(name))
    assert by_method.equals(by_name)


@pytest.mark.parametrize("name", ["href", "hostname", "port", "registrable_domain"])
def test_component_after_join_on_wpt_inputs(with_base_frame, name):
    got = with_base_frame.select(
        pl.col("u").url.join(pl.col("base")).url.component(name)
    ).to_series().to_list()
    expected = [facade(weburl.URL.parse(c["input"], c["base"]), name) for c in WITH_BASE]
    assert mismatches(with_base_frame["u"].to_list(), got, expected) == []


def test_join_is_valid_error_on_wpt_inputs(with_base_frame):
    out = with_base_frame.select(
        joined=pl.col("u").url.join(pl.col("base")),
        valid=pl.col("u").url.is_valid(pl.col("base")),
        error=pl.col("u").url.error(pl.col("base")),
    )
    for case, joined, valid, error in zip(WITH_BASE, *(out[c].to_list() for c in out.columns)):
        url = weburl.URL.parse(case["input"], case["base"])
        assert joined == (url.href if url else None), case
        assert valid == weburl.URL.can_parse(case["input"], case["base"]), case
        assert valid == (not case.get("failure")), case
        if url is None:
            with pytest.raises(weburl.URLError) as info:
                weburl.URL(case["input"], case["base"])
            assert error == info.value.name, case
        else:
            assert error is None, case


def test_is_valid_and_error_without_base(no_base_frame):
    out = no_base_frame.select(valid=pl.col("u").url.is_valid(), error=pl.col("u").url.error())
    for x, valid, error in zip(no_base_frame["u"], out["valid"], out["error"]):
        assert valid == weburl.URL.can_parse(x)
        assert (error is None) == valid


def test_parse_struct_matches_components(no_base_frame):
    parsed = no_base_frame.select(pl.col("u").url.parse()).unnest("u")
    assert tuple(parsed.columns) == COMPONENTS
    for name in COMPONENTS:
        single = no_base_frame.select(pl.col("u").url.component(name)).to_series()
        assert parsed[name].to_list() == single.to_list(), name
    # A failed parse is a null struct, not a struct of nulls.
    nulls = no_base_frame.select(pl.col("u").url.parse().is_null()).to_series().to_list()
    valid = no_base_frame.select(pl.col("u").url.is_valid()).to_series().to_list()
    assert nulls == [not v for v in valid]


def test_query_param_and_params():
    frame = pl.DataFrame({"u": ["https://e.example/s?q=caf%C3%A9+au+lait&q=2&x", "https://e.example/",
                                "nope", None]})
    out = frame.select(
        q=pl.col("u").url.query_param("q"),
        x=pl.col("u").url.query_param("x"),
        all=pl.col("u").url.query_params(),
    )
    assert out["q"].to_list() == ["café au lait", None, None, None]
    assert out["x"].to_list() == ["", None, None, None]
    assert out["all"].to_list() == [
        [{"name": "q", "value": "café au lait"}, {"name": "q", "value": "2"},
         {"name": "x", "value": ""}],
        [],
        None,
        None,
    ]
    for x, q in zip(frame["u"], out["q"]):
        url = weburl.URL.parse(x) if x else None
        assert q == (url.search_params.get("q") if url else None)


def test_path_segments():
    frame = pl.DataFrame({"u": ["https://e.example/a/b%20c/", "https://e.example", "foo://h",
                                "mailto:a@example.com", "nope"]})
    got = frame.select(pl.col("u").url.path_segments()).to_series().to_list()
    assert got == [["a", "b%20c", ""], [""], [], None, None]


def test_percent_encoding():
    frame = pl.DataFrame({"s": ["a b/c?d", "caf%C3%A9%20%2", None]})
    out = frame.select(
        enc=pl.col("s").url.percent_encode(),
        path=pl.col("s").url.percent_encode("PATH"),
        dec=pl.col("s").url.percent_decode(),
    )
    assert out["enc"].to_list() == ["a%20b%2Fc%3Fd", "caf%25C3%25A9%2520%252", None]
    assert out["path"].to_list() == ["a%20b/c%3Fd", "caf%C3%A9%20%2", None]
    assert out["dec"].to_list() == ["a b/c?d", "café %2", None]
    with pytest.raises(pl.exceptions.PolarsError, match="percent-encode set"):
        frame.select(pl.col("s").url.percent_encode("nope"))


def test_nulls_propagate():
    frame = pl.DataFrame({"u": [None, "https://a.example/"], "base": ["https://b.example/", None]},
                         schema={"u": pl.String, "base": pl.String})
    for name in COMPONENTS:
        assert frame.select(pl.col("u").url.component(name)).item(0, 0) is None, name
    out = frame.select(
        joined=pl.col("u").url.join(pl.col("base")),
        valid=pl.col("u").url.is_valid(pl.col("base")),
        error=pl.col("u").url.error(pl.col("base")),
        valid1=pl.col("u").url.is_valid(),
        q=pl.col("u").url.query_param("q"),
        segs=pl.col("u").url.path_segments(),
        params=pl.col("u").url.query_params(),
        parsed=pl.col("u").url.parse(),
    )
    assert out.row(0) == (None,) * len(out.columns)
    assert out["joined"][1] is None and out["valid"][1] is None and out["error"][1] is None
    assert out["valid1"][1] is True
    # An all-null column of the null type.
    nulls = pl.DataFrame({"u": [None, None]}, schema={"u": pl.String})
    assert nulls.select(pl.col("u").url.hostname()).to_series().to_list() == [None, None]


def test_literal_and_column_bases():
    frame = pl.DataFrame({"u": ["../c", "/d", "https://x.example/"],
                          "base": ["https://a.example/p/q", "https://b.example/", "nope"]})
    by_literal = frame.select(pl.col("u").url.join("https://a.example/p/q")).to_series().to_list()
    assert by_literal == ["https://a.example/c", "https://a.example/d", "https://x.example/"]
    by_column = frame.select(pl.col("u").url.join(pl.col("base"))).to_series().to_list()
    assert by_column == ["https://a.example/c", "https://b.example/d", None]
    errors = frame.select(pl.col("u").url.error(pl.col("base"))).to_series().to_list()
    assert errors == [None, None, "missing-scheme-non-relative-URL"]


def test_unknown_component_fails_at_planning():
    frame = pl.DataFrame({"u": ["https://a.example/"]})
    with pytest.raises(pl.exceptions.PolarsError, match="unknown URL component"):
        frame.select(pl.col("u").url.component("hostnam"))
    # SQL's names are accepted too.
    assert frame.select(pl.col("u").url.component("url_hostname")).item() == "a.example"


def test_lazy_and_streaming_match_eager(no_base_frame):
    exprs = [
        pl.col("u").url.hostname().alias("host"),
        pl.col("u").url.registrable_domain().alias("site"),
        pl.col("u").url.port().alias("port"),
        pl.col("u").url.is_valid().alias("valid"),
        pl.col("u").url.error().alias("error"),
    ]
    eager = no_base_frame.select(exprs)
    lazy = no_base_frame.lazy().select(exprs).collect()
    streaming = no_base_frame.lazy().select(exprs).collect(engine="streaming")
    assert lazy.equals(eager)
    assert streaming.equals(eager)
    # Filters and group-bys on the expressions, planned lazily.
    sites = (
        no_base_frame.lazy()
        .filter(pl.col("u").url.is_valid())
        .group_by(pl.col("u").url.host_kind().alias("kind"))
        .agg(pl.len())
        .collect(engine="streaming")
    )
    assert set(sites["kind"].to_list()) <= {"domain", "ipv4", "ipv6", "opaque", "empty", None}


def test_chunked_columns_and_windows():
    parts = [pl.DataFrame({"u": ["https://a.example/", "nope"] * 500}) for _ in range(4)]
    frame = pl.concat(parts, rechunk=False)
    assert frame["u"].n_chunks() == 4
    got = frame.select(pl.col("u").url.hostname()).to_series()
    assert got.to_list() == ["a.example", None] * 2000
    # Elementwise: usable inside a window and a group-by aggregation.
    frame = frame.with_columns(g=pl.int_range(pl.len()) % 3)
    over = frame.select(pl.col("u").url.hostname().first().over("g")).to_series()
    assert over.to_list()[:3] == ["a.example", None, "a.example"]
    agg = frame.group_by("g").agg(pl.col("u").url.hostname().drop_nulls().n_unique())
    assert agg["u"].to_list() == [1, 1, 1]


def test_parse_field_names_are_the_components():
    schema = pl.DataFrame({"u": ["x"]}).lazy().select(pl.col("u").url.parse()).collect_schema()
    dtype = schema["u"]
    assert tuple(f.name for f in dtype.fields) == COMPONENTS
    assert {f.name: f.dtype for f in dtype.fields}["port"] == pl.Int32


def test_doctests():
    import doctest

    result = doctest.testmod(weburl_polars, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_base_packages_module_is_this_one():
    """``import weburl.polars`` (the base package's module, as before the split) gives this
    package's namespace."""
    import weburl.polars

    assert weburl.polars.UrlNamespace is weburl_polars.UrlNamespace
    assert weburl.polars.COMPONENTS is COMPONENTS
    assert pl.select(pl.lit("https://a.example/").url.hostname()).item() == "a.example"


def test_large_column_split_across_threads():
    """A column over the split threshold (65,536 rows) gives the same answers as small ones,
    in order, nulls included."""
    values = ["https://a.example:81/", "nope", None, "http://b.example/"] * 50_000
    frame = pl.DataFrame({"u": values}, schema={"u": pl.String})
    out = frame.select(h=pl.col("u").url.hostname(), p=pl.col("u").url.port())
    assert out["h"].to_list() == ["a.example", None, None, "b.example"] * 50_000
    assert out["p"].to_list() == [81, None, None, None] * 50_000
