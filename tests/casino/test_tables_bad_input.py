"""Bad input to tables and rounds is refused with a clear error and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import func, select

from croupier.casino import BadInput, Casino, CasinoError, NotFound, Profile, Refused
from croupier.casino.errors import InsufficientFunds
from croupier.casino.rounds import IllegalIntent, Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store import Store
from croupier.store.round_models import RoundEvent, Seat, TableMode, TableRound

from .conftest import ledger_snapshot

LIMITS = Limits(100, 10_000, 1_000_000)


def everything(store: Store) -> tuple[object, ...]:
    """The ledger, and every round record, event and seat."""
    with store.read() as session:
        rounds = tuple(
            session.execute(
                select(TableRound.id, TableRound.phase, TableRound.events).order_by(TableRound.id)
            )
        )
        counts = tuple(
            session.scalar(select(func.count()).select_from(model)) for model in (RoundEvent, Seat)
        )
    return ledger_snapshot(store), rounds, counts


@pytest.fixture
def table_setup(casino: Casino, new_player: Callable[..., Profile]) -> dict[str, Any]:
    ann, bob = new_player().card_number, new_player("Boris Orlov").card_number
    casino.cashier.buy_chips("buy-ann", ann, 50_000)
    casino.cashier.buy_chips("buy-bob", bob, 500)
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC))
    tables.sit(table.id, ann, 1)
    tables.sit(table.id, bob, 3)
    return {"ann": ann, "bob": bob, "table": table.id, "tables": tables}


def refused(
    store: Store, error: type[CasinoError], words: str, command: Callable[[], object]
) -> None:
    before = everything(store)
    with pytest.raises(error, match=words):
        command()
    assert everything(store) == before


def test_bad_stakes_refused_and_nothing_changes(
    casino: Casino, table_setup: dict[str, Any]
) -> None:
    rounds = Rounds(casino.store, casino.ledger)
    ann, bob, table = table_setup["ann"], table_setup["bob"], table_setup["table"]
    store = casino.store
    refused(store, NotFound, "no table 99", lambda: rounds.stake("k1", 99, ann, 1, {"ante": 500}))
    refused(store, BadInput, "table id", lambda: rounds.stake("k1", "t1", ann, 1, {"ante": 500}))  # type: ignore[arg-type]
    refused(
        store,
        Refused,
        "ANTE 50 is outside the table limits",
        lambda: rounds.stake("k1", table, ann, 1, {"ante": 50}),
    )
    refused(
        store,
        Refused,
        "ANTE 20000 is outside the table limits",
        lambda: rounds.stake("k1", table, ann, 1, {"ante": 20_000}),
    )
    refused(store, BadInput, "negative", lambda: rounds.stake("k1", table, ann, 1, {"ante": -500}))
    refused(
        store, BadInput, "whole number", lambda: rounds.stake("k1", table, ann, 1, {"ante": 5.5})
    )
    refused(
        store, BadInput, "whole number", lambda: rounds.stake("k1", table, ann, 1, {"ante": "500"})
    )
    refused(
        store, Refused, "does not hold", lambda: rounds.stake("k1", table, ann, 3, {"ante": 500})
    )
    refused(
        store,
        InsufficientFunds,
        "has 500",
        lambda: rounds.stake("k1", table, bob, 3, {"ante": 600}),
    )


def test_bad_actions_refused_and_nothing_changes(
    casino: Casino, table_setup: dict[str, Any]
) -> None:
    rounds = Rounds(casino.store, casino.ledger)
    ann, bob, table = table_setup["ann"], table_setup["bob"], table_setup["table"]
    store = casino.store
    rounds.stake("s1", table, ann, 1, {"ante": 1000})
    view = rounds.stake("s2", table, bob, 3, {"ante": 200})
    rid = view.round_id
    assert view.turn is not None and view.turn.box == 1
    refused(
        store,
        NotFound,
        "no round",
        lambda: rounds.act("k", "t9-r9", ann, {"box": 1, "act": "play"}),
    )
    # Out of turn: box 3 decides after box 1.
    refused(
        store, IllegalIntent, "box 3", lambda: rounds.act("k", rid, bob, {"box": 3, "act": "fold"})
    )
    # Someone else's box.
    refused(
        store,
        Refused,
        "does not hold",
        lambda: rounds.act("k", rid, bob, {"box": 1, "act": "fold"}),
    )
    refused(
        store, IllegalIntent, "dance", lambda: rounds.act("k", rid, ann, {"box": 1, "act": "dance"})
    )
    refused(store, BadInput, "action", lambda: rounds.act("k", rid, ann, ["fold"]))  # type: ignore[arg-type]
    refused(
        store,
        BadInput,
        "negative",
        lambda: rounds.act("k", rid, ann, {"box": 1, "act": "insure", "amount": -5}),
    )
    # Bob's 500 cannot cover his BET after his box is reached.
    rounds.act("a1", rid, ann, {"box": 1, "act": "play"})
    refused(
        store,
        InsufficientFunds,
        "needed",
        lambda: rounds.act("k2", rid, bob, {"box": 3, "act": "play"}),
    )
    assert rounds.view(rid, Viewer.house()).turn is not None


def test_sit_refusals(
    casino: Casino, table_setup: dict[str, Any], new_player: Callable[..., Profile]
) -> None:
    tables: Tables = table_setup["tables"]
    ann, table = table_setup["ann"], table_setup["table"]
    store = casino.store
    refused(
        store,
        Refused,
        "taken by another",
        lambda: tables.sit(table, new_player("Carl").card_number, 1),
    )
    refused(store, Refused, "already yours", lambda: tables.sit(table, ann, 1))
    refused(store, BadInput, "has boxes 1 to 4, not 9", lambda: tables.sit(table, ann, 9))
    refused(store, NotFound, "no table", lambda: tables.sit(42, ann))
    personal = tables.create(TableConfig("russian", LIMITS, TableMode.PERSONAL))
    tables.sit(personal.id, ann, 1)
    refused(store, Refused, "personal", lambda: tables.sit(personal.id, table_setup["bob"], 2))
    with pytest.raises(BadInput, match="profile"):
        tables.create(TableConfig("no-such-game", LIMITS))
