"""The round protocol every game engine speaks.

An engine is data plus pure functions (boardgame.io) with chance made
explicit (OpenSpiel): a round's state is an immutable value; the engine
starts it from a :class:`RoundSetup` and a :class:`~croupier.cards.Deck`,
says whose turn it is and which :class:`LegalAction` s are open, checks an
:class:`Action` (``verify`` / ``can``, as in pokerkit) and ``apply`` s it to
get the next state (every engine through one skeleton and its table of
verbs, :mod:`croupier.games.common.verbs`). Nothing in an engine reads a
clock, a socket or a global RNG, so the web server, the terminal, the
simulator and the tests all drive the very same rules, and a round is
replayed exactly from its record.

The shapes here fit every game of RULES.md:

* a *box* is a seat for stakes; ``hand`` numbers the hands of one box
  (blackjack splits add hands mid-round, everything else has hand 0);
* stakes are named lines (``ante``, ``bet``, ``bonus``, ``pair_plus``,
  ``player``, ``straight:17`` ...) so roulette's many bets and the stud
  family's fees use the same settlement;
* games without decisions (baccarat, roulette) simply have no pending turn
  after the betting actions;
* what each box has on the table is the engine's to say (``staked``): the
  stakes placed at the start (a dark box's BET and pre-bought options too)
  plus every fee, bet and insurance its actions added. It never goes down,
  and at the end it is what the settlement stakes, box by box, so whoever
  holds chips for a round (the casino, the terminal) holds the difference
  of ``staked`` before and after each step and knows no price of its own.

Money is always ``int`` minor units (kopecks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from croupier.cards.deck import Deck
from croupier.games.codes import CodedError, code_of

JSON = dict[str, Any]
P = TypeVar("P")
S = TypeVar("S")


class RuleError(CodedError):
    """Something the rules do not allow: a bad setup, an illegal action.

    The message names the box, the action and the reason, in words a player
    or a floor manager understands.
    """


class IllegalAction(RuleError):
    """An action refused by the rules; the state is unchanged."""

    def __init__(self, action: Action, reason: str) -> None:
        self.action = action
        self.reason = reason
        where = f"box {action.box}" + (f" hand {action.hand + 1}" if action.hand else "")
        code, params = code_of(reason)
        super().__init__(f"{where}: {action.act} refused: {reason}", code, **params)


@dataclass(frozen=True, slots=True)
class Limits:
    """A table's limits, per box, in minor units."""

    min_stake: int
    max_stake: int
    max_payout: int

    def __post_init__(self) -> None:
        for name in ("min_stake", "max_stake", "max_payout"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise RuleError(f"limits.{name} must be a positive whole number of minor units")
        if self.min_stake > self.max_stake:
            raise RuleError("limits: the minimum stake is above the maximum stake")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Limits:
        try:
            return cls(int(data["min"]), int(data["max"]), int(data["max_payout"]))
        except KeyError as missing:
            raise RuleError(f"limits: missing {missing.args[0]!r}") from None

    def to_json(self) -> JSON:
        return {"min": self.min_stake, "max": self.max_stake, "max_payout": self.max_payout}


@dataclass(frozen=True, slots=True)
class BoxStake:
    """What one box puts up before the deal.

    ``stakes`` maps a stake line to its amount (``{"ante": 1000, "bonus": 100}``);
    ``prebuy`` lists options a dark box buys blind before the deal
    (``"sixth"``, ``"insurance"``, ``"buy_game"``...), as the game allows.
    """

    box: int
    player: str
    stakes: Mapping[str, int]
    dark: bool = False
    prebuy: tuple[str, ...] = ()

    def stake(self, line: str) -> int:
        return self.stakes.get(line, 0)


@dataclass(frozen=True, slots=True)
class RoundSetup(Generic[P]):
    """Everything fixed before the first card: profile, limits, boxes."""

    profile: P
    limits: Limits
    boxes: tuple[BoxStake, ...]


@dataclass(frozen=True, slots=True)
class Action:
    """One decision or bet, as a player, a script or a timer sends it: the wire
    form, one loose shape for every verb of every game. An engine reads it once
    as the verb's own typed payload (:mod:`croupier.games.common.verbs`) and
    checks and applies that."""

    act: str
    box: int = 0
    hand: int = 0
    cards: tuple[int, ...] = ()
    amount: int | None = None
    spot: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action open now, with what it costs, for menus and advisors.

    ``cards`` gives how many cards the action takes (``(1, 2, 3, 5)`` for an
    exchange where four is not allowed); ``min_amount``/``max_amount`` bound
    an amount (insurance); ``price`` is the fee or stake it adds, or ``None``
    when the price depends on the amount or the cards chosen (``prices``
    then maps a card count to its price).
    """

    act: str
    box: int = 0
    hand: int = 0
    price: int | None = 0
    cards: tuple[int, ...] = ()
    prices: Mapping[int, int] = field(default_factory=dict)
    min_amount: int | None = None
    max_amount: int | None = None

    def to_json(self) -> JSON:
        data: JSON = {"act": self.act, "box": self.box}
        if self.hand:
            data["hand"] = self.hand
        if self.price is not None:
            data["price"] = self.price
        if self.cards:
            data["cards"] = list(self.cards)
        if self.prices:
            data["prices"] = {str(k): v for k, v in self.prices.items()}
        if self.min_amount is not None:
            data["min_amount"] = self.min_amount
        if self.max_amount is not None:
            data["max_amount"] = self.max_amount
        return data


@dataclass(frozen=True, slots=True)
class Turn:
    """Who the round waits for: a box (and hand), and in words what for."""

    box: int
    player: str
    waiting_for: str
    hand: int = 0


class ViewerRole(Enum):
    HOUSE = "house"
    PLAYER = "player"
    SPECTATOR = "spectator"


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who a projection is for. The house sees everything; a player sees
    their own light boxes' cards; a spectator sees only public cards."""

    role: ViewerRole
    player: str | None = None

    @classmethod
    def house(cls) -> Viewer:
        return cls(ViewerRole.HOUSE)

    @classmethod
    def spectator(cls) -> Viewer:
        return cls(ViewerRole.SPECTATOR)

    @classmethod
    def of(cls, player: str) -> Viewer:
        return cls(ViewerRole.PLAYER, player)


@dataclass(frozen=True, slots=True)
class StakeLine:
    """One stake of a box and what came back of it.

    ``staked`` is what the player put up (a stake, a fee); ``returned`` is
    everything paid back on it: the stake itself when returned or won, plus
    the winnings. A lost stake returns 0; a winning 1:1 stake of 100 returns 200.
    """

    line: str
    staked: int
    returned: int
    note: str = ""

    @property
    def net(self) -> int:
        return self.returned - self.staked

    def to_json(self) -> JSON:
        data: JSON = {"line": self.line, "staked": self.staked, "returned": self.returned}
        if self.note:
            data["note"] = self.note
        return data


@dataclass(frozen=True, slots=True)
class HandResult:
    """A hand a box (or the dealer) was settled on."""

    name: str
    cards: tuple[str, ...]
    description: str

    def to_json(self) -> JSON:
        return {"name": self.name, "cards": list(self.cards), "description": self.description}


@dataclass(frozen=True, slots=True)
class BoxSettlement:
    box: int
    player: str
    lines: tuple[StakeLine, ...]
    hands: tuple[HandResult, ...] = ()
    outcome: str = ""

    @property
    def staked(self) -> int:
        return sum(line.staked for line in self.lines)

    @property
    def returned(self) -> int:
        return sum(line.returned for line in self.lines)

    @property
    def net(self) -> int:
        return self.returned - self.staked

    def to_json(self) -> JSON:
        return {
            "box": self.box,
            "player": self.player,
            "net": self.net,
            "outcome": self.outcome,
            "hands": [h.to_json() for h in self.hands],
            "lines": [line.to_json() for line in self.lines],
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a round: every box settled separately, and the dealer."""

    boxes: tuple[BoxSettlement, ...]
    dealer: tuple[HandResult, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def staked(self) -> int:
        return sum(b.staked for b in self.boxes)

    @property
    def returned(self) -> int:
        return sum(b.returned for b in self.boxes)

    @property
    def house_result(self) -> int:
        """What the house won (negative when it lost): staked - returned."""
        return self.staked - self.returned

    def box(self, number: int) -> BoxSettlement:
        for b in self.boxes:
            if b.box == number:
                return b
        raise KeyError(f"no box {number} in this settlement")

    def to_json(self) -> JSON:
        return {
            "boxes": [b.to_json() for b in self.boxes],
            "dealer": [h.to_json() for h in self.dealer],
            **dict(self.details),
            "house_result": self.house_result,
        }


class Game(Protocol[P, S]):
    """What every engine provides. ``P`` is its profile type, ``S`` its state."""

    game: str

    def start(self, setup: RoundSetup[P], deck: Deck) -> S:
        """Check the setup (refusing it with a RuleError) and deal."""
        ...

    def to_act(self, state: S) -> Turn | None:
        """Who the round waits for, or None when it is settled."""
        ...

    def legal_actions(self, state: S) -> tuple[LegalAction, ...]:
        """The actions open now, with their prices."""
        ...

    def verify(self, state: S, action: Action) -> None:
        """Raise IllegalAction if ``action`` cannot be applied now."""
        ...

    def can(self, state: S, action: Action) -> bool:
        """True when ``action`` would be accepted."""
        ...

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action`` (verified first; the old state is untouched)."""
        ...

    def default_action(self, state: S) -> Action | None:
        """What a timer does for a box that does not decide (fold, stand...)."""
        ...

    def project(self, state: S, viewer: Viewer) -> JSON:
        """Everything ``viewer`` may see of the round, and nothing more: the table
        (hidden cards as counts), whose turn it is (``to_act``), the actions open to
        the viewer (``legal_actions``) and the ``settlement`` with the hands this
        viewer may not see taken out (None until settled). The one place that
        decides it (:mod:`croupier.games.common.view`): the casino, the history and
        the server pass it on."""
        ...

    def settlement(self, state: S) -> Settlement | None:
        """The settlement once the round is over, else None."""
        ...

    def staked(self, state: S) -> Mapping[int, int]:
        """Box number -> every chip that box has committed so far: its stakes from
        the start (a dark box's BET and pre-bought options included) and each fee,
        bet or insurance its actions added. Never decreases from one state to the
        next; once settled, ``settlement(state).box(n).staked == staked(state)[n]``."""
        ...


def play_out(game: Game[P, S], state: S, actions: Sequence[Action]) -> S:
    """Apply actions in order; the first illegal one raises IllegalAction."""
    for action in actions:
        state = game.apply(state, action)
    return state
