"""Hand values: one integer per poker hand, ordered exactly like the hands.

A five-card hand's value is its :class:`Category` times ``CATEGORY_BASE``
plus five rank digits, most important first (the combination, then the
kickers), each digit ``rank + 1`` in four bits. The ace of A-2-3-4-5 plays
low, so its digit is 0 and the wheel sorts below 2-3-4-5-6. Equal values are
ties; the scalar and the batch evaluators return the same integers.

>>> v = pack(Category.PAIR, (9, 9, 12, 11, 5))   # jacks, ace-king-seven
>>> hex(v)
'0x2aadc6'
>>> category_of(v).name, unpack_ranks(v)
('PAIR', (9, 9, 12, 11, 5))
>>> straight_high(0b1_0000_0000_1111)   # A-2-3-4-5: five high
3
>>> straight_high(0b1_1000_0000_0011)   # Q-K-A-2-3 does not wrap
-1

The rules themselves live in two small functions, :func:`flush_value` (the
best five of one suit) and :func:`counts_value` (the best five from rank
counts, suits ignored); the lookup tables are these functions tabulated.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

DIGIT_BITS = 4
CATEGORY_SHIFT = DIGIT_BITS * 5
CATEGORY_BASE = 1 << CATEGORY_SHIFT
_WHEEL = 0b1_0000_0000_1111  # A, 5, 4, 3, 2
_DIGIT_RANK = (12, *range(12), 12)  # digit 0 is the low ace, 1..13 are two..ace
_SHIFTS = {w: tuple(DIGIT_BITS * (w - 1 - p) for p in range(w)) for w in (3, 5)}
_ACE_KING_TOP = (13 << DIGIT_BITS) | 12  # digits of an ace then a king


class Category(IntEnum):
    """Poker hand classes, lowest first. ACE_KING only counts where a game
    asks for it; otherwise such a hand is HIGH_CARD."""

    HIGH_CARD = 0
    ACE_KING = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ").replace("ace king", "ace-king")


def pack(category: Category | int, key: Sequence[int]) -> int:
    """The value of a hand of ``category`` whose ranks, most important first,
    are ``key`` (the wheel's ace written as -1)."""
    value = int(category) << CATEGORY_SHIFT
    width = len(key)
    for place, rank in enumerate(key):
        value |= (rank + 1) << (DIGIT_BITS * (width - 1 - place))
    return value


def category_of(value: int) -> Category:
    return Category(value >> CATEGORY_SHIFT)


def unpack_ranks(value: int, width: int = 5) -> tuple[int, ...]:
    """The ranks of a value, most important first (a digit 0 is the low ace)."""
    return tuple(_DIGIT_RANK[(value >> s) & 15] for s in _SHIFTS[width])


def promote_ace_king(value: int) -> int:
    """Count ace-king high as the 'game' between high card and a pair.

    Only the top of HIGH_CARD moves, so the order of all hands is kept and the
    promotion commutes with taking the best of several five-card hands."""
    if value >> CATEGORY_SHIFT == Category.HIGH_CARD and (value >> 12) == _ACE_KING_TOP:
        return value + CATEGORY_BASE
    return value


def straight_high(mask: int) -> int:
    """The top rank of the highest straight in a 13-bit rank mask, or -1.

    The ace also plays low (A-2-3-4-5, rank 3 high) but never wraps."""
    for high in range(12, 3, -1):
        run = 0b11111 << (high - 4)
        if mask & run == run:
            return high
    return 3 if mask & _WHEEL == _WHEEL else -1


def _straight_key(high: int) -> tuple[int, ...]:
    return tuple(range(high, high - 5, -1)) if high > 3 else (3, 2, 1, 0, -1)


def _top_ranks(mask: int, count: int) -> list[int]:
    return [r for r in range(12, -1, -1) if mask >> r & 1][:count]


def flush_value(mask: int) -> int:
    """The best five-card hand among cards of one suit, given their rank mask
    (five to seven bits set)."""
    high = straight_high(mask)
    if high == 12:
        return pack(Category.ROYAL_FLUSH, _straight_key(high))
    if high >= 0:
        return pack(Category.STRAIGHT_FLUSH, _straight_key(high))
    return pack(Category.FLUSH, _top_ranks(mask, 5))


def counts_value(counts: Sequence[int]) -> int:
    """The best five-card hand from five to seven cards, suits ignored:
    ``counts[r]`` is how many cards of rank ``r`` there are."""
    by_count: list[list[int]] = [[], [], [], [], []]
    for rank in range(12, -1, -1):
        by_count[counts[rank]].append(rank)
    quads, trips, pairs = by_count[4], by_count[3], by_count[2]
    mask = sum(1 << r for r in range(13) if counts[r])

    def kickers(used: Sequence[int], n: int) -> list[int]:
        return [r for r in range(12, -1, -1) if counts[r] and r not in used][:n]

    if quads:
        q = quads[0]
        return pack(Category.FOUR_OF_A_KIND, [q] * 4 + kickers([q], 1))
    if trips and len(trips) + len(pairs) >= 2:
        t = trips[0]
        p = max(trips[1:] + pairs)  # a second three of a kind plays as the pair
        return pack(Category.FULL_HOUSE, [t, t, t, p, p])
    high = straight_high(mask)
    if high >= 0:
        return pack(Category.STRAIGHT, _straight_key(high))
    if trips:
        t = trips[0]
        return pack(Category.THREE_OF_A_KIND, [t] * 3 + kickers([t], 2))
    if len(pairs) >= 2:
        a, b = pairs[0], pairs[1]
        return pack(Category.TWO_PAIR, [a, a, b, b, *kickers([a, b], 1)])
    if pairs:
        p = pairs[0]
        return pack(Category.PAIR, [p, p, *kickers([p], 3)])
    return pack(Category.HIGH_CARD, _top_ranks(mask, 5))
