"""``weburl.arrow``'s kept result buffers (``src/arrow/pool.rs``): a freed result's text and
offsets are reused by the next call, never while a result still holds them, and repeated calls
over a column of 100,000 rows write to no fresh pages; and a result's validity bitmap, made at
its first NULL row."""

import gc
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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="minor page faults: Linux")
def test_repeated_calls_touch_no_fresh_pages():
    # In a process of its own: whether glibc maps fresh memory depends on what the process
    # allocated and freed before.
    out = subprocess.run([sys.executable, "-c", FAULTS], capture_output=True, text=True, check=True)
    faults = [int(f) for f in out.stdout.split()]
    # Without the kept buffers every call wrote its text to fresh pages (a fault per page, some
    # hundreds a call): the text buffer, reserved from the input's size (over glibc's mmap
    # threshold, a fresh mapping), was shrunk to fit, and freeing it raised the threshold only
    # to the shrunk size. The first two calls fill the pool.
    assert max(faults[2:]) < 60, faults


@pytest.mark.parametrize("first", [0, 1, 7, 8, 9, 15, 16, 17, 1000, 140_000])
def test_validity_made_at_the_first_null(first):
    # The result's validity bitmap is made when its first NULL row comes (all valid before);
    # 300,000 rows are split across threads, whose bitmaps are joined.
    rows = urls(300_000, "v")
    for k in (first, first + 3, 150_001, 299_999):
        rows[k] = "not a url"
    got = pa.array(weburl.arrow.hostname(pa.array(rows)))
    expected = [None if u == "not a url" else f"www.v{i % 977}.example.com" for i, u in enumerate(rows)]
    assert got.null_count == expected.count(None)
    assert got.to_pylist() == expected
