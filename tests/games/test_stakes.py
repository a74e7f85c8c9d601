"""One stake check for every game: each profile's StakeSpec is what its engine enforces."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from croupier.games.baccarat.stakes import stake_spec as baccarat_spec
from croupier.games.base import BoxStake, Limits, RuleError
from croupier.games.blackjack.stakes import stake_spec as blackjack_spec
from croupier.games.common.stakes import (
    LineSpec,
    StakeFee,
    StakeSpec,
    box_from_json,
    box_to_json,
    check_stake,
)
from croupier.games.house_poker.stakes import stake_spec as house_spec
from croupier.games.stud.stakes import stake_spec as stud_spec
from croupier.profiles import load

LIMITS = Limits(100, 1000, 10**6)
SPEC = StakeSpec(
    (
        LineSpec("ante", "ANTE", required=True),
        LineSpec("bonus", "BONUS", "fee", fee=StakeFee(Fraction(10), {150: 20})),
        LineSpec("pair_plus", "PAIR PLUS", "side", alone=True, on_dark=False),
    ),
    dark=True,
    prebuy_kind="bet",
)


def refusal(stakes: dict[str, Any], dark: bool = False, prebuy: tuple[str, ...] = ()) -> str:
    try:
        check_stake(SPEC, LIMITS, BoxStake(3, "ann", stakes, dark, prebuy))
    except RuleError as error:
        return str(error)
    return ""


def test_each_price_rule_holds_its_line() -> None:
    assert refusal({"ante": 100, "bonus": 10, "pair_plus": 1}) == ""
    assert refusal({"ante": 150, "bonus": 20}) == ""  # the fee's fixed exception
    assert refusal({"ante": 100, "bonus": 11}) == "box 3: the BONUS with ANTE 100 is 10, not 11"
    assert refusal({"pair_plus": 100}) == ""  # alone, it keeps the table minimum ...
    assert refusal({"pair_plus": 99}) == (
        "box 3: PAIR PLUS 99 is outside the table limits 100..1000"
    )
    assert refusal({"ante": 100, "pair_plus": 1001}).endswith("1..1000")  # ... beside, from 1
    assert refusal({}) == "box 3: ANTE 0 is outside the table limits 100..1000"
    assert refusal({"pair_plus": 100}, dark=True) == "box 3: a dark box plays its ANTE"
    assert refusal({"ante": 100, "pair_plus": 5}, dark=True) == (
        "box 3: no PAIR PLUS on a dark box"
    )


def test_unknown_lines_bad_amounts_and_pre_sets_are_named() -> None:
    assert refusal({"ante": 100, "tie": 5}) == (
        "box 3: 'tie' is not a stake of this game (ante, bonus, pair_plus)"
    )
    for bad in (-1, True, 2.5, "100"):
        assert refusal({"ante": bad}) == (
            "box 3: ante must be a whole, non-negative number of minor units"
        )
    assert refusal({"ante": 100}, prebuy=("turn",)).startswith("box 3: only a dark box pre-sets")
    assert refusal({"ante": 100}, dark=True, prebuy=("turn",)) == (
        "box 3: a dark box cannot pre-set 'turn' (allowed: nothing)"
    )


def test_a_spec_without_a_main_line_needs_one_of_its_lines() -> None:
    spec = baccarat_spec(load("baccarat"))
    with pytest.raises(RuleError, match="box 1: no stake on PLAYER, BANKER or TIE"):
        check_stake(spec, LIMITS, BoxStake(1, "ann", {"tie": 0}))
    check_stake(spec, LIMITS, BoxStake(1, "ann", {"tie": 100}))


SPECS: dict[str, Callable[[Any], StakeSpec]] = {
    "russian": stud_spec,
    "six-card-all-in-one": stud_spec,
    "six-card": stud_spec,
    "texas-holdem-bonus": house_spec,
    "three-card": house_spec,
    "blackjack": blackjack_spec,
}


@pytest.mark.parametrize("profile_id", sorted(SPECS))
def test_the_spec_says_what_the_profile_offers(profile_id: str) -> None:
    profile = load(profile_id)
    spec = SPECS[profile_id](profile)
    assert spec.main is not None and spec.names[0] == spec.main.name
    assert spec.dark == (profile.table.dark_boxes_per_player > 0)
    if profile_id == "six-card-all-in-one":  # [000]: the BONUS is a tenth of the ANTE, exactly
        bonus = next(line for line in spec.lines if line.name == "bonus")
        assert bonus.price == "fee" and bonus.fee is not None and bonus.fee.of(1000) == 100
    if profile_id == "six-card":  # [003]: a dark box pre-buys at the profile's prices
        assert {p.name for p in spec.prebuys} == set(profile.dark_prebuy)
        assert spec.dark_antes == profile.bet_antes
    if profile_id == "texas-holdem-bonus":  # dark boxes pre-set TURN and RIVER at 1 ANTE each
        assert spec.prebuy_kind == "bet"
        assert [(p.name, p.antes) for p in spec.prebuys] == [("turn", 1), ("river", 1)]
        assert spec.dark_antes == 2  # the flop BET, staked blind with the ANTE


def test_the_codec_writes_what_it_reads() -> None:
    stake = BoxStake(2, "ann", {"ante": 1000, "bonus": 100}, dark=True, prebuy=("sixth",))
    data = box_to_json(stake)
    assert data == {
        "box": 2,
        "player": "ann",
        "stakes": {"ante": 1000, "bonus": 100},
        "dark": True,
        "prebuy": ["sixth"],
    }
    assert box_from_json(data) == stake
    assert box_to_json(BoxStake(1, "bob", {"tie": 100})) == {
        "box": 1,
        "player": "bob",
        "stakes": {"tie": 100},
    }


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"box": 1, "player": "a", "stakes": {"ante": -1}}, "stake.stakes.ante: must be a whole"),
        ({"box": 1, "player": "a", "stakes": []}, "stake.stakes: must map lines"),
        ({"box": "1", "player": "a", "stakes": {}}, "stake.box: must be a whole number"),
        ({"box": 1, "player": "", "stakes": {}}, "stake.player"),
        ({"box": 1, "player": "a", "stakes": {}, "dark": 1}, "stake.dark: must be true or false"),
        ({"box": 1, "player": "a", "stakes": {}, "prebuy": "sixth"}, "stake.prebuy"),
        ({"box": 1, "player": "a", "stakes": {}, "tip": 5}, "unknown field 'tip'"),
    ],
)
def test_the_codec_refuses_a_malformed_box_naming_the_field(
    data: dict[str, Any], words: str
) -> None:
    with pytest.raises(RuleError, match=words):
        box_from_json(data)
