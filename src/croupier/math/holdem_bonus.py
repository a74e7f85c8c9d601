"""Exact Texas Hold'em Bonus poker: the optimal strategy and its house edge.

The box stakes an ANTE, sees its two cards and folds or bets the FLOP
(2 ANTE); after the flop it may bet the TURN (1 ANTE) or check, after the
turn card the RIVER (1 ANTE) or check. The dealer always plays. Each street
bet is an even-money bet on the showdown, so a bet is worth making exactly
when, over everything still to come, the box wins more often than it loses:
at the turn that is ``S(box, flop, turn) = sum over rivers and dealer hands
of (win - lose)``, at the flop the same summed over turn cards. Neither
decision changes what the other is worth, and the first decision (fold or
play the two cards) compares the folded ANTE with the exact value of playing
on, both later decisions made at their best.

Everything is counted exactly, flop by flop: the 22,100 flops fall into
1,755 suit-symmetry classes; for one flop of each class, the batch evaluator
values the 1,081 box hands on each of the 1,176 turn-and-river pairs, and the
counting kernel of :mod:`croupier.math.holdem` counts, for each box hand, the
990 dealer hands it beats, ties and loses to. A first pass sums ``S`` per box
hand and turn card, which fixes the TURN and RIVER decisions; a second pass
counts every deal by the box's starting hand, final hand, outcome and the
street bets made; the engine's settlement (:func:`net_by_outcome`) prices
each. That is every one of 1,326 x 19,600 x 2,162 x 990 deals, about 5.6e13,
in about four minutes on one core.

With the decided rules (ANTE paid 1:1 from a straight, otherwise returned on
a win) this gives the published house edge of 2.037 % per ANTE and element
of risk of 0.53 %.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from functools import partial
from itertools import permutations
from math import lcm
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.house_poker.hands import hole_cards_pays, starting_hand
from croupier.games.house_poker.payout import fold_net, net_by_outcome
from croupier.games.house_poker.profile import HouseProfile, StartingHands
from croupier.math.analyze import Chart, Figure, Outcome, Report, Wager
from croupier.math.holdem import _FIRST, _SECOND
from croupier.poker.batch import all_hands, best_batch
from croupier.poker.hand import Category

# Street-bet combinations after the FLOP bet: index = turn + 2 * river.
COMBOS = ((), ("turn",), ("river",), ("turn", "river"))
RESULTS = ("win", "tie", "lose")
_BOARDS = 1176  # turn-and-river pairs from the 49 cards off a flop
_HOLES = 1176  # box hands from the same 49 cards
_PAIR49 = np.full((49, 49), -1, dtype=np.int64)
for _n, (_i, _j) in enumerate(all_hands(2, deck=49).tolist()):
    _PAIR49[_i, _j] = _PAIR49[_j, _i] = _n


def flop_classes() -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """One flop of each suit-symmetry class, and how many flops it stands for."""
    flops = all_hands(3).astype(np.int64)
    best = np.full(len(flops), np.iinfo(np.int64).max)
    for perm in permutations(range(4)):
        relabelled = np.sort((flops & ~3) | np.array(perm)[flops & 3], axis=1)
        best = np.minimum(best, (relabelled * [2704, 52, 1]).sum(axis=1))
    _, first, weight = np.unique(best, return_index=True, return_counts=True)
    return flops[first].astype(np.uint8), weight.astype(np.int64)


@numba.njit(cache=True)
def _flop_rows(
    flop: Any, rest: Any, first: Any, second: Any, pair49: Any, rows: Any, hole: Any
) -> None:  # pragma: no cover - compiled
    """rows: flop + turn + river + box hand for every turn-and-river pair and
    every box hand off them; hole[k, h]: that box hand's number among the 49."""
    pos = np.empty(47, dtype=np.int64)
    k = 0
    for a in range(49):
        for b in range(a + 1, 49):
            m = 0
            for c in range(49):
                if c != a and c != b:
                    pos[m] = c
                    m += 1
            for h in range(1081):
                i, j = pos[first[h]], pos[second[h]]
                row = k * 1081 + h
                rows[row, 0], rows[row, 1], rows[row, 2] = flop[0], flop[1], flop[2]
                rows[row, 3], rows[row, 4] = rest[a], rest[b]
                rows[row, 5], rows[row, 6] = rest[i], rest[j]
                hole[k, h] = pair49[i, j]
            k += 1


