"""Fixtures of the DuckDB extension's tests: a connection with weburl loaded, and the
facade's answers (written by examples/expected.rs) that the extension is compared with."""

import json
import os

import duckdb
import pytest

EXTENSION = os.environ.get("WEBURL_DUCKDB_EXTENSION", "target/duckdb/weburl.duckdb_extension")
EXPECTED = os.environ.get("WEBURL_DUCKDB_EXPECTED", "target/duckdb/expected.json")


def connect():
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{EXTENSION}'")
    return con


@pytest.fixture(scope="session")
def con():
    return connect()


@pytest.fixture(scope="session")
def expected():
    with open(EXPECTED, encoding="utf-8") as f:
        return json.load(f)
