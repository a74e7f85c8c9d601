"""Colour chips are conserved (hypothesis stateful testing), on SQLite and PostgreSQL.

Random buys, bets, spins, absences, changes back, players leaving and coming
back and the abandonment sweep: after every step ``croupier audit`` passes
(every chip in a player's cash chips, a hold, a colour or the house bank, and
together what the cash desk sold), a refused command changes nothing, and every
colour holds a whole number of its chips.
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
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from croupier.casino import Casino, CasinoError, Registration
from croupier.casino.colour import ColourSettings
from croupier.games.base import Viewer
from croupier.store.round_models import Phase
from croupier.store.testing import SettableClock, throwaway_store

from .colourkit import LIMITS, ColourTable, colour_table
from .conftest import ledger_snapshot

PLAYERS = 2
SPOTS = ["straight:17", "split:17-20", "red", "dozen:2", "voisins", "zero_spiel", "corner:1-2-4-5"]
values = st.sampled_from([100, 250, 300, 500, 1_000, 5_000])


class ColourMachine(RuleBasedStateMachine):
    dialect = "sqlite"

    def __init__(self) -> None:
        super().__init__()
        self.exits = ExitStack()
        directory = Path(tempfile.mkdtemp(prefix="croupier-colour-"))
        self.exits.callback(shutil.rmtree, directory, ignore_errors=True)
        self.clock = SettableClock()
        store = self.exits.enter_context(throwaway_store(self.dialect, directory, now=self.clock))
        self.casino = Casino(store, hasher=PasswordHasher(time_cost=1, memory_cost=1024))
        self.cards: list[str] = []
        self.sold = 0
        self.serial = 0
        self.table: ColourTable

    def key(self) -> str:
        self.serial += 1
        return f"k{self.serial}"

    @initialize()
    def open_the_table(self) -> None:
        self.table = colour_table(self.casino, ColourSettings(30, 120), boxes=PLAYERS)
        for n in range(PLAYERS):
            card = self.casino.players.register(
                Registration(
                    f"Player {n}", date(1990, 1, 1), "passport", f"4509 77000{n}", "correct horse"
                )
            ).card_number
            self.casino.cashier.buy_chips(self.key(), card, 200_000)
            self.sold += 200_000
            self.table.tables.sit(self.table.table.id, card, n + 1)
            self.cards.append(card)

    def refused_changes_nothing(self, command: object, *args: object) -> bool:
        before = ledger_snapshot(self.casino.store)
        try:
            command(*args)  # type: ignore[operator]
        except CasinoError:
            assert ledger_snapshot(self.casino.store) == before
            return False
        return True

    @rule(who=st.integers(0, PLAYERS - 1), value=values, count=st.integers(1, 60))
    def buy(self, who: int, value: int, count: int) -> None:
        colours = self.table.colours
        self.refused_changes_nothing(
            colours.buy, self.key(), self.table.table.id, self.cards[who], value, count
        )

    @rule(
        who=st.integers(0, PLAYERS - 1),
        bets=st.lists(st.tuples(st.sampled_from(SPOTS), st.integers(1, 12)), max_size=4),
    )
    def spin(self, who: int, bets: list[tuple[str, int]]) -> None:
        card = self.cards[who]
        seats = self.table.tables.get(self.table.table.id).seats
        box = next((b for b, c in seats.items() if c == card), None)
        if box is None:
            return
        view = self.table.colours.of(self.table.table.id, card)
        chip = LIMITS.min_stake if view is None or view.away else view.value
        rounds, key = self.table.rounds, self.key
        staked = self.refused_changes_nothing(
            rounds.stake, key(), self.table.table.id, card, box, {"chip": chip}
        )
        rid = rounds.current(self.table.table.id)
        if not staked or rid is None:
            return
        if rounds.view(rid, Viewer.house()).phase is Phase.BETTING:
            # The other colour sits this one out: at a public table the house deals when
            # the betting time runs out (no player may call the deal for the others).
            self.clock.advance(seconds=self.table.table.decision_seconds)
            assert rounds.expire_due() == [rid]
        for spot, chips in bets:
            units = 9 if spot == "voisins" else 4 if spot == "zero_spiel" else 1
            bet = {"box": box, "act": "bet", "spot": spot, "amount": chips * units * chip}
            self.refused_changes_nothing(rounds.act, key(), rid, card, bet)
        rounds.act(key(), rid, card, {"act": "no_more_bets"})

    @rule(who=st.integers(0, PLAYERS - 1))
    def change_back(self, who: int) -> None:
        colours = self.table.colours
        self.refused_changes_nothing(
            colours.change_back, self.key(), self.table.table.id, self.cards[who]
        )

    @rule(who=st.integers(0, PLAYERS - 1))
    def leave_and_come_back(self, who: int) -> None:
        tables, card = self.table.tables, self.cards[who]
        if self.refused_changes_nothing(tables.stand, self.table.table.id, card, who + 1):
            assert self.table.colours.of(self.table.table.id, card) is None
        tables.sit(self.table.table.id, card, who + 1)

    @rule(minutes=st.integers(1, 150))
    def time_passes(self, minutes: int) -> None:
        self.clock.advance(minutes=minutes)
        self.table.colours.sweep()
        for n, card in enumerate(self.cards):
            if not self.table.tables.get(self.table.table.id).boxes_of(card):
                self.table.tables.sit(self.table.table.id, card, n + 1)

    @invariant()
    def chips_are_conserved(self) -> None:
        if not self.cards:
            return
        report = self.casino.audit()
        assert report.ok, report.summary()
        (rub,) = report.totals
        assert rub.chips == rub.sold - rub.cashed_out == self.sold
        assert rub.colour == self.table.colour_balance()

    def teardown(self) -> None:
        self.exits.close()


class PostgresColourMachine(ColourMachine):
    dialect = "postgres"


TestColourChipsConservedSqlite = ColourMachine.TestCase
TestColourChipsConservedSqlite.settings = settings(
    max_examples=6, stateful_step_count=12, deadline=None
)

TestColourChipsConservedPostgres = pytest.mark.postgres(PostgresColourMachine.TestCase)
TestColourChipsConservedPostgres.settings = settings(
    max_examples=4, stateful_step_count=12, deadline=None
)
