"""Check (2) of issue 14 for the optimum with improvements: the one-draw profiles'
optimal strategy ([001]: a one-card exchange, or a 6th card with one given back)
played through the engine (``StudGame.start/apply/settlement``) from random deals.

The first decision is the strategy run's own (the compiled pass,
:func:`~croupier.math.stud.first_draw.first_decision`); every later one is the
advisor's (which card to give back after the 6th, then fold or play). Each round's
net is compared with the EV the analysis gives its class (paired: the difference
has a small spread), and over 10^6 rounds the mean net with the run's figure
(:mod:`enginecheck`)."""

from __future__ import annotations

import numpy as np
import pytest
from enginecheck import assert_earns_its_ev
from numpy.typing import NDArray

from croupier.games.base import Action
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import StudState
from croupier.math.stud import strategy
from croupier.math.stud.advise import DECISIONS, context, play_value
from croupier.math.stud.brute import Policy, final_action, play_round
from croupier.math.stud.first_draw import FirstDecisions, OneDraw, first_decision, one_draw
from croupier.profiles import load

ONE_DRAW = ("five-card-exchange", "five-card-sixth")


def _best_final(profile: StudProfile, cards: tuple[int, ...], up: int,
                gone: tuple[int, ...]) -> tuple[str, float]:  # fmt: skip
    values = play_value(profile, cards, up, gone)
    name = max(values, key=lambda n: values[n])
    return name, values[name]


def _policy(profile: StudProfile, first: Action | None, up: int) -> Policy:
    """``first`` (an improvement, or None to decide now), then the advisor's best."""

    def policy(state: StudState, acts: tuple[str, ...]) -> Action:
        box = state.boxes[0]
        if "take_ante" in acts:  # no [001] profile buys a game; as the run values it
            return Action("take_ante", box.box)
        if not state.history and first is not None:
            return first
        gone = tuple(c for c in box.discards if c not in box.cards)
        if "discard" in acts:  # after the 6th card: give back the card worth least
            give = max(
                box.cards,
                key=lambda c: _best_final(
                    profile, tuple(x for x in box.cards if x != c), up, (*gone, c)
                )[1],
            )
            return Action("discard", box.box, cards=(give,))
        return final_action(state, _best_final(profile, box.cards, up, gone)[0])

    return policy


def _first_moves(
    menu: OneDraw, hands: NDArray[np.int64], found: FirstDecisions
) -> tuple[list[Action | None], NDArray[np.float64]]:
    """Each deal's first move as the run chose it (None: decide now) and its class's EV."""
    every = np.concatenate([found.now, found.options], axis=1)
    moves: list[Action | None] = []
    for hand, j in zip(hands.tolist(), found.choice.tolist(), strict=True):
        option = j - len(DECISIONS)
        if option < 0:
            moves.append(None)
        elif option < len(menu.exchanges):
            moves.append(Action("exchange", 1, cards=(hand[menu.exchanges[option].give[0]],)))
        else:
            moves.append(Action("buy_sixth", 1))
    return moves, every[np.arange(len(hands)), found.choice]


def _played(
    profile_id: str, rounds: int, seed: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Per round from a random deal: the box's net through the engine playing the
    optimum, and the analysis's EV of the deal's class."""
    profile = load(profile_id)
    menu = one_draw(profile)
    assert menu is not None
    ctx = context(profile, 0)
    rng = np.random.default_rng(seed)
    nets, evs = np.empty(rounds), np.empty(rounds)
    for start in range(0, rounds, 10_000):
        deals = np.argsort(rng.random((min(10_000, rounds - start), 52)), axis=1)
        hands, ups = np.sort(deals[:, :5], axis=1), deals[:, 5]
        moves, ev = _first_moves(menu, hands, first_decision(ctx, menu, hands, ups))
        evs[start : start + len(deals)] = ev
        for i, (row, move) in enumerate(zip(deals.tolist(), moves, strict=True)):
            dealer = (*row[6:10], row[5])
            policy = _policy(profile, move, row[5])
            nets[start + i] = float(play_round(profile, row[:5], dealer, row[10:], policy))
    return nets, evs


@pytest.mark.slow
def test_the_optimum_with_a_bought_sixth_card_through_the_engine_earns_its_ev() -> None:
    """The soak test's slice: 300 rounds of five-card-sixth, each round's net
    against the EV of its class."""
    assert_earns_its_ev(*_played("five-card-sixth", 300, seed=14))


@pytest.mark.soak
@pytest.mark.parametrize("profile_id", ONE_DRAW)
def test_the_optimum_with_improvements_through_the_engine_for_a_million_rounds(
    profile_id: str,
) -> None:
    """10^6 rounds (about a CPU-quarter-hour each): the mean net lands on the
    figure of the whole ``improve`` run (computed first when not cached)."""
    figure = strategy.whole_run_return(profile_id, "improve")
    assert_earns_its_ev(*_played(profile_id, 1_000_000, seed=2026), figure=figure)
