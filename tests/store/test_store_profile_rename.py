"""Migration 0009: a table opened under the three-card profile's old id follows it to
the name of the PAIR PLUS table it pays, and back on a downgrade; other tables keep theirs."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import text

from croupier.profiles import load
from croupier.store import Store, upgrade
from croupier.store.migrate import downgrade, head_revision

OLD, NEW = "three-card-pair-plus-35", "three-card-pair-plus-40-30-6-3-1"
INSERT = text(
    "INSERT INTO game_tables (name, game, profile, min_stake, max_stake, max_payout, currency, "
    "mode, boxes, max_players, decision_seconds, rounds_played, created_at, trainer) "
    "VALUES (:name, :game, :profile, 100, 1000, 100000, 'RUB', 'public', 6, 6, 30, 0, :at, false)"
)


def _profiles(store: Store) -> dict[str, str]:
    with store.engine.connect() as connection:
        rows = connection.execute(text("SELECT name, profile FROM game_tables")).all()
    return dict(rows)


def test_migration_0009_renames_the_profile_of_tables_opened_under_its_old_id(
    store: Store,
) -> None:
    downgrade(store, "0008")
    with store.engine.begin() as connection:
        for name, game, profile in (("A", "three_card", OLD), ("B", "stud", "russian")):
            connection.execute(
                INSERT, {"name": name, "game": game, "profile": profile, "at": datetime(2026, 1, 1)}
            )
    assert upgrade(store) == head_revision()
    assert _profiles(store) == {"A": NEW, "B": "russian"}
    assert load(NEW).id == NEW
    downgrade(store, "0008")
    assert _profiles(store) == {"A": OLD, "B": "russian"}
