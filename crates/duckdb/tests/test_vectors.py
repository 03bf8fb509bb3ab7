"""DuckDB's vectors and values: NULLs, constant and dictionary vectors, strings inlined
(12 bytes or fewer) and not, a 16 MiB value, lists and structs over many rows, errors; the
corpus top-20 query; every function's documented example."""

import os

import duckdb
import pytest

from conftest import COMPONENTS, connect

URLS = [
    "https://a.b/",  # 12 bytes: inlined
    "https://a.bc/",  # 13 bytes: a pointer
    "http://x/",
    "HTTPS://www.Example.CO.uk:443/a/./b/../c?q=caf%C3%A9&r=1#frag",
    "not a url",
    "http://[::1]:8080/",
    "http://192.168.0.1./",
    "https://xn--nxasmq6b.com/",
    "https://bücher.example/",
]


def one(con, sql, *params):
    return con.execute(sql, list(params)).fetchall()[0][0]


def test_null_in_null_out(con):
    for name in COMPONENTS + ["url_parse", "url_path_segments", "url_query_params", "url_is_valid",
                              "url_error", "url_percent_decode", "url_percent_encode"]:
        assert one(con, f"SELECT {name}(NULL::VARCHAR)") is None, name
    assert one(con, "SELECT url_query_param(NULL, 'a')") is None
    assert one(con, "SELECT url_query_param('https://a/?a=1', NULL)") is None
    assert one(con, "SELECT url_join(NULL, '/a')") is None
    assert one(con, "SELECT url_join('https://a/', NULL)") is None
    assert one(con, "SELECT url_is_valid('/a', NULL)") is None
    assert one(con, "SELECT url_percent_encode('a b', NULL)") is None


def test_nulls_mixed_with_values(con):
    rows = con.execute(
        "SELECT u, url_hostname(u), url_port(u), url_is_valid(u) FROM (SELECT CASE WHEN range % 3 = 0 "
        "THEN NULL ELSE 'http://h' || range || '.example:' || (range % 1000 + 1) || '/' END AS u "
        "FROM range(5000)) ORDER BY u NULLS FIRST"
    ).fetchall()
    assert len(rows) == 5000
    for u, host, port, valid in rows:
        if u is None:
            assert (host, port, valid) == (None, None, None)
        else:
            assert host == u.split("/")[2].split(":")[0]
            written = int(u.split(":")[2].rstrip("/"))
            assert port == (None if written == 80 else written)  # http's default port
            assert valid is True


def test_invalid_input_is_null(con):
    assert one(con, "SELECT url_hostname('not a url')") is None
    assert one(con, "SELECT url_parse('not a url')") is None
    assert one(con, "SELECT url_registrable_domain('http://192.168.0.1/')") is None
    assert one(con, "SELECT url_error('not a url')") == "missing-scheme-non-relative-URL"


def expected_hostnames(con):
    return {u: one(con, "SELECT url_hostname(?)", u) for u in URLS}


def test_constant_vectors(con):
    for u in URLS:
        want = one(con, "SELECT url_hostname(?)", u)
        rows = con.execute(
            "SELECT url_hostname(c), url_parse(c).hostname, url_path_segments(c) "
            "FROM (SELECT ?::VARCHAR AS c, range FROM range(5000))",
            [u],
        ).fetchall()
        assert len(rows) == 5000
        assert {r[0] for r in rows} == {want}
        assert {r[1] for r in rows} == {want}


