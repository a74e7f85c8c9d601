"""The dealer's possible hands in one situation, shared by every option.

When a box decides, the dealer's four hidden cards are four of the ``n``
cards the box has not seen (``n`` = 46 at the first decision). Whatever
the box does next, the dealer's hand is one of those ``C(n, 4)``
completions of the up card, minus those that hold a card the box has
drawn since. So one table per situation serves every option and every draw:

* ``cum0[x]``: how many completions are below strength ``x``;
* ``cum1[c, x]``: the same among those holding the unseen card ``c``;
* ``l2``, ``l3``: for each two (three) unseen cards, by colex index, the
  sorted strengths of the completions that hold them;
* ``quads``: the strength of each completion by its colex index.

"How many completions avoiding the drawn cards ``D`` are below strength
``x``" is then inclusion-exclusion over the subsets of ``D`` (at most four
cards can be in the dealer's hand): 2 terms for a one-card draw, 31 for a
five-card one, each a table read (no card or one) or a binary search in a
short list, where the general counting of :mod:`croupier.math.stud.counting`
walks hundreds of terms per hand. The strengths are the same dense strengths
as that module's :class:`HandTable` (the engine's evaluator), and tests
check one against the other.

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
    _next_combination,
    count_many,
    insert_sorted,
)


@numba.njit(cache=True, nogil=True)
def _colex(cards: Any, k: int, binom: Any) -> int:  # pragma: no cover - compiled
    """Colex index of ``k`` ascending local cards."""
    index = 0
    for i in range(k):
        index += binom[cards[i], i + 1]
    return index


@numba.njit(cache=True, nogil=True)
def dealt_strengths(unseen: Any, up: int, rank_of: Any, binom: Any,
                    out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """The strength of every completion ``up`` + unseen a < b < c < d, in that
    loop's order: the colex index of the five cards is built as the loops go
    (``up`` slotted in where it falls), one table read per completion."""
    n = unseen.shape[0]
    under = 0  # unseen cards below the up card
    while under < n and unseen[under] < up:
        under += 1
    q = 0
    for a in range(n):
        ia = binom[unseen[a], 1 if a < under else 2]
        for b in range(a + 1, n):
            ib = ia + binom[unseen[b], 2 if b < under else 3]
            for c in range(b + 1, n):
                ic = ib + binom[unseen[c], 3 if c < under else 4]
                below = (a < under) + (b < under) + (c < under)
                for d in range(c + 1, n):
                    if d < under:
                        index = ic + binom[unseen[d], 4] + binom[up, 5]
                    else:
                        index = ic + binom[unseen[d], 5] + binom[up, below + 1]
                    out[q] = rank_of[index]
                    q += 1


@numba.njit(cache=True, nogil=True)
def _fill(unseen: Any, levels: int, strengths: Any, cum0: Any, cum1: Any, l2: Any, l3: Any,
          quads: Any, binom: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """From the completions' ``strengths`` (in :func:`dealt_strengths` order):
    ``cum0``/``cum1`` always, ``l2`` if ``levels`` >= 2, ``l3`` and ``quads``
    if ``levels`` >= 3 (only draws of that many cards need them)."""
    n = unseen.shape[0]
    total = strengths.shape[0]
    top = cum0.shape[0] - 1
    q = 0
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    s = strengths[q] + 1
                    cum0[s] += 1
                    cum1[a, s] += 1
                    cum1[b, s] += 1
                    cum1[c, s] += 1
                    cum1[d, s] += 1
                    q += 1
    for s in range(1, top + 1):
        cum0[s] += cum0[s - 1]
    for a in range(n):
        for s in range(1, top + 1):
            cum1[a, s] += cum1[a, s - 1]
    if levels < 2:
        return
    # A counting sort by strength (cum0 is where each strength starts): the
    # completions in order, with their cards, so every list fills sorted.
    start = cum0.copy()
    order = np.empty((total, 4), dtype=np.int64)
    every = np.empty(total, dtype=np.int64)
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
    len2 = binom[n - 2, 2]
    len3 = n - 3
    fill2 = np.zeros(binom[n, 2], dtype=np.int64)
    fill3 = np.zeros(binom[n, 3], dtype=np.int64)
    for j in range(total):
        s = every[j]
        m = order[j]
        for x in range(4):
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
def _term(t: Any, size: int, key: int, c0: int, x: int,
          out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Add to ``out`` [below x, at x, below qualifying, all] the completions
    holding the ``size`` cards named by ``key`` (colex; ``c0``: the card
    itself when ``size`` is 1), from the tables ``t``."""
    cum0, cum1, l2, l3, quads, q2, q3, n, qualify, binom = t
    if size == 0:
        lo, eq, nq, length = cum0[x], cum0[x + 1] - cum0[x], cum0[qualify], cum0[-1]
    elif size == 1:
        row = cum1[c0]
        lo, eq, nq, length = row[x], row[x + 1] - row[x], row[qualify], row[-1]
    elif size == 2:
        length = binom[n - 2, 2]
        lo, eq = _below_and_at(l2, key * length, length, x)
        nq = q2[key]
    elif size == 3:
        length = n - 3
        lo, eq = _below_and_at(l3, key * length, length, x)
        nq = q3[key]
    else:
        s = quads[key]
        lo, eq, nq, length = 1 if s < x else 0, 1 if s == x else 0, 1 if s < qualify else 0, 1
    out[0] += lo
    out[1] += eq
    out[2] += nq
    out[3] += length


