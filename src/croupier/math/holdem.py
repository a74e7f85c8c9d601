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

The BONUS is a bet on five cards alone (box cards and flop), so it is counted
over the 2,598,960 five-card hands.

>>> from croupier.profiles import load
>>> bonus = bonus_return(load("texas-holdem"))
>>> f"{float(bonus):.4%}"
'-12.9929%'
"""

from __future__ import annotations

import time
from fractions import Fraction
from itertools import permutations
from typing import Any

import numba
import numpy as np
from numpy.typing import NDArray

from croupier.games.house_poker.hands import floor_value, hole_cards_pays, starting_hand
from croupier.games.house_poker.payout import net_by_outcome
from croupier.games.house_poker.profile import HouseProfile
from croupier.math.analyze import Figure, Report
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


@numba.njit(cache=True)
def _tally(values: Any, weights: Any, floor: int, out: Any) -> None:  # pragma: no cover
    """Add each box hand's dealer outcomes (no game, lower, equal, higher), by
    the box's hand class, weighted by the board class's size.

    For a box hand h = {x, y} and a value t, the dealer hands disjoint from h
    worth less than t are: all hands below t, less those holding x, less those
    holding y, plus h itself (held twice) when it is below t.
    """
    holding = np.empty((47, 46), dtype=np.int32)
    fill = np.zeros(47, dtype=np.int64)
    first = np.empty(1081, dtype=np.int64)
    second = np.empty(1081, dtype=np.int64)
    k = 0
    for i in range(47):
        for j in range(i + 1, 47):
            first[k] = i
            second[k] = j
            k += 1
    for b in range(values.shape[0]):
        v = values[b]
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
        w = weights[b]
        for h in range(1081):
            mine = v[h]
            hx = holding[first[h]]
            hy = holding[second[h]]
            no_game = _below(ordered, hx, hy, mine, floor)
            under = _below(ordered, hx, hy, mine, mine)
            lower = under - no_game if mine > floor else 0
            equal = _below(ordered, hx, hy, mine, mine + 1) - under if mine >= floor else 0
            higher = 990 - no_game - lower - equal
            cat = mine >> 20
            out[cat, 0] += w * no_game
            out[cat, 1] += w * lower
            out[cat, 2] += w * equal
            out[cat, 3] += w * higher


def outcome_counts(profile: HouseProfile) -> NDArray[np.int64]:
    """counts[class, outcome]: deals where the box's final hand is of that
    class and the dealer has no game / is lower / equal / higher."""
    floor = profile.dealer_floor
    least = -1 if floor is None else floor_value(profile.ranking, floor)
    boards, weights = board_classes()
    counts = np.zeros((len(Category), 4), dtype=np.int64)
    rows = np.empty((_CHUNK * 1081, 7), dtype=np.uint8)
    for start in range(0, len(boards), _CHUNK):
        chunk = boards[start : start + _CHUNK]
        hands = rows[: len(chunk) * 1081]
        _seven_card_hands(chunk, hands)
        values = best_batch(hands).reshape(len(chunk), 1081)
        _tally(values, weights[start : start + _CHUNK], least, counts)
    return counts


def call_every_hand(profile: HouseProfile) -> tuple[Fraction, dict[str, Fraction]]:
    """The exact return per ANTE when the box always plays, and how often each
    outcome happens."""
    counts = outcome_counts(profile)
    total = int(counts.sum())
    result = Fraction(0)
    for cat in Category:
        if not counts[cat].any():
            continue
        nets = net_by_outcome(profile, cat)
        result += sum(
            (int(counts[cat, i]) * nets.get(o, Fraction(0)) for i, o in enumerate(OUTCOMES)),
            Fraction(0),
        )
    odds = {o: Fraction(int(counts[:, i].sum()), total) for i, o in enumerate(OUTCOMES)}
    return result / total, odds


def bonus_return(profile: HouseProfile) -> Fraction:
    """The exact return per unit of a BONUS on the box's cards and the flop."""
    bet = profile.side_bet("bonus")
    if bet is None or bet.cards != "box_and_flop":
        raise LookupError(f"{profile.id} has no BONUS on the box's cards and the flop")
    values = rank5_batch(all_hands(5))
    cats = categories(values)
    least = -1 if bet.lowest is None else floor_value("best_five", bet.lowest)
    total = 0
    for cat in np.unique(cats):
        pays = bet.pays.get(Category(int(cat)), 0)
        paid = int(((cats == cat) & (values >= least)).sum()) if pays else 0
        total += paid * pays - int((cats == cat).sum() - paid)
    return Fraction(total, len(values))


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


def analyze_bonus(profile: HouseProfile) -> Report:
    """``croupier analyze texas-holdem-bonus``: its BONUS (the streets' optimal
    betting is not analysed yet)."""
    started = time.perf_counter()
    bonus = hole_cards_bonus_return(profile)
    return Report(
        profile.id,
        "exact enumeration of the BONUS: 1,326 box x 1,225 dealer two-card hands",
        (
            Figure("BONUS return per unit", float(bonus), bonus),
            Figure("BONUS house edge", float(-bonus), -bonus),
        ),
        seconds=time.perf_counter() - started,
    )


def analyze(profile: HouseProfile) -> Report:
    """``croupier analyze texas-holdem``."""
    started = time.perf_counter()
    ante, odds = call_every_hand(profile)
    figures = [
        Figure("ANTE+BET return per ANTE (box calls every hand)", float(ante), ante),
        Figure("ANTE+BET house edge per ANTE (calling every hand)", float(-ante), -ante),
        *(Figure(_SAYS[o], float(p), p) for o, p in odds.items()),
    ]
    if profile.side_bet("bonus") is not None:
        bonus = bonus_return(profile)
        figures += [
            Figure("BONUS return per unit", float(bonus), bonus),
            Figure("BONUS house edge", float(-bonus), -bonus),
        ]
    return Report(
        profile.id,
        "exact enumeration: 134,459 suit classes of boards x 1,081 box x 990 dealer hands",
        tuple(figures),
        seconds=time.perf_counter() - started,
    )