@numba.njit(cache=True)
def _rank_pass(values: Any, order: Any, lt: Any, le: Any) -> None:  # pragma: no cover - compiled
    """For the entries ``order`` lists in increasing value: how many of them
    are below (``lt``) and at most (``le``) each one's value."""
    n = order.shape[0]
    start = 0
    while start < n:
        end = start
        while end < n and values[order[end]] == values[order[start]]:
            end += 1
        for k in range(start, end):
            lt[k] = start
            le[k] = end
        start = end


@numba.njit(cache=True)
def _showdowns(v: Any, first: Any, second: Any, per: Any, scratch: Any) -> None:  # pragma: no cover
    """per[h] = (wins, ties, losses) of box hand h against the 990 dealer
    hands off it on one board (``v``: the 1,081 hands' values).

    Dealer hands disjoint from h = {x, y} worth below a value: all such hands,
    less those holding x, less those holding y (h itself, in both, is never
    below its own value; for "at most" it is added back once). Ranks within
    each list come from one sort per list, so no searching."""
    lt_all, le_all, lt_sorted, le_sorted = scratch[0], scratch[1], scratch[2], scratch[3]
    order = np.argsort(v, kind="quicksort")
    _rank_pass(v, order, lt_sorted, le_sorted)
    for k in range(1081):
        lt_all[order[k]] = lt_sorted[k]
        le_all[order[k]] = le_sorted[k]
    held = np.empty((47, 46), dtype=np.int64)  # the hands holding each card
    fill = np.zeros(47, dtype=np.int64)
    for h in range(1081):
        held[first[h], fill[first[h]]] = h
        fill[first[h]] += 1
        held[second[h], fill[second[h]]] = h
        fill[second[h]] += 1
    lt_card = scratch[4:6].T  # every entry is written below
    le_card = scratch[6:8].T
    sub = np.empty(46, dtype=np.int32)
    lt46 = np.empty(46, dtype=np.int64)
    le46 = np.empty(46, dtype=np.int64)
    for x in range(47):
        for k in range(46):
            sub[k] = v[held[x, k]]
        local = np.argsort(sub, kind="quicksort")
        _rank_pass(sub, local, lt46, le46)
        for k in range(46):
            h = held[x, local[k]]
            side = 0 if first[h] == x else 1
            lt_card[h, side] = lt46[k]
            le_card[h, side] = le46[k]
    for h in range(1081):
        below = lt_all[h] - lt_card[h, 0] - lt_card[h, 1]
        at_most = le_all[h] - le_card[h, 0] - le_card[h, 1] + 1
        per[h, 0] = below
        per[h, 1] = at_most - below
        per[h, 2] = 990 - at_most


@numba.njit(cache=True)
def _first_pass(
    values: Any, hole: Any, first: Any, second: Any, counts: Any, edge: Any
) -> None:  # pragma: no cover - compiled
    """counts[k, h] = (win, tie, lose) against the 990 dealer hands on board
    k; edge[hole, turn] += win - lose summed over the rivers."""
    per = np.empty((1081, 3), dtype=np.int64)
    scratch = np.empty((8, 1081), dtype=np.int64)
    k = 0
    for a in range(49):
        for b in range(a + 1, 49):
            _showdowns(values[k], first, second, per, scratch)
            for h in range(1081):
                counts[k, h, 0] = per[h, 0]
                counts[k, h, 1] = per[h, 1]
                counts[k, h, 2] = per[h, 2]
                d = per[h, 0] - per[h, 2]
                edge[hole[k, h], a] += d  # a is the turn card, b the river
                edge[hole[k, h], b] += d
            k += 1


@numba.njit(cache=True)
def _second_pass(
    values: Any, hole: Any, counts: Any, turn: Any, river: Any, out: Any
) -> None:  # pragma: no cover - compiled
    """out[hole, final class, street bets, result] += deals, with the TURN and
    RIVER bets the decisions ``turn[hole]`` and ``river[hole, turn card]`` make."""
    k = 0
    for a in range(49):
        for b in range(a + 1, 49):
            for h in range(1081):
                x = hole[k, h]
                cat = values[k, h] >> 20
                for t in (a, b):  # either card may be the turn
                    combo = turn[x] + 2 * river[x, t]
                    for r in range(3):
                        out[x, cat, combo, r] += counts[k, h, r]
            k += 1


