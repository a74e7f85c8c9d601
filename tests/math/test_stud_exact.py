"""Independent check (3) of issue 14: a tiny custom profile solved exactly, its
improvement options included, by the analysis (:mod:`croupier.math.stud.exact`:
enumeration with fractions, the engine's settlement and improvement menu) and
by brute force through the engine (every round of an 11-card deck played with
``StudGame.start/apply/settlement``, the box deciding on what the engine shows
it): the same rational numbers."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from croupier.cards import parse_cards
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.brute import engine_optimum, engine_options
from croupier.math.stud.exact import ShortDeckSolver, tiny_profile
from croupier.profiles import load

# Every kind of hand somewhere: a royal-flush suit, aces and kings to pair, a pair
# of sevens, low cards. Eleven cards: after the box's five and the dealer's five,
# one card is left to draw (an exchange or a 6th card).
DECK = parse_cards("As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d")


def _check_situation(solver: ShortDeckSolver, profile: StudProfile, box: list[int],
                     up: int) -> None:  # fmt: skip
    analysis = solver.options(solver.start(box, up), up)
    engine = engine_options(profile, DECK, box, up)
    # "stand" (no improvement) leads to the final decision: the best of those.
    stand = engine.pop("stand")
    assert stand == max(v for k, v in analysis.items() if k in ("fold", "play", "insure max",
                                                                 "insure min"))  # fmt: skip
    assert analysis == engine, (box, up)


@pytest.mark.slow
def test_tiny_profile_every_first_option_equals_the_engine_on_random_situations() -> None:
    profile = tiny_profile()
    solver = ShortDeckSolver(profile, DECK)
    rng = random.Random(14)
    kinds: set[str] = set()
    for _ in range(10):
        cards = rng.sample(DECK, 6)
        _check_situation(solver, profile, cards[:5], cards[5])
        kinds |= {k.split()[0] for k in solver.options(solver.start(cards[:5], cards[5]), cards[5])}
    assert {"exchange", "buy_sixth", "play", "fold"} <= kinds


def test_the_solver_refuses_what_it_does_not_model() -> None:
    with pytest.raises(ValueError, match="shuffled back"):
        ShortDeckSolver(load("russian-online"), DECK)


@pytest.mark.soak
def test_tiny_profile_best_play_is_the_same_rational_by_brute_force_through_the_engine() -> None:
    """Every one of the 13,860 deals (about 40,000 engine rounds per option path;
    minutes): the game's value under the best play, improvements included."""
    profile = tiny_profile()
    analysis = ShortDeckSolver(profile, DECK).game_value()
    assert analysis == engine_optimum(profile, DECK)
    # The improvements are in it: better than the best play/fold alone.
    plain = ShortDeckSolver(profile.changed(improve=[]), DECK).game_value()
    assert analysis > plain
    assert isinstance(analysis, Fraction)
