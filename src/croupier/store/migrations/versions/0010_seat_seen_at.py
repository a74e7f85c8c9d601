"""When a seat's player was last seen at the table (a socket of theirs open there).

A public table frees, between rounds, the seat of a player gone longer than the casino's
grace (issue 13: public tables kept players who had left). NULL: not seen since sitting
(rows from before this migration), read as the time they sat.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seen_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen_at")
