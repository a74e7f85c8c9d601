"""The per-situation table of the dealer's completions against the general
counting (itself checked against enumeration in test_stud_baseline)."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.math.stud.completions import completions
from croupier.math.stud.counting import count_many, hand_table


@pytest.mark.parametrize("ace_king", [False, True])
def test_counts_avoiding_any_draw_agree_with_the_general_counting(ace_king: bool) -> None:
    table = hand_table(tuple(range(52)), ace_king)
    rng = np.random.default_rng(7 + ace_king)
    deal = rng.permutation(52)
    box, up = deal[:5].astype(np.int64), int(deal[5])
    top, qualify = len(table.values), int(rng.integers(1, len(table.values)))
    dealer = completions(table, up, box, qualify)
    rows, strengths = [], []
    for size in range(6):
        for _ in range(12):
            drawn = rng.choice(dealer.unseen, size=size, replace=False)
            # a card the box gave away may come back in a draw: not the dealer's
            rows.append(np.concatenate([drawn, box[:1], np.full(5 - size, box[1])]))
            strengths.append(int(rng.integers(0, top)))
    got = dealer.count(np.array(rows), np.array(strengths))
    for row, strength, counts in zip(rows, strengths, got.tolist(), strict=True):
        avoid = np.unique(np.concatenate([box, row]))[None, :]
        xs = np.array([[strength, strength + 1, qualify, top]])
        assert counts == count_many(table, avoid, np.array([up]), xs)[0].tolist()


def test_a_table_for_short_draws_refuses_a_longer_one() -> None:
    table = hand_table(tuple(range(52)), False)
    dealer = completions(table, 51, [0, 1, 2, 3, 4], 3, levels=1)
    with pytest.raises(ValueError, match="1 card"):
        dealer.count(np.array([[10, 11]]), np.array([5]))
