"""High card: the worked example of docs/architecture.md, "Adding a game".

A toy game, not a casino's: each box stakes its ANTE and sees one card; it
``raise`` s (a BET of one ANTE) or ``fold`` s; then the dealer turns a card.
A higher rank wins the ANTE and the BET at ``pays`` to one, the same rank
pushes, a lower rank loses. Everything a real game package holds is here in
one module: the profile type and its parser, the engine, the script codec,
the chance and the ``SPEC`` that the registry finds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from croupier.cards.card import format_card, rank_of
from croupier.cards.deck import Deck
from croupier.games.base import (
    JSON,
    Action,
    BoxSettlement,
    BoxStake,
    LegalAction,
    RoundSetup,
    RuleError,
    Settlement,
    StakeLine,
    Turn,
    Viewer,
    ViewerRole,
)
from croupier.games.codec import ScriptCodec, deck_of, keys, text, whole
from croupier.games.common.refusals import Refusals
from croupier.games.registry import GameSpec
from croupier.profiles import ProfileError

# ---------------------------------------------------------------- the profile


@dataclass(frozen=True, slots=True)
class HighCardProfile:  # a RuleProfile: id, name, source, game
    id: str
    name: str
    source: str
    pays: int  # a win pays this to one
    boxes: int
    game: str = "high_card"


def parse_profile(data: Mapping[str, Any], where: str) -> HighCardProfile:
    known = ("game", "id", "name", "source", "pays", "boxes")
    for key in data:
        if key not in known:
            raise ProfileError(f"{where}: {key}: unknown setting")
    for key in ("pays", "boxes"):
        if not isinstance(data.get(key), int) or data[key] < 1:
            raise ProfileError(f"{where}: {key}: must be a whole number of at least 1")
    return HighCardProfile(
        data["id"], data["name"], data.get("source", ""), data["pays"], data["boxes"]
    )


# ---------------------------------------------------------------- the engine


@dataclass(frozen=True, slots=True)
class HighCardState:
    setup: RoundSetup[HighCardProfile]
    cards: Mapping[int, int]  # box -> its card
    dealer: int
    raised: frozenset[int] = frozenset()
    folded: frozenset[int] = frozenset()

    def waiting(self) -> BoxStake | None:
        decided = self.raised | self.folded
        return next((b for b in self.setup.boxes if b.box not in decided), None)


class HighCardGame(Refusals[HighCardState]):
    game = "high_card"

    def start(self, setup: RoundSetup[HighCardProfile], deck: Deck) -> HighCardState:
        limits = setup.limits
        for stake in setup.boxes:
            if set(stake.stakes) != {"ante"} or not 1 <= stake.box <= setup.profile.boxes:
                raise RuleError(f"box {stake.box}: an ANTE on a box of the table, nothing else")
            if not limits.min_stake <= stake.stake("ante") <= limits.max_stake:
                raise RuleError(f"box {stake.box}: the ANTE is outside the table limits")
        cards: dict[int, int] = {}
        for stake in setup.boxes:
            cards[stake.box], deck = deck.deal(f"box:{stake.box}")
        dealer, _ = deck.deal("dealer")
        return HighCardState(setup, cards, dealer)

    def to_act(self, state: HighCardState) -> Turn | None:
        box = state.waiting()
        return None if box is None else Turn(box.box, box.player, "raise or fold")

    def legal_actions(self, state: HighCardState) -> tuple[LegalAction, ...]:
        box = state.waiting()
        if box is None:
            return ()
        return (
            LegalAction("raise", box.box, price=box.stake("ante")),
            LegalAction("fold", box.box),
        )

    def refusal(self, state: HighCardState, action: Action) -> str | None:
        box = state.waiting()
        if box is None or action.box != box.box:
            return "it is not this box's turn"
        if action.act not in ("raise", "fold") or action != Action(action.act, box.box):
            return "a box raises or folds, nothing more"
        return None

    def apply(self, state: HighCardState, action: Action) -> HighCardState:
        self.verify(state, action)
        if action.act == "raise":
            return replace(state, raised=state.raised | {action.box})
        return replace(state, folded=state.folded | {action.box})

    def default_action(self, state: HighCardState) -> Action | None:
        box = state.waiting()
        return None if box is None else Action("fold", box.box)

    def project(self, state: HighCardState, viewer: Viewer) -> JSON:
        done = state.waiting() is None
        house = viewer.role is ViewerRole.HOUSE

        def seen(box: BoxStake) -> bool:
            return house or done or box.player == viewer.player

        return {
            "game": "high_card",
            "dealer": [format_card(state.dealer)] if done or house else [],
            "boxes": [
                {"box": b.box, "cards": [format_card(state.cards[b.box])] if seen(b) else []}
                for b in state.setup.boxes
            ],
        }

    def staked(self, state: HighCardState) -> Mapping[int, int]:
        return {
            b.box: b.stake("ante") * (2 if b.box in state.raised else 1) for b in state.setup.boxes
        }

    def settlement(self, state: HighCardState) -> Settlement | None:
        if state.waiting() is not None:
            return None
        pays, dealer = state.setup.profile.pays, rank_of(state.dealer)
        boxes = []
        for b in state.setup.boxes:
            ante, own = b.stake("ante"), rank_of(state.cards[b.box])
            lines = [("ante", ante)] + ([("bet", ante)] if b.box in state.raised else [])
            back = (1 + pays if own > dealer else 1 if own == dealer else 0) * (
                b.box in state.raised
            )
            boxes.append(
                BoxSettlement(b.box, b.player, tuple(StakeLine(x, n, n * back) for x, n in lines))
            )
        return Settlement(tuple(boxes))


# ---------------------------------------------------------------- the round script


def read_box(data: Mapping[str, Any], where: str) -> BoxStake:
    keys(data, ("box", "player", "ante"), where)
    box, player = whole(data, "box", where), text(data, "player", where)
    return BoxStake(box, player, {"ante": whole(data, "ante", where)})


def write_box(stake: BoxStake) -> JSON:
    return {"box": stake.box, "player": stake.player, "ante": stake.stake("ante")}


def chance(script: Mapping[str, Any], profile: HighCardProfile) -> Deck:
    return deck_of(script)  # one 52-card deck, shuffled by the seed or listed


# ---------------------------------------------------------------- what the registry finds

SPEC: GameSpec[HighCardProfile, HighCardState] = GameSpec(
    games=("high_card",),
    parse_profile=parse_profile,
    engine=HighCardGame(),
    script=ScriptCodec(read_box, write_box),
    chance=chance,
)
