"""A roulette table with colour chips for the casino tests: a known seed, so the pocket
of each round is known before the bets (the same fair deck the server deals)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from croupier.cards.fair import FairSeed
from croupier.casino import Casino
from croupier.casino.colour import ColourSettings
from croupier.casino.colour_desk import Colours
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, TableInfo, Tables
from croupier.games.base import Limits
from croupier.server.testing import known_deals
from croupier.store.models import Account, AccountKind
from croupier.store.round_models import TableMode

SEED = bytes(range(32))
# Minimum 100, maximum 5000 a position (straight up), payout cap far out of the way.
LIMITS = Limits(100, 5_000, 10_000_000)


def pocket_of(round_number: int) -> int:
    """Where the ball lands in the table's round ``round_number`` under :data:`SEED`."""
    return FairSeed(SEED, "", round_number).stream("spin").randbelow(37)


@dataclass
class ColourTable:
    casino: Casino
    tables: Tables
    rounds: Rounds
    colours: Colours
    table: TableInfo
    serial: int = 0

    def key(self, what: str = "k") -> str:
        self.serial += 1
        return f"{what}-{self.serial}"

    def spin(self, card: str, bets: list[tuple[str, int]], box: int = 1, chip: int = 0) -> str:
        """One round: the box staked with ``chip`` (its colour chips' value when 0), the
        bets made, the ball spun. Returns the round id."""
        if not chip:
            view = self.colours.of(self.table.id, card)
            assert view is not None
            chip = view.value
        with known_deals(SEED):
            rid = self.rounds.stake(self.key("s"), self.table.id, card, box, {"chip": chip})
        for spot, amount in bets:
            bet = {"box": box, "act": "bet", "spot": spot, "amount": amount}
            self.rounds.act(self.key("b"), rid.round_id, card, bet)
        self.rounds.act(self.key("n"), rid.round_id, card, {"act": "no_more_bets"})
        return rid.round_id

    def colour_balance(self) -> int:
        """Every chip in colour at every table (from the accounts)."""
        with self.casino.store.read() as session:
            rows = session.scalars(
                select(Account.balance).where(Account.kind == AccountKind.COLOUR.value)
            )
            return sum(rows)


def colour_table(
    casino: Casino,
    settings: ColourSettings | None = None,
    mode: TableMode = TableMode.PUBLIC,
    limits: Limits = LIMITS,
    boxes: int = 1,
) -> ColourTable:
    settings = settings or ColourSettings()
    tables = Tables(casino.store, settings)
    rounds = Rounds(casino.store, casino.ledger, settings)
    table = tables.create(TableConfig("roulette", limits, mode, boxes))
    return ColourTable(casino, tables, rounds, Colours(casino.store, settings), table)
