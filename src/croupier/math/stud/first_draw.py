"""The first decision of the one-draw profiles ([001]), many classes in one compiled pass.

In [001] every improvement draws one card and the final decision follows: a
one-card exchange (give the card at one position, draw one), or a 6th card
bought and one of the six given back. The advisor values such a situation
with general Python around the counting (:mod:`croupier.math.stud.draws`),
~6 ms per (hand, up card) class; the strategy run needs ~5.6 million classes.
Here the same values come from one compiled loop per batch of classes, the
work shared wherever the counts allow:

* the dealer's hands are the completions of the up card ``u`` avoiding the
  box's five cards ``H`` and the drawn card ``c``. Their count below a
  strength ``x`` is ``A(x) - B(c, x)``: ``A`` the hands holding ``u`` and
  avoiding ``H`` (inclusion-exclusion over the subsets of ``H``, 31 terms),
  the same for every option and every draw, so counted once per threshold
  and class; ``B`` those holding ``u`` and ``c`` as well (26 terms), the same
  for every option that draws ``c``;
* a final hand below the qualifying hand whose every decision is worth the
  same against a dealer without a game, lower or not (:func:`last_round.blind`),
  is worth what the number of qualifying dealer hands says: one count per
  draw, shared by every option, instead of one per final hand.

The terms are the tables of :class:`~croupier.math.stud.counting.HandTable`
(the engine's evaluator), the prices :func:`~croupier.math.stud.completions.best_of`
over :func:`~croupier.math.stud.finals.strength_nets` (the engine's
settlement), as every other path of the advisor. Tests compare every option
of many classes with the advisor and, on a short deck, with the exact solver
(:mod:`croupier.math.stud.exact`, fractions through the engine's menu).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.profile import StudProfile
from croupier.math.stud.completions import _below_and_at, best_decision, class_shares
from croupier.math.stud.counting import BINOM, _colex5, insert_sorted
from croupier.math.stud.finals import Context, decision_values, strength_nets, strengths
from croupier.math.stud.last_round import blind
from croupier.math.stud.menu import Choice, Moment, choices


@numba.njit(cache=True, nogil=True)
def _named(hand: Any, mask: int, a: int, b: int, out: Any) -> int:  # pragma: no cover
    """The cards of ``hand`` (ascending) picked by ``mask``, with ``a`` and ``b``
    (-1: none), ascending into ``out``; how many."""
    k = 0
    for i in range(5):
        if mask >> i & 1:
            out[k] = hand[i]
            k += 1
    for extra in (a, b):
        if extra >= 0:
            k = insert_sorted(out, k, extra)
    return k


@numba.njit(cache=True, nogil=True)
def _sorted_list(named: Any, k: int, t: Any) -> tuple[Any, int, int]:  # pragma: no cover
    """The sorted strengths of the hands holding the ``k`` (3 or 4) cards
    ``named``: (the table's lists, where this one starts, its length)."""
    n, binom, threes, fours = t[0], t[1], t[7], t[8]
    key = binom[named[0], 1] + binom[named[1], 2] + binom[named[2], 3]
    if k == 3:
        length = binom[n - 3, 2]
        return threes, key * length, length
    length = n - 4
    key += binom[named[3], 4]
    return fours, key * length, length


@numba.njit(cache=True, nogil=True)
def _scatter(named: Any, k: int, sign: int, t: Any, delta: Any) -> None:  # pragma: no cover
    """Add ``sign`` to ``delta`` one above the strength of every hand holding the
    ``k`` (3 to 5) cards ``named``: a running sum of ``delta`` then counts them below
    every strength (:func:`_add_running`)."""
    if k == 5:
        delta[t[2][_colex5(named, t[1])] + 1] += sign
        return
    lists, start, length = _sorted_list(named, k, t)
    for i in range(start, start + length):
        delta[lists[i] + 1] += sign


@numba.njit(cache=True, nogil=True)
def _add_running(delta: Any, dense: Any) -> None:  # pragma: no cover - compiled
    """``dense[x] +=`` the sum of ``delta`` up to ``x``, for every ``x``."""
    run = 0
    for x in range(dense.shape[0]):
        run += delta[x]
        dense[x] += run


@numba.njit(cache=True, nogil=True)
def _add_threshold(xs: Any, nx: int, x: int, is_blind: Any) -> int:  # pragma: no cover
    """Add the strength ``x`` to the ``nx`` thresholds ``xs`` unless it is blind (valued
    without a count) or already there; returns how many there are now."""
    if is_blind[x]:
        return nx
    for q in range(nx):
        if xs[q] == x:
            return nx
    xs[nx] = x
    return nx + 1


@numba.njit(cache=True, nogil=True)
def _avoiding_every(hand: Any, masks: Any, u: int, t: Any, named: Any, dense: Any,
                    delta: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """``dense[x]``: hands holding ``u`` and none of the five ``hand`` below
    strength ``x``, for every ``x`` (the rows of one or two named cards added
    whole, the lists of three to five scattered, then summed up)."""
    cum1, cum2, pair_index = t[4], t[5], t[6]
    top = dense.shape[0] - 1
    delta[:] = 0
    dense[:] = cum1[u]
    for j in range(masks.shape[0]):
        k = _named(hand, masks[j], u, -1, named)
        sign = 1 if (k - 1) % 2 == 0 else -1
        if k == 1:
            continue
        if k == 2:
            row = cum2[pair_index[named[0], named[1]]]
            for x in range(top + 1):
                dense[x] += sign * row[x]
        else:
            _scatter(named, k, sign, t, delta)
    _add_running(delta, dense)


@numba.njit(cache=True, nogil=True)
def _holding_both(hand: Any, masks: Any, u: int, c: int, xs: Any, nx: int, t: Any, named: Any,
                  lo: Any, eq: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Add to ``lo[j]``/``eq[j]`` the hands holding ``u`` and ``c`` and none of the
    five ``hand`` below / at strength ``xs[j]`` (j < ``nx``): inclusion-exclusion
    over the subsets ``masks`` of the five, each term's list found once."""
    binom, rank_of, cum2, pair_index = t[1], t[2], t[5], t[6]
    for q in range(masks.shape[0]):
        k = _named(hand, masks[q], min(u, c), max(u, c), named)
        sign = 1 if (k - 2) % 2 == 0 else -1
        if k == 2:
            row = cum2[pair_index[named[0], named[1]]]
            for j in range(nx):
                x = xs[j]
                lo[j] += sign * row[x]
                eq[j] += sign * (row[x + 1] - row[x])
        elif k == 5:
            s = rank_of[_colex5(named, binom)]
            for j in range(nx):
                lo[j] += sign if s < xs[j] else 0
                eq[j] += sign if s == xs[j] else 0
        else:
            lists, start, length = _sorted_list(named, k, t)
            for j in range(nx):
                below, at = _below_and_at(lists, start, length, xs[j])
                lo[j] += sign * below
                eq[j] += sign * at


@numba.njit(cache=True, nogil=True)
def _strength(cards: Any, binom: Any, rank_of: Any) -> int:  # pragma: no cover - compiled
    return int(rank_of[_colex5(cards, binom)])


@numba.njit(cache=True, nogil=True)
def _giving_back(hand: Any, c: int, skip: int, five: Any, binom: Any,
                 rank_of: Any) -> int:  # pragma: no cover - compiled  # fmt: skip
    """The strength of the five kept from ``hand`` and a 6th card ``c`` when the
    card at ``skip`` is given back (0-4: one of ``hand``; 5: ``c`` itself)."""
    k = 0
    for i in range(5):
        if i != skip:
            five[k] = hand[i]
            k += 1
    if skip < 5:
        five[4] = c
    return _strength(five, binom, rank_of)


@numba.njit(cache=True, nogil=True)
def comb_4(m: int) -> int:  # pragma: no cover - compiled
    """C(m, 4): the dealer's four hidden cards from ``m`` unseen."""
    if m < 4:
        return 0
    return m * (m - 1) * (m - 2) * (m - 3) // 24


@numba.njit(cache=True, nogil=True)
def _deciding_now(hand: Any, u: int, seen: Any, unseen: Any, masks_a: Any, t: Any,
                  named: Any, dense: Any, delta: Any, qualify: int,
                  now: Any) -> tuple[int, int]:  # pragma: no cover - compiled  # fmt: skip
    """A class's cards set out: ``unseen`` the cards the box has not seen (returned:
    how many, and the box's strength), ``dense`` the dealer hands avoiding the box's
    five below every strength, ``now`` the counts deciding now (below the box, below
    or equal, below the qualifying hand, all)."""
    n, binom, rank_of = t[0], t[1], t[2]
    seen[:] = False
    for i in range(5):
        seen[hand[i]] = True
    seen[u] = True
    m = 0
    for c in range(n):
        if not seen[c]:
            unseen[m] = c
            m += 1
    _avoiding_every(hand, masks_a, u, t, named, dense, delta)
    s0 = _strength(hand, binom, rank_of)
    now[0] = dense[s0]
    now[1] = dense[s0 + 1]
    now[2] = dense[qualify]
    now[3] = comb_4(m)
    return m, s0


@numba.njit(cache=True, nogil=True)
def _keep(rec: Any, o: int, ci: int, x: int, d: int,
          shares: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Note how draw ``ci`` of option ``o`` ends: final strength, decision, the
    dealer hands in each outcome class (replayed if the option is chosen)."""
    rec[o, ci, 0] = x
    rec[o, ci, 1] = d
    for k in range(5):
        rec[o, ci, 2 + k] = shares[k]


@numba.njit(cache=True, nogil=True)
def _first_draw(hands: Any, ups: Any, weights: Any, gives: Any, sixth: bool, t: Any, nets: Any,
                is_blind: Any, qualify: int, prices: Any, now: Any, out: Any, choice: Any,
                hist: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Per class ``r`` (``hands[r]`` five local cards, ``ups[r]`` the up card):
    ``now[r]`` = [below, up to, below qualifying, all] dealer hands against the
    five as they are; ``out[r, o]`` the mean over every card the box can draw
    of the best final decision after option ``o``: give the card at position
    ``gives[o]`` and draw one, then (``sixth``, the last column) draw a 6th
    card and give the best one back. No price is taken off.

    ``choice[r]``: the best first decision, a column of ``nets`` (a final
    decision now) or ``nets.shape[1] + o`` (option ``o`` at ``prices[o]``; the
    first of equal ones). ``hist[0 or 1 + o, decision, class, strength]`` adds
    up, for the chosen option, how the rounds of the class end: the final
    decision, the dealer's outcome class and the final hand's strength, in
    deals (``weights[r]``) x dealer hands x draws, over the common denominator
    C(m, 4) (m - 4) per deal (m unseen cards): a draw's C(m - 1, 4) dealer
    hands times m draws is that, the hands now are scaled by m - 4."""
    n, binom, rank_of = t[0], t[1], t[2]
    top = t[3].shape[0] - 1
    exchanges = gives.shape[0]
    finals = exchanges + (6 if sixth else 0)
    options = exchanges + (1 if sixth else 0)
    width = nets.shape[1]
    # Subsets of the five by bit mask: with the up card (A, at most four of the
    # five) and with the up card and the draw (B, at most three), with signs.
    masks_a = np.empty(31, dtype=np.int64)
    masks_b = np.empty(26, dtype=np.int64)
    na = 0
    nb = 0
    for mask in range(32):
        size = 0
        for i in range(5):
            size += mask >> i & 1
        if size <= 4:
            masks_a[na] = mask
            na += 1
        if size <= 3:
            masks_b[nb] = mask
            nb += 1
    dense = np.empty(top + 1, dtype=np.int64)
    delta = np.zeros(top + 1, dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    named = np.empty(5, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    unseen = np.empty(n, dtype=np.int64)
    strengths = np.empty(finals, dtype=np.int64)
    xs = np.empty(finals + 1, dtype=np.int64)
    b_lo = np.empty(finals + 1, dtype=np.int64)
    b_eq = np.empty(finals + 1, dtype=np.int64)
    seen = np.zeros(n, dtype=np.bool_)
    rec = np.empty((max(options, 1), n, 7), dtype=np.int64)
    for r in range(hands.shape[0]):
        u = ups[r]
        for i in range(5):
            hand[i] = hands[r, i]
        hand.sort()
        # A(x) for every x, once per class
        m, s0 = _deciding_now(hand, u, seen, unseen, masks_a, t, named, dense, delta, qualify,
                              now[r])  # fmt: skip
        shares_now = class_shares(s0, now[r, 0], now[r, 1], now[r, 2], now[r, 3], qualify)
        best, d_now = best_decision(s0, shares_now, now[r, 3], nets)
        total = comb_4(m - 1)
        for o in range(options):
            out[r, o] = 0.0
        for ci in range(m):
            c = unseen[ci]
            # the final hands after each option that draws c
            for o in range(exchanges):
                for i in range(5):
                    five[i] = hands[r, i] if i != gives[o] else c
                strengths[o] = _strength(five, binom, rank_of)
            if sixth:
                for skip in range(6):
                    strengths[exchanges + skip] = _giving_back(hand, c, skip, five, binom, rank_of)
            # the thresholds this draw needs: qualifying, and each final hand
            # that is not blind, once
            xs[0] = qualify
            nx = 1
            for f in range(finals):
                nx = _add_threshold(xs, nx, strengths[f], is_blind)
            for j in range(nx):
                b_lo[j] = 0
                b_eq[j] = 0
            _holding_both(hand, masks_b, u, c, xs, nx, t, named, b_lo, b_eq)
            nq = dense[qualify] - b_lo[0]
            best_sixth = -np.inf
            for f in range(finals):
                x = strengths[f]
                below = 0
                upto = 0
                if not is_blind[x]:
                    for j in range(nx):
                        if xs[j] == x:
                            below = dense[x] - b_lo[j]
                            upto = dense[x + 1] - b_lo[j] - b_eq[j]
                # A blind hand's dealer hands without a game all count as one class:
                # its nets are the same in both (``last_round.blind``).
                shares = class_shares(x, below, upto, nq, total, qualify)
                v, d = best_decision(x, shares, total, nets)
                if f < exchanges:
                    out[r, f] += v
                    _keep(rec, f, ci, x, d, shares)
                elif v > best_sixth:
                    best_sixth = v
                    _keep(rec, exchanges, ci, x, d, shares)
            if sixth:
                out[r, exchanges] += best_sixth
        chosen = -1
        for o in range(options):
            out[r, o] /= m
            if out[r, o] - prices[o] > best:
                best = out[r, o] - prices[o]
                chosen = o
        w = weights[r]
        if chosen < 0:
            choice[r] = d_now
            for k in range(5):
                hist[0, d_now, k, s0] += w * shares_now[k] * (m - 4)
            continue
        choice[r] = width + chosen
        for ci in range(m):
            x = rec[chosen, ci, 0]
            d = rec[chosen, ci, 1]
            for k in range(5):
                hist[1 + chosen, d, k, x] += w * rec[chosen, ci, 2 + k]


@dataclass(frozen=True, slots=True)
class OneDraw:
    """A profile's first-decision improvements when every one draws one card and
    the final decision follows: one-card exchanges, a 6th card with one given back."""

    exchanges: tuple[Choice, ...]
    sixth: Choice | None

    @property
    def names(self) -> list[str]:
        """Each option as the strategy run names it (action and cards given)."""
        return ["exchange 1"] * len(self.exchanges) + (["buy_sixth"] if self.sixth else [])

    @property
    def prices(self) -> NDArray[np.float64]:
        chosen = [*self.exchanges, *([self.sixth] if self.sixth else [])]
        return np.array([c.price for c in chosen], dtype=np.float64)


def one_draw(profile: StudProfile) -> OneDraw | None:
    """The profile's first-decision menu if this module values it exactly as the
    advisor does, else None: every option draws one card and leads to the final
    decision, nothing is priced apart from the final hand's strength (a second
    combination), no discard is shuffled back, no game is bought around the show."""
    p = profile
    if p.reshuffle_discards or p.second_combination or p.buy_game is not None:
        return None
    exchanges: list[Choice] = []
    sixth = None
    for c in choices(p, 5, Moment(0, "", 0)):
        if c.receive != 1 or c.nested:
            return None
        if c.act == "exchange" and len(c.give) == 1 and not c.moved.must_discard:
            exchanges.append(c)
        elif c.act == "buy_sixth" and c.moved.must_discard == 1 and sixth is None:
            sixth = c
        else:
            return None
    return OneDraw(tuple(exchanges), sixth)


@dataclass(frozen=True, slots=True)
class FirstDecisions:
    """The first decision of many classes (:func:`first_decision`)."""

    now: NDArray[np.float64]  # [class, final decision now] EV per ANTE, -inf: not open
    options: NDArray[np.float64]  # [class, option of the menu] EV per ANTE, price paid
    # the best first decision per class: a column of ``now``, or len(DECISIONS) + option
    choice: NDArray[np.int64]
    # [0 (decided now) or 1 + option, final decision, outcome class, final strength]:
    # deals x dealer hands x draws of the chosen option, over :attr:`per_deal` per deal
    ends: NDArray[np.int64]
    per_deal: int


def kernel_tables(
    ctx: Context, hands: NDArray[np.int64], ups: NDArray[np.int64]
) -> tuple[Any, ...]:
    """The compiled passes' inputs: the classes' cards and up cards numbered in
    ``ctx``'s deck (a short deck's too), and the hand table's arrays as one tuple."""
    table = ctx.table
    local = np.full(52, -1, dtype=np.int64)
    local[list(table.deck)] = np.arange(table.size)
    cards = np.ascontiguousarray(local[hands], dtype=np.int64)
    up = np.ascontiguousarray(local[ups], dtype=np.int64)
    if (cards < 0).any() or (up < 0).any():
        raise ValueError("a card is not in the table's deck")
    t = (table.size, BINOM, table.rank_of, table.cum0, table.cum1, table.cum2,
         table.pair_index, table.threes, table.fours)  # fmt: skip
    return cards, up, t


def first_decision(
    ctx: Context,
    menu: OneDraw,
    hands: NDArray[np.int64],
    ups: NDArray[np.int64],
    weights: NDArray[np.int64] | None = None,
) -> FirstDecisions:
    """For each class (``hands[r]`` five engine cards, ``ups[r]`` the up card,
    ``weights[r]`` deals in it, default one): the EV per ANTE of every final
    decision now (columns :data:`~croupier.math.stud.finals.DECISIONS`, -inf
    where not open) and of every option of ``menu`` (columns
    :attr:`OneDraw.names`, prices paid), the best of them, and how the rounds
    of the best end (exact counts, see :class:`FirstDecisions`)."""
    cards, up, t = kernel_tables(ctx, hands, ups)
    w = np.ones(len(hands), np.int64) if weights is None else weights.astype(np.int64)
    nets = strength_nets(ctx)
    gives = np.array([c.give[0] for c in menu.exchanges], dtype=np.int64)
    counts = np.zeros((len(hands), 4), dtype=np.int64)
    out = np.zeros((len(hands), len(menu.names)), dtype=np.float64)
    choice = np.zeros(len(hands), dtype=np.int64)
    ends = np.zeros((1 + len(menu.names), nets.shape[1], nets.shape[2], nets.shape[0]), np.int64)
    _first_draw(cards, up, np.ascontiguousarray(w), gives, menu.sixth is not None, t, nets,
                blind(nets, ctx.qualify), ctx.qualify, menu.prices, counts, out, choice,
                ends)  # fmt: skip
    now = decision_values(ctx, hands, strengths(ctx, hands), counts)
    m = ctx.table.size - 6
    return FirstDecisions(now, out - menu.prices, choice, ends, comb(m, 4) * (m - 4))
