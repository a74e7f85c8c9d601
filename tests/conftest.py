"""Shared test set-up."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "default")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``@pytest.mark.sizes(fast, full)`` takes ``size``: it runs once at the
    fast size in ``make test`` and once at the full size, marked ``soak``, in ``make soak``
    (the attack scripts of issue 12 kept as tests: one implementation, a size knob)."""
    marker = metafunc.definition.get_closest_marker("sizes")
    if marker is None or "size" not in metafunc.fixturenames:
        return
    fast, full = marker.args
    metafunc.parametrize(
        "size",
        [pytest.param(fast, id="fast"), pytest.param(full, id="full", marks=pytest.mark.soak)],
    )
