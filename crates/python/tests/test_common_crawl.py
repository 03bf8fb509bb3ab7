"""weburl.canon.common_crawl: Common Crawl's URL index fields, against weburl-canon's own table
(crates/canon/tests/data/common_crawl.json: its schema's examples and HostName's test hosts),
with the compiled list and a caller's PublicSuffixList, one URL and in batches."""

import json
import pathlib

import pytest

from weburl import canon

TABLE = json.loads(
    (
        pathlib.Path(__file__).resolve().parents[2]
        / "canon"
        / "tests"
        / "data"
        / "common_crawl.json"
    ).read_text(encoding="utf-8")
)

FIELDS = [
    "url_surtkey",
    "url_host_name",
    "url_host_tld",
    "url_host_2nd_last_part",
    "url_host_3rd_last_part",
    "url_host_4th_last_part",
    "url_host_5th_last_part",
    "url_host_registry_suffix",
    "url_host_registered_domain",
    "url_host_private_suffix",
    "url_host_private_domain",
    "url_host_name_reversed",
]
PSL_FIELDS = FIELDS[7:11]


def expected_dict(expected):
    return {name: expected.get(name) for name in FIELDS}


@pytest.mark.parametrize("case", TABLE["cases"], ids=lambda c: c["input"])
def test_table(case):
    if case["expected"] is None:
        with pytest.raises(ValueError):
            canon.common_crawl(case["input"])
        return
    got = canon.common_crawl(case["input"])
    assert list(got) == FIELDS
    assert got == expected_dict(case["expected"])


def test_batch_agrees_with_one_by_one():
    inputs = [c["input"] for c in TABLE["cases"]]
    many = canon.common_crawl_many(inputs)
    assert len(many) == len(inputs)
    for case, got in zip(TABLE["cases"], many):
        if case["expected"] is None:
            assert got is None
        else:
            assert got == expected_dict(case["expected"])


def test_callers_list():
    caller = TABLE["caller_list"]
    psl = canon.PublicSuffixList(caller["list"])
    assert psl.rules == 2
    assert "2 rules" in repr(psl)
    for case in caller["cases"]:
        got = canon.common_crawl(case["input"], psl)
        assert {k: got[k] for k in PSL_FIELDS} == {
            k: case["expected"].get(k) for k in PSL_FIELDS
        }, case["input"]
        (batch,) = canon.common_crawl_many([case["input"]], psl=psl)
        assert batch == got


def test_errors():
    with pytest.raises(TypeError):
        canon.common_crawl(b"http://example.com/")
    with pytest.raises(ValueError):
        canon.PublicSuffixList("*.*.com\n")
    with pytest.raises(TypeError):
        canon.common_crawl("http://example.com/", "com\n")
