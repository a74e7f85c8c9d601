"""Rounds dealt from a shoe carried across rounds; seeds revealed once retired.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("table_rounds") as batch:
        batch.add_column(sa.Column("shoe_offset", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(
            sa.Column("seed_revealed", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    # Rounds closed before this release each had their own deck: their seeds are out.
    op.execute(
        "UPDATE table_rounds SET seed_revealed = "
        + ("true" if op.get_bind().dialect.name == "postgresql" else "1")
        + " WHERE phase IN ('settled', 'void')"
    )


def downgrade() -> None:
    with op.batch_alter_table("table_rounds") as batch:
        batch.drop_column("seed_revealed")
        batch.drop_column("shoe_offset")
