"""The first decision of the six-card profiles ([003]), many classes in one compiled pass.

In six-card and six-card-shambala a box stands with its five or buys a 6th
card; holding six it stands or gives one card (six-card) or two
(six-card-shambala) and receives one, then makes its final decision. The
advisor values a (hand, up card) class in ~20-40 ms (a table of the 163,185
dealer completions, the last round per 6th card, the walk that values buying
a game after a no-game show); the strategy run needs ~5.6 million classes.
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
  it (:func:`show_walk`), the value of each bought game being
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

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.payout import BoxPlay, evaluate
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.counting import BINOM, _colex5, count_many, others_of
from croupier.math.stud.finals import (
    DECISIONS,
    Context,
    decision_values,
    final_nets,
    strength_nets,
    strengths,
)
from croupier.math.stud.first_draw import comb_4, kernel_tables
from croupier.math.stud.last_round import blind
from croupier.math.stud.menu import Choice, Moment, choices
from croupier.math.stud.optimum import in_antes, path_ends
from croupier.math.stud.outcomes import ANTE, net, staked
from croupier.math.stud.show import BOUGHT, bought_counts, bought_mean, bought_nets, bought_shows
from croupier.math.stud.six_hand import one_hand
from croupier.poker.values import CATEGORY_SHIFT, Category


@numba.njit(cache=True, nogil=True)
def _sixth_round(hands: Any, ups: Any, gives: Any, prices: Any, t: Any, nets: Any, is_blind: Any,
                 qualify: int, now: Any, sixth: Any, detail: Any, ends: bool, weights: Any,
                 now_best: Any, now_choice: Any, sixth_price: float,
                 hist: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
    """Per class ``r`` (``hands[r]`` five local cards in the engine's order,
    ``ups[r]`` the up card): ``now[r]`` = [below, up to, below qualifying, all]
    dealer hands against the five as they are; ``sixth[r, 0]`` the mean over every
    6th card of the best of standing with six and each exchange ``o`` (give the
    positions ``gives[o]`` of the six, the 6th last, -1 padded; draw one) less
    ``prices[o]``, ``sixth[r, 1]`` of standing with six (the continuation a chart
    can name); the 6th card's own price is not taken off. Where ``detail``
    has a row per class: ``detail[r, i]`` = [stand, each exchange before its
    price] after the ``i``-th unseen card (ascending) as the 6th. The classes of
    one hand (consecutive rows, each up card once) are valued together
    (:func:`~croupier.math.stud.six_hand.one_hand`, which also counts how the
    rounds end where ``ends``)."""
    seen = np.zeros(t[0], dtype=np.bool_)
    lo = 0
    while lo < hands.shape[0]:
        seen[:] = False
        seen[ups[lo]] = True
        hi = lo + 1
        while hi < hands.shape[0] and not seen[ups[hi]]:
            same = True
            for i in range(5):
                same &= hands[hi, i] == hands[lo, i]
            if not same:
                break
            seen[ups[hi]] = True
            hi += 1
        one_hand(hands, ups, lo, hi, gives, prices, t, nets, is_blind, qualify, now, sixth,
                 detail, ends, weights, now_best, now_choice, sixth_price, hist)  # fmt: skip
        lo = hi


@numba.njit(cache=True, nogil=True)
def _walk_by_hand(hand: Any, s: int, drop_highest: bool, take: Any, buy: Any, rank_of: Any,
                  fours: Any, binom: Any, qualify: int, gain: Any, moved: Any,
                  drawn: Any) -> None:  # pragma: no cover - compiled  # fmt: skip
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
    nothing or when every card makes a game with it (its list's lowest entry).
    Where buying is chosen, for each card of ``D``: ``moved[card, 0 or 1]`` counts
    ``D`` (taking the ANTE's class: below ``s`` or not), ``drawn[card, k]`` the
    cards the dealer may draw that end in class ``k`` of :data:`~show.BOUGHT`."""
    others = np.empty(47, dtype=np.int64)
    m = others_of(hand, 52, others)
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
                    counts = (0, 0, 0, 0)
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
                            counts = bought_counts(kept, removed, rank_of, fours, binom, qualify,
                                                   s, 48)  # fmt: skip
                            value = bought_mean(counts, buy, pool)
                            if value <= low:
                                break  # taking the ANTE is as good with every card dropped
                        taken = take[0] if dealer < s else take[1]
                        if value > taken:
                            for q in range(5):
                                gain[five[q]] += value - taken
                                moved[five[q], 0 if dealer < s else 1] += 1
                                for k in range(4):
                                    drawn[five[q], k] += counts[k]


@dataclass(frozen=True, slots=True)
class Walked:
    """What buying a game after a no-game show does for a five-card hand played
    now, per up card (52 rows, zero for the box's own): ``delta`` its value added
    to playing, ``moved`` the dealer hands where the box buys (by the class of
    taking the ANTE: below the box or not), ``drawn`` their cards drawn that end
    in each class of :data:`~croupier.math.stud.show.BOUGHT`."""

    delta: NDArray[np.float64]
    moved: NDArray[np.int64]
    drawn: NDArray[np.int64]


