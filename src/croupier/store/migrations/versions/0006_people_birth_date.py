"""An index on people's date of birth: every purchase and stake finds all the cards of
one person (the same name and date of birth), since exclusion and deposit limits bind
the person, not the card.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_people_birth_date", "people", ["birth_date"])


def downgrade() -> None:
    op.drop_index("ix_people_birth_date", table_name="people")