def _nets(profile: HouseProfile) -> tuple[NDArray[np.int64], int]:
    """nets[class, street bets, result] per ANTE, scaled by the returned
    common factor to whole numbers, from the engine's settlement."""
    table = {(c, i): net_by_outcome(profile, c, combo) for c in Category for i, combo in
             enumerate(COMBOS)}  # fmt: skip
    scale = lcm(*(n.denominator for t in table.values() for n in t.values()))
    nets = np.zeros((len(Category), len(COMBOS), len(RESULTS)), dtype=np.int64)
    for (c, i), t in table.items():
        nets[c, i] = [int(t[r] * scale) for r in RESULTS]
    return nets, scale


def _check(profile: HouseProfile) -> None:
    lines = [s.line for s in profile.streets]
    if lines != ["bet", "turn", "river"] or profile.dealer_floor is not None:
        raise LookupError(
            f"{profile.id}: the Hold'em Bonus analysis needs streets bet, turn, river "
            f"and a dealer who always plays (got {lines})"
        )


def count_deals(
    profile: HouseProfile, flops: int | None = None, part: tuple[int, int] = (0, 1)
) -> NDArray[np.int64]:
    """deals[starting hand (0..168), final class, street bets, result] when
    the box plays every starting hand and bets TURN and RIVER at their best;
    ``flops`` limits the count to the first flop classes (for tests); ``part``
    = (i, n) counts every n-th class from the i-th, so n processes can share
    the work and add their counts."""
    _check(profile)
    classes, weights = flop_classes()
    names = _names()
    index = {n: i for i, n in enumerate(names)}
    deals = np.zeros((len(names), len(Category), len(COMBOS), len(RESULTS)), dtype=np.int64)
    rows = np.empty((_BOARDS * 1081, 7), dtype=np.uint8)
    hole = np.empty((_BOARDS, 1081), dtype=np.int64)
    counts = np.empty((_BOARDS, 1081, 3), dtype=np.int64)
    pairs = all_hands(2, deck=49)
    index_, parts = part
    for flop, weight in list(zip(classes, weights, strict=True))[:flops][index_::parts]:
        rest = np.setdiff1d(np.arange(52), flop).astype(np.uint8)
        _flop_rows(flop, rest, _FIRST, _SECOND, _PAIR49, rows, hole)
        values = best_batch(rows).reshape(_BOARDS, 1081)
        edge = np.zeros((_HOLES, 49), dtype=np.int64)
        _first_pass(values, hole, _FIRST, _SECOND, counts, edge)
        turn = (edge.sum(axis=1) > 0).astype(np.int64)
        river = (edge > 0).astype(np.int64)
        out = np.zeros((_HOLES, len(Category), len(COMBOS), len(RESULTS)), dtype=np.int64)
        _second_pass(values, hole, counts, turn, river, out)
        which = [index[starting_hand(rest[p].tolist())] for p in pairs]
        np.add.at(deals, which, weight * out)
    return deals


def _name(c: Category) -> str:
    return c.name.lower().replace("_", " ")


def _names() -> list[str]:
    return sorted({starting_hand(h) for h in all_hands(2).tolist()})


def _class_sizes() -> dict[str, int]:
    sizes: dict[str, int] = {}
    for h in all_hands(2).tolist():
        sizes[starting_hand(h)] = sizes.get(starting_hand(h), 0) + 1
    return sizes


def solve(profile: HouseProfile, deals: NDArray[np.int64]) -> tuple[Wager, list[dict[str, Any]]]:
    """The main game under the optimal strategy, as a wager per ANTE, and the
    starting-hand table (value of playing, decision, street-bet frequencies)."""
    nets, scale = _nets(profile)
    fold = fold_net(profile)
    names, sizes = _names(), _class_sizes()
    per_hand = deals.reshape(len(names), -1).sum(axis=1)  # deals per starting hand class
    played = (deals * nets).reshape(len(names), -1).sum(axis=1)
    rows: list[dict[str, Any]] = []
    outcomes: list[Outcome] = []
    hands_total = 1326
    stake = Fraction(0)
    for i, name in enumerate(names):
        ev = Fraction(int(played[i]), int(per_hand[i]) * scale)
        plays = ev >= fold
        share = Fraction(sizes[name], hands_total)
        d = deals[i]
        turn_share = Fraction(int(d[:, [1, 3]].sum()), int(per_hand[i]))
        river_share = Fraction(int(d[:, [2, 3]].sum()), int(per_hand[i]))
        rows.append({"starting hand": name, "EV of playing per ANTE": round(float(ev), 5),
                     "decision": "play" if plays else "fold",
                     "TURN bet share": round(float(turn_share), 4),
                     "RIVER bet share": round(float(river_share), 4)})  # fmt: skip
        if not plays:
            outcomes.append(Outcome("fold", fold, share))
            stake += share
            continue
        stake += share * (3 + turn_share + river_share)
        for c in Category:
            for j in range(len(COMBOS)):
                for r, result in enumerate(RESULTS):
                    n = int(d[c, j, r])
                    if n:
                        line = f"{result}: {_name(c)}"
                        net = Fraction(int(nets[c, j, r]), scale)
                        outcomes.append(Outcome(line, net, share * Fraction(n, int(per_hand[i]))))
    rows.sort(key=lambda row: -row["EV of playing per ANTE"])
    order = {f"{r}: {_name(c)}": (-c, i) for c in Category for i, r in enumerate(RESULTS)}
    outcomes.sort(key=lambda o: order.get(o.line, (1, 0)))  # best hands first, the fold last
    wager = Wager("ANTE, FLOP, TURN, RIVER (optimal strategy)", "ANTE", tuple(outcomes), stake)
    return wager, rows


