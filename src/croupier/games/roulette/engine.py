"""The roulette engine: bets until "no more bets", then the spin settles them.

Each player sits at a *box* (their chip colour) with chips of a value they
chose (stake line ``chip``). A ``bet`` action names a ``spot`` (a position,
an outside field or a call bet) and an ``amount`` in minor units, a whole
number of the player's chips; a call bet's amount is a whole number of its
chips (five for neighbours, nine for voisins...). The dealer spreads it over
its positions; each position takes at most its maximum and the excess goes
back to the player at once (all of it where the position is already at its
maximum: the bet is accepted, not refused), recorded on the position's line.
``no_more_bets`` closes the table, the ball lands (the script's ``pocket``,
or the fair seed's ``spin`` stream) and every position is settled on its own
line (``straight:17``, ``red``...).

>>> from croupier.games.base import Action, BoxStake, Limits, RoundSetup
>>> from croupier.profiles import load
>>> from croupier.cards import Deck
>>> game = RouletteGame()
>>> seat = BoxStake(1, "ann", {"chip": 100})
>>> setup = RoundSetup(load("roulette"), Limits(100, 10_000, 10**8), (seat,))
>>> state = game.start(setup, Deck.scripted({"pocket": (26,)}, single_deck=False))
>>> state = game.apply(state, Action("bet", box=1, spot="zero_spiel", amount=400))
>>> state = game.apply(state, Action("bet", box=1, spot="straight:26", amount=15_000))
>>> state = game.apply(state, Action("no_more_bets"))
>>> [(x.line, x.staked, x.returned) for x in game.settlement(state).box(1).lines if x.returned]
[('straight:26', 10000, 360000)]
>>> state.bets[1].excess        # the straight-up maximum is 10000 and 100 already lay there
5100
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Self

from croupier.cards.deck import Deck
from croupier.games.base import (
    JSON,
    Action,
    BoxSettlement,
    BoxStake,
    HandResult,
    LegalAction,
    RoundSetup,
    RuleError,
    Settlement,
    StakeLine,
    Turn,
    Viewer,
)
from croupier.games.codes import UNKNOWN_ACTION, Reason, reason_of
from croupier.games.common.cap import cap_lines
from croupier.games.common.evolve import evolve
from croupier.games.common.refusals import seat_refusal
from croupier.games.common.verbs import OnBox, Verb, VerbEngine
from croupier.games.common.view import complete
from croupier.games.roulette.profile import RouletteProfile
from croupier.games.roulette.wheel import POCKETS, canonical, colour, covers, expand, kind_of


@dataclass(frozen=True, slots=True)
class Placed:
    """One accepted bet: what was offered and what each position took."""

    box: int
    spot: str
    amount: int
    positions: tuple[tuple[str, int], ...]  # position -> accepted
    offered: tuple[int, ...]  # what the bet put on each position before the maximum

    @property
    def excess(self) -> int:
        """Returned at once: the part over the positions' maxima."""
        return self.amount - sum(a for _, a in self.positions)


@dataclass(frozen=True, slots=True)
class RouletteState:
    setup: RoundSetup[RouletteProfile]
    deck: Deck  # where the pocket comes from
    bets: tuple[Placed, ...] = ()
    closed: bool = False
    pocket: int | None = None

    @property
    def profile(self) -> RouletteProfile:
        return self.setup.profile

    def stake(self, box: int) -> BoxStake:
        for b in self.setup.boxes:
            if b.box == box:
                return b
        raise KeyError(box)

    def on(self, box: int, position: str) -> int:
        """What ``box`` already has on ``position``."""
        return sum(
            a for p in self.bets if p.box == box for pos, a in p.positions if pos == position
        )


def spin(deck: Deck) -> tuple[int, Deck]:
    """The pocket: the script's, or uniform from the fair seed's ``spin`` stream."""
    if deck.seed is None:
        pocket, deck = deck.deal("pocket")
    else:
        pocket = deck.seed.stream("spin").randbelow(POCKETS)
    if not 0 <= pocket < POCKETS:
        raise RuleError(f"the pocket must be 0 to 36, not {pocket}")
    return pocket, deck


RouletteVerb = Literal["bet", "no_more_bets"]


