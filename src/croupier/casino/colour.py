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
(:meth:`Colours.sweep`, run by the server's clock); a manager may do the
same at any time, with a reason (:meth:`Colours.clear`).

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
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.casino.accounts import Line, ensure_account, post
from croupier.casino.disputes import check_manager
from croupier.casino.errors import BadInput, InsufficientFunds, NotFound, Refused, whole_amount
from croupier.casino.idempotency import run_once
from croupier.casino.ledger import PayInto, player_account, require_player
from croupier.casino.players import find_person
from croupier.casino.responsible import check_not_excluded
from croupier.store.db import Store
from croupier.store.models import Account, AccountKind, Person, TxKind
from croupier.store.round_models import ColourStack, GameTable, Seat

ROULETTE = "roulette"
DEFAULT_ABSENCE_MINUTES = 30
DEFAULT_ABANDON_MINUTES = 240
MAX_CHIPS = 100_000  # one buy; a stack of a hundred thousand chips is a bookkeeping error


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


@dataclass(frozen=True, slots=True)
class ColourView:
    """A player's colour chips at a table, as the player sees them."""

    table_id: int
    card_number: str
    colour: int  # the player's box
    value: int
    count: int
    last_seen_at: datetime
    away: bool  # the next thing the player does revalues the chips at the table minimum
    minimum: int

    @property
    def worth(self) -> int:
        return self.count * self.value

    def to_json(self) -> dict[str, Any]:
        return {
            "table_id": self.table_id,
            "card_number": self.card_number,
            "colour": self.colour,
            "value": self.value,
            "count": self.count,
            "worth": self.worth,
            "last_seen_at": self.last_seen_at.isoformat(),
            "away": self.away,
            "worth_if_back_now": self.count * (self.minimum if self.away else self.value),
        }


@dataclass(frozen=True, slots=True)
class ColourReceipt:
    """The answer to a colour-chip command; a repeated idempotency key returns it again.

    ``amount`` is the cash chips moved (out of them on a buy, into them on a change
    back); ``revalued`` what the house took first, the player having been away.
    """

    operation: str
    transaction_id: int | None
    amount: int
    revalued: int
    colour: int
    value: int
    count: int
    cash_chips: int
    replayed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "transaction_id": self.transaction_id,
            "amount": self.amount,
            "revalued": self.revalued,
            "colour": self.colour,
            "value": self.value,
            "count": self.count,
            "cash_chips": self.cash_chips,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], replayed: bool) -> ColourReceipt:
        return cls(**data, replayed=replayed)


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


def _colour_account(session: Session, table: GameTable, person: Person) -> Account:
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


def _count(session: Session, stack: ColourStack) -> int:
    return session.get_one(Account, stack.account_id).balance // stack.value


def _away(stack: ColourStack, now: datetime, settings: ColourSettings) -> bool:
    return now - stack.last_seen_at >= settings.absence


def _revalue(
    session: Session,
    store: Store,
    stack: ColourStack,
    table: GameTable,
    now: datetime,
    settings: ColourSettings,
) -> int:
    """[004]: a player back after a long absence has each chip valued at the table
    minimum; the house bank takes the difference. Returns what it took."""
    if not _away(stack, now, settings) or stack.value <= table.min_stake:
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
    taken = _revalue(session, store, stack, table, now, settings)
    stack.last_seen_at = now
    return taken


