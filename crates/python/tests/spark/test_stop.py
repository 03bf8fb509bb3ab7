"""The cluster's processes are stopped whatever happens: an error inside ``with Cluster()``,
an error while it starts, and an interpreter leaving without stopping it (``atexit``)."""

import os
import subprocess
import sys
import textwrap

import pytest
from cluster import Cluster, _alive, java_missing
from conftest import HERE

pytestmark = pytest.mark.skipif(java_missing() is not None, reason=str(java_missing()))


def test_error_inside_with_stops_everything():
    pids = []
    with pytest.raises(RuntimeError, match="a test failed"):
        with Cluster(workers=1) as cluster:
            pids = cluster.pids()
            assert pids and all(_alive(p) for p in pids)
            raise RuntimeError("a test failed")
    assert pids and not any(_alive(p) for p in pids)
    assert not cluster.work.exists()


def test_error_while_starting_stops_everything():
    cluster = Cluster(workers=1, timeout=0.01)
    with pytest.raises(TimeoutError):
        cluster.start()
    assert cluster.pids() and not any(_alive(p) for p in cluster.pids())


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
