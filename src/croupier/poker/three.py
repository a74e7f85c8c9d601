"""Three-card poker ranking (RULES.md §2.3).

With three cards a straight is rarer than a flush, so the order differs from
five-card poker: high card < pair < flush < straight < three of a kind <
straight flush. A-2-3 is the lowest straight and Q-K-A the highest; K-A-2
is nothing.

A three-card value is its class's place in that order times ``THREE_BASE``
plus three rank digits, like five-card values (``croupier.poker.values``);
three-card values compare only with each other. :func:`value3` is plain
integer code so that the batch kernel compiles the very same function.

>>> from croupier.cards import parse_cards
>>> rank3(parse_cards("3d 2c Ah")).describe()
'straight, three high'
>>> rank3(parse_cards("9h 5h 2h")) < rank3(parse_cards("4s 3d 2c"))
True
>>> rank3(parse_cards("Kd Ac 2s")).describe()
'high card, ace-king-two'
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.poker.hand import HandRank, check_cards, hand_rank
from croupier.poker.values import Category

THREE_SHIFT = 12
THREE_BASE = 1 << THREE_SHIFT
# The class at each place of the three-card order, lowest first.
THREE_CARD_ORDER = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.FLUSH,
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
_HIGH, _PAIR, _FLUSH, _STRAIGHT, _TRIPS, _STRAIGHT_FLUSH = range(6)


def value3(a: int, b: int, c: int) -> int:
    """The value of three cards, unchecked (the batch kernel's own code)."""
    x, y, z = a >> 2, b >> 2, c >> 2
    if x < y:
        x, y = y, x
    if y < z:
        y, z = z, y
    if x < y:
        x, y = y, x
    flush = (a & 3) == (b & 3) and (b & 3) == (c & 3)
    if x == z:
        return (_TRIPS << THREE_SHIFT) | ((x + 1) * 0x111)
    if x == y or y == z:
        pair, kicker = y, x + z - y  # the middle rank is always in the pair
        return (_PAIR << THREE_SHIFT) | ((pair + 1) * 0x110) | (kicker + 1)
    place = _FLUSH if flush else _HIGH
    if x - z == 2:
        place = _STRAIGHT_FLUSH if flush else _STRAIGHT
    elif x == 12 and y == 1 and z == 0:  # A-2-3: the ace plays low
        place = _STRAIGHT_FLUSH if flush else _STRAIGHT
        x, y, z = 1, 0, -1
    return (place << THREE_SHIFT) | ((x + 1) << 8) | ((y + 1) << 4) | (z + 1)


def category3(value: int) -> Category:
    """The hand class of a three-card value."""
    return THREE_CARD_ORDER[value >> THREE_SHIFT]


def rank3(cards: Sequence[int]) -> HandRank:
    """Rank exactly three cards for three-card poker."""
    check_cards(cards, 3, 3, "rank3")
    value = value3(cards[0], cards[1], cards[2])
    return hand_rank(value, cards, width=3, category=category3(value))
