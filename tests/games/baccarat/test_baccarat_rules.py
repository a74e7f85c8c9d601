"""Baccarat rules (RULES.md §2.5, seed [004]), one test per rule, and properties."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier.profiles as profiles
from croupier.cards import Deck, FairSeed, parse_cards
from croupier.games.baccarat.engine import BaccaratGame
from croupier.games.baccarat.tableau import banker_draws, player_draws, points, value
from croupier.games.base import BoxStake, Limits, RoundSetup, RuleError
from croupier.math.baccarat import coup_odds, returns
from croupier.profiles import ProfileError, load, parse

PROFILE = load("baccarat")
LIMITS = Limits(100, 100_000, 10_000_000)
GAME = BaccaratGame()


def _round(p_cards: str, b_cards: str, stock: str = "", **stakes: int) -> Any:
    setup = RoundSetup(PROFILE, LIMITS, (BoxStake(1, "ann", stakes or {"player": 1000}),))
    deck = Deck.scripted(
        {"player": parse_cards(p_cards), "banker": parse_cards(b_cards)},
        parse_cards(stock),
        single_deck=False,
    )
    return GAME.start(setup, deck)


def test_card_values_tens_and_pictures_zero_ace_one() -> None:
    assert [value(c) for c in parse_cards("Ts Jh Qd Kc As 2c 9d")] == [0, 0, 0, 0, 1, 2, 9]
    assert points([7, 8]) == 5  # "десятки обнуляются"


def test_natural_eight_or_nine_stops_the_deal() -> None:
    state = _round("4c 4d", "2h 3s", "Kc Kd")  # PLAYER 8 natural, BANKER 5 would draw
    assert len(state.player) == 2 and len(state.banker) == 2
    assert state.deck.remaining() == 2


def test_player_draws_on_zero_to_five_stands_on_six_seven() -> None:
    assert [player_draws(t) for t in range(8)] == [True] * 6 + [False] * 2


def test_banker_draws_on_zero_to_five_when_player_stood() -> None:
    assert [banker_draws(t, None) for t in range(8)] == [True] * 6 + [False] * 2


@pytest.mark.parametrize(
    ("total", "draws_on"),
    [
        (0, set(range(10))),
        (1, set(range(10))),
        (2, set(range(10))),
        (3, set(range(10)) - {8}),
        (4, set(range(2, 8))),
        (5, set(range(4, 8))),
        (6, {6, 7}),
        (7, set()),
    ],
)
def test_banker_tableau_after_a_player_third_card(total: int, draws_on: set[int]) -> None:
    assert {third for third in range(10) if banker_draws(total, third)} == draws_on


def test_banker_commission_five_percent_rounded_down() -> None:
    state = _round("Kc Qd", "5h 2d", "5c", banker=1010)
    line = GAME.settlement(state).box(1).lines[0]
    assert (line.line, line.returned) == ("banker", 1010 + 959)


def test_tie_pays_eight_to_one_and_returns_player_and_banker() -> None:
    state = _round("7c Kd", "7d Qs", tie=100, player=1000, banker=500)
    lines = {x.line: x.returned for x in GAME.settlement(state).box(1).lines}
    assert lines == {"tie": 900, "player": 1000, "banker": 500}


def _shipped(**pays: object) -> dict[str, Any]:
    """The shipped profile's TOML, read afresh, with ``pays`` changed."""
    data = tomllib.loads((Path(profiles.__file__).parent / "baccarat.toml").read_text())
    data["pays"].update(pays)
    return data


def test_tie_can_take_player_and_banker_stakes_when_the_profile_says_so() -> None:
    data = _shipped(tie_returns_player_banker=False)
    data["id"] = "baccarat-strict"
    strict = parse(data, "strict.toml")
    setup = RoundSetup(strict, LIMITS, (BoxStake(1, "ann", {"player": 1000}),))
    deck = Deck.scripted({"player": parse_cards("7c Kd"), "banker": parse_cards("7d Qs")})
    assert GAME.settlement(GAME.start(setup, deck)).box(1).net == -1000


