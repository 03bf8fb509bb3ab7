"""``weburl.arrow``: every catalogue function over Arrow columns (the PyCapsule interface),
from pyarrow, Polars, DuckDB and nanoarrow, and bad input (nulls, non-UTF-8 binary rows, wrong
types, a 50 MB value, empty arrays and chunks, sliced arrays, string views)."""

import gc
import re

import pytest

pa = pytest.importorskip("pyarrow")

import weburl
import weburl.arrow
from weburl import _weburl


def own_records():
    return [r for r in _weburl._catalogue() if r["dialect"] is None]


def example(call):
    """The string literals of an example ``f('a', 'b')`` and its trailing ``['field']``."""
    inner = call[call.index("(") + 1 :]
    args, field = [], None
    rest = inner
    while True:
        rest = rest.lstrip()
        if rest.startswith(")"):
            m = re.fullmatch(r"\)(?:\['(\w+)'\])?", rest)
            assert m, call
            field = m.group(1)
            return args, field
        assert rest.startswith("'"), call
        value, i = "", 1
        while True:
            j = rest.index("'", i)
            value += rest[i:j]
            if rest[j + 1 : j + 2] == "'":
                value += "'"
                i = j + 2
            else:
                rest = rest[j + 1 :]
                break
        args.append(value)
        rest = rest.lstrip()
        if rest.startswith(","):
            rest = rest[1:]


