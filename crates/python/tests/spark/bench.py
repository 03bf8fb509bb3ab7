"""``cargo xtask spark bench [--rows N] [--runs N] [--kinds K,...]``: ``url_hostname`` through
weburl (an Arrow UDF over ``weburl.arrow``) against Spark's built-in ``parse_url(url, 'HOST')``
(java.net.URI), a row-at-a-time Python UDF with ``urllib.parse`` and a no-op Arrow UDF (Spark's
floor for any Arrow UDF: the column to the Python worker and back, no work), over the same N
rows (default 10 M: the URL corpora of ../shared/datasets repeated), cached in the executors'
memory (checked through the REST API before and after the rounds: the bench fails if a
partition is missing or on disk), on a standalone cluster of two one-core workers on
127.0.0.1 (``cluster.py``). ``--kinds`` adds no-op UDFs of other kinds (:data:`KINDS`).

The variants take turns: each round runs every one once, starting one further along each
round, and each one's least CPU and best wall time of ``--runs`` rounds are kept (the table
says which rounds), so that a change of the machine's load during the bench falls on all of
them alike; the load average is printed at the start and the end. CPU time comes first: what
the executors' JVMs and their Python workers spent in the run (``/proc``, Linux; the Python
workers are the JVMs' descendants). The wall time favours an Arrow UDF on a loaded machine (its
task thread, writer thread and Python worker run at once and get more of the CPU than a
built-in's one thread); "CPUs used" (CPU s over wall s) shows how much. Then the ratios, the
executors' peak memory, and how often ``parse_url`` agrees with weburl on the kasztp corpus.
Prints a Markdown table (docs/performance.md has the last one)."""

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

    executors = {
        pid
        for pid, (_, _, cmdline) in procs.items()
        if pid not in roots and b"CoarseGrainedExecutorBackend" in cmdline and descends(pid)
    }

    def below_executor(pid):
        # By ancestry, not by command line: a worker that has exited and is not yet reaped
        # has an empty command line but still its parent (the daemon) and its CPU time.
        for _ in range(64):
            pid = procs[pid][0] if pid in procs else None
            if pid is None:
                return False
            if pid in executors:
                return True
        return False

    jvm = python = 0
    for pid, (_, ticks, _) in procs.items():
        if pid in executors:
            jvm += ticks[0] + ticks[1]
        elif below_executor(pid):
            # The Python daemon's and each forked worker's own time, and the reaped workers'
            # (cutime, cstime: the daemon's children's).
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


#: ``--kinds``: further no-op UDFs, one for each kind of Python UDF, all returning their
#: input, to compare what each kind costs over the plain ``arrow_udf`` no-op ("noop").
KINDS = {
    "noop_arrow_iter": "no-op `arrow_udf`, iterator form (Iterator[pa.Array] -> Iterator)",
    "noop_pandas": "no-op `pandas_udf` (pandas.Series -> Series)",
    "noop_udf_arrow": "no-op `udf(useArrow=True)` (a Python call a row, Arrow transport)",
    "noop_udf_pickled": "no-op `udf(useArrow=False)` (a Python call a row, pickled rows)",
}


def kind_udf(kind):
    """The no-op UDF of ``kind`` (a key of :data:`KINDS`)."""
    from typing import Iterator

    import pandas as pd
    import pyarrow as pa
    from pyspark.sql.functions import arrow_udf, pandas_udf, udf
    from pyspark.sql.types import StringType

    def arrays(batches: Iterator[pa.Array]) -> Iterator[pa.Array]:
        yield from batches

    def series(s: pd.Series) -> pd.Series:
        return s

    def same(url):
        return url

    return {
        "noop_arrow_iter": lambda: arrow_udf(arrays, StringType()),
        "noop_pandas": lambda: pandas_udf(series, StringType()),
        "noop_udf_arrow": lambda: udf(same, StringType(), useArrow=True),
        "noop_udf_pickled": lambda: udf(same, StringType(), useArrow=False),
    }[kind]()


def application(ui_port):
    """The REST API's address of the one application (the driver's UI)."""
    base = f"http://{HOST}:{ui_port}/api/v1/applications"
    with urllib.request.urlopen(base, timeout=5) as r:
        return f"{base}/{json.load(r)[0]['id']}"


