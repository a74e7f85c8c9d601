"""Exact Texas Hold'em poker (house-banked): the ANTE/BET game when the box
calls every hand, and the BONUS; and Hold'em Bonus poker's BONUS.

The ANTE/BET game is counted over every deal of box, dealer and board:
C(52,5) boards x C(47,2) box hands x C(45,2) dealer hands, 2.8e12 deals.
Boards are reduced by suit symmetry (every suit permutation of a board deals
alike) to 134,459 classes weighted by their size; for each class the batch
evaluator (:func:`croupier.poker.batch.best_batch`) values all 1,081 two-card
hands on it, and a compiled kernel counts, for every box hand, the dealer
hands from the other 45 cards that have no game, are lower, equal or higher
(by sorted values and inclusion-exclusion on the two shared cards, so never
1,081 x 990 comparisons). The engine's settlement prices each outcome.

The best call/fold rule (:func:`flop_rule`) comes out of the same pass: each
box hand's net on a board is credited to the 10 flops of that board, so every
(box cards, flop) gathers its exact net of calling over all turns, rivers and
dealer hands; (box cards, flop) pairs are grouped into their 1,286,792 suit
classes, and the rule calls where calling loses less than the folded ANTE.

The BONUS is a bet on five cards alone (box cards and flop), so it is counted
over the 2,598,960 five-card hands.

>>> from croupier.profiles import load
>>> bonus = bonus_return(load("texas-holdem"))
>>> f"{float(bonus):.4%}"
'-12.9929%'
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import comb, lcm
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.house_poker.hands import floor_value, hole_cards_pays, starting_hand
from croupier.games.house_poker.payout import fold_net, net_by_outcome
from croupier.games.house_poker.profile import HouseProfile
from croupier.math.analyze import Chart, Figure, Outcome, Report, Wager
from croupier.poker.batch import all_hands, best_batch, categories, rank5_batch
from croupier.poker.hand import Category

OUTCOMES = ("no_game", "win", "tie", "lose")
_SAYS = {
    "no_game": "P(the dealer has no game)",
    "win": "P(the box beats a qualifying dealer)",
    "tie": "P(a tie with a qualifying dealer)",
    "lose": "P(the dealer is higher)",
}
_PERMUTATIONS = np.array(list(permutations(range(4))), dtype=np.int64)
_CHUNK = 2000  # boards per batch-evaluator call: about 15 MB of hands


@numba.njit(cache=True)
def _canonical(boards: Any, perms: Any, out: Any) -> None:  # pragma: no cover - compiled
    """A code per board, equal for boards that differ by a permutation of suits."""
    cards = np.empty(5, dtype=np.int64)
    for b in range(boards.shape[0]):
        best = -1
        for p in range(perms.shape[0]):
            for i in range(5):  # relabel the suits, insertion-sorting as we go
                c = np.int64(boards[b, i])
                c = (c & ~3) | perms[p, c & 3]
                k = i
                while k > 0 and cards[k - 1] > c:
                    cards[k] = cards[k - 1]
                    k -= 1
                cards[k] = c
            code = 0
            for i in range(5):
                code = code * 52 + cards[i]
            if best < 0 or code < best:
                best = code
        out[b] = best


def board_classes() -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """One board of each suit-symmetry class, and how many boards it stands for."""
    boards = all_hands(5)
    codes = np.empty(len(boards), dtype=np.int64)
    _canonical(boards, _PERMUTATIONS, codes)
    _, first, weight = np.unique(codes, return_index=True, return_counts=True)
    return boards[first], weight.astype(np.int64)


@numba.njit(cache=True)
def _seven_card_hands(boards: Any, out: Any) -> None:  # pragma: no cover - compiled
    """Rows of board + every two-card hand of the 47 other cards, in index order."""
    row = 0
    rest = np.empty(47, dtype=np.uint8)
    for b in range(boards.shape[0]):
        k = 0
        for c in range(52):
            if c not in (boards[b, 0], boards[b, 1], boards[b, 2], boards[b, 3], boards[b, 4]):
                rest[k] = c
                k += 1
        for i in range(47):
            for j in range(i + 1, 47):
                out[row, :5] = boards[b]
                out[row, 5] = rest[i]
                out[row, 6] = rest[j]
                row += 1


@numba.njit(cache=True, inline="always")
def _below(ordered: Any, hx: Any, hy: Any, mine: int, bound: int) -> int:  # pragma: no cover
    """Dealer hands worth less than ``bound`` sharing no card with the box's."""
    n = np.searchsorted(ordered, bound) - np.searchsorted(hx, bound) - np.searchsorted(hy, bound)
    return int(n + 1 if mine < bound else n)


