"""The cash desk: chips bought for cash (a deposit) and chips cashed back.

Chips are bought at face value (seed 004: "the nominal of the chips equals
the money handed to the cashier") and cashed back on presenting the chips and
the player card. Buying is refused to a self-excluded player and over a
deposit limit; cashing out is always open to what the player holds.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from croupier.casino.accounts import DEFAULT_CURRENCY, Line, check_currency, ensure_account, post
from croupier.casino.errors import whole_amount
from croupier.casino.idempotency import run_once
from croupier.casino.ledger import Receipt, player_account, require_player
from croupier.casino.players import find_person, parse_card_number
from croupier.casino.responsible import check_deposit
from croupier.store.db import Store
from croupier.store.models import AccountKind, TxKind


class Cashier:
    def __init__(self, store: Store, currency: str = DEFAULT_CURRENCY) -> None:
        self.store = store
        self.currency = check_currency(currency)

    def buy_chips(
        self, key: str, card_number: str, amount: int, currency: str | None = None
    ) -> Receipt:
        """Cash in: the player hands over ``amount`` and gets chips of that value."""
        return self._move(TxKind.BUY, key, card_number, amount, currency)

    def cash_out(
        self, key: str, card_number: str, amount: int, currency: str | None = None
    ) -> Receipt:
        """Chips back to cash, up to what the player holds."""
        return self._move(TxKind.CASH_OUT, key, card_number, amount, currency)

    def _move(
        self, kind: TxKind, key: str, card_number: str, amount: int, currency: str | None
    ) -> Receipt:
        card = parse_card_number(card_number)
        what = "buy chips" if kind is TxKind.BUY else "cash out"
        amount = whole_amount(amount, f"{what} amount for card {card}")
        currency = check_currency(currency or self.currency)
        request = {"card": card, "amount": amount, "currency": currency}

        def body(session: Session) -> dict[str, Any]:
            now = self.store.now()
            # The person's rows are locked so two concurrent buys cannot both squeeze
            # under the same deposit limit: for a buy, every card of the person, in id
            # order, by check_deposit (locking this card first could deadlock with a
            # buy on another card of the same person).
            person = find_person(session, card, lock=kind is not TxKind.BUY)
            if kind is TxKind.BUY:
                require_player(person, f"buying chips for {amount}")
                check_deposit(session, person, amount, now)
            chips = player_account(session, person, currency)
            cash = ensure_account(session, AccountKind.CASH, currency)
            # Into the player's chips on a buy, out of them on a cash-out.
            signed = amount if kind is TxKind.BUY else -amount
            tx = post(
                session,
                self.store,
                kind=kind,
                currency=currency,
                lines=[Line(chips, signed, what), Line(cash, -signed, what)],
                now=now,
                person_id=person.id,
                memo=f"{what} {amount} {currency}",
            )
            return Receipt(kind.value, tx.id, amount, {card: chips.balance}).to_json()

        answer, replayed = run_once(self.store, key, kind.value, request, body)
        return Receipt.from_json(answer, replayed)
