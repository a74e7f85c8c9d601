"""A multi-deck shoe that lives across rounds: cut card and reshuffle.

Blackjack (6 decks) and baccarat (8 decks) deal many rounds from one shoe.
The engines stay pure: a round starts from a :class:`~croupier.cards.Deck`
whose stock is the rest of the shoe and ends with the deck it leaves; the
table passes that deck to the next round, or a freshly shuffled shoe once
the cut card has come out (the round in progress is finished first).

>>> from croupier.cards.fair import FairSeed
>>> rules = ShoeRules(decks=1, cut_card=20)
>>> deck = rules.fresh(FairSeed(bytes(32)))
>>> deck.remaining(), rules.cut_card_out(deck)
(52, False)
>>> _, deck = deck.deal_many("box:1", 33)
>>> rules.cut_card_out(deck), rules.next_round(deck, FairSeed(bytes(31) + b"x")).remaining()
(True, 52)
"""

from __future__ import annotations

from typing import Self

from pydantic import model_validator

from croupier.cards.deck import Deck, shoe
from croupier.cards.fair import FairSeed
from croupier.games.common.settings import Field, Refusal, Settings


class ShoeRules(Settings):
    """How many decks, and how many cards the cut card leaves behind it
    (a profile's ``[shoe]``)."""

    decks: int = Field(ge=1)
    cut_card: int = Field(ge=1)

    @model_validator(mode="after")
    def _cut_card_in_the_shoe(self) -> Self:
        if self.cut_card >= self.decks * 52:
            raise Refusal("cut_card", f"must leave fewer cards than the shoe's {self.decks * 52}")
        return self

    def fresh(self, seed: FairSeed) -> Deck:
        """A new shoe, shuffled by ``seed`` (provably fair, replayable)."""
        return Deck.shuffled(seed, cards=shoe(self.decks))

    def cut_card_out(self, deck: Deck) -> bool:
        """Whether the cut card has come out of a shuffled shoe. A scripted
        deck has no cut card: the script fixes every card."""
        return not deck.is_scripted and deck.remaining() < self.cut_card

    def next_round(self, deck: Deck, seed: FairSeed) -> Deck:
        """The deck the next round starts from: the rest of this shoe, or a
        fresh shoe shuffled by ``seed`` once the cut card came out."""
        return self.fresh(seed) if self.cut_card_out(deck) else deck
