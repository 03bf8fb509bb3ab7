"""``cargo xtask spark bench [--rows N] [--runs N]``: ``url_hostname`` through weburl (an Arrow
UDF over ``weburl.arrow``) against Spark's built-in ``parse_url(url, 'HOST')`` (java.net.URI), a
Python UDF with ``urllib.parse`` and a no-op Arrow UDF (Spark's floor for any Arrow UDF: the
column to the Python worker and back, no work), over the same N rows (default 10 M: the URL
corpora of ../shared/datasets repeated) on a standalone cluster of two one-core workers on
127.0.0.1 (``cluster.py``).

The variants take turns: each round runs every one once, and each one's best wall time of
``--runs`` rounds is kept, so that a change of the machine's load during the bench falls on all
of them alike; the load average is printed at the start and the end. Beside the wall time, the
CPU time the executors' JVMs and their Python workers spent in the run (``/proc``, Linux) says
where the time goes, and is steadier than the wall time on a busy machine. Then the ratios,
the executors' peak memory, and how often ``parse_url`` agrees with weburl on the kasztp
corpus. Prints a Markdown table (docs/performance.md has the last one)."""

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
DEFAULT_BATCH = 10_000  # spark.sql.execution.arrow.maxRecordsPerBatch's default
LARGE_BATCH = 100_000


def lines(path):
    with open(path, encoding="utf-8-sig") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def urllib_host(url):
    try:
        return urllib.parse.urlsplit(url).hostname
    except ValueError:
        return None


