"""Counting dealer hands by strength with card removal, without enumerating them.

Every question the stud analysis asks of the dealer is "how many five-card
hands that contain the shown card ``must`` and avoid the cards the box has
seen ``avoid`` are below strength ``x``" for a few thresholds ``x`` (below
the qualifying hand, below the box's hand, at most the box's hand). A deck
of ``n`` cards has ``C(n, 5)`` hands and ``R`` distinct hand values; a
:class:`HandTable` holds

* ``rank[colex(hand)]``: the dense strength (0..R-1) of every hand, from the
  engine's own evaluator (:func:`croupier.poker.batch.best_batch`);
* ``cum0[x]``, ``cum1[c, x]``, ``cum2[pair, x]``: how many hands (containing
  card ``c``, containing both cards of ``pair``) have strength below ``x``.

Inclusion-exclusion over the avoided cards then needs those tables for the
terms with at most two named cards, and enumerates only the hands that share
three or more cards with ``avoid ∪ {must}`` (each weighted by what the
remaining terms add up to): about 11,000 hands instead of 1.5 million for a
box's five cards, 11,000-21,000 instead of 150,000 once the up card is known.

The deck is any set of card codes (a short deck checks the analysis against
brute force through the engine); cards are numbered 0..n-1 inside it.
The kernels are plain loops over integer arrays (numba), so a GPU port is a
change of decorator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.poker.batch import all_hands, best_batch

_BINOM = np.array([[comb(i, k) for k in range(6)] for i in range(53)], dtype=np.int64)


@numba.njit(cache=True, nogil=True, inline="always")
def insert_sorted(cards: Any, m: int, c: int) -> int:  # pragma: no cover - compiled
    """Put ``c`` into the ``m`` ascending ``cards`` (colex numbering wants them
    ascending), keeping them so; returns the new count."""
    j = m
    while j > 0 and cards[j - 1] > c:
        cards[j] = cards[j - 1]
        j -= 1
    cards[j] = c
    return m + 1


@numba.njit(cache=True, nogil=True, inline="always")
def others_of(hand: Any, n: int, out: Any) -> int:  # pragma: no cover - compiled
    """Write into ``out`` the cards of the ``n``-card deck that are not in the five
    ascending ``hand``, ascending; returns how many (``n - 5``)."""
    m = 0
    h = 0
    for c in range(n):
        if h < 5 and hand[h] == c:
            h += 1
        else:
            out[m] = c
            m += 1
    return m


@numba.njit(cache=True, nogil=True, inline="always")
def _ordered(a: int, b: int) -> tuple[int, int]:  # pragma: no cover - compiled
    return (a, b) if a <= b else (b, a)


@numba.njit(cache=True, nogil=True)
def _colex5(h: Any, binom: Any) -> int:  # pragma: no cover - compiled
    """Colex index of five distinct local cards (any order): sort, then sum C(c_i, i+1).

    A sorting network on five scalars: no array is allocated (a copy per call
    cost more than the rest of the hot loops that call this)."""
    a, b, c, d, e = h[0], h[1], h[2], h[3], h[4]
    a, b = _ordered(a, b)
    d, e = _ordered(d, e)
    c, e = _ordered(c, e)
    c, d = _ordered(c, d)
    b, e = _ordered(b, e)
    a, d = _ordered(a, d)
    a, c = _ordered(a, c)
    b, d = _ordered(b, d)
    b, c = _ordered(b, c)
    index: int = binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]
    return index


@numba.njit(cache=True, nogil=True)
def _fill_tables(hands: Any, ranks: Any, binom: Any, pair_index: Any, rank_of: Any, cum1: Any,
                 cum2: Any, threes: Any, fours: Any) -> None:  # pragma: no cover # fmt: skip
    """``hands`` rows are sorted local cards; fill every table and the (unsorted) lists."""
    n_hands = hands.shape[0]
    len3 = threes.shape[0] // binom[int(hands.max()) + 1, 3]
    len4 = fours.shape[0] // binom[int(hands.max()) + 1, 4]
    fill3 = np.zeros(threes.shape[0] // len3, dtype=np.int64)
    fill4 = np.zeros(fours.shape[0] // len4, dtype=np.int64)
    for h in range(n_hands):
        r = ranks[h]
        row = hands[h]
        rank_of[_colex5(row, binom)] = r
        for i in range(5):
            cum1[row[i], r + 1] += 1
            for j in range(i + 1, 5):
                cum2[pair_index[row[i], row[j]], r + 1] += 1
                for k in range(j + 1, 5):
                    tri = binom[row[i], 1] + binom[row[j], 2] + binom[row[k], 3]
                    threes[tri * len3 + fill3[tri]] = r
                    fill3[tri] += 1
                    for m in range(k + 1, 5):
                        quad = tri + binom[row[m], 4]
                        fours[quad * len4 + fill4[quad]] = r
                        fill4[quad] += 1


@dataclass(frozen=True, slots=True)
class HandTable:
    """Strength tables of every five-card hand of one deck, for one hand order."""

    deck: tuple[int, ...]  # local card i is the engine's card code deck[i]
    values: NDArray[np.int32]  # distinct hand values, ascending (strength r -> value)
    rank_of: NDArray[np.uint16]  # strength by colex index
    cum0: NDArray[np.int64]  # [R+1]
    cum1: NDArray[np.int64]  # [n, R+1]
    cum2: NDArray[np.int64]  # [pairs, R+1]
    pair_index: NDArray[np.int64]  # [n, n]
    examples: NDArray[np.uint8]  # [R, 5] engine cards of one hand of each strength
    # Per colex three (four) cards: the sorted strengths of the C(n-3, 2) (n-4) hands with them.
    threes: NDArray[np.uint16]
    fours: NDArray[np.uint16]

    @property
    def size(self) -> int:
        return len(self.deck)

    def strength(self, value: int) -> int:
        """The dense strength of a hand value of this deck (its index in ``values``)."""
        r = int(np.searchsorted(self.values, value))
        if r >= len(self.values) or int(self.values[r]) != value:
            raise ValueError(f"value {value:#x} is not a hand of this deck")
        return r

    def at_least(self, value: int) -> int:
        """The first strength whose value is ``value`` or more (a qualifying threshold)."""
        return int(np.searchsorted(self.values, value))

    def local(self, cards: Sequence[int]) -> NDArray[np.int64]:
        where = {c: i for i, c in enumerate(self.deck)}
        try:
            return np.array([where[c] for c in cards], dtype=np.int64)
        except KeyError as missing:
            raise ValueError(f"card {missing.args[0]} is not in this deck") from None


@lru_cache(maxsize=4)
def hand_table(deck: tuple[int, ...] = tuple(range(52)), ace_king: bool = False) -> HandTable:
    """The tables for ``deck`` (the full deck by default): seconds, ~130 MB for 52 cards."""
    n = len(deck)
    if n < 5 or len(set(deck)) != n or not set(deck) <= set(range(52)):
        raise ValueError("a deck is at least five distinct card codes 0..51")
    local = all_hands(5, deck=n)
    codes = np.array(deck, dtype=np.uint8)[local]
    raw = best_batch(codes, ace_king=ace_king)
    values, first, ranks = np.unique(raw, return_index=True, return_inverse=True)
    size = len(values)
    pair_index = -np.ones((n, n), dtype=np.int64)
    k = 0
    for i in range(n):
        for j in range(i + 1, n):
            pair_index[i, j] = pair_index[j, i] = k
            k += 1
    rank_of = np.zeros(comb(n, 5), dtype=np.uint16)
    cum1 = np.zeros((n, size + 1), dtype=np.int64)
    cum2 = np.zeros((k, size + 1), dtype=np.int64)
    threes = np.zeros(comb(n, 3) * comb(n - 3, 2), dtype=np.uint16)
    fours = np.zeros(comb(n, 4) * (n - 4), dtype=np.uint16)
    _fill_tables(local.astype(np.int64), ranks.astype(np.int64), _BINOM, pair_index, rank_of,
                 cum1, cum2, threes, fours)  # fmt: skip
    threes.reshape(comb(n, 3), -1).sort(axis=1)
    fours.reshape(comb(n, 4), -1).sort(axis=1)
    cum0 = np.zeros(size + 1, dtype=np.int64)
    np.add.at(cum0, ranks + 1, 1)
    for arr in (cum0, cum1, cum2):
        np.cumsum(arr, axis=-1, out=arr)
    return HandTable(
        tuple(deck),
        values.astype(np.int32),
        rank_of,
        cum0,
        cum1,
        cum2,
        pair_index,
        codes[first],
        threes,
        fours,
    )


# ------------------------------------------------------------------ the query kernel


@numba.njit(cache=True, nogil=True)
def _next_combination(idx: Any, k: int, n: int) -> bool:  # pragma: no cover - compiled
    """Advance ``idx[:k]`` to the next k-subset of range(n) in lexicographic order."""
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


@numba.njit(cache=True, nogil=True)
def _below(lists: Any, offset: int, length: int, x: int) -> int:  # pragma: no cover - compiled
    """How many entries of the sorted ``lists[offset:offset+length]`` are below ``x``."""
    lo = 0
    hi = length
    while lo < hi:
        mid = (lo + hi) >> 1
        if lists[offset + mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


@numba.njit(cache=True, nogil=True)
def subset_with(cards: Any, idx: Any, size: int, extra: int,
                out: Any) -> int:  # pragma: no cover - compiled  # fmt: skip
    """Put ``cards[idx[:size]]`` (ascending) and ``extra`` (-1: none) into ``out``
    in ascending order; return how many."""
    k = 0
    placed = extra < 0
    for i in range(size):
        c = cards[idx[i]]
        if not placed and extra < c:
            out[k] = extra
            k += 1
            placed = True
        out[k] = c
        k += 1
    if not placed:
        out[k] = extra
        k += 1
    return k


@numba.njit(cache=True, nogil=True)
def count_below(avoid: Any, must: int, xs: Any, n: int, binom: Any, rank_of: Any,
                cum0: Any, cum1: Any, cum2: Any, pair_index: Any, threes: Any, fours: Any,
                out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """out[t] = hands of the deck containing ``must`` (-1: none) and no card of
    ``avoid`` (sorted, not containing ``must``), with strength below ``xs[t]``.

    Inclusion-exclusion: sum over T in avoid of (-1)^|T| times the hands
    containing T and ``must``, each term read from a table (at most two named
    cards), a sorted list (three or four) or the hand itself (five).
    """
    a = avoid.shape[0]
    t_count = xs.shape[0]
    named = 0 if must < 0 else 1
    len3 = binom[n - 3, 2]
    len4 = n - 4
    for t in range(t_count):
        out[t] = 0
    idx = np.empty(5, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    for size in range(0, min(a, 5 - named) + 1):
        sign = 1 if size % 2 == 0 else -1
        for i in range(size):
            idx[i] = i
        more = True
        while more:
            k = subset_with(avoid, idx, size, must, cards)  # the named cards, sorted
            for t in range(t_count):
                x = xs[t]
                if k == 0:
                    v = cum0[x]
                elif k == 1:
                    v = cum1[cards[0], x]
                elif k == 2:
                    v = cum2[pair_index[cards[0], cards[1]], x]
                elif k == 3:
                    tri = binom[cards[0], 1] + binom[cards[1], 2] + binom[cards[2], 3]
                    v = _below(threes, tri * len3, len3, x)
                elif k == 4:
                    quad = (binom[cards[0], 1] + binom[cards[1], 2] + binom[cards[2], 3]
                            + binom[cards[3], 4])  # fmt: skip
                    v = _below(fours, quad * len4, len4, x)
                else:
                    v = 1 if rank_of[_colex5(cards, binom)] < x else 0
                out[t] += sign * v
            more = _next_combination(idx, size, a) if size > 0 else False


def count(table: HandTable, avoid: Sequence[int], must: int | None,
          thresholds: Sequence[int]) -> list[int]:  # fmt: skip
    """Python door to :func:`count_below` with engine card codes."""
    loc = np.sort(table.local(avoid))
    m = -1 if must is None else int(table.local([must])[0])
    xs = np.array(thresholds, dtype=np.int64)
    out = np.zeros(len(xs), dtype=np.int64)
    count_below(loc, m, xs, table.size, _BINOM, table.rank_of, table.cum0, table.cum1,
                table.cum2, table.pair_index, table.threes, table.fours, out)  # fmt: skip
    return [int(v) for v in out]


BINOM = _BINOM


@numba.njit(cache=True, nogil=True)
def _count_many(avoids: Any, musts: Any, xs: Any, n: int, binom: Any, rank_of: Any,
                cum0: Any, cum1: Any, cum2: Any, pair_index: Any, threes: Any, fours: Any,
                out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    for q in range(avoids.shape[0]):
        count_below(avoids[q], musts[q], xs[q], n, binom, rank_of, cum0, cum1, cum2,
                    pair_index, threes, fours, out[q])  # fmt: skip


def count_many(table: HandTable, avoids: NDArray[np.int64], musts: NDArray[np.int64],
               thresholds: NDArray[np.int64]) -> NDArray[np.int64]:  # fmt: skip
    """:func:`count_below` for many queries in local card numbers (one row each)."""
    out = np.zeros(thresholds.shape, dtype=np.int64)
    _count_many(np.sort(avoids, axis=1).astype(np.int64),
                np.ascontiguousarray(musts, dtype=np.int64),
                np.ascontiguousarray(thresholds, dtype=np.int64), table.size, _BINOM,
                table.rank_of, table.cum0, table.cum1, table.cum2, table.pair_index,
                table.threes, table.fours, out)  # fmt: skip
    return out


def canonical_hands(deck_size: int = 52) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """One representative per class of five-card hands under the 24 suit
    permutations (134,459 for 52 cards), and each class's size. A short deck
    is not assumed suit-closed: every hand is its own class."""
    hands = all_hands(5, deck=deck_size).astype(np.int64)
    if deck_size != 52:
        return hands, np.ones(len(hands), dtype=np.int64)
    return canonical_of(hands)


def canonical_of(hands: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """:func:`canonical_hands` of ``hands`` (five cards of the full deck each, a set
    closed under the suit permutations): one per class, and its size."""
    best = None
    for perm in SUIT_PERMUTATIONS:
        mapped = (hands & ~3) | np.array(perm, dtype=np.int64)[hands & 3]
        mapped.sort(axis=1)
        key = sum(_BINOM[mapped[:, i], i + 1] for i in range(5))
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    _, first, weights = np.unique(best, return_index=True, return_counts=True)
    reps = hands[first]
    return reps, weights.astype(np.int64)


SUIT_PERMUTATIONS = tuple(
    (a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)
    if len({a, b, c, d}) == 4
)  # fmt: skip
