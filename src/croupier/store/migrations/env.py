"""Alembic's entry point; :func:`croupier.store.migrate.upgrade` passes the connection in."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from croupier.store.db import Store
from croupier.store.models import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    store = Store(context.config.get_main_option("sqlalchemy.url"))
    with store.engine.begin() as connection:
        _run(connection)
    store.dispose()


# Alembic runs this file with a configured context; anything else (pytest's
# doctest collector) merely imports it, and then there is nothing to run.
if getattr(context, "config", None) is not None:
    main()
