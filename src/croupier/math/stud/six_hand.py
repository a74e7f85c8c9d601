"""The [003] pass of :mod:`croupier.math.stud.six_draw`, one five-card hand at a time.

Every up card of one five-card hand ``H`` (the classes of a hand come one
after the other in a chunk) shares most of the counting, so the pass takes a
hand's classes together:

* the dealer's hands below ``x`` holding the up card ``u`` and avoiding
  ``H + a + b`` are ``A(u, x) - B(u, a, x) - B(u, b, x) + C(u, a, b, x)``; ``B``
  (hands holding two given cards, avoiding ``H``) is symmetric in its two
  cards and ``C`` in its three: ``B`` is counted once per two of the 47 other
  cards for both classes that need it, ``C`` once per three of them for the
  three classes where one of the three is the up card (each three's lists read
  once, in ascending order of the tables);
* only a few hundred strengths are ever asked about (the final hands of the
  box's seven cards ``H + a + b`` that are not blind, one above each, the
  qualifying hand, the five now and the six after each 6th card): ``A`` and
  ``B`` are kept at those strengths only (a row of a few hundred counts, not
  7,462), the lists scattered into them through a map of the strengths;
* the final hands of each two others ``{a, b}`` (which strengths each option
  of both orders reaches, which of them are distinct and not blind) are the
  same for every up card: found once per hand.

The terms are those of :mod:`croupier.math.stud.six_draw`'s description (the
tables of :class:`~croupier.math.stud.counting.HandTable`), each count the same
integer, each value :func:`~croupier.math.stud.completions.best_of` of the same
counts, summed in the same order: the same floats to the last bit (a test
compares the per-hand tables with the counting of each class on its own).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from croupier.math.stud.completions import _below_and_at, best_decision, best_of, class_shares
from croupier.math.stud.counting import _colex5, insert_sorted, others_of
from croupier.math.stud.first_draw import _giving_back, _named, _sorted_list, comb_4


@numba.njit(cache=True, nogil=True)
def _pair_finals(hand: Any, order5: Any, others: Any, gives: Any, pair5: Any, best6: Any,
                 is_blind: Any, x_of: Any, dx: Any, nd: Any,
                 idx: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Per two others ``i < j`` (at ``C(j, 2) + i``): ``x_of[pair, order, o]`` the
    final strength of exchange ``o`` when the 6th card is ``others[i]`` (order 0)
    or ``others[j]`` (order 1) and the other one is drawn; ``dx[pair, :nd[pair]]``
    the distinct ones, ``idx[pair, order, o]`` where each is among them.
    ``order5``: the five in the engine's order (``gives`` counts positions in it)."""
    m = others.shape[0]
    options = gives.shape[0]
    seven = np.empty(7, dtype=np.int64)
    where = np.empty(6, dtype=np.int64)
    pair = 0
    for j in range(m):
        for i in range(j):
            for q in range(5):
                seven[q] = hand[q]
            seven[5] = others[i]
            seven[6] = others[j]
            seven.sort()
            nd[pair] = 0
            for order in range(2):
                bought = others[i] if order == 0 else others[j]
                for p in range(6):
                    card = order5[p] if p < 5 else bought
                    for q in range(7):
                        if seven[q] == card:
                            where[p] = q
                for o in range(options):
                    g0 = where[gives[o, 0]]
                    x = best6[pair, g0] if gives[o, 1] < 0 else pair5[pair, g0, where[gives[o, 1]]]
                    x_of[pair, order, o] = x
                    k = 0
                    while k < nd[pair] and dx[pair, k] != x:
                        k += 1
                    if k == nd[pair]:
                        dx[pair, k] = x
                        nd[pair] += 1
                    idx[pair, order, o] = k
            pair += 1


