"""The sampled house edge with improvements: exact strata, the value of
improving per deal, reproducible by seed, and the stratified interval."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from croupier.math.stud.advise import Situation, advise, play_value
from croupier.math.stud.sampled import STRATA, improvements, strata_probabilities, stratified
from croupier.profiles import load


def test_the_strata_are_the_exact_chances_of_the_first_five() -> None:
    p = strata_probabilities(load("five-card-exchange"))
    total = comb(52, 5)
    assert p[STRATA.index("pair")] == pytest.approx(1_098_240 / total, abs=1e-15)
    assert p[STRATA.index("two pairs")] == pytest.approx(123_552 / total, abs=1e-15)
    assert p[STRATA.index("three of a kind")] == pytest.approx(54_912 / total, abs=1e-15)
    assert sum(p) == pytest.approx(1.0, abs=1e-15)


def test_the_value_of_improving_is_the_best_option_less_the_best_final_decision() -> None:
    profile = load("five-card-exchange")
    gains, _ = improvements(profile, 6, seed=5)
    again, _ = improvements(profile, 6, seed=5)
    assert gains == again  # the seed fixes the deals
    rng = np.random.default_rng(5)
    for _ in range(6):
        deal = rng.permutation(52)[:6].tolist()
        five, up = tuple(deal[:5]), deal[5]
        stand = max(play_value(profile, five, up).values())
        gain = advise(profile, Situation(five, up))[0].ev - stand
        assert any(gain == pytest.approx(g, abs=1e-12) for values in gains for g in values)
        assert gain >= -1e-12


def test_a_stratum_drawn_once_joins_the_one_below() -> None:
    mean, half = stratified([0.5, 0.3, 0.2], [[0.0, 0.2], [0.1, 0.3], [1.0]])
    # the last two strata pooled: 0.5 * 0.1 + 0.5 * mean(0.1, 0.3, 1.0)
    assert mean == pytest.approx(0.05 + 0.5 * (1.4 / 3), abs=1e-15)
    assert half > 0
