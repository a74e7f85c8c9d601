"""Exact figures of the two baseline strategies of a stud profile.

* **always play**: every box plays its first five cards, never improves,
  buys nothing, stakes no side bet;
* **play the qualifying hand**: the same, but folds every hand below the
  hand the dealer needs to qualify (A-K or a pair of twos, per profile).

Neither looks at the dealer's up card, so a box's return depends on its five
cards only. For every five-card hand of the deck the dealer hands from the
other cards are counted by outcome class (:mod:`croupier.math.stud.counting`,
exact, card removal included), per strength the classes are priced by the
engine's settlement (:mod:`croupier.math.stud.outcomes`), and everything is
summed in integers: the return is an exact fraction over
``C(n,5) x C(n-5,5)`` deals (19,933,230,517,200 for 52 cards).

With Caribbean Stud's rules (a [001] profile with ties pushed) this gives
Caribbean Stud's published totals: playing blind loses 3,310,360,338,060
antes over all deals, raising on A-K or better 1,132,600,203,540.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
from numpy.typing import NDArray

from croupier.games.stud.profile import StudProfile
from croupier.math.stud.counting import BINOM, HandTable, count_many, hand_table
from croupier.math.stud.outcomes import CLASSES, strength_nets
from croupier.poker.batch import all_hands
from croupier.poker.hand import CATEGORY_BASE, Category
from croupier.poker.values import unpack_ranks

STRATEGIES = ("always play", "play the qualifying hand or better")
RANKS = "23456789TJQKA"
# How a played box's round ends against the dealer, by outcome class (a PAR
# sheet's line is the box's final hand with one of these, or a fold).
ENDINGS = {
    "nq_lower": "the dealer does not qualify",
    "nq_higher": "the dealer does not qualify",
    "lower": "beats the dealer",
    "tie": "ties the dealer",
    "higher": "loses to the dealer",
}
FOLD = "fold"


@dataclass(frozen=True, slots=True)
class ClassCounts:
    """Per box strength: how many box hands, and dealer hands in each class."""

    table: HandTable
    qualify: int  # the first strength that qualifies
    boxes: NDArray[np.int64]  # [R] box hands of each strength
    classes: NDArray[np.int64]  # [R, 5] summed over those box hands
    dealer_hands: int  # per box hand: C(n-5, 5)
    nets: list[tuple[Fraction, ...]]  # [R] (fold, *class nets) per ANTE, by the engine


def class_counts(profile: StudProfile, deck: tuple[int, ...] = tuple(range(52))) -> ClassCounts:
    """Every box hand of ``deck`` against every dealer hand of the rest, by class."""
    table = hand_table(deck, profile.ace_king)
    n = table.size
    hands = all_hands(5, deck=n).astype(np.int64)
    colex = sum(BINOM[hands[:, i], i + 1] for i in range(5))
    strength = table.rank_of[colex].astype(np.int64)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    size = len(table.values)
    xs = np.stack(
        [strength, strength + 1, np.full_like(strength, qualify), np.full_like(strength, size)],
        axis=1,
    )
    below, upto, nq, total = count_many(table, hands, -np.ones(len(hands), np.int64), xs).T
    nq_lower = np.minimum(below, nq)
    per_hand = np.stack(
        [
            nq_lower,
            nq - nq_lower,
            np.maximum(below - nq, 0),
            np.where(strength >= qualify, upto - below, 0),
            total - np.maximum(upto, nq),
        ],
        axis=1,
    )
    classes = np.zeros((size, len(CLASSES)), dtype=np.int64)
    np.add.at(classes, strength, per_hand)
    boxes = np.bincount(strength, minlength=size).astype(np.int64)
    nets = strength_nets(profile, table, qualify)
    return ClassCounts(table, qualify, boxes, classes, comb(n - 5, 5), nets)


@dataclass(frozen=True, slots=True)
class StrategyFigures:
    name: str
    ret: Fraction  # per ANTE
    mean_staked: Fraction  # ANTEs staked per round (ANTE + BET when played)
    variance: Fraction  # of the net per ANTE
    play_rate: Fraction
    distribution: dict[Fraction, Fraction]  # net per ANTE -> probability
    # (final hand or "fold", how the round ended, net per ANTE) -> probability
    lines: dict[tuple[str, str, Fraction], Fraction]

    @property
    def house_edge(self) -> Fraction:
        return -self.ret

    @property
    def element_of_risk(self) -> Fraction:
        return -self.ret / self.mean_staked

    @property
    def std_dev(self) -> float:
        return math.sqrt(self.variance)


def strategy_figures(
    profile: StudProfile, counts: ClassCounts, name: str, plays: Callable[[int], bool]
) -> StrategyFigures:
    """The exact figures of a strategy that plays the strengths ``plays`` accepts."""
    deals = int(counts.boxes.sum()) * counts.dealer_hands
    lines: Counter[tuple[str, str, Fraction]] = Counter()
    played = 0
    for s, row in enumerate(counts.nets):
        boxes = int(counts.boxes[s])
        if not boxes:
            continue
        if plays(s):
            played += boxes
            hand = Category(int(counts.table.values[s]) // CATEGORY_BASE).label
            classes = zip(CLASSES, row[1:], counts.classes[s].tolist(), strict=True)
            for outcome, net, n in classes:
                if n:
                    lines[(hand, ENDINGS[outcome], net)] += n
        else:
            lines[(FOLD, FOLD, row[0])] += boxes * counts.dealer_hands
    tally: Counter[Fraction] = Counter()
    for (_, _, net), n in lines.items():
        tally[net] += n
    ret = sum((net * n for net, n in tally.items()), Fraction(0)) / deals
    square = sum((net * net * n for net, n in tally.items()), Fraction(0)) / deals
    play_rate = Fraction(played, int(counts.boxes.sum()))
    return StrategyFigures(
        name,
        ret,
        1 + profile.bet_antes * play_rate,
        square - ret * ret,
        play_rate,
        {net: Fraction(n, deals) for net, n in sorted(tally.items())},
        {line: Fraction(n, deals) for line, n in lines.items()},
    )


def baselines(
    profile: StudProfile, deck: tuple[int, ...] = tuple(range(52))
) -> tuple[ClassCounts, tuple[StrategyFigures, StrategyFigures]]:
    counts = class_counts(profile, deck)
    always = strategy_figures(profile, counts, STRATEGIES[0], lambda s: True)
    qualifying = strategy_figures(profile, counts, STRATEGIES[1], lambda s: s >= counts.qualify)
    return counts, (always, qualifying)


def starting_hand(value: int) -> str:
    """A starting hand's class for the EV chart: two pair and up by name, a pair
    by its rank, a high card by its two highest ranks."""
    category = Category(value // CATEGORY_BASE)
    ranks = unpack_ranks(value)
    if category >= Category.TWO_PAIR:
        return category.label
    if category is Category.PAIR:
        return f"pair of {RANKS[ranks[0]]}s"
    return f"{RANKS[ranks[0]]}-{RANKS[ranks[1]]} high"


@dataclass(frozen=True, slots=True)
class StartingHand:
    name: str
    probability: Fraction
    play: Fraction  # EV per ANTE of playing every hand of the class, never improving
    fold: Fraction


def starting_hands(counts: ClassCounts) -> list[StartingHand]:
    """The EV of playing and of folding each class of starting hands (lowest
    first), exact, never improving: the sheet's "EV by starting hand"."""
    boxes: Counter[str] = Counter()
    play: defaultdict[str, Fraction] = defaultdict(Fraction)
    fold: defaultdict[str, Fraction] = defaultdict(Fraction)
    for s, row in enumerate(counts.nets):
        n = int(counts.boxes[s])
        if not n:
            continue
        name = starting_hand(int(counts.table.values[s]))
        boxes[name] += n
        classes = zip(row[1:], counts.classes[s].tolist(), strict=True)
        play[name] += sum((net * k for net, k in classes), Fraction(0))
        fold[name] += row[0] * n
    total = int(counts.boxes.sum())
    return [
        StartingHand(name, Fraction(n, total), play[name] / (n * counts.dealer_hands),
                     fold[name] / n)
        for name, n in boxes.items()
    ]  # fmt: skip


def dealer_qualifies(counts: ClassCounts) -> Fraction:
    """P(the dealer qualifies), averaged over every box hand (card removal included)."""
    nq = int(counts.classes[:, :2].sum())
    return 1 - Fraction(nq, int(counts.boxes.sum()) * counts.dealer_hands)


def hit_frequencies(counts: ClassCounts) -> dict[Category, Fraction]:
    """How often the box's five cards make each hand (no improvement)."""
    total = int(counts.boxes.sum())
    result: Counter[Category] = Counter()
    for value, boxes in zip(counts.table.values.tolist(), counts.boxes.tolist(), strict=True):
        result[Category(value // CATEGORY_BASE)] += boxes
    return {c: Fraction(result[c], total) for c in sorted(result)}