@numba.njit(cache=True, nogil=True)
def _asked(hand: Any, others: Any, pair5: Any, nd: Any, dx: Any, is_blind: Any, qualify: int,
           binom: Any, rank_of: Any, top: int, slot: Any, pos: Any,
           xs: Any) -> int:  # pragma: no cover - compiled  # fmt: skip
    """The strengths a hand's classes ask about, ascending into ``xs`` (returned:
    how many): every final strength that is not blind and one above it, the
    qualifying hand, the five now and the best five of each six, and one above
    those. ``slot[x]``: where ``x`` is among them (-1: not asked); ``pos[s]``: how
    many of them are at or below ``s`` (a hand of strength ``s`` is below those
    from ``pos[s]`` on)."""
    need = np.zeros(top + 2, dtype=np.bool_)
    need[qualify] = True
    five = np.empty(5, dtype=np.int64)
    s0 = rank_of[_colex5(hand, binom)]
    need[s0] = True
    need[s0 + 1] = True
    for i in range(others.shape[0]):
        x = -1
        for skip in range(6):
            x = max(x, _giving_back(hand, others[i], skip, five, binom, rank_of))
        need[x] = True
        need[x + 1] = True
    for pair in range(nd.shape[0]):
        for k in range(nd[pair]):
            x = dx[pair, k]
            if not is_blind[x]:
                need[x] = True
                need[x + 1] = True
    n = 0
    for x in range(top + 1):
        slot[x] = -1
        pos[x] = n
        if need[x]:
            slot[x] = n
            xs[n] = x
            n += 1
            pos[x] = n
    return n