def _hole_pairs() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The two places (among the 47 cards off a board) of each of the 1,081 box hands."""
    pairs = all_hands(2, deck=47).astype(np.int64)
    return pairs[:, 0].copy(), pairs[:, 1].copy()


_FIRST, _SECOND = _hole_pairs()


@numba.njit(cache=True)
def _board_outcomes(
    v: Any, first: Any, second: Any, floor: int, holding: Any, fill: Any, per: Any
) -> None:  # pragma: no cover - compiled
    """per[h] = the dealer hands disjoint from box hand h, on one board, that
    have no game, are lower, equal, higher.

    For a box hand h = {x, y} and a value t, the dealer hands disjoint from h
    worth less than t are: all hands below t, less those holding x, less those
    holding y, plus h itself (held twice) when it is below t.
    """
    ordered = np.sort(v)
    fill[:] = 0
    for h in range(1081):
        x, y = first[h], second[h]
        holding[x, fill[x]] = v[h]
        fill[x] += 1
        holding[y, fill[y]] = v[h]
        fill[y] += 1
    for x in range(47):
        holding[x].sort()
    for h in range(1081):
        mine = v[h]
        hx = holding[first[h]]
        hy = holding[second[h]]
        no_game = _below(ordered, hx, hy, mine, floor)
        under = _below(ordered, hx, hy, mine, mine)
        lower = under - no_game if mine > floor else 0
        equal = _below(ordered, hx, hy, mine, mine + 1) - under if mine >= floor else 0
        per[h, 0] = no_game
        per[h, 1] = lower
        per[h, 2] = equal
        per[h, 3] = 990 - no_game - lower - equal


@numba.njit(cache=True)
def _tally(
    values: Any, weights: Any, floor: int, first: Any, second: Any, out: Any
) -> None:  # pragma: no cover - compiled
    """Add each box hand's dealer outcomes by the box's hand class, weighted
    by the board class's size."""
    holding = np.empty((47, 46), dtype=np.int32)
    fill = np.zeros(47, dtype=np.int64)
    per = np.empty((1081, 4), dtype=np.int64)
    for b in range(values.shape[0]):
        _board_outcomes(values[b], first, second, floor, holding, fill, per)
        for h in range(1081):
            out[values[b, h] >> 20] += weights[b] * per[h]


@numba.njit(cache=True)
def _canon_table(
    holes: Any, flops: Any, perms: Any, idx2: Any, idx3: Any, out: Any
) -> None:  # pragma: no cover - compiled
    """out[flop * 1326 + hole]: one code per suit-symmetry class of (box
    cards, flop), -1 where they share a card. Flop-major, so that the credit
    kernel, which walks the box hands of one flop, reads it in order."""
    for j in range(flops.shape[0]):
        for i in range(holes.shape[0]):
            a, b = np.int64(holes[i, 0]), np.int64(holes[i, 1])
            c, d, e = np.int64(flops[j, 0]), np.int64(flops[j, 1]), np.int64(flops[j, 2])
            if a in (c, d, e) or b in (c, d, e):
                out[j * 1326 + i] = -1
                continue
            best = -1
            for p in range(perms.shape[0]):
                h0, h1 = (a & ~3) | perms[p, a & 3], (b & ~3) | perms[p, b & 3]
                if h0 > h1:
                    h0, h1 = h1, h0
                f0, f1 = (c & ~3) | perms[p, c & 3], (d & ~3) | perms[p, d & 3]
                f2 = (e & ~3) | perms[p, e & 3]
                if f0 > f1:  # three compare-and-swaps sort three cards
                    f0, f1 = f1, f0
                if f1 > f2:
                    f1, f2 = f2, f1
                if f0 > f1:
                    f0, f1 = f1, f0
                code = idx2[h0 * 52 + h1] * 22100 + idx3[f0 * 2704 + f1 * 52 + f2]
                if best < 0 or code < best:
                    best = code
            out[j * 1326 + i] = best


