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

A shuffled deck can be **traced** (a round replayed for its recall): it then notes
where every card it deals goes and where in its shuffle it came from, the round's
dealing order that the provably-fair page checks against the seed.

>>> from croupier.cards.fair import FairSeed
>>> d = Deck.shuffled(FairSeed(bytes(32))).traced()
>>> card, d = d.deal("box:1")
>>> _, d = d.shuffle_in((card,), "box:1").deal("dealer")   # the box's discard went back
>>> [(x.to, x.shuffle, x.position) for x in d.trace.dealt]
[('box:1', 'deal', 0), ('dealer', 'reshuffle-0', 0)]
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


@dataclass(frozen=True, slots=True)
class Dealt:
    """One card a traced deck dealt: the hand it went to (``"box:1"``, ``"dealer"``,
    ``"board"``...), the shuffle it came from and its place in that shuffle (0: the top)."""

    card: int
    to: str
    shuffle: str
    position: int


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Discards shuffled back ([002]): the shuffle ``label`` of the cards of ``of`` from
    ``rest_from`` on (those not dealt yet), then the ``discards`` of ``hand`` in order."""

    label: str
    of: str
    rest_from: int
    hand: str
    discards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealTrace:
    """Every card a round dealt, in order, and every reshuffle on the way."""

    shuffle: str  # the shuffle cards come from now
    size: int  # the cards that shuffle holds in all (a shoe's: before its earlier rounds)
    dealt: tuple[Dealt, ...] = ()
    reshuffles: tuple[Reshuffle, ...] = ()


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
    # Only a round replayed for its recall is traced: live play pays nothing for it.
    trace: DealTrace | None = None

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

    def traced(self, dealt_before: int = 0) -> Deck:
        """This deck noting every card it deals from now on (``dealt_before``: cards of
        its shuffle already dealt, a shoe's earlier rounds). A script is not traced."""
        if self.seed is None:
            return self
        label = "deal" if not self.reshuffles else f"reshuffle-{self.reshuffles - 1}"
        return replace(self, trace=DealTrace(label, dealt_before + len(self.stock)))

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
        card = self.stock[0]
        if self.trace is not None:
            at = self.trace.size - len(self.stock)
            noted = Dealt(card, target, self.trace.shuffle, at)
            trace = replace(self.trace, dealt=(*self.trace.dealt, noted))
            return card, replace(self, stock=self.stock[1:], trace=trace)
        return card, self._out(card, target, stock=self.stock[1:])

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

    def shuffle_in(self, cards: Sequence[int], hand: str = "") -> Deck:
        """Return ``hand`` 's discards to the deck at random (a scripted deck sets them aside)."""
        if not cards:
            return self
        if self.seed is None:  # back in the deck: a redealing script may list them again
            return replace(self, set_aside=self.set_aside + tuple(cards), out=self.out - set(cards))
        label = f"reshuffle-{self.reshuffles}"
        stock = self.seed.stream(label).shuffle(self.stock + tuple(cards))
        trace = self.trace
        if trace is not None:
            rest_from = trace.size - len(self.stock)
            done = Reshuffle(label, trace.shuffle, rest_from, hand, tuple(cards))
            trace = DealTrace(label, len(stock), trace.dealt, (*trace.reshuffles, done))
        return replace(self, stock=stock, reshuffles=self.reshuffles + 1, trace=trace)

    def describe_next(self, target: str) -> str:
        """For error messages: what the next card for ``target`` would be."""
        queue = self.queues.get(target)
        nxt = queue[0] if queue else (self.stock[0] if self.stock else None)
        return "nothing" if nxt is None else format_card(nxt)
