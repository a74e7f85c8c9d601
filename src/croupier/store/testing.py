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
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine

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


@contextmanager
def postgres_store(url: str | None = None, *, now: Clock = utc_now, **args: Any) -> Iterator[Store]:
    """A migrated PostgreSQL store in a fresh schema, dropped afterwards."""
    url = url or os.environ.get(POSTGRES_URL_ENV, DEFAULT_POSTGRES_URL)
    schema = f"croupier_test_{secrets.token_hex(6)}"
    admin = create_engine(url)
    try:
        with admin.begin() as connection:
            connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
        # The schema rides in the URL, so a command given store.url (the CLI) lands in it too.
        separator = "&" if "?" in url else "?"
        store = Store(f"{url}{separator}options=-csearch_path%3D{schema}", now=now, **args)
        try:
            upgrade(store)
            yield store
        finally:
            store.dispose()
            with admin.begin() as connection:
                connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
    finally:
        admin.dispose()


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
