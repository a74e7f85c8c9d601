"""Exact three-card poker returns: the world-standard game (``three-card-standard``)
against the published figures, and the seed's game (``three-card``, RULES.md §2.3)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from croupier.math.analyze import analyze
from croupier.math.three_card import ante_play, outcome_counts, pair_plus_return
from croupier.poker.batch import categories3
from croupier.poker.hand import Category
from croupier.profiles import load


def test_023_every_box_hand_meets_18424_dealer_hands() -> None:
    _, _, counts = outcome_counts(load("three-card"))
    assert counts.shape == (22100, 4)
    assert set(counts.sum(axis=1).tolist()) == {18424}


def test_023_standard_ante_play_house_edge_is_the_published_3_37_percent_playing_q64() -> None:
    ante, weakest = ante_play(load("three-card-standard"))
    assert ante == Fraction(-686689, 20358520)
    assert f"{float(-ante):.2%}" == "3.37%"
    assert weakest == (10, 4, 2)  # Q-6-4: the well-known optimal strategy


def test_023_seed_ante_table_paid_only_on_a_win_costs_the_bonus_on_losses_and_ties() -> None:
    """Seed [004]: the ANTE table (straight 2, trips 5, straight flush 6) pays only
    when the box beats the dealer or the dealer has no game. Against the standard
    game (1:1 plus a bonus 1-4-5 whatever the dealer holds) the box gives up exactly
    the bonus on its straights, trips and straight flushes that tie or lose to a
    qualifying dealer: both are played under Q-6-4, so the returns differ by that."""
    _, values, counts = outcome_counts(load("three-card"))
    cats = categories3(values)
    bonus = {Category.STRAIGHT: 1, Category.THREE_OF_A_KIND: 4, Category.STRAIGHT_FLUSH: 5}
    lost = sum(n * int(counts[cats == c][:, 2:].sum()) for c, n in bonus.items())
    seed, weakest = ante_play(load("three-card"))
    standard, _ = ante_play(load("three-card-standard"))
    assert weakest == (10, 4, 2)
    assert standard - seed == Fraction(lost, 22100 * 18424) == Fraction(15380, 20358520)
    assert f"{float(-seed):.4%}" == "3.4485%"


@pytest.mark.parametrize("profile", ["three-card", "three-card-standard"])
def test_023_pair_plus_40_30_6_4_1_house_edge_is_2_32_percent(profile: str) -> None:
    pp = pair_plus_return(load(profile))
    assert pp == Fraction(-512, 22100)
    assert f"{float(-pp):.2%}" == "2.32%"


def test_023_pair_plus_variant_40_30_6_3_1_is_7_28_percent() -> None:
    pp = pair_plus_return(load("three-card-pair-plus-40-30-6-3-1"))
    assert f"{float(-pp):.2%}" == "7.28%"


def test_023_kernel_agrees_with_brute_force_for_a_few_box_hands() -> None:
    from croupier.poker.three import value3

    hands, values, counts = outcome_counts(load("three-card"))
    queen_high = (10 + 1) << 8
    for index in (0, 777, 12345, 22099):
        mine = set(hands[index].tolist())
        tally = [0, 0, 0, 0]
        for dealer, v in zip(hands.tolist(), values.tolist(), strict=True):
            if mine & set(dealer):
                continue
            assert v == value3(*dealer)
            tally[
                0 if v < queen_high else 1 if values[index] > v else 2 if values[index] == v else 3
            ] += 1
        assert tally == counts[index].tolist()


@pytest.mark.parametrize("profile", ["three-card", "three-card-standard"])
def test_analyze_command_reports_both_bets(profile: str) -> None:
    report = analyze(profile)
    names = [f.name for f in report.figures]
    assert "ANTE+PLAY house edge per ANTE" in names and "PAIR PLUS house edge" in names
    edge = next(f for f in report.figures if f.name == "ANTE+PLAY house edge per ANTE")
    assert edge.note == "play Q-6-4 or better" and edge.exact is not None
    assert np.isclose(edge.value, float(edge.exact))
