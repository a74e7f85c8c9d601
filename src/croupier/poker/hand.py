"""Poker hand ranking, scalar API: what the engines call for one hand.

A :class:`HandRank` is comparable (higher ``value`` wins, equal values tie),
knows its :class:`Category`, the five cards that make it (most important
first) and describes itself in words.

The Russian-poker family counts **ace-king** (no pair, an ace and a king) as
a "game" between high card and a pair; that is an option of the ranking
(``ace_king=True``), not another evaluator.

>>> from croupier.cards import parse_cards
>>> rank5(parse_cards("Jh Js Ad Kc 7s")).describe()
'pair of jacks, ace-king-seven'
>>> rank5(parse_cards("Ah Kd 9c 7s 2s"), ace_king=True).category.name
'ACE_KING'
>>> best_of(parse_cards("As Ks Qs Js Ts 2d")).describe()
'royal flush'
>>> rank5(parse_cards("5c 4d 3h 2s Ac")) < rank5(parse_cards("6c 5d 4h 3s 2c"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import combinations

from croupier.cards.card import RANK_NAMES, RANK_PLURALS, RANKS

_SHIFT = 4  # one hex digit per rank in a value


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


CATEGORY_BASE = 1 << (_SHIFT * 5)


@dataclass(frozen=True, slots=True, order=True)
class HandRank:
    """A ranked hand: compare by ``value``; ``cards`` are the five that play."""

    value: int
    category: Category = field(compare=False)
    cards: tuple[int, ...] = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)

    def describe(self) -> str:
        """The hand in words, as a dealer would announce it."""
        r = self.ranks
        c = self.category
        if c is Category.ROYAL_FLUSH:
            return "royal flush"
        if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return f"{c.label}, {RANK_NAMES[r[0]]} high"
        if c is Category.FOUR_OF_A_KIND:
            return f"four {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[4]]} kicker"
        if c is Category.FULL_HOUSE:
            return f"full house, {RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[3]]}"
        if c is Category.FLUSH:
            return f"flush, {_run(r)}"
        if c is Category.THREE_OF_A_KIND:
            return f"three {RANK_PLURALS[r[0]]}, {_run(r[3:])}"
        if c is Category.TWO_PAIR:
            return f"two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[2]]}, {RANK_NAMES[r[4]]} kicker"
        if c is Category.PAIR:
            return f"pair of {RANK_PLURALS[r[0]]}, {_run(r[2:])}"
        if c is Category.ACE_KING:
            return f"ace-king, {_run(r)}"
        return f"high card, {_run(r)}"


def _run(ranks: Sequence[int]) -> str:
    return "-".join(RANK_NAMES[x] for x in ranks)


def rank5(cards: Sequence[int], *, ace_king: bool = False) -> HandRank:
    """Rank exactly five cards."""
    if len(cards) != 5:
        raise ValueError(f"rank5 takes five cards, got {len(cards)}")
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # Order ranks by (count, rank): the combination first, then kickers.
    ordered = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    distinct = len(counts)
    straight_high = -1
    if distinct == 5:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # A-2-3-4-5: the ace plays low
            straight_high = 3
            ordered = [3, 2, 1, 0, 12]
    shape = sorted(counts.values(), reverse=True)
    if straight_high >= 0 and flush:
        category = Category.ROYAL_FLUSH if straight_high == 12 else Category.STRAIGHT_FLUSH
    elif shape[0] == 4:
        category = Category.FOUR_OF_A_KIND
    elif shape == [3, 2]:
        category = Category.FULL_HOUSE
    elif flush:
        category = Category.FLUSH
    elif straight_high >= 0:
        category = Category.STRAIGHT
    elif shape[0] == 3:
        category = Category.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.PAIR
    elif ace_king and ranks[0] == 12 and ranks[1] == 11:
        category = Category.ACE_KING
    else:
        category = Category.HIGH_CARD
    key = ordered[:-1] + [-1] if straight_high == 3 else ordered  # the wheel's ace counts as low
    value = int(category) * CATEGORY_BASE
    for place, r in enumerate(key):
        value += (r + 1) << (_SHIFT * (4 - place))
    played = tuple(sorted(cards, key=lambda c: (counts[c >> 2], c >> 2), reverse=True))
    if straight_high == 3:
        played = played[1:] + played[:1]
    return HandRank(value, category, played, tuple(ordered))


def best_of(cards: Sequence[int], *, ace_king: bool = False) -> HandRank:
    """The best five-card hand among five to seven cards (the rest never count)."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"best_of takes five to seven cards, got {len(cards)}")
    return max(rank5(five, ace_king=ace_king) for five in combinations(cards, 5))


def hand_name(rank: HandRank) -> str:
    """Short class name ('two pair'), for pay tables and settlement lines."""
    return rank.category.label


def ranks_text(rank: HandRank) -> str:
    return "".join(RANKS[r] for r in rank.ranks)
