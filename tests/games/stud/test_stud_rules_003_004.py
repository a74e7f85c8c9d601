"""[003] six-card poker and [004] Russian poker and six-card poker, rule by rule."""

from __future__ import annotations

import pytest
from studkit import GAME, act, box, lines, play, round_lines, settle, start

from croupier.games.base import IllegalAction, Limits, RuleError, Viewer

SIX, RUS, SHAMBALA = "six-card", "russian", "six-card-shambala"


def test_003_buy_a_sixth_card_for_one_ante() -> None:
    state = start(SIX, box(), {1: "2c 7d 9h Js 4c"}, "Ac Kc 9s 8s Jc", "Jd")
    assert {a.act: a.price for a in GAME.legal_actions(state)}["buy_sixth"] == 1000
    with pytest.raises(IllegalAction, match="no exchange is open"):
        GAME.apply(state, act("exchange", cards="2c"))


def test_003_exchange_after_sixth_costs_one_and_a_half_ante() -> None:
    state = start(SIX, box(ante=1005), {1: "2c 7d 9h Js 4c"}, "2s 2d 9s 8s Kc", "Jd Jh")
    state = play(state, act("buy_sixth"))
    offer = {a.act: a for a in GAME.legal_actions(state)}["exchange"]
    assert offer.cards == (1,) and offer.price == 1507  # 1.5 x 1005 = 1507.5, rounded down
    state = play(state, act("exchange", cards="2c"), act("play"))
    assert len(state.boxes[0].cards) == 6
    fees = [x for x in lines(settle(state)) if x[0] in ("sixth", "exchange")]
    assert fees == [("sixth", 1005, 0), ("exchange", 1507, 0)]


def test_003_dealer_no_game_ante_paid_or_a_game_bought() -> None:
    state = start(SIX, box(), {1: "Kh Kd 7c 8s 2h"}, "Ac Qd 9h 6s 4c", "Qh")
    state = play(state, act("play"))
    assert {a.act for a in GAME.legal_actions(state)} == {"buy_game", "take_ante"}
    taken = settle(play(state, act("take_ante")))
    assert lines(taken) == [("ante", 1000, 2000), ("bet", 2000, 2000)]
    assert taken.details["dealer_qualifies"] is False


def test_003_buy_game_dealer_drops_its_lowest_card() -> None:
    state = start(SIX, box(), {1: "Kh Kd 7c 8s 2h"}, "Ac Qd 9h 6s 4c", "Qh")
    result = settle(play(state, act("play"), act("buy_game")))
    assert result.details["bought_game"]["dropped"] == "4c"
    # dealer A-Q-Q-9-6: pair of queens, lower than the box's kings
    assert lines(result) == [("ante", 1000, 2000), ("bet", 2000, 4000), ("buy_game", 1000, 0)]


def test_003_buy_game_still_no_game_returns_ante_and_bet() -> None:
    state = start(SIX, box(), {1: "Kh Kd 7c 8s 2h"}, "Ac Qd 9h 6s 4c", "3d")
    result = settle(play(state, act("play"), act("buy_game")))
    assert lines(result) == [("ante", 1000, 1000), ("bet", 2000, 2000), ("buy_game", 1000, 0)]


def test_003_no_game_bought_before_the_show() -> None:
    state = start(SIX, box(), {1: "Kh Kd 7c 8s 2h"}, "Ac Qd 9h 6s 4c", "3d")
    with pytest.raises(IllegalAction, match="only after the dealer shows"):
        GAME.apply(state, act("buy_game"))


def test_003_one_light_and_one_dark_box_the_dark_one_prebuys_sixth_and_game() -> None:
    state = start(
        SIX, [box(1), box(2, dark=True, prebuy=["sixth", "buy_game"])],
        {1: "Kh Kd 7c 8s 2h", 2: "5h 5d Tc 3s 2d 5c"}, "Ac Qd 9h 6s 4c", "Qh",
    )  # fmt: skip
    assert len(state.boxes[1].cards) == 6
    result = settle(play(state, act("play"), act("take_ante")))
    assert lines(result, 2) == [
        ("ante", 1000, 2000),
        ("bet", 2000, 2000 + 3 * 2000),
        ("sixth", 1000, 0),
        ("buy_game", 1000, 0),
    ]
    assert lines(result, 1) == [("ante", 1000, 2000), ("bet", 2000, 2000)]
    with pytest.raises(RuleError, match="2 dark boxes, at most 1"):
        start(
            SIX, [box(1, dark=True), box(2, dark=True)], {1: "Kh Kd 7c 8s 2h", 2: "5h 5d Tc 3s 2d"},
            "Ac Qd 9h 6s 4c",
        )  # fmt: skip


