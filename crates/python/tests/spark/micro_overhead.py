"""Small timings behind docs/spark.md's and docs/performance.md's per-batch and per-task
figures, without a cluster (``target/spark-venv/bin/python
crates/python/tests/spark/micro_overhead.py [--python PATH ...]``):

- **per batch**: what ``weburl.spark``'s UDF body adds to the ``weburl.arrow`` call it makes
  (``udfs()["url_hostname"].func(batch)`` against ``weburl.arrow.hostname(batch)``), over a
  1-row and a 10,000-row batch (Spark's default Arrow batch), CPU time, best of 7 repeats;
- **per task**: ``importlib.invalidate_caches()``, which PySpark's worker calls at the start of
  every task, timed alone (CPU time, best of 7) in a fresh interpreter that has imported
  ``pyspark.worker`` from the ``pyspark.zip`` Spark puts on the executors' path (one zip
  importer for each of its packages), for each interpreter given by ``--python`` (3.11, 3.12,
  3.13 ...; this one by default). On 3.11 and 3.12 each zip importer re-reads the zip's
  directory; 3.13 does it lazily (expected from CPython gh-103200)."""

import argparse
import subprocess
import sys
import time
from pathlib import Path

REPEATS = 7

CHILD = r"""
import importlib, sys, time, zipimport
import pyspark.worker  # noqa: F401  (the worker's imports, from pyspark.zip)
zips = sum(isinstance(f, zipimport.zipimporter) for f in sys.path_importer_cache.values())
best = min(
    (lambda t0: (importlib.invalidate_caches(), time.process_time() - t0)[1])(time.process_time())
    for _ in range(REPEATS)
)
print(f"{sys.version.split()[0]}: {zips} zip importers, invalidate_caches() {best * 1e3:.1f} ms CPU")
"""


def cpu_best(f, number):
    """The least CPU time of ``REPEATS`` runs of ``number`` calls of ``f``, per call."""
    best = None
    for _ in range(REPEATS):
        start = time.process_time()
        for _ in range(number):
            f()
        took = (time.process_time() - start) / number
        best = took if best is None else min(best, took)
    return best


def per_batch():
    import pyarrow as pa

    import weburl.arrow
    from weburl import spark as weburl_spark

    body = weburl_spark.udfs()["url_hostname"].func
    urls = [f"https://host{i % 977}.example.com/path/{i}?q={i}" for i in range(10_000)]
    for rows, number in ((1, 20_000), (10_000, 200)):
        batch = pa.array(urls[:rows], pa.string())
        direct = cpu_best(lambda: pa.array(weburl.arrow.hostname(batch)), number)
        udf = cpu_best(lambda: body(batch), number)
        print(f"{rows:,}-row batch: weburl.arrow.hostname {direct * 1e6:.1f} us, the UDF body "
              f"{udf * 1e6:.1f} us (+{(udf - direct) * 1e6:.1f} us) CPU per call")


def per_task(pythons):
    import pyspark

    lib = Path(pyspark.__file__).parent / "python" / "lib"
    path = [str(p) for p in sorted(lib.glob("*.zip"))]
    for python in pythons:
        env = {"PYTHONPATH": ":".join(path), "PATH": "/usr/bin:/bin"}
        run = subprocess.run(
            [python, "-I", "-c", f"import sys; sys.path[:0] = {path!r}\nREPEATS = {REPEATS}\n"
             + CHILD],
            env=env, capture_output=True, text=True, timeout=120,
        )
        out = run.stdout.strip() or run.stderr.strip().splitlines()[-1]
        print(f"{python}: {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--python", action="append", default=[],
                        help="an interpreter to time invalidate_caches() in (repeatable)")
    args = parser.parse_args()
    per_batch()
    per_task(args.python or [sys.executable])


if __name__ == "__main__":
    main()
