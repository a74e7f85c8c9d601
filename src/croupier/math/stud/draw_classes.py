"""What a player sees about improving a hand: its draw and which card to give.

The learnable strategies of :mod:`croupier.math.stud.learnable` read a hand by
its rule class (a high card by its five ranks, a pair by its rank, anything
higher by its name). Improving adds what the ranks alone do not say: four
cards of a suit (the fifth is the one to give), four to a straight (open
ended, or inside / one way), both at once (four to a straight flush). A
rule then names the card to exchange by its role, never by its position in
the deal: "the odd card" (the one outside the draw) or "the lowest kicker"
(the lowest card outside the combination: of a high card, the lowest card).

:func:`improve_classes` gives each (hand, up card) row its rule class with
the draw, and :func:`named_options` the value of each named improvement from
the strategy run's per-position options, so a strategy that decides per rule
class has an exact return (the tallies of :mod:`learnable`).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from croupier.math.stud.learnable import class_names
from croupier.poker.values import CATEGORY_SHIFT, Category

DRAWS = ("", "four to a straight flush", "four to a flush", "four to an open straight",
         "four to an inside straight")  # fmt: skip
NO_DRAW, STRAIGHT_FLUSH, FLUSH, OPEN, INSIDE = range(len(DRAWS))
IMPROVEMENTS = ("exchange the odd card", "exchange the lowest kicker", "buy the 6th card")


def _without(a: NDArray[np.int64], i: int) -> NDArray[np.int64]:
    return np.delete(a, i, axis=1)


def straight_draw(ranks: NDArray[np.int64]) -> NDArray[np.int64]:
    """Per row of four ranks: OPEN, INSIDE, or NO_DRAW (four distinct ranks
    within five, the ace high or low; open: four in a row, neither end an ace)."""
    s = np.sort(ranks, axis=1)
    distinct = (np.diff(s, axis=1) > 0).all(axis=1)
    span = s[:, -1] - s[:, 0]
    low = np.sort(np.where(s == 12, -1, s), axis=1)  # the ace as the wheel's low card
    wheel = (s[:, -1] == 12) & (low[:, -1] - low[:, 0] <= 4)
    open_ = distinct & (span == 3) & (s[:, -1] < 12)
    inside = distinct & ((span <= 4) | wheel) & ~open_
    return np.where(open_, OPEN, np.where(inside, INSIDE, NO_DRAW))


Rows = NDArray[np.int64]


def draws(hands: Rows, values: Rows) -> tuple[Rows, Rows]:
    """Per five-card row (engine cards, their hand values): the best draw
    (an index of :data:`DRAWS`) and the position of its odd card (-1: none).
    A straight or better has no draw."""
    ranks, suits = hands >> 2, hands & 3
    n = len(hands)
    kind = np.full(n, NO_DRAW, dtype=np.int64)
    odd = np.full(n, -1, dtype=np.int64)
    made = (values >> CATEGORY_SHIFT) >= Category.STRAIGHT
    for i in range(5):
        rest_suits = _without(suits, i)
        flush = (rest_suits == rest_suits[:, :1]).all(axis=1) & (suits[:, i] != rest_suits[:, 0])
        kind, better = better_draw(kind, made, flush, straight_draw(_without(ranks, i)))
        odd = np.where(better, i, odd)
    return kind, odd


def better_draw(
    kind: Rows,
    made: NDArray[np.bool_],
    suited: NDArray[np.bool_],
    straight: Rows,
    ties: NDArray[np.bool_] | None = None,
) -> tuple[Rows, NDArray[np.bool_]]:
    """Per row, ``kind`` (an index of :data:`DRAWS`) or the draw of four other cards
    (all of one suit: ``suited``; their :func:`straight_draw`) where that one is better
    (or as good, where ``ties``), and where it is; a made hand (``made``: a straight or
    better) has no draw."""
    changed = np.zeros(len(kind), dtype=bool)
    for this, found in (
        (STRAIGHT_FLUSH, suited & (straight != NO_DRAW)),
        (FLUSH, suited),
        (OPEN, straight == OPEN),
        (INSIDE, straight == INSIDE),
    ):
        better = found & ~made & ((kind == NO_DRAW) | (this < kind))
        if ties is not None:
            better |= found & ~made & (this == kind) & ties
        kind = np.where(better, this, kind)
        changed |= better
    return kind, changed


def lowest_kicker(hands: NDArray[np.int64], values: NDArray[np.int64]) -> NDArray[np.int64]:
    """Per row: the position of the lowest card whose rank is alone in the hand
    (-1 for a straight, a flush, a full house, a straight flush: no kicker)."""
    ranks = hands >> 2
    alone = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2) == 1
    category = values >> CATEGORY_SHIFT
    none = np.isin(category, [Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE,
                              Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH])  # fmt: skip
    pick = np.where(alone, ranks, 99).argmin(axis=1)
    return np.where(none | ~alone.any(axis=1), -1, pick)


def improve_classes(hands: NDArray[np.int64], ups: NDArray[np.int64],
                    values: NDArray[np.int64]) -> list[str]:  # fmt: skip
    """``"hand key/up rank/pairs/draw"`` of every (hand, up card) row."""
    kind = draws(hands, values)[0].tolist()
    return [f"{name}/{k}" for name, k in zip(class_names(hands, ups, values), kind, strict=True)]


def named_options(hands: NDArray[np.int64], values: NDArray[np.int64], gives: list[int],
                  options: NDArray[np.float64], sixth: bool) -> NDArray[np.float64]:  # fmt: skip
    """Per row, the EV of each of :data:`IMPROVEMENTS` (-inf: not open), from
    ``options`` (the one-card exchange giving position ``gives[o]`` in column
    ``o``, then the 6th card if ``sixth``)."""
    out = np.full((len(hands), len(IMPROVEMENTS)), -np.inf)
    column = np.full(6, -1, dtype=np.int64)  # position given -> its column, -1: none
    for o, at in enumerate(gives):
        column[at] = o
    rows = np.arange(len(hands))
    for j, position in enumerate((draws(hands, values)[1], lowest_kicker(hands, values))):
        col = column[position]  # position -1 reads column[-1], always -1
        found = col >= 0
        out[found, j] = options[rows[found], col[found]]
    if sixth:
        out[:, 2] = options[:, len(gives)]
    return out
