"""Exact three-card poker returns against the published figures (RULES.md §2.3 tables)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from croupier.math.analyze import analyze
from croupier.math.three_card import ante_play, outcome_counts, pair_plus_return
from croupier.profiles import load


def test_023_every_box_hand_meets_18424_dealer_hands() -> None:
    _, _, counts = outcome_counts(load("three-card"))
    assert counts.shape == (22100, 4)
    assert set(counts.sum(axis=1).tolist()) == {18424}


def test_023_ante_play_house_edge_is_the_published_3_37_percent_playing_q64() -> None:
    ante, weakest = ante_play(load("three-card"))
    assert f"{float(-ante):.2%}" == "3.37%"
    assert weakest == (10, 4, 2)  # Q-6-4: the well-known optimal strategy


def test_023_pair_plus_40_30_6_4_1_house_edge_is_2_32_percent() -> None:
    pp = pair_plus_return(load("three-card"))
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


def test_analyze_command_reports_both_bets() -> None:
    report = analyze("three-card")
    names = [f.name for f in report.figures]
    assert "ANTE+PLAY house edge per ANTE" in names and "PAIR PLUS house edge" in names
    edge = next(f for f in report.figures if f.name == "ANTE+PLAY house edge per ANTE")
    assert edge.note == "play Q-6-4 or better" and edge.exact is not None
    assert np.isclose(edge.value, float(edge.exact))
