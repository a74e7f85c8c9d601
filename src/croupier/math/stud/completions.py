"""The dealer's possible hands in one situation, shared by every option.

When a box decides, the dealer's four hidden cards are four of the ``n``
cards the box has not seen (``n`` = 46 at the first decision). Whatever
the box does next, the dealer's hand is one of those ``C(n, 4)``
completions of the up card, minus those that hold a card the box has
drawn since. So one table per situation serves every option and every draw:

* ``every``: the strengths of all completions, sorted;
* ``lists[k]``: for each k-set of unseen cards (k = 1, 2, 3, by colex
  index), the sorted strengths of the completions that hold them;
* ``quads``: the strength of each completion by its colex index.

"How many completions avoiding the drawn cards ``D`` are below strength
``x``" is then inclusion-exclusion over the subsets of ``D`` (at most four
cards can be in the dealer's hand): 2 terms for a one-card draw, 31 for a
five-card one, each a binary search in a list, where the general counting of
:mod:`croupier.math.stud.counting` walks hundreds of terms per hand. The
strengths are the same dense strengths as that module's :class:`HandTable`
(the engine's evaluator), and tests check one against the other.

Filled in order of strength, every list comes out sorted without a sort.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.math.stud.counting import (
    BINOM,
    HandTable,
    _below,
    _colex5,
    _next_combination,
    count_many,
)


@numba.njit(cache=True, nogil=True)
def _colex(cards: Any, k: int, binom: Any) -> int:  # pragma: no cover - compiled
    """Colex index of ``k`` ascending local cards."""
    index = 0
    for i in range(k):
        index += binom[cards[i], i + 1]
    return index


@numba.njit(cache=True, nogil=True)
def dealt(unseen: Any, up: int, a: int, b: int, c: int, d: int, five: Any, rank_of: Any,
          binom: Any) -> int:  # pragma: no cover - compiled  # fmt: skip
    """The strength of the dealer's hand ``up`` + unseen cards a, b, c, d (put in ``five``)."""
    five[0] = unseen[a]
    five[1] = unseen[b]
    five[2] = unseen[c]
    five[3] = unseen[d]
    five[4] = up
    strength: int = rank_of[_colex5(five, binom)]
    return strength


