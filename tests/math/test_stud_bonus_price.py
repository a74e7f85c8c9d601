"""[000]'s BONUS priced as the options it opens (never improving): the exact
figure against brute force through the engine on a short deck, every option of
full-deck deals against the advisor (another counting: the situation's
completions and the advisor's walk), the hands against the textbook count."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from croupier.cards import parse_card, parse_cards
from croupier.games.stud.payout import evaluate
from croupier.math.stud.advise import Situation, advise
from croupier.math.stud.bonus_price import (
    Prices,
    bonus_price,
    cached_bonus_price,
    deal_values,
    option_hands,
    tier_prices,
)
from croupier.math.stud.brute import IMPROVING, engine_optimum
from croupier.math.stud.outcomes import ANTE
from croupier.poker.hand import Category
from croupier.profiles import load

# Two suits of 9..A and the spades ten to ace: straights, flushes, a straight
# flush and a royal, hands without a game for the dealer, one card left to draw
# for a bought game.
SHORT = tuple(sorted(parse_cards("9h Th Jh Qh Kh Ah Ts Js Qs Ks As")))


# Every deal of 11 cards through the engine twice: half a minute to a minute, so make soak runs
# it; make test keeps the price's parts (the option hands' textbook count, the price by hand
# and tier, the advisor's options of a deal).
@pytest.mark.soak
def test_the_bonus_price_is_brute_force_through_the_engine_on_a_short_deck() -> None:
    profile = load("six-card-all-in-one")
    assert profile.bonus is not None
    found = bonus_price(profile, (Prices("no cap"),), SHORT)
    assert found is not None
    fee = profile.bonus.fee(ANTE)
    with_bonus = engine_optimum(profile, SHORT, fee, IMPROVING)
    without = engine_optimum(profile, SHORT, 0, IMPROVING)
    price = found.figures[0]
    assert price.fee == Fraction(1, 10)
    assert price.ret == (with_bonus - without) / price.fee  # 13/2772 per unit of BONUS
    assert price.ret == Fraction(13, 2772)


@pytest.mark.slow  # the advisor's tables and prices for the full deck: a minute or two under load
@pytest.mark.parametrize(
    ("box", "up"),
    [
        ("9h Th Jh Qh Kh", "2c"),  # a straight flush: protection in play and in a bought game
        # make soak: a straight the up card hurts (half is close to playing)
        pytest.param("9h Th Jh Qh Kd", "Kc", marks=pytest.mark.soak),
        # make soak: a full house (half beats playing, buying beats half)
        pytest.param("Ah Ad Ac Kh Kd", "Kc", marks=pytest.mark.soak),
    ],
)
def test_every_option_of_a_deal_is_the_advisors(box: str, up: str) -> None:
    profile = load("six-card-all-in-one")
    assert profile.bonus is not None
    cards, shown = tuple(parse_cards(box)), parse_card(up)
    exact = deal_values(profile, cards, shown)
    fee = Fraction(profile.bonus.fee(ANTE), ANTE)
    for bonus in (False, True):
        # the advisor counts from now on: the BONUS paid before the deal is sunk
        options = advise(profile, Situation(cards, shown, round=2, last_did="exchange",
                                            bonus=bonus))  # fmt: skip
        advised = {o.action: o.ev for o in options}
        assert set(advised) == set(exact[bonus])
        for name, value in exact[bonus].items():
            back = fee if bonus else 0
            assert advised[name] == pytest.approx(float(value + back), abs=1e-9), name


def test_the_hands_that_open_an_option_are_the_textbook_count() -> None:
    profile = load("six-card-all-in-one")
    hands, weights = option_hands(profile, tuple(range(52)), Category.STRAIGHT)
    found: Counter[str] = Counter()
    for hand, weight in zip(hands.tolist(), weights.tolist(), strict=True):
        found[evaluate(profile, hand).main.category.label] += weight
    textbook = {"straight": 10 * 4**5 - 40, "flush": 4 * comb(13, 5) - 40,
                "full house": 13 * 4 * 12 * 6, "four of a kind": 13 * 48,
                "straight flush": 36, "royal flush": 4}  # fmt: skip
    assert dict(found) == textbook


def test_a_price_adds_up_by_hand_and_every_limit_tier_is_priced() -> None:
    profile = load("six-card-all-in-one")
    found = bonus_price(profile, tier_prices(), SHORT)
    assert found is not None and len(found.figures) == 9
    for price in found.figures:
        assert sum(v[1] for v in price.by_hand.values()) == price.value
        assert price.ret == price.value / price.fee - 1
        assert sum(v[2] for v in price.by_hand.values()) == price.take_half


def test_the_report_and_the_par_sheet_carry_the_bonus_price(tmp_path: Path) -> None:
    from croupier.math.par import write_par
    from croupier.math.stud.report import analyze as stud_report

    report = stud_report(load("six-card-all-in-one"), SHORT)
    name = "BONUS fee for take-half and protection, never improving"
    figures = {f.name: f for f in report.figures}
    assert figures[f"{name}: return per unit of BONUS"].exact == Fraction(13, 2772)
    limits = report.tables[f"{name}: at the casino's limits"]
    assert len(limits) == 9
    write_par(report, tmp_path)
    written = {p.name for p in tmp_path.glob("bonus-fee-*.csv")}
    assert written == {
        "bonus-fee-for-take-half-and-protection-never-improving-at-th.csv",
        "bonus-fee-for-take-half-and-protection-never-improving-by-th.csv",
    }


def test_the_cached_figures_read_back_as_computed() -> None:
    from croupier.math.stud.bonus_price import _from_json, _to_json

    found = bonus_price(load("six-card-all-in-one"), tier_prices()[:3], SHORT)
    assert found is not None
    assert _from_json(json.loads(json.dumps(_to_json(found)))) == found


@pytest.mark.soak  # the full deck's price (8 CPU-minutes, or the disk cache) and 940 advisor calls
def test_the_straight_flushes_share_of_the_full_deck_price_is_the_advisors() -> None:
    """Most of what the options add comes from the straight flushes and royals:
    their share of the full deck's exact figure, recounted deal by deal through
    the advisor (the situation's completions and its walk), floats to 1e-9."""
    profile = load("six-card-all-in-one")
    found = cached_bonus_price(profile, tier_prices())
    assert found is not None
    by_hand = found.figures[0].by_hand
    exact = by_hand["straight flush"][1] + by_hand["royal flush"][1]
    hands, weights = option_hands(profile, tuple(range(52)), Category.STRAIGHT_FLUSH)
    total = 0.0
    for hand, weight in zip(hands.tolist(), weights.tolist(), strict=True):
        for up in (c for c in range(52) if c not in hand):
            best = {}
            for bonus in (False, True):
                options = advise(profile, Situation(tuple(hand), up, round=2,
                                                    last_did="exchange", bonus=bonus))  # fmt: skip
                best[bonus] = max(o.ev for o in options)
            total += weight * (best[True] - best[False])
    assert total / (comb(52, 5) * 47) == pytest.approx(float(exact), rel=1e-9)
