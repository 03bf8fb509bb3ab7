"""``weburl.pandas``: the ``Series.url`` accessor, one method per catalogue function, on
Arrow-backed and object string Series, returning Arrow-backed Series with the index kept."""

import pytest

pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")

import weburl.arrow
import weburl.pandas  # noqa: F401  (registers Series.url)

URLS = ["https://WWW.Example.co.uk:8443/a/b?q=caf%C3%A9&x=1", "not a url", None, "http://[::1]/"]


def series(dtype):
    return pd.Series(URLS, index=[5, 3, 9, 1], name="u", dtype=dtype)


DTYPES = [
    object,
    pd.ArrowDtype(pa.string()),
    pd.ArrowDtype(pa.large_string()),
    pd.ArrowDtype(pa.string_view()),
    "string",
    pd.StringDtype("pyarrow"),
    pd.StringDtype("python"),
    # Dictionary-encoded: pandas' categories (handed over as an Arrow dictionary) and Arrow's.
    "category",
    pd.CategoricalDtype(pd.Index(["not a url", "http://[::1]/", URLS[0]], dtype="string")),
    pd.ArrowDtype(pa.dictionary(pa.int32(), pa.string())),
]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_accessor_on_string_series(dtype):
    s = series(dtype)
    host = s.url.hostname()
    assert isinstance(host.dtype, pd.ArrowDtype)
    assert host.dtype.pyarrow_dtype == pa.string()
    assert host.index.tolist() == [5, 3, 9, 1]
    assert host.name == "u"
    assert host.tolist() == ["www.example.co.uk", pd.NA, pd.NA, "[::1]"]
    assert s.url.registrable_domain().tolist() == ["example.co.uk", pd.NA, pd.NA, pd.NA]
    assert s.url.query_param("q").tolist() == ["café", pd.NA, pd.NA, pd.NA]
    assert s.url.port().tolist() == [8443, pd.NA, pd.NA, pd.NA]
    assert s.url.port().dtype == pd.ArrowDtype(pa.int32())
    assert s.url.is_valid().tolist() == [True, False, pd.NA, True]


def test_one_method_per_catalogue_function():
    for name in weburl.arrow.FUNCTIONS:
        method = getattr(weburl.pandas.UrlAccessor, name)
        assert method.__doc__ == getattr(weburl.arrow, name).__doc__
    assert set(weburl.arrow.FUNCTIONS) >= {"hostname", "registrable_domain", "query_param", "parse"}


@pytest.mark.parametrize("name", sorted(weburl.arrow.FUNCTIONS))
def test_each_method_is_arrows_function(name):
    """Each method's answer is ``weburl.arrow``'s over the same column."""
    record = weburl.arrow.FUNCTIONS[name]
    args = {"query_param": ["q"], "join": ["https://example.com/base/"]}.get(name, [])
    required = [n for n, optional in record["arguments"] if not optional]
    assert len(args) == len(required) - 1, name
    s = series(pd.ArrowDtype(pa.string()))
    got = getattr(s.url, name)(*args)
    want = pa.array(getattr(weburl.arrow, name)(pa.array(URLS), *args))
    assert got.dtype == pd.ArrowDtype(want.type)
    assert pa.chunked_array(got.array.__arrow_array__()).to_pylist() == want.to_pylist()
    assert got.index.tolist() == [5, 3, 9, 1]


def test_chunked_series_and_struct_results():
    chunked = pa.chunked_array([URLS[:2], [], URLS[2:]])
    s = pd.Series(pd.arrays.ArrowExtensionArray(chunked))
    parsed = s.url.parse()
    assert parsed.struct.field("hostname").tolist() == ["www.example.co.uk", pd.NA, pd.NA, "[::1]"]
    params = s.url.query_params()
    assert params.iloc[0] == [{"name": "q", "value": "café"}, {"name": "x", "value": "1"}]


def test_object_series_with_nan_and_empty():
    s = pd.Series(["https://a.example/", float("nan"), None])
    assert s.url.hostname().tolist() == ["a.example", pd.NA, pd.NA]
    empty = pd.Series([], dtype=object)
    assert empty.url.hostname().tolist() == []
    assert pd.Series([], dtype=pd.ArrowDtype(pa.string())).url.port().tolist() == []


def test_categorical_series():
    s = pd.Series(pd.Categorical(["https://a.example:1/", None, "https://b.example/", "https://a.example:1/"]), index=list("abcd"))
    assert s.url.port().tolist() == [1, pd.NA, pd.NA, 1]
    assert s.url.hostname().index.tolist() == list("abcd")
    # A category that is never used, and one that is not a URL.
    unused = pd.Series(pd.Categorical(["https://a.example/"], categories=["nope", "https://a.example/"]))
    assert unused.url.hostname().tolist() == ["a.example"]
    with pytest.raises(AttributeError, match="not categories of int64"):
        pd.Series([1, 2], dtype="category").url
    with pytest.raises(TypeError, match="str values"):
        pd.Series(["https://a.example/", 3], dtype="category").url.hostname()


def test_wrong_series():
    with pytest.raises(AttributeError, match="takes strings"):
        pd.Series([1, 2]).url
    with pytest.raises(AttributeError, match="takes strings"):
        pd.Series([1, 2], dtype=pd.ArrowDtype(pa.int64())).url
    with pytest.raises(TypeError, match="str values"):
        pd.Series(["https://a.example/", 3], dtype=object).url.hostname()