def sql_text(value):
    """A result written as the catalogue's examples write it."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, list):
        if value and isinstance(value[0], dict):
            return "[" + ", ".join(f"{{name: {p['name']}, value: {p['value']}}}" for p in value) + "]"
        return "[" + ", ".join(value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {sql_text(v)}" for k, v in value.items()) + "}"
    raise AssertionError(value)


def column_index(record):
    names = [n for n, _ in record["arguments"]]
    return names.index("ref") if "ref" in names else 0


# --- the catalogue --------------------------------------------------------------------------


def test_every_catalogue_function_is_exposed():
    names = {r["name"][4:] for r in own_records()}
    assert names == set(weburl.arrow.FUNCTIONS)
    for name in names:
        assert callable(getattr(weburl.arrow, name)), name
        assert name in weburl.arrow.__all__
    assert {"hostname", "registrable_domain", "query_param", "parse", "join"} <= names


@pytest.mark.parametrize("record", own_records(), ids=lambda r: r["name"])
def test_catalogue_example(record):
    """Each function gives its record's example result, over a column of the example's URL
    and of every string type."""
    args, field = example(record["call"])
    at = min(column_index(record), len(args) - 1)
    column, others = args[at], args[:at] + args[at + 1 :]
    f = getattr(weburl.arrow, record["name"][4:])
    for ty in (pa.string(), pa.large_string(), pa.string_view()):
        got = pa.array(f(pa.array([column, None], ty), *others)).to_pylist()
        value = got[0]
        if field is not None:
            value = None if value is None else value[field]
        assert sql_text(value) == record["result"], (record["name"], ty, got)
        assert got[1] is None


def test_agrees_with_the_list_functions():
    urls = [f"https://sub{i}.example{i % 7}.co.uk/p?q={i}" for i in range(2000)] + ["nope", ""]
    assert pa.array(weburl.arrow.hostname(pa.array(urls))).to_pylist() == weburl.hostnames(urls)
    assert pa.array(weburl.arrow.registrable_domain(pa.array(urls))).to_pylist() == weburl.registrable_domains(urls)


def test_split_across_threads_keeps_order():
    """A column large enough to be split across threads gives the rows in order, for each
    result type."""
    n = 300_000
    urls = [None if i % 11 == 0 else f"https://h{i}.example.com:{i % 9000 + 1000}/a/{i}?q={i}" for i in range(n)]
    column = pa.array(urls)
    hosts = pa.array(weburl.arrow.hostname(column)).to_pylist()
    assert hosts == [None if u is None else f"h{i}.example.com" for i, u in enumerate(urls)]
    ports = pa.array(weburl.arrow.port(column)).to_pylist()
    assert ports == [None if u is None else i % 9000 + 1000 for i, u in enumerate(urls)]
    valid = pa.array(weburl.arrow.is_valid(column)).to_pylist()
    assert valid == [None if u is None else True for u in urls]
    segments = pa.array(weburl.arrow.path_segments(column)).to_pylist()
    assert segments == [None if u is None else ["a", str(i)] for i, u in enumerate(urls)]
    params = pa.array(weburl.arrow.query_params(column)).to_pylist()
    assert params == [None if u is None else [{"name": "q", "value": str(i)}] for i, u in enumerate(urls)]
    parsed = pa.array(weburl.arrow.parse(column))
    assert parsed.null_count == sum(u is None for u in urls)
    assert parsed.field("pathname").to_pylist() == [None if u is None else f"/a/{i}" for i, u in enumerate(urls)]


@pytest.mark.parametrize("first", [0, 1, 7, 8, 9, 15, 16, 17, 1000, 140_000])
def test_validity_made_at_the_first_null(first):
    # The result's validity bitmap is made when its first NULL row comes (all valid before);
    # 300,000 rows are split across threads, whose bitmaps are joined.
    rows = [f"https://www.v{i % 977}.example.com/{'ab/' * 20}{i}?q={i}" for i in range(300_000)]
    for k in (first, first + 3, 150_001, 299_999):
        rows[k] = "not a url"
    got = pa.array(weburl.arrow.hostname(pa.array(rows)))
    expected = [None if u == "not a url" else f"www.v{i % 977}.example.com" for i, u in enumerate(rows)]
    assert got.null_count == expected.count(None)
    assert got.to_pylist() == expected


# --- types ----------------------------------------------------------------------------------


def test_result_types():
    urls = pa.array(["https://a.example:81/x/y?k=v"])
    expect = {
        "hostname": pa.string(),
        "port": pa.int32(),
        "is_valid": pa.bool_(),
        "path_segments": pa.list_(pa.string()),
        "query_params": pa.list_(pa.struct([("name", pa.string()), ("value", pa.string())])),
    }
    for name, ty in expect.items():
        assert pa.array(getattr(weburl.arrow, name)(urls)).type == ty, name
    parsed = pa.array(weburl.arrow.parse(urls))
    assert pa.types.is_struct(parsed.type)
    assert parsed.type.field("port").type == pa.int32()
    assert parsed.type.field("hostname").type == pa.string()
    assert parsed.to_pylist()[0]["hostname"] == "a.example"
    # A string result is `string` whatever the input's string type.
    for ty in (pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary()):
        assert pa.array(weburl.arrow.hostname(urls.cast(ty))).type == pa.string()


def test_string_view_inline_and_out_of_line():
    short = "http://a.b/"  # 11 bytes: inline in the view
    long = "https://www.example.co.uk/" + "x" * 100  # in a data buffer
    urls = pa.array([short, long, None, "http://c.d/"], pa.string_view())
    assert pa.array(weburl.arrow.hostname(urls)).to_pylist() == ["a.b", "www.example.co.uk", None, "c.d"]
    assert pa.array(weburl.arrow.hostname(urls.slice(1))).to_pylist() == ["www.example.co.uk", None, "c.d"]
    # Text that is not ASCII, inline (12 bytes) and out of line, and bytes that are not UTF-8.
    text = ["http://é.b/", "https://bücher.example/" + "y" * 20, "http://a.b/"]
    assert pa.array(weburl.arrow.hostname(pa.array(text, pa.string_view()))).to_pylist() == weburl.hostnames(text)
    raw = pa.array([b"http://\xff.b/", b"https://\xff.example/" + b"z" * 20, b"http://c.d/"], pa.binary_view())
    assert pa.array(weburl.arrow.hostname(raw)).to_pylist() == [None, None, "c.d"]


@pytest.mark.parametrize(
    "ty", [pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary(), pa.binary_view()], ids=str
)
def test_sliced_arrays(ty):
    """An array whose offset is not 0 (a slice) reads its own rows, validity included."""
    urls = [None if i % 3 == 0 else f"https://h{i}.example/" + "p" * (i % 20) for i in range(50)]
    column = pa.array(urls, pa.string()).cast(ty)
    for start, length in [(1, 10), (7, 30), (13, 0), (49, 1)]:
        got = pa.array(weburl.arrow.hostname(column.slice(start, length))).to_pylist()
        want = [None if u is None else u.split("/")[2] for u in urls[start : start + length]]
        assert got == want, (start, length)


def test_binary_rows_that_are_not_utf8_are_null():
    urls = pa.array([b"https://a.example/", b"https://\xff\xfe.example/", None, b"http://b.example/\xc3"], pa.binary())
    assert pa.array(weburl.arrow.hostname(urls)).to_pylist() == ["a.example", None, None, None]
    view = urls.cast(pa.binary_view())
    assert pa.array(weburl.arrow.hostname(view)).to_pylist() == ["a.example", None, None, None]


def test_string_rows_are_checked_as_utf8():
    """A `string` array's text is checked once as a whole, and each row's ends: bytes that are
    not UTF-8 under a NULL row, and rows that split a character, do not pass as text."""
    def string_array(data, offsets, validity=None):
        return pa.Array.from_buffers(
            pa.string(),
            len(offsets) - 1,
            [validity, pa.py_buffer(pa.array(offsets, pa.int32()).buffers()[1]), pa.py_buffer(data)],
        )

    hidden = string_array(b"http://a.b/\xffhttp://c.d/", [0, 11, 12, 23], pa.py_buffer(bytes([0b101])))
    assert pa.array(weburl.arrow.hostname(hidden)).to_pylist() == ["a.b", None, "c.d"]
    split = string_array("http://é.b/".encode(), [0, 8, 12])
    assert pa.array(weburl.arrow.hostname(split)).to_pylist() == [None, None]
    whole = string_array("http://é.b/".encode(), [0, 12])
    assert pa.array(weburl.arrow.hostname(whole)).to_pylist() == ["xn--9ca.b"]

def test_rows_across_ascii_batches():
    """A `string` chunk's text is checked as ASCII a batch of rows at a time: rows that are not
    ASCII (or not UTF-8, in `binary`) anywhere among the batches, and slices that start and end
    inside a batch, read as they would one by one."""
    urls = []
    for i in range(3000):
        if i % 997 == 5:
            urls.append(f"https://bücher{i}.example/".encode())
        elif i % 1201 == 600:
            urls.append(b"https://\xffbad.example/")
        elif i % 7 == 0:
            urls.append(None)
        else:
            urls.append(f"https://h{i}.example/{'p' * (i % 40)}".encode())
    def host(u):
        return None if u is None or b"\xff" in u else weburl.hostnames([u.decode()])[0]

    want = [host(u) for u in urls]
    binary = pa.array(urls, pa.binary())
    assert pa.array(weburl.arrow.hostname(binary)).to_pylist() == want
    text = [u for u in urls if u is None or b"\xff" not in u]
    strings = pa.array([None if u is None else u.decode() for u in text])
    assert pa.array(weburl.arrow.hostname(strings)).to_pylist() == [host(u) for u in text]
    for start, length in [(1, 1500), (511, 2), (700, 2000), (2999, 1)]:
        got = pa.array(weburl.arrow.hostname(binary.slice(start, length))).to_pylist()
        assert got == want[start : start + length], (start, length)


def test_null_type_and_empty_arrays():
    assert pa.array(weburl.arrow.hostname(pa.array([None, None]))).to_pylist() == [None, None]
    for ty in (pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.null()):
        for name in ("hostname", "port", "is_valid", "path_segments", "query_params", "parse"):
            result = getattr(weburl.arrow, name)(pa.array([], ty))
            assert len(result) == 0
            assert len(pa.array(result)) == 0


def test_chunked_input_gives_the_same_chunks():
    chunks = [["https://a.example/"], [], ["not a url", None, "https://b.example:8/x?y=z"], []]
    column = pa.chunked_array(chunks, pa.string())
    for name in ("hostname", "port", "is_valid", "path_segments", "query_params", "parse"):
        result = getattr(weburl.arrow, name)(column)
        assert result.num_chunks == 4
        chunked = pa.chunked_array(result)
        assert [len(c) for c in chunked.chunks] == [1, 0, 3, 0], name
        whole = getattr(weburl.arrow, name)(pa.array(sum(chunks, [])))
        assert chunked.to_pylist() == pa.array(whole).to_pylist(), name
        # The whole result as one array too.
        assert pa.array(result).to_pylist() == chunked.to_pylist(), name
    parsed = pa.chunked_array(weburl.arrow.parse(column))
    assert parsed.chunk(2).to_pylist()[2]["port"] == 8
    assert parsed.chunk(2).to_pylist()[0] is None
    # A chunked array of no chunks at all.
    empty = pa.chunked_array([], pa.string())
    assert pa.chunked_array(weburl.arrow.hostname(empty), type=pa.string()).to_pylist() == []


def test_tables_of_one_column():
    table = pa.table({"u": ["https://a.example/", None]})
    assert pa.array(weburl.arrow.hostname(table)).to_pylist() == ["a.example", None]
    batch = pa.record_batch({"u": pa.array(["https://a.example/", "x"], pa.large_string())})
    assert pa.array(weburl.arrow.hostname(batch)).to_pylist() == ["a.example", None]
    sliced = pa.table({"u": ["https://a.example/", "https://b.example/", "https://c.example/"]}).slice(1)
    assert pa.array(weburl.arrow.hostname(sliced)).to_pylist() == ["b.example", "c.example"]


def test_struct_with_nulls_of_one_field():
    s = pa.StructArray.from_arrays([pa.array(["https://a.example/", "https://b.example/"])], names=["u"], mask=pa.array([False, True]))
    assert pa.array(weburl.arrow.hostname(s)).to_pylist() == ["a.example", None]


# --- wrong input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "array,name",
    [
        (pa.array([1, 2]), "int64"),
        (pa.array([1.5]), "double|float64"),
        (pa.array([["a"]]), "list"),
        (pa.array([True]), "bool"),
        (pa.array([1, 2, 1]).dictionary_encode(), "dictionary of int64"),
        (pa.table({"a": ["x"], "b": ["y"]}), "2 columns"),
    ],
    ids=["int64", "float64", "list", "bool", "dictionary", "table"],
)
def test_wrong_arrow_type_is_a_type_error(array, name):
    with pytest.raises(TypeError, match=name):
        weburl.arrow.hostname(array)


def test_not_an_arrow_object_is_a_type_error():
    with pytest.raises(TypeError, match="list is not an Arrow array"):
        weburl.arrow.hostname(["https://a.example/"])
    with pytest.raises(TypeError, match="str is not an Arrow array"):
        weburl.arrow.hostname("https://a.example/")


def test_wrong_arguments():
    urls = pa.array(["https://a.example/?q=1"])
    with pytest.raises(TypeError):
        weburl.arrow.query_param(urls)
    with pytest.raises(TypeError):
        weburl.arrow.hostname(urls, "extra")
    with pytest.raises(TypeError, match="str, None or an Arrow array, not int"):
        weburl.arrow.query_param(urls, 5)
    with pytest.raises(ValueError, match="no function"):
        weburl.arrow.call("url_nothing", urls)
    with pytest.raises(ValueError, match="percent"):
        weburl.arrow.percent_encode(urls, "no such set")
    assert pa.array(weburl.arrow.query_param(urls, name="q")).to_pylist() == ["1"]



def test_the_gil_is_released_for_the_batch():
    """Python code runs in another thread while a batch is computed."""
    import threading

    column = pa.array([f"https://h{i}.example.co.uk/p?q={i}" for i in range(1_000_000)])
    started, done = threading.Event(), threading.Event()

    def work():
        started.set()
        for _ in range(3):
            weburl.arrow.registrable_domain(column)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    count = 0
    while not done.is_set():
        count += 1
    worker.join()
    # With the GIL held for the batch, this loop would run for a switch interval at most.
    assert count > 100_000


def test_column_arguments():
    """An argument may be a column: a value per row, or one value (a column of one row)."""
    urls = pa.chunked_array([["https://a.example/?q=1&x=2", None], ["https://b.example/?x=3"]])
    names = pa.chunked_array([["q"], ["x", "x"]])
    assert pa.array(weburl.arrow.query_param(urls, names)).to_pylist() == ["1", None, "3"]
    assert pa.array(weburl.arrow.query_param(urls, pa.array(["x"]))).to_pylist() == ["2", None, "3"]
    assert pa.array(weburl.arrow.query_param(urls, pa.array(["x", None, "q"]))).to_pylist() == ["2", None, None]
    refs = pa.array(["../c", "d", None, "/e"])
    bases = pa.array(["https://a.example/x/y", "https://b.example/", "https://c.example/", "not a base"])
    assert pa.array(weburl.arrow.join(refs, bases)).to_pylist() == [
        "https://a.example/c",
        "https://b.example/d",
        None,
        None,
    ]
    assert pa.array(weburl.arrow.is_valid(pa.array(["/a", "/b"]), pa.array(["https://x.example/", "nope"]))).to_pylist() == [True, False]
    # A column argument over a column large enough to be split across threads.
    n = 200_000
    big = pa.array([f"https://h.example/?k{i % 3}={i}" for i in range(n)])
    keys = pa.array([f"k{i % 3}" for i in range(n)], pa.large_string())
    assert pa.array(weburl.arrow.query_param(big, keys)).to_pylist() == [str(i) for i in range(n)]
    with pytest.raises(ValueError, match="3 rows but an argument of 2 rows"):
        weburl.arrow.query_param(urls, pa.array(["q", "x"]))
    with pytest.raises(TypeError, match="a column of int64"):
        weburl.arrow.query_param(urls, pa.array([1, 2, 3]))

# --- large values and lifetimes -------------------------------------------------------------


def test_a_50_mb_value():
    big = "https://www.example.com/" + "a" * (50 * 1024 * 1024) + "?q=1"
    urls = pa.array([big, "https://b.example/", None], pa.large_string())
    assert pa.array(weburl.arrow.hostname(urls)).to_pylist() == ["www.example.com", "b.example", None]
    href = pa.array(weburl.arrow.href(urls))
    assert len(href[0].as_py()) == len(big)
    assert pa.array(weburl.arrow.query_param(urls, "q")).to_pylist() == ["1", None, None]


def test_results_outlive_their_objects():
    result = weburl.arrow.path_segments(pa.array(["https://a.example/x/y"]))
    arrays = [pa.array(result) for _ in range(3)]
    stream = pa.chunked_array(result)
    del result
    gc.collect()
    assert [a.to_pylist() for a in arrays] == [[["x", "y"]]] * 3
    assert stream.to_pylist() == [["x", "y"]]


def test_requested_schema_is_accepted_and_capsules_are_single_use():
    result = weburl.arrow.hostname(pa.array(["https://a.example/"]))
    schema, array = result.__arrow_c_array__(requested_schema=None)
    assert pa.Array._import_from_c_capsule(schema, array).to_pylist() == ["a.example"]
    assert pa.DataType._import_from_c_capsule(result.__arrow_c_schema__()) == pa.string()
    # An exported capsule nobody consumed is released by its destructor.
    result.__arrow_c_array__()
    result.__arrow_c_stream__()
    gc.collect()
    assert repr(result).startswith("<weburl.arrow.Array of 1 rows")
    assert result.null_count == 0


def test_requested_schema_of_the_other_string_type():
    """A string result is handed over as `large_string` when a consumer asks for it (offsets
    widened, the text shared); any other request gets the result's own type."""
    urls = pa.chunked_array([["https://a.example/", None], ["https://b.example/x", "nope"]])
    result = weburl.arrow.hostname(urls)
    want = ["a.example", None, "b.example", None]
    large = pa.large_string().__arrow_c_schema__()
    schema, array = result.__arrow_c_array__(requested_schema=large)
    got = pa.Array._import_from_c_capsule(schema, array)
    assert got.type == pa.large_string()
    assert got.to_pylist() == want
    stream = pa.ChunkedArray._import_from_c_capsule(result.__arrow_c_stream__(large))
    assert stream.type == pa.large_string()
    assert [c.to_pylist() for c in stream.chunks] == [want[:2], want[2:]]
    assert pa.array(result, type=pa.large_string()).to_pylist() == want
    # Asked for `string`, its own type, or for types it cannot give exactly: its own type.
    for ty in (pa.string(), pa.string_view(), pa.int64(), pa.large_binary()):
        schema, array = result.__arrow_c_array__(requested_schema=ty.__arrow_c_schema__())
        assert pa.Array._import_from_c_capsule(schema, array).type == pa.string(), ty
    # Other results keep their type too.
    ports = weburl.arrow.port(urls)
    schema, array = ports.__arrow_c_array__(requested_schema=large)
    assert pa.Array._import_from_c_capsule(schema, array).type == pa.int32()
    with pytest.raises(TypeError, match="requested_schema must be an arrow_schema PyCapsule"):
        result.__arrow_c_array__(requested_schema="large_string")
    # A capsule of another name: a TypeError naming it.
    _, other = pa.array(["x"]).__arrow_c_array__()
    with pytest.raises(TypeError, match="requested_schema gave a PyCapsule named 'arrow_array', not 'arrow_schema'"):
        result.__arrow_c_array__(requested_schema=other)
    # The result itself is unchanged, and the retyped export outlives it.
    assert pa.array(result).type == pa.string()
    schema, array = weburl.arrow.hostname(urls).__arrow_c_array__(requested_schema=large)
    gc.collect()
    assert pa.Array._import_from_c_capsule(schema, array).to_pylist() == want


