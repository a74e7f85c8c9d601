"""Statements run on the driver's cursor (croupier.store.hot) store and read what the ORM
does, in the session's transaction and its savepoints, and fail as SQLAlchemy's errors."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import bindparam, insert, literal, select
from sqlalchemy.exc import IntegrityError

from croupier.store import Store
from croupier.store.hot import Hot, in_list, in_params, loaded, savepoint
from croupier.store.models import IdempotencyRecord, table_of

RECORDS = table_of(IdempotencyRecord)
NEW = Hot(insert(RECORDS))
BY_KEY = Hot(select(RECORDS).where(RECORDS.c.key == bindparam("key")))
BY_KEYS = in_list(lambda keys: select(RECORDS.c.key).where(RECORDS.c.key.in_(keys)))
SETTLES = Hot(
    select(RECORDS.c.key).where(
        RECORDS.c.operation.in_([literal("settle"), literal("void")]),
        RECORDS.c.key == bindparam("key"),
    )
)
AT = datetime(2026, 12, 1, 9, 30, 15, 123456, tzinfo=UTC)


def record(key: str, operation: str = "settle") -> dict[str, object]:
    return {
        "key": key,
        "operation": operation,
        "request_hash": "h" * 64,
        "result": {"round_id": "t1-r2", "balances": {"7000": 15}},
        "transaction_id": None,
        "created_at": AT,
    }


def test_the_cursor_writes_what_the_orm_reads_in_the_sessions_transaction(store: Store) -> None:
    # One test (one throw-away database per dialect): each store costs ~1.5 s to make.
    with store.write() as session:
        NEW.rows(session, record("k1"))
    with store.read() as session:
        stored = session.get_one(IdempotencyRecord, "k1")
        assert (stored.result, stored.created_at) == (
            {"round_id": "t1-r2", "balances": {"7000": 15}},
            AT,
        )
        row = BY_KEY.first(session, {"key": "k1"})
        assert row.created_at == AT and row.result == stored.result
        assert row._asdict()["operation"] == "settle"
        assert BY_KEY.first(session, {"key": "k2"}) is None
        assert [r.key for r in BY_KEYS(2).rows(session, in_params(["k1", "k9"]))] == ["k1"]
        assert SETTLES.scalar(session, {"key": "k1"}) == "k1"
        made = loaded(IdempotencyRecord, row._asdict())
        assert made.created_at == AT and made not in session

    # A savepoint rolled back takes the cursor's writes in it with it, no others.
    with store.write() as session:
        NEW.rows(session, record("kept"))
        try:
            with session.begin_nested():
                NEW.rows(session, record("undone"))
                NEW.rows(session, record("kept"))  # the key is there: the savepoint rolls back
        except IntegrityError:
            pass
        else:
            pytest.fail("a repeated key was stored")
        NEW.rows(session, record("after"))
        for what in ("a", "b"):  # the same on the cursor's own savepoint, kept when no error
            try:
                with savepoint(session):
                    NEW.rows(session, record(f"in savepoint {what}"))
                    if what == "a":
                        NEW.rows(session, record("kept"))
            except IntegrityError:
                pass
    with store.read() as session:
        wanted = ["kept", "undone", "after", "in savepoint a", "in savepoint b"]
        keys = {r.key for r in BY_KEYS(5).rows(session, in_params(wanted))}
    assert keys == {"kept", "after", "in savepoint b"}

    # A read sent and taken later reads what a read now reads, writes before it included.
    with store.write() as session:
        NEW.rows(session, record("sent"))
        later = BY_KEY.send(session, {"key": "sent"})
        none = BY_KEY.send(session, {"key": "never"})
        now = BY_KEY.first(session, {"key": "kept"})
        assert [(r.key, r.created_at) for r in later.rows()] == [("sent", AT)]
        assert none.rows() == [] and now.key == "kept"
        assert later.rows()[0].result == {"round_id": "t1-r2", "balances": {"7000": 15}}

    # A failed transaction writes nothing.
    try:
        with store.write() as session:
            NEW.rows(session, record("lost"))
            raise RuntimeError("the command failed")
    except RuntimeError:
        pass
    with store.read() as session:
        assert BY_KEY.first(session, {"key": "lost"}) is None


def test_a_new_processs_first_object_made_from_a_row_reads_its_values() -> None:
    # Its first ORM object may be one made from a row (the server's first table snapshot):
    # the mappers are configured then, as the ORM's first query would.
    script = (
        "from croupier.store.hot import loaded; "
        "from croupier.store.round_models import GameTable; "
        "print(loaded(GameTable, {'id': 7, 'closed_at': None}).id)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")},
    )
    assert done.stdout.strip() == "7", done.stderr
