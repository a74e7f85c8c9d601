"""Card codes: one small integer per card, text in and out.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, ranks ``2..A`` as
0..12 and suits in the order clubs, diamonds, hearts, spades. This is the
layout of phevaluator and most fast evaluators, so arrays of our codes feed
a batch evaluator without translation.

>>> parse_card("As")
51
>>> parse_card("10d") == parse_card("Td")
True
>>> format_card(parse_card("2c"))
'2c'
>>> format_cards(parse_cards("As Kh 7d"), unicode=True)
'A♠ K♥ 7♦'
>>> rank_of(parse_card("Qh")), suit_of(parse_card("Qh"))
(10, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip
ACE = 12
DECK_SIZE = 52

_SUIT_BY_TEXT = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
}


class CardError(ValueError):
    """A card's text could not be read."""


def card(rank: int, suit: int) -> int:
    """The code of the card of ``rank`` (0 = two .. 12 = ace) and ``suit``."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"no card with rank {rank} and suit {suit}")
    return rank * 4 + suit


def rank_of(code: int) -> int:
    """Rank index of a card: 0 for a two up to 12 for an ace."""
    return code >> 2


def suit_of(code: int) -> int:
    """Suit index of a card: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return code & 3


def parse_card(text: str) -> int:
    """Read one card: rank ``A K Q J T 9..2`` (or ``10``) then suit ``s h d c``
    or its symbol. Case does not matter.

    >>> parse_card("ah") == parse_card("A♥")
    True
    >>> parse_card("1s")
    Traceback (most recent call last):
    ...
    croupier.cards.card.CardError: '1s' is not a card: rank must be one of A K Q J T 9 8 7 6 5 4 3 2
    """
    raw = text.strip()
    if len(raw) < 2:
        raise CardError(f"{text!r} is not a card: expected a rank and a suit, like 'As' or 'Td'")
    rank_text, suit_text = raw[:-1].upper(), raw[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS:
        raise CardError(f"{text!r} is not a card: rank must be one of A K Q J T 9 8 7 6 5 4 3 2")
    suit = _SUIT_BY_TEXT.get(suit_text.lower(), _SUIT_BY_TEXT.get(suit_text))
    if suit is None:
        raise CardError(f"{text!r} is not a card: suit must be one of s h d c")
    return RANKS.index(rank_text) * 4 + suit


def parse_cards(text: str | Iterable[str]) -> tuple[int, ...]:
    """Read several cards from a string (spaces or commas between) or a list.

    >>> parse_cards("As,Kd 2c")
    (51, 45, 0)
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(item) for item in items)


def format_card(code: int, *, unicode: bool = False) -> str:
    """The two-character name of a card (``As``), or with a suit symbol."""
    if not 0 <= code < DECK_SIZE:
        raise CardError(f"{code} is not a card code (0..51)")
    suits = SUIT_SYMBOLS if unicode else SUITS
    return RANKS[code >> 2] + suits[code & 3]


def format_cards(codes: Sequence[int], *, unicode: bool = False) -> str:
    """Cards as text, separated by spaces."""
    return " ".join(format_card(c, unicode=unicode) for c in codes)


def full_deck() -> tuple[int, ...]:
    """The 52 cards in code order."""
    return tuple(range(DECK_SIZE))


def check_distinct(codes: Iterable[int], where: str) -> None:
    """Refuse a card that appears twice where one deck is in play."""
    seen: set[int] = set()
    for code in codes:
        if code in seen:
            raise CardError(f"{where}: card {format_card(code)} appears twice")
        seen.add(code)