class CachedCapsules:
    """A producer that hands out the same capsule pair every time (as one caching
    ``__arrow_c_array__()`` would): the second import finds the structs already released."""

    def __init__(self, array):
        self.pair = array.__arrow_c_array__()

    def __arrow_c_array__(self, requested_schema=None):
        return self.pair


class CachedStream:
    """As ``CachedCapsules``, for a stream capsule."""

    def __init__(self, array):
        self.capsule = pa.chunked_array([array]).__arrow_c_stream__()

    def __arrow_c_stream__(self, requested_schema=None):
        return self.capsule


@pytest.mark.parametrize("producer", [CachedCapsules, CachedStream])
def test_a_capsule_consumed_twice_is_a_value_error(producer):
    cached = producer(pa.array(["https://a.example/", None]))
    assert pa.array(weburl.arrow.hostname(cached)).to_pylist() == ["a.example", None]
    for _ in range(2):
        with pytest.raises(ValueError, match=re.escape("a released Arrow struct (a capsule consumed twice)")):
            weburl.arrow.hostname(cached)
    gc.collect()


def test_none_for_a_required_argument_is_null():
    urls = pa.array(["https://a.example/?q=1", None])
    assert pa.array(weburl.arrow.query_param(urls, None)).to_pylist() == [None, None]
    assert pa.array(weburl.arrow.query_param(urls, name=None)).to_pylist() == [None, None]


