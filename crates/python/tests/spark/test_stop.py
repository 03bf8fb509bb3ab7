"""The cluster's processes are stopped whatever happens: an error inside ``with Cluster()``,
an error while it starts, an interpreter leaving without stopping it (``atexit``), SIGTERM, and
(Linux) the Python process killed outright (the children's ``PR_SET_PDEATHSIG``)."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from cluster import Cluster, _alive, java_missing
from conftest import HERE

needs_java = pytest.mark.skipif(java_missing() is not None, reason=str(java_missing()))


def gone(pid):
    """The process has exited (a zombie nobody reaped counts as exited)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    except OSError:
        return not _alive(pid)
    return stat[stat.rindex(")") + 2] in "ZX"


def wait_gone(pids, deadline=60.0):
    end = time.monotonic() + deadline
    while time.monotonic() < end and not all(gone(p) for p in pids):
        time.sleep(0.2)
    return all(gone(p) for p in pids)


@needs_java
def test_error_inside_with_stops_everything():
    pids = []
    with pytest.raises(RuntimeError, match="a test failed"):
        with Cluster(workers=1) as cluster:
            pids = cluster.pids()
            assert pids and all(_alive(p) for p in pids)
            raise RuntimeError("a test failed")
    assert pids and not any(_alive(p) for p in pids)
    assert not cluster.work.exists()


@needs_java
def test_error_while_starting_stops_everything():
    cluster = Cluster(workers=1, timeout=0.01)
    with pytest.raises(TimeoutError):
        cluster.start()
    assert cluster.pids() and not any(_alive(p) for p in cluster.pids())


@needs_java
def test_exit_without_stop_stops_everything(tmp_path):
    """A program that starts a cluster and dies on an exception: atexit stops the groups."""
    out = tmp_path / "pids"
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(HERE)!r})
        from cluster import Cluster
        cluster = Cluster(workers=1).start()
        open({str(out)!r}, "w").write(" ".join(map(str, cluster.pids())))
        raise SystemExit("failing on purpose")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=300)
    assert done.returncode != 0
    pids = [int(p) for p in out.read_text().split()]
    assert len(pids) == 2
    assert not any(_alive(p) for p in pids), os.popen("ps -ef").read()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_sigkill_of_the_parent_kills_the_children(tmp_path):
    """A Python process that started long-running children through ``cluster.spawn`` (as the
    cluster starts the JVMs) is SIGKILLed: no atexit, no handler; the kernel kills them."""
    out = tmp_path / "pids"
    script = textwrap.dedent(
        f"""
        import os, sys, time
        sys.path.insert(0, {str(HERE)!r})
        from cluster import spawn
        children = [spawn(["sleep", "600"]) for _ in range(2)]
        with open({str(out)!r} + ".tmp", "w") as f:
            f.write(" ".join(str(c.pid) for c in children))
        os.rename({str(out)!r} + ".tmp", {str(out)!r})
        time.sleep(600)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", script])
    try:
        end = time.monotonic() + 60
        while not out.exists() and time.monotonic() < end and parent.poll() is None:
            time.sleep(0.1)
        pids = [int(p) for p in out.read_text().split()]
        assert len(pids) == 2 and not any(gone(p) for p in pids)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        assert wait_gone(pids), os.popen("ps -ef").read()
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


@needs_java
def test_sigterm_stops_the_cluster(tmp_path):
    """A program with a running cluster gets SIGTERM: the handler stops the cluster, then the
    program ends with the signal."""
    out = tmp_path / "pids"
    script = textwrap.dedent(
        f"""
        import os, sys, time
        sys.path.insert(0, {str(HERE)!r})
        from cluster import Cluster
        cluster = Cluster(workers=1).start()
        with open({str(out)!r} + ".tmp", "w") as f:
            f.write(" ".join(map(str, cluster.pids())))
        os.rename({str(out)!r} + ".tmp", {str(out)!r})
        time.sleep(600)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", script])
    try:
        end = time.monotonic() + 300
        while not out.exists() and time.monotonic() < end and parent.poll() is None:
            time.sleep(0.2)
        pids = [int(p) for p in out.read_text().split()]
        assert len(pids) == 2
        parent.send_signal(signal.SIGTERM)
        assert parent.wait(timeout=120) == -signal.SIGTERM
        assert wait_gone(pids), os.popen("ps -ef").read()
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
