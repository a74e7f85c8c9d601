"""The casino's tables, as SQLAlchemy 2 models.

Money columns are ``BigInteger`` minor units (kopecks) and every account
carries its currency. The ledger is append-only: ``ledger_transactions`` and
``postings`` are only ever inserted (the migration installs triggers that
refuse UPDATE and DELETE on them); an account's ``balance`` is a cache of its
postings, written in the same database transaction as they are.

Sign convention: a posting's ``amount`` is chips moving *into* the account
(negative: out of it), and the postings of one transaction sum to zero. An
account shows ``sign * sum(amounts)``: ``sign`` is +1 for everything that holds
chips (a player, a round's hold, the house bank) and -1 for the cash desk,
whose balance is the cash it took in for chips still out, so all balances
read as positive amounts in the usual case.
"""

from __future__ import annotations

import enum
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UtcDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime in, an aware UTC datetime out, on every database.

    SQLite keeps no time zone, so values are stored as naive UTC.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: give the time zone")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def table_of(model: type[Base]) -> Table:
    """A model's table, for the SQLAlchemy Core statements of the hot paths (a decision at
    a table), where the ORM's unit of work would cost more than the statement."""
    return Base.metadata.tables[model.__tablename__]


class Role(enum.StrEnum):
    PLAYER = "player"
    CASHIER = "cashier"
    MANAGER = "manager"


class DocumentType(enum.StrEnum):
    """The identity documents a person may register with: a fixed list, so a
    retyped name is not a new document (see :mod:`croupier.casino.documents`)."""

    PASSPORT = "passport"
    FOREIGN_PASSPORT = "foreign_passport"
    ID_CARD = "id_card"
    DRIVING_LICENCE = "driving_licence"
    RESIDENCE_PERMIT = "residence_permit"
    MILITARY_ID = "military_id"


class AccountKind(enum.StrEnum):
    PLAYER = "player"  # the chips a player holds at the cash desk
    HOLD = "hold"  # a player's stakes and fees in one open round
    HOUSE = "house"  # the house bank: what the house won minus what it paid
    CASH = "cash"  # the cash desk: cash taken in for chips still out
    COLOUR = "colour"  # a player's colour chips at one roulette table ([004]), at their value


class RoundStatus(enum.StrEnum):
    OPEN = "open"
    SETTLED = "settled"
    VOID = "void"


class TxKind(enum.StrEnum):
    BUY = "buy"
    CASH_OUT = "cash_out"
    STAKE = "stake"
    SETTLE = "settle"
    VOID = "void"
    COLOUR_IN = "colour_in"  # cash chips changed into colour chips at a roulette table
    COLOUR_OUT = "colour_out"  # colour chips changed back into cash chips
    REVALUE = "revalue"  # colour chips of a player back after a long absence, at the minimum


class Person(Base):
    """A registered player or a member of staff (cashier, manager)."""

    __tablename__ = "people"
    __table_args__ = (
        UniqueConstraint("document_type", "document_number"),
        CheckConstraint(
            "document_type IN (" + ", ".join(f"'{t.value}'" for t in DocumentType) + ")",
            name="document_type",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    card_number: Mapped[str] = mapped_column(String(16), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    full_name: Mapped[str] = mapped_column(String(200))
    birth_date: Mapped[date] = mapped_column(Date, index=True)  # a person: name + birth date
    document_type: Mapped[str] = mapped_column(String(32))
    document_number: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    # A second login, lower-cased (compared case-insensitively); one card per address.
    email: Mapped[str | None] = mapped_column(String(254), unique=True, nullable=True)
    registered_at: Mapped[datetime] = mapped_column(UtcDateTime)
    failed_logins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    last_login_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    excluded_until: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    reality_check_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)


class LoginSession(Base):
    """A login: only the SHA-256 of its random token is kept."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class DepositLimit(Base):
    """One change of a deposit limit; the history is kept, never edited.

    ``amount`` None means no limit. The limit in force at a time is the most
    recently *set* row among those already *effective* then.
    """

    __tablename__ = "deposit_limits"
    __table_args__ = (CheckConstraint("period_days IN (1, 7, 30)", name="period"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)
    period_days: Mapped[int] = mapped_column(SmallInteger)
    amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    set_at: Mapped[datetime] = mapped_column(UtcDateTime)
    effective_at: Mapped[datetime] = mapped_column(UtcDateTime)


class Round(Base):
    """A round as the ledger sees it: its currency and whether stakes may still come."""

    __tablename__ = "rounds"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    currency: Mapped[str] = mapped_column(String(3))
    status: Mapped[str] = mapped_column(String(8), index=True)
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class Account(Base):
    __tablename__ = "accounts"
    __table_args__ = (
        CheckConstraint("balance >= 0 OR may_go_negative", name="not_negative"),
        CheckConstraint("sign IN (-1, 1)", name="sign"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(120), unique=True)
    kind: Mapped[str] = mapped_column(String(8))
    person_id: Mapped[int | None] = mapped_column(
        ForeignKey("people.id"), nullable=True, index=True
    )
    round_id: Mapped[str | None] = mapped_column(ForeignKey("rounds.id"), nullable=True, index=True)
    currency: Mapped[str] = mapped_column(String(3))
    sign: Mapped[int] = mapped_column(SmallInteger)
    may_go_negative: Mapped[bool] = mapped_column(Boolean)
    balance: Mapped[int] = mapped_column(BigInteger, default=0)


class LedgerTransaction(Base):
    __tablename__ = "ledger_transactions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10), index=True)
    currency: Mapped[str] = mapped_column(String(3))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)
    person_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"), nullable=True)
    round_id: Mapped[str | None] = mapped_column(ForeignKey("rounds.id"), nullable=True)
    memo: Mapped[str] = mapped_column(String(200), default="")


class Posting(Base):
    __tablename__ = "postings"
    __table_args__ = (
        CheckConstraint("amount <> 0", name="not_zero"),
        Index("ix_postings_account_tx", "account_id", "transaction_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("ledger_transactions.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    amount: Mapped[int] = mapped_column(BigInteger)
    memo: Mapped[str] = mapped_column(String(120), default="")


class IdempotencyRecord(Base):
    """The first answer to a client command, replayed for every repeat of its key."""

    __tablename__ = "idempotency_keys"

    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    operation: Mapped[str] = mapped_column(String(16))
    request_hash: Mapped[str] = mapped_column(String(64))
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    transaction_id: Mapped[int | None] = mapped_column(
        ForeignKey("ledger_transactions.id"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