# --- other producers and consumers ----------------------------------------------------------


def test_polars():
    pl = pytest.importorskip("polars")
    s = pl.Series("u", ["https://www.example.co.uk/a", None, "nope"])
    out = pl.Series(weburl.arrow.registrable_domain(s))
    assert out.to_list() == ["example.co.uk", None, None]
    chunked = pl.concat([s, s], rechunk=False)
    assert pl.Series(weburl.arrow.hostname(chunked)).to_list() == ["www.example.co.uk", None, None] * 2
    assert pl.Series(weburl.arrow.port(s)).dtype == pl.Int32
    parsed = pl.Series(weburl.arrow.parse(chunked))
    assert parsed.struct.field("hostname").to_list() == ["www.example.co.uk", None, None] * 2
    df = pl.DataFrame({"u": ["https://a.example/"]})
    assert pl.Series(weburl.arrow.hostname(df)).to_list() == ["a.example"]


def test_duckdb():
    duckdb = pytest.importorskip("duckdb")
    rel = duckdb.sql("SELECT 'https://www.Example.co.uk/x?q=' || i AS u FROM range(5000) t(i)")
    assert pa.array(weburl.arrow.registrable_domain(rel)).to_pylist() == ["example.co.uk"] * 5000
    # `.arrow()`: a record batch reader (a stream, read once).
    reader = rel.arrow()
    assert pa.chunked_array(weburl.arrow.query_param(reader, "q")).to_pylist() == [str(i) for i in range(5000)]
    # weburl's result back into DuckDB.
    result = pa.table({"h": pa.array(weburl.arrow.hostname(rel.arrow()))})
    assert duckdb.sql("SELECT count(DISTINCT h), count(*) FROM result").fetchall() == [(1, 5000)]


