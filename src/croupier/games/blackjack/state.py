"""The values a blackjack round is made of: hands, boxes, the dealer, the shoe.

All frozen: the engine builds a new state for every accepted action, so a
refused action cannot have changed anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards.card import ACE, rank_of
from croupier.cards.deck import Deck
from croupier.games.base import RoundSetup
from croupier.games.blackjack.hand import busted, is_blackjack, total
from croupier.games.blackjack.profile import BlackjackProfile
from croupier.games.common.turns import NumberedBoxes
from croupier.games.common.verbs import OnHand


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of a box; a split makes more. ``stake`` is the hand's own stake,
    ``doubled`` what a double added."""

    cards: tuple[int, ...]
    stake: int
    doubled: int = 0
    from_split: bool = False  # no blackjack, no surrender after a split
    split_aces: bool = False  # one card only to each split ace
    done: bool = False
    surrendered: bool = False
    even_money: bool = False

    @property
    def natural(self) -> bool:
        """A blackjack: ace and ten as the first two cards of an unsplit hand."""
        return not self.from_split and is_blackjack(self.cards)

    @property
    def busted(self) -> bool:
        return busted(self.cards)

    @property
    def total(self) -> int:
        return total(self.cards)[0]

    @property
    def live(self) -> bool:
        """Still waiting for the dealer's total (not bust, surrendered or paid)."""
        return not (self.busted or self.surrendered or self.even_money or self.natural)


@dataclass(frozen=True, slots=True)
class BoxState:
    box: int
    player: str
    stake: int
    side: int  # the 21+3 stake
    hands: tuple[Hand, ...]
    first_two: tuple[int, ...] = ()
    insurance: int = 0
    acted: bool = False  # a decision was taken on a hand: insurance is no longer offered

    @property
    def stakes(self) -> int:
        """Everything staked on the box but insurance: every hand's stake and
        double (splits add hands) and the 21+3."""
        return sum(h.stake + h.doubled for h in self.hands) + self.side

    def target(self, hand: int) -> str:
        """Where a hand's cards come from in a scripted deck: ``box:1``, ``box:1/2``..."""
        return f"box:{self.box}" if hand == 0 else f"box:{self.box}/{hand + 1}"


@dataclass(frozen=True, slots=True)
class BlackjackState(NumberedBoxes[BoxState]):
    setup: RoundSetup[BlackjackProfile]
    boxes: tuple[BoxState, ...]  # in dealing order (box 1 first)
    dealer: tuple[int, ...]
    deck: Deck  # the rest of the shoe, for the next round
    turn: tuple[int, int] | None = (0, 0)  # (box index, hand index); None: the dealer has played
    history: tuple[OnHand, ...] = ()  # the accepted verbs' payloads, in order

    @property
    def profile(self) -> BlackjackProfile:
        return self.setup.profile

    @property
    def up_card(self) -> int:
        return self.dealer[0]

    @property
    def dealer_shows_ace(self) -> bool:
        return rank_of(self.up_card) == ACE

    @property
    def dealer_shows_ten(self) -> bool:
        return 8 <= rank_of(self.up_card) <= 11

    @property
    def dealer_blackjack(self) -> bool:
        return is_blackjack(self.dealer[:2])
