"""European roulette rules (RULES.md §2.6, seed [004]), one test per rule, and properties."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Deck, FairSeed
from croupier.games.base import (
    Action,
    BoxStake,
    IllegalAction,
    Limits,
    RoundSetup,
    RuleError,
    Viewer,
)
from croupier.games.roulette.chips import ColourChips
from croupier.games.roulette.engine import RouletteGame
from croupier.games.roulette.wheel import (
    CALL_BETS,
    REDS,
    WHEEL,
    colour,
    covers,
    expand,
    inside_positions,
)
from croupier.math.roulette import all_bets, bet_return
from croupier.profiles import load

PROFILE = load("roulette")
LIMITS = Limits(100, 10_000, 10**9)
GAME = RouletteGame()


def _table(pocket: int | None = None, chip: int = 100, limits: Limits = LIMITS) -> Any:
    setup = RoundSetup(PROFILE, limits, (BoxStake(1, "ann", {"chip": chip}),))
    deck = Deck.scripted({"pocket": () if pocket is None else (pocket,)}, single_deck=False)
    return GAME.start(setup, deck)


def _spin(state: Any, *bets: tuple[str, int]) -> Any:
    for spot, amount in bets:
        state = GAME.apply(state, Action("bet", box=1, spot=spot, amount=amount))
    return GAME.settlement(GAME.apply(state, Action("no_more_bets")))


def test_wheel_has_37_pockets_in_the_standard_order_red_and_black_alternate() -> None:
    assert sorted(WHEEL) == list(range(37)) and WHEEL[:4] == (0, 32, 15, 19)
    colours = [colour(n) for n in WHEEL[1:]]
    assert all(a != b for a, b in pairwise(colours))
    assert len(REDS) == 18 and colour(0) == "green"


@pytest.mark.parametrize(
    ("spot", "pays"),
    [
        ("straight:17", 35),
        ("split:17-20", 17),
        ("street:16-17-18", 11),
        ("corner:17-18-20-21", 8),
        ("six_line:16-17-18-19-20-21", 5),
        ("dozen:2", 2),
        ("column:2", 2),
        ("black", 1),
        ("odd", 1),
        ("low", 1),
    ],
)
def test_inside_and_outside_bets_pay_their_odds(spot: str, pays: int) -> None:
    assert 17 in covers(spot)
    line = _spin(_table(17), (spot, 1000)).box(1).lines[0]
    assert (line.line, line.returned) == (spot, 1000 * (1 + pays))


@pytest.mark.parametrize(
    "spot", ["red", "black", "even", "odd", "low", "high", "dozen:1", "column:3"]
)
def test_outside_bets_lose_on_zero(spot: str) -> None:
    assert _spin(_table(0), (spot, 1000)).box(1).net == -1000


@pytest.mark.parametrize(
    ("call", "numbers", "chips"),
    [("voisins", 17, 9), ("zero_spiel", 7, 4), ("tiers", 12, 6), ("orphelins", 8, 5)],
)
def test_call_bets_cover_their_sector_with_their_chips(call: str, numbers: int, chips: int) -> None:
    spread = expand(call)
    assert sum(n for _, n in spread) == chips
    covered = {n for position, _ in spread for n in covers(position)}
    assert len(covered) == numbers
    # a sector of the wheel: its numbers sit together (orphelins: two arcs)
    arcs = sum(1 for i, n in enumerate(WHEEL) if n in covered and WHEEL[i - 1] not in covered)
    assert arcs == (2 if call == "orphelins" else 1)
    assert call in CALL_BETS


def test_neighbours_bet_covers_a_number_and_two_either_side() -> None:
    assert [p for p, _ in expand("neighbours:8")] == [f"straight:{n}" for n in (11, 30, 8, 23, 10)]
    assert [p for p, _ in expand("neighbours:0")] == [f"straight:{n}" for n in (3, 26, 0, 32, 15)]


def test_neighbours_bet_takes_one_to_four_either_side_when_said() -> None:
    assert [p for p, _ in expand("neighbours:0:1")] == [f"straight:{n}" for n in (26, 0, 32)]
    assert expand("neighbours:8:2") == expand("neighbours:8")
    four = [p for p, _ in expand("neighbours:17:4")]
    assert four == [f"straight:{n}" for n in (4, 21, 2, 25, 17, 34, 6, 27, 13)]
    for unclear in ("neighbours:17:0", "neighbours:17:5", "neighbours:17:", "complete:17:2"):
        with pytest.raises(KeyError):
            expand(unclear)


def test_complete_bet_takes_every_inside_position_of_the_number() -> None:
    spread = dict(expand("complete:17"))
    assert len(spread) == 12 and sum(spread.values()) == 40
    assert all(17 in covers(p) for p in spread)
    assert sum(expand("complete:0")[i][1] for i in range(len(expand("complete:0")))) == 17


def test_stake_over_the_position_maximum_is_cut_and_the_excess_returned() -> None:
    state = GAME.apply(_table(5), Action("bet", box=1, spot="straight:5", amount=15_000))
    assert state.bets[0].positions == (("straight:5", 10_000),) and state.bets[0].excess == 5000
    line = _spin(state).box(1).lines[0]
    assert (line.staked, line.returned) == (10_000, 360_000)
    assert "5000 over the position maximum returned" in line.note


def test_bet_on_a_position_already_at_its_maximum_is_accepted_and_all_of_it_returned() -> None:
    """[004]: "if the player's stake is more than the maximum possible stake, the
    excess is returned to the player": nothing refused, also when nothing fits."""
    state = GAME.apply(_table(5), Action("bet", box=1, spot="straight:5", amount=10_000))
    state = GAME.apply(state, Action("bet", box=1, spot="straight:5", amount=3000))
    assert state.bets[1].positions == (("straight:5", 0),) and state.bets[1].excess == 3000
    assert GAME.staked(state) == {1: 10_000}  # the returned chips never lay on the table
    line = _spin(state).box(1).lines[0]
    assert (line.staked, line.returned) == (10_000, 360_000)
    assert "3000 over the position maximum returned" in line.note


