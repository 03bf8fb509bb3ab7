"""The dialect names, opt-in by loading weburl_<dialect>.duckdb_extension: each function on
its engine's documented example (with weburl's documented answer)."""

import os

import duckdb
import pytest

from conftest import EXTENSION
from test_vectors import sql_text

DIALECTS = ["clickhouse", "trino", "bigquery", "spark"]
# DuckDB has its own functions of these names; they stay DuckDB's.
DUCKDB_BUILTINS = {"url_encode", "url_decode"}


def dialect_path(name):
    return os.path.join(os.path.dirname(EXTENSION), f"weburl_{name}.duckdb_extension")


@pytest.fixture(scope="module")
def dcon():
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{EXTENSION}'")
    for d in DIALECTS:
        con.execute(f"LOAD '{dialect_path(d)}'")
    return con


def test_dialects_are_opt_in():
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{EXTENSION}'")
    with pytest.raises(duckdb.CatalogException):
        con.execute("SELECT cutToFirstSignificantSubdomain('https://a.example.com/')")
    con.execute(f"LOAD '{dialect_path('clickhouse')}'")
    assert con.execute("SELECT cutToFirstSignificantSubdomain('https://a.example.com/')").fetchall() == [
        ("example.com",)
    ]
    with pytest.raises(duckdb.CatalogException):
        con.execute("SELECT net_host('https://a.example.com/')")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_documented_examples(dcon, expected, dialect):
    functions = [f for f in expected["dialects"] if f["dialect"] == dialect]
    assert functions
    for f in functions:
        if f["name"] in DUCKDB_BUILTINS:
            continue
        got = dcon.execute(f"SELECT {f['call']}").fetchall()[0][0]
        assert sql_text(got) == f["result"], f["call"]


def test_null_and_invalid(dcon):
    for sql in [
        "domain(NULL)",
        "domain('not a url')",
        "extractURLParameter('http://a/?b=1', NULL)",
        "url_extract_port('http://a/')",
        "net_host('')",
        "try_parse_url('not a url', 'HOST')",
        "parse_url('http://a/', 'NOPE')",
    ]:
        assert dcon.execute(f"SELECT {sql}").fetchall() == [(None,)], sql


def test_parse_url_invalid_is_an_error(dcon):
    with pytest.raises(duckdb.Error, match="parse_url"):
        dcon.execute("SELECT parse_url('not a url', 'HOST')").fetchall()


def test_dialect_functions_over_many_rows(dcon):
    rows = dcon.execute(
        "SELECT range, URLPathHierarchy('https://a.example/' || repeat('x/', (range % 4)::INTEGER) || 'f'), "
        "port('http://a:' || (range % 60000 + 1) || '/') FROM range(5000)"
    ).fetchall()
    for i, hierarchy, port in rows:
        levels = i % 4
        assert hierarchy == ["/" + "x/" * k for k in range(1, levels + 1)] + ["/" + "x/" * levels + "f"]
        p = i % 60000 + 1
        assert port == (0 if p == 80 else p)
