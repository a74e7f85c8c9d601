"""Agreement with independent evaluators (phevaluator, treys) used as oracles.

Their numbers run the other way (1 is the best hand) and differ from ours, so
agreement means one strictly monotone mapping between the two: equal values
on one side exactly where the other is equal, and the same order.
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray
from phevaluator import _pheval
from treys import Card, Evaluator

from croupier.cards import format_card
from croupier.poker.batch import best_batch

PHEVAL = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}
TREYS_CARD = [Card.new(format_card(c)) for c in range(52)]


def random_hands(count: int, size: int, seed: int) -> NDArray[np.uint8]:
    """Distinct cards per row from a seeded generator (tests are reproducible)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


def assert_same_order(ours: NDArray[np.int32], theirs: NDArray[np.int64]) -> None:
    pairs = np.unique(np.stack([ours.astype(np.int64), theirs], axis=1), axis=0)
    # each of our values meets exactly one of theirs and vice versa ...
    assert len(np.unique(pairs[:, 0])) == len(pairs) == len(np.unique(pairs[:, 1]))
    # ... and ours going up means theirs going down (1 is their best hand)
    assert bool(np.all(np.diff(pairs[:, 1]) < 0))


def phevaluator_values(hands: NDArray[np.uint8]) -> NDArray[np.int64]:
    evaluate = PHEVAL[hands.shape[1]]
    return np.array([evaluate(*row) for row in hands.tolist()], dtype=np.int64)


def treys_values(hands: NDArray[np.uint8]) -> NDArray[np.int64]:
    evaluator = Evaluator()
    out = []
    for row in hands.tolist():
        cards = [TREYS_CARD[c] for c in row]
        out.append(evaluator.evaluate(cards[:2], cards[2:]))
    return np.array(out, dtype=np.int64)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_agrees_with_phevaluator_on_50k_random_hands(size: int) -> None:
    hands = random_hands(50_000, size, seed=size)
    assert_same_order(best_batch(hands), phevaluator_values(hands))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_agrees_with_treys_on_20k_random_hands(size: int) -> None:
    hands = random_hands(20_000, size, seed=100 + size)
    assert_same_order(best_batch(hands), treys_values(hands))


@pytest.mark.soak
@pytest.mark.parametrize("size", [5, 6, 7])
def test_agrees_with_phevaluator_on_1m_random_hands(size: int) -> None:
    hands = random_hands(1_000_000, size, seed=1000 + size)
    assert_same_order(best_batch(hands), phevaluator_values(hands))


@pytest.mark.soak
@pytest.mark.parametrize("size", [5, 6, 7])
def test_agrees_with_treys_on_1m_random_hands(size: int) -> None:
    # treys is pure Python (7 cards: about 60k hands/s): some 15 s a size.
    hands = random_hands(1_000_000, size, seed=2000 + size)
    assert_same_order(best_batch(hands), treys_values(hands))


def test_agreement_check_catches_a_wrong_order() -> None:
    ours = np.array([1, 2, 3], dtype=np.int32)
    with pytest.raises(AssertionError):
        assert_same_order(ours, np.array([1, 2, 3], dtype=np.int64))
    with pytest.raises(AssertionError):
        assert_same_order(ours, np.array([3, 2, 2], dtype=np.int64))
