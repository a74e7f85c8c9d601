"""The side stakes of [004] beside the advisor: the DEALER BONUS against every
dealer completion settled by the engine, and the ``croupier advise`` flags."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import numpy as np
from typer.testing import CliRunner

from croupier.cards import parse_card, parse_cards
from croupier.cli import app
from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate, settle_box
from croupier.math.stud.outcomes import ANTE, NO_CAP
from croupier.math.stud.side_stakes import side_stakes
from croupier.poker.batch import best_batch
from croupier.poker.values import category_of
from croupier.profiles import load


def test_the_dealer_bonus_is_the_engines_mean_over_every_dealer_completion() -> None:
    profile = load("russian")
    box, up = parse_cards("Ah Ad 7c 7s 2h"), parse_card("9h")
    rest = [c for c in range(52) if c not in (*box, up)]
    dealers = np.array([(up, *four) for four in combinations(rest, 4)])
    categories = [category_of(int(v)) for v in best_batch(dealers, ace_king=profile.ace_king)]
    example = {c: i for i, c in enumerate(categories)}
    total = Fraction(0)
    for category, count in Counter(categories).items():
        five = dealers[example[category]].tolist()
        play = BoxPlay(ANTE, False, evaluate(profile, box), dealer_bonus=ANTE)
        lines, _ = settle_box(profile, NO_CAP, play, dealer_show(profile, five))
        line = next(x for x in lines if x.line == "dealer_bonus")
        total += count * Fraction(line.returned - line.staked, ANTE)
    got = side_stakes(profile, box, up, box)
    assert got["dealer_bonus"] == total / len(dealers)
    assert got["bonus"] == -1  # two pairs: the BONUS pays from a straight up


def test_advise_shows_the_side_stakes_apart_and_the_bonus_opens_take_half() -> None:
    runner = CliRunner()
    args = ["advise", "russian", "--box", "Ah Ad 7c 7s 2h", "--dealer", "9h"]
    result = runner.invoke(app, [*args, "--bonus", "--dealer-bonus"])
    assert result.exit_code == 0, result.output
    assert "DEALER BONUS side stake" in result.output
    assert "BONUS side stake: -1.0000" in result.output
    half = ["advise", "six-card-all-in-one", "--box", "9h Th Jh Qh Kd", "--dealer", "2c"]
    assert "take_half" not in runner.invoke(app, half).output
    assert "take_half" in runner.invoke(app, [*half, "--bonus"]).output


def test_advise_with_the_dealers_five_shown_offers_buying_a_game_or_taking_the_ante() -> None:
    args = ["advise", "russian", "--box", "Kh Kd Ks 7s 2h", "--dealer", "2c"]
    result = CliRunner().invoke(app, [*args, "--show", "9c 8d 6h 4s 2c"])
    assert result.exit_code == 0, result.output
    assert "buy_game" in result.output and "take_ante" in result.output


def test_advise_refuses_a_side_stake_the_profile_does_not_offer_saying_which() -> None:
    args = ["advise", "six-card", "--box", "Kh Kd Ks 7s 2h", "--dealer", "2c", "--dealer-bonus"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert "--dealer-bonus: six-card has no DEALER BONUS" in result.output