def show_deltas(ctx: Context, cards: NDArray[np.int64]) -> NDArray[np.float64]:
    """Per up card (52 entries, 0 for the box's own), what buying a game after a
    no-game show adds to playing the five ``cards`` now (:func:`show_walk`)."""
    return show_walk(ctx, cards).delta


def show_walk(ctx: Context, cards: NDArray[np.int64]) -> Walked:
    """Buying a game after a no-game show for the five ``cards`` played now
    (:class:`Walked`), for every up card in one walk (none where buying can never
    beat taking the ANTE). ``delta`` is the advisor's ``(show_sums.best -
    show_sums.take) / total``; the advisor sums the better of the two and taking
    the ANTE apart, then takes one from the other; here the gains are summed:
    the same to ~1e-14."""
    p = ctx.profile
    buy_game = p.buy_game
    out = Walked(np.zeros(52), np.zeros((52, 2), np.int64), np.zeros((52, 4), np.int64))
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
    s = ctx.table.strength(hand.main.value)
    _walk_by_hand(np.sort(cards).astype(np.int64), s, buy_game.drop == "highest", take, buy,
                  ctx.table.rank_of, ctx.table.fours, BINOM, ctx.qualify, out.delta, out.moved,
                  out.drawn)  # fmt: skip
    out.delta[:] /= comb_4(46)
    return out


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


def _pass(ctx: Context, menu: SixthRound, hands: NDArray[np.int64], ups: NDArray[np.int64],
          detail: bool, ends: Ends | None) -> Values:  # fmt: skip
    cards, up, t = kernel_tables(ctx, hands, ups)
    nets = strength_nets(ctx)
    counts = np.zeros((len(hands), 4), dtype=np.int64)
    sixth = np.zeros((len(hands), 2), dtype=np.float64)
    shape = (len(hands), ctx.table.size - 6, 1 + len(menu.exchanges)) if detail else (0, 0, 0)
    rounds = np.zeros(shape, dtype=np.float64)
    if ends is None:
        none = np.zeros(len(hands), np.int64)
        ends = Ends(none, np.zeros(len(hands)), none, np.zeros((0, 0, 0, 0), np.int64), False)
    _sixth_round(cards, up, menu.gives, menu.prices, t, nets, blind(nets, ctx.qualify),
                 ctx.qualify, counts, sixth, rounds, ends.on, ends.weights, ends.now_best,
                 ends.now_choice, menu.sixth.price, ends.hist)  # fmt: skip
    return counts, sixth, rounds


@dataclass(frozen=True, slots=True)
class Ends:
    """The compiled pass's inputs and output for how the rounds end (see
    :func:`~croupier.math.stud.six_hand.one_hand`)."""

    weights: NDArray[np.int64]
    now_best: NDArray[np.float64]
    now_choice: NDArray[np.int64]
    hist: NDArray[np.int64]
    on: bool = True


def sixth_values(ctx: Context, menu: SixthRound, hands: NDArray[np.int64],
                 ups: NDArray[np.int64], detail: bool = False) -> Values:  # fmt: skip
    """The compiled pass: per class the counts against the five now, the 6th
    card's value before its price (then the best continuation; then standing
    with six), and (``detail``) per 6th card (the unseen
    cards in the table's deck order: ascending on the full deck) standing and
    each exchange before its price."""
    return _pass(ctx, menu, hands, ups, detail, None)


@dataclass(frozen=True, slots=True)
class SixthDecisions:
    """The first decision of many classes (:func:`first_decision`)."""

    now: NDArray[np.float64]  # [class, final decision now] EV per ANTE, -inf: not open
    options: NDArray[np.float64]  # [class, 1]: buying the 6th card, prices paid
    # [class]: buying the 6th card and standing with six whatever it is (no exchange
    # after it), its price paid: the continuation a learnable chart names
    stand: NDArray[np.float64]
    # the best first decision per class: a column of ``now``, or len(DECISIONS) for the 6th
    choice: NDArray[np.int64]
    # [path, final decision, outcome class, final strength] (path 0: now, 1: the
    # 6th card then standing, 2: then the best exchange): deals x dealer hands x
    # cards drawn, over :attr:`per_deal` per deal
    ends: NDArray[np.int64]
    # (strength of the five, class of BOUGHT): a game bought after a no-game show
    # by a box playing its five now, counted over the same denominator; the
    # rounds where it buys are taken out of ``ends``
    bought: dict[tuple[int, int], int]
    per_deal: int
    # ``detail``: [class, 6th card, stand then each exchange before its price], the 6th
    # cards in the deck's order (:func:`sixth_values`); else empty
    per_sixth: NDArray[np.float64]


