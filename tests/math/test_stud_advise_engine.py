"""The advisor's EVs against rounds played through the real engine
(``StudGame.start/apply/settlement``), the advisor's own choice at every
later decision. Sampled: each test plays its rounds from random deals drawn
as the engine's deck draws them and accepts the advisor's EV within five
standard errors of the mean (a false alarm well under 1e-6)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

from croupier.cards import parse_card, parse_cards
from croupier.games.base import Action
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import StudState
from croupier.math.stud.advise import Option, advise, play_value, situation
from croupier.math.stud.brute import Policy, play_round
from croupier.profiles import load

Z = 5.0


def _engine_mean(rounds: Callable[[np.random.Generator], float], n: int) -> tuple[float, float]:
    rng = np.random.default_rng(2026)
    nets = np.array([rounds(rng) for _ in range(n)])
    return float(nets.mean()), float(nets.std(ddof=1) / math.sqrt(n))


def _as_action(box: int, option: Option) -> Action:
    return Action(option.action, box, cards=option.cards)


def _policy(profile: StudProfile, first: Option, up: int) -> Policy:
    """Take ``first`` now, then the advisor's best final decision."""
    best: dict[tuple[int, ...], str] = {}

    def policy(state: StudState, acts: tuple[str, ...]) -> Action:
        box = state.boxes[0]
        if not state.history:
            return _as_action(box.box, first)
        if "take_ante" in acts:  # after a no-game show: the advisor's choice
            return Action("take_ante", box.box)
        key = tuple(sorted(box.cards))
        if key not in best:
            gone = tuple(c for c in box.discards if c not in box.cards)
            values = play_value(profile, box.cards, up, gone)
            best[key] = max(values, key=lambda name: values[name])
        return Action(best[key], box.box)

    return policy


def _check(profile_id: str, box: str, up: str, option: tuple[str, str], n: int) -> None:
    profile = load(profile_id)
    cards, shown = parse_cards(box), parse_card(up)
    s = situation(profile, cards, shown)
    want = parse_cards(option[1]) if option[1] else ()
    chosen = next(o for o in advise(profile, s) if (o.action, o.cards) == (option[0], want))
    unseen = [c for c in range(52) if c not in (*cards, shown)]

    def one(rng: np.random.Generator) -> float:
        order = rng.permutation(unseen).tolist()
        dealer, rest = order[:4], order[4:]
        if profile.reshuffle_discards and chosen.action == "exchange":
            # [002]: the discards go back into the deck before the draw
            pool = rest + list(chosen.cards)
            rest = [pool[i] for i in rng.permutation(len(pool))]
        return float(
            play_round(profile, cards, (*dealer, shown), rest, _policy(profile, chosen, shown))
        )

    mean, se = _engine_mean(one, n)
    assert abs(chosen.ev - mean) <= Z * se + chosen.half_width, (chosen, mean, se)


@pytest.mark.soak
def test_a_one_card_exchange_with_discards_shuffled_back_agrees_with_the_engine() -> None:
    _check("russian-online", "Ah Kd 9s 7s 2h", "Jc", ("exchange", "2h"), 4000)


@pytest.mark.soak
def test_a_two_card_exchange_agrees_with_the_engine() -> None:
    _check("russian", "Qh Qd 9s 7s 2h", "Jc", ("exchange", "7s 2h"), 4000)


@pytest.mark.soak
def test_buying_a_game_before_the_show_agrees_with_the_engine() -> None:
    _check("six-card-all-in-one", "9h 9d Jh 5c 2d", "Ac", ("buy_game", ""), 4000)