def _change_back(
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
    _revalue(session, store, stack, table, now, settings)
    return _change_back(session, store, stack, table, now, why)[0]


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
            f"stake the box with chip {stack.value}, not {chip!r}"
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
    check_not_excluded(person, now, doing)
    touch(session, store, stack, table, now, settings)
    account = session.get_one(Account, stack.account_id)
    chips_needed = -(-amount // stack.value)
    taken = chips_needed * stack.value
    have = account.balance // stack.value
    if chips_needed > have:
        raise InsufficientFunds(
            f"table {table.id} colour {box}: this bet takes {chips_needed} chip(s) of "
            f"{stack.value}, you have {have}: buy more colour chips"
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


# ------------------------------------------------------------------ the service


def _roulette_table(
    session: Session, store: Store, table_id: object, *, lock: bool = True
) -> GameTable:
    # Imported here: tables imports this module (a player leaving changes colour chips back).
    from croupier.casino.tables import find_table

    table = find_table(session, store, table_id, lock=lock)
    if table.game != ROULETTE:
        raise Refused(f"table {table.id} plays {table.game}: colour chips are for roulette")
    return table


def _boxes_of(session: Session, table_id: int, person_id: int) -> list[int]:
    return list(
        session.scalars(
            select(Seat.box)
            .where(Seat.table_id == table_id, Seat.person_id == person_id)
            .order_by(Seat.box)
        )
    )


class Colours:
    """Colour chips: buy, look, change back; the manager's and the clock's clearing."""

    def __init__(self, store: Store, settings: ColourSettings | None = None) -> None:
        self.store = store
        self.settings = settings or ColourSettings()

    def buy(
        self, key: str, table_id: int, card_number: str, value: object, count: object
    ) -> ColourReceipt:
        """Change ``count`` chips' worth of cash chips into colour chips worth ``value``
        each, at a roulette table where the player sits (their colour: their box, the
        lowest if several). More chips of a colour already held are bought at its value."""
        value = whole_amount(value, "colour chip value")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_CHIPS:
            raise BadInput(f"colour chips: buy 1 to {MAX_CHIPS} chips, got {count!r}")
        request = {"table": table_id, "card": card_number, "value": value, "count": count}

        def body(session: Session) -> dict[str, Any]:
            table = _roulette_table(session, self.store, table_id)
            person = find_person(session, card_number, lock=True)
            now = self.store.now()
            doing = f"buying colour chips at table {table.id}"
            require_player(person, doing)
            check_not_excluded(person, now, doing)
            if not table.min_stake <= value <= table.max_stake:
                raise BadInput(
                    f"table {table.id}: a colour chip must be worth {table.min_stake} to "
                    f"{table.max_stake} (the table's limits), not {value}"
                )
            stack = open_stack(session, self.store, table.id, person.id, lock=True)
            revalued = 0
            if stack is None:
                boxes = _boxes_of(session, table.id, person.id)
                if not boxes:
                    raise Refused(
                        f"table {table.id}: card {person.card_number} does not sit here; "
                        "sit at a box first (its colour is yours)"
                    )
                account = _colour_account(session, table, person)
                stack = ColourStack(
                    table_id=table.id,
                    person_id=person.id,
                    box=boxes[0],
                    value=value,
                    account_id=account.id,
                    opened_at=now,
                    last_seen_at=now,
                    closed_why="",
                )
                session.add(stack)
                session.flush()
            else:
                revalued = touch(session, self.store, stack, table, now, self.settings)
                if stack.value != value:
                    raise Refused(
                        f"table {table.id}: you hold colour {stack.box} chips worth "
                        f"{stack.value}; buy more at {stack.value} or change them back first"
                    )
            worth = value * count
            chips = player_account(session, person, table.currency)
            account = session.get_one(Account, stack.account_id)
            memo = f"colour {stack.box}: {count} chips of {value}"
            tx = post(
                session,
                self.store,
                kind=TxKind.COLOUR_IN,
                currency=table.currency,
                lines=[Line(chips, -worth, memo), Line(account, worth, memo)],
                now=now,
                person_id=person.id,
                memo=f"table {table.id} {memo}",
            )
            return ColourReceipt(
                "colour_in",
                tx.id,
                worth,
                revalued,
                stack.box,
                stack.value,
                account.balance // stack.value,
                chips.balance,
            ).to_json()

        answer, replayed = run_once(self.store, key, "colour_in", request, body)
        return ColourReceipt.from_json(answer, replayed)

    def change_back(self, key: str, table_id: int, card_number: str) -> ColourReceipt:
        """Every colour chip of the player at the table back into cash chips (at the
        table minimum if they were away). Bets already on the layout stay there; what
        they win is paid in cash chips."""
        request = {"table": table_id, "card": card_number}

        def body(session: Session) -> dict[str, Any]:
            table = _roulette_table(session, self.store, table_id)
            person = find_person(session, card_number, lock=True)
            stack = open_stack(session, self.store, table.id, person.id, lock=True)
            if stack is None:
                raise NotFound(
                    f"table {table.id}: card {person.card_number} holds no colour chips here"
                )
            now = self.store.now()
            revalued = _revalue(session, self.store, stack, table, now, self.settings)
            count, value = _count(session, stack), stack.value
            paid, tx_id = _change_back(session, self.store, stack, table, now, "changed back")
            cash = player_account(session, person, table.currency).balance
            return ColourReceipt(
                "colour_out", tx_id, paid, revalued, stack.box, value, count, cash
            ).to_json()

        answer, replayed = run_once(self.store, key, "colour_out", request, body)
        return ColourReceipt.from_json(answer, replayed)

    def of(self, table_id: int, card_number: str) -> ColourView | None:
        """The player's colour chips at the table (None when they hold none); reading
        changes nothing, ``away`` says the next action will revalue them."""
        with self.store.read() as session:
            table = _roulette_table(session, self.store, table_id, lock=False)
            person = find_person(session, card_number)
            stack = open_stack(session, self.store, table.id, person.id)
            if stack is None:
                return None
            away = _away(stack, self.store.now(), self.settings)
            return ColourView(
                table.id,
                person.card_number,
                stack.box,
                stack.value,
                _count(session, stack),
                stack.last_seen_at,
                away and stack.value > table.min_stake,
                table.min_stake,
            )

    def clear(
        self, manager_card: str, table_id: int, card_number: str, reason: str
    ) -> ColourReceipt:
        """A manager takes a player's colour chips off the table for them: changed back
        into their cash chips (at the minimum if they were away), their boxes there freed.
        The reason is kept with the stack. Repeating it finds nothing to clear."""
        manager = check_manager(
            self.store, manager_card, reason, f"clear colour chips at table {table_id}"
        )
        with self.store.write() as session:
            table = _roulette_table(session, self.store, table_id)
            person = find_person(session, card_number, lock=True)
            stack = open_stack(session, self.store, table.id, person.id, lock=True)
            if stack is None:
                raise NotFound(
                    f"table {table.id}: card {person.card_number} holds no colour chips here"
                )
            why = f"by manager {manager.card_number}: {reason}"
            return self._clear(session, table, stack, person, why, self.store.now())

    def _clear(
        self,
        session: Session,
        table: GameTable,
        stack: ColourStack,
        person: Person,
        why: str,
        now: datetime,
    ) -> ColourReceipt:
        revalued = _revalue(session, self.store, stack, table, now, self.settings)
        count, value = _count(session, stack), stack.value
        paid, tx_id = _change_back(session, self.store, stack, table, now, why)
        for seat in session.scalars(
            select(Seat).where(Seat.table_id == table.id, Seat.person_id == person.id)
        ):
            session.delete(seat)
        session.flush()
        cash = player_account(session, person, table.currency).balance
        return ColourReceipt("colour_out", tx_id, paid, revalued, stack.box, value, count, cash)

    def sweep(self, now: datetime | None = None) -> list[int]:
        """Clear every stack whose player has been away the abandonment time: their chips
        (at the table minimum) back into their cash chips, their boxes freed. Returns
        the tables touched."""
        now = now or self.store.now()
        with self.store.read() as session:
            due = list(
                session.execute(
                    select(ColourStack.table_id, ColourStack.person_id)
                    .where(
                        ColourStack.closed_at.is_(None),
                        ColourStack.last_seen_at <= now - self.settings.abandon,
                    )
                    .order_by(ColourStack.id)
                )
            )
        touched: list[int] = []
        for table_id, person_id in due:
            with self.store.write() as session:
                table = session.get_one(GameTable, table_id)
                stack = open_stack(session, self.store, table_id, person_id, lock=True)
                if stack is None or now - stack.last_seen_at < self.settings.abandon:
                    continue  # the player came back (or left) meanwhile
                person = session.get_one(Person, person_id)
                minutes = self.settings.abandon_minutes
                why = f"away more than {minutes} minutes"
                self._clear(session, table, stack, person, why, now)
                touched.append(table_id)
        return touched


__all__ = [
    "ColourReceipt",
    "ColourSettings",
    "ColourView",
    "Colours",
    "check_box_chip",
    "fund_bet",
    "leave",
    "pay_into",
]
