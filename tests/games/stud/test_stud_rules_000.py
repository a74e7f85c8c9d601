"""[000] six-card poker All-In-One, rule by rule (RULES.md §1.2, §1.5-§1.7)."""

from __future__ import annotations

import pytest
from studkit import GAME, act, box, lines, play, round_lines, settle, start

from croupier.games.base import IllegalAction, Limits, RuleError

P = "six-card-all-in-one"


def test_000_dealer_qualifies_with_a_pair_of_twos() -> None:
    result, got = round_lines(P, {1: "Ah Kd 9c 7s 4h"}, "2c 2d 5h 9s Kc", act("play"))
    assert result.details["dealer_qualifies"] is True
    assert got == [("ante", 1000, 0), ("bet", 2000, 0)]


def test_000_ante_paid_one_to_one_and_bet_by_the_table_on_a_win() -> None:
    _, got = round_lines(P, {1: "Qh Qd Qc 7s 4h"}, "2c 2d 5h 9s Kc", act("play"))
    assert got == [("ante", 1000, 2000), ("bet", 2000, 2000 + 3 * 2000)]


def test_000_tie_is_a_push() -> None:
    _, got = round_lines(P, {1: "9h 9d 5c 4s 2h"}, "9c 9s 5h 4d 2c", act("play"))
    assert got == [("ante", 1000, 1000), ("bet", 2000, 2000)]


def test_000_ace_king_is_no_game_here() -> None:
    result, got = round_lines(P, {1: "Qh Qd 7c 4s 2h"}, "Ac Kd 5h 9s 3c", act("play"))
    assert result.details["dealer_qualifies"] is False
    assert got == [("ante", 1000, 2000), ("bet", 2000, 2000)]


def test_000_dealer_no_game_box_with_combination_ante_paid_bet_returned() -> None:
    _, got = round_lines(P, {1: "3h 3d 7c 8s Jh"}, "Ac Qd 5h 9s 3c", act("play"))
    assert got == [("ante", 1000, 2000), ("bet", 2000, 2000)]


@pytest.mark.parametrize(
    ("hand", "ante_back", "why"),
    [
        ("Ah Qd 7c 5s 2h", 2000, "higher: queen beats jack at the second card"),
        ("Ah Td 7c 5s 2h", 1000, "lower at the second card"),
        ("Ad Jc 9h 6d 4c", 1000, "equal to the fifth card"),
    ],
)
def test_000_dealer_no_game_high_card_comparison(hand: str, ante_back: int, why: str) -> None:
    _, got = round_lines(P, {1: hand}, "As Js 9c 6h 4d", act("play"))
    assert got == [("ante", 1000, ante_back), ("bet", 2000, 2000)], why


def test_000_exchange_prices_one_two_three_or_five_cards() -> None:
    state = start(P, box(), {1: "2c 7d 9h Js 4c"}, "Jd Jh 4d 4s Tc")
    offer = {a.act: a for a in GAME.legal_actions(state)}["exchange"]
    assert offer.cards == (1, 2, 3, 5)
    assert dict(offer.prices) == {1: 1000, 2: 2000, 3: 3000, 5: 1000}
    with pytest.raises(IllegalAction, match="cannot exchange 4 cards"):
        GAME.apply(state, act("exchange", cards="2c 7d 9h 4c"))


def test_000_second_round_only_after_doing_something_in_the_first() -> None:
    fresh = start(P, box(), {1: "2c 7d 9h Js 4c"}, "Jd Jh 4d 4s Tc", "Kc Kd 8s")
    after = play(fresh, act("exchange", cards="2c 7d"))
    acts = {a.act: a for a in GAME.legal_actions(after)}
    assert acts["exchange"].cards == (1,) and "buy_sixth" in acts
    stood = play(fresh, act("stand"))
    assert not {"exchange", "buy_sixth"} & {a.act for a in GAME.legal_actions(stood)}
    done = play(after, act("exchange", cards="9h"))
    with pytest.raises(IllegalAction, match="no 6th card"):
        GAME.apply(done, act("buy_sixth"))


def test_000_second_round_sixth_card_only_holding_five() -> None:
    state = start(P, box(), {1: "2c 7d 9h Js 4c"}, "Jd Jh 4d 4s Tc", "Kc Kd 8s")
    state = play(state, act("buy_sixth"))
    acts = {a.act for a in GAME.legal_actions(state)}
    assert "exchange" in acts and "buy_sixth" not in acts
    result = settle(play(state, act("exchange", cards="2c"), act("play")))
    assert [x for x in lines(result) if x[0] in ("sixth", "exchange")] == [
        ("sixth", 1000, 0),
        ("exchange", 1000, 0),
    ]


