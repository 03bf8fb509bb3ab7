"""``weburl.arrow`` over dictionary-encoded columns (pyarrow ``DictionaryArray``, pandas
``category``, Polars ``Categorical`` / ``Enum``): every function gives what it gives for the same
strings decoded, of the same type, with NULL for a NULL index; an index outside the dictionary
is a ``ValueError``."""

import pytest

pa = pytest.importorskip("pyarrow")

import weburl.arrow
from weburl import _weburl

INDEX_TYPES = [pa.int8(), pa.uint8(), pa.int16(), pa.uint16(), pa.int32(), pa.uint32(), pa.int64(), pa.uint64()]

DICTIONARY = [
    "https://WWW.Example.co.uk:8443/a/b?q=caf%C3%A9&x=1#f",
    None,
    "not a url",
    "http://[::1]/p",
    "https://bücher.example/ä?q=ü",
    "",
    "file:///etc/hosts",
]
INDICES = [0, None, 2, 1, 3, 0, 4, None, 5, 6, 6, 0]


def decoded(array):
    """The same rows as a plain string array."""
    return pa.array(array.to_pylist(), array.type.value_type)


def single_column_functions():
    """Each function's Python name whose other arguments are all optional (called with the
    column alone)."""
    names = []
    for name, record in weburl.arrow.FUNCTIONS.items():
        arguments = record["arguments"]
        if all(optional for _, optional in arguments[1:]):
            names.append(name)
    return names


def same(result, want):
    got, want = pa.array(result), pa.array(want)
    assert got.type == want.type
    assert got.to_pylist() == want.to_pylist()


@pytest.mark.parametrize("index_type", INDEX_TYPES, ids=str)
@pytest.mark.parametrize("value_type", [pa.string(), pa.large_string(), pa.string_view()], ids=str)
def test_every_function_as_on_the_decoded_strings(index_type, value_type):
    array = pa.DictionaryArray.from_arrays(pa.array(INDICES, index_type), pa.array(DICTIONARY, value_type))
    plain = decoded(array)
    names = single_column_functions()
    assert {"hostname", "registrable_domain", "port", "parse", "query_params", "path_segments"} <= set(names)
    for name in names:
        f = getattr(weburl.arrow, name)
        same(f(array), f(plain))
    # Other arguments the same for every row, and one per row.
    same(weburl.arrow.query_param(array, "q"), weburl.arrow.query_param(plain, "q"))
    names_per_row = pa.array(["q", "x", None, "q", "q", "x", "q", "q", "q", "q", "x", "x"])
    same(weburl.arrow.query_param(array, names_per_row), weburl.arrow.query_param(plain, names_per_row))
    same(weburl.arrow.query_param(plain, array), weburl.arrow.query_param(plain, plain))


def test_null_index_and_null_value_are_null():
    array = pa.DictionaryArray.from_arrays(pa.array([None, 1, 0], pa.int8()), pa.array(["https://a.example/", None]))
    assert pa.array(weburl.arrow.hostname(array)).to_pylist() == [None, None, "a.example"]
    assert pa.array(weburl.arrow.port(array)).to_pylist() == [None, None, None]
    assert pa.array(weburl.arrow.is_valid(array)).to_pylist() == [None, None, True]


def test_sliced():
    array = pa.DictionaryArray.from_arrays(pa.array(INDICES, pa.int16()), pa.array(DICTIONARY))
    for start, length in [(1, 5), (3, 9), (11, 1), (12, 0)]:
        part = array.slice(start, length)
        same(weburl.arrow.hostname(part), weburl.arrow.hostname(decoded(part)))
        same(weburl.arrow.parse(part), weburl.arrow.parse(decoded(part)))


