"""Schema migrations: Alembic, with the scripts shipped inside the package.

``croupier db upgrade`` and the server's start-up both call :func:`upgrade`,
which brings any database (a new SQLite file, an empty PostgreSQL schema, or
one a release behind) to the newest schema.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from croupier.store.db import Clock, Store, utc_now

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(store: Store) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # ConfigParser interpolates '%'; URLs may carry %-escapes.
    config.set_main_option("sqlalchemy.url", store.url.replace("%", "%%"))
    return config


def upgrade(store: Store, revision: str = "head") -> str | None:
    """Apply every migration up to ``revision``; return the revision now in place."""
    config = alembic_config(store)
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    return current_revision(store)


def downgrade(store: Store, revision: str) -> str | None:
    """Step the schema back to ``revision`` ("base": empty). For rehearsing a rollback."""
    config = alembic_config(store)
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    return current_revision(store)


def open_store(url: str | None = None, *, now: Clock = utc_now) -> Store:
    """The store a server runs on: connected, and migrated to the newest schema first."""
    store = Store(url, now=now)
    upgrade(store)
    return store


def current_revision(store: Store) -> str | None:
    with store.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    return ScriptDirectory(str(MIGRATIONS)).get_current_head()
