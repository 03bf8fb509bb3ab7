"""Every function on the WPT urltestdata inputs (and their bases), through DuckDB, compared
with the facade's answers (examples/expected.rs, through weburl-functions)."""

import pytest

from conftest import COMPONENTS

# Each function called in SQL, and how to read the facade's answer for it.
CALLS = {name: f"{name}(input)" for name in COMPONENTS}
CALLS.update(
    {
        "url_path_segments": "url_path_segments(input)",
        "url_query_params": "url_query_params(input)",
        "url_query_param_a": "url_query_param(input, 'a')",
        "url_is_valid": "url_is_valid(input)",
        "url_error": "url_error(input)",
        "url_is_valid_base": "url_is_valid(input, base)",
        "url_error_base": "url_error(input, base)",
        "url_join": "url_join(base, input)",
        "url_percent_decode": "url_percent_decode(input)",
        "url_percent_encode": "url_percent_encode(input)",
        "url_parse": "url_parse(input)",
    }
)


def normalize(key, value):
    if key == "url_query_params" and value is not None:
        return [[p["name"], p["value"]] for p in value]
    return value


def facade(key, case):
    if key == "url_parse":
        if case["url_is_valid"] is False:
            return None
        return {c.removeprefix("url_"): case[c] for c in COMPONENTS}
    return case[key]


@pytest.fixture(scope="module")
def cases_table(con, expected):
    con.execute("CREATE OR REPLACE TABLE cases (i INTEGER, input VARCHAR, base VARCHAR)")
    con.executemany(
        "INSERT INTO cases VALUES (?, ?, ?)",
        [(i, c["input"], c["base"]) for i, c in enumerate(expected["cases"])],
    )
    return "cases"


@pytest.mark.parametrize("key", sorted(CALLS))
def test_function_on_wpt_inputs(con, expected, cases_table, key):
    rows = con.execute(f"SELECT i, {CALLS[key]} FROM {cases_table} ORDER BY i").fetchall()
    cases = expected["cases"]
    assert len(rows) == len(cases)
    wrong = []
    for i, got in rows:
        want = facade(key, cases[i])
        got = normalize(key, got)
        if got != want:
            wrong.append((cases[i]["input"], cases[i]["base"], got, want))
    assert not wrong, f"{len(wrong)} of {len(cases)} differ; first: {wrong[:3]}"