def check_cached(ui_port, when):
    """Prints where the cached rows are (memory and disk used, partitions, per executor) and
    fails unless every partition is cached and nothing is on disk: the bench times the
    functions over rows in the executors' memory, not a re-read or a spill. The storage
    status reaches the UI through its listener, so an incomplete one is asked again for a few
    seconds."""
    app = application(ui_port)
    for attempt in range(20):
        with urllib.request.urlopen(f"{app}/storage/rdd", timeout=5) as r:
            rdds = json.load(r)
        if rdds and all(d["numCachedPartitions"] == d["numPartitions"] for d in rdds):
            break
        time.sleep(0.5)
    if not rdds:
        sys.exit(f"bench: nothing cached {when}")
    for d in rdds:
        with urllib.request.urlopen(f"{app}/storage/rdd/{d['id']}", timeout=5) as r:
            detail = json.load(r)
        per = {}
        for part in detail.get("partitions") or []:
            for executor in part["executors"]:
                per[executor] = per.get(executor, 0) + 1
        where = "; ".join(
            f"{e['address']}: memory {e['memoryUsed'] / 2**20:.0f} MB "
            f"({e['memoryRemaining'] / 2**20:.0f} MB free), disk {e['diskUsed'] / 2**20:.0f} MB"
            for e in detail.get("dataDistribution") or []
        )
        print(f"cache {when}: {d['numCachedPartitions']} of {d['numPartitions']} partitions, "
              f"memory {d['memoryUsed'] / 2**20:.0f} MB, disk {d['diskUsed'] / 2**20:.0f} MB; "
              f"partitions by executor {per}; {where}", flush=True)
        if d["diskUsed"] or d["numCachedPartitions"] != d["numPartitions"]:
            sys.exit(f"bench: the cached rows are not all in memory {when} (see above): "
                     "give the executors more memory (--executor-memory)")


def executor_peaks(ui_port):
    """Each executor's peak JVM heap and Python worker RSS (the driver's REST API)."""
    with urllib.request.urlopen(f"{application(ui_port)}/allexecutors", timeout=5) as r:
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


def per_row(seconds, rows):
    """``seconds`` over ``rows`` in ns/row, or "n/a" below 0 (a time under the scan's: noise)."""
    return "n/a" if seconds < 0 else f"{ns(seconds, rows):,.0f}"


