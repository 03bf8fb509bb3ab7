"""``cargo xtask spark bench [--rows N]``: ``url_hostname`` through weburl (an Arrow UDF over
``weburl.arrow``) against Spark's built-in ``parse_url(url, 'HOST')`` (java.net.URI) and a
Python UDF with ``urllib.parse``, over the same N rows (default 10 M: the URL corpora of
../shared/datasets repeated) on a standalone cluster of two one-core workers on 127.0.0.1
(``cluster.py``); then the executors' peak memory, and how often ``parse_url`` agrees with
weburl on the kasztp corpus. Prints a Markdown table (docs/performance.md has the last one)."""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cluster import HOST, Cluster, free_port  # noqa: E402

CORPORA = ["kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt"]


def lines(path):
    with open(path, encoding="utf-8-sig") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def urllib_host(url):
    try:
        return urllib.parse.urlsplit(url).hostname
    except ValueError:
        return None


def timed(df, column, runs):
    """Best wall time of ``runs`` evaluations of ``column`` over every row (count of non-NULL
    answers, which needs every row's answer)."""
    from pyspark.sql import functions as F

    best, answered = None, None
    for _ in range(runs):
        start = time.perf_counter()
        answered = df.select(F.count(column)).first()[0]
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best, answered


def executor_peaks(ui_port):
    """Each executor's peak JVM heap and Python worker RSS (the driver's REST API)."""
    base = f"http://{HOST}:{ui_port}/api/v1/applications"
    with urllib.request.urlopen(base, timeout=5) as r:
        app = json.load(r)[0]["id"]
    with urllib.request.urlopen(f"{base}/{app}/allexecutors", timeout=5) as r:
        executors = json.load(r)
    peaks = []
    for e in executors:
        if e["id"] == "driver":
            continue
        m = e.get("peakMemoryMetrics") or {}
        peaks.append(
            (e["id"], m.get("JVMHeapMemory", 0), m.get("ProcessTreePythonRSSMemory", 0),
             m.get("ProcessTreeJVMRSSMemory", 0))
        )
    return peaks


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--executor-memory", default="1g")

    args = parser.parse_args()

    import pyarrow as pa
    import pyarrow.parquet as pq
    from pyspark.sql import functions as F

    from weburl import spark as weburl_spark

    corpus = [u for name in CORPORA for u in lines(args.data / name)]
    repeats = -(-args.rows // len(corpus))
    work = Path(tempfile.mkdtemp(prefix="weburl-spark-bench-"))
    try:
        path = work / "urls.parquet"
        urls = pa.array((corpus * repeats)[: args.rows], pa.string())
        pq.write_table(pa.table({"url": urls}), path, row_group_size=256 * 1024)
        kasztp = lines(args.data / "kasztp.txt")

        ui_port = free_port()
        with Cluster(workers=2, cores=1, memory="3g") as cluster:
            spark = cluster.session(
                "weburl-bench",
                executor_memory=args.executor_memory,
                **{
                    "spark.ui.enabled": "true",
                    "spark.ui.port": str(ui_port),
                    "spark.executor.processTreeMetrics.enabled": "true",
                    "spark.executor.metrics.pollingInterval": "500ms",
                    # parse_url answers NULL for a URL java.net.URI rejects (ANSI mode: an error).
                    "spark.sql.ansi.enabled": "false",
                },
            )
            spark.sparkContext.setLogLevel("ERROR")
            weburl_spark.register(spark)
            spark.udf.register("urllib_host", urllib_host)
            df = spark.read.parquet(str(path)).repartition(4).cache()
            rows = df.count()  # read and cached once: the runs below time the functions only

            # (label, column, spark.sql.execution.arrow.maxRecordsPerBatch: Spark's default
            # 10,000 rows, and 100,000)
            cases = [
                ("scan only: `count(url)`", F.col("url"), 10_000),
                ("weburl `url_hostname(url)` (Arrow UDF)", F.expr("url_hostname(url)"), 10_000),
                ("weburl `url_hostname(url)`, Arrow batches of 100,000 rows",
                 F.expr("url_hostname(url)"), 100_000),
                ("Spark `parse_url(url, 'HOST')` (built-in)", F.expr("parse_url(url, 'HOST')"),
                 10_000),
                ("Python UDF `urllib.parse.urlsplit(url).hostname`", F.expr("urllib_host(url)"),
                 10_000),
            ]
            results = []
            for label, column, batch in cases:
                spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(batch))
                took, answered = timed(df, column, args.runs)
                results.append((label, took, answered))
                print(f"{label}: {took:.2f} s, {answered:,} answered", flush=True)
            peaks = executor_peaks(ui_port)

            k = spark.createDataFrame([(u,) for u in kasztp], "url string")
            k = k.select(
                F.expr("url_hostname(url)").alias("w"), F.expr("parse_url(url, 'HOST')").alias("s")
            ).toPandas()
            spark.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    scan = results[0][1]
    print(f"\n{rows:,} rows, 2 workers x 1 core, executor memory {args.executor_memory}, "
          f"best of {args.runs}; load average {os.getloadavg()[0]:.1f}\n")
    print("| | wall s | minus scan, ns/row | rows answered |")
    print("|---|---:|---:|---:|")
    for label, took, answered in results:
        per_row = "" if took is scan else f"{(took - scan) * 1e9 / rows:.0f}"
        print(f"| {label} | {took:.2f} | {per_row} | {answered:,} |")
    print("\nExecutor peaks (JVM heap / Python workers' RSS / JVM RSS, MB):")
    for id_, heap, py, jvm in peaks:
        print(f"  executor {id_}: {heap / 2**20:.0f} / {py / 2**20:.0f} / {jvm / 2**20:.0f}")
    same = ((k.w == k.s) | (k.w.isna() & k.s.isna())).sum()
    w_only = (k.w.notna() & k.s.isna()).sum()
    s_only = (k.w.isna() & k.s.notna()).sum()
    differ = (k.w.notna() & k.s.notna() & (k.w != k.s)).sum()
    print(f"\nkasztp.txt ({len(k):,} URLs): parse_url(url, 'HOST') agrees with url_hostname on "
          f"{same:,}; weburl a host and parse_url NULL: {w_only:,}; parse_url a host and weburl "
          f"NULL: {s_only:,}; both a host, different: {differ:,}")
    if differ:
        print(k[k.w.notna() & k.s.notna() & (k.w != k.s)].head(10).to_string())


if __name__ == "__main__":
    main()
