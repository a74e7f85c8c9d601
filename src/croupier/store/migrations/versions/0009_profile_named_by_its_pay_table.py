"""The three-card profile ``three-card-pair-plus-35`` is named after the PAIR PLUS table
it pays: ``three-card-pair-plus-40-30-6-3-1`` (issue 14; its rules are unchanged).

Tables and rounds load their profile by id, so a table opened, or a round played,
under the old id could no longer be dealt at or replayed: both columns follow. The
event log keeps the id each event was recorded with (what was said at the time).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen here: this migration must rename tomorrow what it renames today.
RENAMED = {"three-card-pair-plus-35": "three-card-pair-plus-40-30-6-3-1"}
TABLES = ("game_tables", "table_rounds")


def _rename(renames: dict[str, str]) -> None:
    for table in TABLES:
        for old, new in renames.items():
            op.execute(
                sa.text(f"UPDATE {table} SET profile = :new WHERE profile = :old").bindparams(
                    new=new, old=old
                )
            )


def upgrade() -> None:
    _rename(RENAMED)


def downgrade() -> None:
    _rename({new: old for old, new in RENAMED.items()})