def test_bets_after_no_more_bets_are_refused() -> None:
    state = GAME.apply(_table(5), Action("no_more_bets"))
    with pytest.raises(IllegalAction, match="no more bets"):
        GAME.apply(state, Action("bet", box=1, spot="red", amount=1000))


def test_unclear_bet_is_refused() -> None:
    with pytest.raises(IllegalAction, match="unclear bet 'split:17-19'"):
        GAME.apply(_table(5), Action("bet", box=1, spot="split:17-19", amount=200))


def test_bet_must_be_whole_colour_chips_and_at_least_the_table_minimum() -> None:
    with pytest.raises(IllegalAction, match="not a whole number of 1 chip"):
        GAME.apply(_table(5, chip=300), Action("bet", box=1, spot="red", amount=1000))
    with pytest.raises(IllegalAction, match="below the table minimum"):
        GAME.apply(_table(5, chip=50), Action("bet", box=1, spot="red", amount=50))


def test_colour_chips_are_valid_only_at_their_table_and_exchanged_back() -> None:
    chips, change = ColourChips("t1", "ann", 2, 500).buy(2600)
    assert (chips.count, change) == (5, 100)
    with pytest.raises(RuleError, match="belong to table t1, not t2"):
        chips.stake("t2", 500)
    chips = chips.stake("t1", 1000).win("t1", 36 * 500)
    assert chips.exchange_back("t1") == (ColourChips("t1", "ann", 2, 500, 0), 3 * 500 + 18_000)


def test_every_bet_returns_minus_one_thirty_seventh() -> None:
    for spots in all_bets().values():
        for spot in spots:
            assert bet_return(PROFILE, spot) * 37 == -1, spot


def test_seeded_spin_is_uniform_draw_from_the_spin_stream() -> None:
    seed = FairSeed(bytes(32), "c", 4)
    setup = RoundSetup(PROFILE, LIMITS, (BoxStake(1, "ann", {"chip": 100}),))
    state = GAME.apply(GAME.start(setup, Deck(stock=(), seed=seed)), Action("no_more_bets"))
    assert state.pocket == seed.stream("spin").randbelow(37)


# ---------------------------------------------------------------- properties

