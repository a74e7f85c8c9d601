"""The database: models, migrations and the :class:`Store` that reaches it."""

# Tables, seats and round records join the metadata the migrations describe.
from croupier.store import round_models as round_models
from croupier.store.db import Clock, Store, database_url, utc_now
from croupier.store.migrate import open_store, upgrade

__all__ = ["Clock", "Store", "database_url", "open_store", "upgrade", "utc_now"]
