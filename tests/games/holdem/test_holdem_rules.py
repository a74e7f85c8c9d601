"""Texas Hold'em poker (house-banked), RULES.md §2.1 and seed [004], one test per rule."""

from __future__ import annotations

import pytest
from housekit import GAME, box, lines, one_box, play, settle, start

from croupier.cards import parse_cards
from croupier.games.base import Action, IllegalAction, Limits, RuleError, Viewer
from croupier.games.house_poker.hands import final_hand, qualifies
from croupier.profiles import load

P = "texas-holdem"
BOARD = "9c 6d 2s Jh 8c"


@pytest.mark.parametrize(
    ("dealer", "has_game"),
    [("4c 4d", True), ("3c 3d", False), ("Ac Qd", False), ("2c 2d", False), ("Jc 2d", True),
     ("3c 2d", False)],
)  # fmt: skip
def test_021_dealer_qualifies_with_a_pair_of_fours(dealer: str, has_game: bool) -> None:
    profile = load(P)
    hand = final_hand(profile, parse_cards(dealer), parse_cards("9c 6d Ks Jh 8c"))
    assert qualifies(profile, hand) is has_game


def test_021_the_flop_is_turned_before_the_decision_and_two_cards_after() -> None:
    state = start(P, box(1), {1: "Ah Kh"}, "4c 4d", "Qh Jh 2c 7s Th")
    assert len(state.board) == 3 and GAME.to_act(state).waiting_for == "play or fold"
    done = play(state, "play")
    assert len(done.board) == 5 and GAME.to_act(done) is None


def test_021_bet_is_two_antes() -> None:
    state = start(P, box(1, 700), {1: "Ah Kh"}, "4c 4d", "Qh Jh 2c 7s Th")
    assert [(a.act, a.price) for a in GAME.legal_actions(state)] == [("play", 1400), ("fold", 0)]


@pytest.mark.parametrize(
    ("cards", "board", "dealer", "ante_pays"),
    [
        ("Kc Qd", "9c 6d 2s Jh 8c", "3c 3d", 1),  # high card, dealer no game
        ("Tc Td", "Ts 6d 2s Jh 8c", "3c 3d", 1),  # three of a kind, no game
        ("Tc 7d", "9s 6d 2s Jh 8c", "3c 3d", 1),  # straight, no game
        ("Ah 9h", "Kh 7h 2h Js 3c", "4c 4d", 2),  # flush, dealer lower
        ("Tc Td", "Ts 6d 6s Jh 8c", "4c 4d", 3),  # full house, dealer lower
        ("Tc Td", "Ts Th 6s Jh 8c", "4c 4d", 10),  # four of a kind
        ("9h Th", "Jh Qh 8h 2c 3d", "4c 4d", 20),  # straight flush
        ("Ah Kh", "Qh Jh Th 2c 3d", "4c 4d", 50),  # royal flush
    ],
)
def test_021_ante_table(cards: str, board: str, dealer: str, ante_pays: int) -> None:
    result = one_box(P, cards, dealer, board, "play")
    bet = 4000 if result.details["dealer_qualifies"] else 2000  # BET 1:1 only against a game
    assert lines(result) == {"ante": (1000, 1000 + 1000 * ante_pays), "bet": (2000, bet)}


def test_021_dealer_lower_pays_ante_by_table_and_bet_1_to_1() -> None:
    result = one_box(P, "Ah 9h", "5c 5d", "Kh 7h 2h Js 3c", "play")
    assert lines(result) == {"ante": (1000, 3000), "bet": (2000, 4000)}


def test_021_dealer_higher_takes_everything() -> None:
    result = one_box(P, "Ac Td", "4h 4s", "Kd 8c 2h 6s 3d", "play")
    assert lines(result) == {"ante": (1000, 0), "bet": (2000, 0)}


def test_021_tie_with_a_qualifying_dealer_is_a_push() -> None:
    result = one_box(P, "Ac 2d", "Ad 3h", "As Ks Kd Qh Jc", "play")
    assert lines(result) == {"ante": (1000, 1000), "bet": (2000, 2000)}


def test_021_fold_loses_the_ante_only_and_turns_no_more_board() -> None:
    state = play(start(P, box(1), {1: "7c 2d"}, "4h 4s", "Kd 8c 5h"), "fold")
    assert state.board == tuple(parse_cards("Kd 8c 5h"))  # nobody plays: no turn and river
    assert lines(settle(state)) == {"ante": (1000, 0)}


@pytest.mark.parametrize(
    ("cards", "flop", "paid"),
    [("As Ad", "Kc 7d 2s", True), ("Ks Kd", "Ac 7d 2s", False), ("3s 2d", "3c 2h 9s", True),
     ("As Kd", "Qc Jd Ts", True), ("Ks 8d", "Kc 5d 2s", False)],
)  # fmt: skip
def test_021_bonus_pair_of_aces_or_better_pays_7_to_1(cards: str, flop: str, paid: bool) -> None:
    result = one_box(P, cards, "4h 4s", flop + " 7h 6h", "fold", bonus=100)
    assert lines(result)["bonus"] == (100, 800 if paid else 0)


