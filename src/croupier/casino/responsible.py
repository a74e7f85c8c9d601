"""Responsible gaming: deposit limits, self-exclusion and reality checks.

* **Deposit limits** per rolling 24 hours, 7 days and 30 days. Buying chips
  is a deposit. Lowering a limit (or setting one where there was none) takes
  effect at once; raising it (or removing it) only after 24 hours, so a
  limit is never lifted in the heat of a session. A later change replaces a
  pending one.
* **Self-exclusion** for at least six months, at once: no chips may be
  bought and no stake held; cashing out stays open. It cannot be shortened.
* **Reality check**: a reminder every N minutes of a session.

Exclusion and limits bind the *person*, not the card
(:func:`~croupier.casino.players.cards_of_person`: the same name and date of
birth): while any card of the person is excluded, no card of theirs may buy
chips, stake, sit down or be newly registered; the strictest limit set on any of
their cards applies to each, against the deposits of all of them together.

>>> from datetime import datetime, UTC
>>> add_months(datetime(2026, 8, 31, tzinfo=UTC), 6)
datetime.datetime(2027, 2, 28, 0, 0, tzinfo=datetime.timezone.utc)
>>> start = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
>>> next_reminder(45, session_started=start)
datetime.datetime(2026, 11, 29, 20, 45, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from croupier.casino.errors import BadInput, Refused, whole_amount
from croupier.casino.players import (
    cards_of_person,
    exclusions_read,
    find_person,
    identity_name,
)
from croupier.store.db import Store
from croupier.store.hot import Hot
from croupier.store.models import (
    Account,
    AccountKind,
    DepositLimit,
    LedgerTransaction,
    Person,
    Posting,
    TxKind,
    table_of,
)

PERIODS = {1: "24-hour", 7: "7-day", 30: "30-day"}
INCREASE_DELAY = timedelta(hours=24)
MIN_EXCLUSION_MONTHS = 6


def add_months(moment: datetime, months: int) -> datetime:
    """``moment`` ``months`` calendar months later, on the month's last day if it is shorter."""
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def next_reminder(
    interval_minutes: int | None,
    *,
    session_started: datetime,
    last_acknowledged: datetime | None = None,
) -> datetime | None:
    """When the next reality check is due: an interval after the session began
    or after the player acknowledged the last one; None when switched off."""
    if interval_minutes is None:
        return None
    return (last_acknowledged or session_started) + timedelta(minutes=interval_minutes)


@dataclass(frozen=True, slots=True)
class LimitState:
    """A deposit limit: the amount in force now (None: none) and any change still waiting."""

    period_days: int
    amount: int | None
    pending_amount: int | None = None
    pending_from: datetime | None = None

    @property
    def period(self) -> str:
        return PERIODS[self.period_days]


@dataclass(frozen=True, slots=True)
class PersonLimit:
    """A period's limit as it binds the person: the card's own setting (``own``), the
    strictest in force on any of the person's cards (``applies``: what buying is checked
    against), and the chips bought on all of them within the period (``deposited``)."""

    own: LimitState
    applies: int | None
    deposited: int

    @property
    def left(self) -> int | None:
        """What may still be bought within the period (None: no limit)."""
        return None if self.applies is None else max(self.applies - self.deposited, 0)


def _check_period(period_days: object) -> int:
    if not isinstance(period_days, int) or period_days not in PERIODS:
        raise BadInput(f"deposit limit period must be 1, 7 or 30 days, got {period_days!r}")
    return period_days


def _limit_rows(session: Session, person_id: int, period_days: int) -> list[DepositLimit]:
    return list(
        session.scalars(
            select(DepositLimit)
            .where(DepositLimit.person_id == person_id, DepositLimit.period_days == period_days)
            .order_by(DepositLimit.set_at, DepositLimit.id)
        )
    )