def test_chunks_with_dictionaries_of_their_own():
    first = pa.DictionaryArray.from_arrays(pa.array([0, 1, 0], pa.int32()), pa.array(["https://a.example/", "https://b.example/"]))
    second = pa.DictionaryArray.from_arrays(pa.array([1, None, 0], pa.int32()), pa.array(["https://c.example/", "https://d.example:9/"]))
    column = pa.chunked_array([first, pa.DictionaryArray.from_arrays(pa.array([], pa.int32()), pa.array([], pa.string())), second])
    result = weburl.arrow.hostname(column)
    assert result.num_chunks == 3
    chunked = pa.chunked_array(result)
    assert chunked.type == pa.string()
    assert [c.to_pylist() for c in chunked.chunks] == [["a.example", "b.example", "a.example"], [], ["d.example", None, "c.example"]]
    assert pa.array(weburl.arrow.port(column)).to_pylist() == [None, None, None, 9, None, None]


def test_a_table_of_a_dictionary_column():
    table = pa.table({"u": pa.array(["https://a.example/", None, "https://a.example/"]).dictionary_encode()})
    assert pa.array(weburl.arrow.hostname(table)).to_pylist() == ["a.example", None, "a.example"]


def test_split_across_threads():
    """Enough rows to be split across threads (64 Ki rows a thread)."""
    n = 140_000
    dictionary = pa.array([f"https://h{k}.example.co.uk:{1000 + k}/p" for k in range(1000)])
    indices = pa.array([None if i % 13 == 0 else (i * 7) % 1000 for i in range(n)], pa.uint16())
    array = pa.DictionaryArray.from_arrays(indices, dictionary)
    plain = dictionary.take(indices)
    for name in ("hostname", "port", "path_segments", "parse"):
        f = getattr(weburl.arrow, name)
        assert pa.array(f(array)).equals(pa.array(f(plain))), name


def test_index_out_of_range_is_a_value_error():
    for index_type in INDEX_TYPES:
        bad = pa.DictionaryArray.from_arrays(pa.array([0, 2], index_type), pa.array(["https://a.example/", "x"]), safe=False)
        with pytest.raises(ValueError, match="row 1 has index 2, out of range for a dictionary of 2 values"):
            weburl.arrow.hostname(bad)
    negative = pa.DictionaryArray.from_arrays(pa.array([-1], pa.int8()), pa.array(["https://a.example/"]), safe=False)
    with pytest.raises(ValueError, match="row 0 has index -1"):
        weburl.arrow.port(negative)
    # As an argument too.
    urls = pa.array(["https://a.example/?q=1", "https://a.example/?q=1"])
    with pytest.raises(ValueError, match="out of range"):
        weburl.arrow.query_param(urls, bad)


def test_an_index_under_a_null_is_not_read():
    validity = pa.py_buffer(bytes([0b01]))
    indices = pa.Array.from_buffers(pa.int32(), 2, [validity, pa.array([0, 1_000_000], pa.int32()).buffers()[1]])
    array = pa.DictionaryArray.from_arrays(indices, pa.array(["https://a.example/"]), safe=False)
    assert pa.array(weburl.arrow.hostname(array)).to_pylist() == ["a.example", None]


def test_a_dictionary_of_dictionaries_is_a_type_error_saying_so():
    """(A dictionary of other values: test_arrow.py's wrong types.)"""
    inner = pa.array(["https://a.example/", "https://b.example/"]).dictionary_encode()
    try:
        nested = pa.DictionaryArray.from_arrays(pa.array([0, 1], pa.int8()), inner)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, TypeError):
        pytest.skip("pyarrow makes no dictionary of dictionaries")
    with pytest.raises(TypeError, match="a dictionary of dictionaries"):
        weburl.arrow.hostname(nested)


