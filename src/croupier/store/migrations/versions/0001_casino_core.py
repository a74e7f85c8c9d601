"""Casino core: people, sessions, deposit limits, rounds and the double-entry ledger.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "people",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("card_number", sa.String(length=16), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("full_name", sa.String(length=200), nullable=False),
        sa.Column("birth_date", sa.Date(), nullable=False),
        sa.Column("document_type", sa.String(length=32), nullable=False),
        sa.Column("document_number", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("registered_at", sa.DateTime(), nullable=False),
        sa.Column("failed_logins", sa.Integer(), nullable=False),
        sa.Column("locked_until", sa.DateTime(), nullable=True),
        sa.Column("last_login_at", sa.DateTime(), nullable=True),
        sa.Column("excluded_until", sa.DateTime(), nullable=True),
        sa.Column("reality_check_minutes", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_people")),
        sa.UniqueConstraint("card_number", name=op.f("uq_people_card_number")),
        sa.UniqueConstraint(
            "document_type", "document_number", name=op.f("uq_people_document_type")
        ),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
    )
    op.create_index("ix_rounds_status", "rounds", ["status"])
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=120), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=True),
        sa.Column("round_id", sa.String(length=64), nullable=True),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("sign", sa.SmallInteger(), nullable=False),
        sa.Column("may_go_negative", sa.Boolean(), nullable=False),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.CheckConstraint(
            "balance >= 0 OR may_go_negative", name=op.f("ck_accounts_not_negative")
        ),
        sa.CheckConstraint("sign IN (-1, 1)", name=op.f("ck_accounts_sign")),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_accounts_person_id_people")
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_accounts_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("code", name=op.f("uq_accounts_code")),
    )
    op.create_index("ix_accounts_person_id", "accounts", ["person_id"])
    op.create_index("ix_accounts_round_id", "accounts", ["round_id"])
    op.create_table(
        "deposit_limits",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("period_days", sa.SmallInteger(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=True),
        sa.Column("set_at", sa.DateTime(), nullable=False),
        sa.Column("effective_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("period_days IN (1, 7, 30)", name=op.f("ck_deposit_limits_period")),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_deposit_limits_person_id_people")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deposit_limits")),
    )
    op.create_index("ix_deposit_limits_person_id", "deposit_limits", ["person_id"])
    op.create_table(
        "ledger_transactions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=True),
        sa.Column("round_id", sa.String(length=64), nullable=True),
        sa.Column("memo", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_ledger_transactions_person_id_people")
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_ledger_transactions_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_transactions")),
    )
    op.create_index("ix_ledger_transactions_created_at", "ledger_transactions", ["created_at"])
    op.create_index("ix_ledger_transactions_kind", "ledger_transactions", ["kind"])
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_sessions_person_id_people")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_sessions_token_hash")),
    )
    op.create_index("ix_sessions_person_id", "sessions", ["person_id"])
    op.create_table(
        "idempotency_keys",
        sa.Column("key", sa.String(length=128), nullable=False),
        sa.Column("operation", sa.String(length=16), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("transaction_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["ledger_transactions.id"],
            name=op.f("fk_idempotency_keys_transaction_id_ledger_transactions"),
        ),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_idempotency_keys")),
    )
    op.create_table(
        "postings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("transaction_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("memo", sa.String(length=120), nullable=False),
        sa.CheckConstraint("amount <> 0", name=op.f("ck_postings_not_zero")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_postings_account_id_accounts")
        ),
        sa.ForeignKeyConstraint(
            ["transaction_id"],
            ["ledger_transactions.id"],
            name=op.f("fk_postings_transaction_id_ledger_transactions"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_postings")),
    )
    op.create_index("ix_postings_account_tx", "postings", ["account_id", "transaction_id"])
    op.create_index("ix_postings_transaction_id", "postings", ["transaction_id"])
    _append_only("create")


def downgrade() -> None:
    _append_only("drop")
    op.drop_index("ix_postings_transaction_id", table_name="postings")
    op.drop_index("ix_postings_account_tx", table_name="postings")
    op.drop_table("postings")
    op.drop_table("idempotency_keys")
    op.drop_index("ix_sessions_person_id", table_name="sessions")
    op.drop_table("sessions")
    op.drop_index("ix_ledger_transactions_kind", table_name="ledger_transactions")
    op.drop_index("ix_ledger_transactions_created_at", table_name="ledger_transactions")
    op.drop_table("ledger_transactions")
    op.drop_index("ix_deposit_limits_person_id", table_name="deposit_limits")
    op.drop_table("deposit_limits")
    op.drop_index("ix_accounts_round_id", table_name="accounts")
    op.drop_index("ix_accounts_person_id", table_name="accounts")
    op.drop_table("accounts")
    op.drop_index("ix_rounds_status", table_name="rounds")
    op.drop_table("rounds")
    op.drop_table("people")


# The ledger is append-only: a correction is a new transaction, never an edit.
APPEND_ONLY = ("ledger_transactions", "postings")


def _append_only(what: str) -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql" and what == "create":
        op.execute(
            """
            CREATE FUNCTION croupier_append_only() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
            END $$ LANGUAGE plpgsql
            """
        )
    for table in APPEND_ONLY:
        for event in ("UPDATE", "DELETE"):
            name = f"{table}_no_{event.lower()}"
            if what == "drop":
                suffix = f" ON {table}" if dialect == "postgresql" else ""
                op.execute(f"DROP TRIGGER IF EXISTS {name}{suffix}")
            elif dialect == "postgresql":
                op.execute(
                    f"CREATE TRIGGER {name} BEFORE {event} ON {table} "
                    "FOR EACH ROW EXECUTE FUNCTION croupier_append_only()"
                )
            else:
                op.execute(
                    f"CREATE TRIGGER {name} BEFORE {event} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, 'the ledger is append-only: "
                    f"{event} on {table} refused'); END"
                )
    if dialect == "postgresql" and what == "drop":
        op.execute("DROP FUNCTION IF EXISTS croupier_append_only()")