def test_021_bonus_counts_only_the_first_five_cards() -> None:
    # aces appear only on the turn: the BONUS (box cards + flop) is lost though the box holds them
    result = one_box(P, "As Kd", "4h 4s", "9c 7d 2s Ad 3h", "play", bonus=100)
    assert lines(result)["bonus"] == (100, 0)
    assert result.box(1).hands[0].description.startswith("pair of aces")


def test_021_no_bonus_on_a_dark_box() -> None:
    with pytest.raises(RuleError, match="box 3: no BONUS on a dark box"):
        start(P, box(3, dark=True, bonus=100), {3: "As Ad"}, "4h 4s", BOARD)


def test_021_dark_box_plays_automatically_and_cannot_fold() -> None:
    state = start(P, (box(1), box(2, 500, dark=True)), {1: "7c 2d", 2: "Ac Ad"}, "4h 4s", BOARD)
    assert GAME.to_act(state).box == 1
    with pytest.raises(IllegalAction, match="box 2: fold refused: a dark box decides nothing"):
        GAME.apply(state, Action("fold", box=2))
    result = settle(play(state, "fold"))
    assert lines(result, 2) == {"ante": (500, 1000), "bet": (1000, 2000)}  # aces beat fours


def test_021_two_light_boxes_adjacent_with_equal_antes() -> None:
    hands = {1: "7c 2d", 2: "Ac Ad", 4: "Kc Kd"}
    start(P, (box(1), box(2)), hands, "4h 4s", BOARD)
    with pytest.raises(RuleError, match="must be adjacent"):
        start(P, (box(1), box(4)), hands, "4h 4s", BOARD)
    with pytest.raises(RuleError, match="must carry equal antes"):
        start(P, (box(1), box(2, 2000)), hands, "4h 4s", BOARD)
    with pytest.raises(RuleError, match="at most 2 light box"):
        start(P, (box(1), box(2), box(3)), {**hands, 3: "Qc Qd"}, "4h 4s", BOARD)


def test_021_up_to_four_dark_boxes_with_antes_of_their_own() -> None:
    hands = dict(enumerate(["7c 2d", "Ac Ad", "Kc Kd", "Qc Qd", "Jc Jd", "Tc Td"], 1))
    darks = [box(n, 100 * n, dark=True) for n in range(2, 6)]
    state = start(P, (box(1), *darks), {n: hands[n] for n in range(1, 6)}, "4h 4s", BOARD)
    assert len(state.boxes) == 5
    with pytest.raises(RuleError, match="player p1: 5 dark boxes, at most 4"):
        start(P, (box(1), *darks, box(6, dark=True)), hands, "4h 4s", BOARD)


def test_021_decisions_in_dealing_order_next_box_hidden_until_its_turn() -> None:
    state = start(P, (box(1), box(2)), {1: "7c 2d", 2: "Ac Ad"}, "4h 4s", BOARD)
    view = GAME.project(state, Viewer.of("p1"))
    assert "cards" in view["boxes"][0] and "cards" not in view["boxes"][1]
    assert "cards" not in view["dealer"] and view["board"] == ["9c", "6d", "2s"]
    with pytest.raises(IllegalAction, match="it is box 1's turn"):
        GAME.apply(state, Action("play", box=2))
    view = GAME.project(play(state, "fold"), Viewer.of("p1"))
    assert "cards" in view["boxes"][1]


def test_021_maximum_payout_caps_the_box() -> None:
    state = start(P, box(1), {1: "Ah Kh"}, "5c 5s", "Qh Jh Th 2c 3d",
                  limits=Limits(100, 100_000, 30_000))  # fmt: skip
    result = settle(play(state, "play"))
    assert result.box(1).net == 30_000
    assert lines(result) == {"ante": (1000, 31_000), "bet": (2000, 2000)}


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Action("play", box=1, amount=1000), "box 1: play refused: the BET is 2 x ANTE = 2000"),
        (Action("play", box=1, player="p9"), "the box belongs to p1, not p9"),
        (Action("play", box=1, hand=1), "a poker box has one hand"),
        (Action("play", box=5), "there is no such box in this round"),
        (Action("bet", box=1), "'bet' is not an action of this game \\(fold, play\\)"),
        (Action("take_half", box=1), "'take_half' is not an action of this game"),
    ],
)
def test_bad_action_is_refused_naming_box_and_verb_and_changes_nothing(
    action: Action, reason: str
) -> None:
    state = start(P, box(1), {1: "7c 2d"}, "4h 4s", BOARD)
    with pytest.raises(IllegalAction, match=reason):
        GAME.apply(state, action)
    assert not GAME.can(state, action)
    assert GAME.to_act(state).box == 1 and state.history == ()


def test_a_stake_of_another_game_is_refused() -> None:
    with pytest.raises(RuleError, match=r"box 1: 'pair_plus' is not a stake of this game"):
        start(P, box(1, pair_plus=100), {1: "7c 2d"}, "4h 4s", BOARD)
