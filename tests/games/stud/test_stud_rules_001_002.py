"""[001] five-card poker (both versions) and [002] Russian poker online, rule by rule."""

from __future__ import annotations

import pytest
from studkit import GAME, WIDE, act, box, lines, play, round_lines, settle, start

from croupier.cards import Deck, FairSeed, format_cards
from croupier.games.base import IllegalAction, RoundSetup, RuleError
from croupier.games.script import ScriptError, replay
from croupier.profiles import load

V1, V2, ONLINE = "five-card-exchange", "five-card-sixth", "russian-online"


def test_001_ace_king_is_the_minimum_game_and_pays_one() -> None:
    result, got = round_lines(V1, {1: "Ah Kd 9c 7s 4h"}, "Ac Kc 5h 8s 2c", act("play"))
    assert result.details["dealer_qualifies"] is True
    assert got == [("ante", 1000, 2000), ("bet", 2000, 4000)]  # A-K-9 beats A-K-8


def test_001_tie_goes_to_the_player() -> None:
    _, got = round_lines(V1, {1: "9h 9d 5c 4s 2h"}, "9c 9s 5h 4d 2c", act("play"))
    assert got == [("ante", 1000, 2000), ("bet", 2000, 4000)]


def test_001_dealer_no_game_ante_paid_to_every_box_whatever_it_holds() -> None:
    state = start(
        V1, [box(1), box(2, player="p2"), box(3, player="p3", dark=True)],
        {1: "Qh 7d 5c 4s 2h", 2: "Kh Kd 5d 4c 2s", 3: "Th 8d 6c 3s 2d"}, "Ac Qd 9h 6s 3c",
    )  # fmt: skip
    result = settle(play(state, act("play", 2), act("play", 1)))
    for number in (1, 2, 3):
        assert lines(result, number) == [("ante", 1000, 2000), ("bet", 2000, 2000)]


def test_001_exchange_exactly_one_card_once_for_one_ante() -> None:
    state = start(V1, box(), {1: "Ah Kd 9c 7s 4h"}, "Ac Kc 5h 8s 2c", "Ad")
    with pytest.raises(IllegalAction, match="cannot exchange 2 cards"):
        GAME.apply(state, act("exchange", cards="9c 7s"))
    state = play(state, act("exchange", cards="4h"))
    with pytest.raises(IllegalAction, match="no exchange is open"):
        GAME.apply(state, act("exchange", cards="9c"))
    result = settle(play(state, act("play")))
    assert lines(result) == [("ante", 1000, 2000), ("bet", 2000, 4000), ("exchange", 1000, 0)]


def test_001_exchanges_go_counter_clockwise() -> None:
    state = start(
        V1, [box(1), box(3, player="p3")], {1: "Ah Kd 9c 7s 4h", 3: "Qh Qd 9d 7c 4c"},
        "Ac Kc 5h 8s 2c",
    )  # fmt: skip
    assert GAME.to_act(state).box == 3
    with pytest.raises(IllegalAction, match="box 3's turn"):
        GAME.apply(state, act("play", 1))


def test_001_one_light_box_per_player_dark_boxes_cannot_fold() -> None:
    with pytest.raises(RuleError, match="at most 1 light"):
        start(V1, [box(1), box(2)], {1: "Ah Kd 9c 7s 4h", 2: "Qh Qd 9d 7c 4c"}, "Ac Kc 5h 8s 2c")
    state = start(
        V1,
        [box(1), box(2, dark=True)],
        {1: "Ah Kd 9c 7s 4h", 2: "Qh Qd 9d 7c 4c"},
        "Ac Kc 5h 8s 2c",
    )
    with pytest.raises(IllegalAction, match="dark box decides nothing"):
        GAME.apply(state, act("fold", 2))


def test_001_dark_box_pays_ante_and_bet_and_is_compared_when_the_dealer_qualifies() -> None:
    state = start(
        V1,
        [box(1), box(2, dark=True)],
        {1: "Ah Kd 9c 7s 4h", 2: "Qh Qd 9d 7c 4c"},
        "Ac Kc 5h 8s 2c",
    )
    result = settle(play(state, act("fold")))
    assert lines(result, 1) == [("ante", 1000, 0)]
    assert lines(result, 2) == [("ante", 1000, 2000), ("bet", 2000, 4000)]


def test_001_v2_buy_a_sixth_card_then_give_one_back() -> None:
    state = start(V2, box(), {1: "Ah Kd 9c 7s 4h"}, "Ac Kc 5h 8s 2c", "Ad")
    state = play(state, act("buy_sixth"))
    assert GAME.to_act(state).waiting_for == "give back 1 card(s)"
    with pytest.raises(IllegalAction, match="give back 1 card"):
        GAME.apply(state, act("play"))
    with pytest.raises(IllegalAction, match="exactly 1"):
        GAME.apply(state, act("discard", cards="4h 7s"))
    state = play(state, act("discard", cards="4h"), act("play"))
    assert len(state.boxes[0].cards) == 5
    assert lines(settle(state)) == [("ante", 1000, 2000), ("bet", 2000, 4000), ("sixth", 1000, 0)]


