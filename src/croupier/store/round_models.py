"""Tables, seats and the durable record of every round, as SQLAlchemy 2 models.

A round is event-sourced (ARCHITECTURE.md, principle 3): ``table_rounds``
keeps what is fixed when the round opens (game, profile, limits, the deck's
seed and its public commitment), ``round_events`` the ordered stakes and
decisions. The engine state is the replay of those; nothing else about a
running round is stored, so a crash cannot leave the two out of step.

``round_events`` and ``staff_actions`` are only ever inserted; the columns
of ``table_rounds`` that change are its phase, the time of the last event
(the decision clock), the settlement and the closing time.
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base, UtcDateTime


class TableMode(enum.StrEnum):
    PERSONAL = "personal"  # one player owns every box [002]
    PUBLIC = "public"  # one to four players, a decision clock [002]


class Phase(enum.StrEnum):
    BETTING = "betting"  # the deck is committed; boxes take their stakes
    PLAYING = "playing"  # dealt; the engine waits for decisions
    SETTLED = "settled"
    VOID = "void"


class EventKind(enum.StrEnum):
    STAKE = "stake"  # a box's stakes before the deal
    DEAL = "deal"  # no more stakes: the engine starts
    ACTION = "action"  # one decision (a player's, the timer's, a manager's)


class GameTable(Base):
    """A table: its game and rule profile, its limits, its mode and boxes."""

    __tablename__ = "game_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    game: Mapped[str] = mapped_column(String(20))
    profile: Mapped[str] = mapped_column(String(60))
    min_stake: Mapped[int] = mapped_column(BigInteger)
    max_stake: Mapped[int] = mapped_column(BigInteger)
    max_payout: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    mode: Mapped[str] = mapped_column(String(10))
    boxes: Mapped[int] = mapped_column(SmallInteger)
    max_players: Mapped[int] = mapped_column(SmallInteger)
    decision_seconds: Mapped[int] = mapped_column(Integer)
    rounds_played: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    # The advisor's hints for the box to act (personal: the player's choice; public: the casino's).
    trainer: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Seat(Base):
    """A box taken by a player ("Sit"); the row goes when the player stands up, or at a
    public table when the player is gone (:meth:`~croupier.casino.tables.Tables.free_departed`)."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "box"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    box: Mapped[int] = mapped_column(SmallInteger)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)
    seated_at: Mapped[datetime] = mapped_column(UtcDateTime)
    # Last seen at the table (a socket of the player open there); None: since seated_at.
    seen_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class TableRound(Base):
    """One round at a table: what it was dealt from and how it ended.

    ``server_seed`` stays server-side until nothing more is dealt from it (the
    round is closed; for a shoe, the shoe is retired); before that only
    ``commitment`` (its SHA-256) is shown.
    """

    __tablename__ = "table_rounds"
    __table_args__ = (
        UniqueConstraint("table_id", "number"),
        Index("ix_table_rounds_phase", "phase"),
    )

    id: Mapped[str] = mapped_column(ForeignKey("rounds.id"), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(20))
    profile: Mapped[str] = mapped_column(String(60))
    limits: Mapped[dict[str, Any]] = mapped_column(JSON)
    mode: Mapped[str] = mapped_column(String(10))
    decision_seconds: Mapped[int] = mapped_column(Integer)
    server_seed: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    nonce: Mapped[int] = mapped_column(Integer)
    commitment: Mapped[str] = mapped_column(String(64))
    # Blackjack and baccarat deal many rounds from one shoe: a round carried on
    # from the table's previous one shares its seed and starts this many cards in.
    shoe_offset: Mapped[int] = mapped_column(Integer, default=0)
    # A seed is revealed once nothing is dealt from it any more (a shoe: once retired).
    seed_revealed: Mapped[bool] = mapped_column(Boolean, default=False)
    phase: Mapped[str] = mapped_column(String(8))
    events: Mapped[int] = mapped_column(Integer, default=0)
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_event_at: Mapped[datetime] = mapped_column(UtcDateTime)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    settlement: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class RoundEvent(Base):
    """One stake or decision of a round, in order; written before it is acknowledged."""

    __tablename__ = "round_events"
    __table_args__ = (UniqueConstraint("round_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[str] = mapped_column(ForeignKey("table_rounds.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    actor: Mapped[str] = mapped_column(String(20))  # a card number, "timer" or "dealer"
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    price: Mapped[int] = mapped_column(BigInteger, default=0)
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class RoundParticipant(Base):
    """Who had a box in a round: the index a player's history is paged by."""

    __tablename__ = "round_participants"
    __table_args__ = (
        UniqueConstraint("round_id", "person_id"),
        Index("ix_round_participants_person", "person_id", "opened_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[str] = mapped_column(ForeignKey("table_rounds.id"))
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime)
    net: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class StaffAction(Base):
    """A manager's decision on a round (void, settle): who, when, why [004 §3]."""

    __tablename__ = "staff_actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[str] = mapped_column(ForeignKey("table_rounds.id"), index=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    action: Mapped[str] = mapped_column(String(10))
    reason: Mapped[str] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(UtcDateTime)


class ColourStack(Base):
    """A player's colour chips at one roulette table ([004]): the colour (the player's
    box), what one chip is worth, and the ledger account holding their value.

    The chips are the account's balance divided by ``value``; a stack is closed when
    the chips are changed back (the row stays, with when and why).
    """

    __tablename__ = "colour_stacks"
    __table_args__ = (Index("ix_colour_stacks_table_open", "table_id", "closed_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"))
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), index=True)
    box: Mapped[int] = mapped_column(SmallInteger)
    value: Mapped[int] = mapped_column(BigInteger)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_seen_at: Mapped[datetime] = mapped_column(UtcDateTime)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    closed_why: Mapped[str] = mapped_column(String(200), default="")
