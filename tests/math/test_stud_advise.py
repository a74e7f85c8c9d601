"""The advisor against an independent count: every dealer completion evaluated
one by one, grouped by the dealer's hand value, each group settled by the
engine's settle_box on a real dealer hand (no counting kernel, no outcome
classes), and against rounds played through the engine."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from typer.testing import CliRunner

from croupier.cards import parse_card, parse_cards
from croupier.cli import app
from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate
from croupier.math.stud.advise import Situation, advise, play_value, situation
from croupier.math.stud.outcomes import ANTE, net
from croupier.poker.batch import best_batch
from croupier.profiles import load

PROFILES = ["five-card-exchange", "russian-online", "six-card", "six-card-all-in-one", "russian"]
# Every dealer completion settled one by one: two profiles in make test, the rest in make soak.
ENUMERATED = [
    p if p in ("five-card-exchange", "russian") else pytest.param(p, marks=pytest.mark.soak)
    for p in PROFILES
]


def _play_by_enumeration(profile_id: str, cards: tuple[int, ...], up: int,
                         gone: tuple[int, ...] = ()) -> Fraction:  # fmt: skip
    profile = load(profile_id)
    hand = evaluate(profile, cards)
    rest = [c for c in range(52) if c not in (*cards, up, *gone)]
    dealers = np.array([(up, *four) for four in combinations(rest, 4)])
    values = best_batch(dealers, ace_king=profile.ace_king)
    _distinct, first, counts = np.unique(values, return_index=True, return_counts=True)
    total = Fraction(0)
    for i, n in zip(first.tolist(), counts.tolist(), strict=True):
        show = dealer_show(profile, dealers[i].tolist())
        total += n * net(profile, BoxPlay(ANTE, True, hand), show)
    return total / len(dealers)


@pytest.mark.parametrize("profile_id", ENUMERATED)
def test_play_value_equals_settling_every_dealer_completion(profile_id: str) -> None:
    rng = np.random.default_rng(sum(map(ord, profile_id)))
    for size in (5, 6):
        deal = rng.permutation(52)[: size + 1].tolist()
        cards, up = tuple(deal[:size]), deal[size]
        exact = _play_by_enumeration(profile_id, cards, up)
        assert play_value(load(profile_id), cards, up)["play"] == pytest.approx(
            float(exact), abs=1e-12
        )


def test_play_value_counts_the_cards_given_away() -> None:
    cards = parse_cards("Ah Kd 7c 7s 2h")
    up, gone = parse_card("9c"), parse_cards("Qs Qd")
    exact = _play_by_enumeration("russian", cards, up, gone)
    got = play_value(load("russian"), cards, up, gone)["play"]
    assert got == pytest.approx(float(exact), abs=1e-12)


def test_one_card_exchange_is_the_average_of_the_best_final_over_46_draws() -> None:
    profile = load("five-card-exchange")
    cards, up = parse_cards("Ah Kd 9s 7s 2h"), parse_card("Jc")
    options = {(o.action, o.cards): o for o in advise(profile, Situation(cards, up))}
    give = parse_card("2h")
    kept = tuple(c for c in cards if c != give)
    rest = [c for c in range(52) if c not in (*cards, up)]
    best = [max(-1.0, play_value(profile, (*kept, c), up, (give,))["play"]) for c in rest]
    option = options[("exchange", (give,))]
    assert option.exact
    assert option.ev == pytest.approx(sum(best) / len(best) - 1, abs=1e-12)
    assert options[("fold", ())].ev == -1.0


def test_insurance_is_offered_at_both_ends_to_three_of_a_kind_only() -> None:
    profile = load("russian")
    trips = play_value(profile, parse_cards("7h 7c 7s Kd 2h"), parse_card("9c"))
    assert {"play, insure max", "play, insure min"} <= set(trips)
    pair = play_value(profile, parse_cards("7h 7c 8s Kd 2h"), parse_card("9c"))
    assert not any("insure" in k for k in pair)


def test_after_a_sixth_card_the_advisor_asks_which_card_to_give_back() -> None:
    profile = load("five-card-sixth")
    s = situation(profile, parse_cards("Ah Kd 7c 7s 2h 5d"), parse_card("9c"), ["sixth"])
    options = advise(profile, s)
    assert {o.action for o in options} == {"discard"}
    assert len(options) == 6
    assert options[0].cards[0] not in parse_cards("7c 7s")  # never break the pair first


def test_large_exchanges_are_sampled_with_an_interval_small_ones_exact() -> None:
    profile = load("russian")
    options = advise(profile, Situation(parse_cards("Ah Kd 7c 7s 2h"), parse_card("9c")))
    for o in options:
        if o.action == "exchange":
            assert o.exact == (len(o.cards) <= 2)
            assert o.exact or o.half_width > 0
    evs = [o.ev for o in options]
    assert evs == sorted(evs, reverse=True)


def test_advise_command_prints_every_option_best_first() -> None:
    result = CliRunner().invoke(
        app, ["advise", "five-card-exchange", "--box", "Ah Kd 7c 7s 2h", "--dealer", "9c"]
    )
    assert result.exit_code == 0, result.output
    assert "play" in result.output and "exchange" in result.output


def test_advise_command_refuses_a_repeated_card_saying_so() -> None:
    result = CliRunner().invoke(
        app, ["advise", "russian", "--box", "Ah Kd 7c 7s 2h", "--dealer", "7c"]
    )
    assert result.exit_code == 1
    assert "twice" in result.output


@pytest.mark.soak
@pytest.mark.parametrize("profile_id", ["russian", "six-card-all-in-one"])
def test_play_value_equals_every_round_played_through_the_engine(profile_id: str) -> None:
    """All 163,185 dealer completions of one situation played by StudGame itself
    (start, play, take the ANTE on a no-game show, settlement)."""
    from croupier.math.stud.brute import baseline_policy, play_round

    profile = load(profile_id)
    cards, up = parse_cards("Qh Qc 9s 5d 2h"), parse_card("Kc")
    rest = [c for c in range(52) if c not in (*cards, up)]
    policy = baseline_policy(lambda c: True)
    total = Fraction(0)
    n = 0
    for four in combinations(rest, 4):
        stock = [c for c in rest if c not in four]
        total += play_round(profile, cards, (*four, up), stock, policy)
        n += 1
    assert play_value(profile, cards, up)["play"] == pytest.approx(float(total / n), abs=1e-12)


@pytest.mark.soak
def test_one_card_exchange_equals_settling_every_draw_and_dealer_completion() -> None:
    """46 draws x 148,995 dealer hands, each group of equal dealer hands settled
    by settle_box: no counting kernel involved."""
    profile = load("five-card-exchange")
    cards, up = parse_cards("Ah Kd 9s 7s 2h"), parse_card("Jc")
    give = parse_card("9s")
    kept = tuple(c for c in cards if c != give)
    rest = [c for c in range(52) if c not in (*cards, up)]
    values = [
        max(Fraction(-1), _play_by_enumeration("five-card-exchange", (*kept, c), up, (give,)))
        for c in rest
    ]
    exact = sum(values, Fraction(0)) / len(values) - 1
    options = {(o.action, o.cards): o for o in advise(profile, Situation(cards, up))}
    assert options[("exchange", (give,))].ev == pytest.approx(float(exact), abs=1e-12)
