"""A Spark standalone cluster on 127.0.0.1 for the tests and the bench: a master and workers
started from the ``pyspark`` package's own ``bin/spark-class``, each in its own process group,
and stopped (the whole group, SIGTERM then SIGKILL) by :meth:`Cluster.stop`, which the context
manager, an ``atexit`` hook and SIGTERM/SIGHUP handlers (installed while the cluster runs) call,
so that nothing outlives the run even when a test fails or the interpreter exits on an error.
When the Python process is killed outright (SIGKILL), the kernel kills the children: they are
started (:func:`spawn`) with ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` on Linux.

>>> with Cluster(workers=2) as cluster:          # doctest: +SKIP
...     spark = cluster.session("job")
"""

import atexit
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HOST = "127.0.0.1"


def spark_home():
    """The ``pyspark`` package's directory: it carries Spark's jars and ``bin/``."""
    import pyspark

    return Path(pyspark.__file__).resolve().parent


def java_missing():
    """Why the cluster cannot start (no ``java``), or ``None`` when it can."""
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return "no Java: `java` is not on PATH and JAVA_HOME is unset"
    return None


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


PR_SET_PDEATHSIG = 1


def _die_with_parent(parent):
    """In the child between fork and exec: a new session, and (Linux) SIGKILL when the parent
    dies; if the parent died before the ``prctl``, exit at once."""
    os.setsid()
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            return
        if os.getppid() != parent:
            os._exit(1)


def spawn(cmd, **kwargs):
    """``subprocess.Popen(cmd, **kwargs)`` in a new session (its own process group, stopped by
    :func:`stop_group`) and, on Linux, killed by the kernel when this process dies."""
    parent = os.getpid()
    return subprocess.Popen(cmd, preexec_fn=lambda: _die_with_parent(parent), **kwargs)


def _alive(pid):
    try:
        os.killpg(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_group(process, grace=10.0):
    """Stops ``process`` and every process of its group: SIGTERM, then SIGKILL after
    ``grace`` seconds. The group's id is the process's (:func:`spawn` starts it in a new
    session)."""
    pgid = process.pid
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
        if not _alive(pgid):
            break
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and _alive(pgid):
            try:
                process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass


class Cluster:
    """A standalone master and ``workers`` workers (``cores`` cores and ``memory`` each) on
    127.0.0.1; the workers run Python UDFs with this interpreter."""

    def __init__(self, workers=2, cores=1, memory="2g", timeout=120.0):
        self.workers = workers
        self.cores = cores
        self.memory = memory
        self.timeout = timeout
        self.processes = []
        self.work = Path(tempfile.mkdtemp(prefix="weburl-spark-"))
        self.port = free_port()
        self.webui = free_port()
        self.url = f"spark://{HOST}:{self.port}"
        self.session_ = None
        self._stopped = False
        self._previous_handlers = {}
        atexit.register(self.stop)

    def _install_signal_handlers(self):
        """SIGTERM and SIGHUP (unless ignored) stop the cluster, then get their previous
        handling (the default: the process ends with the signal)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in (signal.SIGTERM, signal.SIGHUP):
            previous = signal.getsignal(sig)
            if previous in (signal.SIG_IGN, None):
                continue
            self._previous_handlers[sig] = previous
            signal.signal(sig, self._on_signal)

    def _restore_signal_handlers(self):
        if threading.current_thread() is not threading.main_thread():
            return
        for sig, previous in self._previous_handlers.items():
            if signal.getsignal(sig) == self._on_signal:
                signal.signal(sig, previous)
        self._previous_handlers = {}

    def _on_signal(self, sig, frame):
        previous = self._previous_handlers.get(sig, signal.SIG_DFL)
        self.stop()
        signal.signal(sig, previous)
        if callable(previous):
            previous(sig, frame)
        else:
            os.kill(os.getpid(), sig)

    def _env(self):
        env = dict(os.environ)
        env.update(
            SPARK_HOME=str(spark_home()),
            SPARK_LOCAL_IP=HOST,
            SPARK_LOG_DIR=str(self.work / "logs"),
            SPARK_WORKER_DIR=str(self.work / "work"),
            SPARK_LOCAL_DIRS=str(self.work / "local"),
            PYSPARK_PYTHON=sys.executable,
            PYSPARK_DRIVER_PYTHON=sys.executable,
        )
        return env

    def _spawn(self, name, *args):
        log = open(self.work / f"{name}.log", "wb")
        cmd = [str(spark_home() / "bin" / "spark-class"), *args]
        process = spawn(
            cmd,
            env=self._env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        log.close()
        self.processes.append(process)
        return process

    def log(self, name):
        path = self.work / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def _status(self):
        with urllib.request.urlopen(f"http://{HOST}:{self.webui}/json/", timeout=2) as r:
            return json.load(r)

    def start(self):
        self._install_signal_handlers()
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self):
        self._spawn(
            "master",
            "org.apache.spark.deploy.master.Master",
            "--host", HOST, "--port", str(self.port), "--webui-port", str(self.webui),
        )
        for i in range(self.workers):
            self._spawn(
                f"worker{i}",
                "org.apache.spark.deploy.worker.Worker",
                "--host", HOST, "--webui-port", str(free_port()),
                "--cores", str(self.cores), "--memory", self.memory,
                "--work-dir", str(self.work / f"work{i}"),
                self.url,
            )
        deadline = time.monotonic() + self.timeout
        while True:
            for p in self.processes:
                if p.poll() is not None:
                    raise RuntimeError(
                        f"a Spark process exited ({p.args[1]}, code {p.returncode}):\n"
                        + "\n".join(self.log(n)[-2000:] for n in self.names())
                    )
            try:
                status = self._status()
                if sum(w.get("state") == "ALIVE" for w in status.get("workers", [])) >= self.workers:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"the cluster was not up after {self.timeout:.0f} s:\n"
                    + "\n".join(self.log(n)[-2000:] for n in self.names())
                )
            time.sleep(0.5)

    def names(self):
        return ["master"] + [f"worker{i}" for i in range(self.workers)]

    def session(self, name, executor_memory="1g", **conf):
        """A SparkSession on the cluster: one executor per worker."""
        from pyspark.sql import SparkSession

        os.environ.update(SPARK_LOCAL_IP=HOST, PYSPARK_PYTHON=sys.executable)
        builder = (
            SparkSession.builder.master(self.url)
            .appName(name)
            .config("spark.driver.host", HOST)
            .config("spark.driver.bindAddress", HOST)
            .config("spark.executor.memory", executor_memory)
            .config("spark.executor.cores", str(self.cores))
            .config("spark.cores.max", str(self.cores * self.workers))
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.local.dir", str(self.work / "driver"))
            .config("spark.sql.shuffle.partitions", str(2 * self.workers))
        )
        for key, value in conf.items():
            builder = builder.config(key, value)
        self.session_ = builder.getOrCreate()
        return self.session_

    def pids(self):
        return [p.pid for p in self.processes]

    def stop(self):
        """Stops the session (if any), then every process group started; idempotent."""
        if self._stopped:
            return
        self._stopped = True
        try:
            if self.session_ is not None:
                self.session_.stop()
        except Exception:  # the JVM may be gone already; the groups are stopped below
            pass
        finally:
            for p in reversed(self.processes):
                stop_group(p)
            shutil.rmtree(self.work, ignore_errors=True)
            atexit.unregister(self.stop)
            self._restore_signal_handlers()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False
