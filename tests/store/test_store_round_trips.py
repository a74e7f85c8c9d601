"""PostgreSQL's round trips on the decision path: a write's statements that return nothing
are deferred (psycopg's pipeline) and their errors still fail the transaction as
SQLAlchemy's; a one-statement read opens no transaction; a pooled connection is pinged
only when it lay idle, and replaced when the database dropped it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import bindparam, create_engine, insert, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.store import Store, db
from croupier.store.hot import Hot, savepoint
from croupier.store.models import IdempotencyRecord, table_of
from croupier.store.round_models import RoundEvent
from croupier.store.testing import DEFAULT_POSTGRES_URL, POSTGRES_URL_ENV, throwaway_store
from store.test_store_hot import AT, record

RECORDS = table_of(IdempotencyRecord)
NEW = Hot(insert(RECORDS))
BY_KEY = Hot(select(RECORDS.c.key).where(RECORDS.c.key == bindparam("key")))

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    path: Path = tmp_path_factory.mktemp("round-trips")
    with throwaway_store("postgres", path) as made:
        yield made


def in_pipeline(store: Store) -> bool:
    with store.engine.connect() as connection:
        driver = connection.connection.driver_connection
        assert isinstance(driver, psycopg.Connection)
        return driver._pipeline is not None


@pytest.mark.parametrize("read", ["now", "sent"])
def test_a_deferred_writes_error_is_raised_by_the_next_read_and_stores_nothing(
    store: Store, read: str
) -> None:
    first, second = f"first {read}", f"second {read}"
    with store.write() as session:
        NEW.rows(session, record(first))

    def write_then_read() -> None:
        with store.write() as session:
            NEW.rows(session, record(second))
            NEW.rows(session, record(first))  # deferred: nothing raised yet
            if read == "now":
                BY_KEY.first(session, {"key": second})  # the read waits for it: raised here
            else:  # a read sent (Hot.send) raises it when its rows are taken, each time
                pending = BY_KEY.send(session, {"key": second})
                with pytest.raises(IntegrityError):
                    pending.rows()
                pending.rows()

    with pytest.raises(IntegrityError):
        write_then_read()
    with store.glance() as connection:
        assert BY_KEY.first(connection, {"key": second}) is None
    assert not in_pipeline(store)  # the connection went back to the pool out of it


def test_a_deferred_writes_error_is_raised_by_the_commit(store: Store) -> None:
    with store.write() as session:
        NEW.rows(session, record("third"))

    def write_and_commit() -> None:
        with store.write() as session:
            NEW.rows(session, record("fourth"))
            NEW.rows(session, record("third"))  # the last statement: the commit waits for it

    with pytest.raises(IntegrityError):
        write_and_commit()
    with store.glance() as connection:
        assert BY_KEY.first(connection, {"key": "fourth"}) is None
    assert not in_pipeline(store)


def test_an_insert_whose_id_the_database_makes_is_deferred_too(store: Store) -> None:
    # The Core would fetch the new row's id (RETURNING): a round trip per event appended.
    append = Hot(insert(table_of(RoundEvent)))
    event = {"round_id": "no-such-round", "seq": 0, "kind": "deal", "actor": "timer"}
    event |= {"payload": {}, "price": 0, "at": AT}
    reached: list[str] = []

    def append_then_read() -> None:
        with store.write() as session:
            append.rows(session, event)  # no such round: refused, but not waited for here
            reached.append("the read after it")
            BY_KEY.first(session, {"key": "none"})

    with pytest.raises(IntegrityError):
        append_then_read()
    assert reached == ["the read after it"]


def test_orm_statements_after_deferred_writes_see_them(store: Store) -> None:
    with store.write() as session:
        NEW.rows(session, record("fifth"))
        # The ORM's own statement leaves the pipeline first (it waits for the insert).
        assert session.get_one(IdempotencyRecord, "fifth").created_at == AT
        NEW.rows(session, record("sixth"))
    with store.read() as session:
        assert session.get_one(IdempotencyRecord, "sixth").result == record("x")["result"]


def test_a_glance_reads_without_opening_a_transaction(store: Store) -> None:
    with store.write() as session:  # its own row: the tests of a module may run apart
        NEW.rows(session, record("glanced"))
    with store.glance() as connection:
        assert BY_KEY.first(connection, {"key": "glanced"}) is not None
        driver = connection.connection.driver_connection
        assert isinstance(driver, psycopg.Connection)
        assert driver.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
    with store.write() as session:  # the pooled connection is transactional again for a write
        NEW.rows(session, record("seventh"))
        assert BY_KEY.first(session, {"key": "seventh"}) is not None


def test_a_connection_the_database_dropped_while_idle_is_replaced(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    with store.write() as session:  # its own row: the tests of a module may run apart
        NEW.rows(session, record("kept"))
    store.engine.dispose()  # one pooled connection from here: the one the database drops
    with store.engine.connect() as connection:
        pid = connection.execute(text("SELECT pg_backend_pid()")).scalar_one()
        connection.rollback()
    admin = create_engine(os.environ.get(POSTGRES_URL_ENV, DEFAULT_POSTGRES_URL))
    try:
        with admin.begin() as connection:
            connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    finally:
        admin.dispose()
    monkeypatch.setattr(db, "PING_IDLE_S", 0.0)  # every connection counts as idle now
    with store.glance() as connection:  # pinged, found dead, replaced: no error
        assert BY_KEY.first(connection, {"key": "kept"}) is not None


def test_reads_sent_together_come_back_in_one_round_trip(store: Store) -> None:
    with store.write() as session:
        NEW.rows(session, record("together a"))
        NEW.rows(session, record("together b"))
    with store.write() as session:
        NEW.rows(session, record("together c"))  # deferred: the pipeline is entered
        first = BY_KEY.send(session, {"key": "together a"})
        second = BY_KEY.send(session, {"key": "together b"})
        assert [r.key for r in second.rows()] == ["together b"]
        # The wait for the second brought the first's answer too: nothing left to wait for.
        assert first._cursor is not None and first._cursor.pgresult is not None
        assert [r.key for r in first.rows()] == ["together a"]


@pytest.mark.parametrize("read", ["now", "sent"])
def test_a_savepoint_undoes_a_block_whose_read_raised_a_deferred_error(
    store: Store, read: str
) -> None:
    """The read raising a deferred write's error leaves psycopg's pipeline aborted: the
    savepoint's rollback must still run, and the transaction go on after it."""
    kept, undone, after = f"sp kept {read}", f"sp undone {read}", f"sp after {read}"
    with store.write() as session:
        NEW.rows(session, record(kept))

    def block(session: Session) -> None:
        with savepoint(session):
            NEW.rows(session, record(undone))
            NEW.rows(session, record(kept))  # deferred: its key is there
            if read == "now":
                BY_KEY.first(session, {"key": undone})
            else:
                BY_KEY.send(session, {"key": undone}).rows()

    with store.write() as session:
        with pytest.raises(IntegrityError):
            block(session)
        NEW.rows(session, record(after))
        assert BY_KEY.first(session, {"key": after}) is not None
    with store.glance() as connection:
        assert BY_KEY.first(connection, {"key": undone}) is None
        assert BY_KEY.first(connection, {"key": after}) is not None
