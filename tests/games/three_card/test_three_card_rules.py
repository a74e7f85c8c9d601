"""Three-card poker, RULES.md §2.3 and seed [004], one test per rule."""

from __future__ import annotations

import pytest
from housekit import GAME, box, lines, one_box, play, settle, start

from croupier.cards import parse_cards
from croupier.games.base import Action, IllegalAction, RuleError
from croupier.games.house_poker.hands import final_hand, qualifies
from croupier.profiles import load

P = "three-card"  # the seed's game
STANDARD = "three-card-standard"  # the world-standard game


@pytest.mark.parametrize(
    ("dealer", "has_game"),
    [("Qd 3c 2h", True), ("Jd Tc 8h", False), ("2c 2d 3h", True), ("Ac 4d 9s", True)],
)
def test_023_dealer_qualifies_with_queen_high(dealer: str, has_game: bool) -> None:
    profile = load(P)
    assert qualifies(profile, final_hand(profile, parse_cards(dealer), ())) is has_game


def test_023_three_card_order_straight_beats_flush() -> None:
    result = one_box(P, "5c 6d 7h", "Ks 9s 4s", "", "play")
    assert result.box(1).outcome == "win"


def test_023_bet_equals_the_ante() -> None:
    state = start(P, box(1, 700), {1: "5c 6d 7h"}, "Ks 9s 4s")
    assert [(a.act, a.price) for a in GAME.legal_actions(state)] == [("play", 700), ("fold", 0)]


def test_023_dealer_no_game_pays_ante_returns_bet() -> None:
    result = one_box(P, "9c 7d 4h", "Jc 8s 3d", "", "play")
    assert lines(result) == {"ante": (1000, 2000), "bet": (1000, 1000)}
    assert result.details["dealer_qualifies"] is False


def test_023_dealer_lower_pays_ante_and_bet() -> None:
    result = one_box(P, "Kc 5d 2h", "Qs Jd 9c", "", "play")
    assert lines(result) == {"ante": (1000, 2000), "bet": (1000, 2000)}


def test_023_dealer_higher_takes_ante_and_bet() -> None:
    result = one_box(P, "Qc 5d 2h", "Ks Jd 9c", "", "play")
    assert lines(result) == {"ante": (1000, 0), "bet": (1000, 0)}


def test_023_tie_is_a_push() -> None:
    result = one_box(P, "Kd 7c 4h", "Ks 7d 4c", "", "play")
    assert lines(result) == {"ante": (1000, 1000), "bet": (1000, 1000)}


@pytest.mark.parametrize(
    ("cards", "ante"),
    [("Ac Kd 9s", 1), ("4c 4d 9s", 1), ("2h 7h 9h", 1), ("5c 6d 7h", 2), ("8c 8d 8h", 5),
     ("5h 6h 7h", 6)],
)  # fmt: skip
@pytest.mark.parametrize("dealer", ["Jd Tc 4s", "Qs Jd 2c"])  # no game; a lower queen high
def test_023_ante_table_pays_when_the_box_wins_or_the_dealer_has_no_game(
    cards: str, ante: int, dealer: str
) -> None:
    result = one_box(P, cards, dealer, "", "play")
    bet = 1000 if dealer.startswith("J") else 2000  # no game: BET returned; a win: 1:1
    assert lines(result) == {"ante": (1000, 1000 + 1000 * ante), "bet": (1000, bet)}


@pytest.mark.parametrize("cards", ["5c 6d 7h", "8c 8d 8h", "Kh Qh Jh"])
def test_023_qualifying_dealer_higher_takes_ante_and_bet_whatever_the_box_holds(
    cards: str,
) -> None:
    """Seed [004] pays the ANTE table only on a win or no game: no ANTE bonus."""
    result = one_box(P, cards, "As Ks Qs", "", "play")  # the dealer's royal straight flush
    assert lines(result) == {"ante": (1000, 0), "bet": (1000, 0)}
    assert result.box(1).net == -2000


