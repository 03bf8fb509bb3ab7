"""The DuckDB examples of the README (its "DuckDB" section) and of docs/duckdb.md: their
``>>>`` blocks run as doctests against the extension under test, so that none can rot."""

import doctest
import pathlib
import re

import pytest

from conftest import EXTENSION

ROOT = pathlib.Path(__file__).resolve().parents[3]
SHOWN_PATH = "target/duckdb/weburl.duckdb_extension"


def doctest_blocks(text):
    """The ```python blocks that hold ``>>>`` examples."""
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]


def section(text, heading):
    """From the line ``heading`` to the next heading of the same or a higher level."""
    start = text.index("\n" + heading + "\n")
    level = heading.split(" ")[0]
    ends = [m.start() for m in re.finditer(r"\n#{1,%d} " % len(level), text[start + 1 :])]
    return text[start : start + 1 + ends[0]] if ends else text[start:]


SOURCES = [
    ("README.md", lambda t: section(t, "### DuckDB")),
    ("docs/duckdb.md", lambda t: t),
]


@pytest.mark.parametrize("name,select", SOURCES, ids=[s[0] for s in SOURCES])
def test_guide_examples(name, select):
    text = select((ROOT / name).read_text(encoding="utf-8"))
    blocks = doctest_blocks(text)
    assert blocks, f"{name}: no >>> examples found"
    for i, block in enumerate(blocks):
        assert SHOWN_PATH in block or i > 0, f"{name}: the first example loads {SHOWN_PATH}"
        source = block.replace(SHOWN_PATH, str(EXTENSION))
        test = doctest.DocTestParser().get_doctest(source, {}, f"{name} block {i + 1}", name, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.failures == 0, f"{name} block {i + 1}: see the doctest output above"