def test_000_buy_game_dealer_drops_highest_and_pays_without_comparing() -> None:
    # Dealer A-Q-9-6-4: no game; drops the ace, draws the 9d: pair of nines, a game.
    # The box's pair of threes is lower, yet is paid by the table.
    result, got = round_lines(
        P, {1: "3h 3d 7c 8s Jh"}, "Ac Qd 9h 6s 4c", act("buy_game"), act("play"), stock="9d"
    )
    assert result.details["bought_game"]["dropped"] == "Ac"
    assert got == [("ante", 1000, 2000), ("bet", 2000, 4000), ("buy_game", 1000, 0)]


def test_000_buy_game_after_the_bet_before_the_show() -> None:
    """Box 1 has placed its BET; box 2 has not acted, so the dealer has not shown."""
    state = start(
        P,
        [box(1, player="ann"), box(2, player="bob")],
        {1: "3h 3d 7c 8s Jh", 2: "2c 4d 6h 8c Tc"},
        "Ac Qd 9h 6s 4c",
        stock="9d",
    )
    result = settle(play(state, act("play", 1), act("buy_game", 1), act("fold", 2)))
    got = lines(result, 1)
    assert ("buy_game", 1000, 0) in got and ("bet", 2000, 4000) in got


def test_000_buy_game_still_no_game_returns_ante_and_bet() -> None:
    _, got = round_lines(
        P, {1: "3h 3d 7c 8s Jh"}, "Ac Qd 9h 6s 4c", act("buy_game"), act("play"), stock="2d"
    )
    assert got == [("ante", 1000, 1000), ("bet", 2000, 2000), ("buy_game", 1000, 0)]


def test_000_bought_game_box_without_combination_is_returned() -> None:
    _, got = round_lines(
        P, {1: "Kh 3d 7c 8s Jh"}, "Ac Qd 9h 6s 4c", act("buy_game"), act("play"), stock="9d"
    )
    assert got == [("ante", 1000, 1000), ("bet", 2000, 2000), ("buy_game", 1000, 0)]


@pytest.mark.parametrize(
    ("hand", "fee_back"),
    [("Kh Kd 7c 8s Jh", 0), ("5h 5c 7c 8s Jh", 1000), ("5h 5c Kd Qs 9d", 1000)],
    ids=["box higher: fee kept", "box lower: fee returned", "tie: fee returned"],
)
def test_000_buy_game_fee_returned_only_when_a_qualified_dealer_is_not_beaten(
    hand: str, fee_back: int
) -> None:
    _, got = round_lines(P, {1: hand}, "5d 5s Kc Qh 9c", act("buy_game"), act("play"))
    assert ("buy_game", 1000, fee_back) in got


def test_000_take_half_straight_or_better_with_bonus() -> None:
    result, got = round_lines(
        P, {1: "9h Td Jc Qs Kh"}, "As Ad 3c 4h 6d", act("take_half"),
        box_kw={"bonus": 100},
    )  # fmt: skip
    # full win: ANTE 1000 + BET 2000 x 4 = 9000, half 4500; the dealer's aces never matter
    assert got == [
        ("ante", 1000, 1000), ("bet", 2000, 2000), ("take_half", 0, 4500), ("bonus", 100, 0),
    ]  # fmt: skip
    assert result.box(1).outcome == "took half"