@numba.njit(cache=True, inline="always")
def _rest_and_flops(
    board: Any, idx3: Any, scale: int, rest: Any, flop: Any
) -> None:  # pragma: no cover - compiled
    """The 47 cards off ``board`` (``rest``) and its 10 flops' class numbers times ``scale``."""
    k = 0
    for c in range(52):
        if c not in (board[0], board[1], board[2], board[3], board[4]):
            rest[k] = c
            k += 1
    k = 0
    for i in range(5):
        for j in range(i + 1, 5):
            for m in range(j + 1, 5):
                flop[k] = idx3[board[i] * 2704 + board[j] * 52 + board[m]] * scale
                k += 1


@numba.njit(cache=True)
def _credit(
    boards: Any,
    values: Any,
    weights: Any,
    floor: int,
    first: Any,
    second: Any,
    nets: Any,
    canon: Any,
    idx2: Any,
    idx3: Any,
    totals: Any,
    out: Any,
) -> None:  # pragma: no cover - compiled
    """Count outcomes by the box's class (``out``, as :func:`_tally`) and credit
    each box hand's net on a board to every (box cards, flop) it completes:
    the 10 flops of the board, as suit-symmetry classes (``totals``, by the
    class numbers in ``canon``)."""
    holding = np.empty((47, 46), dtype=np.int32)
    fill = np.zeros(47, dtype=np.int64)
    per = np.empty((1081, 4), dtype=np.int64)
    rest = np.empty(47, dtype=np.int64)
    flop = np.empty(10, dtype=np.int64)
    net = np.empty(1081, dtype=np.int64)
    hole = np.empty(1081, dtype=np.int64)
    for b in range(values.shape[0]):
        _board_outcomes(values[b], first, second, floor, holding, fill, per)
        _rest_and_flops(boards[b], idx3, 1, rest, flop)
        w = weights[b]
        for h in range(1081):
            cat = values[b, h] >> 20
            out[cat] += w * per[h]
            net[h] = w * (per[h, 0] * nets[cat, 0] + per[h, 1] * nets[cat, 1]
                          + per[h, 2] * nets[cat, 2] + per[h, 3] * nets[cat, 3])  # fmt: skip
            hole[h] = idx2[rest[first[h]] * 52 + rest[second[h]]]
        for k in range(10):  # one flop at a time: its box hands lie together in ``canon``
            row = flop[k] * 1326
            for h in range(1081):
                totals[canon[row + hole[h]]] += net[h]


def _chunks(
    boards: NDArray[np.uint8],
) -> Iterator[tuple[slice, NDArray[np.uint8], NDArray[np.int32]]]:
    """Board classes in chunks, with the values of all 1,081 box hands on each."""
    rows = np.empty((_CHUNK * 1081, 7), dtype=np.uint8)
    for start in range(0, len(boards), _CHUNK):
        chunk = boards[start : start + _CHUNK]
        hands = rows[: len(chunk) * 1081]
        _seven_card_hands(chunk, hands)
        yield slice(start, start + len(chunk)), chunk, best_batch(hands).reshape(len(chunk), 1081)


def _least(profile: HouseProfile) -> int:
    floor = profile.dealer_floor
    return -1 if floor is None else floor_value(profile.ranking, floor)


def outcome_counts(profile: HouseProfile) -> NDArray[np.int64]:
    """counts[class, outcome]: deals where the box's final hand is of that
    class and the dealer has no game / is lower / equal / higher."""
    boards, weights = board_classes()
    counts = np.zeros((len(Category), 4), dtype=np.int64)
    for part, _, values in _chunks(boards):
        _tally(values, weights[part], _least(profile), _FIRST, _SECOND, counts)
    return counts


def _scaled_nets(profile: HouseProfile) -> tuple[NDArray[np.int64], Fraction, int]:
    """nets[class, outcome] per ANTE times a common ``scale`` making them whole;
    the fold's net and the scale."""
    table = {c: net_by_outcome(profile, c) for c in Category}
    fold = fold_net(profile)
    scale = lcm(fold.denominator, *(n.denominator for t in table.values() for n in t.values()))
    nets = np.array([[int(table[c].get(o, 0) * scale) for o in OUTCOMES] for c in Category])
    return nets.astype(np.int64), fold, scale


