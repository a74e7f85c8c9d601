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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first: the browser flows (up to 40 s each), then those marked ``slow``,
    then the rest, each module's tests kept together and in order (a stable sort). xdist hands
    out the tests in this order, one or two at a time to whichever worker is free, so the short
    tests come last and fill the gaps: the two workers end within seconds of each other instead
    of one finishing a long browser flow alone (they were last in the collection)."""

    def length(item: pytest.Item) -> int:
        if item.get_closest_marker("browser"):
            return 0
        return 1 if item.get_closest_marker("slow") else 2

    items.sort(key=length)
    if config.getoption("loadgroup", False):
        for item in items:
            if item.path.parent.name == "math" and item.path.name.startswith("test_stud_"):
                item.add_marker(pytest.mark.xdist_group(STUD_KERNELS))
            _in_its_xdist_group(item)


# The stud math tests, on one worker: in a new checkout numba compiles each kernel the first
# time it runs (a minute and a half for them all, kept in __pycache__ after), and each worker
# builds every profile's counting tables for itself; on two workers both did it, at once.
STUD_KERNELS = "stud-kernels"


def _in_its_xdist_group(item: pytest.Item) -> None:
    """Give a test marked ``xdist_group(name)`` the id ``<id>@name``, by which ``--dist loadgroup``
    sends the whole group to one worker. xdist 3.8 writes it to ``item._nodeid``, which pytest 9
    no longer reads (the id lives in ``item._id``), so the groups were silently ignored."""
    marks = item.iter_markers("xdist_group")
    names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in marks})
    if not names or "@" in item.nodeid.rsplit("]", 1)[-1] or not hasattr(item, "_id"):
        return  # not grouped, or xdist did it (a version that writes where pytest reads)
    item._id = type(item._id).parse(f"{item.nodeid}@{'_'.join(names)}")
