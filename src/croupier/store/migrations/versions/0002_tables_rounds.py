"""Tables, seats and the durable round record (events, participants, staff actions).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("profile", sa.String(length=60), nullable=False),
        sa.Column("min_stake", sa.BigInteger(), nullable=False),
        sa.Column("max_stake", sa.BigInteger(), nullable=False),
        sa.Column("max_payout", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("mode", sa.String(length=10), nullable=False),
        sa.Column("boxes", sa.SmallInteger(), nullable=False),
        sa.Column("max_players", sa.SmallInteger(), nullable=False),
        sa.Column("decision_seconds", sa.Integer(), nullable=False),
        sa.Column("rounds_played", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_tables")),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("box", sa.SmallInteger(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("seated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_seats_table_id_game_tables")
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_seats_person_id_people")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("table_id", "box", name=op.f("uq_seats_table_id")),
    )
    op.create_index("ix_seats_table_id", "seats", ["table_id"])
    op.create_index("ix_seats_person_id", "seats", ["person_id"])
    op.create_table(
        "table_rounds",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("profile", sa.String(length=60), nullable=False),
        sa.Column("limits", sa.JSON(), nullable=False),
        sa.Column("mode", sa.String(length=10), nullable=False),
        sa.Column("decision_seconds", sa.Integer(), nullable=False),
        sa.Column("server_seed", sa.String(length=64), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        sa.Column("nonce", sa.Integer(), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("phase", sa.String(length=8), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.Column("last_event_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.Column("settlement", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["id"], ["rounds.id"], name=op.f("fk_table_rounds_id_rounds")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_table_rounds_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_rounds")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_table_rounds_table_id")),
    )
    op.create_index("ix_table_rounds_table_id", "table_rounds", ["table_id"])
    op.create_index("ix_table_rounds_phase", "table_rounds", ["phase"])
    op.create_table(
        "round_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.String(length=64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("actor", sa.String(length=20), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("price", sa.BigInteger(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"], ["table_rounds.id"], name=op.f("fk_round_events_round_id_table_rounds")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_events")),
        sa.UniqueConstraint("round_id", "seq", name=op.f("uq_round_events_round_id")),
    )
    op.create_index("ix_round_events_round_id", "round_events", ["round_id"])
    op.create_table(
        "round_participants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.String(length=64), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["table_rounds.id"],
            name=op.f("fk_round_participants_round_id_table_rounds"),
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_round_participants_person_id_people")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_participants")),
        sa.UniqueConstraint("round_id", "person_id", name=op.f("uq_round_participants_round_id")),
    )
    op.create_index(
        "ix_round_participants_person", "round_participants", ["person_id", "opened_at"]
    )
    op.create_table(
        "staff_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.String(length=64), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"], ["table_rounds.id"], name=op.f("fk_staff_actions_round_id_table_rounds")
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_staff_actions_person_id_people")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_actions")),
    )
    op.create_index("ix_staff_actions_round_id", "staff_actions", ["round_id"])


def downgrade() -> None:
    op.drop_index("ix_staff_actions_round_id", table_name="staff_actions")
    op.drop_table("staff_actions")
    op.drop_index("ix_round_participants_person", table_name="round_participants")
    op.drop_table("round_participants")
    op.drop_index("ix_round_events_round_id", table_name="round_events")
    op.drop_table("round_events")
    op.drop_index("ix_table_rounds_phase", table_name="table_rounds")
    op.drop_index("ix_table_rounds_table_id", table_name="table_rounds")
    op.drop_table("table_rounds")
    op.drop_index("ix_seats_person_id", table_name="seats")
    op.drop_index("ix_seats_table_id", table_name="seats")
    op.drop_table("seats")
    op.drop_table("game_tables")
