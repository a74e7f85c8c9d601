"""The first decision of the six-card profiles ([003]), many classes in one compiled pass.

In six-card and six-card-shambala a box stands with its five or buys a 6th
card; holding six it stands or gives one card (six-card) or two
(six-card-shambala) and receives one, then makes its final decision. The
advisor values a (hand, up card) class in ~20-40 ms (a table of the 163,185
dealer completions, the last round per 6th card, the walk that values buying
a game after a no-game show); the strategy run needs ~5.1 million classes.
Here the same values come from one compiled loop per batch of classes:

* a final hand after the exchange has seen the box's five ``H``, the 6th card
  ``a`` and the drawn card ``b``, whichever of the two was bought: the dealer's
  hands below ``x`` holding the up card ``u`` and avoiding ``K = H + a + b`` are
  ``A(x) - B(a, x) - B(b, x) + C(a, b, x)`` (inclusion-exclusion: ``A`` holds
  ``u`` and avoids ``H``, ``B`` also holds one card, ``C`` both), so each
  unordered pair ``{a, b}`` is visited once for both orders, ``A`` and every
  ``B`` are dense arrays per class, and ``C`` is 16 terms at the few strengths
  the pair's final hands have;
* every final hand of the pair is ``K`` less one or two of its seven cards:
  the 21 five-card strengths of ``K`` are read once and serve every option
  of both orders (best five of six: the best of six of them);
* a final hand below the qualifying hand whose decisions are all worth the
  same against a dealer without a game, lower or not
  (:func:`~croupier.math.stud.last_round.blind`), needs only the qualifying count;
* buying a game after a no-game show ([003], [004]) enters the value of playing
  the five now (the advisor's :func:`~croupier.math.stud.show.show_sums`):
  the dealer hands without a game do not depend on which of their cards is the
  up card, so one walk over them per five-card hand serves every up card of
  it (:func:`show_deltas`), the value of each bought game being
  :func:`~croupier.math.stud.show.bought_value` as in the advisor's walk.
  Inside the 6th card's continuation a no-game show is counted as taking the
  ANTE, as the advisor counts it (its ``note``: a lower bound).

The terms are the tables of :class:`~croupier.math.stud.counting.HandTable`
(the engine's evaluator), the prices :func:`~croupier.math.stud.completions.best_of`
over :func:`~croupier.math.stud.finals.strength_nets` and
:func:`~croupier.math.stud.show.bought_nets` (the engine's settlement). Tests
compare every option with the advisor and, on a short deck, with the exact
solver (:mod:`croupier.math.stud.exact`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.payout import evaluate
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.completions import _below_and_at, best_of
from croupier.math.stud.counting import BINOM, _colex5, insert_sorted
from croupier.math.stud.finals import (
    DECISIONS,
    Context,
    decision_values,
    final_nets,
    strength_nets,
    strengths,
)
from croupier.math.stud.first_draw import (
    _add_running,
    _add_threshold,
    _deciding_now,
    _giving_back,
    _named,
    _scatter,
    _sorted_list,
    _strength,
    comb_4,
    kernel_tables,
)
from croupier.math.stud.last_round import blind
from croupier.math.stud.menu import Choice, Moment, choices
from croupier.math.stud.show import bought_nets, bought_value


@numba.njit(cache=True, nogil=True)
def _holding_every(hand: Any, masks: Any, u: int, c: int, t: Any, named: Any, dense: Any,
                   delta: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """``dense[x]``: hands holding ``u`` and ``c`` and none of the five ``hand``
    below strength ``x``, for every ``x`` (the pair's row whole, the lists of
    three to five named cards scattered, then summed up)."""
    cum2, pair_index = t[5], t[6]
    delta[:] = 0
    dense[:] = cum2[pair_index[u, c]]
    for j in range(masks.shape[0]):
        k = _named(hand, masks[j], min(u, c), max(u, c), named)
        sign = 1 if k % 2 == 0 else -1
        if k == 2:
            continue
        _scatter(named, k, sign, t, delta)
    _add_running(delta, dense)


@numba.njit(cache=True, nogil=True)
def _three_named(hand: Any, mask: int, u: int, a: int, b: int, out: Any) -> int:  # pragma: no cover
    """The cards of ``hand`` picked by ``mask`` with ``u``, ``a`` and ``b``, ascending
    into ``out``; how many."""
    k = _named(hand, mask, min(a, b), max(a, b), out)
    return insert_sorted(out, k, u)


@numba.njit(cache=True, nogil=True)
def _holding_three(hand: Any, masks: Any, u: int, a: int, b: int, singles: Any, xs: Any,
                   nx: int, t: Any, named: Any, lo: Any,
                   eq: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """``lo[j]``/``eq[j]``: hands holding ``u``, ``a`` and ``b`` and none of the five
    ``hand``, below / at strength ``xs[j]`` (j < ``nx``): inclusion-exclusion over
    the subsets of the five with at most two cards: ``masks`` (none or one: a
    list each, found once) and ``singles`` (the strengths of the three with
    each two of the five)."""
    for j in range(nx):
        lo[j] = 0
        eq[j] = 0
    for q in range(masks.shape[0]):
        k = _three_named(hand, masks[q], u, a, b, named)
        sign = 1 if k == 3 else -1
        lists, start, length = _sorted_list(named, k, t)
        for j in range(nx):
            below, at = _below_and_at(lists, start, length, xs[j])
            lo[j] += sign * below
            eq[j] += sign * at
    for q in range(singles.shape[0]):
        s = singles[q]
        for j in range(nx):
            lo[j] += 1 if s < xs[j] else 0
            eq[j] += 1 if s == xs[j] else 0


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
def _by_hand(hand: Any, binom: Any, rank_of: Any, others: Any, index: Any, pair5: Any,
             best6: Any, seven: Any, five: Any) -> None:  # pragma: no cover  # fmt: skip
    """The tables of one five-card ``hand``: ``others`` the other cards of the
    deck, ``index`` a card's place among them; per two others ``i < j`` (at
    ``C(j, 2) + i``) the strength of the seven cards less the ``g``-th and
    ``h``-th (``pair5``) and the best five of the seven less the ``g``-th
    (``best6``), the seven ascending."""
    m = 0
    k = 0
    index[:] = -1
    for c in range(index.shape[0]):
        if k < 5 and hand[k] == c:
            k += 1
        else:
            others[m] = c
            index[c] = m
            m += 1
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
                    s = _strength(five, binom, rank_of)
                    pair5[pair, g, h] = s
                    pair5[pair, h, g] = s
                    best6[pair, g] = max(best6[pair, g], s)
                    best6[pair, h] = max(best6[pair, h], s)


@numba.njit(cache=True, nogil=True)
def _sixth_round(hands: Any, ups: Any, gives: Any, prices: Any, t: Any, nets: Any, is_blind: Any,
                 qualify: int, now: Any, sixth: Any,
                 detail: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Per class ``r`` (``hands[r]`` five local cards in the engine's order,
    ``ups[r]`` the up card): ``now[r]`` = [below, up to, below qualifying, all]
    dealer hands against the five as they are; ``sixth[r]`` the mean over every
    6th card of the best of standing with six and each exchange ``o`` (give the
    positions ``gives[o]`` of the six, the 6th last, -1 padded; draw one) less
    ``prices[o]``; the 6th card's own price is not taken off. Where ``detail``
    has a row per class: ``detail[r, i]`` = [stand, each exchange before its
    price] after the ``i``-th unseen card (ascending) as the 6th."""
    n, binom, rank_of = t[0], t[1], t[2]
    top = t[3].shape[0] - 1
    options = gives.shape[0]
    masks_a = _masks(0, 4)
    masks_b = _masks(0, 3)
    masks_c = _masks(0, 1)
    masks_s = _masks(2, 2)
    dense = np.empty(top + 1, dtype=np.int64)
    delta = np.zeros(top + 2, dtype=np.int64)
    held = np.empty((n, top + 1), dtype=np.int64)  # B per unseen card
    hand = np.empty(5, dtype=np.int64)
    named = np.empty(5, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    seven = np.empty(7, dtype=np.int64)
    unseen = np.empty(n, dtype=np.int64)
    # Per five-card hand (its classes come one after the other), shared by its
    # up cards: for each two other cards (by their index among the 47 others)
    # the strength of the seven less two and the best five of the seven less one;
    # for each three others, the strength of the three with each two of the five.
    others = np.empty(n - 5, dtype=np.int64)
    index = np.full(n, -1, dtype=np.int64)
    pair5 = np.empty((binom[n - 5, 2], 7, 7), dtype=np.int32)
    best6 = np.empty((binom[n - 5, 2], 7), dtype=np.int32)
    singles = np.empty((binom[n - 5, 3], 10), dtype=np.int32)
    filled = np.zeros(binom[n - 5, 3], dtype=np.bool_)
    last = np.full(5, -1, dtype=np.int64)
    where = np.empty(6, dtype=np.int64)
    x_of = np.empty((2, options), dtype=np.int64)
    xs = np.empty(2 * options + 1, dtype=np.int64)
    c_lo = np.empty(2 * options + 1, dtype=np.int64)
    c_eq = np.empty(2 * options + 1, dtype=np.int64)
    seen_x = np.empty(2 * options, dtype=np.int64)
    seen_v = np.empty(2 * options, dtype=np.float64)
    acc = np.empty((n, options), dtype=np.float64)
    stand = np.empty(n, dtype=np.float64)
    seen = np.zeros(n, dtype=np.bool_)
    for r in range(hands.shape[0]):
        u = ups[r]
        for i in range(5):
            hand[i] = hands[r, i]
        hand.sort()
        fresh = False
        for i in range(5):
            fresh |= hand[i] != last[i]
            last[i] = hand[i]
        if fresh:
            _by_hand(hand, binom, rank_of, others, index, pair5, best6, seven, five)
            filled[:] = False
        m, _ = _deciding_now(hand, u, seen, unseen, masks_a, t, named, dense, delta, qualify,
                              now[r])  # fmt: skip
        # standing with six, per 6th card
        for i in range(m):
            a = unseen[i]
            _holding_every(hand, masks_b, u, a, t, named, held[i], delta)
            x = -1
            for skip in range(6):
                x = max(x, _giving_back(hand, a, skip, five, binom, rank_of))
            b_row = held[i]
            stand[i] = best_of(x, dense[x] - b_row[x], dense[x + 1] - b_row[x + 1],
                               dense[qualify] - b_row[qualify], comb_4(m - 1), qualify,
                               nets)  # fmt: skip
            for o in range(options):
                acc[i, o] = 0.0
        total = comb_4(m - 2)
        for i in range(m):
            a = unseen[i]
            for j in range(i + 1, m):
                b = unseen[j]
                # the seven cards seen, ascending (their fives: the hand's tables)
                seven[:5] = hand
                seven[5] = a
                seven[6] = b
                seven.sort()
                ia, ib = index[a], index[b]
                pair = binom[ib, 2] + binom[ia, 1]  # ia < ib: a < b
                iu = index[u]
                if iu < ia:
                    triple = binom[ib, 3] + binom[ia, 2] + binom[iu, 1]
                elif iu < ib:
                    triple = binom[ib, 3] + binom[iu, 2] + binom[ia, 1]
                else:
                    triple = binom[iu, 3] + binom[ib, 2] + binom[ia, 1]
                if not filled[triple]:
                    filled[triple] = True
                    for q in range(masks_s.shape[0]):
                        _three_named(hand, masks_s[q], u, a, b, named)
                        singles[triple, q] = rank_of[_colex5(named, binom)]
                # each option's final strength, the 6th card a (order 0) or b (order 1)
                for order in range(2):
                    bought = a if order == 0 else b
                    for p in range(6):
                        card = hands[r, p] if p < 5 else bought
                        for q in range(7):
                            if seven[q] == card:
                                where[p] = q
                    for o in range(options):
                        g0 = where[gives[o, 0]]
                        if gives[o, 1] < 0:
                            x_of[order, o] = best6[pair, g0]
                        else:
                            x_of[order, o] = pair5[pair, g0, where[gives[o, 1]]]
                xs[0] = qualify
                nx = 1
                for order in range(2):
                    for o in range(options):
                        nx = _add_threshold(xs, nx, x_of[order, o], is_blind)
                _holding_three(hand, masks_c, u, a, b, singles[triple], xs, nx, t, named, c_lo,
                               c_eq)  # fmt: skip
                row_a = held[i]
                row_b = held[j]
                nq = dense[qualify] - row_a[qualify] - row_b[qualify] + c_lo[0]
                # each final strength valued once: options of both orders share them
                nv = 0
                for order in range(2):
                    at = i if order == 0 else j
                    for o in range(options):
                        x = x_of[order, o]
                        v = np.nan
                        for q in range(nv):
                            if seen_x[q] == x:
                                v = seen_v[q]
                        if np.isnan(v):
                            below = 0
                            upto = 0
                            if not is_blind[x]:
                                for q in range(nx):
                                    if xs[q] == x:
                                        below = dense[x] - row_a[x] - row_b[x] + c_lo[q]
                                        upto = (dense[x + 1] - row_a[x + 1] - row_b[x + 1]
                                                + c_lo[q] + c_eq[q])  # fmt: skip
                            v = best_of(x, below, upto, nq, total, qualify, nets)
                            seen_x[nv] = x
                            seen_v[nv] = v
                            nv += 1
                        acc[at, o] += v
        value = 0.0
        for i in range(m):
            best = stand[i]
            if detail.shape[0] == hands.shape[0]:
                detail[r, i, 0] = stand[i]
            for o in range(options):
                v = acc[i, o] / (m - 1)
                if detail.shape[0] == hands.shape[0]:
                    detail[r, i, 1 + o] = v
                best = max(best, v - prices[o])
            value += best
        sixth[r] = value / m


@numba.njit(cache=True, nogil=True)
def _walk_by_hand(hand: Any, s: int, drop_highest: bool, take: Any, buy: Any, rank_of: Any,
                  fours: Any, binom: Any, qualify: int,
                  gain: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Over every dealer hand ``D`` of five of the 47 cards not in the box's five
    ``hand`` (full deck) without a game: add, for each of its cards (the up card
    it may be), what buying a game gains over taking the ANTE (``take[0]`` when
    ``D`` is below the box's strength ``s``, ``take[1]`` if not), if anything,
    to ``gain``. ``D`` is the four cards the dealer keeps and the one it drops
    (its lowest, or highest): buying is
    :func:`~croupier.math.stud.show.bought_value` of the four kept, the box's
    cards and the dropped one taken out. The dropped card is no game with the
    four (it is ``D``), so that value is the same for every card dropped from
    the same four: counted once per four, and the four skipped when it gains
    nothing or when every card makes a game with it (its list's lowest entry)."""
    others = np.empty(47, dtype=np.int64)
    m = 0
    k = 0
    for c in range(52):
        if k < 5 and hand[k] == c:
            k += 1
        else:
            others[m] = c
            m += 1
    kept = np.empty(5, dtype=np.int64)
    removed = np.empty(6, dtype=np.int64)
    removed[:5] = hand
    five = np.empty(5, dtype=np.int64)
    pool = 42
    low = min(take[0], take[1])
    for i0 in range(m):
        for i1 in range(i0 + 1, m):
            for i2 in range(i1 + 1, m):
                for i3 in range(i2 + 1, m):
                    kept[0], kept[1], kept[2], kept[3] = (others[i0], others[i1], others[i2],
                                                          others[i3])  # fmt: skip
                    key = (binom[kept[0], 1] + binom[kept[1], 2] + binom[kept[2], 3]
                           + binom[kept[3], 4])  # fmt: skip
                    if fours[key * 48] >= qualify:
                        continue  # a game whatever the fifth card
                    lo, hi = (i3 + 1, m) if drop_highest else (0, i0)
                    value = np.nan
                    for di in range(lo, hi):
                        d = others[di]
                        for q in range(4):
                            five[q] = kept[q]
                        five[4] = d
                        dealer = rank_of[_colex5(five, binom)]
                        if dealer >= qualify:
                            continue
                        if np.isnan(value):
                            removed[5] = d
                            value = bought_value(kept, removed, rank_of, fours, binom, qualify,
                                                 s, buy, pool)  # fmt: skip
                            if value <= low:
                                break  # taking the ANTE is as good with every card dropped
                        taken = take[0] if dealer < s else take[1]
                        if value > taken:
                            for q in range(5):
                                gain[five[q]] += value - taken


def show_deltas(ctx: Context, cards: NDArray[np.int64]) -> NDArray[np.float64]:
    """Per up card (52 entries, 0 for the box's own), what buying a game after a
    no-game show adds to playing the five ``cards`` now: the advisor's
    ``(show_sums.best - show_sums.take) / total``, for every up card in one walk
    (zero without a walk where buying can never beat taking the ANTE). The
    advisor sums the better of the two and taking the ANTE apart, then takes
    one from the other; here the gains are summed: the same to ~1e-14."""
    p = ctx.profile
    buy_game = p.buy_game
    out = np.zeros(52, dtype=np.float64)
    if buy_game is None:
        return out
    if buy_game.when != "after_show" or ctx.table.size != 52:
        raise ValueError("a game bought after the show, on the full deck, is walked here")
    hand = evaluate(p, [int(c) for c in cards])
    play = final_nets(ctx, hand)["play"]
    take = np.array([float(play[0]), float(play[1])])
    buy = np.array(bought_nets(p, ctx.table, hand, ctx.qualify, ctx.bonus))
    if buy.max() < take.min():
        return out  # the walk's best is its take, sum for sum: nothing added
    gain = np.zeros(52)
    s = ctx.table.strength(hand.main.value)
    _walk_by_hand(np.sort(cards).astype(np.int64), s, buy_game.drop == "highest", take, buy,
                  ctx.table.rank_of, ctx.table.fours, BINOM, ctx.qualify, gain)  # fmt: skip
    return gain / comb_4(46)


@dataclass(frozen=True, slots=True)
class SixthRound:
    """A profile's first decision when its one improvement is a 6th card
    followed by a last round of exchanges, each giving one or two of the six
    and drawing one, then the final decision."""

    sixth: Choice
    exchanges: tuple[Choice, ...]

    @property
    def names(self) -> list[str]:
        """The first decision's option as the strategy run names it."""
        return ["buy_sixth"]

    @property
    def gives(self) -> NDArray[np.int64]:
        out = np.full((len(self.exchanges), 2), -1, dtype=np.int64)
        for o, c in enumerate(self.exchanges):
            out[o, : len(c.give)] = c.give
        return out

    @property
    def prices(self) -> NDArray[np.float64]:
        return np.array([c.price for c in self.exchanges], dtype=np.float64)


def sixth_round(profile: StudProfile) -> SixthRound | None:
    """The profile's menu if this module values it exactly as the advisor does,
    else None: the first decision offers a 6th card only (nothing owed back),
    then exchanges of one or two of the six for one card and the final decision;
    no second combination, no discard shuffled back, a game bought (if at all)
    after the show."""
    p = profile
    if p.reshuffle_discards or p.second_combination or p.take_half is not None:
        return None
    if p.buy_game is not None and p.buy_game.when != "after_show":
        return None
    first = choices(p, 5, Moment(0, "", 0))
    if len(first) != 1 or first[0].act != "buy_sixth" or first[0].moved.must_discard:
        return None
    sixth = first[0]
    then = choices(p, 6, sixth.moved)
    if not then or any(
        c.act != "exchange" or c.receive != 1 or c.nested or c.moved.must_discard
        or len(c.give) not in (1, 2)
        for c in then
    ):  # fmt: skip
        return None
    if len({len(c.give) for c in then}) != 1:
        return None  # the pass reads the final hands of one size
    return SixthRound(sixth, tuple(then))


Values = tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]


def sixth_values(ctx: Context, menu: SixthRound, hands: NDArray[np.int64],
                 ups: NDArray[np.int64], detail: bool = False) -> Values:  # fmt: skip
    """The compiled pass: per class the counts against the five now, the 6th
    card's value before its price, and (``detail``) per 6th card (the unseen
    cards in the table's deck order: ascending on the full deck) standing and
    each exchange before its price."""
    cards, up, t = kernel_tables(ctx, hands, ups)
    nets = strength_nets(ctx)
    counts = np.zeros((len(hands), 4), dtype=np.int64)
    sixth = np.zeros(len(hands), dtype=np.float64)
    shape = (len(hands), ctx.table.size - 6, 1 + len(menu.exchanges)) if detail else (0, 0, 0)
    rounds = np.zeros(shape, dtype=np.float64)
    _sixth_round(cards, up, menu.gives, menu.prices, t, nets, blind(nets, ctx.qualify),
                 ctx.qualify, counts, sixth, rounds)  # fmt: skip
    return counts, sixth, rounds


def first_decision(
    ctx: Context, menu: SixthRound, hands: NDArray[np.int64], ups: NDArray[np.int64]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """For each class (``hands[r]`` five engine cards, ``ups[r]`` the up card):
    the EV per ANTE of every final decision now (columns :data:`DECISIONS`,
    -inf where not open; playing with a game bought after a no-game show where
    the profile offers it) and of buying the 6th card (prices paid)."""
    counts, sixth, _ = sixth_values(ctx, menu, hands, ups)
    now = decision_values(ctx, hands, strengths(ctx, hands), counts)
    if ctx.profile.buy_game is not None:
        play = DECISIONS.index("play")
        walked: dict[tuple[int, ...], NDArray[np.float64]] = {}  # one walk per five cards
        for r, cards in enumerate(hands):
            key = tuple(sorted(cards.tolist()))
            if key not in walked:
                walked[key] = show_deltas(ctx, cards)
            now[r, play] += walked[key][ups[r]]
    return now, (sixth - menu.sixth.price)[:, None]
