"""The values a stud round is made of: boxes, the dealer, the phase.

All frozen; the engine builds a new :class:`StudState` for every accepted
action, so a refused action cannot have changed anything and any state can
be kept, compared or replayed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from croupier.cards.deck import Deck
from croupier.games.base import RoundSetup
from croupier.games.common.turns import BoxTurns
from croupier.games.common.verbs import OnBox
from croupier.games.stud.payout import DealerShow
from croupier.games.stud.profile import StudProfile


class Phase(Enum):
    DECIDING = "deciding"  # light boxes improve, play or fold, box by box
    AFTER_SHOW = "after_show"  # the dealer showed no game: buy a game or take the ANTE
    DONE = "done"  # nothing left to decide: the round can be settled


class Stage(Enum):
    WAITING = "waiting"  # its turn has not come (or a dark box: never decides)
    DECIDING = "deciding"
    DISCARD = "discard"  # owes cards back after buying a 6th ([001] version 2)
    PLAYED = "played"
    FOLDED = "folded"


@dataclass(frozen=True, slots=True)
class BoxState:
    box: int
    player: str
    ante: int
    dark: bool
    cards: tuple[int, ...]
    first_five: tuple[int, ...] = ()
    bonus: int = 0
    dealer_bonus: int = 0
    prebuy: tuple[str, ...] = ()
    stage: Stage = Stage.WAITING
    round: int = 0  # the next improvement round; len(profile.improve) = improving is over
    last_did: str = ""  # what the previous improvement round did: "", "exchange", "sixth"
    must_discard: int = 0
    fees: tuple[tuple[str, int], ...] = ()
    discards: tuple[int, ...] = ()
    insurance: int = 0
    took_half: bool = False
    bought_game: bool = False
    took_ante: bool = False

    @property
    def target(self) -> str:
        """Where this box's cards are dealt from (a scripted deck's list name)."""
        return f"box:{self.box}"

    @property
    def in_play(self) -> bool:
        return self.stage is Stage.PLAYED


@dataclass(frozen=True, slots=True)
class StudState(BoxTurns[BoxState]):
    setup: RoundSetup[StudProfile]
    boxes: tuple[BoxState, ...]  # in dealing order
    dealer: tuple[int, ...]  # dealing order; the shown card is per the profile
    deck: Deck
    phase: Phase = Phase.DECIDING
    queue: tuple[int, ...] = ()  # indices into ``boxes`` still to decide, next first
    show: DealerShow | None = None
    # The show became a public fact that boxes decide on (a no-game choice):
    # from then on nobody may take half or buy a game "before the show".
    extras_closed: bool = False
    history: tuple[OnBox, ...] = ()  # the accepted verbs' payloads: which box acted, in order

    @property
    def profile(self) -> StudProfile:
        return self.setup.profile

    @property
    def shown_card(self) -> int:
        return self.dealer[-1] if self.profile.dealer.shown_card == "last" else self.dealer[0]

    def dealer_shown_for_extras(self) -> bool:
        # "Before the dealer shows" ends at the show itself, whether the round
        # then goes on to no-game choices or straight to the settlement.
        return self.extras_closed or self.dealer_shown

    @property
    def dealer_shown(self) -> bool:
        """Whether the dealer has turned its hand over (hole cards now public)."""
        return self.phase is not Phase.DECIDING