@dataclass(frozen=True, slots=True)
class FlopRule:
    """The best call/fold rule per (box cards, flop), by exact enumeration."""

    optimal: Fraction  # return per ANTE playing the rule
    call_all: Fraction  # return per ANTE calling every hand (the same enumeration)
    fold_share: Fraction  # share of (box cards, flop) the rule folds
    counts: NDArray[np.int64]  # as outcome_counts
    classes: NDArray[np.int32]  # flop * 1326 + box cards -> class number (-1: overlap)
    call: NDArray[np.bool_]  # by class number: True = play
    idx2: NDArray[np.int64]  # sorted two cards a, b -> their row in all_hands(2): idx2[a*52+b]
    idx3: NDArray[np.int64]  # sorted three cards -> their row in all_hands(3)

    def plays(self, box: Sequence[int], flop: Sequence[int]) -> bool:
        """Whether the rule plays ``box`` (two cards) on ``flop`` (three)."""
        a, b = sorted(box)
        c, d, e = sorted(flop)
        code = self.classes[self.idx3[c * 2704 + d * 52 + e] * 1326 + self.idx2[a * 52 + b]]
        if code < 0:
            raise ValueError("the box cards and the flop share a card")
        return bool(self.call[code])

    def fold_shares(self) -> dict[str, Fraction]:
        """For each starting hand (``AKs``, ``72o``...), the share of flops the rule folds."""
        holes = all_hands(2)
        classes = self.classes.reshape(-1, len(holes))  # flop by flop, box hands along
        folded = ((classes >= 0) & ~self.call[classes]).sum(axis=0)
        shares: dict[str, list[int]] = {}
        for hole, n in zip(holes.tolist(), folded.tolist(), strict=True):
            tally = shares.setdefault(starting_hand(hole), [0, 0])
            tally[0] += n
            tally[1] += comb(50, 3)
        return {name: Fraction(n, d) for name, (n, d) in shares.items()}


def flop_rule(profile: HouseProfile) -> FlopRule:
    """Texas Hold'em's optimal decision for every (box cards, flop): call when
    the exact net of calling, over every turn, river and dealer hand, is at
    least the ANTE a fold loses."""
    holes, flops = all_hands(2), all_hands(3)
    idx2 = np.full(52 * 52, -1, dtype=np.int64)
    idx2[holes[:, 0].astype(np.int64) * 52 + holes[:, 1]] = np.arange(len(holes))
    idx3 = np.full(52 * 52 * 52, -1, dtype=np.int64)
    idx3[flops[:, 0].astype(np.int64) * 2704 + flops[:, 1].astype(np.int64) * 52 + flops[:, 2]] = (
        np.arange(len(flops))
    )
    codes = np.empty(len(holes) * len(flops), dtype=np.int32)
    _canon_table(holes, flops, _PERMUTATIONS, idx2, idx3, codes)
    valid = codes >= 0
    _, numbers = np.unique(codes[valid], return_inverse=True)
    classes = np.full(len(codes), -1, dtype=np.int32)  # dense class numbers: totals stay small
    classes[valid] = numbers
    del codes
    nets, fold, scale = _scaled_nets(profile)
    totals = np.zeros(int(numbers.max()) + 1, dtype=np.int64)
    counts = np.zeros((len(Category), 4), dtype=np.int64)
    boards, weights = board_classes()
    for part, chunk, values in _chunks(boards):
        _credit(chunk, values, weights[part], _least(profile), _FIRST, _SECOND, nets, classes,
                idx2, idx3, totals, counts)  # fmt: skip
    sizes = np.bincount(classes[valid], minlength=len(totals))
    deals = 1081 * 990  # turn and river, dealer hands: what follows one (box cards, flop)
    folds = sizes * int(fold * scale) * deals
    call = totals >= folds
    pairs = len(holes) * comb(50, 3)  # (box cards, flop) sharing no card
    whole = Fraction(scale * pairs * deals)
    return FlopRule(
        optimal=int(np.where(call, totals, folds).sum()) / whole,
        call_all=int(totals.sum()) / whole,
        fold_share=Fraction(int(sizes[~call].sum()), pairs),
        counts=counts,
        classes=classes,
        call=call,
        idx2=idx2,
        idx3=idx3,
    )