def limit_state(session: Session, person_id: int, period_days: int, now: datetime) -> LimitState:
    rows = _limit_rows(session, person_id, period_days)
    in_force = [row for row in rows if row.effective_at <= now]
    amount = in_force[-1].amount if in_force else None
    pending = [row for row in rows if row.effective_at > now]
    # A pending row counts only if nothing was set after it.
    if pending and pending[-1] is rows[-1]:
        return LimitState(period_days, amount, pending[-1].amount, pending[-1].effective_at)
    return LimitState(period_days, amount)


def deposited_since(session: Session, person_ids: Sequence[int], since: datetime) -> int:
    """Chips bought on any of ``person_ids`` after ``since`` (every currency, face value)."""
    total = session.scalar(
        select(func.coalesce(func.sum(Posting.amount), 0))
        .join(LedgerTransaction, LedgerTransaction.id == Posting.transaction_id)
        .join(Account, Account.id == Posting.account_id)
        .where(
            LedgerTransaction.kind == TxKind.BUY.value,
            LedgerTransaction.person_id.in_(person_ids),
            LedgerTransaction.created_at > since,
            Account.kind == AccountKind.PLAYER.value,
        )
    )
    return int(total or 0)


def excluded_until(cards: Sequence[Person], now: datetime) -> datetime | None:
    """The end of the longest exclusion running now on any of a person's ``cards``."""
    running = [c.excluded_until for c in cards if c.excluded_until and now < c.excluded_until]
    return max(running, default=None)


_PEOPLE = table_of(Person)
# Cards born on a day with an exclusion set, running or not (a stake checks it: one Core
# read of, nearly always, no rows, not every card of the person loaded as objects).
_EXCLUDED_ON = Hot(
    select(_PEOPLE.c.id, _PEOPLE.c.full_name, _PEOPLE.c.excluded_until).where(
        _PEOPLE.c.birth_date == bindparam("birth_date"), _PEOPLE.c.excluded_until.is_not(None)
    )
)


def person_excluded_until(session: Session, person: Person, now: datetime) -> datetime | None:
    """:func:`excluded_until` over every card of the person holding ``person``'s card (the
    same cards as :func:`~croupier.casino.players.cards_of_person`: one name, one birth date),
    read as stored, and ``person``'s own."""
    key = identity_name(person.full_name)
    rows = exclusions_read(session, person)
    if rows is None:
        rows = tuple(_EXCLUDED_ON.rows(session, {"birth_date": person.birth_date}))
    running = [
        row.excluded_until
        for row in rows
        if (row.id == person.id or identity_name(row.full_name) == key) and now < row.excluded_until
    ]
    if person.excluded_until is not None and now < person.excluded_until:
        running.append(person.excluded_until)
    return max(running, default=None)


def check_not_excluded(
    session: Session, person: Person, now: datetime, doing: str, cards: Sequence[Person] = ()
) -> None:
    """:class:`Refused` while any card of the person holding ``person``'s card is excluded."""
    until = excluded_until(cards, now) if cards else person_excluded_until(session, person, now)
    if until is not None:
        other = "" if person.excluded_until == until else " (on another card of the same person)"
        raise Refused(
            f"{doing} refused: card {person.card_number} is self-excluded until "
            f"{until:%Y-%m-%d}{other}",
            "self_excluded",
            until=f"{until:%Y-%m-%d}",
        )


def strictest_limit(
    session: Session, cards: Sequence[Person], days: int, now: datetime
) -> int | None:
    """The lowest ``days`` limit in force on any of a person's ``cards`` (None: none)."""
    amounts = [limit_state(session, c.id, days, now).amount for c in cards]
    return min((a for a in amounts if a is not None), default=None)


def check_deposit(session: Session, person: Person, amount: int, now: datetime) -> None:
    """Refuse a deposit a self-excluded person or the person's deposit limits do not allow.

    Locks every card of the person (PostgreSQL), so two of them cannot buy under
    one limit at the same moment.
    """
    cards = cards_of_person(session, person, lock=True)
    check_not_excluded(session, person, now, f"buying chips for {amount}", cards)
    ids = [c.id for c in cards]
    for days, name in PERIODS.items():
        limit = strictest_limit(session, cards, days, now)
        if limit is None:
            continue
        used = deposited_since(session, ids, now - timedelta(days=days))
        if used + amount > limit:
            whose = "" if len(cards) == 1 else " (the strictest of every card of the person)"
            raise Refused(
                f"buying chips for {amount} refused: the {name} deposit limit of card "
                f"{person.card_number} is {limit}{whose}, {used} already deposited, "
                f"at most {max(limit - used, 0)} more",
                "deposit_limit",
                period=name,
                limit=limit,
                used=used,
                left=max(limit - used, 0),
            )


