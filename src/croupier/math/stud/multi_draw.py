"""The any-exchange profiles' first decision ([002], [004]), exactly, a compiled pass per class.

In russian and russian-online a box folds, plays (insures, buys a game after
a no-game show where offered), exchanges any 1-5 of its cards for 1 ANTE, or
buys a 6th card for 1 ANTE, then makes its final decision. The advisor values
exchanges of up to two cards exactly and samples larger ones; here every
draw of every exchange is enumerated, card removal included:

* the dealer's hands are the completions of the up card ``u`` from the 46
  cards the box has not seen (:func:`~croupier.math.stud.completions.completions`,
  one table per class: dense counts below every strength for no card, one
  card and, here, two cards, sorted lists for three, the strength of each
  completion); those avoiding a draw ``D`` are inclusion-exclusion over the
  subsets of ``D`` the dealer can hold (at most four cards; 31 terms for five);
* each draw ``D`` of ``k`` cards is visited once for every exchange of ``k``
  cards (the kept cards ``K``: ``C(5, k)`` of them): the final hands ``K + D``
  differ, the dealer's hands do not, so one pass over the terms counts below
  every final strength the draw makes, at once;
* a final hand below the qualifying hand whose decisions are all worth the
  same against a dealer without a game, lower or not
  (:func:`~croupier.math.stud.last_round.blind`), needs only the qualifying
  count;
* where discards are shuffled back before the draw ([002]) a draw comes from
  the 46 unseen cards less the dealer's four, plus the discards: each draw
  ``D`` is weighted by the dealer hands it leaves (``C(46 - |D ∩ unseen|, 4)``)
  and a discard drawn back takes no dealer hand away.

Inside an improvement's continuation a no-game show counts as taking the ANTE
(the advisor's lower bound; buying a game is valued on the five now), and a
six-card hand's second combination ([004]) is priced by the engine's
settlement (:func:`~croupier.math.stud.finals.decision_values`). Tests compare
every option with the advisor's exact ones (fold, play, insurance, the 6th
card, exchanges of one and two cards) and, on a short deck, every option with
the exact solver (:mod:`croupier.math.stud.exact`).

The cost is the draws themselves: 2.35 (russian) and 3.70 (russian-online)
million final hands a class, ~1.4-2.2 s of CPU under load, ~70 % of it the
five-card exchange: ~2,200-3,500 CPU-hours for the 5.6 million classes, a
cluster's job (docs/math/README.md: what was tried, what would cut it).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.profile import StudProfile
from croupier.math.stud.completions import (
    Completions,
    _below_and_at,
    best_decision,
    class_shares,
    local_completions,
)
from croupier.math.stud.counting import _colex5
from croupier.math.stud.finals import DECISIONS, Context, decision_values, strength_nets, strengths
from croupier.math.stud.first_draw import comb_4, kernel_tables
from croupier.math.stud.last_round import blind
from croupier.math.stud.menu import Choice, Moment, choices
from croupier.math.stud.six_draw import show_deltas


@numba.njit(cache=True, nogil=True)
def _extend(level: int, card: int, keys: Any, sizes: Any, firsts: Any, counts: Any, nq: Any,
            t: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """The inclusion-exclusion terms after ``level`` drawn cards, extended by the
    next (its dealer-local number ``card``, -1: a discard drawn back, no term):
    the terms of the first ``level`` cards (``keys``/``sizes``/``firsts`` up to
    ``counts[level]``) and each of them with ``card`` added (it is the largest
    so far, so its colex key adds one binomial), at most four cards a term.
    ``nq[level + 1]``: the signed sum of their completions without a game."""
    cum1, q2, q3, quads, qualify, binom = t[1], t[5], t[6], t[4], t[8], t[9]
    have = counts[level]
    counts[level + 1] = have
    nq[level + 1] = nq[level]
    if card < 0:
        return
    at = have
    total = nq[level]
    for j in range(have):
        size = sizes[j] + 1
        if size > 4:
            continue
        key = keys[j] + binom[card, size]
        keys[at] = key
        sizes[at] = size
        firsts[at] = card if size == 1 else firsts[j]
        if size == 1:
            v = cum1[card, qualify]
        elif size == 2:
            v = q2[key]
        elif size == 3:
            v = q3[key]
        else:
            v = 1 if quads[key] < qualify else 0
        total += -v if size % 2 == 1 else v
        at += 1
    counts[level + 1] = at
    nq[level + 1] = total


@numba.njit(cache=True, nogil=True)
def _dense_pairs(l2: Any, length: int, out: Any) -> None:  # pragma: no cover - compiled
    """``out[pair, x]``: the completions holding both cards of ``pair`` below
    strength ``x``, for every ``x``, from their sorted list (one read where a
    search took ten)."""
    top = out.shape[1]
    for p in range(out.shape[0]):
        at = p * length
        end = at + length
        for x in range(top):
            while at < end and l2[at] < x:
                at += 1
            out[p, x] = at - p * length


@numba.njit(cache=True, nogil=True)
def _below_every(keys: Any, sizes: Any, firsts: Any, terms: int, xs: Any, nx: int, t: Any,
                 pairs: Any, lo: Any, eq: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Over the completions holding none of the drawn cards (the ``terms``
    inclusion-exclusion terms): ``lo[j]``/``eq[j]`` those below / at ``xs[j]``
    (``pairs``: :func:`_dense_pairs`)."""
    cum0, cum1, l3, quads, n = t[0], t[1], t[3], t[4], t[7]
    len3 = n - 3
    for j in range(nx):
        lo[j] = cum0[xs[j]]
        eq[j] = cum0[xs[j] + 1] - cum0[xs[j]]
    for q in range(1, terms):
        size = sizes[q]
        sign = -1 if size % 2 == 1 else 1
        key = keys[q]
        if size == 1:
            row = cum1[firsts[q]]
            for j in range(nx):
                x = xs[j]
                lo[j] += sign * row[x]
                eq[j] += sign * (row[x + 1] - row[x])
        elif size == 4:
            s = quads[key]
            for j in range(nx):
                lo[j] += sign if s < xs[j] else 0
                eq[j] += sign if s == xs[j] else 0
        elif size == 2:
            row = pairs[key]
            for j in range(nx):
                x = xs[j]
                lo[j] += sign * row[x]
                eq[j] += sign * (row[x + 1] - row[x])
        else:
            for j in range(nx):
                below, at = _below_and_at(l3, key * len3, len3, xs[j])
                lo[j] += sign * below
                eq[j] += sign * at


