"""A decision that ends the round: the decision, its settlement, the round's close and the
idempotency record in one transaction (issue 15), on SQLite and on PostgreSQL.

The transaction is counted on the real engine (SQLAlchemy's ``begin``/``commit`` events
fire for every transaction of the store's connections, whatever runs the statements in
it). The failure is a real one raised by the database inside the settlement: a trigger
the test puts on the ledger's transactions refuses the settlement's row. Everything the
decision wrote must then be gone: its event, the ledger's postings, the key's record; and
the same intent (same key) goes through once the trigger is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, func, select, text
from sqlalchemy.exc import DBAPIError, OperationalError

from croupier.casino import Casino, Profile
from croupier.casino.accounts import DEFAULT_CURRENCY
from croupier.casino.errors import RoundClosed
from croupier.casino.ledger import open_round_currency
from croupier.casino.rounds import Rounds
from croupier.games.base import Viewer
from croupier.store import Store
from croupier.store.hot import Sent
from croupier.store.models import IdempotencyRecord, LedgerTransaction, TxKind
from croupier.store.round_models import Phase, RoundEvent

from .test_rounds import seated_at_russian

FOLD = {"box": 1, "act": "fold"}


@contextmanager
def transactions(store: Store) -> Iterator[list[str]]:
    """The transactions' begins, commits and rollbacks on ``store``'s engine meanwhile."""
    seen: list[str] = []
    listeners: list[tuple[str, Callable[..., None]]] = []
    for name in ("begin", "commit", "rollback"):

        def note(*_args: Any, name: str = name) -> None:
            seen.append(name)

        event.listen(store.engine, name, note)
        listeners.append((name, note))
    try:
        yield seen
    finally:
        for name, note in listeners:
            event.remove(store.engine, name, note)


@contextmanager
def settlement_refused(store: Store) -> Iterator[None]:
    """While open, the database refuses to store a settlement's ledger transaction."""
    kind = TxKind.SETTLE.value
    if store.dialect == "sqlite":
        make = [
            "CREATE TRIGGER refuse_settle BEFORE INSERT ON ledger_transactions "
            f"WHEN NEW.kind = '{kind}' BEGIN SELECT RAISE(ABORT, 'settlement refused'); END"
        ]
        drop = ["DROP TRIGGER refuse_settle"]
    else:
        make = [
            "CREATE FUNCTION refuse_settle() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'settlement refused'; END $$",
            "CREATE TRIGGER refuse_settle BEFORE INSERT ON ledger_transactions FOR EACH ROW "
            f"WHEN (NEW.kind = '{kind}') EXECUTE FUNCTION refuse_settle()",
        ]
        drop = [
            "DROP TRIGGER refuse_settle ON ledger_transactions",
            "DROP FUNCTION refuse_settle()",
        ]
    with store.engine.begin() as connection:
        for statement in make:
            connection.execute(text(statement))
    try:
        yield
    finally:
        with store.engine.begin() as connection:
            for statement in drop:
                connection.execute(text(statement))


def stored(store: Store, round_id: str, key: str) -> tuple[int, int, bool]:
    """(the round's events, its settlement transactions, whether ``key`` has a record)."""
    with store.read() as session:
        events = session.scalar(
            select(func.count()).select_from(RoundEvent).where(RoundEvent.round_id == round_id)
        )
        settles = session.scalar(
            select(func.count())
            .select_from(LedgerTransaction)
            .where(LedgerTransaction.round_id == round_id, LedgerTransaction.kind == TxKind.SETTLE)
        )
        record = session.get(IdempotencyRecord, key)
    return int(events or 0), int(settles or 0), record is not None


def test_round_ending_decision_is_one_transaction(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann, _tables, rounds, table = seated_at_russian(casino, new_player)
    round_id = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000}).round_id
    events_before, _, _ = stored(casino.store, round_id, "a-1")
    with transactions(casino.store) as seen:
        view = rounds.act("a-1", round_id, ann, FOLD)
    assert view.phase is Phase.SETTLED
    # One transaction: the decision, the settlement, the round's close and the key's record.
    assert seen == ["begin", "commit"]
    events, settles, record = stored(casino.store, round_id, "a-1")
    assert (events - events_before, settles, record) == (1, 1, True)
    assert Rounds(casino.store).view(round_id, Viewer.house()).phase is Phase.SETTLED
    assert casino.audit().ok


def test_round_ending_decision_failing_in_its_settlement_leaves_nothing(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann, _tables, rounds, table = seated_at_russian(casino, new_player)
    round_id = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000}).round_id
    before = stored(casino.store, round_id, "a-1")
    balance, holds = casino.ledger.balance(ann), casino.ledger.holds(round_id)
    with settlement_refused(casino.store), pytest.raises(DBAPIError, match="settlement refused"):
        rounds.act("a-1", round_id, ann, FOLD)
    # The decision, its event, the settlement and the key's record all rolled back.
    assert stored(casino.store, round_id, "a-1") == before
    assert before[1:] == (0, False)
    assert casino.ledger.balance(ann) == balance
    assert casino.ledger.holds(round_id) == holds
    assert Rounds(casino.store).view(round_id, Viewer.house()).phase is Phase.PLAYING
    assert rounds.view(round_id, Viewer.house()).phase is Phase.PLAYING  # nothing cached
    # The same intent, retried under the same key, is applied (not a replay of a failure).
    again = rounds.act("a-1", round_id, ann, FOLD)
    assert again.phase is Phase.SETTLED and not again.replayed
    assert stored(casino.store, round_id, "a-1") == (before[0] + 1, 1, True)
    assert casino.ledger.balance(ann) == balance
    assert casino.audit().ok


def test_a_commands_read_of_its_round_locks_the_ledgers_round_with_it(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    # One read, not two: the stake a decision holds asks the ledger's round no more (a round
    # trip on PostgreSQL), and the ledger's round is locked from the command's first read.
    ann, _tables, rounds, table = seated_at_russian(casino, new_player)
    round_id = rounds.stake("s-1", table.id, ann, 1, {"ante": 1000}).round_id
    store = casino.store
    with store.write() as session:
        rounds._row(session, round_id, lock=True)
        sent = Sent.statements
        assert open_round_currency(session, store, round_id) == DEFAULT_CURRENCY
        assert Sent.statements == sent
        if store.dialect == "postgresql":
            with store.engine.connect() as other, pytest.raises(OperationalError):
                other.execute(
                    text("SELECT status FROM rounds WHERE id = :id FOR UPDATE NOWAIT"),
                    {"id": round_id},
                )
    # A round the ledger closed is read as closed: the ledger asks again, and refuses.
    casino.ledger.void("void-1", round_id, "test")
    with store.write() as session:
        rounds._row(session, round_id, lock=True)
        with pytest.raises(RoundClosed):
            open_round_currency(session, store, round_id)
