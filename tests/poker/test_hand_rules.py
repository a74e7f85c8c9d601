"""Five-card poker ranking rules (RULES.md §0 Poker hands, Six cards, §1.4)."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.cards import format_cards, parse_card, parse_cards
from croupier.poker.batch import rank5_batch
from croupier.poker.hand import (
    Category,
    HandRank,
    best_containing,
    best_of,
    hand_name,
    rank5,
    ranks_text,
    second_combination,
    value5,
    value_best,
)
from croupier.poker.values import CATEGORY_SHIFT


def r5(text: str, *, ace_king: bool = False) -> HandRank:
    return rank5(parse_cards(text), ace_king=ace_king)


# One hand of every class, lowest class first, with its description.
LADDER = [
    ("Ah Qd 9c 7s 2s", Category.HIGH_CARD, "high card, ace-queen-nine-seven-two"),
    ("Jh Js Ad Kc 7s", Category.PAIR, "pair of jacks, ace-king-seven"),
    ("Jh Js 4d 4c 7s", Category.TWO_PAIR, "two pair, jacks and fours, seven kicker"),
    ("6h 6s 6d Kc 2s", Category.THREE_OF_A_KIND, "three sixes, king-two"),
    ("9h 8s 7d 6c 5s", Category.STRAIGHT, "straight, nine high"),
    ("Kh 9h 7h 4h 2h", Category.FLUSH, "flush, king-nine-seven-four-two"),
    ("Th Ts Td 3c 3s", Category.FULL_HOUSE, "full house, tens over threes"),
    ("Qh Qs Qd Qc 3s", Category.FOUR_OF_A_KIND, "four queens, three kicker"),
    ("9d 8d 7d 6d 5d", Category.STRAIGHT_FLUSH, "straight flush, nine high"),
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH, "royal flush"),
]


def test_000_hand_classes_rank_in_rulebook_order() -> None:
    ranks = [r5(text) for text, _, _ in LADDER]
    assert [r.category for r, (_, cat, _) in zip(ranks, LADDER, strict=True)] == [
        cat for _, cat, _ in LADDER
    ]
    assert ranks == sorted(ranks)
    assert len({r.value for r in ranks}) == len(ranks)


@pytest.mark.parametrize(("text", "category", "words"), LADDER)
def test_000_descriptions_are_right_for_every_class(
    text: str, category: Category, words: str
) -> None:
    hand = r5(text)
    assert hand.category is category
    assert hand.describe() == words
    assert hand_name(hand) == category.label


def test_000_description_of_ace_king_and_wheel() -> None:
    assert r5("Ah Kd 9c 7s 2s", ace_king=True).describe() == "ace-king, ace-king-nine-seven-two"
    assert r5("Ah 2d 3c 4s 5s").describe() == "straight, five high"
    assert r5("Ah 2h 3h 4h 5h").describe() == "straight flush, five high"
    assert hand_name(r5("Ah Kd 9c 7s 2s", ace_king=True)) == "ace-king"


def test_001_wheel_is_the_lowest_straight() -> None:
    wheel = r5("5c 4d 3h 2s Ac")
    assert wheel.category is Category.STRAIGHT
    assert wheel < r5("6c 5d 4h 3s 2c")
    assert wheel > r5("Ac Ad Ah Kc Qs")  # above any three of a kind
    assert wheel.ranks == (3, 2, 1, 0, 12)
    assert format_cards(wheel.cards) == "5c 4d 3h 2s Ac"  # the ace plays last, as a one


def test_001_steel_wheel_is_the_lowest_straight_flush() -> None:
    assert r5("5c 4c 3c 2c Ac").category is Category.STRAIGHT_FLUSH
    assert r5("5c 4c 3c 2c Ac") < r5("6d 5d 4d 3d 2d")
    assert r5("5c 4c 3c 2c Ac") > r5("Ac Ad Ah As Kc")


def test_001_no_wrap_around_q_k_a_2_3_is_nothing() -> None:
    assert r5("Qc Kd Ah 2s 3c").category is Category.HIGH_CARD
    assert r5("Kc Ad 2h 3s 4c").category is Category.HIGH_CARD
    assert r5("Qh Kh Ah 2h 3h").category is Category.FLUSH


def test_000_ace_king_is_a_game_only_when_asked() -> None:
    ak = "Ah Kd 9c 7s 2s"
    assert r5(ak).category is Category.HIGH_CARD
    assert r5(ak, ace_king=True).category is Category.ACE_KING
    assert r5(ak, ace_king=True) < r5("2c 2d 3h 4s 5c", ace_king=True)  # below any pair
    assert r5(ak, ace_king=True) > r5("Ah Qd Jc 9s 8c", ace_king=True)  # above A-Q high
    # A-K as part of a straight, flush or pair stays what it is
    assert r5("Ah Kd Qc Js Tc", ace_king=True).category is Category.STRAIGHT
    assert r5("Ah Kh 9h 7h 2h", ace_king=True).category is Category.FLUSH
    assert r5("Ah Kd Kc 7s 2s", ace_king=True).category is Category.PAIR


def test_000_ace_king_hands_compare_by_their_kickers() -> None:
    assert r5("Ah Kd 9c 7s 2s", ace_king=True) > r5("Ac Ks 9d 6s 5s", ace_king=True)


def test_000_equal_classes_compare_combination_then_kickers_to_the_fifth_card() -> None:
    assert r5("Jh Js Ad Kc 7s") > r5("Jc Jd Ah Ks 6s")  # fifth card decides
    assert r5("Qh Qs 2d 3c 4s") > r5("Jh Js Ad Kc 7s")  # the pair before kickers
    assert r5("Ah Kd 9c 7s 3s") > r5("As Kc 9d 7h 2h")
    assert r5("Ah Qd Jc 9s 8c") < r5("Ah Kd 4c 3s 2c")


def test_000_two_pair_compares_higher_pair_lower_pair_kicker() -> None:
    assert r5("Kh Ks 2d 2c 3s") > r5("Qh Qs Jd Jc As")
    assert r5("Kh Ks 9d 9c 3s") > r5("Kd Kc 8d 8c As")
    assert r5("Kh Ks 9d 9c 4s") > r5("Kd Kc 9h 9s 3s")


def test_000_full_house_compares_trips_first() -> None:
    assert r5("3h 3s 3d 2c 2s") > r5("2h 2d 2c Ac As")
    assert r5("Ah As Ad 3c 3s") > r5("Ah As Ad 2c 2s")
    assert r5("3h 3s 3d Ac As") < r5("4h 4s 4d 2c 2s")


def test_000_quads_and_flushes_compare_by_rank() -> None:
    assert r5("3h 3s 3d 3c 2s") > r5("2h 2d 2c 2s As")
    assert r5("2h 2d 2c 2s As") > r5("2h 2d 2c 2s Ks")
    assert r5("Ah 9h 7h 4h 3h") > r5("Kh Qh Jh 9h 7h")
    assert r5("Ah 9h 7h 4h 3h") > r5("Ac 9c 7c 4c 2c")


def test_000_same_ranks_other_suits_tie() -> None:
    assert r5("Jh Js Ad Kc 7s").value == r5("Jc Jd Ah Ks 7d").value
    assert r5("Ah Qd 9c 7s 2s") == r5("Ac Qh 9d 7h 2c")
    assert r5("9h 8s 7d 6c 5s") == r5("9c 8c 7c 6c 5d")
    assert r5("Kh 9h 7h 4h 2h") == r5("Kc 9c 7c 4c 2c")


def test_000_six_cards_play_their_best_five_and_the_sixth_never_counts() -> None:
    a = best_of(parse_cards("Ah Ad Kc 9s 7h 2d"))
    b = best_of(parse_cards("As Ac Kd 9h 7c 3d"))
    assert a == b  # the sixth card (2 or 3) is not a kicker
    assert a.describe() == "pair of aces, king-nine-seven"
    assert len(a.cards) == 5
    assert parse_card("2d") not in a.cards


def test_000_seven_cards_play_their_best_five() -> None:
    hand = best_of(parse_cards("2h 3d 4h 5h 6c Kh Ah"))
    assert hand.category is Category.FLUSH
    assert format_cards(hand.cards) == "Ah Kh 5h 4h 2h"
    assert best_of(parse_cards("9s 9d 9c 4h 4d 4c 2s")).describe() == "full house, nines over fours"
    assert best_of(parse_cards("8h 9h Th Jh Qh Kh 2c")).describe() == "straight flush, king high"
    assert best_of(parse_cards("As 2s 3s 4s 5s 6d 7d")).category is Category.STRAIGHT_FLUSH


def test_000_best_of_takes_the_top_straight_over_a_wheel() -> None:
    assert best_of(parse_cards("Ac 2d 3h 4s 5c 6d")).describe() == "straight, six high"


def test_000_cards_of_a_hand_come_most_important_first() -> None:
    hand = r5("7s Kc Jh Ad Js")
    assert format_cards(hand.cards) == "Jh Js Ad Kc 7s"
    assert ranks_text(hand) == "JJAK7"
    full = best_of(parse_cards("2c Th 2s Ts 2d Td"))
    assert full.describe() == "full house, tens over twos"
    assert format_cards(full.cards) == "Th Ts Td 2c 2s"


def test_014_second_combination_is_the_best_five_with_the_left_out_card() -> None:
    six = parse_cards("Ah Jh 9h 6h 3h Js")
    second = second_combination(six)
    assert second is not None
    assert second.describe() == "pair of jacks, ace-nine-six"
    assert parse_card("Js") in second.cards
    assert best_containing(six, parse_card("Js")) == second


def test_014_no_second_combination_without_a_game() -> None:
    assert second_combination(parse_cards("Qs Jd 8c 6h 4s 2d")) is None
    # ace-king counts as a game only where the game says so
    assert second_combination(parse_cards("As Kd 8c 6h 4s 2d"), ace_king=True) is not None
    assert second_combination(parse_cards("As Kd 8c 6h 4s 2d"), ace_king=False) is None


def test_014_five_card_hand_has_one_combination() -> None:
    assert second_combination(parse_cards("Ah Ad 9c 6h 3s")) is None


def test_014_tied_main_fives_make_the_second_as_good_as_the_main() -> None:
    six = parse_cards("Ks Kd Kc 9h 9s 9d")
    main = best_of(six)
    second = second_combination(six)
    assert second is not None
    assert second.value == main.value
    assert set(six) - set(main.cards) <= set(second.cards)


def test_014_strict_reading_needs_the_left_out_card_in_the_combination() -> None:
    kicker_only = parse_cards("Qs Qd 8c 6h 4s Ad")
    assert second_combination(kicker_only) is not None  # RULES.md: pair of queens again
    assert second_combination(kicker_only, strict=True) is None
    flush_and_pair = parse_cards("Ah Jh 9h 6h 3h Js")
    strict = second_combination(flush_and_pair, strict=True)
    assert strict is not None
    assert strict.describe() == "pair of jacks, ace-nine-six"


def test_000_best_containing_must_use_the_card() -> None:
    cards = parse_cards("As Ad Kc 7h 4s 2d")
    assert best_containing(cards, parse_card("2d")).describe() == "pair of aces, king-seven-two"
    with pytest.raises(ValueError, match="Qh is not among"):
        best_containing(cards, parse_card("Qh"))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rank5(parse_cards("As Kd Qc Js")), "rank5 takes 5 cards, got 4"),
        (lambda: best_of(parse_cards("As Kd Qc Js")), "best_of takes 5 to 7 cards, got 4"),
        (lambda: best_of(tuple(range(8))), "best_of takes 5 to 7 cards, got 8"),
        (lambda: rank5((0, 1, 2, 3, 52)), "rank5: 52 is not a card code"),
        (lambda: rank5((0, 1, 2, 3, -1)), "rank5: -1 is not a card code"),
        (lambda: rank5(parse_cards("As Kd Qc Js As")), "rank5: a card appears twice"),
        (lambda: second_combination(parse_cards("As Kd Qc Js Ts 9s 8s")), "5 to 6 cards"),
    ],
)
def test_bad_hands_are_refused_with_what_is_wrong(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match=message):
        call()


def test_fast_values_equal_hand_rank_values() -> None:
    for text, _, _ in LADDER:
        cards = parse_cards(text)
        assert value5(cards) == value_best(cards) == rank5(cards).value
    ak = parse_cards("Ah Kd 9c 7s 2s 3d")
    assert value_best(ak, ace_king=True) == best_of(ak, ace_king=True).value
    assert best_of(ak, ace_king=True).category is Category.ACE_KING


def test_001_batch_path_ranks_the_wheel_lowest_and_does_not_wrap() -> None:
    texts = ["5c 4d 3h 2s Ac", "6c 5d 4h 3s 2c", "Qc Kd Ah 2s 3c", "5c 4c 3c 2c Ac"]
    values = rank5_batch(np.array([parse_cards(t) for t in texts]))
    assert values.tolist() == [r5(t).value for t in texts]
    wheel, six_high, wrap, steel = values.tolist()
    assert wheel < six_high
    assert wrap >> CATEGORY_SHIFT == Category.HIGH_CARD
    assert steel >> CATEGORY_SHIFT == Category.STRAIGHT_FLUSH