@numba.njit(cache=True, nogil=True)
def _row(hand: Any, masks: Any, u: int, c: int, t: Any, xs: Any, nk: int, pos: Any,
         named: Any, delta: Any, out: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """``out[j]``: the hands holding ``u`` (and ``c`` unless -1) and none of the five
    ``hand`` below strength ``xs[j]``, j < ``nk``: the row of one or two named cards
    read at the asked strengths, the lists of three to five scattered through
    ``pos`` (inclusion-exclusion over the subsets ``masks`` of the five)."""
    binom, rank_of, cum1, cum2, pair_index = t[1], t[2], t[4], t[5], t[6]
    base = 1 if c < 0 else 2
    for j in range(nk + 1):
        delta[j] = 0
    row = cum1[u] if c < 0 else cum2[pair_index[u, c]]
    for j in range(nk):
        out[j] = row[xs[j]]
    for q in range(masks.shape[0]):
        k = _named(hand, masks[q], min(u, c) if c >= 0 else u, max(u, c) if c >= 0 else -1, named)
        sign = 1 if (k - base) % 2 == 0 else -1
        if k == base:
            continue
        if k == 2:
            row2 = cum2[pair_index[named[0], named[1]]]
            for j in range(nk):
                out[j] += sign * row2[xs[j]]
        elif k == 5:
            delta[pos[rank_of[_colex5(named, binom)]]] += sign
        else:
            lists, start, length = _sorted_list(named, k, t)
            for i in range(start, start + length):
                delta[pos[lists[i]]] += sign
    run = 0
    for j in range(nk):
        run += delta[j]
        out[j] += run


@numba.njit(cache=True, nogil=True)
def _masks(least: int, most: int) -> Any:  # pragma: no cover - compiled
    """The subsets of five positions with ``least`` to ``most`` of them, as bit masks."""
    out = np.empty(32, dtype=np.int64)
    k = 0
    for mask in range(32):
        size = 0
        for i in range(5):
            size += mask >> i & 1
        if least <= size <= most:
            out[k] = mask
            k += 1
    return out[:k]


@numba.njit(cache=True, nogil=True)
def _by_hand(hand: Any, n: int, binom: Any, rank_of: Any, others: Any, pair5: Any,
             best6: Any) -> None:  # pragma: no cover  # fmt: skip
    """The five-card strengths of a hand's sevens: ``others`` the other cards of
    the deck; per two others ``i < j`` (at ``C(j, 2) + i``) the strength of the
    seven cards less the ``g``-th and ``h``-th (``pair5``) and the best five of the
    seven less the ``g``-th (``best6``), the seven ascending."""
    seven = np.empty(7, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    m = others_of(hand, n, others)
    for j in range(m):
        for i in range(j):
            pair = binom[j, 2] + binom[i, 1]
            for q in range(5):
                seven[q] = hand[q]
            seven[5] = others[i]
            seven[6] = others[j]
            seven.sort()
            for g in range(7):
                best6[pair, g] = -1
            for g in range(7):
                for h in range(g + 1, 7):
                    k = 0
                    for q in range(7):
                        if q != g and q != h:
                            five[k] = seven[q]
                            k += 1
                    s = rank_of[_colex5(five, binom)]
                    pair5[pair, g, h] = s
                    pair5[pair, h, g] = s
                    best6[pair, g] = max(best6[pair, g], s)
                    best6[pair, h] = max(best6[pair, h], s)


@numba.njit(cache=True, nogil=True)
def _triples(hand: Any, others: Any, row_of: Any, lo: int, t: Any, qualify: int, is_blind: Any,
             nd: Any, dx: Any, off: Any, c_q: Any,
             c_x: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """``C``: per three others and each of them that is a class's up card (row
    ``row_of[u]``), the dealer hands holding the three and none of the five
    ``hand``: below the qualifying hand (``c_q[row - lo, pair]``, the pair being
    the other two) and below / at each distinct final strength of the pair that
    is not blind (``c_x[row - lo, off[pair] + k]``). Inclusion-exclusion over the
    five: the three's list, less the lists of the three with each card of the
    five, plus the hands of the three with each two of them. The threes come in
    the tables' order (each list read once for its three classes)."""
    n, binom, rank_of, threes, fours = t[0], t[1], t[2], t[7], t[8]
    m_others = others.shape[0]
    masks_s = _masks(2, 2)
    singles = np.empty(masks_s.shape[0], dtype=np.int64)
    named = np.empty(5, dtype=np.int64)
    four = np.empty(4, dtype=np.int64)
    starts = np.empty(5, dtype=np.int64)
    len3 = binom[n - 3, 2]
    len4 = n - 4
    # the three classes of a three often ask about the same strengths: each counted
    # once per three (``stamp[x]``: the three it was last counted for)
    stamp = np.full(is_blind.shape[0], -1, dtype=np.int64)
    known = np.empty((is_blind.shape[0], 2), dtype=np.int64)
    three = -1
    for r3 in range(m_others):
        for q3 in range(r3):
            for p3 in range(q3):
                if row_of[p3] < 0 and row_of[q3] < 0 and row_of[r3] < 0:
                    continue
                three += 1
                a, b, c = others[p3], others[q3], others[r3]
                start3 = (binom[a, 1] + binom[b, 2] + binom[c, 3]) * len3
                for h in range(5):
                    four[0], four[1], four[2] = a, b, c
                    insert_sorted(four, 3, hand[h])
                    starts[h] = (binom[four[0], 1] + binom[four[1], 2] + binom[four[2], 3]
                                 + binom[four[3], 4]) * len4  # fmt: skip
                for s in range(masks_s.shape[0]):
                    k = _named(hand, masks_s[s], -1, -1, named)
                    k = insert_sorted(named, k, a)
                    k = insert_sorted(named, k, b)
                    insert_sorted(named, k, c)
                    singles[s] = rank_of[_colex5(named, binom)]
                below_q, _ = _below_and_at(threes, start3, len3, qualify)
                for h in range(5):
                    below, _ = _below_and_at(fours, starts[h], len4, qualify)
                    below_q -= below
                for s in range(singles.shape[0]):
                    below_q += 1 if singles[s] < qualify else 0
                for role in range(3):
                    iu = p3 if role == 0 else (q3 if role == 1 else r3)
                    row = row_of[iu]
                    if row < 0:
                        continue
                    ia = q3 if role == 0 else p3
                    ib = q3 if role == 2 else r3
                    pair = binom[ib, 2] + binom[ia, 1]
                    c_q[row - lo, pair] = below_q
                    for k in range(nd[pair]):
                        x = dx[pair, k]
                        if is_blind[x]:
                            continue
                        if stamp[x] != three:
                            c_lo, c_eq = _below_and_at(threes, start3, len3, x)
                            for h in range(5):
                                lo4, eq4 = _below_and_at(fours, starts[h], len4, x)
                                c_lo -= lo4
                                c_eq -= eq4
                            for s in range(singles.shape[0]):
                                c_lo += 1 if singles[s] < x else 0
                                c_eq += 1 if singles[s] == x else 0
                            stamp[x] = three
                            known[x, 0] = c_lo
                            known[x, 1] = c_eq
                        c_x[row - lo, off[pair] + k, 0] = known[x, 0]
                        c_x[row - lo, off[pair] + k, 1] = known[x, 1]


@numba.njit(cache=True, nogil=True)
def _counts(a_row: Any, row_a: Any, row_b: Any, c_x: Any, at: int,
            j: int) -> tuple[int, int]:  # pragma: no cover - compiled  # fmt: skip
    """Dealer hands below a final strength and up to it (its slot ``j``):
    ``A - B - B + C`` at the strength and one above it."""
    c_lo = c_x[at, 0]
    below = a_row[j] - row_a[j] - row_b[j] + c_lo
    upto = a_row[j + 1] - row_a[j + 1] - row_b[j + 1] + c_lo + c_x[at, 1]
    return below, upto


@numba.njit(cache=True, nogil=True)
def _add_ends(hist: Any, first: int, x: int, shares: Any, total: int, nets: Any,
              weight: int) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Count ``weight`` times each class of ``shares`` of the best final decision
    of strength ``x`` into ``hist[first, decision, class, x]``."""
    _, d = best_decision(x, shares, total, nets)
    for k in range(5):
        hist[first, d, k, x] += weight * shares[k]


@numba.njit(cache=True, nogil=True)
def one_hand(hands: Any, ups: Any, lo: int, hi: int, gives: Any, prices: Any, t: Any,
             nets: Any, is_blind: Any, qualify: int, now: Any, sixth: Any, detail: Any,
             ends: Any, weights: Any, now_best: Any, now_choice: Any, sixth_price: float,
             hist: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """The classes ``lo`` to ``hi`` (one five-card hand, as many up cards):
    ``now[r]``, ``sixth[r]`` and ``detail[r]`` as
    :func:`croupier.math.stud.six_draw.sixth_values` describes them (``sixth[r, 0]``
    the best of standing and each exchange, ``sixth[r, 1]`` standing). If ``ends``:
    the 6th card is the first decision where it beats ``now_best[r]`` (at
    ``sixth_price``), else the final decision ``now_choice[r]``; how the rounds
    of that choice end is added to ``hist[path, decision, class, strength]``
    (path 0: decided now, 1: the 6th card then standing, 2: the 6th card then
    an exchange, the best one per 6th card), in deals (``weights[r]``) x dealer
    hands x cards drawn, over C(m, 4) (m - 4) (m - 5) per deal (m unseen)."""
    n, binom, rank_of = t[0], t[1], t[2]
    top = t[3].shape[0] - 1
    options = gives.shape[0]
    hand = np.empty(5, dtype=np.int64)
    for i in range(5):
        hand[i] = hands[lo, i]
    hand.sort()
    m_others = n - 5
    n_pairs = binom[m_others, 2]
    others = np.empty(m_others, dtype=np.int64)
    pair5 = np.empty((n_pairs, 7, 7), dtype=np.int32)
    best6 = np.empty((n_pairs, 7), dtype=np.int32)
    _by_hand(hand, n, binom, rank_of, others, pair5, best6)
    index = np.full(n, -1, dtype=np.int64)
    for i in range(m_others):
        index[others[i]] = i
    x_of = np.empty((n_pairs, 2, options), dtype=np.int32)
    dx = np.empty((n_pairs, 2 * options), dtype=np.int32)
    nd = np.empty(n_pairs, dtype=np.int64)
    idx = np.empty((n_pairs, 2, options), dtype=np.int64)
    _pair_finals(hand, hands[lo], others, gives, pair5, best6, is_blind, x_of, dx, nd, idx)
    off = np.empty(n_pairs + 1, dtype=np.int64)
    off[0] = 0
    for pair in range(n_pairs):
        off[pair + 1] = off[pair] + nd[pair]
    slot = np.empty(top + 1, dtype=np.int64)
    pos = np.empty(top + 1, dtype=np.int64)
    xs = np.empty(top + 1, dtype=np.int64)
    nk = _asked(hand, others, pair5, nd, dx, is_blind, qualify, binom, rank_of, top, slot, pos,
                xs)  # fmt: skip
    # the classes of the hand by the up card's place among the others
    row_of = np.full(m_others, -1, dtype=np.int64)
    for r in range(lo, hi):
        row_of[index[ups[r]]] = r
    named = np.empty(5, dtype=np.int64)
    delta = np.empty(nk + 1, dtype=np.int64)
    a_rows = np.zeros((m_others, nk), dtype=np.int64)
    masks_a = _masks(0, 4)
    for i in range(m_others):
        if row_of[i] >= 0:
            _row(hand, masks_a, others[i], -1, t, xs, nk, pos, named, delta, a_rows[i])
    b_rows = np.zeros((n_pairs, nk), dtype=np.int32)
    masks_b = _masks(0, 3)
    for j in range(m_others):
        for i in range(j):
            if row_of[i] >= 0 or row_of[j] >= 0:
                pair = binom[j, 2] + binom[i, 1]
                _row(hand, masks_b, others[i], others[j], t, xs, nk, pos, named, delta,
                     b_rows[pair])  # fmt: skip
    c_q = np.zeros((hi - lo, n_pairs), dtype=np.int32)
    c_x = np.zeros((hi - lo, off[n_pairs], 2), dtype=np.int32)
    _triples(hand, others, row_of, lo, t, qualify, is_blind, nd, dx, off, c_q, c_x)
    m = n - 6  # unseen by a class: the others less its up card
    total = comb_4(m - 2)
    q_slot = slot[qualify]
    s0 = rank_of[_colex5(hand, binom)]
    acc = np.zeros((m_others, options), dtype=np.float64)
    v = np.empty(2 * options, dtype=np.float64)
    stand_x = np.empty(m_others, dtype=np.int64)
    chosen = np.empty(m_others, dtype=np.int64)  # per 6th card: -1 stand, else the exchange
    five = np.empty(5, dtype=np.int64)
    for i in range(m_others):
        x = -1
        for skip in range(6):
            x = max(x, _giving_back(hand, others[i], skip, five, binom, rank_of))
        stand_x[i] = x
    with_detail = detail.shape[0] == hands.shape[0]
    for r in range(lo, hi):
        iu = index[ups[r]]
        a_row = a_rows[iu]
        now[r, 0] = a_row[slot[s0]]
        now[r, 1] = a_row[slot[s0 + 1]]
        now[r, 2] = a_row[q_slot]
        now[r, 3] = comb_4(m)
        acc[:] = 0.0
        # every 6th card a and drawn card b, a pair at a time in the order that
        # sums each 6th card's exchanges over b ascending
        for ib in range(m_others):
            if ib == iu:
                continue
            ub = binom[max(iu, ib), 2] + binom[min(iu, ib), 1]
            row_b = b_rows[ub]
            for ia in range(ib):
                if ia == iu:
                    continue
                pair = binom[ib, 2] + binom[ia, 1]
                ua = binom[max(iu, ia), 2] + binom[min(iu, ia), 1]
                row_a = b_rows[ua]
                nq = a_row[q_slot] - row_a[q_slot] - row_b[q_slot] + c_q[r - lo, pair]
                for k in range(nd[pair]):
                    x = dx[pair, k]
                    below = 0
                    upto = 0
                    if not is_blind[x]:
                        below, upto = _counts(a_row, row_a, row_b, c_x[r - lo],
                                              off[pair] + k, slot[x])  # fmt: skip
                    v[k] = best_of(x, below, upto, nq, total, qualify, nets)
                for o in range(options):
                    acc[ia, o] += v[idx[pair, 0, o]]
                    acc[ib, o] += v[idx[pair, 1, o]]
        value = 0.0
        standing = 0.0
        i = 0  # the 6th card's place among the class's unseen cards
        for ia in range(m_others):
            if ia == iu:
                continue
            ua = binom[max(iu, ia), 2] + binom[min(iu, ia), 1]
            row_a = b_rows[ua]
            x = stand_x[ia]
            j = slot[x]
            best = best_of(x, a_row[j] - row_a[j], a_row[j + 1] - row_a[j + 1],
                           a_row[q_slot] - row_a[q_slot], comb_4(m - 1), qualify,
                           nets)  # fmt: skip
            chosen[ia] = -1
            standing += best
            if with_detail:
                detail[r, i, 0] = best
            for o in range(options):
                got = acc[ia, o] / (m - 1)
                if with_detail:
                    detail[r, i, 1 + o] = got
                if got - prices[o] > best:
                    chosen[ia] = o
                best = max(best, got - prices[o])
            value += best
            i += 1
        sixth[r, 0] = value / m
        sixth[r, 1] = standing / m
        if ends:
            _round_ends(r, iu, a_row, b_rows, c_q[r - lo], c_x[r - lo], s0, stand_x, chosen,
                        slot, q_slot, x_of, idx, off, is_blind, binom, others, m, qualify,
                        nets, weights[r], sixth[r, 0] - sixth_price > now_best[r], now_choice[r],
                        hist)  # fmt: skip


@numba.njit(cache=True, nogil=True)
def _round_ends(r: int, iu: int, a_row: Any, b_rows: Any, c_q: Any, c_x: Any, s0: int,
                stand_x: Any, chosen: Any, slot: Any, q_slot: int, x_of: Any, idx: Any,
                off: Any, is_blind: Any, binom: Any, others: Any, m: int, qualify: int,
                nets: Any, w: int, take_sixth: bool, d_now: int,
                hist: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """How the rounds of class ``r``'s first decision end, into ``hist`` (see
    :func:`one_hand`): the counts of each final hand replayed from the same
    tables, its best final decision as the values chose it."""
    shares = np.empty(5, dtype=np.int64)
    if not take_sixth:
        got = class_shares(s0, a_row[slot[s0]], a_row[slot[s0 + 1]], a_row[q_slot], comb_4(m),
                           qualify)  # fmt: skip
        for k in range(5):
            hist[0, d_now, k, s0] += w * got[k] * (m - 4) * (m - 5)
        return
    total = comb_4(m - 2)
    for ia in range(others.shape[0]):
        if ia == iu:
            continue
        ua = binom[max(iu, ia), 2] + binom[min(iu, ia), 1]
        row_a = b_rows[ua]
        o = chosen[ia]
        if o < 0:
            x = stand_x[ia]
            j = slot[x]
            got = class_shares(x, a_row[j] - row_a[j], a_row[j + 1] - row_a[j + 1],
                               a_row[q_slot] - row_a[q_slot], comb_4(m - 1), qualify)  # fmt: skip
            for k in range(5):
                shares[k] = got[k]
            _add_ends(hist, 1, x, shares, comb_4(m - 1), nets, w * (m - 5))
            continue
        for ib in range(others.shape[0]):
            if ib in (iu, ia):
                continue
            ub = binom[max(iu, ib), 2] + binom[min(iu, ib), 1]
            row_b = b_rows[ub]
            lo_, hi_ = min(ia, ib), max(ia, ib)
            pair = binom[hi_, 2] + binom[lo_, 1]
            order = 0 if ia < ib else 1
            x = x_of[pair, order, o]
            k = idx[pair, order, o]
            nq = a_row[q_slot] - row_a[q_slot] - row_b[q_slot] + c_q[pair]
            below = 0
            upto = 0
            if not is_blind[x]:
                below, upto = _counts(a_row, row_a, row_b, c_x, off[pair] + k, slot[x])
            got = class_shares(x, below, upto, nq, total, qualify)
            for k in range(5):
                shares[k] = got[k]
            _add_ends(hist, 2, x, shares, total, nets, w)