@numba.njit(cache=True, nogil=True)
def _exchanges(hand: Any, pool: Any, dl: Any, hpos: Any, kept: Any, gives: Any, t: Any,
               pairs: Any, rank_of: Any, nets: Any, is_blind: Any, num: Any,
               den: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Every draw of every exchange of one class. ``hand``: the box's five
    (local cards); ``pool``: the cards a draw comes from (ascending), ``dl[i]``
    its place among the dealer's unseen cards (-1: a discard shuffled back,
    never the dealer's), ``hpos[i]`` its position in ``hand`` (-1: none);
    option ``o`` keeps the positions of bit mask ``kept[o]`` and draws
    ``gives[o]`` cards. ``num[o]``: the sum over its draws of the dealer hands
    each leaves times the mean best final decision against them; ``den[o]``:
    the sum of those dealer hands (a draw is as likely as the dealer hands it
    leaves). The draws are walked depth first: the inclusion-exclusion terms
    of the first cards drawn (and their count without a game) are kept per
    depth, each card adding its own."""
    cum0, n, qualify, binom = t[0], t[7], t[8], t[9]
    p = pool.shape[0]
    options = kept.shape[0]
    idx = np.empty(6, dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    strength = np.empty(options, dtype=np.int64)
    xs = np.empty(options, dtype=np.int64)
    lo = np.empty(options, dtype=np.int64)
    eq = np.empty(options, dtype=np.int64)
    mine = np.empty(options, dtype=np.int64)
    keys = np.zeros(32, dtype=np.int64)
    sizes = np.zeros(32, dtype=np.int64)
    firsts = np.zeros(32, dtype=np.int64)
    counts = np.zeros(7, dtype=np.int64)
    nq = np.zeros(7, dtype=np.int64)
    dealt = np.zeros(7, dtype=np.int64)  # dealer cards among the first cards drawn
    taken = np.zeros(7, dtype=np.int64)  # positions of the box's own cards drawn back
    counts[0] = 1  # the empty term: every completion
    nq[0] = cum0[qualify]
    for k in range(1, 6):
        live = 0
        for o in range(options):
            if gives[o] == k:
                mine[live] = o
                live += 1
        if live == 0 or p < k:
            continue
        pos = 0
        idx[0] = -1
        while pos >= 0:
            idx[pos] += 1
            if idx[pos] > p - (k - pos):
                pos -= 1
                continue
            c = idx[pos]
            _extend(pos, dl[c], keys, sizes, firsts, counts, nq, t)
            dealt[pos + 1] = dealt[pos] + (1 if dl[c] >= 0 else 0)
            taken[pos + 1] = taken[pos] | ((1 << hpos[c]) if hpos[c] >= 0 else 0)
            if pos < k - 1:
                pos += 1
                idx[pos] = idx[pos - 1]
                continue
            nx = 0
            for a in range(live):
                o = mine[a]
                strength[o] = -1
                if kept[o] & taken[k]:
                    continue  # a card the box keeps cannot be drawn
                f = 0
                for i in range(5):
                    if kept[o] >> i & 1:
                        five[f] = hand[i]
                        f += 1
                for i in range(k):
                    five[f] = pool[idx[i]]
                    f += 1
                x = int(rank_of[_colex5(five, binom)])
                strength[o] = x
                if is_blind[x]:
                    continue
                seen = False
                for j in range(nx):
                    seen = seen or xs[j] == x
                if not seen:
                    xs[nx] = x
                    nx += 1
            if nx:
                _below_every(keys, sizes, firsts, counts[k], xs, nx, t, pairs, lo, eq)
            total = comb_4(n - dealt[k])
            for a in range(live):
                o = mine[a]
                x = strength[o]
                if x < 0:
                    continue
                below = 0
                upto = 0
                for j in range(nx):
                    if xs[j] == x:
                        below = lo[j]
                        upto = lo[j] + eq[j]
                shares = class_shares(x, below, upto, nq[k], total, qualify)
                v, _ = best_decision(x, shares, total, nets)
                num[o] += v * total
                den[o] += total


@dataclass(frozen=True, slots=True)
class AnyExchange:
    """A profile's first-decision improvements when each is one exchange of any
    cards or a 6th card kept, then the final decision (no later round)."""

    exchanges: tuple[Choice, ...]
    sixth: Choice | None
    reshuffle: bool  # discards go back into the deck before the draw

    @property
    def names(self) -> list[str]:
        """Each option as the strategy run names it (action and cards given)."""
        return [f"exchange {len(c.give)}" for c in self.exchanges] + (
            ["buy_sixth"] if self.sixth else []
        )

    @property
    def prices(self) -> NDArray[np.float64]:
        chosen = [*self.exchanges, *([self.sixth] if self.sixth else [])]
        return np.array([c.price for c in chosen], dtype=np.float64)


def any_exchange(profile: StudProfile) -> AnyExchange | None:
    """The profile's first-decision menu if this module values it exactly as the
    advisor's counting does, else None: exchanges (of any sizes) and a 6th card
    kept whole, each followed by the final decision only; no take-half, a game
    bought (if at all) after the show."""
    p = profile
    if p.take_half is not None or (p.buy_game is not None and p.buy_game.when != "after_show"):
        return None
    exchanges: list[Choice] = []
    sixth = None
    for c in choices(p, 5, Moment(0, "", 0)):
        if c.nested or c.moved.must_discard:
            return None
        if c.act == "exchange" and c.receive == len(c.give):
            exchanges.append(c)
        elif c.act == "buy_sixth" and sixth is None:
            sixth = c
        else:
            return None
    if not any(len(c.give) > 1 for c in exchanges):
        return None  # one-card draws: math/stud/first_draw.py
    return AnyExchange(tuple(exchanges), sixth, p.reshuffle_discards)


@dataclass(frozen=True, slots=True)
class ClassTables:
    """One class's dealer completions and the draws' pool, in the hand table's
    local card numbers (the engine's codes on the full deck), as the pass reads them."""

    dealer: Completions  # ``unseen`` and ``local`` in local numbers
    pool: NDArray[np.int64]
    dl: NDArray[np.int64]
    hpos: NDArray[np.int64]
    pairs: NDArray[np.uint16]  # [pair, x]: completions holding both below x (_dense_pairs)


def class_tables(ctx: Context, hand: NDArray[np.int64], up: int, reshuffle: bool) -> ClassTables:
    """The completions of the up card ``up`` avoiding the box's five ``hand``
    (local numbers), as :func:`~croupier.math.stud.completions.completions`
    builds them on the full deck (here on any deck), and the cards a draw comes
    from: the unseen cards, and the box's own five where discards are shuffled
    back (a kept card is skipped by the pass)."""
    dealer = local_completions(ctx.table, up, hand, ctx.qualify, 4)
    unseen, n = dealer.unseen, len(dealer.unseen)
    if n < 9:
        raise ValueError("too few cards left for a five-card draw and the dealer's four")
    pool = np.sort(np.concatenate([unseen, hand])) if reshuffle else unseen
    where = {int(c): i for i, c in enumerate(hand.tolist())}
    hpos = np.array([where.get(int(c), -1) for c in pool], dtype=np.int64)
    pairs = np.empty((comb(n, 2), dealer.cum0.shape[0] + 1), dtype=np.uint16)
    _dense_pairs(dealer.l2, comb(n - 2, 2), pairs)
    return ClassTables(dealer, pool.astype(np.int64), dealer.local[pool], hpos, pairs)


def exchange_values(ctx: Context, menu: AnyExchange, hand: NDArray[np.int64],
                    tables: ClassTables) -> NDArray[np.float64]:  # fmt: skip
    """Every exchange's EV per ANTE for the box's five ``hand`` (local numbers,
    in the order the menu's positions refer to), before its price: the mean
    over every draw of the best final decision."""
    kept = np.array([31 & ~sum(1 << i for i in c.give) for c in menu.exchanges], dtype=np.int64)
    gives = np.array([len(c.give) for c in menu.exchanges], dtype=np.int64)
    num = np.zeros(len(kept))
    den = np.zeros(len(kept))
    nets = strength_nets(ctx)
    _exchanges(hand, tables.pool, tables.dl, tables.hpos, kept, gives, tables.dealer.tables,
               tables.pairs, ctx.table.rank_of, nets, blind(nets, ctx.qualify), num,
               den)  # fmt: skip
    result: NDArray[np.float64] = num / den
    return result


@dataclass(frozen=True, slots=True)
class FirstDecisions:
    """The first decision of many classes (:func:`first_decision`)."""

    now: NDArray[np.float64]  # [class, final decision now] EV per ANTE, -inf: not open
    options: NDArray[np.float64]  # [class, option of the menu] EV per ANTE, price paid


def first_decision(ctx: Context, menu: AnyExchange, hands: NDArray[np.int64],
                   ups: NDArray[np.int64]) -> FirstDecisions:  # fmt: skip
    """For each class (``hands[r]`` five engine cards, ``ups[r]`` the up card):
    the EV per ANTE of every final decision now (columns :data:`DECISIONS`,
    -inf where not open; playing with a game bought after a no-game show where
    the profile offers it) and of every option of ``menu`` (columns
    :attr:`AnyExchange.names`, prices paid), every draw counted. A 6th card is
    kept whole: its six-card hands are priced by
    :func:`~croupier.math.stud.finals.decision_values` (a second combination
    by the engine's settlement of the hand)."""
    r = len(hands)
    cards, up, _ = kernel_tables(ctx, hands, ups)
    deck = np.array(ctx.table.deck, dtype=np.int64)
    counts = np.zeros((r, 4), dtype=np.int64)
    options = np.zeros((r, len(menu.names)))
    sixes: list[NDArray[np.int64]] = []
    found: list[NDArray[np.int64]] = []
    five = strengths(ctx, hands)
    for i in range(r):
        tables = class_tables(ctx, cards[i], int(up[i]), menu.reshuffle)
        counts[i] = tables.dealer.count(np.zeros((1, 0), np.int64), five[i : i + 1])[0]
        options[i, : len(menu.exchanges)] = exchange_values(ctx, menu, cards[i], tables)
        if menu.sixth is not None:
            unseen = tables.dealer.unseen
            six = np.concatenate([np.broadcast_to(hands[i], (len(unseen), 5)),
                                  deck[unseen][:, None]], axis=1)  # fmt: skip
            sixes.append(six)
            found.append(tables.dealer.count(unseen[:, None], strengths(ctx, six)))
    if menu.sixth is not None:
        six = np.concatenate(sixes)
        best = decision_values(ctx, six, strengths(ctx, six), np.concatenate(found)).max(axis=1)
        options[:, -1] = best.reshape(r, -1).mean(axis=1)
    now = decision_values(ctx, hands, five, counts)
    if ctx.profile.buy_game is not None:
        play = DECISIONS.index("play")
        walked: dict[tuple[int, ...], NDArray[np.float64]] = {}  # one walk per five cards
        for i in range(r):
            key = tuple(sorted(hands[i].tolist()))
            if key not in walked:
                walked[key] = show_deltas(ctx, hands[i])
            now[i, play] += walked[key][ups[i]]
    return FirstDecisions(now, options - menu.prices)


def best_options(ctx: Context, menu: AnyExchange, hands: NDArray[np.int64],
                 ups: NDArray[np.int64]) -> tuple[NDArray[np.float64], list[str]]:  # fmt: skip
    """What the strategy run keeps of each class: the best first decision's EV
    and name (a final decision now, ``exchange k`` or ``buy_sixth``)."""
    found = first_decision(ctx, menu, hands, ups)
    every = np.concatenate([found.now, found.options], axis=1)
    labels = [*DECISIONS, *menu.names]
    return every.max(axis=1), [labels[j] for j in every.argmax(axis=1).tolist()]
