"""The chips of a round: holds while it runs, one settlement or a void at the end.

The round runner (:mod:`croupier.casino.rounds`) uses the ledger like this:

1. :func:`open_round_in` when the round starts (its id, its currency), in the
   transaction that opens the table's round;
2. :func:`croupier.casino.holds.hold_chips` for every stake and every fee as the
   round goes (an ante, an exchange fee, a 6th card), in the transaction that
   stores the event it pays for: chips move from the player to the player's
   *hold* for that round, refused if the player lacks them;
3. :meth:`Ledger.settle_in` (or :meth:`Ledger.settle`) with the engine's
   :class:`~croupier.games.base.Settlement` once it is over: one transaction posts
   every line (each stake from the hold to the house, each return from the house to
   the player); or :meth:`Ledger.void` to hand every hold back untouched.

A box's ``player`` in the settlement is the player's card number. The
settlement must stake, per player, exactly what that player holds in the
round: a mismatch means the runner and the ledger disagree, and nothing is
posted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, bindparam, event, insert, select, update
from sqlalchemy.orm import Session, SessionTransaction

from croupier.casino.accounts import (
    DEFAULT_CURRENCY,
    Line,
    account_code,
    balance_of,
    check_currency,
    ensure_account,
    locked_with_holds,
    post,
)
from croupier.casino.errors import BadInput, NotFound, Refused, RoundClosed, whole_amount
from croupier.casino.idempotency import check_key, fingerprint, record_answer, run_once
from croupier.casino.players import find_person, find_player, parse_card_number
from croupier.games.base import Settlement
from croupier.store.db import Store
from croupier.store.hot import Hot, loaded
from croupier.store.models import (
    Account,
    AccountKind,
    Person,
    Role,
    Round,
    RoundStatus,
    TxKind,
    table_of,
)

MAX_ROUND_ID = 64
# session.info's entry: the rounds this transaction opened or found open (locked), with
# their currency.
_OPEN_ROUNDS = "croupier.open_rounds"
_NEW_ROUND = Hot(insert(table_of(Round)))

# Where a box's winnings go other than the player's cash chips: the account and the value of
# one chip there (roulette's colour chips), or None for cash chips. Given the session, the
# player and the box.
PayInto = Callable[[Session, Person, int], tuple[Account, int] | None]


@dataclass(frozen=True, slots=True)
class Receipt:
    """The answer to a money command; a repeated idempotency key returns it again."""

    operation: str
    transaction_id: int
    amount: int
    balances: Mapping[str, int] = field(default_factory=dict)
    round_id: str | None = None
    replayed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "transaction_id": self.transaction_id,
            "amount": self.amount,
            "balances": dict(self.balances),
            "round_id": self.round_id,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], replayed: bool) -> Receipt:
        return cls(
            data["operation"],
            data["transaction_id"],
            data["amount"],
            dict(data["balances"]),
            data["round_id"],
            replayed,
        )


def check_round_id(round_id: object) -> str:
    if not isinstance(round_id, str) or not round_id or len(round_id) > MAX_ROUND_ID:
        raise BadInput(f"round id must be 1-{MAX_ROUND_ID} characters, got {round_id!r}")
    if ":" in round_id:
        raise BadInput(f"round id {round_id!r} may not contain ':'")
    return round_id


def require_player(person: Person, doing: str) -> None:
    if person.role != Role.PLAYER.value:
        raise Refused(
            f"{doing} refused: card {person.card_number} belongs to staff, who do not play",
            "staff_do_not_play",
        )


def player_account(session: Session, person: Person, currency: str) -> Account:
    return ensure_account(session, AccountKind.PLAYER, currency, person)


def open_round_in(session: Session, store: Store, round_id: str, currency: str) -> None:
    """Open a round for stakes in ``session``'s transaction (an id used before raises
    :class:`~sqlalchemy.exc.IntegrityError`)."""
    _NEW_ROUND.rows(
        session,
        {
            "id": check_round_id(round_id),
            "currency": check_currency(currency),
            "status": RoundStatus.OPEN.value,
            "opened_at": store.now(),
        },
    )
    session.info.setdefault(_OPEN_ROUNDS, {})[round_id] = currency


_ROUNDS = table_of(Round)
_ROUND = select(_ROUNDS.c.currency, _ROUNDS.c.status).where(_ROUNDS.c.id == bindparam("round_id"))
_ROUND_READ = Hot(_ROUND)
_ROUND_LOCKED = Hot(_ROUND.with_for_update())
_CLOSE_ROUND = Hot(
    update(_ROUNDS)
    .where(_ROUNDS.c.id == bindparam("round_id"))
    .values(status=bindparam("status"), closed_at=bindparam("closed_at"))
)
_ACCOUNTS = table_of(Account)
_HOLDS = (
    select(_ACCOUNTS)
    .where(
        _ACCOUNTS.c.round_id == bindparam("round_id"),
        _ACCOUNTS.c.kind == AccountKind.HOLD.value,
    )
    .order_by(_ACCOUNTS.c.id)
)
_HOLDS_LOCKED = Hot(_HOLDS.with_for_update())
_HOLDS_READ = Hot(_HOLDS)
_HELD = Hot(
    select(Person.card_number, Account.balance)
    .join(Person, Person.id == Account.person_id)
    .where(Account.round_id == bindparam("round_id"))
)


def open_round_currency(session: Session, store: Store, round_id: str) -> str:
    """The currency of ``round_id``, locked, refused unless the round is open (a hold, a
    settlement and a void check it in their transaction).

    Looked at once per transaction: a round this transaction opened or found open (and
    locked) stays open in it until it closes it (a stake's hold and the settlement of the
    decision that ends the round ask twice)."""
    known: dict[str, str] = session.info.setdefault(_OPEN_ROUNDS, {})
    currency = known.get(round_id)
    if currency is not None:
        return currency
    statement = _ROUND_LOCKED if store.dialect != "sqlite" else _ROUND_READ
    found = statement.first(session, {"round_id": round_id})
    if found is None:
        raise NotFound(f"no round {round_id!r}: open it first", "round_not_found")
    if found.status != RoundStatus.OPEN.value:
        raise RoundClosed(
            f"round {round_id} is {found.status}: it takes no more stakes", "not_taking_stakes"
        )
    currency = known[round_id] = str(found.currency)
    return currency


# The columns :func:`with_ledger_round` adds to a caller's read.
LEDGER_CURRENCY, LEDGER_STATUS = "ledger_currency", "ledger_status"


def with_ledger_round(statement: Select[Any], id_column: ColumnElement[str]) -> Select[Any]:
    """``statement`` (a round runner's read of its own row of a round, whose id is in
    ``id_column``) joined with the ledger's round of that id, its currency and status as
    :data:`LEDGER_CURRENCY` and :data:`LEDGER_STATUS`. Read ``FOR UPDATE`` it locks both
    rows at once (the runner's row first, as before), and :func:`take_ledger_round` spares
    the ledger its own read of the round: a round trip fewer on PostgreSQL for every stake
    a decision holds."""
    return statement.join(_ROUNDS, _ROUNDS.c.id == id_column).add_columns(
        _ROUNDS.c.currency.label(LEDGER_CURRENCY), _ROUNDS.c.status.label(LEDGER_STATUS)
    )


def take_ledger_round(session: Session, round_id: str, values: dict[str, Any]) -> None:
    """Take :func:`with_ledger_round`'s columns out of ``values`` (a row read in ``session``'s
    transaction, locked: or under SQLite's one writer) and, when the round is open, let the
    ledger know its currency for the rest of the transaction (as if it had read it)."""
    currency, status = values.pop(LEDGER_CURRENCY), values.pop(LEDGER_STATUS)
    if status == RoundStatus.OPEN.value:
        session.info.setdefault(_OPEN_ROUNDS, {})[round_id] = str(currency)


@event.listens_for(Session, "after_transaction_end")
def _forget_open_rounds(session: Session, transaction: SessionTransaction) -> None:
    # A savepoint rolled back may have closed a round, a transaction rolled back opened one.
    session.info.pop(_OPEN_ROUNDS, None)


def _close_round(session: Session, round_id: str, status: RoundStatus, now: datetime) -> None:
    session.info.get(_OPEN_ROUNDS, {}).pop(round_id, None)
    _CLOSE_ROUND.rows(session, {"round_id": round_id, "status": status.value, "closed_at": now})


def _round_holds(session: Session, store: Store, round_id: str) -> list[Account]:
    """The round's holds, locked, read with Core (fresh, not the session's objects)."""
    statement = _HOLDS_LOCKED if store.dialect != "sqlite" else _HOLDS_READ
    rows = statement.rows(session, {"round_id": round_id})
    return [loaded(Account, row._asdict()) for row in rows]


def round_holds(session: Session, round_id: str) -> dict[str, int]:
    """What each player (by card) has at stake in a round, read in ``session``."""
    rows = _HELD.rows(session, {"round_id": check_round_id(round_id)})
    return dict(rows)


class Ledger:
    """Rounds, holds and settlements; and balances to show."""

    def __init__(self, store: Store, currency: str = DEFAULT_CURRENCY) -> None:
        self.store = store
        self.currency = check_currency(currency)

    def settle(
        self, key: str, round_id: str, settlement: Settlement, pay_into: PayInto | None = None
    ) -> Receipt:
        """Post a round's settlement in one transaction and close the round.

        ``pay_into`` may send a box's returns elsewhere than the player's cash chips: a
        roulette colour is paid in its colour chips, the part that makes no whole chip in
        cash chips (as a dealer pays it).
        """
        request, body = self._settlement(round_id, settlement, pay_into)
        answer, replayed = run_once(self.store, key, "settle", request, body)
        return Receipt.from_json(answer, replayed)

    def settle_in(
        self,
        session: Session,
        key: str,
        round_id: str,
        settlement: Settlement,
        pay_into: PayInto | None = None,
    ) -> None:
        """:meth:`settle` inside the caller's transaction (the round runner's last decision):
        the postings and the idempotency record of ``key`` commit or roll back with it, so a
        later :meth:`settle` with ``key`` is a replay."""
        request, body = self._settlement(round_id, settlement, pay_into)
        answer = body(session)
        digest = fingerprint("settle", request)
        record_answer(session, self.store, check_key(key), "settle", digest, answer)

    def _settlement(
        self, round_id: str, settlement: Settlement, pay_into: PayInto | None
    ) -> tuple[dict[str, Any], Callable[[Session], dict[str, Any]]]:
        """The request (for its fingerprint) and the transaction body of a settlement."""
        round_id = check_round_id(round_id)
        if not isinstance(settlement, Settlement):
            raise BadInput(f"settle round {round_id}: a Settlement is needed, got {settlement!r}")
        per_player: dict[str, list[tuple[int, str, int, int]]] = defaultdict(list)
        for box in settlement.boxes:
            try:
                card = parse_card_number(box.player)
            except BadInput as error:
                raise BadInput(f"settle round {round_id} box {box.box}: {error}") from None
            for stake_line in box.lines:
                where = f"round {round_id} box {box.box} {stake_line.line}"
                staked = whole_amount(stake_line.staked, f"{where} staked", allow_zero=True)
                returned = whole_amount(stake_line.returned, f"{where} returned", allow_zero=True)
                per_player[card].append(
                    (box.box, f"box {box.box} {stake_line.line}", staked, returned)
                )
        request = {"round": round_id, "settlement": settlement.to_json()}

        def body(session: Session) -> dict[str, Any]:
            now = self.store.now()
            currency = open_round_currency(session, self.store, round_id)
            people = {card: find_player(session, card) for card in per_player}
            # The house, every player's chips and the round's holds in one read, locked.
            wanted = [(AccountKind.PLAYER, currency, person, None) for person in people.values()]
            (house, *chips), round_holds = locked_with_holds(
                session, self.store, [(AccountKind.HOUSE, currency, None, None), *wanted], round_id
            )
            holds = {hold.person_id: hold for hold in round_holds}
            chips_of = dict(zip(people, chips, strict=True))
            lines: list[Line] = []
            settled: set[int] = set()
            for card, entries in per_player.items():
                person = people[card]
                hold = holds.get(person.id)
                held = hold.balance if hold else 0
                staked = sum(entry[2] for entry in entries)
                if held != staked:
                    raise Refused(
                        f"settle round {round_id} refused: card {card} holds {held} "
                        f"but the settlement stakes {staked}"
                    )
                player_chips = chips_of[card]
                for box_no, memo, staked_line, returned_line in entries:
                    if staked_line:
                        assert hold is not None  # held == staked > 0
                        lines += [Line(hold, -staked_line, memo), Line(house, staked_line, memo)]
                    if returned_line:
                        lines.append(Line(house, -returned_line, memo))
                        other = pay_into(session, person, box_no) if pay_into else None
                        in_chips = returned_line
                        if other is not None:
                            account, value = other
                            whole = returned_line - returned_line % value
                            in_chips -= whole
                            if whole:
                                lines.append(Line(account, whole, memo))
                        if in_chips:
                            lines.append(Line(player_chips, in_chips, memo))
                settled.add(person.id)
            unsettled = [h.code for pid, h in holds.items() if pid not in settled and h.balance]
            if unsettled:
                raise Refused(
                    f"settle round {round_id} refused: the settlement leaves out "
                    + ", ".join(unsettled)
                )
            tx = post(
                session,
                self.store,
                kind=TxKind.SETTLE,
                currency=currency,
                lines=lines,
                now=now,
                round_id=round_id,
                memo=f"settlement of round {round_id}",
                locked=pay_into is None,  # a colour's account is not read with the others
            )
            _close_round(session, round_id, RoundStatus.SETTLED, now)
            balances = {card: account.balance for card, account in chips_of.items()}
            return Receipt("settle", tx.id, settlement.returned, balances, round_id).to_json()

        return request, body

    def void(self, key: str, round_id: str, reason: str = "") -> Receipt:
        """Close a round handing every hold back to its player."""
        round_id = check_round_id(round_id)
        request = {"round": round_id, "reason": reason}

        def body(session: Session) -> dict[str, Any]:
            now = self.store.now()
            currency = open_round_currency(session, self.store, round_id)
            lines: list[Line] = []
            balances: dict[str, Account] = {}
            returned = 0
            for hold in _round_holds(session, self.store, round_id):
                if not hold.balance:
                    continue
                person = session.get_one(Person, hold.person_id)
                chips = balances[person.card_number] = player_account(session, person, currency)
                lines += [Line(hold, -hold.balance, "void"), Line(chips, hold.balance, "void")]
                returned += hold.balance
            tx = post(
                session,
                self.store,
                kind=TxKind.VOID,
                currency=currency,
                lines=lines,
                now=now,
                round_id=round_id,
                memo=f"round {round_id} void" + (f": {reason}" if reason else ""),
            )
            _close_round(session, round_id, RoundStatus.VOID, now)
            shown = {card: chips.balance for card, chips in balances.items()}
            return Receipt("void", tx.id, returned, shown, round_id).to_json()

        answer, replayed = run_once(self.store, key, "void", request, body)
        return Receipt.from_json(answer, replayed)

    def round_status(self, round_id: str) -> RoundStatus:
        with self.store.read() as session:
            found = session.get(Round, check_round_id(round_id))
            if found is None:
                raise NotFound(f"no round {round_id!r}", "round_not_found")
            return RoundStatus(found.status)

    def holds(self, round_id: str) -> dict[str, int]:
        """What each player (by card) has at stake in a round."""
        with self.store.read() as session:
            return round_holds(session, round_id)

    def balance(self, card_number: str, currency: str | None = None) -> int:
        """A player's chips (not counting what is held in open rounds)."""
        card = parse_card_number(card_number)
        currency = check_currency(currency or self.currency)
        with self.store.read() as session:
            find_person(session, card)
            return balance_of(session, account_code(AccountKind.PLAYER, currency, card))

    def house_balance(self, currency: str | None = None) -> int:
        with self.store.read() as session:
            code = account_code(AccountKind.HOUSE, check_currency(currency or self.currency))
            return balance_of(session, code)

    def cash_balance(self, currency: str | None = None) -> int:
        with self.store.read() as session:
            code = account_code(AccountKind.CASH, check_currency(currency or self.currency))
            return balance_of(session, code)
