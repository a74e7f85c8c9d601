"""Three-card poker ranking (RULES.md §2.3)."""

from __future__ import annotations

from itertools import combinations

import pytest

from croupier.cards import format_cards, parse_cards
from croupier.poker.hand import Category
from croupier.poker.three import THREE_CARD_ORDER, category3, rank3, value3


def r3(text: str) -> int:
    return rank3(parse_cards(text)).value


LADDER = [
    ("Ah Qd 9c", Category.HIGH_CARD, "high card, ace-queen-nine"),
    ("Jh Js 7d", Category.PAIR, "pair of jacks, seven"),
    ("Kh 9h 2h", Category.FLUSH, "flush, king-nine-two"),
    ("4h 3s 2d", Category.STRAIGHT, "straight, four high"),
    ("6h 6s 6d", Category.THREE_OF_A_KIND, "three sixes"),
    ("3d 2d Ad", Category.STRAIGHT_FLUSH, "straight flush, three high"),
]


def test_023_three_card_order_high_pair_flush_straight_trips_straight_flush() -> None:
    values = [r3(text) for text, _, _ in LADDER]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [c for _, c, _ in LADDER] == list(THREE_CARD_ORDER)


@pytest.mark.parametrize(("text", "category", "words"), LADDER)
def test_023_three_card_descriptions(text: str, category: Category, words: str) -> None:
    hand = rank3(parse_cards(text))
    assert hand.category is category
    assert hand.describe() == words
    assert len(hand.cards) == 3


def test_023_straight_beats_flush_in_three_card_poker() -> None:
    assert r3("4c 3d 2h") > r3("Ah Kh Jh")


def test_023_a_2_3_is_the_lowest_straight_and_q_k_a_the_highest() -> None:
    straights = [r3(f"{a}c {b}d {c}h") for a, b, c in ("32A", "432", "543", "KQJ", "AKQ")]
    assert straights == sorted(straights)
    assert category3(straights[0]) is Category.STRAIGHT
    assert rank3(parse_cards("3c 2d Ah")).ranks == (1, 0, 12)
    assert format_cards(rank3(parse_cards("Ah 2d 3c")).cards) == "3c 2d Ah"


def test_023_k_a_2_is_nothing() -> None:
    assert category3(r3("Kc Ad 2h")) is Category.HIGH_CARD
    assert category3(r3("Kc Ac 2c")) is Category.FLUSH


def test_023_ties_and_kickers() -> None:
    assert r3("Jh Js 7d") == r3("Jc Jd 7h")
    assert r3("Jh Js 8d") > r3("Jc Jd 7h")
    assert r3("Qh Qs 2d") > r3("Jc Jd Ah")
    assert r3("Ah Qd 9c") > r3("Ad Qc 8s")


def test_023_every_three_card_hand_has_a_value_with_its_category() -> None:
    for a, b, c in combinations(range(52), 3):
        v = value3(a, b, c)
        assert v == value3(c, a, b) == value3(b, c, a)
    assert category3(value3(0, 4, 8)) is Category.STRAIGHT_FLUSH


def test_023_bad_three_card_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="rank3 takes 3 cards, got 2"):
        rank3(parse_cards("Ah Kd"))
    with pytest.raises(ValueError, match="appears twice"):
        rank3(parse_cards("Ah Kd Ah"))