@numba.njit(cache=True)
def _tally_called(
    boards: Any,
    values: Any,
    weights: Any,
    floor: int,
    first: Any,
    second: Any,
    call: Any,
    canon: Any,
    idx2: Any,
    idx3: Any,
    out: Any,
    folds: Any,
) -> None:  # pragma: no cover - compiled
    """Count the deals the rule plays by the box's class and outcome (``out``)
    and the deals it folds (``folds[0]``): each board is dealt as any of its
    10 flops, and the rule decides on each."""
    holding = np.empty((47, 46), dtype=np.int32)
    fill = np.zeros(47, dtype=np.int64)
    per = np.empty((1081, 4), dtype=np.int64)
    rest = np.empty(47, dtype=np.int64)
    flop = np.empty(10, dtype=np.int64)
    for b in range(values.shape[0]):
        _board_outcomes(values[b], first, second, floor, holding, fill, per)
        _rest_and_flops(boards[b], idx3, 1326, rest, flop)
        w = weights[b]
        for h in range(1081):
            hole = idx2[rest[first[h]] * 52 + rest[second[h]]]
            played = 0
            for f in range(10):
                played += call[canon[flop[f] + hole]]
            out[values[b, h] >> 20] += w * played * per[h]
            folds[0] += w * (10 - played) * 990


def optimal_wager(profile: HouseProfile, rule: FlopRule) -> Wager:
    """ANTE+BET under the optimal call/fold rule as a wager per ANTE: a second
    pass over the deals, now that the rule is known, counts what it plays by
    final class and outcome, and what it folds."""
    boards, weights = board_classes()
    counts = np.zeros((len(Category), 4), dtype=np.int64)
    folds = np.zeros(1, dtype=np.int64)
    call = rule.call.astype(np.int64)
    for part, chunk, values in _chunks(boards):
        _tally_called(chunk, values, weights[part], _least(profile), _FIRST, _SECOND, call,
                      rule.classes, rule.idx2, rule.idx3, counts, folds)  # fmt: skip
    played = call_all_wager(profile, counts)
    total = int(counts.sum()) + int(folds[0])
    share = Fraction(int(counts.sum()), total)
    outcomes = tuple(Outcome(o.line, o.net, o.probability * share) for o in played.outcomes)
    fold = Outcome("fold", fold_net(profile), 1 - share)
    stake = 1 + share * sum((s.antes for s in profile.streets), Fraction(0))
    return Wager("ANTE+BET (optimal call/fold)", "ANTE", (*outcomes, fold), stake)


def call_every_hand(profile: HouseProfile) -> tuple[Fraction, dict[str, Fraction]]:
    """The exact return per ANTE when the box always plays, and how often each
    outcome happens."""
    counts = outcome_counts(profile)
    return return_from_counts(profile, counts), outcome_odds(counts)


def return_from_counts(
    profile: HouseProfile, counts: NDArray[np.int64], staked: Collection[str] | None = None
) -> Fraction:
    """The return per ANTE of deals counted by the box's class and the outcome,
    each priced by the engine's settlement (the box stakes every street, or
    the play and the lines ``staked``)."""
    result = Fraction(0)
    for cat in Category:
        if counts[cat].any():
            nets = net_by_outcome(profile, cat, staked)
            result += sum(
                (int(counts[cat, i]) * nets.get(o, Fraction(0)) for i, o in enumerate(OUTCOMES)),
                Fraction(0),
            )
    return result / int(counts.sum())


def outcome_odds(counts: NDArray[np.int64]) -> dict[str, Fraction]:
    """How often each outcome happens, from counts by class and outcome."""
    total = int(counts.sum())
    return {o: Fraction(int(counts[:, i].sum()), total) for i, o in enumerate(OUTCOMES)}


def bonus_return(profile: HouseProfile) -> Fraction:
    """The exact return per unit of a BONUS on the box's cards and the flop."""
    return Fraction(bonus_wager(profile).ev)  # every outcome's probability is a Fraction


def bonus_wager(profile: HouseProfile) -> Wager:
    """The BONUS on the box's cards and the flop as a wager: each class it pays."""
    bet = profile.side_bet("bonus")
    if bet is None or bet.cards != "box_and_flop":
        raise LookupError(f"{profile.id} has no BONUS on the box's cards and the flop")
    values = rank5_batch(all_hands(5))
    cats = categories(values)
    least = -1 if bet.lowest is None else floor_value("best_five", bet.lowest)
    outcomes, lost = [], 0
    for cat in np.unique(cats)[::-1]:
        pays = bet.pays.get(Category(int(cat)), 0)
        paid = int(((cats == cat) & (values >= least)).sum()) if pays else 0
        lost += int((cats == cat).sum()) - paid
        if paid:
            outcomes.append(Outcome(_name(cat), Fraction(pays), Fraction(paid, len(values))))
    outcomes.append(Outcome("lose", Fraction(-1), Fraction(lost, len(values))))
    return Wager("BONUS", "unit", tuple(outcomes))