def test_004_only_the_bet_is_paid_and_a_second_combination_on_a_win() -> None:
    # a heart flush (5) and the left-out 2d pairs the 2h: a second combination (1)
    result, got = round_lines(
        RUS, {1: "Ah Kh 9h 5h 2h"}, "As Kd 9c 5s 3c", act("buy_sixth"), act("play"), stock="2d"
    )
    assert [h.name for h in result.box(1).hands] == ["main", "second combination"]
    assert got == [("ante", 1000, 1000), ("bet", 2000, 2000 + 6 * 2000), ("sixth", 1000, 0)]


def test_004_second_combination_named_to_the_owner_while_the_box_decides() -> None:
    # the flush and the 2d pairing the 2h, before the box plays; nobody else sees the box yet
    state = play(start(RUS, box(), {1: "Ah Kh 9h 5h 2h"}, "As Kd 9c 5s 3c", "2d"), act("buy_sixth"))
    seen = GAME.project(state, Viewer.of("p1"))["boxes"][0]
    assert seen["second_combination"] == ["2d", "2h", "Ah", "Kh", "9h"]  # the pair, then kickers
    assert "second_combination" not in GAME.project(state, Viewer.of("p2"))["boxes"][0]
    five = start(RUS, box(), {1: "Ah Kh 9h 5h 2h"}, "As Kd 9c 5s 3c")
    assert "second_combination" not in GAME.project(five, Viewer.of("p1"))["boxes"][0]


def test_004_second_combination_is_formed_by_the_left_out_card_not_a_kicker() -> None:
    # K-K-K-4-4 and a loose 7: K-K-K-7-4 only re-uses the kings
    result, got = round_lines(
        RUS, {1: "Kc Kd Ks 4c 4d"}, "As Kh Jc 5s 3c", act("buy_sixth"), act("play"), stock="7s"
    )
    assert [h.name for h in result.box(1).hands] == ["main"]
    assert ("bet", 2000, 2000 + 7 * 2000) in got


def test_004_second_combination_paid_only_on_a_win() -> None:
    _, got = round_lines(
        RUS, {1: "Ah Ad Ac 7s 7d"}, "Ks Kd Kh Kc 9c", act("buy_sixth"), act("play"), stock="2c"
    )
    assert got == [("ante", 1000, 0), ("bet", 2000, 0), ("sixth", 1000, 0)]


def test_004_five_cards_make_one_combination() -> None:
    _, got = round_lines(RUS, {1: "Ah Ad Ac 7s 7d"}, "As Kd 9h 5s 3c", act("play"))
    assert ("bet", 2000, 2000 + 7 * 2000) in got


def test_004_insurance_from_one_ante_to_the_bet_payout() -> None:
    state = start(RUS, box(), {1: "Qh Qd Qc 7s 4h"}, "Jc 9d 5h 3s 2c")
    offer = {a.act: a for a in GAME.legal_actions(state)}["insure"]
    assert (offer.min_amount, offer.max_amount) == (1000, 6000)
    with pytest.raises(IllegalAction, match="from 1000 to 6000"):
        GAME.apply(state, act("insure", amount=6001))
    pair = start(RUS, box(), {1: "Qh Qd 8c 7s 4h"}, "Jc 9d 5h 3s 2c")
    with pytest.raises(IllegalAction, match="three of a kind or better"):
        GAME.apply(pair, act("insure", amount=1000))


def test_004_insurance_paid_when_the_dealer_has_no_game_then_take_the_ante() -> None:
    _, got = round_lines(
        RUS, {1: "Qh Qd Qc 7s 4h"}, "Jc 9d 5h 3s 2c",
        act("insure", amount=3000), act("play"), act("take_ante"),
    )  # fmt: skip
    assert got == [("ante", 1000, 2000), ("bet", 2000, 2000), ("insurance", 3000, 6000)]


