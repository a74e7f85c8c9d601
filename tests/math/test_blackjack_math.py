"""The blackjack calculator and simulator on cases small enough to know by hand."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from croupier.cards.fair import FairSeed
from croupier.games.base import BoxStake, Limits, RoundSetup
from croupier.games.blackjack.engine import BlackjackGame
from croupier.games.common.shoe import ShoeRules
from croupier.math.blackjack import (
    _play_shoe,
    advise,
    dealer_outcomes,
    infinite_deck,
    kernel_rules,
    simulate,
    twenty_one_plus_three_return,
)
from croupier.profiles import load

PROFILE = load("blackjack")
GAME = BlackjackGame()
INFINITE = (0.0, *(1 / 13,) * 9, 4 / 13)


@pytest.mark.parametrize("up", range(1, 11))
def test_dealer_outcomes_sum_to_one_and_blackjack_only_on_ace_or_ten(up: int) -> None:
    out = dealer_outcomes(up, INFINITE, hits_soft_17=False)
    assert sum(out) == pytest.approx(1.0, abs=1e-12)
    expected_bj = {1: 4 / 13, 10: 1 / 13}.get(up, 0.0)
    assert out[6] == pytest.approx(expected_bj)


def test_dealer_with_only_tens_makes_twenty_and_with_only_sevens_twenty_one() -> None:
    tens = (0.0,) * 10 + (1.0,)
    assert dealer_outcomes(10, tens, hits_soft_17=False) == (0, 0, 0, 1.0, 0, 0, 0)
    sevens = (0.0,) * 7 + (1.0, 0.0, 0.0, 0.0)
    assert dealer_outcomes(7, sevens, hits_soft_17=False)[4] == 1.0  # 7+7+7 = 21, not blackjack


def test_soft_17_rule_moves_the_dealers_soft_17s_on() -> None:
    stands = dealer_outcomes(1, INFINITE, hits_soft_17=False)
    hits = dealer_outcomes(1, INFINITE, hits_soft_17=True)
    assert hits[0] < stands[0] and hits[5] > stands[5]


def test_basic_strategy_no_hole_card_classics() -> None:
    table = infinite_deck(PROFILE)
    assert table.first_move("pair", 1, 6) == "split"
    assert (
        table.first_move("pair", 1, 1) == "hit"
    )  # no hole card: aces are not split against an ace
    assert table.first_move("pair", 10, 6) == "stand"
    assert table.first_move("hard", 16, 1) == "hit"  # surrender is not open against an ace
    assert table.first_move("hard", 12, 4) == "stand"
    assert table.first_move("soft", 18, 9) == "hit"


def test_surrender_rule_none_never_surrenders() -> None:
    table = infinite_deck(PROFILE.changed(surrender="none"))
    assert "surrender" not in {
        table.first_move(kind, v, up)
        for kind, values in (("hard", range(5, 21)), ("pair", range(1, 11)))
        for v in values
        for up in range(1, 11)
    }


def test_twenty_one_plus_three_one_deck_by_three_card_counts() -> None:
    one_deck = PROFILE.changed(shoe=ShoeRules(decks=1, cut_card=10))
    # one deck, 22100 three-card sets: straight flush 48, trips 52, straight 720, flush 1096
    paid = 48 * 41 + 52 * 31 + 720 * 11 + 1096 * 6
    assert twenty_one_plus_three_return(one_deck) * 22100 == paid - 22100


def test_simulation_is_reproducible_and_agrees_with_the_calculation() -> None:
    seed = 1
    first = simulate(PROFILE, 200_000, seed)
    assert simulate(PROFILE, 200_000, seed).mean == first.mean
    low, high = first.interval
    assert low < infinite_deck(PROFILE).game_return < high
    assert 0 < first.half_width < 0.01


# ---------------------------------------------------------------- the simulator against the engine


def _value(code: int) -> int:
    rank = code >> 2
    return 1 if rank == 12 else min(rank + 2, 10)


VARIANTS = {
    "blackjack": PROFILE,
    "hits-soft-17": PROFILE.changed(dealer={"hits_soft_17": True}),
    "no-surrender-ten-or-eleven": PROFILE.changed(surrender="none", double_on="ten_or_eleven"),
    "no-das-no-rsa-two-hands": PROFILE.changed(
        split={"double_after_split": False, "resplit_aces": False, "max_hands": 2}
    ),
    "six-to-five-surrender-any": PROFILE.changed(
        pays={"blackjack": Fraction(6, 5)}, surrender="any"
    ),
}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("shoe_seed", range(3))
def test_simulator_plays_a_shoe_exactly_as_the_engine(variant: str, shoe_seed: int) -> None:
    profile = VARIANTS[variant]
    seed = FairSeed(bytes([shoe_seed]) * 32)
    deck = profile.shoe.fresh(seed)
    table = infinite_deck(profile)
    values = np.array([_value(c) for c in deck.stock], dtype=np.int64)
    out, staked = np.zeros(312), np.zeros(312)
    played = _play_shoe(values, kernel_rules(profile), table.moves, table.later, out, staked)
    setup = RoundSetup(profile, Limits(100, 100_000, 10**9), (BoxStake(1, "ann", {"stake": 1000}),))
    engine, engine_staked = [], []
    while not profile.shoe.cut_card_out(deck):
        state = GAME.start(setup, deck)
        while state.turn is not None:
            move = advise(table, state)
            assert GAME.can(state, move), move
            state = GAME.apply(state, move)
        engine.append(GAME.settlement(state).box(1).net / 1000)
        engine_staked.append(GAME.settlement(state).box(1).staked / 1000)
        deck = state.deck
    assert played == len(engine)
    assert list(out[:played]) == engine
    assert list(staked[:played]) == engine_staked  # doubles and splits: the element of risk