def test_002_larger_ante_first_equal_antes_right_to_left() -> None:
    boxes = [box(1, 1000), box(2, 3000), box(3, 2000), box(4, 2000)]
    hands = {1: "2c 3c 4c 5c 7d", 2: "2d 3d 4d 5d 7h", 3: "2h 3h 4h 5h 7s", 4: "2s 3s 4s 5s 7c"}
    state = start(ONLINE, boxes, hands, "Ac Kc 9h 8s Jc")
    order = []
    while (turn := GAME.to_act(state)) is not None:
        order.append(turn.box)
        state = GAME.apply(state, act("fold", turn.box))
    assert order == [2, 3, 4, 1]


def test_002_dealing_follows_the_same_order_one_card_at_a_time() -> None:
    seed = FairSeed(bytes(range(32)), "t", 1)
    deck = Deck.shuffled(seed)
    setup = RoundSetup(load(ONLINE), WIDE, (box(1, 1000), box(2, 3000)))
    state = GAME.start(setup, deck)
    s = deck.stock
    assert state.boxes[0].box == 2 and state.boxes[0].cards == s[0:15:3]
    assert state.boxes[1].cards == s[1:15:3] and state.dealer == s[2:15:3]


def test_002_discards_are_shuffled_back_before_the_replacements_are_dealt() -> None:
    came_back = False
    for nonce in range(100):
        deck = Deck.shuffled(FairSeed(bytes(32), "reshuffle", nonce))
        state = GAME.start(RoundSetup(load(ONLINE), WIDE, (box(),)), deck)
        discards = state.boxes[0].cards
        after = GAME.apply(state, act("exchange", cards=format_cards(discards)))
        assert after.deck.reshuffles == 1 and after.deck.remaining() == state.deck.remaining()
        if set(after.boxes[0].cards) & set(discards):
            came_back = True
            break
    assert came_back, "a discard can come back after the reshuffle"


def test_002_a_script_deals_a_discard_again_never_a_card_still_held() -> None:
    """§4 [002]: a round script can replay a deal in which a discard came back;
    one that deals a card the box still holds is refused, naming the box."""
    script = {
        "game": "stud", "profile": ONLINE,
        "limits": {"min": 100, "max": 100000, "max_payout": 5000000},
        "boxes": [{"box": 1, "player": "p1", "ante": 1000}],
        "cards": {"boxes": {"1": ["8c", "8d", "Kh", "6s", "2c"]},
                  "dealer": ["Ac", "Kc", "Jd", "7s", "5h"],
                  "stock": ["8h", "2c", "Qd"]},
        "actions": [{"box": 1, "act": "exchange", "cards": ["Kh", "6s", "2c"]},
                    {"box": 1, "act": "play"}],
    }  # fmt: skip
    assert replay(script)["boxes"][0]["net"] == 5000  # 8-8-8-Q-2, the 2c dealt again
    script["cards"]["stock"] = ["8h", "8c", "Qd"]
    with pytest.raises(ScriptError, match=r"actions\[0\]: box 1 exchange: the script deals 8c"):
        replay(script)
    script["profile"], script["cards"]["stock"] = "five-card-exchange", ["2c"]
    with pytest.raises(ScriptError, match="card 2c appears twice"):  # discards set aside
        replay(script)


def test_002_exchange_any_one_to_five_cards_or_a_sixth_once_for_one_ante() -> None:
    state = start(ONLINE, box(), {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s Jc", "Kd Qd Td 3s 5s")
    offer = {a.act: a for a in GAME.legal_actions(state)}
    assert offer["exchange"].cards == (1, 2, 3, 4, 5) and offer["exchange"].price == 1000
    assert offer["buy_sixth"].price == 1000
    state = play(state, act("exchange", cards="2c 7d 9h"))
    with pytest.raises(IllegalAction, match="no 6th card"):
        GAME.apply(state, act("buy_sixth"))


def test_002_only_the_bet_is_paid_on_a_win_the_ante_comes_back() -> None:
    _, got = round_lines(ONLINE, {1: "Qh Qd Qc 7s 4h"}, "Ac Kc 5h 9s 2c", act("play"))
    assert got == [("ante", 1000, 1000), ("bet", 2000, 2000 + 3 * 2000)]


def test_002_six_cards_pay_only_the_higher_combination() -> None:
    # Q-Q-Q + 7-7: full house; no second combination in [002]
    _, got = round_lines(
        ONLINE, {1: "Qh Qd Qc 7s 4h"}, "Ac Kc 5h 9s 2c", act("buy_sixth"), act("play"), stock="7d"
    )
    assert ("bet", 2000, 2000 + 7 * 2000) in got


def test_002_fold_at_any_point_fees_are_lost() -> None:
    _, got = round_lines(
        ONLINE, {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s Jc", act("exchange", cards="2c"), act("fold"),
        stock="3d",
    )  # fmt: skip
    assert got == [("ante", 1000, 0), ("exchange", 1000, 0)]


def test_002_dealer_no_game_ante_paid_bet_returned() -> None:
    _, got = round_lines(ONLINE, {1: "2c 7d 9h Js 4c"}, "Ac Qc 9s 8s 3c", act("play"))
    assert got == [("ante", 1000, 2000), ("bet", 2000, 2000)]


def test_002_no_dark_boxes() -> None:
    with pytest.raises(RuleError, match="no dark boxes"):
        start(ONLINE, [box(1, dark=True)], {1: "2c 7d 9h Js 4c"}, "Ac Qc 9s 8s 3c")
