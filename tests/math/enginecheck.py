"""What every "the analysis played through the engine" check asserts (check (2)
of issue 14): rounds played from random deals by a strategy, each round's net
through the real engine against the EV the analysis gives its class.

Paired, the difference has a small spread, so a few hundred rounds already test
every class's EV; over 10^6 rounds the mean net must land on the whole run's
figure. Five and a half standard errors: a false alarm about 4e-8 per test (the
means of these many rounds are very near normal).

>>> import numpy as np
>>> nets = np.array([1.0, -1.0, 2.0, -1.0]); evs = np.array([0.9, -1.0, 1.9, -0.9])
>>> lands_on(nets - evs, 0.0)
True
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

Z = 5.5


def lands_on(sample: NDArray[np.float64], figure: float, z: float = Z) -> bool:
    """Whether the mean of ``sample`` is within ``z`` standard errors of ``figure``."""
    return bool(abs(sample.mean() - figure) <= z * sample.std(ddof=1) / math.sqrt(len(sample)))


def _interval(sample: NDArray[np.float64]) -> str:
    """The mean and its 99 % interval, as the docs print them."""
    return f"{sample.mean():+.5f} +- {2.576 * sample.std(ddof=1) / math.sqrt(len(sample)):.5f}"


def assert_earns_its_ev(
    nets: NDArray[np.float64], evs: NDArray[np.float64], figure: float | None = None
) -> None:
    """Each round's net earns its class's EV (paired); with ``figure``, the mean
    net also lands on the whole run's figure."""
    gap = nets - evs
    print(f"{len(gap)} samples: net - EV {_interval(gap)}, mean net {_interval(nets)}"
          + ("" if figure is None else f" against the figure {figure:+.5f}"))  # fmt: skip
    assert lands_on(gap, 0.0), f"net - EV: mean {gap.mean():+.5f}, sd {gap.std(ddof=1):.4f}"
    if figure is not None:
        assert lands_on(nets, figure), f"mean net {nets.mean():+.5f} against {figure:+.5f}"
