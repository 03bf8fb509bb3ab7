"""Shared paths: the repository's synced WPT data (``cargo xtask wpt-sync``), the Public
Suffix List's tests, and the offline fixtures of the comparison packages."""

import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
WPT = ROOT / "wpt-data"
PSL_TESTS = ROOT / "crates" / "psl" / "data" / "test_psl.txt"
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"


def wpt(name):
    """A WPT data file from ``wpt-data/`` (run ``cargo xtask wpt-sync`` first)."""
    path = WPT / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run `cargo xtask wpt-sync` (cargo xtask test does)")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def fixture(name):
    with open(FIXTURES / name, encoding="utf-8") as f:
        return json.load(f)


def wpt_cases(name):
    """The object cases of a WPT file (comments are strings), with a readable id each."""
    path = WPT / name
    if not path.exists():
        return []
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return [c for c in data if isinstance(c, dict)]


def pytest_terminal_summary(terminalreporter):
    """The counts in the repository's summary format."""
    stats = terminalreporter.stats
    passed = len(stats.get("passed", []))
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    terminalreporter.write_line(f"weburl-python: {passed} passed, {failed} failed")
