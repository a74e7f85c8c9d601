"""A strategy a player can learn **with** the improvements ([001] and [003] profiles).

The ``improve`` run of :mod:`croupier.math.stud.strategy` tallies, per rule
class (the box's hand as :mod:`learnable` reads it, the up card's rank and
whether it pairs one of the box's cards, and the draw of
:mod:`draw_classes`), the value of every first decision a rule can name:
fold, play (and insure), exchange the odd card, exchange the lowest kicker,
buy the 6th card; and the optimum's own value. A strategy deciding per rule
class therefore has an exact return: the sum of its choices' tallies. In the
six-card profiles ([003]), where a box holding six may still give cards back,
"buy the 6th card" is buying it and standing with the six whatever it is: a
chart names no card to give back, so its return is what a player following
it gets (a lower bound of what the 6th card is worth to one who exchanges well).
Where the run also tallied the six after the 6th card (:mod:`after_sixth`), two
more ladders follow: the same charts with the six played as the optimum plays
them (the first decision's own cost), and charts for the six (stand, or give
back the lowest spare cards) with the optimum's first decisions, whose cost is
what playing the six by the chart costs against the optimum's play of them.

A learnable strategy here is a **chart**: for each draw (none, four to a
straight flush, a flush, an open or an inside straight) the hands in
showdown order cut into at most :data:`SEGMENTS` runs, one action each
("up to K-Q-J-9-8: fold; A-K-4-3-2 to A-K-Q-J-9: play; ..."), the best such
cut found exactly over the tallies (dynamic programming). Three, simplest
first: one chart for every up card; one when the up card pairs one of the
box's cards and one when not; one per up-card rank and pairing. Each comes
with its return and its cost against the optimum; the best action per rule
class (no limit on the runs) bounds what charts on these classes can reach.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from croupier.math.stud.after_sixth import actions, split
from croupier.math.stud.draw_classes import DRAWS, IMPROVEMENTS
from croupier.math.stud.finals import DECISIONS
from croupier.math.stud.learnable import RANKS, Tally, hand_name

ACTIONS = (*DECISIONS, *IMPROVEMENTS)  # the tally's columns after the deals, then the optimum
SEGMENTS = 4
PAIRING = ((1, "the up card pairs one of your cards"), (0, "otherwise"))


@dataclass(frozen=True, slots=True)
class Chart:
    """One learnable strategy with improvements: its rules in order, its return
    per ANTE and its cost against the optimum (ANTEs per round)."""

    name: str
    rules: tuple[str, ...]
    ret: float
    cost: float


@dataclass(frozen=True, slots=True)
class _Table:
    actions: tuple[str, ...]
    hands: list[tuple[int, int]]  # (draw, hand key), by draw then showdown order
    ups: list[tuple[int, int]]  # (up rank, pairs one of the box's cards)
    values: NDArray[np.float64]  # [up class, hand, action], -inf: not open to every deal
    deals: float
    optimum: float  # summed over every class


def _table(t: Tally, actions: tuple[str, ...]) -> _Table:
    """Rows ``[deals, each of actions, the optimum]`` keyed ``hand/up/pairs/draw``."""
    parsed = [(tuple(int(x) for x in name.split("/")), row) for name, row in t.items()]
    hands = sorted({(d, k) for (k, _, _, d), _ in parsed})
    ups = sorted({(u, p) for (_, u, p, _), _ in parsed})
    h_at = {h: i for i, h in enumerate(hands)}
    u_at = {u: i for i, u in enumerate(ups)}
    values = np.zeros((len(ups), len(hands), len(actions)))
    closed = np.zeros((len(hands), len(actions)), dtype=bool)
    deals = optimum = 0.0
    for (k, u, p, d), row in parsed:
        i, j = u_at[(u, p)], h_at[(d, k)]
        deals += row[0] or 0.0
        optimum += row[-1] or 0.0
        for a, value in enumerate(row[1:-1]):
            if value is None:
                closed[j, a] = True
            else:
                values[i, j, a] = value
    # an action not open to every deal of a hand class is no rule for it
    values[:, closed] = -np.inf
    return _Table(actions, hands, ups, values, deals, optimum)


def _segments(values: NDArray[np.float64], limit: int) -> tuple[list[int], float]:
    """The best action per hand (``values[hand, action]``) with at most ``limit``
    runs of one action along the hands: (actions, summed value)."""
    n, a = values.shape
    score = np.full((limit, a), -np.inf)
    score[0] = values[0]
    back = np.zeros((n, limit, a, 2), dtype=np.int64)  # (runs, action) before
    for j in range(1, n):
        stay = score
        best_prev = score.max(axis=1)
        arg_prev = score.argmax(axis=1)
        new = np.full((limit, a), -np.inf)
        for s in range(limit):
            keep = stay[s]
            switch = best_prev[s - 1] if s > 0 else -np.inf
            take_switch = switch > keep
            new[s] = values[j] + np.where(take_switch, switch, keep)
            back[j, s, :, 0] = np.where(take_switch, s - 1, s)
            back[j, s, :, 1] = np.where(take_switch, arg_prev[s - 1] if s > 0 else 0,
                                        np.arange(a))  # fmt: skip
        score = new
    runs, act = (int(x) for x in np.unravel_index(int(score.argmax()), score.shape))
    total = float(score[runs, act])
    chosen = [0] * n
    for j in range(n - 1, -1, -1):
        chosen[j] = act
        if j:
            runs, act = (int(x) for x in back[j, runs, act])
    return chosen, total


def _chart_rules(c: _Table, chosen: list[int], label: str) -> list[str]:
    rules = []
    for d, draw in enumerate(DRAWS):
        at = [j for j, (dd, _) in enumerate(c.hands) if dd == d]
        if not at:
            continue
        runs: list[tuple[int, int, int]] = []  # first, last hand index, action
        for j in at:
            if runs and runs[-1][2] == chosen[j]:
                runs[-1] = (runs[-1][0], j, chosen[j])
            else:
                runs.append((j, j, chosen[j]))
        parts = []
        for n, (first, last, action) in enumerate(runs):
            low, high = hand_name(c.hands[first][1]), hand_name(c.hands[last][1])
            does = c.actions[action].replace("_", " ")
            if len(runs) == 1:
                parts.append(does)
            elif n == 0:
                parts.append(f"{does} up to {high}")
            elif n == len(runs) - 1:
                parts.append(f"{does} with {low} or better")
            else:
                parts.append(
                    f"{does} with {low} to {high}" if first != last else f"{does} with {low}"
                )
        where = f"{label}, " if label else ""
        rules.append(f"{where}{draw or 'no draw'}: " + "; ".join(parts))
    return rules


def _ranks(ranks: list[int]) -> str:
    return RANKS[ranks[0]] if len(ranks) == 1 else f"{RANKS[ranks[0]]}-{RANKS[ranks[-1]]}"


def charts(t: Tally) -> list[Chart]:
    """The learnable strategies with improvements of a finished ``improve`` run's
    tallies, simplest first, and the best action per rule class (the bound); for a
    [003] run whose tallies carry the six after the 6th card (:mod:`after_sixth`), then
    the same with the six played as the optimum plays them, and the charts for the six."""
    five, then, six, given = split(t)
    c = _table(five, ACTIONS)
    out = _ladder(c, "", c.deals)
    if not then or not six:
        return out
    well = _table(_with_then(five, then), ACTIONS)
    out += _ladder(well, ", the six after the 6th card played as the optimum plays them",
                   c.deals)  # fmt: skip
    # A chart for the six alone has no return of its own: the optimum's first decisions
    # with the six played by it return the optimum less its cost.
    optimum = c.optimum / c.deals
    for chart in _ladder(_table(six, actions(given)), SIX_SUFFIX, c.deals):
        out.append(replace(chart, ret=optimum - chart.cost))
    return out


SIX_SUFFIX = ", for the six after the 6th card (the first decision the optimum's)"


def _with_then(five: Tally, then: Tally) -> Tally:
    """The five's tallies with buying the 6th card valued with the six played well."""
    at = 1 + ACTIONS.index("buy the 6th card")
    out: Tally = {}
    for name, row in five.items():
        changed = list(row)
        changed[at] = then[name][1]
        out[name] = changed
    return out


