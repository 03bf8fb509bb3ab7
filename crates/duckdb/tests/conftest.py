"""Fixtures of the DuckDB extension's tests: a connection with weburl loaded, and the
facade's answers (written by examples/expected.rs) that the extension is compared with."""

import json
import os

import duckdb
import pytest

# The functions of one URL argument, in url_parse's field order.
COMPONENTS = [
    "url_href",
    "url_origin",
    "url_protocol",
    "url_username",
    "url_password",
    "url_host",
    "url_hostname",
    "url_port",
    "url_port_or_default",
    "url_pathname",
    "url_search",
    "url_hash",
    "url_host_kind",
    "url_public_suffix",
    "url_registrable_domain",
]

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


def pytest_terminal_summary(terminalreporter):
    """The project's summary line: `weburl-duckdb: N passed, M failed`."""
    stats = terminalreporter.stats
    passed = len(stats.get("passed", []))
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    terminalreporter.write_line(f"weburl-duckdb: {passed} passed, {failed} failed")
