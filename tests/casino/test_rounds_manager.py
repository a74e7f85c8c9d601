"""A manager voids or settles a disputed round; every staff action is logged (RULES §3)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from croupier.casino import BadInput, Casino, Profile, Refused, Role, RoundClosed
from croupier.casino.drill import Drill
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.models import Person
from croupier.store.round_models import Phase, StaffAction, TableMode
from croupier.store.testing import SettableClock

from .conftest import hold

LIMITS = Limits(100, 10_000, 1_000_000)


def playing_round(casino: Casino, new_player: Callable[..., Profile]) -> tuple[str, str, Rounds]:
    """A round in play: Anna has played box 1 (ANTE + BET = 3000 held), box 3 still decides."""
    ann, bob = new_player().card_number, new_player("Boris").card_number
    casino.cashier.buy_chips("buy-a", ann, 50_000)
    casino.cashier.buy_chips("buy-b", bob, 50_000)
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC))
    tables.sit(table.id, ann, 1)
    tables.sit(table.id, bob, 3)
    rounds = Rounds(casino.store, casino.ledger)
    rounds.stake("s1", table.id, ann, 1, {"ante": 1000})
    rid = rounds.stake("s2", table.id, bob, 3, {"ante": 1000}).round_id
    rounds.act("a1", rid, ann, {"box": 1, "act": "play"})
    return rid, ann, rounds


def test_manager_void_returns_every_stake_and_is_logged(
    casino: Casino, new_player: Callable[..., Profile], clock: SettableClock
) -> None:
    rid, ann, rounds = playing_round(casino, new_player)
    boss = new_player("Marina Boss", role=Role.MANAGER).card_number
    assert casino.ledger.balance(ann) == 47_000
    view = rounds.void(rid, boss, "the dealer exposed a card")
    assert view.phase is Phase.VOID and view.server_seed is not None
    assert casino.ledger.balance(ann) == 50_000
    with casino.store.read() as session:
        (log,) = session.scalars(select(StaffAction).where(StaffAction.round_id == rid))
        who = session.get_one(Person, log.person_id).card_number
    assert (who, log.action, log.reason, log.at) == (
        boss,
        "void",
        "the dealer exposed a card",
        clock(),
    )
    assert casino.audit().ok
    with pytest.raises(RoundClosed):
        rounds.void(rid, boss, "again")


def test_manager_settles_a_disputed_round_with_default_decisions_logged(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    rid, _ann, rounds = playing_round(casino, new_player)
    boss = new_player("Marina Boss", role=Role.MANAGER).card_number
    view = rounds.settle_disputed(rid, boss, "the player's connection dropped")
    assert view.phase is Phase.SETTLED and view.settlement is not None
    assert casino.audit().ok
    with casino.store.read() as session:
        actions = [s.action for s in session.scalars(select(StaffAction))]
    assert actions == ["settle"]


def test_only_a_manager_with_a_reason_may_void_and_nothing_changes_otherwise(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    rid, ann, rounds = playing_round(casino, new_player)
    cashier = new_player("Kassa", role=Role.CASHIER).card_number
    boss = new_player("Marina Boss", role=Role.MANAGER).card_number
    before = rounds.view(rid, Viewer.house())
    with pytest.raises(Refused, match="not a manager"):
        rounds.void(rid, ann, "I lost")
    with pytest.raises(Refused, match="not a manager"):
        rounds.void(rid, cashier, "a cashier cannot")
    with pytest.raises(BadInput, match="reason"):
        rounds.void(rid, boss, "  ")
    assert rounds.view(rid, Viewer.house()) == before
    with casino.store.read() as session:
        assert session.scalars(select(StaffAction)).all() == []


def test_books_find_a_hold_taken_without_its_event(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    drill = Drill(casino, seed=3)
    drill.setup(players=2, tables=1)
    rid, ann, _ = playing_round(casino, new_player)
    drill.log.players.append(ann)
    assert drill.books() == []
    hold(casino, rid, ann, 700)  # chips held behind the runner's back
    assert any(f"round {rid}: holds" in p for p in drill.books())


def test_recover_finishes_a_manager_void_cut_short_by_a_crash(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    rid, ann, _ = playing_round(casino, new_player)
    boss = new_player("Marina Boss", role=Role.MANAGER)
    # What a crash right after logging the void leaves: the log, the chips still held.
    with casino.store.write() as session:
        session.add(
            StaffAction(
                round_id=rid, person_id=boss.id, action="void", reason="fire alarm", at=clock_now()
            )
        )
    assert casino.ledger.balance(ann) == 47_000
    assert Rounds(casino.store, casino.ledger).recover() == [f"{rid}: void"]
    assert casino.ledger.balance(ann) == 50_000
    assert Rounds(casino.store).view(rid, Viewer.house()).phase is Phase.VOID
    assert casino.audit().ok


def clock_now() -> datetime:
    return datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