spots = st.sampled_from(
    [*inside_positions(), "red", "black", "dozen:3", "column:1", *CALL_BETS]
    + [f"neighbours:{n}" for n in (0, 17, 36)]
    + ["neighbours:17:1", "neighbours:0:4"]
    + ["complete:17", "complete:0"]
)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 36), st.lists(st.tuples(spots, st.integers(1, 30)), max_size=8))
def test_money_is_conserved_each_position_pays_by_the_table_and_staked_says_what_is_down(
    pocket: int, bets: list[tuple[str, int]]
) -> None:
    state = _table(pocket)
    offered = excess = 0
    for spot, units in bets:
        chips = sum(n for _, n in expand(spot))
        action = Action("bet", box=1, spot=spot, amount=units * chips * 100)
        was = GAME.staked(state)[1]
        if GAME.can(state, action):
            state = GAME.apply(state, action)
            offered += action.amount or 0
            excess += state.bets[-1].excess
            # what the box has on the table grows by the bet less what came straight back
            assert GAME.staked(state)[1] == was + (action.amount or 0) - state.bets[-1].excess
    state = GAME.apply(state, Action("no_more_bets"))
    s = GAME.settlement(state)
    box = s.box(1)
    assert box.staked == offered - excess == GAME.staked(state)[1]
    for line in box.lines:
        kind = line.line.partition(":")[0]
        won = pocket in covers(line.line)
        assert line.returned == (line.staked * (1 + PROFILE.pays[kind]) if won else 0)
        assert line.staked <= PROFILE.position_max[kind] * LIMITS.max_stake


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=12), st.integers(-5, 5000), st.sampled_from(["bet", "spin", "hit"]))
def test_refused_bets_change_nothing(spot: str, amount: int, act: str) -> None:
    state = GAME.apply(_table(3), Action("bet", box=1, spot="red", amount=1000))
    action = Action(act, box=1, spot=spot, amount=amount)
    if GAME.can(state, action):
        return
    with pytest.raises(IllegalAction, match=f"box 1: {act} refused"):
        GAME.apply(state, action)
    assert GAME.staked(state) == {1: 1000}
    assert GAME.settlement(GAME.apply(state, Action("no_more_bets"))).box(1).staked == 1000


def test_colour_chips_after_a_long_absence_are_valued_at_the_minimum() -> None:
    chips, _ = ColourChips("t1", "ann", 2, 500).buy(5000)
    assert chips.after_long_absence(100).worth == 10 * 100


def test_the_layout_is_public_and_each_player_is_offered_bets_on_own_colour() -> None:
    setup = RoundSetup(
        PROFILE, LIMITS, (BoxStake(1, "ann", {"chip": 100}), BoxStake(2, "bob", {"chip": 200}))
    )
    state = GAME.start(setup, Deck.scripted({"pocket": (7,)}, single_deck=False))
    state = GAME.apply(state, Action("bet", box=2, spot="red", amount=400))
    ann = GAME.project(state, Viewer.of("ann"))
    assert ann["bets"] == GAME.project(state, Viewer.spectator())["bets"]
    # Bets on the own colour, and the spin: the table's, open to whoever has a colour
    # (the casino always let a seated player spin and offered it in the round's menu).
    assert [(a["act"], a["box"]) for a in ann["legal_actions"]] == [("bet", 1), ("no_more_bets", 0)]
    assert "legal_actions" not in GAME.project(state, Viewer.of("carl"))
    house = GAME.project(state, Viewer.house())
    assert house["pocket"] is None and "no_more_bets" in [a["act"] for a in house["legal_actions"]]


def test_script_pocket_must_be_on_the_wheel() -> None:
    from croupier.games.script import ScriptError, replay

    script = {
        "game": "roulette",
        "profile": "roulette",
        "limits": {"min": 100, "max": 10_000, "max_payout": 10**7},
        "boxes": [{"box": 1, "player": "p1", "chip": 100}],
        "result": 37,
        "actions": [],
    }
    with pytest.raises(ScriptError, match=r"script\.result: a European wheel has pockets 0 to 36"):
        replay(script)


def test_profile_names_the_missing_pay_and_refuses_an_unknown_kind() -> None:
    import tomllib
    from pathlib import Path

    import croupier.profiles as profiles
    from croupier.profiles import ProfileError, parse

    data = tomllib.loads((Path(profiles.__file__).parent / "roulette.toml").read_text())
    del data["pays"]["corner"]
    with pytest.raises(ProfileError, match=r"r\.toml: pays\.corner: missing"):
        parse(data, "r.toml")
    data["pays"]["corner"] = 8
    data["position_max"]["basket"] = 4
    with pytest.raises(ProfileError, match=r"position_max\.basket: unknown setting"):
        parse(data, "r.toml")
