"""Colour chips at roulette ([004]; RULES.md §2.6 and §4).

A player sitting at a roulette table changes cash chips into chips of one
colour (the colour is the player's box) at a value per chip the player picks
within the table's limits. Bets on that box are then made with them, and
its winnings are paid in them (the part that makes no whole chip, in cash
chips). Colour chips are valid only at their table: no other table and no
cash desk takes them. Leaving the box changes them back into cash chips.

The seed: "if the player comes back to the table after a long absence, the
chips are valued at the minimum". A player is *away* once nothing was done
with their colour chips (a buy, a stake, a bet) for the casino's absence time
(:class:`ColourSettings`, 30 minutes unless set). On the next thing they do
at the table, each chip is first revalued at the table minimum: the count
stays, the difference goes to the house bank in a ``revalue`` transaction.
A player who never comes back does not keep a colour forever: after the
abandonment time the chips (valued at the minimum, the player being away) are
changed back into their cash chips and their boxes at the table freed
(``Colours.sweep`` in :mod:`croupier.casino.colour_desk`, run by the server's
clock); a manager may do the same at any time, with a reason (``Colours.clear``).

Every movement is one balanced ledger transaction (:func:`~croupier.casino.accounts.post`):
cash chips to the ``colour`` account on a buy (``colour_in``), back on a
change (``colour_out``), the colour account to the round's hold on a bet
(``stake``), the house to the colour account for winnings (the settlement),
and the colour account to the house on a revaluation (``revalue``).
``croupier audit`` counts colour chips among the chips out of the cash desk.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.casino.accounts import Line, ensure_account, post
from croupier.casino.errors import InsufficientFunds, Refused
from croupier.casino.ledger import PayInto, player_account, require_player
from croupier.casino.responsible import check_not_excluded
from croupier.store.db import Store
from croupier.store.models import Account, AccountKind, Person, TxKind
from croupier.store.round_models import ColourStack, GameTable

ROULETTE = "roulette"
DEFAULT_ABSENCE_MINUTES = 30
DEFAULT_ABANDON_MINUTES = 240


@dataclass(frozen=True, slots=True)
class ColourSettings:
    """The casino's colour-chip settings.

    ``absence_minutes``: away this long, a player's chips are worth the table
    minimum when they come back ([004]). ``abandon_minutes``: away this long, the
    chips are changed back for them and their boxes freed.

    >>> ColourSettings(absence_minutes=60, abandon_minutes=30)
    Traceback (most recent call last):
    ...
    ValueError: colour chips: abandoned after 30 min, sooner than away (60 min)
    """

    absence_minutes: int = DEFAULT_ABSENCE_MINUTES
    abandon_minutes: int = DEFAULT_ABANDON_MINUTES

    def __post_init__(self) -> None:
        for name in ("absence_minutes", "abandon_minutes"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10_080:
                raise ValueError(f"colour chips: {name} must be 1 to 10080 minutes, got {value!r}")
        if self.abandon_minutes < self.absence_minutes:
            raise ValueError(
                f"colour chips: abandoned after {self.abandon_minutes} min, sooner than away "
                f"({self.absence_minutes} min)"
            )

    @property
    def absence(self) -> timedelta:
        return timedelta(minutes=self.absence_minutes)

    @property
    def abandon(self) -> timedelta:
        return timedelta(minutes=self.abandon_minutes)


# ------------------------------------------------------------------ in a transaction


def open_stack(
    session: Session, store: Store, table_id: int, person_id: int, *, lock: bool = False
) -> ColourStack | None:
    """The player's colour chips at the table, if they hold any now."""
    statement = select(ColourStack).where(
        ColourStack.table_id == table_id,
        ColourStack.person_id == person_id,
        ColourStack.closed_at.is_(None),
    )
    return session.scalars(store.locked(statement) if lock else statement).one_or_none()


def colour_account(session: Session, table: GameTable, person: Person) -> Account:
    code = f"{AccountKind.COLOUR.value}:t{table.id}:{person.card_number}:{table.currency}"
    account = session.scalars(select(Account).where(Account.code == code)).one_or_none()
    if account is None:
        account = Account(
            code=code,
            kind=AccountKind.COLOUR.value,
            person_id=person.id,
            round_id=None,
            currency=table.currency,
            sign=1,
            may_go_negative=False,
            balance=0,
        )
        session.add(account)
        session.flush()
    return account


def chip_count(session: Session, stack: ColourStack) -> int:
    return session.get_one(Account, stack.account_id).balance // stack.value


def is_away(stack: ColourStack, now: datetime, settings: ColourSettings) -> bool:
    return now - stack.last_seen_at >= settings.absence