def _ladder(c: _Table, suffix: str, deals: float) -> list[Chart]:
    """The charts of one table, simplest first, then the bound; returns and costs per
    round over ``deals`` (every deal, also for a table of the deals that reach it)."""
    optimum = c.optimum / deals
    groups: list[tuple[str, list[tuple[str, list[int]]]]] = [
        ("one chart for every up card", [("", list(range(len(c.ups))))]),
        ("by whether the up card pairs one of yours", [
            (label, [i for i, (_, p) in enumerate(c.ups) if p == pairs]) for pairs, label in PAIRING
        ]),
        ("by the up card's rank and whether it pairs one of yours", [
            (f"up card {_ranks([u])}, {'pairing one of yours' if p else 'not pairing'}", [i])
            for pairs, _ in PAIRING for i, (u, p) in enumerate(c.ups) if p == pairs
        ]),
    ]  # fmt: skip
    out = []
    for name, parts in groups:
        rules: list[str] = []
        total = 0.0
        for label, rows in parts:
            if not rows:
                continue
            values = c.values[rows].sum(axis=0)
            chosen: list[int] = []
            for d in range(len(DRAWS)):
                at = [j for j, (dd, _) in enumerate(c.hands) if dd == d]
                if at:
                    picked, value = _segments(values[at], SEGMENTS)
                    chosen += picked
                    total += value
            rules += _chart_rules(c, chosen, label)
        ret = total / deals
        out.append(Chart(name + suffix, tuple(rules), ret, optimum - ret))
    best = float(c.values.max(axis=2).sum()) / deals
    bound = "the best action per rule class (no limit on the runs)"
    out.append(Chart(bound + suffix, (), best, optimum - best))
    return out