def test_nanoarrow():
    na = pytest.importorskip("nanoarrow")
    urls = na.c_array(["https://a.example/", None, "https://b.example:9/"], na.string())
    result = weburl.arrow.port(urls)
    assert na.Array(result).to_pylist() == [None, None, 9]
    assert na.Array(weburl.arrow.hostname(urls)).to_pylist() == ["a.example", None, "b.example"]
    large = na.c_array(["https://a.example/"], na.large_string())
    assert pa.array(weburl.arrow.hostname(large)).to_pylist() == ["a.example"]
    stream = na.ArrayStream(na.c_array(["https://c.example/"], na.string()))
    assert na.Array(weburl.arrow.hostname(stream)).to_pylist() == ["c.example"]


def test_does_not_import_pyarrow():
    import subprocess
    import sys

    code = (
        "import sys, weburl.arrow\n"
        "class A:\n"
        "    def __init__(self, a): self.a = a\n"
        "    def __arrow_c_array__(self, requested_schema=None): return self.a.__arrow_c_array__()\n"
        "import nanoarrow as na\n"
        "r = weburl.arrow.hostname(A(na.c_array(['https://a.example/'], na.string())))\n"
        "print(na.Array(r).to_pylist(), 'pyarrow' in sys.modules)\n"
    )
    pytest.importorskip("nanoarrow")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['a.example'] False"


