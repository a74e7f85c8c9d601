"""The values a house-poker round is made of: boxes, dealer, board, street.

All frozen: every accepted action builds a new :class:`HouseState`, so a
refused action cannot have changed anything and any state can be replayed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from croupier.cards.deck import Deck
from croupier.games.base import RoundSetup
from croupier.games.common.turns import BoxTurns
from croupier.games.common.verbs import OnBox
from croupier.games.house_poker.profile import HouseProfile


@dataclass(frozen=True, slots=True)
class BoxState:
    box: int
    player: str
    ante: int
    dark: bool
    cards: tuple[int, ...]
    side: Mapping[str, int] = field(default_factory=dict)  # side bet line -> stake
    preset: tuple[str, ...] = ()  # a dark box's TURN/RIVER staked before the deal
    streets: tuple[tuple[str, int], ...] = ()  # street stakes put up so far
    decided: int = 0  # streets this box has decided
    folded: bool = False
    seen: bool = False  # its owner has been shown the cards (its turn came)

    @property
    def in_play(self) -> bool:
        """Still in the round against the dealer (has an ANTE, has not folded)."""
        return self.ante > 0 and not self.folded


@dataclass(frozen=True, slots=True)
class HouseState(BoxTurns[BoxState]):
    setup: RoundSetup[HouseProfile]
    boxes: tuple[BoxState, ...]  # in dealing order (clockwise from box 1)
    dealer: tuple[int, ...]
    board: tuple[int, ...]
    deck: Deck
    street: int = 0  # the street being decided; len(profile.streets) = all decided
    queue: tuple[int, ...] = ()  # indices into ``boxes`` still to decide this street
    done: bool = False  # the dealer has shown: the round can be settled
    history: tuple[OnBox, ...] = ()  # the accepted verbs' payloads, in order

    @property
    def profile(self) -> HouseProfile:
        return self.setup.profile
