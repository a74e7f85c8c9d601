"""Exact class counts over every hand: the evaluator against combinatorics."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.poker.batch import (
    all_hands,
    best_batch,
    categories,
    categories3,
    rank3_batch,
    rank5_batch,
)
from croupier.poker.hand import Category

C = Category

FIVE_CARD_COUNTS = {
    C.HIGH_CARD: 1_302_540,
    C.PAIR: 1_098_240,
    C.TWO_PAIR: 123_552,
    C.THREE_OF_A_KIND: 54_912,
    C.STRAIGHT: 10_200,
    C.FLUSH: 5_108,
    C.FULL_HOUSE: 3_744,
    C.FOUR_OF_A_KIND: 624,
    C.STRAIGHT_FLUSH: 36,
    C.ROYAL_FLUSH: 4,
}
# Ace-king high with no pair, straight or flush: 164 rank sets (A K and three
# of the other 11 ranks, less A-K-Q-J-T) times 4**5 - 4 non-flush suitings.
ACE_KING_FIVE = 164 * (4**5 - 4)

SEVEN_CARD_COUNTS = {
    C.HIGH_CARD: 23_294_460,
    C.PAIR: 58_627_800,
    C.TWO_PAIR: 31_433_400,
    C.THREE_OF_A_KIND: 6_461_620,
    C.STRAIGHT: 6_180_020,
    C.FLUSH: 4_047_644,
    C.FULL_HOUSE: 3_473_184,
    C.FOUR_OF_A_KIND: 224_848,
    C.STRAIGHT_FLUSH: 37_260,
    C.ROYAL_FLUSH: 4_324,
}

THREE_CARD_COUNTS = {
    C.HIGH_CARD: 16_440,
    C.PAIR: 3_744,
    C.FLUSH: 1_096,
    C.STRAIGHT: 720,
    C.THREE_OF_A_KIND: 52,
    C.STRAIGHT_FLUSH: 48,
}


def tally(cats: np.ndarray) -> dict[Category, int]:
    counts = np.bincount(cats, minlength=len(Category))
    return {c: int(counts[c]) for c in Category if counts[c]}


def test_000_category_counts_over_all_2598960_five_card_hands() -> None:
    values = rank5_batch(all_hands(5))
    assert tally(categories(values)) == FIVE_CARD_COUNTS
    # 7,462 distinct hands up to suits, the well-known number
    assert len(np.unique(values)) == 7462


def test_000_ace_king_count_over_all_five_card_hands() -> None:
    with_ak = tally(categories(rank5_batch(all_hands(5), ace_king=True)))
    assert with_ak[C.ACE_KING] == ACE_KING_FIVE
    assert with_ak[C.HIGH_CARD] == FIVE_CARD_COUNTS[C.HIGH_CARD] - ACE_KING_FIVE
    assert with_ak[C.PAIR] == FIVE_CARD_COUNTS[C.PAIR]


def test_023_category_counts_over_all_22100_three_card_hands() -> None:
    values = rank3_batch(all_hands(3))
    assert len(values) == 22_100
    assert tally(categories3(values)) == THREE_CARD_COUNTS


@pytest.mark.slow
def test_000_category_counts_over_all_133784560_seven_card_hands() -> None:
    fives = all_hands(5)
    starts = np.searchsorted(fives[:, 0], np.arange(53))
    counts = np.zeros(len(Category), dtype=np.int64)
    total = 0
    for a in range(46):
        for b in range(a + 1, 47):
            tail = fives[starts[b + 1] :]  # five cards all above b
            hands = np.empty((len(tail), 7), dtype=np.uint8)
            hands[:, 0] = a
            hands[:, 1] = b
            hands[:, 2:] = tail
            counts += np.bincount(categories(best_batch(hands)), minlength=len(Category))
            total += len(tail)
    assert total == 133_784_560
    assert {c: int(counts[c]) for c in Category if counts[c]} == SEVEN_CARD_COUNTS


def test_000_five_card_values_tie_exactly_when_ranks_and_flushness_match() -> None:
    hands = all_hands(5)
    values = rank5_batch(hands).astype(np.int64)
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1).astype(np.int64)
    shape = flush
    for column in range(5):
        shape = shape * 13 + ranks[:, column]
    pairs = np.unique(values << 20 | shape)  # shape < 2**20
    # one value per (ranks, flush) shape and one shape per value: suits never matter otherwise
    assert len(pairs) == len(np.unique(values)) == len(np.unique(shape)) == 7462
