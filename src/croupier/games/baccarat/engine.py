"""The baccarat engine: stakes before the deal, then the coup plays itself.

Boxes carry PLAYER, BANKER and TIE stakes (several at once). Cards are dealt
PLAYER, BANKER, PLAYER, BANKER from the shoe (targets ``"player"`` and
``"banker"`` for a script), then third cards by the tableau. Nobody decides
anything, so a round is settled the moment it starts and every action is
refused. The round's deck is the rest of the shoe, for the next round.

>>> from croupier.cards import Deck, parse_cards
>>> from croupier.games.base import BoxStake, Limits, RoundSetup
>>> from croupier.profiles import load
>>> setup = RoundSetup(load("baccarat"), Limits(100, 100_000, 10_000_000),
...                    (BoxStake(1, "ann", {"banker": 1000, "tie": 100}),))
>>> deck = Deck.scripted({"player": parse_cards("9h 3c"), "banker": parse_cards("4d 3s")},
...                      parse_cards("Kc"), single_deck=False)   # PLAYER 2 draws ...
>>> game = BaccaratGame()
>>> state = game.start(setup, deck)   # ... a king (0); BANKER 7 stands: PLAYER 2, BANKER 7
>>> s = game.settlement(state)
>>> s.details["result"], [(x.line, x.staked, x.returned) for x in s.box(1).lines]
('banker', [('banker', 1000, 1950), ('tie', 100, 0)])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Never

from croupier.cards.deck import Deck
from croupier.games.baccarat.profile import STAKES, BaccaratProfile, paid
from croupier.games.baccarat.stakes import stake_spec
from croupier.games.baccarat.tableau import NATURAL, banker_draws, player_draws, points, value
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
from croupier.games.common.cap import cap_lines
from croupier.games.common.seating import check_boxes
from croupier.games.common.verbs import Verb, VerbEngine
from croupier.games.common.view import card_texts, complete

CAP_ORDER = ("player", "banker", "tie")


@dataclass(frozen=True, slots=True)
class BaccaratState:
    setup: RoundSetup[BaccaratProfile]
    player: tuple[int, ...]
    banker: tuple[int, ...]
    deck: Deck  # the rest of the shoe, for the next round

    @property
    def profile(self) -> BaccaratProfile:
        return self.setup.profile

    @property
    def player_points(self) -> int:
        return points(value(c) for c in self.player)

    @property
    def banker_points(self) -> int:
        return points(value(c) for c in self.banker)

    @property
    def result(self) -> str:
        """``player``, ``banker`` or ``tie``."""
        p, b = self.player_points, self.banker_points
        return "player" if p > b else "banker" if b > p else "tie"


def check_setup(setup: RoundSetup[BaccaratProfile]) -> None:
    profile = setup.profile
    if not isinstance(profile, BaccaratProfile):
        raise RuleError(f"a baccarat round needs a baccarat profile, not {type(profile).__name__}")
    check_boxes(profile.table, stake_spec(profile), setup.limits, setup.boxes)


def settle_box(profile: BaccaratProfile, result: str, stake: BoxStake) -> tuple[StakeLine, ...]:
    """The PLAYER / BANKER / TIE lines of one box for the coup's ``result``."""
    odds = {
        "player": profile.player_pays,
        "banker": profile.banker_pays * (1 - profile.banker_commission),
        "tie": profile.tie_pays,
    }
    lines: list[StakeLine] = []
    for line in STAKES:
        amount = stake.stake(line)
        if not amount:
            continue
        if line == result:
            lines.append(StakeLine(line, amount, amount + paid(odds[line], amount)))
        elif result == "tie" and profile.tie_returns_player_banker:
            lines.append(StakeLine(line, amount, amount, "returned on a tie"))
        else:
            lines.append(StakeLine(line, amount, 0))
    return tuple(lines)


class BaccaratGame(VerbEngine[BaccaratState, Never]):
    """The rules of baccarat as pure functions over :class:`BaccaratState`:
    no verbs, so every action is refused before any would be looked up."""

    game = "baccarat"
    verbs: Mapping[Never, Verb[BaccaratState, Any]] = {}

    def start(self, setup: RoundSetup[BaccaratProfile], deck: Deck) -> BaccaratState:
        check_setup(setup)
        player: list[int] = []
        banker: list[int] = []
        for _ in range(2):
            card, deck = deck.deal("player")
            player.append(card)
            card, deck = deck.deal("banker")
            banker.append(card)
        p = points(value(c) for c in player)
        b = points(value(c) for c in banker)
        if p < NATURAL and b < NATURAL:
            third: int | None = None
            if player_draws(p):
                card, deck = deck.deal("player")
                player.append(card)
                third = value(card)
            if banker_draws(b, third):
                card, deck = deck.deal("banker")
                banker.append(card)
        return BaccaratState(setup, tuple(player), tuple(banker), deck)

    def to_act(self, state: BaccaratState) -> Turn | None:
        return None

    def legal_actions(self, state: BaccaratState) -> tuple[LegalAction, ...]:
        return ()

    def opening(self, state: BaccaratState, action: Action) -> str | None:
        return "baccarat has no decisions: stakes are placed before the deal"

    def default_action(self, state: BaccaratState) -> Action | None:
        return None

    def project(self, state: BaccaratState, viewer: Viewer) -> JSON:
        """Every baccarat card is dealt face up: all viewers see the same."""
        table: JSON = {
            "game": "baccarat",
            "profile": state.profile.id,
            "player": {"cards": card_texts(state.player), "points": state.player_points},
            "banker": {"cards": card_texts(state.banker), "points": state.banker_points},
            "result": state.result,
            "boxes": [
                {"box": b.box, "player": b.player, "stakes": dict(b.stakes)}
                for b in sorted(state.setup.boxes, key=lambda b: b.box)
            ],
            "shoe_remaining": state.deck.remaining(),
        }
        owners = {b.box: b.player for b in state.setup.boxes}
        return complete(self, state, viewer, table, owners)

    def staked(self, state: BaccaratState) -> dict[int, int]:
        """Per box: its PLAYER, BANKER and TIE stakes, all placed before the deal."""
        return {b.box: sum(b.stake(line) for line in STAKES) for b in state.setup.boxes}

    def settlement(self, state: BaccaratState) -> Settlement | None:
        profile, result = state.profile, state.result
        max_payout = state.setup.limits.max_payout
        boxes = tuple(
            BoxSettlement(
                stake.box,
                stake.player,
                cap_lines(settle_box(profile, result, stake), max_payout, CAP_ORDER),
                outcome=result,
            )
            for stake in sorted(state.setup.boxes, key=lambda b: b.box)
        )
        hands = (
            HandResult("player", tuple(card_texts(state.player)), f"{state.player_points} points"),
            HandResult("banker", tuple(card_texts(state.banker)), f"{state.banker_points} points"),
        )
        details: JSON = {
            "profile": profile.id,
            "result": result,
            "player_points": state.player_points,
            "banker_points": state.banker_points,
            "natural": len(state.player) == 2
            and len(state.banker) == 2
            and max(state.player_points, state.banker_points) >= NATURAL,
            "shoe_remaining": state.deck.remaining(),
            "cut_card_out": profile.shoe.cut_card_out(state.deck),
        }
        return Settlement(boxes, hands, details)