@numba.njit(cache=True, nogil=True)
def _fill(unseen: Any, up: int, rank_of: Any, binom: Any, levels: int, every: Any, l1: Any,
          l2: Any, l3: Any, quads: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Fill the lists: ``l1`` always, ``l2`` if ``levels`` >= 2, ``l3`` and
    ``quads`` if ``levels`` >= 3 (only draws of that many cards need them)."""
    n = unseen.shape[0]
    total = every.shape[0]
    strengths = np.empty(total, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    top = 0
    q = 0
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    s = dealt(unseen, up, a, b, c, d, five, rank_of, binom)
                    strengths[q] = s
                    if s > top:
                        top = s
                    q += 1
    # A counting sort by strength: the completions in order, with their cards.
    start = np.zeros(top + 2, dtype=np.int64)
    for i in range(total):
        start[strengths[i] + 1] += 1
    for s in range(1, top + 2):
        start[s] += start[s - 1]
    order = np.empty((total, 4), dtype=np.int64)
    q = 0
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    s = strengths[q]
                    j = start[s]
                    start[s] += 1
                    every[j] = s
                    order[j, 0] = a
                    order[j, 1] = b
                    order[j, 2] = c
                    order[j, 3] = d
                    if levels >= 3:
                        quads[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4]] = s
                    q += 1
    len1 = binom[n - 1, 3]
    len2 = binom[n - 2, 2]
    len3 = n - 3
    fill1 = np.zeros(n, dtype=np.int64)
    fill2 = np.zeros(binom[n, 2], dtype=np.int64)
    fill3 = np.zeros(binom[n, 3], dtype=np.int64)
    for j in range(total):
        s = every[j]
        m = order[j]
        for x in range(4):
            l1[m[x] * len1 + fill1[m[x]]] = s
            fill1[m[x]] += 1
            if levels < 2:
                continue
            for y in range(x + 1, 4):
                p = binom[m[x], 1] + binom[m[y], 2]
                l2[p * len2 + fill2[p]] = s
                fill2[p] += 1
                if levels < 3:
                    continue
                for z in range(y + 1, 4):
                    t = p + binom[m[z], 3]
                    l3[t * len3 + fill3[t]] = s
                    fill3[t] += 1


@numba.njit(cache=True, nogil=True)
def _below_and_at(lists: Any, offset: int, length: int,
                  x: int) -> tuple[int, int]:  # pragma: no cover - compiled # fmt: skip
    """Entries of a sorted list below ``x`` and equal to it."""
    lo = _below(lists, offset, length, x)
    hi = lo
    while hi < length and lists[offset + hi] == x:
        hi += 1
    return lo, hi - lo


@numba.njit(cache=True, nogil=True)
def _qualify_counts(lists: Any, length: int, qualify: int, out: Any) -> None:  # pragma: no cover
    """Per list of ``length`` entries: how many are below ``qualify``."""
    for k in range(out.shape[0]):
        out[k] = _below(lists, k * length, length, qualify)


@numba.njit(cache=True, nogil=True)
def _count_row(drawn: Any, r: int, x: int, n: int, binom: Any, every: Any, l1: Any, l2: Any,
               l3: Any, quads: Any, qualify: int, q: Any, d: Any, idx: Any, named: Any,
               out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """For row ``r`` of ``drawn`` (local numbers, -1 for a card the dealer cannot
    hold), over the completions holding none of its cards: how many are below
    ``x``, up to it, below ``qualify``, and all of them (into ``out[0:4]``)."""
    m = 0
    for i in range(drawn.shape[1]):
        c = drawn[r, i]
        if c >= 0:
            j = m  # insertion sort: colex wants ascending cards
            while j > 0 and d[j - 1] > c:
                d[j] = d[j - 1]
                j -= 1
            d[j] = c
            m += 1
    below = 0
    at = 0
    nq = 0
    total = 0
    for size in range(0, min(m, 4) + 1):
        sign = 1 if size % 2 == 0 else -1
        for i in range(size):
            idx[i] = i
        more = True
        while more:
            for i in range(size):
                named[i] = d[idx[i]]
            key = _colex(named, size, binom)
            if size == 0:
                lists, length, below_q = every, binom[n, 4], q[0]
            elif size == 1:
                lists, length, below_q = l1, binom[n - 1, 3], q[1 + key]
            elif size == 2:
                lists, length, below_q = l2, binom[n - 2, 2], q[1 + n + key]
            elif size == 3:
                lists, length, below_q = l3, n - 3, q[1 + n + binom[n, 2] + key]
            else:
                lists, length, below_q = quads, 1, 1 if quads[key] < qualify else 0
            lo, eq = _below_and_at(lists, key * length, length, x)
            below += sign * lo
            at += sign * eq
            nq += sign * below_q
            total += sign * length
            more = _next_combination(idx, size, m) if size > 0 else False
    out[0] = below
    out[1] = below + at
    out[2] = nq
    out[3] = total


@numba.njit(cache=True, nogil=True)
def _count(drawn: Any, strength: Any, n: int, binom: Any, every: Any, l1: Any, l2: Any,
           l3: Any, quads: Any, qualify: int, q: Any,
           out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    d = np.empty(drawn.shape[1], dtype=np.int64)
    idx = np.empty(4, dtype=np.int64)
    named = np.empty(4, dtype=np.int64)
    for r in range(drawn.shape[0]):
        _count_row(drawn, r, strength[r], n, binom, every, l1, l2, l3, quads, qualify, q, d,
                   idx, named, out[r])  # fmt: skip


@numba.njit(cache=True, nogil=True)
def _best_finals(drawn: Any, strength: Any, nets: Any, n: int, binom: Any, every: Any,
                 l1: Any, l2: Any, l3: Any, quads: Any, qualify: int, q: Any,
                 out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Per row: the best final decision's EV, ``nets[strength, decision, class]``
    (NaN: not open) weighted by the outcome classes of the row's counts (the
    classes of :mod:`croupier.math.stud.outcomes`, in its order)."""
    d = np.empty(drawn.shape[1], dtype=np.int64)
    idx = np.empty(4, dtype=np.int64)
    named = np.empty(4, dtype=np.int64)
    counts = np.empty(4, dtype=np.int64)
    share = np.empty(5, dtype=np.float64)
    for r in range(drawn.shape[0]):
        s = strength[r]
        _count_row(drawn, r, s, n, binom, every, l1, l2, l3, quads, qualify, q, d, idx, named,
                   counts)  # fmt: skip
        below, upto, nq, total = counts[0], counts[1], counts[2], counts[3]
        nq_lower = min(below, nq)
        share[0] = nq_lower
        share[1] = nq - nq_lower
        share[2] = max(below - nq, 0)
        share[3] = upto - below if s >= qualify else 0
        share[4] = total - max(upto, nq)
        best = -np.inf
        for k in range(nets.shape[1]):
            if np.isnan(nets[s, k, 0]):
                continue
            v = 0.0
            for c in range(5):
                v += share[c] * nets[s, k, c]
            best = max(best, v / total)
        out[r] = best


@dataclass(frozen=True, slots=True)
class Completions:
    """The dealer's completions of ``up`` from the ``unseen`` cards (engine codes)."""

    up: int
    unseen: NDArray[np.int64]  # ascending
    local: NDArray[np.int64]  # [52]: a card's place in ``unseen``, -1 if not there
    every: NDArray[np.uint16]
    l1: NDArray[np.uint16]
    l2: NDArray[np.uint16]
    l3: NDArray[np.uint16]
    quads: NDArray[np.uint16]
    levels: int  # draws of up to this many cards (or any, from 3 up) are counted
    qualify: int  # the dealer's qualifying strength
    below_qualify: NDArray[np.int64]  # per list (all, then l1, l2, l3): entries below it

    def _local(self, drawn: NDArray[np.int64]) -> NDArray[np.int64]:
        most = int((self.local[drawn] >= 0).sum(axis=1).max()) if drawn.size else 0
        if self.levels < 3 and most > self.levels:
            raise ValueError(f"completions tabled for draws of {self.levels} card(s) at most")
        if not drawn.shape[1]:
            return np.zeros((drawn.shape[0], 0), dtype=np.int64)
        return np.ascontiguousarray(self.local[drawn], dtype=np.int64)

    def count(self, drawn: NDArray[np.int64], strength: NDArray[np.int64]) -> NDArray[np.int64]:
        """Per row, over the completions holding none of the ``drawn`` cards
        (engine codes; cards that are not unseen are ignored): [below
        ``strength``, up to it, below the qualifying strength, all]."""
        out = np.zeros((drawn.shape[0], 4), dtype=np.int64)
        _count(self._local(drawn), np.ascontiguousarray(strength, dtype=np.int64),
               len(self.unseen), BINOM, self.every, self.l1, self.l2, self.l3, self.quads,
               self.qualify, self.below_qualify, out)  # fmt: skip
        return out

    def best_final(self, drawn: NDArray[np.int64], strength: NDArray[np.int64],
                   nets: NDArray[np.float64]) -> NDArray[np.float64]:  # fmt: skip
        """Per row, the best of the final decisions priced by ``nets`` [strength,
        decision, class] (NaN: not open) against these completions."""
        out = np.empty(drawn.shape[0], dtype=np.float64)
        _best_finals(self._local(drawn), np.ascontiguousarray(strength, dtype=np.int64), nets,
                     len(self.unseen), BINOM, self.every, self.l1, self.l2, self.l3,
                     self.quads, self.qualify, self.below_qualify, out)  # fmt: skip
        return out


def completions(table: HandTable, up: int, seen: NDArray[np.int64] | list[int], qualify: int,
                levels: int = 4) -> Completions:  # fmt: skip
    """The table for a dealer showing ``up`` when the box has seen ``seen`` (the
    up card aside), for draws of up to ``levels`` cards (3 or more: any):
    tens of ms and 5 MB at the first decision."""
    if table.size != 52:
        raise ValueError("completions are tabled for the full deck")
    taken = np.zeros(52, dtype=bool)
    taken[np.asarray(seen, dtype=np.int64)] = True
    taken[up] = True
    unseen = np.flatnonzero(~taken).astype(np.int64)
    n = len(unseen)
    if n < 4:
        raise ValueError("fewer than four cards left for the dealer")
    local = np.full(52, -1, dtype=np.int64)
    local[unseen] = np.arange(n)
    levels = min(max(levels, 1), 3)
    every = np.empty(comb(n, 4), dtype=np.uint16)
    l1 = np.empty(n * comb(n - 1, 3), dtype=np.uint16)
    l2 = np.empty(comb(n, 2) * comb(n - 2, 2) if levels >= 2 else 0, dtype=np.uint16)
    l3 = np.empty(comb(n, 3) * (n - 3) if levels >= 3 else 0, dtype=np.uint16)
    quads = np.empty(comb(n, 4) if levels >= 3 else 0, dtype=np.uint16)
    _fill(unseen, up, table.rank_of, BINOM, levels, every, l1, l2, l3, quads)
    below = np.zeros(1 + n + comb(n, 2) + comb(n, 3), dtype=np.int64)
    below[0] = int(np.searchsorted(every, qualify))
    _qualify_counts(l1, comb(n - 1, 3), qualify, below[1 : 1 + n])
    if levels >= 2:
        _qualify_counts(l2, comb(n - 2, 2), qualify, below[1 + n : 1 + n + comb(n, 2)])
    if levels >= 3:
        _qualify_counts(l3, n - 3, qualify, below[1 + n + comb(n, 2) :])
    return Completions(up, unseen, local, every, l1, l2, l3, quads, levels, qualify, below)


@dataclass(frozen=True, slots=True)
class FewDraws:
    """The same counts without a table, by the general counting of
    :mod:`croupier.math.stud.counting` (avoiding everything seen): cheaper
    than tabling 163,185 completions when a situation has a few hundred
    final hands (one-card draws), slower beyond."""

    table: HandTable
    up: int
    seen: NDArray[np.int64]
    unseen: NDArray[np.int64]
    qualify: int

    def count(self, drawn: NDArray[np.int64], strength: NDArray[np.int64]) -> NDArray[np.int64]:
        rows = drawn.shape[0]
        avoid = np.concatenate([np.broadcast_to(self.seen, (rows, len(self.seen))), drawn], 1)
        top = len(self.table.values)
        xs = np.stack([strength, strength + 1, np.full(rows, self.qualify), np.full(rows, top)], 1)
        return count_many(self.table, avoid, np.full(rows, self.up, np.int64), xs)


def few_draws(table: HandTable, up: int, seen: list[int], qualify: int) -> FewDraws:
    taken = np.zeros(52, dtype=bool)
    taken[seen] = True
    taken[up] = True
    unseen = np.flatnonzero(~taken).astype(np.int64)
    return FewDraws(table, up, np.array(sorted(seen), dtype=np.int64), unseen, qualify)