# --- the stubs ------------------------------------------------------------------------------

STUBS = __import__("pathlib").Path(__file__).resolve().parents[1] / "python" / "weburl"


def stub_signature(record, first):
    """``(first, name: str, base: Optional[str] = None)`` of a record's Python function."""
    at = column_index(record)
    parts = [first]
    for i, (arg, optional) in enumerate(record["arguments"]):
        if i != at:
            parts.append(f"{arg}: Optional[Argument] = None" if optional else f"{arg}: Argument")
    return ", ".join(parts)


def arrow_stub():
    lines = [
        "# Generated from the catalogue by crates/python/tests/test_arrow.py --write: do not edit.",
        "from typing import Any, Dict, Optional, Protocol, Tuple, Union",
        "",
        "class _ArrowArray(Protocol):",
        "    def __arrow_c_array__(self, requested_schema: Any = None) -> Tuple[Any, Any]: ...",
        "",
        "class _ArrowStream(Protocol):",
        "    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...",
        "",
        "ArrowColumn = Union[_ArrowArray, _ArrowStream]",
        "Argument = Union[str, ArrowColumn]",
        "",
        "class Array:",
        '    """A function\'s result: an Arrow array, or a stream of one array per input chunk."""',
        "    def __arrow_c_schema__(self) -> Any: ...",
        "    def __arrow_c_array__(self, requested_schema: Any = None) -> Tuple[Any, Any]: ...",
        "    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...",
        "    def __len__(self) -> int: ...",
        "    @property",
        "    def null_count(self) -> int: ...",
        "    @property",
        "    def num_chunks(self) -> int: ...",
        "",
        "FUNCTIONS: Dict[str, Dict[str, Any]]",
        "",
        "def call(function: str, array: ArrowColumn, *args: Optional[Argument]) -> Array: ...",
    ]
    for r in own_records():
        lines.append(f"def {r['name'][4:]}({stub_signature(r, 'array: ArrowColumn')}) -> Array: ...")
    return "\n".join(lines) + "\n"


def pandas_stub():
    lines = [
        "# Generated from the catalogue by crates/python/tests/test_arrow.py --write: do not edit.",
        "from typing import Optional",
        "",
        "import pandas as pd",
        "",
        "from weburl.arrow import Argument",
        "",
        "class UrlAccessor:",
        "    def __init__(self, series: pd.Series) -> None: ...",
    ]
    for r in own_records():
        lines.append(f"    def {r['name'][4:]}({stub_signature(r, 'self')}) -> pd.Series: ...")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,text", [("arrow.pyi", arrow_stub), ("pandas.pyi", pandas_stub)])
def test_stubs_are_the_catalogues(name, text):
    assert (STUBS / name).read_text(encoding="utf-8") == text(), (
        f"{name} differs from the catalogue: run python crates/python/tests/test_arrow.py --write"
    )


def test_doctests():
    import doctest

    import weburl.pandas

    for module in (weburl.arrow, weburl.pandas):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, module.__name__


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--write"]:
        (STUBS / "arrow.pyi").write_text(arrow_stub(), encoding="utf-8")
        (STUBS / "pandas.pyi").write_text(pandas_stub(), encoding="utf-8")
