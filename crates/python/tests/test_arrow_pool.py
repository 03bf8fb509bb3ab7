"""``weburl.arrow``'s kept result buffers (``src/arrow/pool.rs``): a freed result's text and
offsets are reused by the next call, never while a result still holds them (string, list and
struct results; a result held by a pyarrow array, a stream, a ``large_string`` copy of its
offsets or a list's values), and repeated calls over a column of 100,000 rows write to no fresh
pages. The pool's own rules (how many buffers, how many bytes, which buffer a request takes)
are ``pool.rs``'s unit tests."""

import gc
import platform
import subprocess
import sys

import pytest

pa = pytest.importorskip("pyarrow")

import weburl.arrow

def urls(n, tag):
    # Paths longer than the hosts: a host column's text is much shorter than its input's, as
    # in real URLs (a buffer reserved from the input's size is then shrunk).
    return [f"https://www.{tag}{i % 977}.example.com/{'ab/' * 20}{i}?q={i}" for i in range(n)]

def hostnames(n, tag):
    return [f"www.{tag}{i % 977}.example.com" for i in range(n)]

def segments(n):
    return [["ab"] * 20 + [str(i)] for i in range(n)]

def pathnames(n):
    return [f"/{'ab/' * 20}{i}" for i in range(n)]

def churn():
    """Calls of every result type over columns of several sizes (past the pool's least size,
    and split across threads), freed at once: any buffer a held result still uses would be
    taken and written over."""
    for rows in (100_000, 150_000, 20_000):
        column = pa.array(urls(rows, "churn"))
        for f in (
            weburl.arrow.hostname,
            weburl.arrow.href,
            weburl.arrow.path_segments,
            weburl.arrow.query_params,
            weburl.arrow.parse,
        ):
            result = pa.array(f(column))
            assert len(result) == rows
            del result
        gc.collect()

def test_a_held_result_is_not_reused():
    held = pa.array(weburl.arrow.hostname(pa.array(urls(100_000, "held"))))
    exported = weburl.arrow.hostname(pa.array(urls(100_000, "capsule")))
    for tag in ("x", "yy", "zzz"):
        for _ in range(3):
            other = pa.array(weburl.arrow.hostname(pa.array(urls(100_000, tag))))
            assert other.to_pylist() == hostnames(100_000, tag)
            del other
            gc.collect()
    assert held.to_pylist() == hostnames(100_000, "held")
    assert pa.array(exported).to_pylist() == hostnames(100_000, "capsule")

@pytest.mark.parametrize("rows", [300_000, 100_000, 20_000, 1, 0, 150_000])
def test_reused_buffers_give_the_same_answers(rows):
    # Sizes down and up again, and functions whose results are longer and shorter than the
    # buffers the previous calls gave back.
    for f, expected in (
        (weburl.arrow.hostname, hostnames(rows, "r")),
        (weburl.arrow.href, urls(rows, "r")),
        (weburl.arrow.registrable_domain, ["example.com"] * rows),
        (weburl.arrow.protocol, ["https:"] * rows),
    ):
        got = pa.array(f(pa.array(urls(rows, "r"))))
        assert got.to_pylist() == expected

# 150,000 rows: split across threads, whose parts' buffers are given back when they are joined.
LIST_ROWS = 150_000


def test_a_held_list_result_is_not_reused():
    column = pa.array(urls(LIST_ROWS, "l"))
    held = pa.array(weburl.arrow.path_segments(column))
    params = pa.array(weburl.arrow.query_params(column))
    del column
    churn()
    assert held.to_pylist() == segments(LIST_ROWS)
    assert params.to_pylist() == [[{"name": "q", "value": str(i)}] for i in range(LIST_ROWS)]


def test_a_held_struct_result_is_not_reused():
    held = pa.array(weburl.arrow.parse(pa.array(urls(LIST_ROWS, "s"))))
    churn()
    assert held.field("hostname").to_pylist() == hostnames(LIST_ROWS, "s")
    assert held.field("pathname").to_pylist() == pathnames(LIST_ROWS)
    assert held.field("search").to_pylist() == [f"?q={i}" for i in range(LIST_ROWS)]


def test_a_result_held_by_a_stream_is_not_reused():
    result = weburl.arrow.hostname(pa.array(urls(100_000, "stream")))
    held = pa.chunked_array(result)
    del result
    gc.collect()
    churn()
    assert held.to_pylist() == hostnames(100_000, "stream")


def test_a_result_held_as_large_string_is_not_reused():
    # The export widens the offsets into a buffer of its own and shares the text.
    result = weburl.arrow.hostname(pa.array(urls(100_000, "large")))
    held = pa.array(result, type=pa.large_string())
    del result
    gc.collect()
    churn()
    assert held.type == pa.large_string()
    assert held.to_pylist() == hostnames(100_000, "large")


def test_a_list_results_values_held_alone_are_not_reused():
    values = pa.array(weburl.arrow.path_segments(pa.array(urls(LIST_ROWS, "v")))).values
    gc.collect()
    churn()
    assert values.to_pylist() == [s for row in segments(LIST_ROWS) for s in row]


FAULTS = """
import resource, sys
import pyarrow as pa
import weburl.arrow
column = pa.array([f"https://www.p{i % 977}.example.com/{'ab/' * 20}{i}?q={i}" for i in range(100_000)])
faults = []
for _ in range(8):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    result = pa.array(weburl.arrow.hostname(column))
    faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
    del result
print(*faults)
"""


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
    reason="minor page faults, and when the allocator maps fresh memory: Linux with glibc",
)
def test_repeated_calls_touch_no_fresh_pages():
    # In a process of its own: whether glibc maps fresh memory depends on what the process
    # allocated and freed before.
    out = subprocess.run([sys.executable, "-c", FAULTS], capture_output=True, text=True, check=True)
    faults = [int(f) for f in out.stdout.split()]
    # Without the kept buffers every call wrote its text to fresh pages (a fault per page): the
    # text buffer, reserved from the input's size (over glibc's mmap threshold, a fresh
    # mapping), was shrunk to fit, and freeing it raised the threshold only to the shrunk size.
    # The first two calls fill the pool.
    assert max(faults[2:]) < 60, faults