def positive(text):
    """argparse's type for a count above 0."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a count above 0")
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--rows", type=positive, default=10_000_000)
    parser.add_argument("--runs", type=positive, default=3, help="rounds (best of N)")
    # 2g: the 10 M cached rows (about 0.6 GB over the two executors) fit in the storage
    # memory with room for the runs (the workers have 3g); check_cached fails otherwise.
    parser.add_argument("--executor-memory", default="2g")
    parser.add_argument(
        "--kinds", default="",
        help=f"comma-separated further no-op UDF kinds to time: {', '.join(KINDS)}",
    )

    args = parser.parse_args()
    kinds = [k for k in args.kinds.split(",") if k]
    for k in kinds:
        if k not in KINDS:
            parser.error(f"--kinds: {k!r} is not one of {', '.join(KINDS)}")

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
            from pyspark.sql.functions import udf
            from pyspark.sql.types import StringType

            # Row at a time, pickled, named: PySpark 4.1's default for udf() (Spark 4.2 makes
            # Arrow the default; spark.sql.execution.pythonUDF.arrow.enabled).
            spark.udf.register("urllib_host", udf(urllib_host, StringType(), useArrow=False))
            identity, nulls = noop_udfs()
            df = spark.read.parquet(str(path)).repartition(4).cache()
            rows = df.count()  # read and cached once: the runs below time the functions only
            check_cached(ui_port, "after df.count()")
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
                ("urllib", "Python UDF `urllib.parse.urlsplit(url).hostname` "
                 "(`udf(useArrow=False)`: row at a time, pickled)",
                 F.expr("urllib_host(url)"), DEFAULT_BATCH),
                ("noop_large", "no-op Arrow UDF, Arrow batches of 100,000 rows", identity("url"),
                 LARGE_BATCH),
                ("weburl_large", "weburl `url_hostname(url)`, Arrow batches of 100,000 rows",
                 hostname, LARGE_BATCH),
            ]
            cases += [(k, KINDS[k], kind_udf(k)("url"), DEFAULT_BATCH) for k in kinds]
            # Not timed: each variant once over a few rows in every partition, so that the
            # executors' Python workers are started, their imports made and the JVMs' code
            # compiled before the first timed run (else the first Python variant pays for it).
            warm = spark.createDataFrame([(u,) for u in corpus[:4_000]], "url string")
            warm = warm.repartition(4).cache()
            for key, _, column, batch in cases:
                timed(spark, warm, column, batch, roots)
            warm.unpersist()
            best = {}  # key: (wall s, answered, JVM CPU s, Python CPU s, round) of its best run
            least_cpu = {}  # key: (JVM CPU s, Python CPU s, round) of its run of least CPU
            for round_ in range(args.runs):
                # Each round starts one further along, so that no variant always runs first
                # (after the cache's last use) or always follows the same one.
                shift = round_ % len(cases)
                for key, label, column, batch in cases[shift:] + cases[:shift]:
                    took, answered, jvm, python = timed(spark, df, column, batch, roots)
                    if key not in best or took < best[key][0]:
                        best[key] = (took, answered, jvm, python, round_ + 1)
                    if jvm is not None and (
                        key not in least_cpu or jvm + python < sum(least_cpu[key][:2])
                    ):
                        least_cpu[key] = (jvm, python, round_ + 1)
                    cpu = "" if jvm is None else (
                        f"; CPU: JVMs {jvm:.2f} s, Python {python:.2f} s, "
                        f"CPUs used {(jvm + python) / took:.2f}"
                    )
                    print(f"round {round_ + 1}, {label}: {took:.2f} s, {answered:,} answered{cpu}",
                          flush=True)
            spark.conf.unset("spark.sql.execution.arrow.maxRecordsPerBatch")
            check_cached(ui_port, "after the rounds")
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
    scan_cpu = sum(least_cpu["scan"][:2]) if "scan" in least_cpu else None
    print(f"\n{rows:,} rows, 2 workers x 1 core, executor memory {args.executor_memory}, "
          f"best of {args.runs} rounds; load average (1, 5, 15 min) "
          f"{', '.join(f'{x:.1f}' for x in load_start)} at the start, "
          f"{', '.join(f'{x:.1f}' for x in load_end)} at the end\n")
    # CPU first: an Arrow UDF keeps three threads busy at once (the executor's task thread, its
    # writer thread and the Python worker), a built-in one, so on a loaded machine the wall
    # time favours the UDF (more runnable threads, more of the CPU); "CPUs used" (CPU s over
    # wall s, of the best wall round) shows it. CPU: the round of least CPU; wall: the best.
    print("| | CPU ns/row, minus scan | CPU: executor JVMs | Python workers | wall s "
          "| wall minus scan, ns/row | CPUs used | round: least CPU, best wall "
          "| rows answered |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for key, label, _, _ in cases:
        took, answered, wall_jvm, wall_python, wall_round = best[key]
        wall_row = "" if key == "scan" else per_row(took - scan, rows)
        if key in least_cpu:
            jvm, python, cpu_round = least_cpu[key]
            cpu_row = "" if key == "scan" else per_row(jvm + python - scan_cpu, rows)
            used = f"{(wall_jvm + wall_python) / took:.2f}"
            cpu = f"{cpu_row} | {ns(jvm, rows):,.0f} | {ns(python, rows):,.0f}"
            rounds = f"{cpu_round}, {wall_round}"
        else:
            cpu, used, rounds = " | | ", "", f"-, {wall_round}"
        print(f"| {label} | {cpu} | {took:.2f} | {wall_row} | {used} | {rounds} | "
              f"{answered:,} |")

    def ratio(a, b):
        """How many times ``a``'s time (minus the scan's) ``b``'s is, by CPU and by wall."""
        def quotient(x, y):
            # Below the scan's time (noise, on a few rows) there is no ratio to give.
            return "n/a" if x <= 0 or y <= 0 else f"{x / y:.2f}x"

        text = ""
        if scan_cpu is not None and a in least_cpu and b in least_cpu:
            cpu = quotient(sum(least_cpu[a][:2]) - scan_cpu, sum(least_cpu[b][:2]) - scan_cpu)
            text = f"{cpu} by CPU time, "
        wall = quotient(best[a][0] - scan, best[b][0] - scan)
        return text + f"{wall} by wall time (the UDF's pipelining included)"

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
