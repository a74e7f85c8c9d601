"""Which process runs the clock: one PostgreSQL advisory lock per casino database.

The clock (a public table's decision time, the deal when stakes stop coming) and
start-up recovery must run in one process at a time. The process holding the lock
runs them; every other process tries again each second. The lock belongs to a
database connection held open for it, so it is released by PostgreSQL itself the
moment its process dies (the kernel closes the socket, ``kill -9`` included) and
another process takes over at its next try.

Two clocks at once would still never settle a round twice (every step locks its
round's row and the settlement has an idempotency key), so the lock is about doing
the work once, not about the money being right.

SQLite is one process by construction: its store always holds the clock.

>>> from croupier.store.db import Store
>>> ClockLease(Store("sqlite://")).hold()
True
"""

from __future__ import annotations

import hashlib

from sqlalchemy import Connection, text
from sqlalchemy.exc import SQLAlchemyError

from croupier.server.logs import log
from croupier.store.db import Store


def lock_key(url: str) -> int:
    """The advisory lock's number for the casino at ``url`` (a signed 64-bit integer): test
    schemas and casinos sharing one PostgreSQL database each have their own clock."""
    digest = hashlib.sha256(f"croupier-clock:{url}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class ClockLease:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.key = lock_key(store.url)
        self._connection: Connection | None = None

    @property
    def shared(self) -> bool:
        return self.store.dialect == "postgresql"

    def hold(self) -> bool:
        """True while this process holds the clock: checks a held lock is still there, or tries
        to take it (blocking: one short query)."""
        if not self.shared:
            return True
        if self._connection is not None:
            try:
                self._connection.exec_driver_sql("SELECT 1")
                self._connection.commit()
                return True
            except SQLAlchemyError:
                log.warning("clock lease lost with its database connection")
                self.release()
                return False
        try:
            connection = self.store.engine.connect()
        except SQLAlchemyError:
            return False
        try:
            got = connection.execute(
                text("SELECT pg_try_advisory_lock(:key)"), {"key": self.key}
            ).scalar()
            connection.commit()
        except SQLAlchemyError:
            connection.invalidate()
            connection.close()
            return False
        if not got:
            connection.close()
            return False
        self._connection = connection
        log.info("clock lease taken")
        return True

    def release(self) -> None:
        """Let the clock go: the connection is discarded (never pooled holding the lock)."""
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.invalidate()
                connection.close()
            except SQLAlchemyError:
                pass