def test_dictionary_vectors(tmp_path):
    con = duckdb.connect(str(tmp_path / "dict.duckdb"), config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{os.environ.get('WEBURL_DUCKDB_EXTENSION', 'target/duckdb/weburl.duckdb_extension')}'")
    con.execute("PRAGMA force_compression = 'dictionary'")
    con.execute("CREATE TABLE t (i BIGINT, u VARCHAR)")
    con.execute(
        "INSERT INTO t SELECT range, (?::VARCHAR[])[1 + range % ?] FROM range(100000)",
        [URLS, len(URLS)],
    )
    con.execute("CHECKPOINT")
    want = {u: one(con, "SELECT url_hostname(?)", u) for u in URLS}
    rows = con.execute("SELECT u, url_hostname(u), count(*) FROM t GROUP BY ALL").fetchall()
    assert sum(r[2] for r in rows) == 100000
    for u, host, _ in rows:
        assert host == want[u], u
    # A join's output slices the build side (a dictionary vector).
    con.execute("CREATE TABLE k AS SELECT range AS i FROM range(0, 100000, 7)")
    rows = con.execute(
        "SELECT t.u, url_registrable_domain(t.u) FROM k JOIN t USING (i)"
    ).fetchall()
    assert len(rows) == len(range(0, 100000, 7))
    for u, d in rows:
        assert d == one(con, "SELECT url_registrable_domain(?)", u)


@pytest.mark.parametrize("length", range(0, 40))
def test_inlined_and_pointer_strings(con, length):
    u = "http://h/" + "p" * length
    got = con.execute("SELECT url_pathname(?), url_href(?), url_hostname(?)", [u, u, u]).fetchall()[0]
    assert got == ("/" + "p" * length, u, "h")
    # Short results (inlined) and long ones from the same vector.
    assert one(con, "SELECT url_search(?)", "http://h/?" + "q" * length) == (
        "?" + "q" * length if length else ""
    )


def test_16_mib_value(con):
    big = "https://example.com/" + "a" * (16 * 1024 * 1024)
    rows = con.execute(
        "SELECT length(url_pathname(u)), url_hostname(u), url_is_valid(u), length(url_href(u)), "
        "len(url_path_segments(u)) FROM (SELECT ?::VARCHAR AS u)",
        [big],
    ).fetchall()
    assert rows == [(16 * 1024 * 1024 + 1, "example.com", True, len(big), 1)]


def test_lists_and_structs_over_many_rows(con):
    rows = con.execute(
        "SELECT range, url_path_segments('https://a/' || repeat('s/', (range % 20)::INTEGER)), "
        "url_query_params('https://a/?' || repeat('k=v&', (range % 5)::INTEGER)), "
        "url_parse('https://h' || range || '.example/').hostname FROM range(10000)"
    ).fetchall()
    for i, segments, params, host in rows:
        assert segments == ["s"] * (i % 20) + [""]
        assert params == [{"name": "k", "value": "v"}] * (i % 5)
        assert host == f"h{i}.example"


def test_unknown_encode_set_is_an_error(con):
    with pytest.raises(duckdb.Error, match="url_percent_encode"):
        con.execute("SELECT url_percent_encode('a', 'nope')").fetchall()


def test_corpus_top20(con, expected):
    corpus = os.environ.get("WEBURL_DUCKDB_CORPUS")
    if not corpus or expected["top20"] is None:
        pytest.skip("no corpus (WEBURL_DUCKDB_CORPUS)")
    with open(corpus, encoding="utf-8") as f:
        lines = f.read().split("\n")
    con.execute("CREATE OR REPLACE TABLE corpus AS SELECT unnest(?::VARCHAR[]) AS url", [lines])
    rows = con.execute(
        "SELECT url_registrable_domain(url) AS d, count(*) AS n FROM corpus WHERE d IS NOT NULL "
        "GROUP BY d ORDER BY n DESC, d LIMIT 20"
    ).fetchall()
    assert [list(r) for r in rows] == expected["top20"]


def sql_text(value, top=True):
    """A result written as the documentation writes it."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'" if top else value
    if isinstance(value, list):
        return "[" + ", ".join(sql_text(v, False) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {sql_text(v, False)}" for k, v in value.items()) + "}"
    return str(value)


def test_documented_examples(con, expected):
    assert len(expected["examples"]) >= 24
    for example in expected["examples"]:
        got = con.execute(f"SELECT {example['call']}").fetchall()[0][0]
        assert sql_text(got) == example["result"], example["name"]


def test_loads_in_a_fresh_connection():
    assert one(connect(), "SELECT url_registrable_domain('https://www.example.co.uk/')") == "example.co.uk"
