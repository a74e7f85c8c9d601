"""Check (2) of issue 14 for the optimum with improvements: the optimal strategy
of the one-draw profiles ([001]: a one-card exchange, or a 6th card with one given
back) and of the six-card profiles ([003]: a 6th card, then one of the six
exchanged) played through the engine (``StudGame.start/apply/settlement``) from
random deals.

The first decision is the strategy run's own (the compiled passes,
:func:`~croupier.math.stud.first_draw.first_decision`,
:func:`~croupier.math.stud.six_draw.first_decision`); every later one is the
advisor's (which card to give back after the 6th, whether to exchange one of six,
then fold or play, and after a no-game show buy a game or take the ANTE). Each
round's net is compared with the EV the analysis gives its class (paired: the
difference has a small spread), and over many rounds the mean net with the run's
figure (:mod:`enginecheck`)."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np
import pytest
from enginecheck import assert_earns_its_ev
from numpy.typing import NDArray

from croupier.games.base import Action
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import Phase, StudState
from croupier.math.stud import six_draw, strategy
from croupier.math.stud.advise import DECISIONS, advise, context, play_value, situation_of
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


# ------------------------------------------------------------ the six-card profiles


def _six_policy(profile: StudProfile, first: str) -> Policy:
    """``first`` (``buy_sixth``, or a final decision now), then as the six-card run
    values the rounds: after the 6th card the better of standing (the best final
    decision) and the advisor's best exchange, a no-game show then taking the ANTE;
    a box that played its five after a no-game show buys a game or takes the ANTE as
    the advisor says, the dealer's cards known."""

    def policy(state: StudState, acts: tuple[str, ...]) -> Action:
        box = state.boxes[0]
        if state.phase is Phase.AFTER_SHOW:
            if first == "buy_sixth":
                return Action("take_ante", box.box)
            return Action(advise(profile, situation_of(state, box.box))[0].action, box.box)
        if not state.history:
            return (
                Action("buy_sixth", box.box) if first == "buy_sixth" else final_action(state, first)
            )
        gone = tuple(c for c in box.discards if c not in box.cards)
        name, value = _best_final(profile, box.cards, state.shown_card, gone)
        if "exchange" in acts:
            options = advise(profile, situation_of(state, box.box))
            top = max((o for o in options if o.action == "exchange"), key=lambda o: o.ev)
            if top.ev > value:
                return Action("exchange", box.box, cards=top.cards)
        return final_action(state, name)

    return policy


def _played_six(
    profile_id: str, hands: int, seed: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Per random five-card hand, the mean over a round with each of the 47 up cards
    (the rest of each deal shuffled): the box's net through the engine playing the
    optimum, and the analysis's EV of the round's class. A hand's up cards are valued
    together (as the run does: one walk of the bought games per hand), and its rounds
    are one sample (their mean), so the standard errors stay honest."""
    profile = load(profile_id)
    menu = six_draw.sixth_round(profile)
    assert menu is not None
    ctx = context(profile, 0)
    rng = np.random.default_rng(seed)
    nets, evs = np.empty(hands), np.empty(hands)
    for h in range(hands):
        order = rng.permutation(52)
        five = np.sort(order[:5])
        ups = np.sort(order[5:])
        found = six_draw.first_decision(ctx, menu, np.repeat(five[None, :], 47, axis=0), ups)
        every = np.concatenate([found.now, found.options], axis=1)
        evs[h] = every[np.arange(47), found.choice].mean()
        total = 0.0
        for up, j in zip(ups.tolist(), found.choice.tolist(), strict=True):
            rest = rng.permutation([c for c in order[5:].tolist() if c != up]).tolist()
            first = "buy_sixth" if j == len(DECISIONS) else DECISIONS[j]
            policy = _six_policy(profile, first)
            total += float(play_round(profile, five.tolist(), (*rest[:4], up), rest[4:], policy))
        nets[h] = total / 47
    return nets, evs


SIX_CARD = ("six-card", "six-card-shambala")


@pytest.mark.slow
@pytest.mark.parametrize("profile_id", SIX_CARD)
def test_the_six_card_optimum_through_the_engine_earns_its_ev(profile_id: str) -> None:
    """The soak test's slice: 8 hands, each with every up card (376 rounds), each
    hand's mean net against the mean EV of its classes."""
    assert_earns_its_ev(*_played_six(profile_id, 8, seed=14))


def _played_six_on_every_core(
    profile_id: str, hands: int, seed: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """:func:`_played_six` in blocks of 100 hands (each its own seed) over the machine's cores."""
    blocks = [(profile_id, min(100, hands - b), seed * 1_000_003 + b) for b in range(0, hands, 100)]
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=get_context("fork")) as pool:
        done = list(pool.map(_played_six, *zip(*blocks, strict=True)))
    return np.concatenate([d[0] for d in done]), np.concatenate([d[1] for d in done])


@pytest.mark.soak
@pytest.mark.parametrize("profile_id", SIX_CARD)
def test_the_six_card_optimum_through_the_engine_for_a_million_rounds(profile_id: str) -> None:
    """21,300 hands x 47 up cards (1,001,100 rounds; about a CPU-hour, spread over the
    cores): paired with the classes' EVs, and the mean net on the figure of the whole
    ``improve`` run (its chunks of record)."""
    figure = strategy.whole_run_return(profile_id, "improve")
    played = _played_six_on_every_core(profile_id, 21_300, seed=2026)
    assert_earns_its_ev(*played, figure=figure)
