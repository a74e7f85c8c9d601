"""The colour-chip desk at roulette tables: buy, look, change back; the manager's and
the clock's clearing of abandoned chips (the rules: :mod:`croupier.casino.colour`).

Every command is one database transaction, every money command carries an
idempotency key; refused, it changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.casino.accounts import Line, post
from croupier.casino.colour import (
    ROULETTE,
    ColourSettings,
    change_back_stack,
    chip_count,
    colour_account,
    is_away,
    open_stack,
    revalue,
    touch,
)
from croupier.casino.disputes import check_manager
from croupier.casino.errors import BadInput, NotFound, Refused, whole_amount
from croupier.casino.idempotency import run_once
from croupier.casino.ledger import player_account, require_player
from croupier.casino.players import find_person
from croupier.casino.responsible import check_not_excluded
from croupier.casino.tables import find_table
from croupier.store.db import Store
from croupier.store.models import Account, Person, TxKind
from croupier.store.round_models import ColourStack, GameTable, Seat

MAX_CHIPS = 100_000  # one buy; a stack of a hundred thousand chips is a bookkeeping error


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


def _roulette_table(
    session: Session, store: Store, table_id: object, *, lock: bool = True
) -> GameTable:
    table = find_table(session, store, table_id, lock=lock)
    if table.game != ROULETTE:
        raise Refused(
            f"table {table.id} plays {table.game}: colour chips are for roulette",
            "colour_not_roulette",
        )
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
            raise BadInput(
                f"colour chips: buy 1 to {MAX_CHIPS} chips, got {count!r}",
                "colour_count",
                max=MAX_CHIPS,
            )
        request = {"table": table_id, "card": card_number, "value": value, "count": count}

        def body(session: Session) -> dict[str, Any]:
            table = _roulette_table(session, self.store, table_id)
            person = find_person(session, card_number, lock=True)
            now = self.store.now()
            doing = f"buying colour chips at table {table.id}"
            require_player(person, doing)
            check_not_excluded(session, person, now, doing)
            if not table.min_stake <= value <= table.max_stake:
                raise BadInput(
                    f"table {table.id}: a colour chip must be worth {table.min_stake} to "
                    f"{table.max_stake} (the table's limits), not {value}",
                    "colour_chip_value",
                    min=table.min_stake,
                    max=table.max_stake,
                )
            stack = open_stack(session, self.store, table.id, person.id, lock=True)
            revalued = 0
            if stack is None:
                boxes = _boxes_of(session, table.id, person.id)
                if not boxes:
                    raise Refused(
                        f"table {table.id}: card {person.card_number} does not sit here; "
                        "sit at a box first (its colour is yours)",
                        "colour_not_seated",
                    )
                account = colour_account(session, table, person)
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
                        f"{stack.value}; buy more at {stack.value} or change them back first",
                        "colour_value_fixed",
                        value=stack.value,
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
                    f"table {table.id}: card {person.card_number} holds no colour chips here",
                    "colour_none",
                )
            now = self.store.now()
            revalued = revalue(session, self.store, stack, table, now, self.settings)
            count, value = chip_count(session, stack), stack.value
            paid, tx_id = change_back_stack(session, self.store, stack, table, now, "changed back")
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
            away = is_away(stack, self.store.now(), self.settings)
            return ColourView(
                table.id,
                person.card_number,
                stack.box,
                stack.value,
                chip_count(session, stack),
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
                    f"table {table.id}: card {person.card_number} holds no colour chips here",
                    "colour_none",
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
        revalued = revalue(session, self.store, stack, table, now, self.settings)
        count, value = chip_count(session, stack), stack.value
        paid, tx_id = change_back_stack(session, self.store, stack, table, now, why)
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


__all__ = ["ColourReceipt", "ColourView", "Colours"]