def test_an_unused_value_is_not_computed():
    """A value no valid row uses raises nothing, as the same rows decoded raise nothing."""
    dictionary = pa.array(["https://a.example/x", "not a url"])
    array = pa.DictionaryArray.from_arrays(pa.array([0, 0], pa.int32()), dictionary)
    assert pa.array(weburl.arrow.call("parse_url", array, "HOST")).to_pylist() == ["a.example", "a.example"]
    with pytest.raises(ValueError):
        weburl.arrow.call("parse_url", decoded(pa.DictionaryArray.from_arrays(pa.array([1], pa.int32()), dictionary)), "HOST")
    # Used only under a NULL row, or only by rows sliced off.
    under_null = pa.DictionaryArray.from_arrays(pa.array([0, None, 0], pa.int32()), dictionary)
    assert pa.array(weburl.arrow.call("parse_url", under_null, "HOST")).to_pylist() == ["a.example", None, "a.example"]
    sliced = pa.DictionaryArray.from_arrays(pa.array([1, 0, 0], pa.int32()), dictionary).slice(1)
    assert pa.array(weburl.arrow.call("parse_url", sliced, "HOST")).to_pylist() == ["a.example", "a.example"]


def test_a_short_chunk_of_a_large_dictionary():
    """More values than rows: computed row by row, the same results."""
    dictionary = pa.array([f"https://h{k}.example/" for k in range(1000)] + ["not a url"])
    array = pa.DictionaryArray.from_arrays(pa.array([7, None, 999, 7], pa.int32()), dictionary)
    same(weburl.arrow.hostname(array), weburl.arrow.hostname(decoded(array)))
    assert pa.array(weburl.arrow.call("parse_url", array, "HOST")).to_pylist() == ["h7.example", None, "h999.example", "h7.example"]
    bad = pa.DictionaryArray.from_arrays(pa.array([7, 1001], pa.int32()), dictionary, safe=False)
    with pytest.raises(ValueError, match="row 1 has index 1001, out of range for a dictionary of 1001 values"):
        weburl.arrow.hostname(bad)


def test_a_sliced_dictionary():
    """The dictionary itself at an offset."""
    dictionary = pa.array(["https://x.example/", "https://a.example/", "https://b.example:81/"]).slice(1)
    array = pa.DictionaryArray.from_arrays(pa.array([1, 0, None, 1], pa.int8()), dictionary)
    assert pa.array(weburl.arrow.hostname(array)).to_pylist() == ["b.example", "a.example", None, "b.example"]
    assert pa.array(weburl.arrow.port(array)).to_pylist() == [81, None, None, 81]


def test_an_empty_dictionary_under_null_indices():
    array = pa.DictionaryArray.from_arrays(pa.array([None, None], pa.int32()), pa.array([], pa.string()))
    assert pa.array(weburl.arrow.hostname(array)).to_pylist() == [None, None]
    assert pa.array(weburl.arrow.port(array)).to_pylist() == [None, None]


@pytest.mark.parametrize("value_type", [pa.large_binary(), pa.binary_view(), pa.large_string()], ids=str)
def test_other_value_types(value_type):
    values = [b"https://a.example:8/", b"https://\xff.example/", b"https://a-much-longer-host.example/p"]
    if pa.types.is_large_string(value_type):
        values = [v.decode("utf-8", "replace") for v in values]
    array = pa.DictionaryArray.from_arrays(pa.array([2, 1, None, 0, 2], pa.int16()), pa.array(values, value_type))
    assert pa.array(weburl.arrow.hostname(array)).to_pylist()[::2] == ["a-much-longer-host.example", None, "a-much-longer-host.example"]
    assert pa.array(weburl.arrow.port(array)).to_pylist() == [None, None, None, 8, None]


def test_a_null_struct_row_over_a_bad_index_is_not_read():
    """A table's row that is NULL at the struct's level: its index is not checked."""
    indices = pa.array([0, 5], pa.int32())
    column = pa.DictionaryArray.from_arrays(indices, pa.array(["https://a.example/"]), safe=False)
    table = pa.StructArray.from_arrays([column], names=["u"], mask=pa.array([False, True]))
    assert pa.array(weburl.arrow.hostname(table)).to_pylist() == ["a.example", None]


