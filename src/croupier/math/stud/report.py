"""``croupier analyze <stud profile>``: the figures the stud math lab has, as a Report.

Always: the two baseline strategies, exactly (:mod:`croupier.math.stud.baseline`).
Runs of :mod:`croupier.math.stud.strategy` (chunks cached under the profile's
content hash) are reported when every chunk is in the cache: the ``play``
mode (best play/fold/insure per hand and up card, minutes) and, for the
one-draw profiles ([001]), the ``improve`` mode: the optimum with every
improvement option as a wager (:mod:`croupier.math.stud.optimum`) and its
learnable charts (:mod:`croupier.math.stud.improve_charts`). The ``improve``
run (~0.4 CPU-hours a profile) is never started by this command. The side
stakes on their own: [004]'s player and dealer BONUS as wagers, exactly
(:mod:`croupier.math.stud.side_stakes`), [000]'s BONUS as the price of its
options for a box that never improves (:mod:`croupier.math.stud.bonus_price`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from croupier.games.stud.profile import StudProfile
from croupier.math.analyze import Chart, Figure, Outcome, Report, Wager
from croupier.math.stud import bonus_price
from croupier.math.stud.baseline import (
    FOLD,
    StrategyFigures,
    baselines,
    dealer_qualifies,
    hit_frequencies,
    starting_hands,
)
from croupier.math.stud.improve_charts import Chart as ImproveChart
from croupier.math.stud.improve_charts import charts as charts_with_improvements
from croupier.math.stud.learnable import Learned, Tally
from croupier.math.stud.optimum import (
    NAME,
    has_ends,
    optimum_qualifies,
    optimum_tables,
    optimum_wager,
)
from croupier.math.stud.side_stakes import bonus_wagers
from croupier.math.stud.strategy import (
    ChunkResult,
    cached_results,
    learnable_strategies,
    run_tally,
    summary,
)

EXACT = "exact, every deal counted"
OPTIMUM = (
    "every class counted exactly (the best option chosen on the advisor's values in "
    "floats; the figures of the strategy so chosen exact)"
)


def _wager(s: StrategyFigures) -> Wager:
    """A baseline as the sheet's wager: every (final hand, ending) line with its
    net; return, element of risk, std dev and hit frequencies derive from it."""
    outcomes = tuple(
        Outcome(FOLD if hand == FOLD else f"{hand}, {ending}", net, p)
        for (hand, ending, net), p in s.lines.items()
    )
    return Wager(s.name, "ANTE", outcomes, s.mean_staked)


def _by_final_hand(s: StrategyFigures) -> list[dict[str, Any]]:
    """How often each final hand (or a fold) ends the round and what it adds to the return."""
    rows: dict[str, list[Fraction]] = {}
    for (hand, _, net), p in s.lines.items():
        row = rows.setdefault(hand, [Fraction(0), Fraction(0)])
        row[0] += p
        row[1] += p * net
    return [
        {"final hand": hand, "probability": float(p), "contribution to the return": float(c),
         "exact contribution": str(c)}
        for hand, (p, c) in rows.items()
    ]  # fmt: skip


def _learned_figures(learned: Sequence[Learned | ImproveChart], note: str,
                     against: str = "the best play/fold per class") -> list[Figure]:  # fmt: skip
    figures = []
    for s in learned:
        name = f"learnable strategy, {s.name}"
        if not s.rules:
            rules = "none (a bound: the best action per rule class, not a chart)"
        elif len(s.rules) > 20:
            rules = f"{len(s.rules)} of them, in the tables (--json) and the PAR sheet"
        else:
            rules = "; ".join(s.rules)
        figures.append(Figure(f"return per ANTE ({name})", s.ret, None, f"{note}. Rules: {rules}"))
        figures.append(Figure(f"cost against {against} ({name})", s.cost, None, note))
    return figures


def _optimum_figures(results: list[ChunkResult], wager: Wager) -> list[Figure]:
    """P(the dealer qualifies) under the optimum; the run's own sum (floats)
    checked against the wager's exact return: they must agree."""
    run = summary(results, len(results))
    if abs(float(wager.ev) - run["return per ANTE"]) > 1e-12:
        raise ValueError(f"the optimum's rounds return {float(wager.ev)}, its values "
                         f"{run['return per ANTE']}: the cached run is inconsistent")  # fmt: skip
    q = optimum_qualifies(results)
    return [Figure(f"P(the dealer qualifies) ({NAME})", float(q), q, OPTIMUM)]


