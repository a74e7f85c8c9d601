"""The optimal strategy's PAR figures, from a finished [001] ``improve`` run.

Each chunk of the run (:mod:`croupier.math.stud.strategy`) keeps, for the
best first decision of every class, how its rounds end: the final decision,
the dealer's outcome class, the final hand, the net and what was staked per
ANTE (the engine's settlement, the improvement's price included), counted
exactly (deals x dealer hands x draws over a common denominator). Summed over
the chunks they are the optimum as a :class:`~croupier.math.analyze.Wager`:
its return (an exact fraction, which must agree with the run's sum of the
best values in floats), the element of risk, the standard deviation, the
distribution of the net result and the hit frequency of every final hand,
plus P(the dealer qualifies) and how often each decision is taken. Which
option is best was decided in floats (the advisor's values); the figures of
the strategy so chosen are exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from croupier.math.analyze import Outcome, Wager
from croupier.math.stud.baseline import ENDINGS, FOLD
from croupier.math.stud.finals import DECISIONS, Context, strength_nets, strength_stakes
from croupier.math.stud.outcomes import ANTE, CLASSES
from croupier.poker.values import CATEGORY_SHIFT, Category

if TYPE_CHECKING:
    from croupier.math.stud.strategy import ChunkResult

NAME = "optimal strategy (every improvement option)"
FIRSTS = {
    "now": "",
    "exchange 1": "after an exchange: ",
    "buy_sixth": "after the 6th card: ",
    "buy_sixth, exchange 1": "after the 6th card and an exchange: ",
    "buy_sixth, exchange 2": "after the 6th card and an exchange: ",
}
# [003]: a box playing its five now buys a game after a no-game show (``bought_*``)
BOUGHT_ENDINGS = {
    "bought_none": "a game bought, the dealer still without one",
    "bought_lower": "a game bought, beats the dealer",
    "bought_tie": "a game bought, ties the dealer",
    "bought_higher": "a game bought, loses to the dealer",
}
QUALIFIED = ("lower", "tie", "higher")
ORDER = {c.label: int(c) for c in Category}


def in_antes(x: float) -> Fraction:
    """A price or net per ANTE (a float of a whole number of minor units) as a fraction."""
    return Fraction(round(x * ANTE), ANTE)


def path_ends(ctx: Context, firsts: Sequence[str], prices: Sequence[Fraction],
              counts: NDArray[np.int64]) -> Counter[str]:  # fmt: skip
    """Counts ``counts[path, decision, class, strength]`` by what the PAR sheet
    shows: ``"first|final|ending|final hand|net|staked"`` (first: ``firsts[path]``;
    final: the final decision; ending: the dealer's outcome class, ``no_game``
    for both without one; net and staked per ANTE, exact fractions: the engine's
    settlement, ``prices[path]`` included)."""
    nets, stakes = strength_nets(ctx), strength_stakes(ctx)
    out: Counter[str] = Counter()
    for o, d, k, s in zip(*np.nonzero(counts), strict=True):
        hand = Category(int(ctx.table.values[s]) >> CATEGORY_SHIFT).label
        net = in_antes(float(nets[s, d, k])) - prices[o]
        stake = in_antes(float(stakes[s, d])) + prices[o]
        ending = "no_game" if k < 2 else CLASSES[k]  # blind hands put both in nq_higher
        out[f"{firsts[o]}|{DECISIONS[d]}|{ending}|{hand}|{net}|{stake}"] += int(counts[o, d, k, s])
    return out


def _ends(results: Sequence[ChunkResult]) -> tuple[Counter[tuple[str, ...]], int]:
    counts: Counter[tuple[str, ...]] = Counter()
    for r in results:
        for key, n in r.ends.items():
            counts[tuple(key.split("|"))] += n
    return counts, sum(r.weight * r.per_deal for r in results)


def has_ends(results: Sequence[ChunkResult]) -> bool:
    """Whether the run kept how its rounds end (the [001] compiled pass)."""
    return all(r.per_deal for r in results)


def optimum_wager(results: Sequence[ChunkResult]) -> Wager:
    """The optimal strategy as the sheet's wager: every (improvement, final hand,
    ending) line with its net per ANTE and its exact probability."""
    counts, total = _ends(results)
    lines: Counter[tuple[str, Fraction]] = Counter()
    staked = Fraction(0)
    for (first, final, ending, hand, net, stake), n in counts.items():
        prefix = FIRSTS.get(first, f"after {first}: ")
        end = {**ENDINGS, **BOUGHT_ENDINGS}.get(ending, "the dealer does not qualify")
        line = prefix + (FOLD if final == "fold" else f"{hand}, {end}")
        lines[(line, Fraction(net))] += n
        staked += Fraction(stake) * n
    outcomes = tuple(Outcome(line, net, Fraction(n, total)) for (line, net), n in lines.items())
    return Wager(NAME, "ANTE", outcomes, staked / total)


def optimum_qualifies(results: Sequence[ChunkResult]) -> Fraction:
    counts, total = _ends(results)
    return Fraction(sum(n for key, n in counts.items() if key[2] in QUALIFIED), total)


def optimum_tables(results: Sequence[ChunkResult]) -> dict[str, list[dict[str, Any]]]:
    """How often each decision is taken and each final hand ends the round."""
    counts, total = _ends(results)
    decisions: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for (first, final, _, hand, _, _), n in counts.items():
        decisions[final if first == "now" else f"{first}, then {final}"] += n
        hands[hand] += n
        if final != "fold":
            played[hand] += n
    return {
        f"decision frequency ({NAME})": [
            {"decision": d, "probability": float(p), "exact": str(p)}
            for d, p in ((d, Fraction(n, total)) for d, n in decisions.most_common())
        ],
        f"final hand frequency ({NAME})": [
            {"final hand": h, "probability": float(Fraction(n, total)),
             "played": float(Fraction(played[h], total)), "exact": str(Fraction(n, total))}
            for h, n in sorted(hands.items(), key=lambda x: ORDER[x[0]])
        ],
    }  # fmt: skip
