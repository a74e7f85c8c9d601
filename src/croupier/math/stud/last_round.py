"""The last improvement round, every option and every one-card draw in one pass.

In a profile's last round every option draws one card (a 6th card, or one
card for the one or two given) and then the box makes its final decision.
Every continuation of a situation reaches such a round, often hundreds of
times (six-card-all-in-one: each first-round draw opens a second round of
~240 final hands), so it is counted here in one compiled pass, exactly, over
every card the box can draw, with the work shared where it can be:

* the cards drawn before this round (``D``) are the same for every option and
  draw of a row: "completions avoiding ``D`` below strength ``x``" is tabled
  once per row for every ``x`` (inclusion-exclusion over the subsets of
  ``D``, each subset's list scattered into one dense array);
* a draw ``c`` then only removes the completions holding ``c``: the subsets
  of ``D`` with ``c`` added, one table read or binary search each, shared by
  every option that draws ``c``.

The counts and the prices are those of
:func:`croupier.math.stud.completions.best_of`, which every other path uses;
tests check this pass against them option by option.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.math.stud.completions import Completions, _term, best_of
from croupier.math.stud.counting import _colex5, _next_combination, insert_sorted, subset_with


@numba.njit(cache=True, nogil=True)
def _strength(hand: Any, width: int, five: Any, rank_of: Any,
              binom: Any) -> int:  # pragma: no cover - compiled  # fmt: skip
    """The dense strength of five or six engine cards (the best five of six)."""
    if width == 5:
        s: int = rank_of[_colex5(hand, binom)]
        return s
    best = -1
    for skip in range(width):
        k = 0
        for i in range(width):
            if i != skip:
                five[k] = hand[i]
                k += 1
        best = max(best, rank_of[_colex5(five, binom)])
    return best


@numba.njit(cache=True, nogil=True)
def _avoiding(d: Any, m: int, t: Any, dense: Any, delta: Any) -> None:  # pragma: no cover
    """``dense[x]``: completions holding none of the local cards ``d[:m]``
    (sorted) below strength ``x``, for every ``x``."""
    cum0, cum1, l2, l3, quads, _q2, _q3, n, _qualify, binom = t
    top = dense.shape[0] - 1
    dense[:] = cum0
    delta[:] = 0
    idx = np.empty(4, dtype=np.int64)
    for size in range(1, min(m, 4) + 1):
        sign = 1 if size % 2 == 0 else -1
        for i in range(size):
            idx[i] = i
        more = True
        while more:
            key = 0
            for i in range(size):
                key += binom[d[idx[i]], i + 1]
            if size == 1:
                row = cum1[d[idx[0]]]
                for x in range(top + 1):
                    dense[x] += sign * row[x]
            elif size == 4:
                delta[quads[key] + 1] += sign
            else:
                length = binom[n - 2, 2] if size == 2 else n - 3
                lists = l2 if size == 2 else l3
                for j in range(key * length, (key + 1) * length):
                    delta[lists[j] + 1] += sign
            more = _next_combination(idx, size, m)
    run = 0
    for x in range(top + 1):
        run += delta[x]
        dense[x] += run


@numba.njit(cache=True, nogil=True)
def _last_round(cards: Any, drawn: Any, gives: Any, t: Any, rank_of: Any, unseen: Any,
                nets: Any, blind: Any, out: Any) -> None:  # pragma: no cover  # fmt: skip
    """Per row ``r`` (``cards[r]`` engine codes, ``drawn[r]`` the local cards
    drawn before, -1 for none): ``out[r, 0]`` the best final decision now,
    ``out[r, 1 + o]`` the mean over every card ``c`` the box can draw of the
    best final decision after option ``o`` (give the positions ``gives[o]``,
    -1 padded, then draw ``c``). No price is taken off. Where ``blind[s]``, a
    hand of strength ``s`` is worth the same whether a dealer without a game
    is lower or not: its dealer hands below it are not counted."""
    _cum0, _cum1, _l2, _l3, _quads, _q2, _q3, n, qualify, binom = t
    top = t[0].shape[0] - 1
    rows, width = cards.shape
    options = gives.shape[0]
    dense = np.empty(top + 1, dtype=np.int64)
    delta = np.zeros(top + 2, dtype=np.int64)
    d = np.empty(max(drawn.shape[1], 1), dtype=np.int64)
    held = np.zeros(n, dtype=np.bool_)
    idx = np.empty(4, dtype=np.int64)
    named = np.empty(4, dtype=np.int64)
    terms = np.zeros(4, dtype=np.int64)
    hand = np.empty(6, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    strengths = np.empty(options, dtype=np.int64)
    widths = np.empty(options, dtype=np.int64)
    b_lo = np.empty(options, dtype=np.int64)
    b_eq = np.empty(options, dtype=np.int64)
    for r in range(rows):
        m = 0
        held[:] = False
        for i in range(drawn.shape[1]):
            c = drawn[r, i]
            if c >= 0:
                m = insert_sorted(d, m, c)
                held[c] = True
        _avoiding(d, m, t, dense, delta)
        s = _strength(cards[r], width, five, rank_of, binom)
        out[r, 0] = best_of(s, dense[s], dense[s + 1], dense[qualify], dense[top], qualify, nets)
        for o in range(options):
            out[r, 1 + o] = 0.0
        draws = 0
        for c in range(n):
            if held[c]:
                continue
            draws += 1
            # each option's final hand and strength
            for o in range(options):
                k = 0
                for i in range(width):
                    if i != gives[o, 0] and i != gives[o, 1]:
                        hand[k] = cards[r, i]
                        k += 1
                hand[k] = unseen[c]
                widths[o] = k + 1
                strengths[o] = _strength(hand, k + 1, five, rank_of, binom)
                b_lo[o] = 0
                b_eq[o] = 0
            # the completions holding c and none of d: subsets of d with c added
            b_nq = 0
            b_all = 0
            for size in range(0, min(m, 3) + 1):
                sign = 1 if size % 2 == 0 else -1
                for i in range(size):
                    idx[i] = i
                more = True
                while more:
                    k = subset_with(d, idx, size, c, named)  # the subset with c, sorted
                    key = 0
                    for i in range(k):
                        key += binom[named[i], i + 1]
                    terms[:] = 0
                    _term(t, k, key, named[0], qualify, terms)  # x: any, only nq and all used
                    b_nq += sign * terms[2]
                    b_all += sign * terms[3]
                    for o in range(options):
                        if blind[strengths[o]]:
                            continue
                        terms[:] = 0
                        _term(t, k, key, named[0], strengths[o], terms)
                        b_lo[o] += sign * terms[0]
                        b_eq[o] += sign * terms[1]
                    more = _next_combination(idx, size, m) if size > 0 else False
            nq = dense[qualify] - b_nq
            total = dense[top] - b_all
            for o in range(options):
                x = strengths[o]
                if blind[x]:
                    below = upto = 0
                else:
                    below = dense[x] - b_lo[o]
                    upto = dense[x + 1] - b_lo[o] - b_eq[o]
                out[r, 1 + o] += best_of(x, below, upto, nq, total, qualify, nets)
        for o in range(options):
            out[r, 1 + o] /= draws


def blind(nets: NDArray[np.float64], qualify: int) -> NDArray[np.bool_]:
    """Per strength: below the qualifying hand and every open decision worth the
    same against a dealer without a game, lower or not. Such a hand's value
    then depends only on how many dealer hands qualify (below it: none do)."""
    same = (nets[:, :, 0] == nets[:, :, 1]) | np.isnan(nets[:, :, 0])
    result: NDArray[np.bool_] = same.all(axis=1) & (np.arange(len(nets)) < qualify)
    return result


def last_round(dealer: Completions, rank_of: NDArray[np.uint16], cards: NDArray[np.int64],
               drawn: NDArray[np.int64], gives: list[tuple[int, ...]],
               nets: NDArray[np.float64]) -> NDArray[np.float64]:  # fmt: skip
    """Per row of ``cards`` (the box's cards; ``drawn``: engine codes drawn
    since the situation): the best final decision now, then for each option
    (give the card positions ``gives[o]``, draw one card) the mean over every
    unseen card not drawn of the best final decision, price not taken off.
    ``nets``: [strength, decision, class] as
    :func:`croupier.math.stud.finals.strength_nets`."""
    if any(len(g) > 2 for g in gives):
        raise ValueError("the last round gives at most two cards for its one")
    give = np.full((max(len(gives), 1), 2), -1, dtype=np.int64)
    for o, g in enumerate(gives):
        give[o, : len(g)] = g
    local = dealer.local[drawn] if drawn.shape[1] else np.zeros((len(cards), 0), np.int64)
    out = np.empty((len(cards), 1 + len(gives)), dtype=np.float64)
    _last_round(np.ascontiguousarray(cards, dtype=np.int64),
                np.ascontiguousarray(local, dtype=np.int64), give[: len(gives)], dealer.tables,
                rank_of, dealer.unseen, nets, blind(nets, dealer.qualify), out)  # fmt: skip
    return out
