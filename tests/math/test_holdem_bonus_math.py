"""Texas Hold'em Bonus poker's optimal strategy: the flop classes, the
counting kernels against brute force, the engine's prices, and (slow) the
whole enumeration against the published 2.037 % house edge."""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import pytest

from croupier.cards import parse_cards
from croupier.math.holdem import _FIRST, _SECOND, hole_cards_bonus_return
from croupier.math.holdem_bonus import (
    _PAIR49,
    _first_pass,
    _flop_rows,
    _nets,
    _second_pass,
    analyze,
    bonus_wager,
    flop_classes,
)
from croupier.poker.batch import all_hands, best_batch
from croupier.poker.hand import Category, value_best
from croupier.profiles import load

PROFILE = load("texas-holdem-bonus")


def test_flops_fall_into_1755_suit_classes_weighing_all_22100() -> None:
    flops, weights = flop_classes()
    assert len(flops) == 1755 and int(weights.sum()) == 22_100


def test_turn_and_river_bets_are_priced_by_the_engine_settlement() -> None:
    nets, scale = _nets(PROFILE)
    win, tie, lose = 0, 1, 2
    both, none = 3, 0
    # a straight or better that wins takes the ANTE 1:1 and every street bet
    assert nets[Category.FLUSH, both, win] == 5 * scale
    # below a straight the winning ANTE is returned
    assert nets[Category.PAIR, none, win] == 2 * scale
    assert nets[Category.PAIR, both, lose] == -5 * scale
    assert nets[Category.ROYAL_FLUSH, both, tie] == 0


def test_win_minus_lose_per_turn_card_agrees_with_brute_force() -> None:
    flop = np.array(sorted(parse_cards("Ah 7d 2c")), dtype=np.uint8)
    rest = np.setdiff1d(np.arange(52), flop).astype(np.uint8)
    rows = np.empty((1176 * 1081, 7), dtype=np.uint8)
    hole = np.empty((1176, 1081), dtype=np.int64)
    _flop_rows(flop, rest, _FIRST, _SECOND, _PAIR49, rows, hole)
    values = best_batch(rows).reshape(1176, 1081)
    counts = np.empty((1176, 1081, 3), dtype=np.int64)
    edge = np.zeros((1176, 49), dtype=np.int64)
    started = time.perf_counter()
    _first_pass(values, hole, _FIRST, _SECOND, counts, edge)
    print(f"one flop: {time.perf_counter() - started:.2f} s")
    box, turn = parse_cards("Kh Qh"), parse_cards("Th")[0]
    where = {int(c): i for i, c in enumerate(rest)}
    mine = _PAIR49[where[box[0]], where[box[1]]]
    brute = 0
    seen = {*flop.tolist(), *box, turn}
    for river in sorted(set(range(52)) - seen):
        board = [*flop.tolist(), turn, river]
        value = value_best([*box, *board])
        others = np.array(sorted(set(range(52)) - seen - {river}), dtype=np.uint8)
        dealer = all_hands(2, deck=len(others))
        theirs = best_batch(np.hstack([np.tile(board, (len(dealer), 1)), others[dealer]]))
        brute += int((theirs < value).sum()) - int((theirs > value).sum())
    assert edge[mine, where[turn]] == brute
    assert int(counts.sum()) == 1176 * 1081 * 990
    # the second pass files every deal of each box hand (both orders of turn and river)
    # under the street bets the first pass decided
    turn_bet = (edge.sum(axis=1) > 0).astype(np.int64)
    river_bet = (edge > 0).astype(np.int64)
    out = np.zeros((1176, len(Category), 4, 3), dtype=np.int64)
    _second_pass(values, hole, counts, turn_bet, river_bet, out)
    per_hand = out.sum(axis=(1, 3))
    assert (per_hand.sum(axis=1) == 2162 * 990).all()
    bets_turn = per_hand[:, 1] + per_hand[:, 3]
    assert ((bets_turn == 0) | (bets_turn == 2162 * 990)).all()
    assert (bets_turn > 0).tolist() == (turn_bet > 0).tolist()
    assert turn_bet[mine] == 1  # K-Q of hearts on A-7-2 rainbow: a favourite to bet


def test_bonus_wager_agrees_with_the_exact_bonus_return() -> None:
    wager = bonus_wager(PROFILE)
    assert wager is not None and wager.ev == hole_cards_bonus_return(PROFILE)
    assert sum(wager.hit_frequency().values()) == 1


@pytest.mark.soak
def test_optimal_strategy_house_edge_is_the_published_2_037_percent() -> None:
    report = analyze(PROFILE)
    main = report.wagers[0]
    assert isinstance(main.ev, Fraction)
    assert round(-100 * float(main.ev), 3) == 2.037
    assert round(-100 * float(main.element_of_risk), 2) == 0.53
    assert sum(main.hit_frequency().values()) == 1
    # the published strategy folds 2-3 to 2-7 offsuit and plays everything else
    table = report.tables["strategy: value of playing each starting hand"]
    folded = {row["starting hand"] for row in table if row["decision"] == "fold"}
    assert folded == {"32o", "42o", "52o", "62o", "72o"}
