"""Independent chunks as tasks on a Ray cluster (``--cluster ADDRESS``).

The local process pool is the default and never imports Ray; this module is
imported only when a cluster is named. A chunk is a pure function of its
arguments, so a task on any node computes exactly what a local process would;
the results come back to the caller, which writes them to its own cache (the
nodes need no shared disk and never write it).

The nodes need Python with croupier's dependencies (numpy, numba, ...); the
croupier package itself is shipped with the job (Ray's ``py_modules``), so a
node runs the caller's code, not whatever version it has installed.
Ray is in the ``cluster`` extra: ``pip install 'croupier[cluster]'``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

R = TypeVar("R")

RETRIES = 3  # a task whose node died is run again elsewhere (chunks are pure)


def _ray() -> Any:
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            "--cluster needs Ray: pip install 'croupier[cluster]' (or 'ray')"
        ) from None
    return ray


def run_on_ray(
    address: str, function: Callable[..., R], calls: Sequence[tuple[Any, ...]]
) -> Iterator[R]:
    """``function(*args)`` for every ``args`` of ``calls``, one Ray task each on
    the cluster at ``address``, yielded as they finish (any order). Connects and
    disconnects around the run unless the caller is connected already."""
    ray = _ray()
    import croupier

    connected_here = not ray.is_initialized()
    if connected_here:
        package = Path(croupier.__file__).parent
        ray.init(
            address=address,
            runtime_env={"py_modules": [str(package)]},
            log_to_driver=False,
            logging_level="WARNING",
        )
    try:
        task = ray.remote(num_cpus=1, max_retries=RETRIES)(function)
        pending = [task.remote(*args) for args in calls]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                result: R = ray.get(ref)
                yield result
    finally:
        if connected_here:
            ray.shutdown()