def call_all_wager(profile: HouseProfile, counts: NDArray[np.int64]) -> Wager:
    """ANTE+BET when the box calls every hand, as a wager per ANTE: each final
    class against each dealer outcome, priced by the engine's settlement."""
    total = int(counts.sum())
    outcomes = []
    for cat in reversed(Category):
        nets = net_by_outcome(profile, cat)
        for i, o in enumerate(OUTCOMES):
            if counts[cat, i] and o in nets:
                line = f"{o.replace('_', ' ')}: {_name(cat)}"
                outcomes.append(Outcome(line, nets[o], Fraction(int(counts[cat, i]), total)))
    stake = 1 + sum((s.antes for s in profile.streets), Fraction(0))
    return Wager("ANTE+BET (calling every hand)", "ANTE", tuple(outcomes), stake)


def _name(cat: Any) -> str:
    return Category(int(cat)).name.lower().replace("_", " ")


def hole_cards_bonus_return(profile: HouseProfile) -> Fraction:
    """The exact return per unit of a BONUS on the box's two cards (and, for a
    top prize, the dealer's two): every box hand against every dealer hand
    from the other 50 cards, 1,326 x 1,225 deals, grouped by starting hand."""
    bet = profile.side_bet("bonus")
    if bet is None or bet.cards != "hole_cards":
        raise LookupError(f"{profile.id} has no BONUS on the hole cards")
    holes = all_hands(2)
    names = np.array([starting_hand(h) for h in holes.tolist()])
    masks = np.left_shift(np.int64(1), holes.astype(np.int64)).sum(axis=1)
    total = 0
    for hole, mask in zip(names.tolist(), masks.tolist(), strict=True):
        theirs, count = np.unique(names[(masks & mask) == 0], return_counts=True)
        for dealer, n in zip(theirs.tolist(), count.tolist(), strict=True):
            pays = hole_cards_pays(bet, hole, dealer)
            total += n * (pays if pays else -1)
    return Fraction(total, len(holes) * 1225)


def analyze(profile: HouseProfile) -> Report:
    """``croupier analyze texas-holdem``."""
    started = time.perf_counter()
    rule = flop_rule(profile)
    odds = outcome_odds(rule.counts)
    figures = [
        Figure("ANTE+BET return per ANTE (box calls every hand)", float(rule.call_all),
               rule.call_all),
        Figure("ANTE+BET house edge per ANTE (calling every hand)", float(-rule.call_all),
               -rule.call_all),
        Figure("ANTE+BET return per ANTE (optimal call/fold per box cards and flop)",
               float(rule.optimal), rule.optimal),
        Figure("ANTE+BET house edge per ANTE (optimal)", float(-rule.optimal), -rule.optimal,
               f"folds {float(rule.fold_share):.2%} of box cards and flops"),
        *(Figure(_SAYS[o], float(p), p, "calling every hand") for o, p in odds.items()),
    ]  # fmt: skip
    staked = 1 + 2 * (1 - rule.fold_share)  # the BET is 2 ANTE, made where the rule calls
    figures.append(
        Figure(
            "ANTE+BET element of risk (optimal)",
            float(-rule.optimal / staked),
            -rule.optimal / staked,
            f"{float(staked):.4f} ANTE staked per round",
        )
    )
    wagers = [optimal_wager(profile, rule), call_all_wager(profile, rule.counts)]
    if profile.side_bet("bonus") is not None:
        wagers.append(bonus_wager(profile))
        bonus = bonus_return(profile)
        figures += [
            Figure("BONUS return per unit", float(bonus), bonus),
            Figure("BONUS house edge", float(-bonus), -bonus),
        ]
    shares = sorted(rule.fold_shares().items(), key=lambda item: (-item[1], item[0]))
    table = [{"box cards": name, "flops folded": round(float(share), 4)} for name, share in shares]
    return Report(
        profile.id,
        "exact enumeration: 134,459 suit classes of boards x 1,081 box x 990 dealer hands",
        tuple(figures),
        tables={"optimal rule: share of flops folded, by starting hand": table},
        wagers=tuple(wagers),
        charts=(
            Chart(
                "optimal rule: share of flops folded, by starting hand", "box cards", "flops folded"
            ),
        ),
        seconds=time.perf_counter() - started,
    )