def _line(hands: StartingHands) -> str:
    """A two-card pay-table line by what it pays and for which hands."""
    box = " ".join(sorted(hands.box))
    dealer = f" with the dealer's {' '.join(sorted(hands.dealer))}" if hands.dealer else ""
    return f"{box}{dealer} (pays {hands.pays})"


def bonus_wager(profile: HouseProfile) -> Wager | None:
    """The BONUS on the two cards as a wager: every box hand against every
    dealer hand from the other 50 cards."""
    bet = profile.side_bet("bonus")
    if bet is None or bet.cards != "hole_cards":
        return None
    holes = all_hands(2)
    names = np.array([starting_hand(h) for h in holes.tolist()])
    masks = np.left_shift(np.int64(1), holes.astype(np.int64)).sum(axis=1)
    lines: dict[tuple[str, int], int] = {}
    for hole, mask in zip(names.tolist(), masks.tolist(), strict=True):
        theirs, count = np.unique(names[(masks & mask) == 0], return_counts=True)
        for dealer, n in zip(theirs.tolist(), count.tolist(), strict=True):
            pays = hole_cards_pays(bet, hole, dealer)
            line = _line(next(h for h in bet.hands if h.pays == pays)) if pays else "lose"
            lines[line, pays] = lines.get((line, pays), 0) + n
    total = len(holes) * 1225
    outcomes = tuple(
        Outcome(line, Fraction(pays if pays else -1), Fraction(n, total))
        for (line, pays), n in sorted(lines.items(), key=lambda kv: -kv[0][1])
    )
    return Wager("BONUS", "unit", outcomes)


def analyze(
    profile: HouseProfile, flops: int | None = None, processes: int | None = None
) -> Report:
    """``croupier analyze texas-holdem-bonus``: the flop classes shared by a
    pool of ``processes`` (the machine's cores by default)."""
    started = time.perf_counter()
    n = processes or os.cpu_count() or 1
    if n == 1:
        deals = count_deals(profile, flops)
    else:
        with ProcessPoolExecutor(n) as pool:
            count = partial(count_deals, profile, flops)
            deals = sum(pool.map(count, [(i, n) for i in range(n)]), np.zeros(1, dtype=np.int64))
    part = "" if flops is None else f" (first {flops} flop classes only)"
    return report(profile, deals, time.perf_counter() - started, part)


def report(
    profile: HouseProfile, deals: NDArray[np.int64], seconds: float, part: str = ""
) -> Report:
    """The report of a count of deals (:func:`count_deals`, or the sum of its parts)."""
    started = time.perf_counter()
    wager, table = solve(profile, deals)
    folds = [row["starting hand"] for row in table if row["decision"] == "fold"]
    fold_share = sum(_class_sizes()[n] for n in folds)
    figures = [
        Figure("starting hands folded", fold_share / 1326, Fraction(fold_share, 1326),
               f"{len(folds)} of 169 classes: " + " ".join(folds)),
    ]  # fmt: skip
    wagers = [wager]
    bonus = bonus_wager(profile)
    if bonus is not None:
        wagers.append(bonus)
    return Report(
        profile.id,
        "exact enumeration: 1,755 suit classes of flops x 1,176 turn-and-river pairs x "
        "1,081 box x 990 dealer hands; TURN, RIVER and the fold decided at their best" + part,
        tuple(figures),
        tables={"strategy: value of playing each starting hand": table},
        wagers=tuple(wagers),
        charts=(
            Chart(
                "strategy: value of playing each starting hand",
                "starting hand",
                "EV of playing per ANTE",
            ),
        ),
        seconds=seconds + time.perf_counter() - started,
    )
