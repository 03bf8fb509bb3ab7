"""The catalogue test for DuckDB: with weburl and every dialect extension loaded, the scalar
functions registered are exactly the catalogue's records (weburl_functions::catalogue, written
to expected.json by examples/expected.rs), each with the record's argument counts, and every
record's example gives the record's result."""

import duckdb
import pytest

from conftest import EXTENSION
from test_dialects import DIALECTS, DUCKDB_BUILTINS, dialect_path
from test_vectors import sql_text


@pytest.fixture(scope="module")
def every():
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    builtins = {
        (name.lower(), n)
        for name, n in con.execute(
            "SELECT function_name, len(parameters) FROM duckdb_functions() WHERE function_type = 'scalar'"
        ).fetchall()
    }
    con.execute(f"LOAD '{EXTENSION}'")
    for d in DIALECTS:
        con.execute(f"LOAD '{dialect_path(d)}'")
    return con, builtins


def test_registered_functions_are_the_catalogues(every, expected):
    con, builtins = every
    registered = {
        (name.lower(), n)
        for name, n in con.execute(
            "SELECT function_name, len(parameters) FROM duckdb_functions() WHERE function_type = 'scalar'"
        ).fetchall()
    } - builtins
    catalogue = {
        (f["name"].lower(), n)
        for f in expected["catalogue"]
        if f["name"] not in DUCKDB_BUILTINS
        for n in range(f["min_arguments"], f["max_arguments"] + 1)
    }
    assert len(expected["catalogue"]) == 81
    assert sorted(catalogue - registered) == [], "in the catalogue, not registered"
    assert sorted(registered - catalogue) == [], "registered, not in the catalogue"


def test_every_catalogue_example_holds(every, expected):
    con, _ = every
    failed = []
    for f in expected["catalogue"]:
        if f["name"] in DUCKDB_BUILTINS:
            # DuckDB's own function of that name answers.
            continue
        try:
            got = sql_text(con.execute(f"SELECT {f['call']}").fetchall()[0][0])
        except duckdb.Error as e:
            got = f"error: {e}"
        if got != f["result"]:
            failed.append(f"{f['call']}: {got} != {f['result']}")
    assert failed == []