@dataclass(frozen=True, slots=True)
class Bet(OnBox):
    """``amount`` on ``spot`` (a position, an outside field or a call bet) in the
    chips of colour ``box``, sent by ``player`` (None: by the house)."""

    spot: str | None
    amount: int | None
    player: str | None

    @classmethod
    def read(cls, action: Action) -> Self:
        return cls(action.box, action.spot, action.amount, action.player)


def _refuse_bet(state: RouletteState, bet: Bet) -> str | None:
    try:
        seat: BoxStake | None = state.stake(bet.box)
    except KeyError:
        seat = None
    owner = None if seat is None else seat.player
    reason = seat_refusal(owner, bet.player, "colour", "at this table")
    if reason is not None or seat is None:
        return reason
    try:
        placed(state, bet, seat)
    except ValueError as why:
        return reason_of(why)
    # A bet on positions already at their maximum is accepted too, all of it
    # returned ([004]: "the excess is returned to the player"), never refused.
    return None


def placed(state: RouletteState, bet: Bet, seat: BoxStake) -> Placed:
    """The bet spread over its positions, each cut to its maximum."""
    spot = canonical(bet.spot or "")
    try:
        spread = expand(spot)
    except KeyError:
        raise ValueError(f"unclear bet {bet.spot!r}: no such position or call bet") from None
    amount, chip = bet.amount, seat.stake("chip")
    if amount is None or amount <= 0:
        raise ValueError("a bet needs a positive amount")
    chips = sum(n for _, n in spread)
    if amount % (chips * chip):
        raise ValueError(
            f"{amount} is not a whole number of {chips} chip(s) of {chip} (the colour's chip value)"
        )
    unit = amount // chips
    limits = state.setup.limits
    if unit < limits.min_stake:
        raise RuleError(
            f"{unit} a chip is below the table minimum {limits.min_stake}",
            "stake_below_minimum",
            amount=unit,
            min=limits.min_stake,
        )
    positions: list[tuple[str, int]] = []
    for position, n in spread:
        ceiling = state.profile.position_max[kind_of(position)] * limits.max_stake
        room = max(ceiling - state.on(seat.box, position), 0)
        positions.append((position, min(unit * n, room)))
    return Placed(seat.box, spot, amount, tuple(positions), tuple(unit * n for _, n in spread))


def _bet(state: RouletteState, bet: Bet) -> RouletteState:
    return evolve(state, bets=(*state.bets, placed(state, bet, state.stake(bet.box))))


def _close(action: Action) -> None:
    """``no_more_bets`` carries nothing and is open until the table closes."""


def _never(state: RouletteState, _: None) -> None:
    return None


def _no_more_bets(state: RouletteState, _: None) -> RouletteState:
    pocket, deck = spin(state.deck)
    return evolve(state, closed=True, pocket=pocket, deck=deck)


VERBS: dict[RouletteVerb, Verb[RouletteState, Any]] = {
    "bet": Verb(Bet.read, _refuse_bet, _bet),
    "no_more_bets": Verb(_close, _never, _no_more_bets),
}


def check_setup(setup: RoundSetup[RouletteProfile]) -> None:
    profile = setup.profile
    if not isinstance(profile, RouletteProfile):
        raise RuleError(f"a roulette round needs a roulette profile, not {type(profile).__name__}")
    seen: set[int] = set()
    for stake in setup.boxes:
        where = f"box {stake.box}"
        if not 1 <= stake.box <= profile.colours or stake.box in seen:
            raise RuleError(f"{where}: the table has colours 1 to {profile.colours}, each once")
        seen.add(stake.box)
        if not stake.player:
            raise RuleError(f"{where}: has no player")
        if set(stake.stakes) != {"chip"}:
            raise RuleError(f"{where}: a roulette seat carries only its chip value ('chip')")
        chip = stake.stakes["chip"]
        if not isinstance(chip, int) or isinstance(chip, bool) or chip <= 0:
            raise RuleError(f"{where}: the chip value must be a positive whole number")