def test_004_insurance_then_buy_a_game_dealer_drops_highest() -> None:
    result, got = round_lines(
        RUS, {1: "Qh Qd Qc 7s 4h"}, "Jc 9d 5h 3s 2c",
        act("insure", amount=1000), act("play"), act("buy_game"), stock="9h",
    )  # fmt: skip
    assert result.details["bought_game"]["dropped"] == "Jc"
    assert got == [
        ("ante", 1000, 1000), ("bet", 2000, 8000), ("buy_game", 1000, 0), ("insurance", 1000, 2000),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("dealer", "expected"),
    [
        ("Ac Kd 5h 3s 2c", [("ante", 1000, 1000), ("bet", 2000, 8000), ("insurance", 1000, 0)]),
        ("Kc Ks Kd 3s 3c", [("ante", 1000, 0), ("bet", 2000, 0), ("insurance", 1000, 1000)]),
    ],
    ids=["dealer lower: insurance lost", "dealer higher: insurance returned"],
)
def test_004_insurance_against_a_qualifying_dealer(dealer: str, expected: list[object]) -> None:
    _, got = round_lines(
        RUS, {1: "Qh Qd Qc 7s 4h"}, dealer, act("insure", amount=1000), act("play")
    )
    assert got == expected


def test_004_insurance_tie_returns_everything() -> None:
    _, got = round_lines(
        RUS, {1: "5h 6d 7c 8s 9h"}, "5c 6h 7d 8c 9s", act("insure", amount=8000), act("play")
    )
    assert got == [("ante", 1000, 1000), ("bet", 2000, 2000), ("insurance", 8000, 8000)]


def test_004_dark_box_insured_before_the_deal_for_one_ante() -> None:
    state = start(
        RUS, [box(1, dark=True, prebuy=["insurance"]), box(2, dark=True, prebuy=["insurance"])],
        {1: "Qh Qd Qc 7s 4h", 2: "2h 5d 8c Ts Kh"}, "Jc 9d 5h 3s 2c",
    )  # fmt: skip
    result = settle(state)
    assert ("insurance", 1000, 2000) in lines(result, 1)
    assert ("insurance", 1000, 1000) in lines(result, 2)  # void: no three of a kind


def test_004_player_bonus_on_the_first_five_cards_even_after_an_exchange() -> None:
    _, got = round_lines(
        RUS, {1: "5h 6d 7c 8s 9h"}, "Ac Kd 5c 3s 2c", act("exchange", cards="5h"), act("play"),
        stock="9d", box_kw={"bonus": 100},
    )  # fmt: skip
    assert ("bonus", 100, 100 * 41) in got


def test_004_dealer_bonus_on_the_dealer_first_five_cards() -> None:
    _, got = round_lines(
        RUS, {1: "5h 6d 7c 8s 2h"}, "Ac Kc 9c 3c 2c", act("fold"), box_kw={"dealer_bonus": 100}
    )
    assert got == [("ante", 1000, 0), ("dealer_bonus", 100, 100 * 51)]


def test_004_bonus_capped_by_the_maximum_payout_on_its_own() -> None:
    """[004]: "the payout on the BONUS stake is limited by the table's maximum payout":
    the BONUS on its own, not together with the box's lines."""
    _, got = round_lines(
        RUS, {1: "Th Jh Qh Kh Ah"}, "Ac Kc 9c 3c 2s", act("play"), box_kw={"bonus": 100},
        limits=Limits(100, 100_000, 50_000),
    )  # fmt: skip
    # BET wins 200000 and the royal flush BONUS 100000: each is cut to 50000 on its own
    assert got[1:] == [("bet", 2000, 2000 + 50_000), ("bonus", 100, 100 + 50_000)]


def test_004_dealer_bonus_capped_on_its_own_and_not_with_the_box() -> None:
    _, got = round_lines(
        RUS, {1: "Th Jh Qh Kh Ah"}, "Ac Kc 9c 3c 2c", act("play"),
        box_kw={"bonus": 100, "dealer_bonus": 1000}, limits=Limits(100, 100_000, 60_000),
    )  # fmt: skip
    # BET 200000 -> 60000; BONUS royal 100 x 1000 -> 60000; dealer BONUS flush 1000 x 50
    # = 50000 stays whole: three caps, 170000 won in all
    assert got[1:] == [
        ("bet", 2000, 2000 + 60_000),
        ("bonus", 100, 100 + 60_000),
        ("dealer_bonus", 1000, 1000 + 50_000),
    ]


