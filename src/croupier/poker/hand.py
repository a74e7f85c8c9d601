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

Hot loops that only compare hands skip the :class:`HandRank` and use the
integer values directly (the batch API returns the same integers):

>>> seven = parse_cards("Ah Kh Qh Jh 9h 9c 9d")
>>> value_best(seven) == best_of(seven).value
True

The second combination of a six-card hand (RULES.md §1.4) is the best five
that contains the card the main hand leaves out:

>>> six = parse_cards("Ah Jh 9h 6h 3h Js")
>>> best_of(six).describe(), second_combination(six).describe()
('flush, ace-jack-nine-six-three', 'pair of jacks, ace-nine-six')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from croupier.cards.card import RANK_NAMES, RANK_PLURALS, RANKS, format_cards
from croupier.poker.tables import tables
from croupier.poker.values import (
    CATEGORY_BASE,
    CATEGORY_SHIFT,
    Category,
    promote_ace_king,
    unpack_ranks,
)

__all__ = [
    "CATEGORY_BASE",
    "Category",
    "HandRank",
    "best_containing",
    "best_of",
    "check_cards",
    "hand_name",
    "hand_rank",
    "rank5",
    "ranks_text",
    "second_combination",
    "value5",
    "value_best",
]

# How many of the five played cards make the combination (the rest are kickers).
_MAKING = {
    Category.HIGH_CARD: 0,
    Category.ACE_KING: 2,
    Category.PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
    **dict.fromkeys((Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE), 5),
    **dict.fromkeys((Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH), 5),
}
_FLUSH_CATEGORIES = (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


@dataclass(frozen=True, slots=True, order=True)
class HandRank:
    """A ranked hand: compare by ``value``; ``cards`` are the ones that play
    (five, or three in three-card poker), most important first."""

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
            return f"three {RANK_PLURALS[r[0]]}" + (f", {_run(r[3:])}" if len(r) > 3 else "")
        if c is Category.TWO_PAIR:
            pairs = f"{RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[2]]}"
            return f"two pair, {pairs}, {RANK_NAMES[r[4]]} kicker"
        if c is Category.PAIR:
            return f"pair of {RANK_PLURALS[r[0]]}, {_run(r[2:])}"
        if c is Category.ACE_KING:
            return f"ace-king, {_run(r)}"
        return f"high card, {_run(r)}"


def _run(ranks: Sequence[int]) -> str:
    return "-".join(RANK_NAMES[x] for x in ranks)


# Per-card terms of the scalar lookups. A rank key is octal digits of rank
# counts (at most 4 of a rank, so no carries); a suit key is hex digits of
# suit counts, so "five or more of a suit" is one add-and-mask.
_RANK_KEY = [1 << (3 * (c >> 2)) for c in range(52)]
_RANK_BIT = [1 << (c >> 2) for c in range(52)]
_SUIT_KEY = [1 << (4 * (c & 3)) for c in range(52)]
_CODES = frozenset(range(52))
_CATEGORIES = tuple(Category)
_FIVE_OF_A_SUIT = 0x8888  # after adding 3 to every suit nibble
_FLUSH: list[int] = tables().flush.tolist()
# Ranks of each value seen so far, by width, and each rank's place in them
# (a few thousand entries at most: there are 7,462 five-card values).
_RANKS_MEMO: dict[int, dict[int, tuple[int, ...]]] = {3: {}, 5: {}}
_PLACE_MEMO: dict[tuple[int, ...], list[int]] = {}
_UNSUITED: dict[int, int] = dict(
    zip(tables().keys.tolist(), tables().unsuited.tolist(), strict=True)
)


def value5(cards: Sequence[int], *, ace_king: bool = False) -> int:
    """The value of exactly five cards, unchecked: for hot loops over cards
    the caller dealt itself (bad codes raise IndexError or KeyError)."""
    a, b, c, d, e = cards
    if (a ^ b | a ^ c | a ^ d | a ^ e) & 3 == 0:
        value = _FLUSH[_RANK_BIT[a] | _RANK_BIT[b] | _RANK_BIT[c] | _RANK_BIT[d] | _RANK_BIT[e]]
    else:
        value = _UNSUITED[_RANK_KEY[a] + _RANK_KEY[b] + _RANK_KEY[c] + _RANK_KEY[d] + _RANK_KEY[e]]
    return promote_ace_king(value) if ace_king else value


def _flush_suit(cards: Sequence[int]) -> int:
    """The suit holding five or more of the cards, or -1."""
    suits = 0
    for c in cards:
        suits += _SUIT_KEY[c]
    hit = (suits + 0x3333) & _FIVE_OF_A_SUIT
    return (hit.bit_length() - 4) >> 2 if hit else -1


def value_best(cards: Sequence[int], *, ace_king: bool = False) -> int:
    """The value of the best five of five to seven cards, unchecked (see
    :func:`value5`)."""
    if len(cards) == 5:
        return value5(cards, ace_king=ace_king)
    key = 0
    for c in cards:
        key += _RANK_KEY[c]
    value = _UNSUITED[key]
    suit = _flush_suit(cards)
    if suit >= 0:
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= _RANK_BIT[c]
        value = max(value, _FLUSH[mask])
    return promote_ace_king(value) if ace_king else value


def check_cards(cards: Sequence[int], low: int, high: int, what: str) -> None:
    """Refuse a hand of the wrong size, a non-card or a repeated card, saying
    which and where."""
    if not low <= len(cards) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{what} takes {wanted} cards, got {len(cards)}")
    if not _CODES.issuperset(cards):
        bad = next(c for c in cards if c not in _CODES)
        raise ValueError(f"{what}: {bad!r} is not a card code (0..51)")
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what}: a card appears twice in {format_cards(cards)}")


