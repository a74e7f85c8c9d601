"""Texas Hold'em Bonus poker, RULES.md §2.2 and seed [004], one test per rule."""

from __future__ import annotations

import pytest
from housekit import GAME, box, lines, one_box, play, settle, start

from croupier.games.base import Action, IllegalAction, RuleError

P = "texas-holdem-bonus"


def test_022_play_or_fold_on_two_cards_before_the_flop() -> None:
    state = start(P, box(1, 500), {1: "9c Tc"}, "Ah Kd", "Jh Qs 8d 3c 2h")
    assert state.board == () and GAME.to_act(state).waiting_for == "play or fold"
    assert [(a.act, a.price) for a in GAME.legal_actions(state)] == [("play", 1000), ("fold", 0)]


def test_022_turn_and_river_bets_are_one_ante_or_a_check() -> None:
    state = play(start(P, box(1, 500), {1: "9c Tc"}, "Ah Kd", "Jh Qs 8d 3c 2h"), "play")
    assert len(state.board) == 3 and GAME.to_act(state).waiting_for == "bet or check (TURN)"
    assert [(a.act, a.price) for a in GAME.legal_actions(state)] == [("bet", 500), ("check", 0)]
    state = play(state, "check")
    assert len(state.board) == 4 and GAME.to_act(state).waiting_for == "bet or check (RIVER)"
    state = play(state, "bet")
    assert len(state.board) == 5 and GAME.to_act(state) is None


def test_022_no_fold_after_the_flop() -> None:
    state = play(start(P, box(1), {1: "7c 2h"}, "9s 8s", "4d 6h Kc 2s Th"), "play")
    with pytest.raises(IllegalAction, match="box 1: fold refused: now the box may bet or check"):
        GAME.apply(state, Action("fold", box=1))


def test_022_no_qualification_the_dealer_always_plays() -> None:
    result = one_box(P, "Kc Kd", "7c 2d", "9h 4s 3d Jc 5h", "play", "check", "check")
    assert result.details["dealer_qualifies"] is True
    assert lines(result) == {"ante": (1000, 1000), "bet": (2000, 4000)}


@pytest.mark.parametrize(
    ("cards", "board", "ante_back"),
    [("9c Tc", "Jh Qs 8d 3c 2h", 2000), ("Kc Kd", "7h 4s 2d 9c 3h", 1000),
     ("Ac 9c", "Kc 7c 2c 4h 3h", 2000), ("Kc Qd", "7h 4s 2d 9c 3h", 1000)],
)  # fmt: skip
def test_022_ante_paid_only_on_a_straight_or_better(cards: str, board: str, ante_back: int) -> None:
    result = one_box(P, cards, "Jd 5s" if "Jd" not in board else "Td 5s", board,
                     "play", "bet", "bet")  # fmt: skip
    assert result.box(1).outcome == "win"
    assert lines(result) == {
        "ante": (1000, ante_back),
        "bet": (2000, 4000),
        "turn": (1000, 2000),
        "river": (1000, 2000),
    }


def test_022_box_loses_everything_it_staked() -> None:
    result = one_box(P, "5c 6d", "Ts Td", "2c 8h Kd Jc 3s", "play", "bet", "check")
    assert lines(result) == {"ante": (1000, 0), "bet": (2000, 0), "turn": (1000, 0)}


def test_022_tie_returns_everything() -> None:
    result = one_box(P, "2c 3d", "2h 4s", "As Ks Qd Jh 9c", "play", "bet", "bet")
    assert result.box(1).net == 0 and result.box(1).outcome == "push"


@pytest.mark.parametrize(
    ("cards", "dealer", "pays"),
    [("2c 2d", "7s 8s", 3), ("Tc Td", "7s 8s", 3), ("Ac Qd", "7s 8s", 5), ("Jc Ad", "7s 8s", 5),
     ("Jc Jd", "7s 8s", 10), ("Kc Kd", "7s 8s", 10), ("Ac Kd", "7s 8s", 15),
     ("Qc Ac", "7s 8s", 20), ("Ac Jc", "7s 8s", 20), ("Kc Ac", "7s 8s", 25),
     ("Ac Ad", "7s 8s", 30), ("Ac Ad", "Ah As", 1000), ("Kc Qc", "7s 8s", 0),
     ("Ac Td", "7s 8s", 0)],
)  # fmt: skip
def test_022_bonus_table_on_the_box_cards_and_the_dealers_aces(
    cards: str, dealer: str, pays: int
) -> None:
    result = one_box(P, cards, dealer, "9h 6d 3s 4h 5h" if "5h" not in dealer else "", "fold",
                     bonus=100)  # fmt: skip
    assert lines(result)["bonus"] == (100, 100 * (1 + pays) if pays else 0)


def test_022_dark_box_presets_turn_and_river_and_may_carry_a_bonus() -> None:
    darks = (box(2, 500, dark=True, preset=["turn", "river"], bonus=50), box(3, 500, dark=True))
    state = start(P, (box(1), *darks), {1: "7c 2h", 2: "Jc Jd", 3: "Qc Qd"}, "9s 8s",
                  "4d 6h Kc 2s Th")  # fmt: skip
    result = settle(play(state, "fold"))
    assert lines(result, 2) == {
        "ante": (500, 500),
        "bet": (1000, 2000),
        "turn": (500, 1000),
        "river": (500, 1000),
        "bonus": (50, 550),  # J-J pays 10
    }
    assert lines(result, 3) == {"ante": (500, 500), "bet": (1000, 2000)}  # checked both


def test_022_only_a_dark_box_presets() -> None:
    with pytest.raises(RuleError, match="only a dark box pre-sets"):
        start(P, box(1, preset=["turn"]), {1: "7c 2h"}, "9s 8s")


def test_022_light_boxes_adjacent_antes_may_differ() -> None:
    state = start(P, (box(1, 500), box(2, 2000)), {1: "7c 2h", 2: "Jc Jd"}, "9s 8s")
    assert [b.ante for b in state.boxes] == [500, 2000]
    with pytest.raises(RuleError, match="must be adjacent"):
        start(P, (box(1), box(3)), {1: "7c 2h", 3: "Jc Jd"}, "9s 8s")


def test_022_every_box_decides_a_street_before_the_next_card() -> None:
    state = start(P, (box(1), box(2)), {1: "7c 2h", 2: "Jc Jd"}, "9s 8s", "4d 6h Kc 2s Th")
    state = play(state, "play", ("play", 2), "bet")
    assert len(state.board) == 3 and GAME.to_act(state).box == 2  # box 2's TURN decision
    state = play(state, ("check", 2))
    assert len(state.board) == 4 and GAME.to_act(state).box == 1
