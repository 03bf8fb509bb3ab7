"""The Spark suite (``cargo xtask spark test``, a step of ``cargo xtask test``): a standalone
master and two workers on 127.0.0.1 (``cluster.py``), started once for the session and stopped
at its end, also when a test fails. It runs in ``target/spark-venv`` (pyspark, pyarrow, pandas)
with ``WEBURL_SPARK_TESTS=1``; elsewhere (``pytest crates/python/tests`` in the Python step's
environment, which has no pyspark) this directory is not collected."""

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
DATASETS = ROOT.parent / "shared" / "datasets"
CORPORA = ["kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt"]

if os.environ.get("WEBURL_SPARK_TESTS") != "1":
    collect_ignore_glob = ["*.py"]
else:
    sys.path.insert(0, str(HERE))


def corpus_lines():
    """Every line of the URL corpora in ../shared/datasets (as the benchmarks read them)."""
    lines = []
    for name in CORPORA:
        path = DATASETS / name
        if not path.exists():
            pytest.fail(f"{path} is missing (the corpora come from ../shared/datasets)")
        with open(path, encoding="utf-8-sig") as f:
            lines += [line.rstrip("\n") for line in f if line.strip()]
    return lines


@pytest.fixture(scope="session")
def cluster():
    from cluster import Cluster, java_missing

    why = java_missing()
    if why:
        pytest.skip(why)
    with Cluster(workers=2, cores=1, memory="2g") as c:
        yield c


@pytest.fixture(scope="session")
def spark(cluster):
    from weburl import spark as weburl_spark

    session = cluster.session("weburl-tests")
    session.sparkContext.setLogLevel("ERROR")
    weburl_spark.register(session)
    return session


if os.environ.get("WEBURL_SPARK_TESTS") == "1":

    def pytest_terminal_summary(terminalreporter):
        """The counts in the repository's summary format."""
        stats = terminalreporter.stats
        passed = len(stats.get("passed", []))
        failed = len(stats.get("failed", [])) + len(stats.get("error", []))
        terminalreporter.write_line(f"weburl-spark: {passed} passed, {failed} failed")
