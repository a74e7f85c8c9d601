"""Rules every stud profile shares: limits, the cap, dealing, turns, views."""

from __future__ import annotations

import pytest
from studkit import GAME, act, box, play, settle, start

from croupier.cards import Deck, FairSeed, format_card, parse_cards
from croupier.games.base import IllegalAction, Limits, RoundSetup, RuleError, StakeLine, Viewer
from croupier.games.stud.payout import CAPPED, cap
from croupier.profiles import load


def test_table_minimum_and_maximum_stake_per_box() -> None:
    limits = Limits(500, 5000, 100_000)
    with pytest.raises(RuleError, match=r"box 1: ANTE 400 is outside the table limits 500\.\.5000"):
        start("russian", box(ante=400), {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s 2d", limits=limits)
    with pytest.raises(RuleError, match="ANTE 5001"):
        start("russian", box(ante=5001), {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s 2d", limits=limits)
    start("russian", box(ante=5000), {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s 2d", limits=limits)


def test_setup_errors_name_the_box() -> None:
    hands = {1: "2c 7d 9h Js 4c"}
    with pytest.raises(RuleError, match="box 9: the table has boxes 1 to 4"):
        start("russian", box(9), {9: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s 2d")
    with pytest.raises(RuleError, match=r"box 1: .bonus. is not a stake of this game \(ante\)"):
        start("six-card", box(bonus=10), hands, "Ac Kc 9s 8s 2d")
    with pytest.raises(RuleError, match="only a dark box pre-buys"):
        start("six-card", box(prebuy=["sixth"]), hands, "Ac Kc 9s 8s 2d")


def test_maximum_payout_cuts_bet_then_ante_then_the_rest() -> None:
    lines = (
        StakeLine("ante", 100, 200),
        StakeLine("bet", 200, 1200),
        StakeLine("insurance", 300, 600),
        StakeLine("bonus", 10, 0),
    )
    out = cap(lines, 350)
    assert [(x.line, x.returned) for x in out] == [
        ("ante", 150),
        ("bet", 200),
        ("insurance", 600),
        ("bonus", 0),
    ]
    assert out[0].note == CAPPED and out[1].note == CAPPED and not out[2].note
    assert cap(lines, 10_000) == lines


def test_dealt_one_card_at_a_time_boxes_then_dealer_last_dealer_card_shown() -> None:
    deck = Deck.shuffled(FairSeed(bytes(32), "deal", 3))
    setup = RoundSetup(load("russian"), Limits(100, 10_000, 10**7), (box(1), box(2, player="p2")))
    state = GAME.start(setup, deck)
    s = deck.stock
    assert state.boxes[0].cards == s[0:15:3]
    assert state.boxes[1].cards == s[1:15:3]
    assert state.dealer == s[2:15:3]
    assert state.shown_card == s[14]


def test_illegal_action_names_box_action_and_reason_and_changes_nothing() -> None:
    state = start("six-card", box(), {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s 2d", "Jd")
    before = state
    with pytest.raises(IllegalAction, match=r"^box 1: exchange refused: no exchange is open"):
        GAME.apply(state, act("exchange", cards="2c"))
    with pytest.raises(IllegalAction, match="not in the box's hand"):
        GAME.apply(play(state, act("buy_sixth")), act("exchange", cards="As"))
    with pytest.raises(IllegalAction, match="no such box"):
        GAME.apply(state, act("play", 3))
    with pytest.raises(IllegalAction, match="'dance' is not an action"):
        GAME.apply(state, act("dance"))
    assert state == before
    assert not GAME.can(state, act("take_ante")) and GAME.can(state, act("play"))


def test_default_action_folds_an_undecided_box_and_takes_the_ante_after_the_show() -> None:
    state = start("six-card", box(), {1: "Kh Kd 7c 8s 2h"}, "Ac Qd 9h 6s 4c")
    assert GAME.default_action(state) == act("fold")
    state = play(state, act("play"))
    assert GAME.default_action(state) == act("take_ante")
    state = start("five-card-sixth", box(), {1: "Ah Kd 9c 7s 4h"}, "Ac Kc 5h 8s 2c", "2d")
    state = play(state, act("buy_sixth"))
    assert GAME.default_action(state) == act("discard", cards="2d")


CARD_NAMES = {format_card(c) for c in range(52)}


def _all_cards(data: object) -> set[str]:
    found: set[str] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= _all_cards(value)
    elif isinstance(data, list):
        for value in data:
            found |= _all_cards(value)
    elif isinstance(data, str) and data in CARD_NAMES:
        found.add(data)
    return found


def test_projection_hides_dealer_hole_cards_dark_boxes_and_others_light_boxes() -> None:
    state = start(
        "russian",
        [box(1), box(2, player="p2"), box(3, player="p2", dark=True)],
        {1: "2c 7d 9h Js 4c", 2: "Ah Qh 8h 3h 7c", 3: "Kc Kd 8s 3d 5s"},
        "Jd Jh 4d 4s Tc",
    )
    names = lambda text: set(text.split())  # noqa: E731
    seen_by = {
        "spectator": _all_cards(GAME.project(state, Viewer.spectator())),
        "p1": _all_cards(GAME.project(state, Viewer.of("p1"))),
        "p2": _all_cards(GAME.project(state, Viewer.of("p2"))),
        "house": _all_cards(GAME.project(state, Viewer.house())),
    }
    assert seen_by["spectator"] == {"Tc"}
    assert seen_by["p1"] == {"Tc"} | names("2c 7d 9h Js 4c")
    assert seen_by["p2"] == {"Tc"}  # box 2's turn has not come: its owner waits [004]
    assert names("Kc Kd 8s 3d 5s Jd") <= seen_by["house"]
    state = play(state, act("fold"))
    assert _all_cards(GAME.project(state, Viewer.of("p2"))) == {"Tc"} | names("Ah Qh 8h 3h 7c")
    state = play(state, act("play", 2))
    after = _all_cards(GAME.project(state, Viewer.spectator()))
    assert "2c" not in after  # a folded box is never shown
    assert names("Jd Jh 4d 4s Tc Ah Qh 8h 3h 7c Kc Kd 8s 3d 5s") <= after


def test_projection_personal_online_game_shows_all_own_boxes() -> None:
    state = start(
        "russian-online",
        [box(1), box(2)],
        {1: "2c 7d 9h Js 4c", 2: "Ah Qh 8h 3h 7c"},
        "Jd Jh 4d 4s Tc",
    )
    seen = _all_cards(GAME.project(state, Viewer.of("p1")))
    assert {format_card(c) for c in parse_cards("2c Ah")} <= seen


def test_settlement_only_when_the_round_is_over() -> None:
    state = start("russian", box(), {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s 2d")
    assert GAME.settlement(state) is None
    result = settle(play(state, act("fold")))
    assert result.house_result == 1000 and result.box(1).outcome == "fold"


def test_options_on_another_players_box_are_never_shown_to_anyone_else() -> None:
    """§0 Order: a player may not learn another box's cards; offering take-half
    on ann's box to bob would tell him she holds a straight or better."""
    from croupier.games.base import Viewer

    state = start(
        "six-card-all-in-one",
        [box(1, player="ann", bonus=100), box(2, player="bob", bonus=100)],
        {1: "9h Th Jc Qd Kd", 2: "2c 4d 6h 8c Tc"},
        "2s 7s 9s Js As",
    )
    state = play(state, act("play", 1))
    bob = GAME.project(state, Viewer.of("bob"))
    assert all(a["box"] == 2 for a in bob.get("legal_actions", []))
    ann = GAME.project(state, Viewer.of("ann"))
    assert {"take_half"} <= {a["act"] for a in ann["legal_actions"] if a["box"] == 1}
    spectator = GAME.project(state, Viewer.spectator())
    assert "legal_actions" not in spectator
