"""Colour chips at roulette ([004]): a player's stack of one colour at one table.

Their value sits in a ledger account of kind ``colour``; this table says which
colour, what one chip is worth and when the player was last at the table.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "colour_stacks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("box", sa.SmallInteger(), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.Column("closed_why", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_colour_stacks_table_id_game_tables")
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_colour_stacks_person_id_people")
        ),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_colour_stacks_account_id_accounts")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_colour_stacks")),
    )
    op.create_index(
        "ix_colour_stacks_table_open", "colour_stacks", ["table_id", "closed_at"], unique=False
    )
    op.create_index("ix_colour_stacks_person_id", "colour_stacks", ["person_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_colour_stacks_person_id", table_name="colour_stacks")
    op.drop_index("ix_colour_stacks_table_open", table_name="colour_stacks")
    op.drop_table("colour_stacks")
