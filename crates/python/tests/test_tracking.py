"""weburl.canon.strip_tracking: weburl-canon's own table (crates/canon/tests/data/
strip_tracking.json: the built-in list, and the ClearURLs-format fixture clearurls-fixture.json
with ClearURLs' default settings), one URL and in batches, and TrackingRules' loading."""

import json
import pathlib

import pytest

from weburl import canon

DATA = pathlib.Path(__file__).resolve().parents[2] / "canon" / "tests" / "data"
TABLE = json.loads((DATA / "strip_tracking.json").read_text(encoding="utf-8"))
FIXTURE = DATA / "clearurls-fixture.json"


def cases(name):
    # The Python API has ClearURLs' default settings only.
    return [c for c in TABLE[name] if not c.get("options")]


def check(rules, case):
    if case["expected"] is None:
        with pytest.raises(ValueError):
            canon.strip_tracking(case["input"], rules)
    else:
        assert canon.strip_tracking(case["input"], rules) == case["expected"]


@pytest.mark.parametrize("case", cases("builtin"), ids=lambda c: c["input"])
def test_builtin_list(case):
    check(None, case)
    check(canon.TrackingRules.builtin(), case)


@pytest.mark.parametrize("case", cases("fixture"), ids=lambda c: c["input"])
def test_fixture(case):
    check(canon.TrackingRules.from_file(FIXTURE), case)


def test_rules_from_bytes_text_and_path():
    data = FIXTURE.read_bytes()
    for rules in (
        canon.TrackingRules.from_bytes(data),
        canon.TrackingRules.from_bytes(data.decode("utf-8")),
        canon.TrackingRules.from_file(str(FIXTURE)),
    ):
        assert rules.providers == TABLE["fixture_providers"]
        assert [list(s[:3]) for s in rules.skipped] == TABLE["fixture_skipped"]
        assert all(s[3] for s in rules.skipped)


def test_batch_form_gives_none_where_it_raises():
    rules = canon.TrackingRules.from_file(FIXTURE)
    inputs = [c["input"] for c in cases("fixture")]
    expected = [c["expected"] for c in cases("fixture")]
    assert canon.strip_tracking_many(inputs, rules) == expected
    assert canon.strip_tracking_many(["https://example.com/?gclid=1&a", "no url"]) == [
        "https://example.com/?a",
        None,
    ]


def test_loading_errors():
    with pytest.raises(ValueError, match="not ClearURLs rules"):
        canon.TrackingRules.from_bytes(b"[]")
    with pytest.raises(ValueError, match="no `providers`"):
        canon.TrackingRules.from_bytes(b"{}")
    with pytest.raises(ValueError, match="cannot read"):
        canon.TrackingRules.from_file(DATA / "no-such-rules.json")
