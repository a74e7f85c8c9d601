"""A player's optional e-mail address, a second way to log in: one card per address.

Stored lower-cased (the casino compares addresses case-insensitively), so a plain
unique constraint is the case-insensitive one; NULLs (no address) never collide.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("people") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.create_unique_constraint("uq_people_email", ["email"])


def downgrade() -> None:
    with op.batch_alter_table("people") as batch:
        batch.drop_constraint("uq_people_email", type_="unique")
        batch.drop_column("email")