class Responsible:
    """The player's own protections, as the player (or staff for them) sets them."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def set_deposit_limit(
        self, card_number: object, period_days: int, amount: int | None
    ) -> LimitState:
        """Set (``amount``) or remove (None) a limit: a decrease at once, an increase in 24 h."""
        period_days = _check_period(period_days)
        if amount is not None:
            whole_amount(amount, f"{PERIODS[period_days]} deposit limit", allow_zero=True)
        now = self.store.now()
        with self.store.write() as session:
            person = find_person(session, card_number, lock=True)
            current = limit_state(session, person.id, period_days, now).amount
            tighter = amount is not None and (current is None or amount <= current)
            session.add(
                DepositLimit(
                    person_id=person.id,
                    period_days=period_days,
                    amount=amount,
                    set_at=now,
                    effective_at=now if tighter else now + INCREASE_DELAY,
                )
            )
            session.flush()
            return limit_state(session, person.id, period_days, now)

    def deposit_limits(self, card_number: object) -> list[LimitState]:
        now = self.store.now()
        with self.store.read() as session:
            person = find_person(session, card_number)
            return [limit_state(session, person.id, days, now) for days in PERIODS]

    def person_limits(self, card_number: object) -> list[PersonLimit]:
        """Each period's limit as it binds the person holding ``card_number`` (see
        :class:`PersonLimit`): what buying chips on this card is checked against."""
        now = self.store.now()
        with self.store.read() as session:
            person = find_person(session, card_number)
            cards = cards_of_person(session, person)
            ids = [c.id for c in cards]
            return [
                PersonLimit(
                    limit_state(session, person.id, days, now),
                    strictest_limit(session, cards, days, now),
                    deposited_since(session, ids, now - timedelta(days=days)),
                )
                for days in PERIODS
            ]

    def self_exclude(self, card_number: object, months: int = MIN_EXCLUSION_MONTHS) -> datetime:
        """Exclude a player from now for ``months`` (at least six); returns the end.

        An exclusion already running longer is kept: it is never shortened.
        """
        if not isinstance(months, int) or isinstance(months, bool):
            raise BadInput(f"self-exclusion months must be a whole number, got {months!r}")
        if months < MIN_EXCLUSION_MONTHS:
            raise BadInput(
                f"self-exclusion is for at least {MIN_EXCLUSION_MONTHS} months, got {months}",
                "exclusion_too_short",
                months=MIN_EXCLUSION_MONTHS,
            )
        now = self.store.now()
        until = add_months(now, months)
        with self.store.write() as session:
            person = find_person(session, card_number, lock=True)
            if person.excluded_until is None or person.excluded_until < until:
                person.excluded_until = until
            return person.excluded_until

    def excluded_until(self, card_number: object) -> datetime | None:
        now = self.store.now()
        with self.store.read() as session:
            # The person's: an exclusion set on another card of theirs binds this one too.
            return excluded_until(cards_of_person(session, find_person(session, card_number)), now)

    def set_reality_check(self, card_number: object, minutes: int | None) -> None:
        if minutes is not None and (
            not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= 1440
        ):
            raise BadInput(f"reality check interval must be 1-1440 minutes, got {minutes!r}")
        with self.store.write() as session:
            find_person(session, card_number, lock=True).reality_check_minutes = minutes

    def next_reality_check(
        self,
        card_number: object,
        session_started: datetime,
        last_acknowledged: datetime | None = None,
    ) -> datetime | None:
        with self.store.read() as session:
            minutes = find_person(session, card_number).reality_check_minutes
        return next_reminder(
            minutes, session_started=session_started, last_acknowledged=last_acknowledged
        )
