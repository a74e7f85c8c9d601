"""Decks and shoes as engines see them: where the next card comes from.

A :class:`Deck` is an immutable value inside a round's state. Engines only
``deal(target)`` cards to a named hand (``"box:1"``, ``"dealer"``,
``"board"``...) and ``shuffle_in`` discards; they never know whether the
cards come from a seeded shuffle or from a script:

* a **shuffled** deck deals its stock in order, whatever the target, and
  shuffles discards back into the rest with a fresh stream of its seed, so
  a round is replayable from its seed alone;
* a **scripted** deck (tests, disputes, replays) first deals each target its
  own listed cards in order, then the common ``stock``; discards are set
  aside, so the script fixes every draw. Where the game shuffles discards
  back ([002]; ``redeal``), a discarded card may be listed again in the
  stock and dealt again, never while a box or the dealer still holds it.

>>> from croupier.cards.card import parse_cards, format_cards
>>> d = Deck.scripted({"box:1": parse_cards("As Ks"),
...                    "dealer": parse_cards("2c")}, stock=parse_cards("9h 8h"))
>>> dealt = []
>>> for target in ("box:1", "dealer", "box:1", "box:1"):
...     c, d = d.deal(target)
...     dealt.append(c)
>>> format_cards(dealt)
'As 2c Ks 9h'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from croupier.cards.card import DECK_SIZE, check_distinct, format_card
from croupier.cards.fair import FairSeed

_NO_QUEUES: Mapping[str, tuple[int, ...]] = MappingProxyType({})


class DeckExhausted(LookupError):
    """No card is left where the next one was to come from."""


class CardStillHeld(DeckExhausted):
    """A scripted deck was to deal a card that a box or the dealer still holds
    (the script lists it twice, and it was not discarded back in between)."""


def shoe(decks: int) -> tuple[int, ...]:
    """``decks`` standard decks, in code order (6 for blackjack, 8 for baccarat)."""
    if decks < 1:
        raise ValueError("a shoe holds at least one deck")
    return tuple(range(DECK_SIZE)) * decks


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards still to come and how further chance is resolved."""

    stock: tuple[int, ...]
    queues: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: _NO_QUEUES)
    seed: FairSeed | None = None
    reshuffles: int = 0
    set_aside: tuple[int, ...] = ()
    # A scripted deck whose discards go back into it: the cards dealt and not
    # given back, so that a listed repeat is dealt only once its card came back.
    redeal: bool = False
    out: frozenset[int] = frozenset()

    @classmethod
    def shuffled(cls, seed: FairSeed, cards: Iterable[int] | None = None) -> Deck:
        """A fresh deck (or shoe, via ``cards``) in the order ``seed`` deals it."""
        return cls(stock=seed.shuffle(range(DECK_SIZE) if cards is None else cards), seed=seed)

    @classmethod
    def fresh(cls) -> Deck:
        """A fresh deck from a new CSPRNG server seed."""
        return cls.shuffled(FairSeed.fresh())

    @classmethod
    def scripted(
        cls,
        hands: Mapping[str, Sequence[int]],
        stock: Sequence[int] = (),
        *,
        single_deck: bool = True,
        redeal: bool = False,
    ) -> Deck:
        """A deck that deals exactly what a script lists (checked for repeats
        when one deck is in play). With ``redeal`` (one deck whose discards are
        shuffled back) the stock may repeat a card: it is dealt again only after
        it was discarded back, checked as it is dealt.

        >>> from croupier.cards.card import parse_cards
        >>> d = Deck.scripted({"box:1": parse_cards("2c 3d")}, parse_cards("9h 2c"), redeal=True)
        >>> _, d = d.deal("box:1"); _, d = d.deal("box:1")
        >>> card, d = d.shuffle_in(parse_cards("2c")).deal("box:1")   # 9h, then 2c again
        >>> format_card(d.deal("box:1")[0])
        '2c'
        >>> Deck.scripted({"box:1": parse_cards("2c")}, parse_cards("2c"), redeal=True).deal(
        ...     "box:1")[1].deal("box:1")
        Traceback (most recent call last):
        ...
        croupier.cards.deck.CardStillHeld: the script deals 2c to box:1 while it is still held
        """
        queues = {name: tuple(cards) for name, cards in hands.items()}
        if single_deck:
            everything = [c for cards in queues.values() for c in cards]
            if not redeal:
                everything += stock
            check_distinct(everything, "scripted cards")
        return cls(stock=tuple(stock), queues=MappingProxyType(queues), redeal=redeal)

    @property
    def is_scripted(self) -> bool:
        return self.seed is None

    def remaining(self) -> int:
        """Cards left in the common stock (scripted hand queues not counted)."""
        return len(self.stock)

    def deal(self, target: str) -> tuple[int, Deck]:
        """The next card for ``target`` and the deck without it."""
        queue = self.queues.get(target)
        if queue:
            queues = dict(self.queues)
            queues[target] = queue[1:]
            return queue[0], self._out(queue[0], target, queues=MappingProxyType(queues))
        if not self.stock:
            where = "the script's stock" if self.is_scripted else "the deck"
            raise DeckExhausted(f"{where} ran out while dealing to {target}")
        return self.stock[0], self._out(self.stock[0], target, stock=self.stock[1:])

    def _out(self, card: int, target: str, **change: Any) -> Deck:
        """The deck after dealing ``card`` (a redealing deck keeps track of it)."""
        if not self.redeal:
            return replace(self, **change)
        if card in self.out:
            raise CardStillHeld(
                f"the script deals {format_card(card)} to {target} while it is still held"
            )
        return replace(self, out=self.out | {card}, **change)

    def deal_many(self, target: str, count: int) -> tuple[tuple[int, ...], Deck]:
        cards: list[int] = []
        deck = self
        for _ in range(count):
            card, deck = deck.deal(target)
            cards.append(card)
        return tuple(cards), deck

    def shuffle_in(self, cards: Sequence[int]) -> Deck:
        """Return discards to the deck at random (a scripted deck sets them aside)."""
        if not cards:
            return self
        if self.seed is None:  # back in the deck: a redealing script may list them again
            return replace(self, set_aside=self.set_aside + tuple(cards), out=self.out - set(cards))
        stream = self.seed.stream(f"reshuffle-{self.reshuffles}")
        return replace(
            self, stock=stream.shuffle(self.stock + tuple(cards)), reshuffles=self.reshuffles + 1
        )

    def describe_next(self, target: str) -> str:
        """For error messages: what the next card for ``target`` would be."""
        queue = self.queues.get(target)
        nxt = queue[0] if queue else (self.stock[0] if self.stock else None)
        return "nothing" if nxt is None else format_card(nxt)
