"""weburl.canon.semantic / aggressive (IIPC urlcanon's rule sets in weburl-canon): the crate's
tables (tests/data/semantic.json, aggressive.json) through the binding, single and batch."""

import json
from pathlib import Path

import pytest

from weburl import canon

DATA = Path(__file__).resolve().parents[2] / "canon" / "tests" / "data"


def cases(file, section):
    return json.loads((DATA / file).read_text(encoding="utf-8"))[section]


@pytest.mark.parametrize(
    "f, many, file, section",
    [
        (canon.semantic, canon.semantic_many, "semantic.json", "semantic"),
        (canon.aggressive, canon.aggressive_many, "aggressive.json", "aggressive"),
    ],
)
def test_table_single_and_batch(f, many, file, section):
    table = cases(file, section)
    for case in table:
        if case["expected"] is None:
            with pytest.raises(ValueError):
                f(case["input"])
        else:
            assert f(case["input"]) == case["expected"], case["input"]
    assert many([c["input"] for c in table]) == [c["expected"] for c in table]


def test_idempotent_and_types():
    for u in ["HTTP://www.Example.com.../a/../b/?b=2&a=1#x", "foo.com//goo/", "data:%2F%2Fh"]:
        for f in (canon.semantic, canon.aggressive):
            once = f(u)
            assert f(once) == once
    with pytest.raises(TypeError):
        canon.semantic_many(["http://a/", 1])
    assert canon.semantic_many([]) == []
