"""A fire drill for the round runner: random players at random tables, random legal play.

Soak and crash tests (and a manager rehearsing a restart) run rounds through
the very service the server calls, choosing stakes and decisions at random
among what the rules offer, sometimes a refused one on purpose. The choices
come from a :class:`~croupier.cards.fair.FairStream` (deterministic from a
drill seed), never from ``random``: a failing drill replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import func, select

from croupier.cards.fair import FairSeed, FairStream
from croupier.casino import Casino, Registration
from croupier.casino.errors import CasinoError
from croupier.casino.replay import events_of
from croupier.casino.rounds import Rounds, RoundView
from croupier.casino.tables import TableConfig, TableInfo, Tables
from croupier.games.base import LegalAction, Limits, Viewer
from croupier.games.registry import spec_for
from croupier.profiles import load
from croupier.store.models import (
    Account,
    AccountKind,
    LedgerTransaction,
    Person,
    Posting,
    Role,
    TxKind,
)
from croupier.store.round_models import (
    EventKind,
    Phase,
    RoundParticipant,
    TableMode,
    TableRound,
)

# The Russian-poker profiles and one profile of every other game.
DRILL_PROFILES = (
    "russian",
    "russian-online",
    "six-card",
    "six-card-all-in-one",
    "six-card-shambala",
    "five-card-exchange",
    "five-card-sixth",
    "texas-holdem",
    "texas-holdem-bonus",
    "three-card",
    "blackjack",
    "baccarat",
    "roulette",
)
# Roulette bets the drill places: outside, straight, split and a call bet.
ROULETTE_SPOTS = ("red", "black", "even", "dozen:2", "straight:17", "split:17-20", "voisins")
DRILL_LIMITS = Limits(100, 5_000, 2_000_000)


@dataclass
class DrillLog:
    """What a drill did: rounds closed, commands refused (as they should be)."""

    players: list[str] = field(default_factory=list)
    tables: list[int] = field(default_factory=list)
    bought: int = 0
    closed: int = 0
    refused: int = 0
    steps: int = 0


class Drill:
    """Random play over one casino, one step at a time (so a crash can land anywhere)."""

    def __init__(self, casino: Casino, seed: int, profiles: Sequence[str] = DRILL_PROFILES):
        self.casino = casino
        self.tables = Tables(casino.store)
        self.rounds = Rounds(casino.store, casino.ledger)
        self.stream: FairStream = FairSeed(bytes(32), "drill", seed).stream("drill")
        self.profiles = tuple(profiles)
        self.log = DrillLog()
        self.seed = seed
        self._keys = 0

    def below(self, n: int) -> int:
        return self.stream.randbelow(n)

    def pick(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]

    def key(self) -> str:
        self._keys += 1
        return f"drill-{self.seed}-{self._keys}"

    def setup(self, players: int, tables: int, chips: int = 200_000) -> None:
        for i in range(players):
            card = self.casino.players.register(
                Registration(
                    f"Player {self.seed}-{i}",
                    date(1980, 1, 1),
                    "passport",
                    f"{self.seed % 10_000:04d} {i:06d}",
                    "correct horse",
                )
            ).card_number
            self.casino.cashier.buy_chips(self.key(), card, chips)
            self.log.players.append(card)
            self.log.bought += chips
        for i in range(tables):
            mode = self.pick((TableMode.PERSONAL, TableMode.PUBLIC))
            # Every profile gets a table before any gets a second.
            profile = self.profiles[(self.seed + i) % len(self.profiles)]
            table = self.tables.create(TableConfig(profile, DRILL_LIMITS, mode))
            self.log.tables.append(table.id)
            seated = self.pick(self.log.players)
            for player in (seated, *self.log.players[: table.max_players - 1]):
                for _ in range(1 + self.below(2)):
                    try:
                        self.tables.sit(table.id, player)
                    except CasinoError:
                        self.log.refused += 1

    def attach(self) -> None:
        """Play on the players and tables already in the store (after a restart)."""
        with self.casino.store.read() as session:
            self.log.players = list(
                session.scalars(
                    select(Person.card_number)
                    .where(Person.role == Role.PLAYER.value)
                    .order_by(Person.id)
                )
            )
        self.log.tables = [t.id for t in self.tables.list()]

    # ------------------------------------------------------------ one step

    def step(self) -> None:
        """One command at one table: a stake, a decision, or the clock."""
        self.log.steps += 1
        table = self.tables.get(self.pick(self.log.tables))
        house = None
        if table.open_round is not None:
            house = self.rounds.view(table.open_round, Viewer.house())
        if house is None or house.phase is Phase.BETTING:
            self._stake(table, house)
        elif house.turn is None:
            self.rounds.finish(house.round_id)
        else:
            self._decide(house)

    def _stake(self, table: TableInfo, house: RoundView | None) -> None:
        staked = set() if house is None else {s.box for s in house.stakes}
        free = [b for b in sorted(table.seats) if b not in staked]
        if not free:
            return
        box = self.pick(free)
        card = table.seats[box]
        amount = DRILL_LIMITS.min_stake * (1 + self.below(8))
        if self.below(20) == 0:
            amount = DRILL_LIMITS.max_stake + 1  # refused: above the maximum
        stake = self._stake_of(table.profile, amount)
        try:
            view = self.rounds.stake(self.key(), table.id, card, box, stake)
        except CasinoError:
            self.log.refused += 1
            if self.below(3) == 0 and house is not None:
                self._deal(house.round_id)
            return
        if view.closed:
            self.log.closed += 1  # dealt and settled at once (baccarat)

    def _stake_of(self, profile_id: str, amount: int) -> dict[str, Any]:
        """A random stake in the one wire form, built from the game's published
        stake lines: the main stake, sometimes a side line, sometimes a dark box
        with a pre-buy (the engine refuses what a profile does not allow, as it should)."""
        profile = load(profile_id)
        stake_spec = spec_for(profile).stake_spec
        if stake_spec is None:
            return {"chip": amount}  # roulette: the seat's chip value; bets are actions
        spec = stake_spec(profile)
        main = (spec.main or spec.lines[0]).name  # baccarat: no line required, PLAYER first
        stakes = {main: amount}
        sides = [line.name for line in spec.lines if line.name != main]
        if sides and self.below(5) == 0:
            stakes[self.pick(sides)] = DRILL_LIMITS.min_stake
        stake: dict[str, Any] = {"stakes": stakes}
        if spec.dark and self.below(4) == 0:
            stake["dark"] = True
            prebuys = [p.name for p in spec.prebuys]
            stake["prebuy"] = [self.pick(prebuys)] if prebuys and self.below(2) else []
        return stake

    def _deal(self, round_id: str) -> None:
        """A staker calls the deal: at a personal table it deals; at a public table the
        house deals (every seated box staked, which the drill's stakes get to, or the
        clock: :meth:`expire`), so the call is refused there, as it should be."""
        view = self.rounds.view(round_id, Viewer.house())
        if view.phase is Phase.BETTING and view.stakes:
            try:
                self.rounds.deal(self.key(), round_id, view.stakes[0].player)
            except CasinoError:
                self.log.refused += 1

    def _decide(self, house: RoundView) -> None:
        assert house.turn is not None
        # A table-wide turn (roulette's betting) belongs to no box: any staker may bet.
        card = house.turn.player or self.pick([s.player for s in house.stakes])
        mine = self.rounds.view(house.round_id, Viewer.of(card))
        options = list(mine.legal)
        if not options:
            return
        choice = self.pick(options)
        ordered = [choice, *[o for o in options if o.price == 0 and o is not choice]]
        for option in ordered:
            action = self._complete(option, mine)
            try:
                after = self.rounds.act(self.key(), house.round_id, card, action)
            except CasinoError:
                self.log.refused += 1
                continue
            if after.closed:
                self.log.closed += 1
            return

    def _complete(self, option: LegalAction, view: RoundView) -> dict[str, Any]:
        action: dict[str, Any] = {"box": option.box, "act": option.act}
        if option.hand:
            action["hand"] = option.hand
        if option.cards:
            count = self.pick(option.cards)
            cards = _own_cards(view, option.box)
            if count and len(cards) >= count:
                start = self.below(len(cards) - count + 1)
                action["cards"] = cards[start : start + count]
        if option.act == "bet" and view.game == "roulette":
            action["spot"] = self.pick(ROULETTE_SPOTS)
        if option.min_amount is not None:
            top = option.max_amount if option.max_amount is not None else option.min_amount
            action["amount"] = option.min_amount + self.below(top - option.min_amount + 1)
        return action

    def expire(self) -> None:
        """Let the clock run out at every public table."""
        self.rounds.expire_due(self.casino.store.now())

    def history_rounds(self) -> list[str]:
        """Every closed round, oldest first."""
        with self.casino.store.read() as session:
            return list(
                session.scalars(
                    select(TableRound.id)
                    .where(TableRound.phase.in_([Phase.SETTLED.value, Phase.VOID.value]))
                    .order_by(TableRound.opened_at)
                )
            )

    def books(self) -> list[str]:
        """Every way the books could be wrong; empty when they are right.

        ``croupier audit``'s checks; every player's chips plus holds equal chips
        bought - cashed out + the nets of their closed rounds; and in every open
        round each player holds exactly the prices of the events stored for their
        boxes (an event without its hold, or a hold without its event, shows here).
        """
        problems = list(self.casino.audit().problems)
        with self.casino.store.read() as session:
            for card in self.log.players:
                person = session.scalars(select(Person).where(Person.card_number == card)).one()
                moved = session.execute(
                    select(LedgerTransaction.kind, func.sum(Posting.amount))
                    .join(Posting, Posting.transaction_id == LedgerTransaction.id)
                    .join(Account, Account.id == Posting.account_id)
                    .where(
                        Account.person_id == person.id,
                        Account.kind == AccountKind.PLAYER.value,
                        LedgerTransaction.kind.in_([TxKind.BUY.value, TxKind.CASH_OUT.value]),
                    )
                    .group_by(LedgerTransaction.kind)
                )
                outside = sum(int(amount) for _, amount in moved)
                nets = session.scalar(
                    select(func.coalesce(func.sum(RoundParticipant.net), 0)).where(
                        RoundParticipant.person_id == person.id
                    )
                )
                chips = session.scalar(
                    select(func.coalesce(func.sum(Account.balance), 0)).where(
                        Account.person_id == person.id,
                        Account.kind.in_([AccountKind.PLAYER.value, AccountKind.HOLD.value]),
                    )
                )
                # Chips held in open rounds count as the player's: not won or lost yet.
                if int(chips or 0) != outside + int(nets or 0):
                    problems.append(
                        f"card {card}: chips and holds {chips} but bought - cashed out "
                        f"{outside} + round nets {nets} = {outside + int(nets or 0)}"
                    )
            for row in session.scalars(
                select(TableRound).where(
                    TableRound.phase.in_([Phase.BETTING.value, Phase.PLAYING.value])
                )
            ):
                owners: dict[int, str] = {}
                priced: dict[str, int] = {}
                # In event order: a box's stake names its owner before any price on it.
                for event in events_of(session, row.id):
                    payload = event.payload
                    if event.kind == EventKind.STAKE.value:
                        owners[int(payload["box"])] = str(payload["player"])
                    if event.price:
                        payer = owners[int(payload.get("box", 0))]
                        priced[payer] = priced.get(payer, 0) + event.price
                held = {
                    c: int(a)
                    for c, a in session.execute(
                        select(Person.card_number, Account.balance)
                        .join(Person, Person.id == Account.person_id)
                        .where(Account.round_id == row.id, Account.balance != 0)
                    )
                }
                if held != priced:
                    problems.append(f"round {row.id}: holds {held} but its events price {priced}")
        return problems


def _own_cards(view: RoundView, box: int) -> list[str]:
    if view.view is None:
        return []
    for item in view.view.get("boxes", []):
        if item.get("box") == box and "cards" in item:
            return list(item["cards"])
    return []


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m croupier.casino.drill URL SEED STEPS``: play on an existing casino
    (the crash test runs this in a subprocess and kills it at a random moment)."""
    import sys

    from croupier.store.db import Store

    url, seed, steps = (argv if argv is not None else sys.argv[1:])[:3]
    store = Store(url)
    drill = Drill(Casino(store), int(seed))
    drill.attach()
    drill.rounds.recover()
    for _ in range(int(steps)):
        drill.step()
    store.dispose()


if __name__ == "__main__":
    main()