def test_004_two_adjacent_light_boxes_with_equal_antes_dark_boxes_equal_too() -> None:
    hands = {1: "2c 7d 9h Js 4c", 2: "Ah Qh 8h 3h 7c", 3: "Kc Kd 8s 3d 5s"}
    start(RUS, [box(1), box(2), box(3, dark=True)], hands, "Jd Jh 4d 4s Tc")
    with pytest.raises(RuleError, match="same ANTE"):
        start(RUS, [box(1), box(2), box(3, 2000, dark=True)], hands, "Jd Jh 4d 4s Tc")
    with pytest.raises(RuleError, match="adjacent"):
        start(RUS, [box(1), box(3)], {1: hands[1], 3: hands[2]}, "Jd Jh 4d 4s Tc")
    with pytest.raises(RuleError, match="at most 2 light"):
        start(RUS, [box(1), box(2), box(3)], hands, "Jd Jh 4d 4s Tc")


def test_004_six_card_two_cards_for_one_right_after_the_sixth_for_two_antes() -> None:
    state = start(SHAMBALA, box(), {1: "2c 7d 9h Js 4c"}, "2s 2d 9s 8s Kc", "Jd Jh")
    with pytest.raises(IllegalAction, match="no exchange is open"):
        GAME.apply(state, act("exchange", cards="2c 7d"))
    state = play(state, act("buy_sixth"))
    offer = {a.act: a for a in GAME.legal_actions(state)}["exchange"]
    assert offer.cards == (2,) and offer.price == 2000
    state = play(state, act("exchange", cards="2c 7d"), act("play"))
    assert len(state.boxes[0].cards) == 5
    got = lines(settle(state))
    # three jacks beat the dealer's pair of twos: ANTE 1:1, BET 3:1
    assert got == [
        ("ante", 1000, 2000), ("bet", 2000, 8000), ("sixth", 1000, 0), ("exchange", 2000, 0),
    ]  # fmt: skip


def test_004_six_card_has_no_insurance_and_a_dark_box_may_not_prebuy_it() -> None:
    state = start(SHAMBALA, box(), {1: "Qh Qd Qc 7s 4h"}, "Jc 9d 5h 3s 2c")
    with pytest.raises(IllegalAction, match="no insurance"):
        GAME.apply(state, act("insure", amount=1000))
    with pytest.raises(RuleError, match="cannot pre-buy 'insurance'"):
        start(
            SHAMBALA, box(dark=True, prebuy=["insurance"]), {1: "Qh Qd Qc 7s 4h"}, "Jc 9d 5h 3s 2c"
        )


def test_003_dark_prebought_game_fee_returned_when_the_dealer_qualifies() -> None:
    """§1.6 [003]: a dark box pre-buys a game before the deal (its fee put up
    with the ANTE); when the dealer qualifies no game is bought and the fee
    comes back, so what the box staked and what it settles agree."""
    state = start(
        SIX,
        [box(1), box(2, dark=True, prebuy=["buy_game"])],
        {1: "Kc Kh 9d 6s 3c", 2: "Qc Qh 8d 7s 2c"},
        "Jh Jd 4c 5h 9s",
    )
    result = settle(play(state, act("play", 1)))
    assert ("buy_game", 1000, 1000) in lines(result, 2)
    assert result.box(2).net == 3000


@pytest.mark.parametrize("profile", [RUS, SHAMBALA])
def test_004_dark_box_may_prebuy_a_game_which_drops_the_dealers_highest(profile: str) -> None:
    """§1.6: [004] buys a game "as [003]" (whose dark box may pre-buy it), the
    dealer dropping its highest card."""
    state = start(
        profile,
        [box(1), box(2, dark=True, prebuy=["buy_game"])],
        {1: "2c 3d 7h 9s Jc", 2: "Qc Qh 8d 7s 2h"},
        "Kd 9c 5h 4s 3c" if profile == SHAMBALA else "Qd 9c 5h 4s 3c",
        stock="4d",
    )
    result = settle(play(state, act("fold", 1)))
    assert ("buy_game", 1000, 0) in lines(result, 2)
    dealer_after = result.dealer[-1]
    assert "4d" in dealer_after.cards
    dropped = "Kd" if profile == SHAMBALA else "Qd"
    assert dropped not in dealer_after.cards
