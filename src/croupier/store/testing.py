"""Throw-away databases for tests (and for trying things out), migrated to head.

Each PostgreSQL store lives in its own schema, created and dropped around its
use, so parallel test workers sharing one database never see each other's
rows. If PostgreSQL is not reachable this raises: a test needing it fails
loudly instead of being skipped.
"""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.pool import NullPool

from croupier.store.db import Clock, Store, utc_now
from croupier.store.migrate import upgrade

POSTGRES_URL_ENV = "CROUPIER_TEST_POSTGRES_URL"
DEFAULT_POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


class SettableClock:
    """A clock that stands still until told to move: ``clock.advance(hours=25)``."""

    def __init__(self, start: datetime | None = None) -> None:
        self.moment = start or datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> datetime:
        self.moment += timedelta(**delta)
        return self.moment

    def set(self, moment: datetime) -> None:
        self.moment = moment


_template: Path | None = None


def _migrated_template() -> Path:
    """A SQLite file migrated to head, made once per process.

    Migrating costs a test about a third of a second (Alembic reading its scripts, then
    a commit and its fsync per step); a copy of this file is the same database for the
    price of a file copy. The migrations themselves are tested on their own
    (tests/store/test_store_schema.py), from an empty file and from a release behind.
    """
    global _template
    if _template is None or not _template.exists():
        folder = Path(tempfile.mkdtemp(prefix="croupier-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        store = Store(f"sqlite:///{folder / 'head.sqlite3'}")
        try:
            upgrade(store)
        finally:
            store.dispose()  # the last connection checkpoints the WAL into the file
        _template = folder / "head.sqlite3"
    return _template


def migrated_sqlite_url(path: Path) -> str:
    """The URL of a SQLite file at ``path``, migrated to head: a copy of the template
    when no database is there yet (one already there is kept, as a restarted server
    finds its own)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_migrated_template(), path)
    return f"sqlite:///{path}"


@contextmanager
def sqlite_store(directory: Path, *, now: Clock = utc_now) -> Iterator[Store]:
    """A migrated SQLite store in a new file under ``directory``."""
    store = Store(migrated_sqlite_url(directory / "croupier-test.sqlite3"), now=now)
    try:
        yield store
    finally:
        store.dispose()


class _Schemas:
    """Migrated PostgreSQL schemas for the tests of one process, made one ahead and dropped
    behind on a thread of their own.

    Alembic's upgrade costs a test about half a second (reading its scripts, the steps one
    by one), and making the schema's sixteen tables, their indexes and triggers costs the
    server a quarter of one more; dropping it, a fifth. The first schema of a process is
    migrated by Alembic, which is recorded: every statement it sends, in order. They name no
    schema (the connection's search path does), and an empty schema is what they were
    recorded on, so sent again to a new empty schema they make the same one: the same
    tables, rows and revision. That is done for the next test while this one runs, and a
    used schema is dropped meanwhile too; a test waits only if it finishes first. The
    migrations themselves are tested through Alembic (tests/store/test_store_schema.py)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.admin = create_engine(url)
        self.recorded: list[tuple[str, Any, bool]] | None = None
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="croupier-test-schemas")
        self.next: Future[str] | None = None
        atexit.register(self.close)

    def store_url(self, schema: str) -> str:
        # The schema rides in the URL, so a command given store.url (the CLI) lands in it too.
        separator = "&" if "?" in self.url else "?"
        return f"{self.url}{separator}options=-csearch_path%3D{schema}"

    def take(self) -> str:
        """A new schema migrated to head, and the next one started."""
        if self.recorded is None:
            schema = self._migrated_by_alembic()
        else:
            assert self.next is not None
            schema = self.next.result()
        self.next = self.thread.submit(self._replayed)
        return schema

    def give_back(self, schema: str) -> None:
        self.thread.submit(self._drop, schema)

    def close(self) -> None:
        if self.next is not None:
            self.next.add_done_callback(lambda made: self._drop(made.result()))
        self.thread.shutdown(wait=True)
        self.admin.dispose()

    def _new(self) -> str:
        schema = f"croupier_test_{secrets.token_hex(6)}"
        with self.admin.begin() as connection:
            connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
        return schema

    def _drop(self, schema: str) -> None:
        with self.admin.begin() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")

    def _migrated_by_alembic(self) -> str:
        schema = self._new()
        sent: list[tuple[str, Any, bool]] = []

        def record(
            _conn: Any, _cursor: Any, statement: str, parameters: Any, _ctx: Any, many: bool
        ) -> None:
            sent.append((statement, parameters, many))

        store = Store(self.store_url(schema))
        event.listen(store.engine, "before_cursor_execute", record)
        try:
            upgrade(store)
        finally:
            store.dispose()
        self.recorded = sent
        return schema

    def _replayed(self) -> str:
        assert self.recorded is not None
        schema = self._new()
        connection = _raw_connection(self.store_url(schema))
        try:
            with connection.cursor() as cursor:
                for statement, parameters, many in self.recorded:
                    if many:
                        cursor.executemany(statement, parameters)
                    else:
                        cursor.execute(statement, parameters)
            connection.commit()
        finally:
            connection.close()
        return schema


_schemas: dict[str, _Schemas] = {}


def _raw_connection(url: str) -> Any:
    """A plain DBAPI connection to a SQLAlchemy URL (what its engine would open)."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        return engine.raw_connection()
    finally:
        engine.dispose()


@contextmanager
def postgres_store(url: str | None = None, *, now: Clock = utc_now, **args: Any) -> Iterator[Store]:
    """A migrated PostgreSQL store in a fresh schema, dropped afterwards."""
    url = url or os.environ.get(POSTGRES_URL_ENV, DEFAULT_POSTGRES_URL)
    schemas = _schemas.get(url) or _schemas.setdefault(url, _Schemas(url))
    schema = schemas.take()
    store = Store(schemas.store_url(schema), now=now, **args)
    try:
        yield store
    finally:
        store.dispose()
        schemas.give_back(schema)


@contextmanager
def throwaway_store(dialect: str, directory: Path, *, now: Clock = utc_now) -> Iterator[Store]:
    """A migrated store of ``dialect`` ("sqlite" or "postgres") for one test."""
    if dialect == "sqlite":
        with sqlite_store(directory, now=now) as store:
            yield store
    elif dialect == "postgres":
        with postgres_store(now=now) as store:
            yield store
    else:
        raise ValueError(f"unknown test database {dialect!r}: sqlite or postgres")
