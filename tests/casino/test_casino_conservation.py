"""Conservation under many random operations (hypothesis stateful testing).

A model keeps what every balance should be; after each step the ledger must
agree with it, and at the end ``audit`` must pass: every chip is in a
player's hands, in play, or in the house bank, and together they are what
the cash desk sold minus what it cashed back. Settlements are random but,
being settlements, only move chips between the holds, the house and the
players.
"""

from __future__ import annotations

import shutil
import tempfile
from contextlib import ExitStack
from datetime import date
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from croupier.casino import Casino, InsufficientFunds, Registration, RoundClosed
from croupier.casino.audit import Totals
from croupier.games.base import BoxSettlement, Settlement, StakeLine
from croupier.store.testing import throwaway_store

from .conftest import hold, open_round

PLAYERS = 3
amounts = st.integers(min_value=1, max_value=5_000)


class LedgerMachine(RuleBasedStateMachine):
    dialect = "sqlite"

    def __init__(self) -> None:
        super().__init__()
        self.exits = ExitStack()
        directory = Path(tempfile.mkdtemp(prefix="croupier-conservation-"))
        self.exits.callback(shutil.rmtree, directory, ignore_errors=True)
        store = self.exits.enter_context(throwaway_store(self.dialect, directory))
        self.casino = Casino(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024))
        self.cards: list[str] = []
        self.chips: dict[str, int] = {}
        # round id -> player card -> the stake lines still held
        self.open_rounds: dict[str, dict[str, list[int]]] = {}
        self.closed_rounds: list[str] = []
        self.house = 0
        self.sold = 0
        self.cashed_out = 0
        self.serial = 0
        self.done: list[tuple[str, tuple[object, ...], int]] = []

    def key(self) -> str:
        self.serial += 1
        return f"k{self.serial}"

    @initialize()
    def register_players(self) -> None:
        for i in range(PLAYERS):
            profile = self.casino.players.register(
                Registration(
                    f"Player {i}", date(1980, 1, 1 + i), "passport", f"P{i}", "pass-words!"
                )
            )
            self.cards.append(profile.card_number)
            self.chips[profile.card_number] = 0

    @rule(who=st.integers(0, PLAYERS - 1), amount=amounts)
    def buy(self, who: int, amount: int) -> None:
        card = self.cards[who]
        receipt = self.casino.cashier.buy_chips(self.key(), card, amount)
        self.chips[card] += amount
        self.sold += amount
        assert receipt.balances == {card: self.chips[card]}

    @rule(who=st.integers(0, PLAYERS - 1), amount=amounts)
    def cash_out(self, who: int, amount: int) -> None:
        card = self.cards[who]
        if amount > self.chips[card]:
            try:
                self.casino.cashier.cash_out(self.key(), card, amount)
            except InsufficientFunds:
                return
            raise AssertionError("a cash-out over the balance was accepted")
        self.casino.cashier.cash_out(self.key(), card, amount)
        self.chips[card] -= amount
        self.cashed_out += amount

    @rule()
    def open_round(self) -> None:
        round_id = f"r{len(self.open_rounds) + len(self.closed_rounds)}"
        open_round(self.casino, round_id)
        self.open_rounds[round_id] = {}

    @precondition(lambda self: bool(self.open_rounds))
    @rule(data=st.data(), who=st.integers(0, PLAYERS - 1), amount=amounts)
    def stake(self, data: st.DataObject, who: int, amount: int) -> None:
        round_id = data.draw(st.sampled_from(sorted(self.open_rounds)))
        card = self.cards[who]
        if amount > self.chips[card]:
            try:
                hold(self.casino, round_id, card, amount)
            except InsufficientFunds:
                return
            raise AssertionError("a stake over the balance was accepted")
        hold(self.casino, round_id, card, amount)
        self.chips[card] -= amount
        self.open_rounds[round_id].setdefault(card, []).append(amount)

    @precondition(lambda self: bool(self.open_rounds))
    @rule(data=st.data())
    def settle(self, data: st.DataObject) -> None:
        round_id = data.draw(st.sampled_from(sorted(self.open_rounds)))
        stakes = self.open_rounds.pop(round_id)
        boxes = []
        for box, (card, lines) in enumerate(sorted(stakes.items()), start=1):
            settled = []
            for n, staked in enumerate(lines):
                # lost, pushed, or won at up to 10:1
                returned = data.draw(
                    st.sampled_from([0, staked, 2 * staked]) | st.integers(0, 11 * staked)
                )
                settled.append(StakeLine(f"line{n}", staked, returned))
                self.chips[card] += returned
                self.house += staked - returned
            boxes.append(BoxSettlement(box, card, tuple(settled)))
        self.casino.ledger.settle(self.key(), round_id, Settlement(tuple(boxes)))
        self.closed_rounds.append(round_id)

    @precondition(lambda self: bool(self.open_rounds))
    @rule(data=st.data())
    def void(self, data: st.DataObject) -> None:
        round_id = data.draw(st.sampled_from(sorted(self.open_rounds)))
        for card, lines in self.open_rounds.pop(round_id).items():
            self.chips[card] += sum(lines)
        self.casino.ledger.void(self.key(), round_id)
        self.closed_rounds.append(round_id)

    @precondition(lambda self: bool(self.closed_rounds) and bool(self.cards))
    @rule(data=st.data())
    def stake_on_a_closed_round(self, data: st.DataObject) -> None:
        round_id = data.draw(st.sampled_from(self.closed_rounds))
        try:
            hold(self.casino, round_id, self.cards[0], 1)
        except RoundClosed:
            return
        raise AssertionError("a stake on a closed round was accepted")

    @rule(data=st.data())
    def buy_twice_with_one_key(self, data: st.DataObject) -> None:
        key = self.key()
        card = data.draw(st.sampled_from(self.cards))
        first = self.casino.cashier.buy_chips(key, card, 1)
        again = self.casino.cashier.buy_chips(key, card, 1)
        assert again.replayed and again.transaction_id == first.transaction_id
        self.chips[card] += 1
        self.sold += 1

    @invariant()
    def balances_match_the_model(self) -> None:
        if not self.cards:
            return
        for card, chips in self.chips.items():
            assert self.casino.ledger.balance(card) == chips
        assert self.casino.ledger.house_balance() == self.house

    def teardown(self) -> None:
        try:
            if self.cards:
                report = self.casino.audit()
                assert report.ok, report.summary()
                rub = report.totals[0] if report.totals else Totals("RUB")
                held = sum(
                    sum(lines) for stakes in self.open_rounds.values() for lines in stakes.values()
                )
                assert rub.holds == held
                assert rub.sold - rub.cashed_out == self.sold - self.cashed_out
                assert rub.players + rub.holds + rub.house == rub.sold - rub.cashed_out
        finally:
            self.exits.close()


class PostgresLedgerMachine(LedgerMachine):
    dialect = "postgres"


TestConservationSqlite = LedgerMachine.TestCase
TestConservationSqlite.settings = settings(max_examples=12, stateful_step_count=30, deadline=None)

TestConservationPostgres = pytest.mark.postgres(PostgresLedgerMachine.TestCase)
TestConservationPostgres.settings = settings(max_examples=8, stateful_step_count=30, deadline=None)


class LongLedgerMachine(LedgerMachine):
    """The same, for longer: many more and longer random histories."""


# make test runs the short histories above; the long ones go to make soak.
TestConservationLong = pytest.mark.soak(LongLedgerMachine.TestCase)
TestConservationLong.settings = settings(max_examples=60, stateful_step_count=50, deadline=None)