def optimum_section(
    results: list[ChunkResult], tally: Tally | None
) -> tuple[Wager, list[Figure], dict[str, list[dict[str, Any]]], Chart]:
    """A finished [001] or [003] ``improve`` run in the report: the optimum as a wager, P(the
    dealer qualifies), how often each decision is taken and each final hand ends
    the round, the learnable charts with the improvements (from the run's rule-class
    ``tally``, :func:`~croupier.math.stud.strategy.run_tally`; none without it)."""
    wager = optimum_wager(results)
    figures = _optimum_figures(results, wager)
    tables = optimum_tables(results)
    tables[f"net result per ANTE ({NAME})"] = [
        {"net": str(net), "probability": float(p), "exact": str(p)}
        for net, p in wager.distribution().items()
    ]
    tables[f"first decision frequency ({NAME})"] = [
        {"decision": k, "frequency": v}
        for k, v in summary(results, len(results))["best decision frequency"].items()
    ]
    drawn = charts_with_improvements(tally) if tally else []
    figures += _learned_figures(drawn, "every class counted exactly, summed in floats",
                                "the optimum")  # fmt: skip
    if drawn:
        tables["learnable strategies with the improvements (rules in order)"] = [
            {"strategy": s.name, "rule": i + 1, "text": rule}
            for s in drawn
            for i, rule in enumerate(s.rules)
        ]
    chart = Chart(f"final hand frequency ({NAME})", "final hand", "probability")
    return wager, figures, tables, chart


def analyze(profile: StudProfile, deck: tuple[int, ...] = tuple(range(52))) -> Report:
    """The report of ``profile`` (``deck``: a short deck for tests; the cached
    per-class run is only read for the full deck)."""
    started = time.perf_counter()
    counts, strategies = baselines(profile, deck)
    figures = [
        Figure(f"P(the box plays) ({s.name})", float(s.play_rate), s.play_rate, EXACT)
        for s in strategies
    ]
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
    starting = "EV per ANTE by starting hand (never improving)"
    tables[starting] = [
        {"starting hand": h.name, "probability": float(h.probability),
         "EV of playing": float(h.play), "EV of folding": float(h.fold),
         "better": "play" if h.play > h.fold else "fold", "exact EV of playing": str(h.play)}
        for h in starting_hands(counts)
    ]  # fmt: skip
    charts = [Chart(starting, "starting hand", "EV of playing")]
    for s in strategies:
        name = f"contribution to the return by final hand ({s.name})"
        tables[name] = _by_final_hand(s)
        charts.append(Chart(name, "final hand", "contribution to the return"))
    full_deck = len(deck) == 52
    results = cached_results(profile, "play") if full_deck else None
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
    wagers = [_wager(s) for s in strategies]
    improved = cached_results(profile, "improve") if full_deck else None
    if improved is not None and has_ends(improved):
        tally = run_tally(profile, "improve", improved)
        wager, more, more_tables, chart = optimum_section(improved, tally)
        wagers.append(wager)
        figures += more
        tables |= more_tables
        charts.append(chart)
    wagers += bonus_wagers(profile, deck)
    more, more_tables = bonus_price.section(profile, deck)
    figures += more
    tables |= more_tables
    return Report(
        profile.id,
        "exact: every box hand against every dealer hand of the other 47 cards "
        "(dealer outcomes counted with card removal, settled by the engine); "
        "baselines never improve, buy nothing, stake no side bet, table cap not applied; "
        "side stakes on their own, exactly; "
        + (
            "the optimal strategy with every improvement option from its cached run"
            if improved is not None and has_ends(improved)
            else "the optimal strategy with improvement options: not in this report "
            "(no finished cached improve run)"
        ),
        tuple(figures),
        tables,
        seconds=time.perf_counter() - started,
        wagers=tuple(wagers),
        charts=tuple(charts),
    )