def test_000_take_half_rounds_down() -> None:
    _, got = round_lines(
        P,
        {1: "9h Td Jc Qs Kh"},
        "As Ad 3c 4h 6d",
        act("take_half"),
        box_kw={"ante": 1001, "bonus": 100},
    )
    assert ("take_half", 0, (1001 + 2002 * 4) // 2) in got


def test_000_take_half_needs_bonus_and_a_straight() -> None:
    state = start(P, box(), {1: "9h Td Jc Qs Kh"}, "As Ad 3c 4h 6d")
    with pytest.raises(IllegalAction, match="BONUS"):
        GAME.apply(state, act("take_half"))
    state = start(P, box(bonus=100), {1: "9h 9d Jc Qs Kh"}, "As Ad 3c 4h 6d")
    with pytest.raises(IllegalAction, match="straight or better"):
        GAME.apply(state, act("take_half"))


def test_000_take_half_capped_by_the_maximum_payout() -> None:
    _, got = round_lines(
        P, {1: "9h Th Jh Qh Kh"}, "As Ad 3c 4h 6d", act("take_half"),
        box_kw={"bonus": 100}, limits=Limits(100, 100_000, 20_000),
    )  # fmt: skip
    assert ("take_half", 0, 20_000) in got


def test_000_straight_flush_protection_dealer_higher_stakes_kept_half_paid() -> None:
    _, got = round_lines(
        P, {1: "5h 6h 7h 8h 9h"}, "Ts Js Qs Ks As", act("play"), box_kw={"bonus": 100}
    )
    half = (1000 + 2000 * 50) // 2
    assert got == [
        ("ante", 1000, 1000),
        ("bet", 2000, 2000),
        ("protection", 0, half),
        ("bonus", 100, 0),
    ]


def test_000_straight_flush_protection_when_dealer_has_no_game() -> None:
    _, got = round_lines(
        P, {1: "5h 6h 7h 8h 9h"}, "As Qd Jc 3s 2d", act("play"), box_kw={"bonus": 100}
    )
    assert ("protection", 0, (1000 + 2000 * 50) // 2) in got
    assert ("ante", 1000, 1000) in got


def test_000_straight_flush_without_bonus_has_no_protection() -> None:
    _, got = round_lines(P, {1: "5h 6h 7h 8h 9h"}, "Ts Js Qs Ks As", act("play"))
    assert got == [("ante", 1000, 0), ("bet", 2000, 0)]


def test_000_bonus_is_ten_percent_of_ante_and_always_kept() -> None:
    _, got = round_lines(
        P, {1: "Qh Qd Qc 7s 4h"}, "2c 2d 5h 9s Kc", act("play"), box_kw={"bonus": 100}
    )
    assert ("bonus", 100, 0) in got
    with pytest.raises(RuleError, match="BONUS with ANTE 1000 is 100"):
        start(P, box(bonus=50), {1: "Qh Qd Qc 7s 4h"}, "2c 2d 5h 9s Kc")


def test_000_bonus_with_ante_150_roubles_is_20() -> None:
    state = start(P, box(ante=15_000, bonus=2_000), {1: "Qh Qd Qc 7s 4h"}, "2c 2d 5h 9s Kc")
    assert state.boxes[0].bonus == 2_000


TWO = Limits(50_000, 100_000, 10_000_000)


def test_000_two_light_boxes_on_the_source_conditions() -> None:
    hands = {1: "2c 7d 9h Js 4c", 2: "Ah Qh 8h 3h 7c"}
    ok = start(P, [box(1, 50_000), box(2, 50_000)], hands, "Jd Jh 4d 4s Tc", limits=TWO)
    assert GAME.to_act(ok).box == 1
    with pytest.raises(RuleError, match="table minimum of at least 50000"):
        start(P, [box(1, 50_000), box(2, 50_000)], hands, "Jd Jh 4d 4s Tc")
    with pytest.raises(RuleError, match="adjacent"):
        start(
            P,
            [box(1, 50_000), box(3, 50_000)],
            {1: hands[1], 3: hands[2]},
            "Jd Jh 4d 4s Tc",
            limits=TWO,
        )
    with pytest.raises(RuleError, match="equal antes"):
        start(P, [box(1, 50_000), box(2, 60_000)], hands, "Jd Jh 4d 4s Tc", limits=TWO)
    with pytest.raises(RuleError, match="alone at the table"):
        start(
            P, [box(1, 50_000), box(2, 50_000), box(3, 50_000, "p2")],
            {**hands, 3: "Kc Kd 8s 3d 5s"}, "Jd Jh 4d 4s Tc", limits=TWO,
        )  # fmt: skip


def test_000_two_light_boxes_no_five_card_exchange_and_box_one_decides_first() -> None:
    hands = {1: "2c 7d 9h Js 4c", 2: "Ah Qh 8h 3h 7c"}
    state = start(
        P, [box(1, 50_000), box(2, 50_000)], hands, "Jd Jh 4d 4s Tc", "Kc Kd 8s 3d 5s", TWO
    )
    with pytest.raises(IllegalAction, match="cannot exchange 5 cards"):
        GAME.apply(state, act("exchange", cards="2c 7d 9h Js 4c"))
    with pytest.raises(IllegalAction, match="box 1's turn"):
        GAME.apply(state, act("play", 2))
    # box 1 finishes both rounds before box 2 starts
    state = play(state, act("exchange", cards="2c"), act("exchange", cards="7d"))
    assert GAME.to_act(state).box == 1
    state = play(state, act("play"))
    assert GAME.to_act(state).box == 2


def test_000_dark_box_buys_a_game_blind() -> None:
    state = start(
        P, [box(1), box(2, dark=True, prebuy=["buy_game"])],
        {1: "3h 3d 7c 8s Jh", 2: "4h 4d Tc 8d 2s"}, "Ac Qd 9h 6s 4c", "9d",
    )  # fmt: skip
    result = settle(play(state, act("play")))
    assert lines(result, 2) == [("ante", 1000, 2000), ("bet", 2000, 4000), ("buy_game", 1000, 0)]
    assert lines(result, 1) == [("ante", 1000, 2000), ("bet", 2000, 2000)]


def test_000_two_light_boxes_box_one_cannot_take_half_once_box_two_has_acted() -> None:
    hands = {1: "9h Td Jc Qs Kh", 2: "Ah Qh 8h 3h 7c"}
    boxes = [box(1, 50_000, bonus=5_000), box(2, 50_000, bonus=5_000)]
    state = start(P, boxes, hands, "Jd Jh 4d 4s Tc", "Kc Kd 8s 3d 5s", TWO)
    state = play(state, act("play"))
    assert GAME.can(state, act("take_half"))  # right after its BET, box 1 still may
    state = play(state, act("exchange", 2, cards="7c"))
    with pytest.raises(IllegalAction, match="too late"):
        GAME.apply(state, act("take_half"))


def test_000_straight_flush_protection_when_a_bought_game_does_not_come() -> None:
    _, got = round_lines(
        P, {1: "5h 6h 7h 8h 9h"}, "As Qd Jc 3s 2d", act("buy_game"), act("play"),
        stock="4c", box_kw={"bonus": 100},
    )  # fmt: skip
    assert got == [
        ("ante", 1000, 1000),
        ("bet", 2000, 2000),
        ("buy_game", 1000, 0),
        ("protection", 0, (1000 + 2000 * 50) // 2),
        ("bonus", 100, 0),
    ]


def test_000_buy_game_fee_is_kept_when_the_box_then_folds() -> None:
    """§1.2: improvement fees are never returned; a bought game is paid for
    even when the box folds before the show."""
    _, got = round_lines(P, {1: "3h 3d 7c 8s Jh"}, "Ac Qd 9h 6s 4c", act("buy_game"), act("fold"))
    assert sorted(got) == [("ante", 1000, 0), ("buy_game", 1000, 0)]


@pytest.mark.parametrize("late", ["take_half", "buy_game"])
def test_000_take_half_and_buy_game_refused_once_the_dealer_has_shown(late: str) -> None:
    """§1.6, §1.7 [000]: take half and buy a game only *before* the dealer
    shows; the last box's BET brings the show, so its window is closed."""
    state = start(P, box(bonus=100), {1: "9h Th Jc Qd Kd"}, "2s 7s 9s Js As", stock="3c")
    state = play(state, act("play"))
    assert GAME.settlement(state) is not None
    assert late not in {a.act for a in GAME.legal_actions(state)}
    with pytest.raises(IllegalAction, match="refused"):
        GAME.apply(state, act(late))


def test_000_last_box_takes_half_straight_from_its_decision() -> None:
    """Take half places the BET and leaves the round at once (§1.7)."""
    _, got = round_lines(
        P, {1: "9h Th Jc Qd Kd"}, "2s 7s 9s Js As", act("take_half"), box_kw={"bonus": 100}
    )
    assert ("take_half", 0, (1000 + 2000 * 4) // 2) in got


def test_000_buy_game_fee_returned_after_take_half_when_the_dealer_is_higher() -> None:
    """§1.6 [000]: the dealer qualified and beats the box, so the fee comes back,
    whether the box stayed in or took half."""
    _, got = round_lines(
        P,
        {1: "9h Th Jc Qd Kd"},
        "2s 7s 9s Js As",
        act("buy_game"),
        act("take_half"),
        box_kw={"bonus": 100},
    )
    assert ("buy_game", 1000, 1000) in got