def now_counts(ctx: Context, hands: NDArray[np.int64], ups: NDArray[np.int64]) -> NDArray[np.int64]:
    """Per class the dealer hands below the five, up to them, below qualifying and all."""
    cards, up, _ = kernel_tables(ctx, hands, ups)
    s = strengths(ctx, hands)
    top = np.full(len(s), len(ctx.table.values))
    xs = np.stack([s, s + 1, np.full(len(s), ctx.qualify), top], axis=1)
    return count_many(ctx.table, cards, up, xs)


def first_decision(ctx: Context, menu: SixthRound, hands: NDArray[np.int64],
                   ups: NDArray[np.int64], weights: NDArray[np.int64] | None = None,
                   detail: bool = False) -> SixthDecisions:  # fmt: skip
    """For each class (``hands[r]`` five engine cards, ``ups[r]`` the up card,
    ``weights[r]`` deals in it, default one): the EV per ANTE of every final
    decision now (columns :data:`DECISIONS`, -inf where not open; playing with a
    game bought after a no-game show where the profile offers it) and of buying
    the 6th card (prices paid), the best of them, and how the rounds of the best
    end (exact counts, see :class:`SixthDecisions`); with ``detail`` the values per 6th
    card too."""
    w = np.ones(len(hands), np.int64) if weights is None else weights.astype(np.int64)
    counts = now_counts(ctx, hands, ups)
    now = decision_values(ctx, hands, strengths(ctx, hands), counts)
    play = DECISIONS.index("play")
    walks: list[Walked | None] = [None] * len(hands)
    if ctx.profile.buy_game is not None:
        walked: dict[tuple[int, ...], Walked] = {}  # one walk per five cards
        for r, cards in enumerate(hands):
            key = tuple(sorted(cards.tolist()))
            if key not in walked:
                walked[key] = show_walk(ctx, cards)
            walks[r] = walked[key]
            now[r, play] += walked[key].delta[ups[r]]
    nets = strength_nets(ctx)
    hist = np.zeros((3, nets.shape[1], nets.shape[2], nets.shape[0]), np.int64)
    ends = Ends(w, now.max(axis=1), now.argmax(axis=1), hist)
    _, sixth, per_sixth = _pass(ctx, menu, hands, ups, detail, ends)
    options = (sixth[:, 0] - menu.sixth.price)[:, None]
    choice = np.where(options[:, 0] > ends.now_best, len(DECISIONS), ends.now_choice)
    m = ctx.table.size - 6
    bought: Counter[tuple[int, int]] = Counter()
    five = strengths(ctx, hands)
    for r in np.flatnonzero(choice == play).tolist():
        walk = walks[r]
        if walk is None:
            continue
        u, s = int(ups[r]), int(five[r])
        for k in range(2):
            hist[0, play, k, s] -= w[r] * int(walk.moved[u, k]) * (m - 4) * (m - 5)
        for k in range(4):
            if walk.drawn[u, k]:
                bought[(s, k)] += int(w[r]) * int(walk.drawn[u, k]) * (m - 5)
    return SixthDecisions(now, options, sixth[:, 1] - menu.sixth.price, choice, hist, dict(bought),
                          comb(m, 4) * (m - 4) * (m - 5), per_sixth)  # fmt: skip


def sixth_ends(ctx: Context, menu: SixthRound, found: SixthDecisions) -> dict[str, int]:
    """How the best first decisions' rounds end (:attr:`SixthDecisions.ends` and
    ``bought``) by what the PAR sheet shows (:func:`optimum.path_ends`; first:
    ``now``, ``buy_sixth`` then standing, ``buy_sixth, exchange k`` then the best
    exchange; a game bought after a no-game show ends ``bought_<class>``, the
    engine settling it)."""
    prices = {in_antes(c.price) for c in menu.exchanges}
    if len(prices) != 1:
        raise ValueError("every exchange after the 6th card has one price here")
    sixth = in_antes(menu.sixth.price)
    then = f"buy_sixth, exchange {len(menu.exchanges[0].give)}"
    paths = ["now", "buy_sixth", then]
    out = path_ends(ctx, paths, [Fraction(0), sixth, sixth + prices.pop()], found.ends)
    for (s, k), n in sorted(found.bought.items()):
        hand = evaluate(ctx.profile, ctx.table.examples[s].tolist())
        play = BoxPlay(ANTE, True, hand, bought_game=True, bonus=ctx.bonus)
        show = bought_shows(ctx.profile, ctx.table, ctx.qualify, hand)[k]
        if show is None:
            raise ValueError("a bought game counted in a class no hand is in")
        label = Category(int(ctx.table.values[s]) >> CATEGORY_SHIFT).label
        won, paid = net(ctx.profile, play, show), staked(ctx.profile, play, show)
        out[f"now|play|bought_{BOUGHT[k]}|{label}|{won}|{paid}"] += n
    return dict(out)