@numba.njit(cache=True, nogil=True)
def _count_row(drawn: Any, r: int, x: int, t: Any, d: Any, idx: Any, named: Any,
               terms: Any, out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """For row ``r`` of ``drawn`` (local numbers, -1 for a card the dealer cannot
    hold), over the completions holding none of its cards: how many are below
    ``x``, up to it, below qualifying, and all of them (into ``out[0:4]``).
    Inclusion-exclusion over the drawn cards (at most four are the dealer's)."""
    binom = t[9]
    m = 0
    for i in range(drawn.shape[1]):
        c = drawn[r, i]
        if c >= 0:
            m = insert_sorted(d, m, c)
    for k in range(4):
        out[k] = 0
    for size in range(0, min(m, 4) + 1):
        for i in range(size):
            idx[i] = i
        more = True
        while more:
            for i in range(size):
                named[i] = d[idx[i]]
            for k in range(4):
                terms[k] = 0
            key = 0
            for i in range(size):
                key += binom[named[i], i + 1]
            _term(t, size, key, named[0], x, terms)
            sign = 1 if size % 2 == 0 else -1
            for k in range(4):
                out[k] += sign * terms[k]
            more = _next_combination(idx, size, m) if size > 0 else False
    out[1] += out[0]  # up to x: below it and at it


@numba.njit(cache=True, nogil=True)
def _count(drawn: Any, strength: Any, t: Any, out: Any) -> None:  # pragma: no cover - compiled
    d = np.empty(max(drawn.shape[1], 1), dtype=np.int64)
    idx = np.empty(4, dtype=np.int64)
    named = np.zeros(4, dtype=np.int64)
    terms = np.empty(4, dtype=np.int64)
    for r in range(drawn.shape[0]):
        _count_row(drawn, r, strength[r], t, d, idx, named, terms, out[r])


@numba.njit(cache=True, nogil=True)
def class_shares(s: int, below: int, upto: int, nq: int, total: int,
                 qualify: int) -> tuple[int, int, int, int, int]:  # pragma: no cover  # fmt: skip
    """How many of the ``total`` dealer hands fall in each outcome class
    (:data:`croupier.math.stud.outcomes.CLASSES`, in its order) against a box
    of strength ``s``, from the counts below it, up to it and below qualifying."""
    nq_lower = min(below, nq)
    return (nq_lower, nq - nq_lower, max(below - nq, 0), upto - below if s >= qualify else 0,
            total - max(upto, nq))  # fmt: skip


@numba.njit(cache=True, nogil=True)
def best_decision(s: int, shares: tuple[int, int, int, int, int], total: int,
                  nets: Any) -> tuple[float, int]:  # pragma: no cover - compiled  # fmt: skip
    """The best final decision of a box of strength ``s``: its EV and its column
    of ``nets[s, decision, class]`` (NaN: not open; the first of equal ones),
    against dealer hands split by outcome class as ``shares`` (of ``total``)."""
    best = -np.inf
    chosen = -1
    for k in range(nets.shape[1]):
        if np.isnan(nets[s, k, 0]):
            continue
        v = (shares[0] * nets[s, k, 0] + shares[1] * nets[s, k, 1] + shares[2] * nets[s, k, 2]
             + shares[3] * nets[s, k, 3] + shares[4] * nets[s, k, 4]) / total  # fmt: skip
        if v > best:
            best = v
            chosen = k
    return best, chosen


@numba.njit(cache=True, nogil=True)
def best_of(s: int, below: int, upto: int, nq: int, total: int, qualify: int,
            nets: Any) -> float:  # pragma: no cover - compiled  # fmt: skip
    """The best final decision's EV for a box of strength ``s`` from the counts
    of the dealer hands below it, up to it, below qualifying and all:
    ``nets[s, decision, class]`` (NaN: not open) weighted by the outcome
    classes of :mod:`croupier.math.stud.outcomes`, in its order."""
    shares = class_shares(s, below, upto, nq, total, qualify)
    return best_decision(s, shares, total, nets)[0]


@numba.njit(cache=True, nogil=True)
def _best_finals(drawn: Any, strength: Any, nets: Any, t: Any,
                 out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Per row: the best final decision's EV (:func:`best_of`)."""
    d = np.empty(max(drawn.shape[1], 1), dtype=np.int64)
    idx = np.empty(4, dtype=np.int64)
    named = np.zeros(4, dtype=np.int64)
    terms = np.empty(4, dtype=np.int64)
    counts = np.empty(4, dtype=np.int64)
    qualify = t[8]
    for r in range(drawn.shape[0]):
        s = strength[r]
        _count_row(drawn, r, s, t, d, idx, named, terms, counts)
        out[r] = best_of(s, counts[0], counts[1], counts[2], counts[3], qualify, nets)


@dataclass(frozen=True, slots=True)
class Completions:
    """The dealer's completions of ``up`` from the ``unseen`` cards (engine codes)."""

    up: int
    unseen: NDArray[np.int64]  # ascending
    local: NDArray[np.int64]  # [52]: a card's place in ``unseen``, -1 if not there
    strengths: NDArray[np.uint16]  # per completion, in :func:`dealt_strengths` order
    cum0: NDArray[np.int64]  # [x]: completions below strength x (x = 0..top)
    cum1: NDArray[np.int64]  # [card, x]: those holding the unseen card
    l2: NDArray[np.uint16]
    l3: NDArray[np.uint16]
    quads: NDArray[np.uint16]
    levels: int  # draws of up to this many cards (or any, from 3 up) are counted
    qualify: int  # the dealer's qualifying strength
    q2: NDArray[np.int64]  # per list of l2: entries below the qualifying strength
    q3: NDArray[np.int64]  # the same for l3

    @property
    def tables(self) -> tuple[Any, ...]:
        """What the compiled counting reads, in one tuple."""
        return (self.cum0, self.cum1, self.l2, self.l3, self.quads, self.q2, self.q3,
                len(self.unseen), self.qualify, BINOM)  # fmt: skip

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
        _count(self._local(drawn), np.ascontiguousarray(strength, dtype=np.int64), self.tables,
               out)  # fmt: skip
        return out

    def best_final(self, drawn: NDArray[np.int64], strength: NDArray[np.int64],
                   nets: NDArray[np.float64]) -> NDArray[np.float64]:  # fmt: skip
        """Per row, the best of the final decisions priced by ``nets`` [strength,
        decision, class] (NaN: not open) against these completions."""
        out = np.empty(drawn.shape[0], dtype=np.float64)
        _best_finals(self._local(drawn), np.ascontiguousarray(strength, dtype=np.int64), nets,
                     self.tables, out)  # fmt: skip
        return out


def completions(table: HandTable, up: int, seen: NDArray[np.int64] | list[int], qualify: int,
                levels: int = 4) -> Completions:  # fmt: skip
    """The table for a dealer showing ``up`` when the box has seen ``seen`` (the
    up card aside), for draws of up to ``levels`` cards (3 or more: any):
    a few ms (one card) to tens of ms and 5 MB at the first decision."""
    if table.size != 52:
        raise ValueError("completions are tabled for the full deck")
    return local_completions(table, up, seen, qualify, levels)


def local_completions(table: HandTable, up: int, seen: NDArray[np.int64] | list[int],
                      qualify: int, levels: int = 4) -> Completions:  # fmt: skip
    """:func:`completions` on any deck, the cards in ``table``'s local numbers
    (the engine's codes on the full deck)."""
    taken = np.zeros(table.size, dtype=bool)
    taken[np.asarray(seen, dtype=np.int64)] = True
    taken[up] = True
    unseen = np.flatnonzero(~taken).astype(np.int64)
    n = len(unseen)
    if n < 4:
        raise ValueError("fewer than four cards left for the dealer")
    local = np.full(table.size, -1, dtype=np.int64)
    local[unseen] = np.arange(n)
    levels = min(max(levels, 1), 3)
    top = len(table.values)
    strengths = np.empty(comb(n, 4), dtype=np.uint16)
    dealt_strengths(unseen, up, table.rank_of, BINOM, strengths)
    cum0 = np.zeros(top + 1, dtype=np.int64)
    cum1 = np.zeros((n, top + 1), dtype=np.int64)
    l2 = np.empty(comb(n, 2) * comb(n - 2, 2) if levels >= 2 else 0, dtype=np.uint16)
    l3 = np.empty(comb(n, 3) * (n - 3) if levels >= 3 else 0, dtype=np.uint16)
    quads = np.empty(comb(n, 4) if levels >= 3 else 0, dtype=np.uint16)
    _fill(unseen, levels, strengths, cum0, cum1, l2, l3, quads, BINOM)
    q2 = np.zeros(comb(n, 2) if levels >= 2 else 0, dtype=np.int64)
    q3 = np.zeros(comb(n, 3) if levels >= 3 else 0, dtype=np.int64)
    if levels >= 2:
        _qualify_counts(l2, comb(n - 2, 2), qualify, q2)
    if levels >= 3:
        _qualify_counts(l3, n - 3, qualify, q3)
    return Completions(up, unseen, local, strengths, cum0, cum1, l2, l3, quads, levels, qualify,
                       q2, q3)  # fmt: skip


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