def _proc_stat(pid):
    """``(parent pid, [utime, stime, cutime, cstime] in ticks, command line)`` of ``pid``, or
    ``None`` when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmdline = f.read()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[1]), [int(x) for x in fields[11:15]], cmdline


def cluster_cpu(roots):
    """CPU seconds so far of the executors' JVMs and of their Python workers (the daemon, the
    workers it forked, and those it reaped), among the descendants of the processes
    ``roots`` (the master and the workers); ``None`` where ``/proc`` is not there."""
    if not os.path.isdir("/proc/self"):
        return None
    procs = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            stat = _proc_stat(int(name))
            if stat is not None:
                procs[int(name)] = stat

    def descends(pid):
        for _ in range(64):
            if pid in roots:
                return True
            if pid not in procs:
                return False
            pid = procs[pid][0]
        return False

    jvm = python = 0
    for pid, (_, ticks, cmdline) in procs.items():
        if pid in roots or not descends(pid):
            continue
        if b"CoarseGrainedExecutorBackend" in cmdline:
            jvm += ticks[0] + ticks[1]
        elif b"pyspark.daemon" in cmdline:
            # The daemon's and each forked worker's own time; the reaped workers' (cutime,
            # cstime) are the daemon's children's.
            python += sum(ticks)
    tick = os.sysconf("SC_CLK_TCK")
    return jvm / tick, python / tick


def timed(spark, df, column, batch, roots):
    """One evaluation of ``column`` over every row (the count of non-NULL answers, which needs
    every row's answer) with Arrow batches of ``batch`` rows: (wall s, answered, executor JVM
    CPU s, Python worker CPU s)."""
    from pyspark.sql import functions as F

    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(batch))
    before = cluster_cpu(roots)
    start = time.perf_counter()
    answered = df.select(F.count(column)).first()[0]
    took = time.perf_counter() - start
    after = cluster_cpu(roots)
    if before is None or after is None:
        return took, answered, None, None
    return took, answered, after[0] - before[0], after[1] - before[1]


def noop_udfs():
    """Arrow UDFs that do no work: one returns its input (the URL column back), one a column of
    NULLs of the input's length (only the input's way to Python)."""
    import pyarrow as pa
    from pyspark.sql.functions import arrow_udf
    from pyspark.sql.types import StringType

    def identity(array):
        return array

    def nulls(array):
        return pa.nulls(len(array), pa.string())

    return arrow_udf(identity, StringType()), arrow_udf(nulls, StringType())


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


def ns(seconds, rows):
    return seconds * 1e9 / rows


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--runs", type=int, default=3, help="rounds (best of N)")
    parser.add_argument("--executor-memory", default="1g")

    args = parser.parse_args()

    import pyarrow as pa
    import pyarrow.parquet as pq
    from pyspark.sql import functions as F

    from weburl import spark as weburl_spark

    corpus = [u for name in CORPORA for u in lines(args.data / name)]
    repeats = -(-args.rows // len(corpus))
    work = Path(tempfile.mkdtemp(prefix="weburl-spark-bench-"))
    load_start = os.getloadavg()
    try:
        path = work / "urls.parquet"
        urls = pa.array((corpus * repeats)[: args.rows], pa.string())
        pq.write_table(pa.table({"url": urls}), path, row_group_size=256 * 1024)
        del urls
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
            identity, nulls = noop_udfs()
            df = spark.read.parquet(str(path)).repartition(4).cache()
            rows = df.count()  # read and cached once: the runs below time the functions only
            roots = set(cluster.pids())

            hostname = F.expr("url_hostname(url)")
            # (key, label, column, Arrow batch rows: spark.sql.execution.arrow.maxRecordsPerBatch)
            cases = [
                ("scan", "scan only: `count(url)`", F.col("url"), DEFAULT_BATCH),
                ("noop", "no-op Arrow UDF (returns its input): the floor", identity("url"),
                 DEFAULT_BATCH),
                ("nulls", "no-op Arrow UDF returning NULLs (the input's way only)",
                 nulls("url"), DEFAULT_BATCH),
                ("weburl", "weburl `url_hostname(url)` (Arrow UDF)", hostname, DEFAULT_BATCH),
                ("parse_url", "Spark `parse_url(url, 'HOST')` (built-in)",
                 F.expr("parse_url(url, 'HOST')"), DEFAULT_BATCH),
                ("urllib", "Python UDF `urllib.parse.urlsplit(url).hostname`",
                 F.expr("urllib_host(url)"), DEFAULT_BATCH),
                ("noop_large", "no-op Arrow UDF, Arrow batches of 100,000 rows", identity("url"),
                 LARGE_BATCH),
                ("weburl_large", "weburl `url_hostname(url)`, Arrow batches of 100,000 rows",
                 hostname, LARGE_BATCH),
            ]
            # Not timed: each variant once over a few rows in every partition, so that the
            # executors' Python workers are started, their imports made and the JVMs' code
            # compiled before the first timed run (else the first Python variant pays for it).
            warm = spark.createDataFrame([(u,) for u in corpus[:4_000]], "url string")
            warm = warm.repartition(4).cache()
            for key, _, column, batch in cases:
                timed(spark, warm, column, batch, roots)
            warm.unpersist()
            best = {}  # key: (wall s, answered, JVM CPU s, Python CPU s) of its best run
            least_cpu = {}  # key: (JVM CPU s, Python CPU s) of its run of least CPU
            for round_ in range(args.runs):
                for key, label, column, batch in cases:
                    took, answered, jvm, python = timed(spark, df, column, batch, roots)
                    if key not in best or took < best[key][0]:
                        best[key] = (took, answered, jvm, python)
                    if jvm is not None and (
                        key not in least_cpu or jvm + python < sum(least_cpu[key])
                    ):
                        least_cpu[key] = (jvm, python)
                    cpu = "" if jvm is None else f"; CPU: JVMs {jvm:.2f} s, Python {python:.2f} s"
                    print(f"round {round_ + 1}, {label}: {took:.2f} s, {answered:,} answered{cpu}",
                          flush=True)
            spark.conf.unset("spark.sql.execution.arrow.maxRecordsPerBatch")
            peaks = executor_peaks(ui_port)

            k = spark.createDataFrame([(u,) for u in kasztp], "url string")
            k = k.select(
                F.expr("url_hostname(url)").alias("w"), F.expr("parse_url(url, 'HOST')").alias("s")
            ).toPandas()
            spark.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load_end = os.getloadavg()

    scan = best["scan"][0]
    scan_cpu = sum(least_cpu["scan"]) if "scan" in least_cpu else None
    print(f"\n{rows:,} rows, 2 workers x 1 core, executor memory {args.executor_memory}, "
          f"best of {args.runs} rounds; load average (1, 5, 15 min) "
          f"{', '.join(f'{x:.1f}' for x in load_start)} at the start, "
          f"{', '.join(f'{x:.1f}' for x in load_end)} at the end\n")
    print("| | wall s | minus scan, ns/row | CPU ns/row: executor JVMs | Python workers "
          "| rows answered |")
    print("|---|---:|---:|---:|---:|---:|")
    for key, label, _, _ in cases:
        took, answered, _, _ = best[key]
        per_row = "" if key == "scan" else f"{ns(took - scan, rows):,.0f}"
        jvm, python = least_cpu.get(key, (None, None))
        cpu = "| |" if jvm is None else f"| {ns(jvm, rows):,.0f} | {ns(python, rows):,.0f} |"
        print(f"| {label} | {took:.2f} | {per_row} {cpu} {answered:,} |")

    def ratio(a, b):
        """How many times ``a``'s time (minus the scan's) ``b``'s is, by wall and by CPU."""
        def quotient(x, y):
            # Below the scan's time (noise, on a few rows) there is no ratio to give.
            return "n/a" if x <= 0 or y <= 0 else f"{x / y:.2f}x"

        text = f"{quotient(best[a][0] - scan, best[b][0] - scan)} by wall time"
        if scan_cpu is not None and a in least_cpu and b in least_cpu:
            cpu = quotient(sum(least_cpu[a]) - scan_cpu, sum(least_cpu[b]) - scan_cpu)
            text += f", {cpu} by CPU time"
        return text

    print("\nRatios (minus the scan; above 1 is weburl faster):")
    for w in ("weburl", "weburl_large"):
        batch = "default batches" if w == "weburl" else "100,000-row batches"
        print(f"  urllib / weburl ({batch}): {ratio('urllib', w)}")
        print(f"  parse_url / weburl ({batch}): {ratio('parse_url', w)}")
        print(f"  no-op floor / weburl ({batch}): "
              f"{ratio('noop' if w == 'weburl' else 'noop_large', w)}")
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
