"""``croupier analyze <stud profile>``: the figures the stud math lab has, as a Report.

Always: the two baseline strategies, exactly (:mod:`croupier.math.stud.baseline`).
Runs of :mod:`croupier.math.stud.strategy` (chunks cached under the profile's
content hash) are reported when every chunk is in the cache: today the
``play`` mode (best play/fold/insure per hand and up card, minutes); the
``improve`` mode (hours of CPU) is never started by this command.
"""

from __future__ import annotations

import time
from typing import Any

from croupier.games.stud.profile import StudProfile
from croupier.math.analyze import Figure, Report
from croupier.math.stud.baseline import (
    StrategyFigures,
    baselines,
    dealer_qualifies,
    hit_frequencies,
    sqrt_fraction,
)
from croupier.math.stud.learnable import Learned
from croupier.math.stud.strategy import cached_results, learnable_strategies, summary

EXACT = "exact, every deal counted"


def _strategy_figures(s: StrategyFigures) -> list[Figure]:
    sd = sqrt_fraction(s.variance)
    return [
        Figure(f"return per ANTE ({s.name})", float(s.ret), s.ret, EXACT),
        Figure(f"house edge per ANTE ({s.name})", float(s.house_edge), s.house_edge, EXACT),
        Figure(
            f"element of risk ({s.name})",
            float(s.element_of_risk),
            s.element_of_risk,
            "house edge per unit staked (ANTE + BET)",
        ),
        Figure(f"standard deviation per round, ANTEs ({s.name})", sd, None, "sqrt of exact"),
        Figure(f"P(the box plays) ({s.name})", float(s.play_rate), s.play_rate, EXACT),
    ]


def _learned_figures(learned: list[Learned], note: str) -> list[Figure]:
    figures = []
    for s in learned:
        name = f"learnable strategy, {s.name}"
        rules = "; ".join(s.rules)
        figures.append(Figure(f"return per ANTE ({name})", s.ret, None, f"{note}. Rules: {rules}"))
        figures.append(
            Figure(f"cost against the best play/fold per class ({name})", s.cost, None, note)
        )
    return figures


def analyze(profile: StudProfile) -> Report:
    started = time.perf_counter()
    counts, strategies = baselines(profile)
    figures: list[Figure] = []
    for s in strategies:
        figures += _strategy_figures(s)
    q = dealer_qualifies(counts)
    figures.append(Figure("P(the dealer qualifies)", float(q), q, EXACT))
    tables: dict[str, list[dict[str, Any]]] = {
        "hit frequency of the first five cards (no improvement)": [
            {"hand": c.label, "probability": float(p), "exact": str(p)}
            for c, p in hit_frequencies(counts).items()
        ]
    }
    for s in strategies:
        tables[f"net result per ANTE ({s.name})"] = [
            {"net": str(net), "probability": float(p), "exact": str(p)}
            for net, p in s.distribution.items()
        ]
    results = cached_results(profile, "play")
    if results is not None:
        best = summary(results, len(results))
        name = "best play/fold/insure per hand and up card, never improve"
        note = "every class counted exactly, summed in floats (a finished cached run)"
        if profile.buy_game is not None:
            note += "; a no-game show is valued as taking the ANTE (a lower bound)"
        figures.append(Figure(f"return per ANTE ({name})", best["return per ANTE"], None, note))
        figures.append(
            Figure(f"house edge per ANTE ({name})", best["house edge per ANTE"], None, note)
        )
        tables[f"best decision frequency ({name})"] = [
            {"decision": k, "frequency": v} for k, v in best["best decision frequency"].items()
        ]
        learned = learnable_strategies(results)
        figures += _learned_figures(learned, note)
        tables["learnable strategies (rules in order, never improve)"] = [
            {"strategy": s.name, "rule": i + 1, "text": rule}
            for s in learned
            for i, rule in enumerate(s.rules)
        ]
    return Report(
        profile.id,
        "exact: every box hand against every dealer hand of the other 47 cards "
        "(dealer outcomes counted with card removal, settled by the engine); "
        "baselines never improve, buy nothing, stake no side bet, table cap not applied; "
        "the optimal strategy with improvement options is not in this report yet",
        tuple(figures),
        tables,
        seconds=time.perf_counter() - started,
    )
