"""Exact Texas Hold'em poker returns: the board classes, the counting kernel
against brute force, the BONUS, and (slow) the whole ANTE/BET enumeration."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from croupier.cards import parse_cards
from croupier.math.holdem import (
    _FIRST,
    _SECOND,
    _seven_card_hands,
    _tally,
    board_classes,
    bonus_return,
    flop_rule,
    hole_cards_bonus_return,
    optimal_wager,
    outcome_counts,
    return_from_counts,
)
from croupier.poker.batch import all_hands, best_batch, categories, rank5_batch
from croupier.poker.hand import value_best
from croupier.profiles import load

PAIR_OF_FOURS = (2 << 20) | (3 << 16)


def test_021_boards_fall_into_134459_suit_classes_weighing_all_boards() -> None:
    boards, weights = board_classes()
    assert len(boards) == 134_459 and int(weights.sum()) == 2_598_960


@pytest.mark.parametrize("board", ["9c 6d Ks Jh 8c", "2c 2d 2h 5s 5c", "Ah Kh Qh Jh Th"])
def test_021_counting_kernel_agrees_with_brute_force(board: str) -> None:
    cards = np.array([sorted(parse_cards(board))], dtype=np.uint8)
    rows = np.empty((1081, 7), dtype=np.uint8)
    _seven_card_hands(cards, rows)
    values = best_batch(rows)
    counts = np.zeros((11, 4), dtype=np.int64)
    _tally(values.reshape(1, 1081), np.array([1]), PAIR_OF_FOURS, _FIRST, _SECOND, counts)
    holes = [tuple(r[5:]) for r in rows.tolist()]
    for h, mine in zip(holes, values.tolist(), strict=True):
        assert mine == value_best([*cards[0].tolist(), *h])
    # every (box, dealer) pair of hole cards sharing no card, tallied as a whole array
    masks = np.array([(1 << a) | (1 << b) for a, b in holes], dtype=np.uint64)
    apart = (masks[:, None] & masks[None, :]) == 0
    mine, theirs = values.astype(np.int64)[:, None], values.astype(np.int64)[None, :]
    outcome = np.where(
        theirs < PAIR_OF_FOURS, 0, np.where(mine > theirs, 1, np.where(mine == theirs, 2, 3))
    )
    category = np.broadcast_to(mine >> 20, outcome.shape)
    brute = np.zeros((11, 4), dtype=np.int64)
    np.add.at(brute, (category[apart], outcome[apart]), 1)
    assert (counts == brute).all()


def test_021_bonus_return_pair_of_aces_or_better_7_to_1() -> None:
    values = rank5_batch(all_hands(5))
    cats = categories(values)
    aces = int(((cats == 2) & ((values >> 16) & 15 == 13)).sum())
    better = int((cats > 2).sum())
    winners = aces + better
    assert bonus_return(load("texas-holdem")) == Fraction(8 * winners - 2_598_960, 2_598_960)


def test_021_bonus_pair_of_aces_counts_match_combinatorics() -> None:
    # pairs of aces: C(4,2) x C(12,3) x 4^3 = 84480 five-card hands
    values = rank5_batch(all_hands(5))
    assert int(((values >> 20 == 2) & ((values >> 16) & 15 == 13)).sum()) == 84_480


def test_022_hole_cards_bonus_return_by_counting_combinations() -> None:
    # of 1326 two-card hands: 22-TT 54 pay 3, AQo/AJo 24 pay 5, JJ-KK 18 pay 10, AKo 12 pay 15,
    # AQs/AJs 8 pay 20, AKs 4 pay 25, AA 6 pay 30 - or 1000 when the dealer's two cards (one
    # way in 1225) are the other aces; the other 1200 lose
    wins = 54 * 3 + 24 * 5 + 18 * 10 + 12 * 15 + 8 * 20 + 4 * 25
    aces = 6 * Fraction(30 * 1224 + 1000, 1225)
    expected = (wins + aces - 1200) / 1326
    assert hole_cards_bonus_return(load("texas-holdem-bonus")) == expected
    assert f"{float(-expected):.2%}" == "8.54%"


# every deal of the hold'em game enumerated (~3 CPU-minutes): the long run, in `make soak`
@pytest.mark.soak
def test_021_flop_rule_enumerates_every_deal_and_beats_calling_every_hand() -> None:
    profile = load("texas-holdem")
    rule = flop_rule(profile)
    counts = rule.counts
    assert int(counts.sum()) == comb(52, 5) * comb(47, 2) * comb(45, 2)  # 2.78e12 deals
    # each 7-card hand is 21 (board, box cards) splits, each met by 990 dealer hands
    seven = [23_294_460, 0, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
             224_848, 37_260, 4_324]  # fmt: skip
    assert counts.sum(axis=1).tolist() == [n * 21 * 990 for n in seven]
    # (box cards, flop) fall into the well-known 1,286,792 strategically different classes
    assert len(rule.call) == 1_286_792
    # calling every hand, priced two ways: by class counts, and summed per (box cards, flop)
    assert rule.call_all == return_from_counts(profile, counts)
    assert f"{float(-rule.call_all):.4%}" == "8.0536%"
    assert rule.optimal > rule.call_all and f"{float(-rule.optimal):.4%}" == "2.3116%"
    assert rule.plays(parse_cards("As Ad"), parse_cards("2c 7d 9h"))
    assert rule.plays(parse_cards("7c 2d"), parse_cards("7s Qh 9c"))  # any pair plays
    assert not rule.plays(parse_cards("7c 2d"), parse_cards("Ks Qh 9c"))
    assert not rule.plays(parse_cards("3c 4d"), parse_cards("Ks Qh 9c"))
    assert rule.plays(parse_cards("3c 4d"), parse_cards("5s 6h Kc"))  # an open-ended draw
    shares = rule.fold_shares()
    assert len(shares) == 169 and shares["AA"] == 0
    combos = {name: 6 if len(name) == 2 else 4 if name[2] == "s" else 12 for name in shares}
    assert sum(shares[n] * combos[n] for n in shares) / 1326 == rule.fold_share
    assert max(shares, key=lambda n: shares[n]) in ("32o", "42o", "52o", "62o", "72o", "82o")
    # a second pass counts the deals the rule plays and folds: the same return, exactly
    optimal = optimal_wager(profile, rule)
    assert optimal.ev == rule.optimal
    assert optimal.hit_frequency()["fold"] == rule.fold_share
    assert optimal.average_stake == 1 + 2 * (1 - rule.fold_share)
    print(f"optimal: std dev {optimal.std_dev:.4f}, element of risk "
          f"{float(-optimal.element_of_risk):.4%}")  # fmt: skip


@pytest.mark.soak  # the whole deal enumerated (a minute); the engine's 022 tests: make test
def test_022_blind_turn_and_river_bets_are_worth_nothing() -> None:
    profile = load("texas-holdem-bonus")
    counts = outcome_counts(profile)
    assert counts[:, 0].sum() == 0  # no qualification: the dealer always plays
    assert counts[:, 1].sum() == counts[:, 3].sum()  # box and dealer are dealt alike
    blind = return_from_counts(profile, counts, staked=())
    assert blind == return_from_counts(profile, counts, staked=("turn", "river"))
    assert f"{float(blind):.4%}" == "-39.2268%"