def test_stakes_outside_the_table_limits_are_refused() -> None:
    setup = RoundSetup(PROFILE, LIMITS, (BoxStake(1, "ann", {"tie": 50}),))
    with pytest.raises(RuleError, match="box 1: TIE 50 is outside the table limits"):
        GAME.start(setup, Deck.fresh())


def test_unknown_stake_line_is_refused() -> None:
    setup = RoundSetup(PROFILE, LIMITS, (BoxStake(1, "ann", {"dragon": 500}),))
    with pytest.raises(RuleError, match="'dragon' is not a stake of this game"):
        GAME.start(setup, Deck.fresh())


def test_profile_refuses_a_commission_of_the_whole_win() -> None:
    data = _shipped(banker_commission="1")
    with pytest.raises(ProfileError, match=r"x\.toml: pays\.banker_commission: must be below 1"):
        parse(data, "x.toml")


def test_eight_deck_odds_match_the_published_values() -> None:
    odds = coup_odds(8)
    assert sum(odds.values()) == 1
    assert round(float(odds["banker"]), 6) == 0.458597
    assert round(float(odds["player"]), 6) == 0.446247
    assert round(float(odds["tie"]), 6) == 0.095156
    edge = returns(PROFILE, odds)
    assert round(-100 * float(edge["banker"]), 4) == 1.0579
    assert round(-100 * float(edge["player"]), 4) == 1.2351
    assert round(-100 * float(edge["tie"]), 4) == 14.3596


# ---------------------------------------------------------------- properties

stakes = st.fixed_dictionaries(
    {},
    optional={
        "player": st.integers(100, 100_000),
        "banker": st.integers(100, 100_000),
        "tie": st.integers(100, 100_000),
    },
).filter(bool)


@settings(max_examples=150, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.lists(stakes, min_size=1, max_size=7))
def test_every_shuffled_coup_settles_by_the_tableau_and_conserves_money_as_staked_says(
    seed: bytes, boxes: list[dict[str, int]]
) -> None:
    setup = RoundSetup(
        PROFILE, LIMITS, tuple(BoxStake(i + 1, f"p{i}", s) for i, s in enumerate(boxes))
    )
    deck = PROFILE.shoe.fresh(FairSeed(seed))
    state = GAME.start(setup, deck)
    p, b = state.player, state.banker
    assert 416 - state.deck.remaining() == len(p) + len(b)
    # the third cards follow the tableau, recomputed from the first four
    p2 = points(value(c) for c in p[:2])
    b2 = points(value(c) for c in b[:2])
    natural = max(p2, b2) >= 8
    assert (len(p) == 3) == (not natural and player_draws(p2))
    third = value(p[2]) if len(p) == 3 else None
    assert (len(b) == 3) == (not natural and banker_draws(b2, third))
    assert state.result in ("player", "banker", "tie")
    s = GAME.settlement(state)
    for stake, box in zip(sorted(setup.boxes, key=lambda x: x.box), s.boxes, strict=True):
        assert box.staked == sum(stake.stakes.values()) == GAME.staked(state)[box.box]
        if state.result == "tie":
            assert box.returned >= stake.stake("player") + stake.stake("banker")
        winner = stake.stake(state.result)
        assert box.returned >= winner  # a winning stake is never lost
    assert s.house_result == s.staked - s.returned


def test_a_seeded_coup_replays_from_its_seed_and_deals_from_an_eight_deck_shoe() -> None:
    from croupier.games.script import replay

    script = {
        "game": "baccarat",
        "profile": "baccarat",
        "limits": {"min": 100, "max": 100_000, "max_payout": 10**7},
        "boxes": [{"box": 1, "player": "p1", "stakes": {"tie": 100}}],
        "seed": {"server_seed": "22" * 32},
        "actions": [],
    }
    out = replay(script)
    assert out == replay(script) and out["status"] == "settled"
    assert out["shoe_remaining"] == 416 - len(out["dealer"][0]["cards"]) - len(
        out["dealer"][1]["cards"]
    )


def test_every_viewer_sees_the_whole_coup() -> None:
    from croupier.games.base import Viewer

    state = _round("4c 4d", "2h 3s")
    assert GAME.project(state, Viewer.spectator()) == GAME.project(state, Viewer.house())
    assert GAME.project(state, Viewer.house())["player"] == {"cards": ["4c", "4d"], "points": 8}