def test_a_bad_index_names_its_row_in_the_whole_column():
    good = pa.DictionaryArray.from_arrays(pa.array([0, 0, 0], pa.int32()), pa.array(["https://a.example/"]))
    bad = pa.DictionaryArray.from_arrays(pa.array([0, 3], pa.int32()), pa.array(["https://a.example/"]), safe=False)
    with pytest.raises(ValueError, match="row 4 has index 3"):
        weburl.arrow.hostname(pa.chunked_array([good, bad]))
    urls = pa.chunked_array([pa.array(["https://a.example/?q=1"] * 3), pa.array(["https://a.example/?q=1"] * 2)])
    with pytest.raises(ValueError, match="row 4 has index 3"):
        weburl.arrow.query_param(urls, pa.chunked_array([good, bad]))


def test_binary_values_that_are_not_utf8_are_null():
    array = pa.DictionaryArray.from_arrays(pa.array([1, 0, 1], pa.int8()), pa.array([b"https://\xff.example/", b"https://a.example/"]))
    assert pa.array(weburl.arrow.hostname(array)).to_pylist() == ["a.example", None, "a.example"]


def test_polars_categorical_and_enum():
    pl = pytest.importorskip("polars")
    urls = ["https://www.a.co.uk/x", None, "https://b.example:81/", "https://www.a.co.uk/x"]
    plain = pl.Series("u", urls)
    for dtype in (pl.Categorical, pl.Enum(["https://www.a.co.uk/x", "https://b.example:81/"])):
        s = pl.Series("u", urls, dtype=dtype)
        assert pl.Series(weburl.arrow.registrable_domain(s)).to_list() == ["a.co.uk", None, "b.example", "a.co.uk"]
        for name in ("hostname", "port", "parse"):
            f = getattr(weburl.arrow, name)
            assert pl.Series(f(s)).to_list() == pl.Series(f(plain)).to_list()
            assert pl.Series(f(s)).dtype == pl.Series(f(plain)).dtype


def test_catalogue_is_the_same_one():
    """The functions tested here are the catalogue's own."""
    own = {r["name"][len("url_") :] for r in _weburl._catalogue() if r["dialect"] is None}
    assert set(single_column_functions()) <= own


def test_chunks_sharing_one_dictionary():
    """Chunks of one dictionary, each shorter than it (together not): the values any of them
    uses, computed once for all; a value none uses raises nothing."""
    dictionary = pa.array(["https://a.example/", "not a url", "https://b.example:81/", "https://c.example/"])
    chunks = [
        pa.DictionaryArray.from_arrays(pa.array(rows, pa.int32()), dictionary)
        for rows in ([0, 2], [None, 3], [2, 0], [3, 3])
    ]
    column = pa.chunked_array(chunks)
    result = weburl.arrow.call("parse_url", column, "HOST")
    assert [c.to_pylist() for c in pa.chunked_array(result).chunks] == [
        ["a.example", "b.example"],
        [None, "c.example"],
        ["b.example", "a.example"],
        ["c.example", "c.example"],
    ]
    same(weburl.arrow.port(column), weburl.arrow.port(pa.chunked_array([decoded(c) for c in chunks])))
    bad = pa.DictionaryArray.from_arrays(pa.array([0, 9], pa.int32()), dictionary, safe=False)
    with pytest.raises(ValueError, match="row 6 has index 9"):
        weburl.arrow.hostname(pa.chunked_array([chunks[0], chunks[1], chunks[2], bad]).slice(1))


def test_an_unused_pandas_category_is_not_computed():
    pd = pytest.importorskip("pandas")
    import weburl.pandas  # noqa: F401 (the accessor)

    s = pd.Series(pd.Categorical(["https://a.example/x", None], categories=["not a url", "https://a.example/x"]))
    assert pa.array(weburl.arrow.call("parse_url", pa.array(s), "HOST")).to_pylist() == ["a.example", None]
    assert s.url.hostname().tolist() == ["a.example", pd.NA]
