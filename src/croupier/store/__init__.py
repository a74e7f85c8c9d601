"""The database: models, migrations and the :class:`Store` that reaches it."""

from croupier.store.db import Clock, Store, database_url, utc_now
from croupier.store.migrate import open_store, upgrade

__all__ = ["Clock", "Store", "database_url", "open_store", "upgrade", "utc_now"]