def revalue(
    session: Session,
    store: Store,
    stack: ColourStack,
    table: GameTable,
    now: datetime,
    settings: ColourSettings,
) -> int:
    """[004]: a player back after a long absence has each chip valued at the table
    minimum; the house bank takes the difference. Returns what it took."""
    if not is_away(stack, now, settings) or stack.value <= table.min_stake:
        return 0
    account = session.get_one(Account, stack.account_id)
    count = account.balance // stack.value
    taken = count * (stack.value - table.min_stake)
    was = stack.value
    stack.value = table.min_stake
    if taken:
        house = ensure_account(session, AccountKind.HOUSE, table.currency)
        away = int((now - stack.last_seen_at).total_seconds() // 60)
        memo = f"colour {stack.box}: {count} chips of {was} at the minimum {table.min_stake}"
        post(
            session,
            store,
            kind=TxKind.REVALUE,
            currency=table.currency,
            lines=[Line(account, -taken, memo), Line(house, taken, memo)],
            now=now,
            person_id=stack.person_id,
            memo=f"table {table.id} {memo}, back after {away} min away",
        )
    session.flush()
    return taken


def touch(
    session: Session,
    store: Store,
    stack: ColourStack,
    table: GameTable,
    now: datetime,
    settings: ColourSettings,
) -> int:
    """The player is at the table now: revalue first if they were away; what the house took."""
    taken = revalue(session, store, stack, table, now, settings)
    stack.last_seen_at = now
    return taken


def change_back_stack(
    session: Session, store: Store, stack: ColourStack, table: GameTable, now: datetime, why: str
) -> tuple[int, int | None]:
    """Every chip of the stack back into cash chips at its value; the stack closes.
    Returns the cash chips paid and the transaction (None for an empty stack)."""
    account = session.get_one(Account, stack.account_id)
    worth = account.balance
    tx_id = None
    if worth:
        person = session.get_one(Person, stack.person_id)
        chips = player_account(session, person, table.currency)
        memo = f"colour {stack.box} changed back: {why}"
        tx = post(
            session,
            store,
            kind=TxKind.COLOUR_OUT,
            currency=table.currency,
            lines=[Line(account, -worth, memo), Line(chips, worth, memo)],
            now=now,
            person_id=person.id,
            memo=f"table {table.id} {memo}",
        )
        tx_id = tx.id
    stack.closed_at = now
    stack.closed_why = why[:200]
    session.flush()
    return worth, tx_id


def leave(
    session: Session,
    store: Store,
    table: GameTable,
    person: Person,
    box: int | None,
    settings: ColourSettings,
    why: str,
) -> int:
    """The player gives up ``box`` (None: the whole table): their colour chips, if that
    is their colour, are changed back (revalued first if they were away). Returns the
    cash chips paid."""
    stack = open_stack(session, store, table.id, person.id, lock=True)
    if stack is None or (box is not None and stack.box != box):
        return 0
    now = store.now()
    revalue(session, store, stack, table, now, settings)
    return change_back_stack(session, store, stack, table, now, why)[0]


def check_box_chip(
    session: Session,
    store: Store,
    table: GameTable,
    person: Person,
    box: int,
    chip: object,
    settings: ColourSettings,
) -> None:
    """A roulette box staked by a player holding colour chips of that colour plays their
    value: any other chip value is refused (the player is seen, so revalued if away)."""
    stack = open_stack(session, store, table.id, person.id, lock=True)
    if stack is None or stack.box != box:
        return
    now = store.now()
    taken = touch(session, store, stack, table, now, settings)
    if chip != stack.value:
        why = (
            f" (revalued at the table minimum after more than {settings.absence_minutes} "
            "minutes away)"
            if taken
            else ""
        )
        raise Refused(
            f"table {table.id} box {box}: your colour chips are worth {stack.value} each{why}; "
            f"stake the box with chip {stack.value}, not {chip!r}",
            "colour_revalued" if taken else "colour_stake_value",
            value=stack.value,
        )


def fund_bet(
    session: Session,
    store: Store,
    table: GameTable,
    round_id: str,
    person: Person,
    box: int,
    amount: int,
    memo: str,
    settings: ColourSettings,
) -> bool:
    """Hold ``amount`` for a bet on ``box`` out of the player's colour chips of that
    colour, if they hold some (True); False leaves it to their cash chips.

    Whole chips go on the layout; when the position's maximum let only part of them
    stay, the dealer gives the rest back as cash chips (change), so the hold is exactly
    what the engine says is on the table.
    """
    stack = open_stack(session, store, table.id, person.id, lock=True)
    if stack is None or stack.box != box:
        return False
    now = store.now()
    doing = f"{memo} of {amount} on round {round_id}"
    require_player(person, doing)
    check_not_excluded(session, person, now, doing)
    touch(session, store, stack, table, now, settings)
    account = session.get_one(Account, stack.account_id)
    chips_needed = -(-amount // stack.value)
    taken = chips_needed * stack.value
    have = account.balance // stack.value
    if chips_needed > have:
        raise InsufficientFunds(
            f"table {table.id} colour {box}: this bet takes {chips_needed} chip(s) of "
            f"{stack.value}, you have {have}: buy more colour chips",
            "colour_chips_short",
            needed=chips_needed,
            value=stack.value,
            have=have,
        )
    hold = ensure_account(session, AccountKind.HOLD, table.currency, person, round_id)
    lines = [Line(account, -taken, memo), Line(hold, amount, memo)]
    if taken > amount:
        lines.append(Line(player_account(session, person, table.currency), taken - amount, memo))
    post(
        session,
        store,
        kind=TxKind.STAKE,
        currency=table.currency,
        lines=lines,
        now=now,
        person_id=person.id,
        round_id=round_id,
        memo=f"{memo} on round {round_id} in colour chips",
    )
    return True


def pay_into(store: Store, table_id: int) -> PayInto:
    """Where a roulette round at ``table_id`` pays a box: its player's colour chips when
    the box is their colour and they still hold them, else their cash chips."""

    def route(session: Session, person: Person, box: int) -> tuple[Account, int] | None:
        stack = open_stack(session, store, table_id, person.id)
        if stack is None or stack.box != box:
            return None
        return session.get_one(Account, stack.account_id), stack.value

    return route


__all__ = [
    "ColourSettings",
    "check_box_chip",
    "fund_bet",
    "leave",
    "open_stack",
    "pay_into",
    "touch",
]
