"""``--cluster``: the strategy run's chunks as tasks on a real Ray cluster (a
head and two worker nodes on this machine, one CPU each), the same figures as
the local run, written to the same cache. The local run never imports Ray."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier.math.stud import strategy
from croupier.profiles import load

MB = 1024 * 1024
CHUNKS = [0, 268]  # the first and the last chunk (a short one)


@pytest.fixture
def ray_cluster() -> Iterator[str]:
    """A head that runs nothing and two worker nodes of one CPU each, small object
    stores; shut down whatever happens."""
    ray = pytest.importorskip("ray")
    from ray.cluster_utils import Cluster

    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 0, "object_store_memory": 80 * MB, "include_dashboard": False},
    )
    try:
        for _ in range(2):
            cluster.add_node(num_cpus=1, object_store_memory=80 * MB)
        cluster.wait_for_nodes()
        yield cluster.address
    finally:
        ray.shutdown()
        cluster.shutdown()


@pytest.mark.soak  # a real head and two workers (half a minute); make soak installs Ray
def test_a_ray_cluster_with_two_workers_gives_the_local_figures(
    ray_cluster: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    local = [strategy.compute("five-card-exchange", "play", c) for c in CHUNKS]
    # The nodes and this process keep the usual cache (tables); the chunks go to a fresh one.
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path))
    on_cluster = strategy.run("five-card-exchange", "play", CHUNKS, workers=1, cluster=ray_cluster)
    assert on_cluster == local
    profile = load("five-card-exchange")
    assert [strategy.load_chunk(profile, "play", c) for c in CHUNKS] == local
    assert not list((tmp_path / "stud-strategy").glob("*/play/*.tmp"))


def test_the_local_run_does_not_import_ray() -> None:
    code = (
        "import sys, croupier.cli, croupier.math.stud.strategy as s\n"
        "list(s._computed('five-card-exchange', 'play', [], 1, None))\n"
        "assert 'ray' not in sys.modules, 'ray imported'\n"
    )
    src = Path(strategy.__file__).parents[3]
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