def test_023_qualifying_dealer_equal_returns_ante_and_bet() -> None:
    result = one_box(P, "5c 6d 7h", "5s 6h 7d", "", "play")  # equal straights
    assert lines(result) == {"ante": (1000, 1000), "bet": (1000, 1000)}
    assert result.box(1).net == 0


@pytest.mark.parametrize(
    ("cards", "bonus"), [("5c 6d 7h", 1), ("8c 8d 8h", 4), ("5h 6h 7h", 5), ("Ah Kh 9h", 0)]
)
def test_023_standard_ante_bonus_paid_whatever_the_dealer_holds(cards: str, bonus: int) -> None:
    result = one_box(STANDARD, cards, "Qs Qd Qc", "", "play")  # trips beat all but the SF
    assert lines(result).get("ante_bonus", (0, 0)) == (0, 1000 * bonus)
    assert lines(result)["ante"][1] in (0, 2000)  # the ANTE itself: lost or 1:1, never more


def test_023_standard_ante_bonus_not_paid_on_a_fold() -> None:
    result = one_box(STANDARD, "8c 8d 8h", "Qs Qd Qc", "", "fold")
    assert lines(result) == {"ante": (1000, 0)}


@pytest.mark.parametrize(
    ("cards", "pays"),
    [("4c 4d 9s", 1), ("2h 7h 9h", 4), ("5c 6d 7h", 6), ("8c 8d 8h", 30), ("5h 6h 7h", 40),
     ("Ac Kd 9s", -1)],
)  # fmt: skip
def test_023_pair_plus_table(cards: str, pays: int) -> None:
    result = one_box(P, cards, "Qs Jd 2c", "", "fold", pair_plus=100)
    staked, returned = lines(result)["pair_plus"]
    assert returned - staked == 100 * pays


def test_023_pair_plus_without_ante_takes_no_decision() -> None:
    state = start(P, (box(1), box(2, 0, "p2", pair_plus=500)), {1: "4c 4d 9s", 2: "Ah Kh Qh"},
                  "2c 3s 7d")  # fmt: skip
    assert GAME.to_act(state) is not None and GAME.to_act(state).box == 1
    with pytest.raises(IllegalAction, match="no ANTE"):
        GAME.apply(play(state, "play"), Action("play", box=2))
    result = settle(play(state, "play"))
    assert lines(result, 2) == {"pair_plus": (500, 500 * 41)}


def test_023_pair_plus_alone_meets_the_table_minimum() -> None:
    with pytest.raises(RuleError, match="PAIR PLUS 50 is outside the table limits 100"):
        start(P, box(1, 0, pair_plus=50), {1: "4c 4d 9s"}, "2c 3s 7d")


def test_023_a_box_needs_an_ante_or_a_pair_plus() -> None:
    with pytest.raises(RuleError, match="box 1: ANTE 0 is outside the table limits"):
        start(P, box(1, 0), {1: "4c 4d 9s"}, "2c 3s 7d")


def test_023_all_boxes_light_any_number_per_player() -> None:
    hands = dict(enumerate(["2c 3c 4d", "5c 6c 7d", "8c 9c Td", "Jc Qc Kd",
                                         "Ah 2h 3s", "4h 5h 6s"], start=1))  # fmt: skip
    state = start(P, [box(n, 100 * n) for n in hands], hands, "7h 8h 9s")
    state = play(state, *[("play", n) for n in hands])
    assert len(settle(state).boxes) == 6


def test_023_no_dark_boxes() -> None:
    with pytest.raises(RuleError, match="no dark boxes"):
        start(P, box(1, dark=True), {1: "4c 4d 9s"}, "2c 3s 7d")


def test_023_no_exchange_and_no_buying() -> None:
    state = start(P, box(1), {1: "4c 4d 9s"}, "2c 3s 7d")
    for verb in ("exchange", "buy_game", "buy_sixth"):
        with pytest.raises(IllegalAction, match="not an action of this game"):
            GAME.apply(state, Action(verb, box=1))
