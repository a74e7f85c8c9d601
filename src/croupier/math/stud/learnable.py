"""A strategy a player can learn, from the exact best play/fold per class.

The ``play`` run of :mod:`croupier.math.stud.strategy` values every (hand, up
card) class exactly. Its optimum is a table of 5.6 million entries, which
nobody can learn; published strategies (Caribbean Stud's "play a pair or
better, fold below A-K, play A-K-J-8-3 or better, ...") are a few ordered
rules on what a player sees at a glance. Each chunk therefore also tallies
its classes by **rule class**:

* the box's hand: a high card by all five ranks (A-K-J-8-3), a pair by its
  rank (kickers ignored), anything higher by its category;
* the dealer's up card: its rank, and whether it pairs one of the box's cards
  (the dealer is then less likely to pair it).

Within a rule class every decision's value is summed over its deals, so the
return of any strategy that decides per rule class is a sum of tallies: no
class is valued twice and nothing is approximated. The ladder of learnable
strategies here are thresholds "play H or better" (the best threshold, found
over the tallies): one for every up card; one when the up card pairs one of
the box's cards and one when not; one per up-card rank and pairing. Each is
reported with its own return and its cost against the per-class optimum.
Insurance (where offered) is chosen per hand class over every up card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

import numpy as np
from numpy.typing import NDArray

from croupier.poker.values import (
    CATEGORY_BASE,
    CATEGORY_SHIFT,
    DIGIT_BITS,
    Category,
    unpack_ranks,
)

RANKS = "23456789TJQKA"
Tally = dict[str, list[float | None]]  # rule class -> [deals, sum of each decision's value]
PLAY_COLUMNS = (1, 2, 3)  # play, play insure max, play insure min (columns of DECISIONS)
PLAIN_PLAY = "play"
VARIANTS = ("play", "play, insure max", "play, insure min")


def hand_keys(values: NDArray[np.int64]) -> NDArray[np.int64]:
    """The rule class of each hand value (itself a hand value, the lowest of its
    class, so classes order as hands do)."""
    category = values >> CATEGORY_SHIFT
    pair = values & ~np.int64((1 << (DIGIT_BITS * 4)) - 1)
    higher = values & ~np.int64(CATEGORY_BASE - 1)
    high = category <= Category.ACE_KING
    out: NDArray[np.int64] = np.where(
        high, values, np.where(category == Category.PAIR, pair, higher)
    )
    return out


def class_names(
    hands: NDArray[np.int64], ups: NDArray[np.int64], values: NDArray[np.int64]
) -> list[str]:
    """``"hand key/up rank/pairs"`` of every (hand, up card) row."""
    keys = hand_keys(values.astype(np.int64)).tolist()
    up_ranks = (ups >> 2).tolist()
    pairs = ((hands >> 2) == (ups >> 2)[:, None]).any(axis=1).tolist()
    return [f"{k}/{u}/{int(p)}" for k, u, p in zip(keys, up_ranks, pairs, strict=True)]


def tally(names: Sequence[str], values: NDArray[np.float64], weights: NDArray[np.int64]) -> Tally:
    """Per rule class: deals, then each decision's value summed over them (None
    where the decision is not open to every class in it)."""
    order = sorted(set(names))
    index = {n: i for i, n in enumerate(order)}
    rows = np.array([index[n] for n in names], dtype=np.int64)
    w = weights.astype(np.float64)
    out: Tally = {}
    deals = np.bincount(rows, weights=w, minlength=len(order))
    sums = []
    for j in range(values.shape[1]):
        column = values[:, j]
        closed = np.bincount(rows, weights=~np.isfinite(column), minlength=len(order)) > 0
        total = np.bincount(rows, weights=np.where(np.isfinite(column), column, 0.0) * w,
                            minlength=len(order))  # fmt: skip
        sums.append([None if c else float(t) for c, t in zip(closed, total, strict=True)])
    for i, name in enumerate(order):
        out[name] = [float(deals[i]), *(s[i] for s in sums)]
    return out


def merge(tallies: Sequence[Tally]) -> Tally:
    """The tallies of several chunks as one (a class may span chunks)."""
    out: Tally = {}
    for t in tallies:
        for name, row in t.items():
            known = out.get(name)
            if known is None:
                out[name] = list(row)
                continue
            out[name] = [
                None if a is None or b is None else a + b for a, b in zip(known, row, strict=True)
            ]
    return out


def hand_name(key: int) -> str:
    """A rule class in words: A-K-J-8-3, a pair of 7s, two pair."""
    category = Category(key >> CATEGORY_SHIFT)
    ranks = unpack_ranks(key)
    if category <= Category.ACE_KING:
        return "-".join(RANKS[r] for r in ranks)
    if category is Category.PAIR:
        return f"a pair of {RANKS[ranks[0]]}s"
    return category.label.lower()


@dataclass(frozen=True, slots=True)
class Learned:
    """One learnable strategy: its rules, its return per ANTE, its cost
    against the per-class optimum (ANTEs per round)."""

    name: str
    rules: tuple[str, ...]
    ret: float
    cost: float
    # (up rank, pairs one of the box's cards) -> the lowest rule class played
    # (FOLD_ALL: none); hand rule class -> the play variant when played
    lowest: dict[tuple[int, int], int]
    variant: dict[int, str]

    def decision(self, hand_key: int, up_rank: int, pairs: bool) -> str:
        """What this strategy does with a hand of rule class ``hand_key``."""
        if hand_key >= self.lowest[(up_rank, int(pairs))]:
            return self.variant[hand_key]
        return "fold"


FOLD_ALL = 1 << 62


@dataclass(frozen=True, slots=True)
class _Classes:
    hands: list[int]  # hand keys, ascending
    fold: NDArray[np.float64]  # [up class, hand]
    play: NDArray[np.float64]  # [up class, hand]: the hand's chosen play variant
    ups: list[tuple[int, int]]  # (up rank, pairs) of each row
    variant: list[str]  # the chosen play variant per hand
    deals: float


def _classes(t: Tally) -> _Classes:
    parsed = [(tuple(int(x) for x in name.split("/")), row) for name, row in t.items()]
    hands = sorted({k for (k, _, _), _ in parsed})
    ups = sorted({(u, p) for (_, u, p), _ in parsed})
    h_at = {k: i for i, k in enumerate(hands)}
    u_at = {u: i for i, u in enumerate(ups)}
    fold = np.zeros((len(ups), len(hands)))
    plays = np.full((len(VARIANTS), len(ups), len(hands)), 0.0)
    closed = np.zeros((len(VARIANTS), len(hands)), dtype=bool)
    deals = 0.0
    for (k, u, p), row in parsed:
        i, j = u_at[(u, p)], h_at[k]
        deals += row[0] or 0.0
        fold[i, j] = row[1] or 0.0
        for v, col in enumerate(PLAY_COLUMNS):
            value = row[1 + col]
            if value is None:
                closed[v, j] = True
            else:
                plays[v, i, j] = value
    totals = np.where(closed, -np.inf, plays.sum(axis=1))
    best = totals.argmax(axis=0)
    play = plays[best, :, np.arange(len(hands))].T
    return _Classes(hands, fold, play, ups, [VARIANTS[b] for b in best.tolist()], deals)


def _threshold(fold: NDArray[np.float64], play: NDArray[np.float64]) -> tuple[int, float]:
    """The best "play hand index t or above": (t, summed value); t = len: fold all."""
    below = np.concatenate([[0.0], np.cumsum(fold)])
    above = np.concatenate([np.cumsum(play[::-1])[::-1], [0.0]])
    values = below + above
    # Of equal thresholds (hands that never meet this up card lie between) the
    # highest: the rule then names a hand the player can hold there.
    t = len(values) - 1 - int(values[::-1].argmax())
    return t, float(values[t])


def _rule(c: _Classes, t: int) -> str:
    if t == 0:
        return "play every hand"
    if t == len(c.hands):
        return "fold every hand"
    return f"play {hand_name(c.hands[t])} or better, fold the rest"


def _insurance_rules(c: _Classes) -> list[str]:
    rules = []
    for variant, run in groupby(zip(c.hands, c.variant, strict=True), key=lambda x: x[1]):
        if variant != PLAIN_PLAY:
            keys = [k for k, _ in run]
            names = hand_name(keys[0]) + ("" if len(keys) == 1 else f" to {hand_name(keys[-1])}")
            rules.append(f"when playing {names}: {variant.removeprefix('play, ')}")
    return rules


def _ranks(ranks: list[int]) -> str:
    return RANKS[ranks[0]] if len(ranks) == 1 else f"{RANKS[ranks[0]]}-{RANKS[ranks[-1]]}"


def ladder(t: Tally, optimum: float) -> list[Learned]:
    """Three learnable strategies, simplest first, each with its return per
    ANTE and its cost against ``optimum`` (the per-class optimum's return)."""
    c = _classes(t)
    extra = _insurance_rules(c)
    every = list(range(len(c.ups)))
    result: list[tuple[str, list[str], float, dict[int, int]]] = []
    at: dict[int, int]
    th, v_all = _threshold(c.fold.sum(axis=0), c.play.sum(axis=0))
    result.append(("one rule for every up card", [_rule(c, th)], v_all, dict.fromkeys(every, th)))
    rules, value, at = [], 0.0, {}  # fmt: skip
    for pairs, label in ((1, "the up card pairs one of your cards"), (0, "otherwise")):
        rows = [i for i, (_, p) in enumerate(c.ups) if p == pairs]
        if rows:
            th, v = _threshold(c.fold[rows].sum(axis=0), c.play[rows].sum(axis=0))
            rules.append(f"{label}: {_rule(c, th)}")
            value += v
            at |= dict.fromkeys(rows, th)
    result.append(("by whether the up card pairs one of yours", rules, value, at))
    rules, value, at = [], 0.0, {}
    for pairs, label in ((1, "pairing one of yours"), (0, "not pairing")):
        found = []
        for i, (u, p) in enumerate(c.ups):
            if p == pairs:
                th, v = _threshold(c.fold[i], c.play[i])
                found.append((u, th))
                value += v
                at[i] = th
        for th, run in groupby(found, key=lambda x: x[1]):
            ranks = [u for u, _ in run]
            rules.append(f"up card {_ranks(ranks)}, {label}: {_rule(c, th)}")
    result.append(("by the up card's rank and whether it pairs one of yours", rules, value, at))
    keys = [*c.hands, FOLD_ALL]
    variants = dict(zip(c.hands, c.variant, strict=True))
    return [
        Learned(
            name,
            (*rules, *extra),
            v / c.deals,
            optimum - v / c.deals,
            {c.ups[i]: keys[th] for i, th in at.items()},
            variants,
        )
        for name, rules, v, at in result
    ]
