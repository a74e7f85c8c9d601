"""Hand evaluator benchmark: ours (batch and scalar) against treys, eval7,
pokerkit and phevaluator, on the same random hands, for 5 and 7 cards.

    .venv/bin/python benchmarks/evaluator.py            # default: 500,000 hands, about a minute
    .venv/bin/python benchmarks/evaluator.py --hands 1000000

Prints hands per second and the ratio ours / theirs. The slow pure-Python
evaluators (treys, pokerkit) get the first tenth of the hands. Goals (issue 2):
batch >= 3x phevaluator's raw C call on 5 cards and >= 1.5x on 7 cards; the
scalar path at least as fast as treys on 5 cards.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import eval7
import numpy as np
import phevaluator
from numpy.typing import NDArray
from phevaluator import _pheval
from pokerkit import Card as PkCard
from pokerkit import StandardHighHand
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from croupier.cards import format_card
from croupier.poker.batch import best_batch
from croupier.poker.hand import best_of, value_best


def random_hands(count: int, size: int, seed: int) -> NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


def rate(run: Callable[[], Any], hands: int, repeat: int = 3) -> float:
    """Hands per second, best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return hands / best


def contenders(hands: NDArray[np.uint8], slow_count: int) -> dict[str, tuple[float, str]]:
    size = hands.shape[1]
    rows = hands.tolist()
    slow_rows = rows[:slow_count]
    names = [format_card(c) for c in range(52)]
    treys_cards = [TreysCard.new(n) for n in names]
    treys_hands = [[treys_cards[c] for c in row] for row in slow_rows]
    treys = TreysEvaluator()
    eval7_cards = [eval7.Card(n) for n in names]
    eval7_hands = [[eval7_cards[c] for c in row] for row in rows]
    pk_cards = [next(iter(PkCard.parse(n))) for n in names]
    pk_hands = [[pk_cards[c] for c in row] for row in slow_rows]
    raw = {5: _pheval.evaluate_5cards, 7: _pheval.evaluate_7cards}[size]
    n, s = len(rows), len(slow_rows)
    best_batch(hands[:10])  # compile (or load the compiled kernel) outside the timing
    return {
        "ours batch (best_batch)": (rate(lambda: best_batch(hands), n), "numpy in, int32 out"),
        "ours scalar (value_best)": (
            rate(lambda: [value_best(r) for r in rows], n),
            "Python loop, value only",
        ),
        "ours scalar (best_of)": (
            rate(lambda: [best_of(r) for r in slow_rows], s),
            "Python loop, HandRank with cards",
        ),
        "phevaluator raw C call": (rate(lambda: [raw(*r) for r in rows], n), "_pheval loop"),
        "phevaluator evaluate_cards": (
            rate(lambda: [phevaluator.evaluate_cards(*r) for r in rows], n),
            "public call loop",
        ),
        "eval7 evaluate": (rate(lambda: [eval7.evaluate(h) for h in eval7_hands], n), "C loop"),
        "treys evaluate": (
            rate(lambda: [treys.evaluate(h[:2], h[2:]) for h in treys_hands], s, 1),
            f"first {s:,} hands",
        ),
        "pokerkit StandardHighHand": (
            rate(lambda: [StandardHighHand.from_game(h) for h in pk_hands], s, 1),
            f"first {s:,} hands",
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500_000, help="hands per size")
    args = parser.parse_args()
    slow = max(1, args.hands // 10)
    goals = {5: (3.0, 1.0), 7: (1.5, None)}
    for size in (5, 7):
        hands = random_hands(args.hands, size, seed=size)
        results = contenders(hands, slow)
        batch = results["ours batch (best_batch)"][0]
        scalar = results["ours scalar (value_best)"][0]
        print(f"\n{size}-card hands, {args.hands:,} random hands")
        print(f"{'evaluator':<28}{'hands/s':>14}{'batch/it':>10}{'scalar/it':>11}  note")
        for name, (speed, note) in results.items():
            print(f"{name:<28}{speed:>14,.0f}{batch / speed:>10.2f}{scalar / speed:>11.2f}  {note}")
        batch_goal, scalar_goal = goals[size]
        raw = results["phevaluator raw C call"][0]
        verdict = "met" if batch / raw >= batch_goal else "MISSED"
        print(f"goal: batch >= {batch_goal}x phevaluator raw C: {batch / raw:.1f}x, {verdict}")
        if scalar_goal is not None:
            treys = results["treys evaluate"][0]
            verdict = "met" if scalar / treys >= scalar_goal else "MISSED"
            print(f"goal: scalar >= treys: {scalar / treys:.2f}x, {verdict}")


if __name__ == "__main__":
    main()
