"""The repository's synced WPT data (``cargo xtask wpt-sync``) and the summary line. The tests
compare with the base package ``weburl`` (crates/python), installed beside this one."""

import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
WPT = ROOT / "wpt-data"


def wpt_cases(name):
    """The object cases of a WPT file (comments are strings)."""
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
    terminalreporter.write_line(f"weburl-polars: {passed} passed, {failed} failed")