class RouletteGame(VerbEngine[RouletteState, RouletteVerb]):
    """The rules of European roulette as pure functions over :class:`RouletteState`."""

    game = "roulette"
    verbs = VERBS

    def opening(self, state: RouletteState, action: Action) -> str | None:
        """Once closed, the table refuses everything; a bet checks its colour itself
        (``no_more_bets`` is the dealer's, of no colour)."""
        return "no more bets: the table is closed" if state.closed else None

    def unknown(self, state: RouletteState, action: Action) -> str:
        return Reason(
            f"{action.act!r} is not an action of roulette (bet, no_more_bets)", UNKNOWN_ACTION
        )

    def start(self, setup: RoundSetup[RouletteProfile], deck: Deck) -> RouletteState:
        check_setup(setup)
        return RouletteState(setup, deck)

    def to_act(self, state: RouletteState) -> Turn | None:
        if state.closed:
            return None
        return Turn(0, "", "bets until no more bets")

    def legal_actions(self, state: RouletteState) -> tuple[LegalAction, ...]:
        if state.closed:
            return ()
        low = state.setup.limits.min_stake
        bets = [
            LegalAction("bet", b.box, price=None, min_amount=max(low, b.stake("chip")))
            for b in sorted(state.setup.boxes, key=lambda b: b.box)
        ]
        return (*bets, LegalAction("no_more_bets"))

    def default_action(self, state: RouletteState) -> Action | None:
        """The dealer's timer closes the table."""
        return None if state.closed else Action("no_more_bets")

    # ------------------------------------------------------------ views and settlement

    def project(self, state: RouletteState, viewer: Viewer) -> JSON:
        """Chips on the layout are public; so are the pocket once it is known and the
        settlement. A player is offered bets on their own colours and the spin."""
        data: JSON = {
            "game": "roulette",
            "profile": state.profile.id,
            "closed": state.closed,
            "pocket": state.pocket,
            "colours": [
                {"box": b.box, "player": b.player, "chip": b.stake("chip")}
                for b in sorted(state.setup.boxes, key=lambda b: b.box)
            ],
            "bets": [
                {
                    "box": p.box,
                    "spot": p.spot,
                    "amount": p.amount,
                    "returned_over_maximum": p.excess,
                    "positions": dict(p.positions),
                }
                for p in state.bets
            ],
        }
        owners = {b.box: b.player for b in state.setup.boxes}
        return complete(self, state, viewer, data, owners)

    def staked(self, state: RouletteState) -> dict[int, int]:
        """Per box: what its bets' positions accepted (the part over a position's
        maximum went straight back, so it is not on the table)."""
        staked = dict.fromkeys((b.box for b in state.setup.boxes), 0)
        for placed in state.bets:
            staked[placed.box] += sum(amount for _, amount in placed.positions)
        return staked

    def settlement(self, state: RouletteState) -> Settlement | None:
        if state.pocket is None:
            return None
        pocket, profile = state.pocket, state.profile
        boxes: list[BoxSettlement] = []
        for seat in sorted(state.setup.boxes, key=lambda b: b.box):
            staked: dict[str, int] = {}
            excess: dict[str, int] = {}
            for placed in state.bets:
                if placed.box != seat.box:
                    continue
                for (position, amount), offered in zip(
                    placed.positions, placed.offered, strict=True
                ):
                    staked[position] = staked.get(position, 0) + amount
                    excess[position] = excess.get(position, 0) + offered - amount
            lines = tuple(
                StakeLine(
                    position,
                    amount,
                    amount * (1 + profile.pays[kind_of(position)])
                    if pocket in covers(position)
                    else 0,
                    f"{excess[position]} over the position maximum returned"
                    if excess[position]
                    else "",
                )
                for position, amount in staked.items()
            )
            lines = cap_lines(lines, state.setup.limits.max_payout, tuple(staked))
            boxes.append(BoxSettlement(seat.box, seat.player, lines, outcome=_outcome(lines)))
        details: JSON = {"profile": profile.id, "pocket": pocket, "colour": colour(pocket)}
        return Settlement(
            tuple(boxes), (HandResult("wheel", (str(pocket),), colour(pocket)),), details
        )


def _outcome(lines: tuple[StakeLine, ...]) -> str:
    net = sum(x.net for x in lines)
    return "no bets" if not lines else "win" if net > 0 else "lose" if net < 0 else "even"
