"""Where the casino's data lives: one database, reached through a :class:`Store`.

SQLite (a file under ``var/``) is the default so nothing needs installing;
production points ``CROUPIER_DATABASE_URL`` at PostgreSQL
(``postgresql+psycopg://user@host/db``). Every money movement runs in a
*write* unit of work that serialises with every other writer touching the
same rows: on SQLite the whole database is taken with ``BEGIN IMMEDIATE``
(SQLite has no row locks), on PostgreSQL the rows are locked with
``SELECT ... FOR UPDATE`` (see :meth:`Store.locked`).

The clock is injected (``now``) so tests move time instead of sleeping.

>>> store = Store("sqlite://")  # an in-memory database, for a quick look
>>> store.dialect
'sqlite'
>>> store.now().tzinfo is not None
True
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, Select, create_engine, event
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from croupier.store.hot import pipelined

Clock = Callable[[], datetime]
S = TypeVar("S", bound=Select[Any])

ENV_URL = "CROUPIER_DATABASE_URL"
DEFAULT_SQLITE = Path("var") / "croupier.sqlite3"
# A writer waits this long for another writer's lock before giving up.
LOCK_TIMEOUT_S = 30.0
# A pooled PostgreSQL connection idle this long is pinged before it is lent again.
PING_IDLE_S = 1.0
_RETURNED = "croupier.returned_at"


def utc_now() -> datetime:
    """The real clock: an aware UTC datetime."""
    return datetime.now(UTC)


def database_url(url: str | None = None) -> str:
    """The URL to use: an explicit one, else ``$CROUPIER_DATABASE_URL``, else the SQLite file.

    >>> database_url("sqlite:///tmp/x.sqlite3")
    'sqlite:///tmp/x.sqlite3'
    """
    if url:
        return url
    env = os.environ.get(ENV_URL)
    if env:
        return env
    return f"sqlite:///{DEFAULT_SQLITE}"


def _make_engine(url: str, **engine_args: Any) -> Engine:
    # A failed statement's message never carries its values (password hashes, documents,
    # dates of birth end up in the log otherwise); tests may still turn them on.
    engine_args.setdefault("hide_parameters", True)
    if not url.startswith("sqlite"):
        engine = create_engine(url, **engine_args)
        _ping_when_idle(engine)
        pipelined(engine)
        return engine
    path = url.split(":///", 1)[1] if ":///" in url else ""
    on_disk = bool(path) and path != ":memory:"
    if on_disk:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": LOCK_TIMEOUT_S}, **engine_args)
    else:
        # One shared connection, or each connection would see its own empty database.
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool,
            **engine_args,
        )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from the sqlite3 module so that our
        # "begin" hook decides between a plain and an IMMEDIATE transaction.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute(f"PRAGMA busy_timeout = {int(LOCK_TIMEOUT_S * 1000)}")
        if on_disk:
            # Write-ahead log: readers never wait for the writer, and a commit
            # costs one fsync; synchronous=FULL keeps every commit durable.
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")

    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Ping a pooled connection before use only when it has lain idle: the pool's own
    ``pre_ping`` costs a round trip at every checkout (two or three a decision, one
    per read), while a connection handed back a moment ago is as alive as a ping would
    say. One idle for :data:`PING_IDLE_S` or longer (the server may have restarted,
    a firewall may have dropped it) is pinged, and replaced when the ping fails."""

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection: Any, record: Any) -> None:
        record.info[_RETURNED] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _lent(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        returned = record.info.get(_RETURNED)
        if returned is not None and time.monotonic() - returned < PING_IDLE_S:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            raise DisconnectionError(f"the pooled connection is gone: {error}") from error
        if not alive:
            raise DisconnectionError("the pooled connection is gone")


class Store:
    """The database connection pool, the session factories and the clock.

    ``read()`` gives a session for looking; ``write()`` a session whose
    transaction holds the write locks described above, committed when the
    block ends normally and rolled back (changing nothing) when it raises.
    """

    def __init__(self, url: str | None = None, *, now: Clock = utc_now, **engine_args: Any):
        self.url = database_url(url)
        self.engine = _make_engine(self.url, **engine_args)
        self.dialect = self.engine.dialect.name
        self.now = now
        self._reader = sessionmaker(self.engine, expire_on_commit=False)
        writer_engine = (
            self.engine.execution_options(sqlite_begin="IMMEDIATE")
            if self.dialect == "sqlite"
            else self.engine
        )
        self._writer = sessionmaker(writer_engine, expire_on_commit=False)
        # On PostgreSQL each statement of a READ COMMITTED transaction sees
        # the latest commits; an audit needs one picture for all its queries.
        snapshot_engine = (
            self.engine
            if self.dialect == "sqlite"  # a SQLite read transaction is a snapshot already
            else self.engine.execution_options(isolation_level="REPEATABLE READ")
        )
        self._snapshot = sessionmaker(snapshot_engine, expire_on_commit=False)
        # Reads of one statement at a time need no transaction around them: on PostgreSQL
        # psycopg opens one with a round trip of its own (BEGIN) before the statement, and
        # the pool ends it with two more (ROLLBACK, and DEALLOCATE ALL: a rollback forgets
        # the connection's prepared statements). READ COMMITTED gives each statement its
        # own snapshot inside a transaction anyway, so autocommit reads see the same thing.
        self._glancer = (
            self.engine
            if self.dialect == "sqlite"  # sqlite3 runs a lone SELECT outside a transaction
            else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        )

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._reader() as session, session.begin():
            yield session

    @contextmanager
    def snapshot(self) -> Iterator[Session]:
        """A read session whose every query sees the same committed state."""
        with self._snapshot() as session, session.begin():
            yield session

    @contextmanager
    def glance(self) -> Iterator[Connection]:
        """A plain connection for reads of one statement each (each sees the latest
        commits, as in a READ COMMITTED transaction), with no transaction to open or end:
        on PostgreSQL one round trip per statement instead of three or four. Never for
        writes, nor for reads that must agree with each other (:meth:`snapshot`)."""
        with self._glancer.connect() as connection:
            yield connection

    @contextmanager
    def write(self) -> Iterator[Session]:
        with self._writer() as session, session.begin():
            yield session

    def locked(self, statement: S) -> S:
        """``statement`` as ``SELECT ... FOR UPDATE`` where the database has row locks.

        On SQLite the IMMEDIATE transaction already excludes every other
        writer, so the plain select is just as safe.
        """
        if self.dialect == "sqlite":
            return statement
        return statement.with_for_update()

    def dispose(self) -> None:
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"Store({self.engine.url.render_as_string(hide_password=True)!r})"
