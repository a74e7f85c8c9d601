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
from sqlalchemy import func, select

from croupier.casino import Casino, Profile, Registration, Role
from croupier.casino.holds import hold_chips
from croupier.casino.ledger import open_round_in
from croupier.casino.players import find_person
from croupier.games.base import BoxSettlement, Settlement, StakeLine
from croupier.store import Store
from croupier.store.models import Account, IdempotencyRecord, LedgerTransaction, Posting, Round
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


def ledger_snapshot(store: Store) -> tuple[object, ...]:
    """Everything a refused command must leave as it was."""
    with store.read() as session:
        balances = tuple(
            session.execute(select(Account.code, Account.balance).order_by(Account.id))
        )
        counts = tuple(
            session.scalar(select(func.count()).select_from(model))
            for model in (Posting, LedgerTransaction, IdempotencyRecord, Round)
        )
        rounds = tuple(session.execute(select(Round.id, Round.status).order_by(Round.id)))
    return balances, counts, rounds


def settlement(*boxes: tuple[int, str, list[tuple[str, int, int]]]) -> Settlement:
    """A settlement from ``(box, card, [(line, staked, returned), ...])`` tuples."""
    return Settlement(
        tuple(
            BoxSettlement(box, card, tuple(StakeLine(line, s, r) for line, s, r in lines))
            for box, card, lines in boxes
        )
    )


@pytest.fixture
def snapshot(store: Store) -> Callable[[], tuple[object, ...]]:
    return lambda: ledger_snapshot(store)


@pytest.fixture
def settlement_of() -> Callable[..., Settlement]:
    return settlement


def open_round(casino: Casino, round_id: str, currency: str = "RUB") -> None:
    """A ledger round opened the way the round runner opens one (``open_round_in``)."""
    with casino.store.write() as session:
        open_round_in(session, casino.store, round_id, currency)


def hold(casino: Casino, round_id: str, card: str, amount: int, memo: str = "stake") -> int:
    """Chips held for a round the way the round runner holds them (``hold_chips``, one
    transaction); the player's chips after it."""
    with casino.store.write() as session:
        hold_chips(session, casino.store, round_id, find_person(session, card), amount, memo)
    return casino.ledger.balance(card)
