"""Invariants of the evaluator, by property tests: the scalar and the batch
paths agree, order and suits do not matter, the best of six or seven is the
best of its fives."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from croupier.poker.batch import best_batch, rank3_batch, rank5_batch
from croupier.poker.hand import (
    Category,
    best_of,
    rank5,
    second_combination,
    value5,
    value_best,
)
from croupier.poker.three import rank3, value3
from croupier.poker.values import CATEGORY_SHIFT

cards = st.integers(min_value=0, max_value=51)


def hands(size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(cards, min_size=size, max_size=size, unique=True)


many_sizes = st.integers(min_value=5, max_value=7).flatmap(hands)


@given(many_sizes, st.booleans())
def test_scalar_and_batch_values_are_equal_integers(hand: list[int], ace_king: bool) -> None:
    scalar = best_of(hand, ace_king=ace_king).value
    assert value_best(hand, ace_king=ace_king) == scalar
    assert int(best_batch(np.array([hand]), ace_king=ace_king)[0]) == scalar


@given(st.lists(hands(5), min_size=1, max_size=20), st.booleans())
def test_rank5_batch_matches_rank5_row_by_row(rows: list[list[int]], ace_king: bool) -> None:
    batch = rank5_batch(np.array(rows, dtype=np.int64), ace_king=ace_king).tolist()
    assert batch == [rank5(row, ace_king=ace_king).value for row in rows]


@given(st.lists(hands(3), min_size=1, max_size=20))
def test_rank3_batch_matches_rank3_row_by_row(rows: list[list[int]]) -> None:
    assert rank3_batch(np.array(rows)).tolist() == [rank3(row).value for row in rows]
    assert [value3(*row) for row in rows] == [rank3(row).value for row in rows]


@given(many_sizes, st.booleans())
def test_best_of_is_the_best_of_its_fives(hand: list[int], ace_king: bool) -> None:
    best = best_of(hand, ace_king=ace_king)
    assert best.value == max(value5(five, ace_king=ace_king) for five in combinations(hand, 5))
    # the five cards it names are in the hand and make exactly that hand
    assert set(best.cards) <= set(hand)
    assert len(best.cards) == 5
    assert rank5(best.cards, ace_king=ace_king).value == best.value


@given(many_sizes, st.randoms(use_true_random=False))
def test_order_of_cards_does_not_matter(hand: list[int], rnd: object) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert value_best(shuffled) == value_best(hand)


@given(many_sizes, st.permutations(range(4)))
def test_renaming_suits_does_not_matter(hand: list[int], suits: list[int]) -> None:
    renamed = [(c & ~3) | suits[c & 3] for c in hand]
    assert value_best(renamed) == value_best(hand)


@given(hands(5))
def test_ace_king_only_lifts_ace_king_high(hand: list[int]) -> None:
    plain = rank5(hand)
    lifted = rank5(hand, ace_king=True)
    ranks = sorted((c >> 2 for c in hand), reverse=True)
    if plain.category is Category.HIGH_CARD and ranks[:2] == [12, 11]:
        assert lifted.category is Category.ACE_KING
    else:
        assert lifted == plain


@given(hands(6), st.booleans())
def test_014_second_combination_is_the_best_five_holding_the_left_out_card(
    six: list[int], ace_king: bool
) -> None:
    main = best_of(six, ace_king=ace_king)
    (left_out,) = set(six) - set(main.cards)
    with_it = [f for f in combinations(six, 5) if left_out in f]
    best_with_it = max(value5(f, ace_king=ace_king) for f in with_it)
    second = second_combination(six, ace_king=ace_king)
    game = Category.ACE_KING if ace_king else Category.PAIR
    if best_with_it >= rank5_of_lowest_game(game):
        assert second is not None
        assert second.value == best_with_it
        assert left_out in second.cards
        assert second <= main
    else:
        assert second is None
    fives = sorted((value5(f, ace_king=ace_king) for f in combinations(six, 5)), reverse=True)
    if fives[0] == fives[1] and second is not None:  # two fives tie for the main hand
        assert second.value == main.value


def rank5_of_lowest_game(game: Category) -> int:
    return int(game) << CATEGORY_SHIFT


@given(hands(6))
def test_014_strict_second_combination_uses_the_left_out_card_in_the_combination(
    six: list[int],
) -> None:
    strict = second_combination(six, strict=True)
    loose = second_combination(six)
    if strict is not None:
        assert loose is not None
        assert strict <= loose
        (left_out,) = set(six) - set(best_of(six, ace_king=True).cards)
        assert left_out in strict.cards[: MAKING.get(strict.category, 5)]


# How many of the played cards make each combination (the rest are kickers).
MAKING = {
    Category.ACE_KING: 2,
    Category.PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
}
