"""Every store test runs against SQLite (a temp file) and PostgreSQL (its own schema).

PostgreSQL must be up (``make test`` starts it): when it is not, the
``postgres`` tests fail, they are not skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier.store import Store
from croupier.store.testing import SettableClock, throwaway_store

DIALECTS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture
def clock() -> SettableClock:
    return SettableClock()


@pytest.fixture(params=DIALECTS)
def store(request: pytest.FixtureRequest, tmp_path: Path, clock: SettableClock) -> Iterator[Store]:
    with throwaway_store(request.param, tmp_path, now=clock) as made:
        yield made
