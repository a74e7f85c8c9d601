"""The side stakes of [004]: beside the advisor (the DEALER BONUS against every
dealer completion settled by the engine, the ``croupier advise`` flags) and on
their own (every round of a short deck through the engine, the full deck
against the textbook count of five-card hands, the maximum payout's cut)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from typer.testing import CliRunner

from croupier.cards import parse_card, parse_cards
from croupier.cards.deck import Deck
from croupier.cli import app
from croupier.games.base import Action, BoxStake, Limits, RoundSetup
from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate, settle_box
from croupier.math.stud.brute import GAME
from croupier.math.stud.outcomes import ANTE, NO_CAP
from croupier.math.stud.side_stakes import LOSES, bonus_wagers, side_stake_net, side_stakes
from croupier.poker.batch import best_batch
from croupier.poker.hand import Category
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


# A short deck holding every line of the BONUS pay table: the hearts 9 to A (a royal
# and a straight flush, flushes, straights with the others), four aces, two kings.
SHORT = tuple(sorted(parse_cards("9h Th Jh Qh Kh Ah As Ac Ad Ks")))


def _engine_side_stakes(profile_id: str, stake: int, max_payout: int) -> dict[str, Fraction]:
    """Every round of SHORT through the engine (box five, dealer five, the box folds):
    the mean net per unit staked of each side stake as the engine settles it."""
    profile = load(profile_id)
    limits = Limits(1, stake, max_payout)
    box = BoxStake(1, "p", {"ante": stake, "bonus": stake, "dealer_bonus": stake})
    sums: Counter[str] = Counter()
    rounds = 0
    for five in combinations(SHORT, 5):
        rest = [c for c in SHORT if c not in five]
        for dealer in combinations(rest, 5):
            stock = tuple(c for c in rest if c not in dealer)
            deck = Deck.scripted({"box:1": five, "dealer": dealer}, stock)
            state = GAME.start(RoundSetup(profile, limits, (box,)), deck)
            state = GAME.apply(state, Action("fold", 1))
            settled = GAME.settlement(state)
            assert settled is not None
            for line in settled.box(1).lines:
                if line.line in ("bonus", "dealer_bonus"):
                    sums[line.line] += line.returned - line.staked
            rounds += 1
    return {name: Fraction(total, stake * rounds) for name, total in sums.items()}


@pytest.mark.parametrize("profile_id", ["russian", "six-card-shambala"])
def test_each_side_stake_on_its_own_is_every_round_through_the_engine_on_a_short_deck(
    profile_id: str,
) -> None:
    wagers = {w.name: w for w in bonus_wagers(load(profile_id), SHORT)}
    assert set(wagers) == {"player BONUS", "dealer BONUS"}
    # every line of the pay table is hit on this deck
    assert len(wagers["player BONUS"].hit_frequency()) == 7
    plain = _engine_side_stakes(profile_id, 1000, NO_CAP)
    assert plain == {"bonus": wagers["player BONUS"].ev, "dealer_bonus": wagers["dealer BONUS"].ev}
    # a table whose maximum payout is 20 stakes: each BONUS capped on its own
    capped = _engine_side_stakes(profile_id, 1000, 20_000)
    assert capped["bonus"] == wagers["player BONUS"].capped_ev(Fraction(20))
    assert capped["dealer_bonus"] == wagers["dealer BONUS"].capped_ev(Fraction(20))
    assert capped["bonus"] < plain["bonus"]


def test_the_bonus_on_the_full_deck_is_the_textbook_count_of_five_card_hands() -> None:
    profile = load("russian")
    assert profile.bonus is not None
    # the classic counts of the 2,598,960 five-card hands, from their formulas
    textbook = {
        Category.ROYAL_FLUSH: 4,
        Category.STRAIGHT_FLUSH: 9 * 4,
        Category.FOUR_OF_A_KIND: 13 * 48,
        Category.FULL_HOUSE: 13 * comb(4, 3) * 12 * comb(4, 2),
        Category.FLUSH: 4 * comb(13, 5) - 40,
        Category.STRAIGHT: 10 * 4**5 - 40,
    }
    hands = comb(52, 5)
    paying = sum(textbook.values())
    won = sum(profile.bonus.pays[c] * k for c, k in textbook.items())
    for wager in bonus_wagers(profile):
        hits = wager.hit_frequency()
        assert hits == {LOSES: Fraction(hands - paying, hands)} | {
            c.label: Fraction(k, hands) for c, k in textbook.items()
        }
        assert wager.ev == Fraction(won - (hands - paying), hands)  # -0.5798...


def test_the_maximum_payout_cuts_each_side_stake_as_the_engine_does_at_every_tier() -> None:
    from croupier.math.par import casino_tiers

    profile = load("russian")
    examples = {
        "royal flush": "Th Jh Qh Kh Ah", "straight flush": "9h Th Jh Qh Kh",
        "four of a kind": "9c 9d 9h 9s 2d", "full house": "9c 9d 9h 2s 2d",
        "flush": "2h 5h 9h Jh Kh", "straight": "9h Th Jh Qh Kd", LOSES: "9c 9d 7h 2s 3d",
    }  # fmt: skip
    for wager, name in zip(bonus_wagers(profile), ("bonus", "dealer_bonus"), strict=True):
        p = wager.hit_frequency()
        for tier in casino_tiers():
            for stake in (tier.limits.min_stake, tier.limits.max_stake):
                cap = tier.limits.max_payout
                engine = sum(
                    p[line] * side_stake_net(profile, name, tuple(parse_cards(five)), stake, cap)
                    for line, five in examples.items()
                )
                assert wager.capped_ev(Fraction(cap, stake)) == engine
