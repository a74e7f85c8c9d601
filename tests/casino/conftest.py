"""Every casino test runs against SQLite (a temp file) and PostgreSQL (its own schema).

PostgreSQL must be up (``make test`` starts it): when it is not, the
``postgres`` tests fail, they are not skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from croupier.casino import Casino, Profile, Registration, Role
from croupier.store import Store
from croupier.store.testing import SettableClock, throwaway_store

DIALECTS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
# Real argon2id at its cheapest settings, so registering many players stays fast.
FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


@pytest.fixture
def clock() -> SettableClock:
    return SettableClock()


@pytest.fixture(params=DIALECTS)
def store(request: pytest.FixtureRequest, tmp_path: Path, clock: SettableClock) -> Iterator[Store]:
    with throwaway_store(request.param, tmp_path, now=clock) as made:
        yield made


@pytest.fixture
def casino(store: Store) -> Casino:
    return Casino(store, hasher=FAST_HASHER)


@pytest.fixture
def new_player(casino: Casino) -> Callable[..., Profile]:
    """Register an adult player with a fresh document; returns the profile."""
    counter = iter(range(1, 10_000))

    def make(
        name: str = "Anna Petrova",
        *,
        role: Role = Role.PLAYER,
        password: str = "correct horse",
        born: date = date(1990, 5, 17),
    ) -> Profile:
        number = f"4509 {next(counter):06d}"
        return casino.players.register(Registration(name, born, "passport", number, password, role))

    return make
