"""`weburl_functions()`: every function's documentation as a table (the C API cannot attach a
description to a scalar function), the same text as the Rust crate's and DataFusion's."""

from conftest import EXTENSION
from test_dialects import DIALECTS, DUCKDB_BUILTINS, dialect_path
from test_vectors import sql_text

COLUMNS = ["function_name", "dialect", "syntax", "description", "example", "result", "differences"]


def listing(con):
    cur = con.execute("SELECT * FROM weburl_functions()")
    assert [d[0] for d in cur.description] == COLUMNS
    return [dict(zip(COLUMNS, row)) for row in cur.fetchall()]


def test_every_registered_function_is_documented(con):
    rows = listing(con)
    own = {r["function_name"]: r for r in rows if r["dialect"] is None}
    registered = {
        name
        for (name,) in con.execute(
            "SELECT DISTINCT function_name FROM duckdb_functions() "
            "WHERE function_name LIKE 'url\\_%' ESCAPE '\\' AND function_type = 'scalar'"
        ).fetchall()
    } - DUCKDB_BUILTINS
    assert registered == set(own)
    for name, r in own.items():
        assert r["syntax"].startswith(name + "("), name
        assert r["description"] and r["example"] and r["result"], name


def test_documented_examples_run(con):
    for r in listing(con):
        if r["dialect"] is None:
            got = con.execute(f"SELECT {r['example']}").fetchall()[0][0]
            assert sql_text(got) == r["result"], r["function_name"]


def test_dialect_functions_are_listed_with_their_differences(con, expected):
    rows = {(r["dialect"], r["function_name"]): r for r in listing(con) if r["dialect"]}
    assert {d for d, _ in rows} == set(DIALECTS)
    assert len(rows) == len(expected["dialects"])
    for f in expected["dialects"]:
        r = rows[(f["dialect"], f["name"])]
        assert (r["example"], r["result"]) == (f["call"], f["result"]), f["name"]
        assert r["description"], f["name"]
        assert r["syntax"].startswith(f["name"] + "("), f["name"]


def test_listed_dialect_functions_exist_once_loaded(con):
    import duckdb

    dcon = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    dcon.execute(f"LOAD '{EXTENSION}'")
    for d in DIALECTS:
        dcon.execute(f"LOAD '{dialect_path(d)}'")
    registered = {name.lower() for (name,) in dcon.execute("SELECT function_name FROM duckdb_functions()").fetchall()}
    for r in listing(dcon):
        assert r["function_name"].lower() in registered, r["function_name"]


def test_listing_twice_in_one_query(con):
    twice = "SELECT * FROM weburl_functions() UNION ALL SELECT * FROM weburl_functions()"
    assert con.execute(f"SELECT count(*) FROM ({twice})").fetchall() == [(2 * len(listing(con)),)]