def hand_rank(
    value: int, cards: Sequence[int], width: int = 5, category: Category | None = None
) -> HandRank:
    """The :class:`HandRank` of ``value`` (as the evaluator computed it for
    ``cards``): picks which cards play, most important first. Among cards of
    equal rank the earlier in ``cards`` plays."""
    if category is None:
        category = _CATEGORIES[value >> CATEGORY_SHIFT]
    memo = _RANKS_MEMO[width]
    ranks = memo.get(value)
    if ranks is None:
        ranks = memo[value] = unpack_ranks(value, width)
    if len(cards) == width:  # every card plays: just put them in order
        place = _PLACE_MEMO.get(ranks)
        if place is None:
            place = _PLACE_MEMO[ranks] = [ranks.index(r) if r in ranks else 99 for r in range(13)]
        played = tuple(sorted(cards, key=lambda c: place[c >> 2]))
        return HandRank(value, category, played, ranks)
    pool = list(cards)
    if category in _FLUSH_CATEGORIES:
        suit = _flush_suit(pool)
        pool = [c for c in pool if c & 3 == suit]
    chosen: list[int] = []
    for rank in ranks:
        for i, c in enumerate(pool):
            if c >> 2 == rank:
                chosen.append(pool.pop(i))
                break
    return HandRank(value, category, tuple(chosen), ranks)


def rank5(cards: Sequence[int], *, ace_king: bool = False) -> HandRank:
    """Rank exactly five cards."""
    check_cards(cards, 5, 5, "rank5")
    return hand_rank(value5(cards, ace_king=ace_king), cards)


def best_of(cards: Sequence[int], *, ace_king: bool = False) -> HandRank:
    """The best five-card hand among five to seven cards (the rest never count)."""
    check_cards(cards, 5, 7, "best_of")
    return hand_rank(value_best(cards, ace_king=ace_king), cards)


def best_containing(cards: Sequence[int], must_include: int, *, ace_king: bool = False) -> HandRank:
    """The best five-card hand among five to seven cards that uses the card
    ``must_include``.

    >>> from croupier.cards import parse_cards, parse_card
    >>> best_containing(parse_cards("As Ad Kc 7h 4s 2d"), parse_card("2d")).describe()
    'pair of aces, king-seven-two'
    """
    check_cards(cards, 5, 7, "best_containing")
    if must_include not in cards:
        raise ValueError(
            f"best_containing: {format_cards([must_include])} is not among {format_cards(cards)}"
        )
    others = [c for c in cards if c != must_include]
    best = max(
        (value5((must_include, *four), ace_king=ace_king), (must_include, *four))
        for four in combinations(others, 4)
    )
    return hand_rank(best[0], best[1])


def second_combination(
    six_cards: Sequence[int], *, ace_king: bool = True, strict: bool = False
) -> HandRank | None:
    """The Russian-poker second combination (RULES.md §1.4), or None.

    The main hand is :func:`best_of` the six cards; the second is the best
    five that contains the card the main hand leaves out, counted only if it
    is a combination (a pair or better, or A-K when ``ace_king``). Five-card
    hands have no second combination. When two fives tie for the main hand,
    the second is worth as much as the main one, whichever card is left out.

    ``strict=True`` reads [004] ("the additional combination is formed by a
    card not in the main one") narrowly: the left-out card must be one of the
    cards that make the combination, not a kicker; the best such five counts.

    >>> from croupier.cards import parse_cards
    >>> second_combination(parse_cards("Qs Jd 8c 6h 4s 2d")) is None
    True
    >>> second_combination(parse_cards("Qs Qd 8c 6h 4s Ad")).describe()
    'pair of queens, ace-eight-four'
    >>> second_combination(parse_cards("Qs Qd 8c 6h 4s Ad"), strict=True) is None
    True
    """
    check_cards(six_cards, 5, 6, "second_combination")
    if len(six_cards) == 5:
        return None
    main = best_of(six_cards, ace_king=ace_king)
    (left_out,) = (c for c in six_cards if c not in main.cards)
    lowest = Category.ACE_KING if ace_king else Category.PAIR
    if not strict:
        second = best_containing(six_cards, left_out, ace_king=ace_king)
        return second if second.category >= lowest else None
    others = [c for c in six_cards if c != left_out]
    fives = (
        hand_rank(value5((left_out, *four), ace_king=ace_king), (left_out, *four))
        for four in combinations(others, 4)
    )
    making = [h for h in fives if left_out in h.cards[: _MAKING[h.category]]]
    best = max(making, default=None)
    return best if best is not None and best.category >= lowest else None


def hand_name(rank: HandRank) -> str:
    """Short class name ('two pair'), for pay tables and settlement lines."""
    return rank.category.label


def ranks_text(rank: HandRank) -> str:
    return "".join(RANKS[r] for r in rank.ranks)
