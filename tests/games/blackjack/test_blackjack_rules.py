"""Blackjack rules (RULES.md §2.4, seed [004]), one test per rule, and properties."""

from __future__ import annotations

from typing import Any

import pytest
from enginekit import play_random, setups
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Deck, FairSeed, parse_cards
from croupier.games.base import (
    Action,
    BoxStake,
    IllegalAction,
    Limits,
    RoundSetup,
    RuleError,
    Viewer,
)
from croupier.games.blackjack.engine import BlackjackGame
from croupier.games.blackjack.hand import total, twenty_one_plus_three
from croupier.profiles import ProfileError, load, parse

PROFILE = load("blackjack")
LIMITS = Limits(100, 100_000, 10**8)
GAME = BlackjackGame()
GAME_VIEWER = Viewer.house()


def _start(
    box: str, dealer: str, *, stake: int = 1000, profile: Any = PROFILE, **queues: str
) -> Any:
    setup = RoundSetup(profile, LIMITS, (BoxStake(1, "ann", {"stake": stake}),))
    hands = {"box:1": parse_cards(box), "dealer": parse_cards(dealer)}
    hands |= {f"box:1/{name[1:]}": parse_cards(c) for name, c in queues.items()}
    return GAME.start(setup, Deck.scripted(hands, single_deck=False))


def _play(state: Any, *acts: str | Action) -> Any:
    for act in acts:
        if isinstance(act, str):
            assert state.turn is not None
            act = Action(act, box=state.boxes[state.turn[0]].box, hand=state.turn[1])
        state = GAME.apply(state, act)
    return state


def _net(state: Any) -> int:
    return int(GAME.settlement(state).box(1).net)


def test_card_counts_ten_pictures_ten_ace_one_or_eleven() -> None:
    assert total(parse_cards("Kh Qd")) == (20, False)
    assert total(parse_cards("Ah 9d")) == (20, True)
    assert total(parse_cards("Ah 9d 5c")) == (15, False)
    assert total(parse_cards("Ah Ad 9c")) == (21, True)


def test_deal_one_card_to_each_box_then_dealer_then_second_cards_no_hole_card() -> None:
    setup = RoundSetup(
        PROFILE, LIMITS, (BoxStake(2, "bo", {"stake": 500}), BoxStake(1, "ann", {"stake": 500}))
    )
    deck = Deck.scripted({}, parse_cards("2c 3c 4c 5c 6c 7c"), single_deck=False)
    state = GAME.start(setup, deck)
    assert [b.hands[0].cards for b in state.boxes] == [parse_cards("2c 5c"), parse_cards("3c 6c")]
    assert state.dealer == parse_cards("4c")  # its second card comes after the boxes


def test_over_21_loses() -> None:
    assert _net(_play(_start("Ts 6d Kc", "6h Th 9s"), "hit")) == -1000


def test_dealer_draws_to_16_and_stands_on_hard_17() -> None:
    state = _play(_start("Ts 8d", "Th 6c 5d 9h"), "stand")
    assert state.dealer == parse_cards("Th 6c 5d")


def test_dealer_stands_on_soft_17_unless_the_profile_hits_it() -> None:
    assert _play(_start("Ts 8d", "Ah 6c 4d"), "stand").dealer == parse_cards("Ah 6c")
    hits = PROFILE.changed(dealer={"hits_soft_17": True})
    assert _play(_start("Ts 8d", "Ah 6c 4d", profile=hits), "stand").dealer == parse_cards(
        "Ah 6c 4d"
    )


def test_win_pays_one_to_one_tie_pushes() -> None:
    assert _net(_play(_start("Ts 9d", "Th 8c"), "stand")) == 1000
    assert _net(_play(_start("Ts 8d", "Th 8c"), "stand")) == 0


def test_blackjack_pays_three_to_two_unless_the_dealer_has_one() -> None:
    assert _net(_start("As Kd", "9h 7c", stake=1005)) == 1507
    assert _net(_play(_start("As Kd", "Ah Kc"), "stand")) == 0


def test_dealer_blackjack_takes_doubles_and_splits() -> None:
    state = _play(_start("9s 9d 2c 9h", "Ah Kd", _2="9c"), "split", "double", "stand")
    assert _net(state) == -3000


def test_surrender_half_the_stake_before_a_third_card_not_against_an_ace() -> None:
    assert _net(_play(_start("Ts 6d", "Th"), "surrender")) == -500
    with pytest.raises(IllegalAction, match="never against an ace"):
        _play(_start("Ts 6d", "Ah"), "surrender")
    with pytest.raises(IllegalAction, match="surrender is open only on the first two cards"):
        _play(_start("2s 3d 4c", "Th"), "hit", "surrender")


def test_surrender_not_after_a_split() -> None:
    state = _play(_start("8s 8d 2c", "Th", _2="3c"), "split")
    assert "surrender" not in [a.act for a in GAME.legal_actions(state)]


def test_double_on_any_two_cards_takes_one_card() -> None:
    state = _play(_start("As 7d 2h", "5c Td Tc"), "double")
    hand = state.boxes[0].hands[0]
    assert len(hand.cards) == 3 and hand.doubled == 1000 and state.turn is None
    assert _net(state) == 2000


def test_double_restricted_to_nine_to_eleven_by_profile() -> None:
    strict = PROFILE.changed(double_on="nine_to_eleven")
    with pytest.raises(IllegalAction, match="nine_to_eleven"):
        _play(_start("Ts 2d", "7c", profile=strict), "double")


def test_split_equal_values_king_and_ten() -> None:
    state = _play(_start("Ks Td 9c", "7c", _2="9d"), "split")
    assert [len(h.cards) for h in state.boxes[0].hands] == [2, 1]


def test_split_up_to_three_times_four_hands() -> None:
    state = _play(_start("8s 8d 8c 8h 8s", "6h"), "split", "split", "split")
    assert len(state.boxes[0].hands) == 4
    with pytest.raises(IllegalAction, match="at most 4 hands"):
        _play(state, "split")


def test_split_aces_take_one_card_and_ace_ten_is_21_not_blackjack() -> None:
    state = _play(_start("Ac Ad Kh", "9s 9c", _2="5c"), "split")
    assert state.turn is None
    s = GAME.settlement(state).box(1)
    assert [x.returned for x in s.lines] == [2000, 0]  # 21 paid 1:1, not 3:2
    assert s.hands[0].description == "21"


def test_resplit_aces_follows_the_profile() -> None:
    state = _play(_start("Ac Ad Ah", "9s 9c"), "split")
    assert [a.act for a in GAME.legal_actions(state)] == ["stand", "split"]
    strict = PROFILE.changed(split={"resplit_aces": False})
    state = _play(_start("Ac Ad Ah", "9s 9c", _2="5c", profile=strict), "split")
    assert state.turn is None  # no resplit: each ace keeps its one card


def test_double_after_split_follows_the_profile() -> None:
    state = _play(_start("8s 8d 3c", "6h", _2="2c"), "split")
    assert "double" in [a.act for a in GAME.legal_actions(state)]
    no_das = PROFILE.changed(split={"double_after_split": False})
    state = _play(_start("8s 8d 3c", "6h", _2="2c", profile=no_das), "split")
    assert "double" not in [a.act for a in GAME.legal_actions(state)]


def test_insurance_up_to_half_of_the_players_stakes_at_least_the_minimum() -> None:
    state = _start("Ts 9d", "As Kh", stake=20_000)
    offer = next(a for a in GAME.legal_actions(state) if a.act == "insurance")
    assert (offer.min_amount, offer.max_amount) == (5000, 10_000)
    assert _net(_play(state, Action("insurance", 1, amount=10_000), "stand")) == 0
    assert "insurance" not in [a.act for a in GAME.legal_actions(_start("Ts 9d", "As", stake=9000))]


def _two_boxes(first: str, second: str, dealer: str, **stakes: dict[str, int]) -> Any:
    """Boxes 1 and 2 of one player, 10000 each (``stakes`` adds to box 2's)."""
    boxes = (
        BoxStake(1, "ann", {"stake": 10_000}),
        BoxStake(2, "ann", {"stake": 10_000, **stakes.get("box2", {})}),
    )
    hands = {"box:1": parse_cards(first), "box:2": parse_cards(second)}
    hands["dealer"] = parse_cards(dealer)
    return GAME.start(RoundSetup(PROFILE, LIMITS, boxes), Deck.scripted(hands, single_deck=False))


def _insurance_offer(state: Any) -> tuple[int | None, int | None]:
    offer = next(a for a in GAME.legal_actions(state) if a.act == "insurance")
    return offer.min_amount, offer.max_amount


def test_insurance_up_to_half_of_all_the_players_stakes_a_blackjack_box_counted() -> None:
    """[004]: "not more than half of the sum of all his stakes": box 1's blackjack
    cannot be insured, but its stake counts towards box 2's insurance."""
    state = _play(_two_boxes("Ad Kd", "Ts 9d", "As Kh"), "stand")  # box 1 declines even money
    assert _insurance_offer(state) == (5000, 10_000)
    state = _play(state, Action("insurance", 2, amount=10_000), "stand")
    settled = GAME.settlement(state)
    assert [b.net for b in settled.boxes] == [0, -10_000 + 20_000]


def test_insurance_up_to_half_of_all_the_players_stakes_21_plus_3_and_doubles_counted() -> None:
    state = _two_boxes("Ad Kd", "Ts 9d", "As", box2={"twenty_one_plus_three": 2000})
    assert _insurance_offer(_play(state, "stand")) == (5000, 11_000)
    state = _play(_two_boxes("5c 6d 9h", "Ts 9d", "As Kh"), "double")  # box 1 doubles to 20000
    assert _insurance_offer(state) == (5000, 15_000)
    with pytest.raises(IllegalAction, match="must be from 5000 to 15000"):
        GAME.apply(state, Action("insurance", 2, amount=15_001))


def test_insurance_only_against_an_ace_and_before_the_box_plays() -> None:
    assert "insurance" not in [
        a.act for a in GAME.legal_actions(_start("Ts 2d", "Ks", stake=20_000))
    ]
    state = _play(_start("Ts 2d 3c", "As", stake=20_000), "hit")
    with pytest.raises(IllegalAction, match="insurance is offered only"):
        _play(state, Action("insurance", 1, amount=5000))


def test_a_blackjack_cannot_be_insured_but_takes_even_money() -> None:
    state = _start("As Kd", "Ah", stake=20_000)
    assert [a.act for a in GAME.legal_actions(state)] == ["even_money", "stand"]
    assert _net(_play(state, "even_money")) == 20_000


def test_even_money_against_a_ten_too_and_not_against_others() -> None:
    assert [a.act for a in GAME.legal_actions(_start("As Kd", "Th"))] == ["even_money", "stand"]
    assert _start("As Kd", "9h 9c").turn is None  # nothing to decide against a nine


def test_declined_even_money_pays_three_to_two_when_the_dealer_has_no_blackjack() -> None:
    assert _net(_play(_start("As Kd", "Ah 9c"), "stand")) == 1500


@pytest.mark.parametrize(
    ("cards", "combination"),
    [
        ("2h 9h Kh", "flush"),
        ("Ac 2d 3h", "straight"),
        ("Qc Kd Ah", "straight"),
        ("Kc Ad 2h", None),
        ("7c 7d 7h", "three_of_a_kind"),
        ("9s Ts Js", "straight_flush"),
        ("7h 7h 7h", "suited_three_of_a_kind"),
    ],
)
def test_twenty_one_plus_three_combinations(cards: str, combination: str | None) -> None:
    assert twenty_one_plus_three(parse_cards(cards)) == combination


def test_stake_outside_the_table_limits_is_refused() -> None:
    setup = RoundSetup(PROFILE, LIMITS, (BoxStake(1, "ann", {"stake": 50}),))
    with pytest.raises(RuleError, match="box 1: the stake 50 is outside the table limits"):
        GAME.start(setup, Deck.fresh())


def test_profile_refuses_an_unknown_surrender_rule() -> None:
    import tomllib
    from pathlib import Path

    import croupier.profiles as profiles

    data = tomllib.loads((Path(profiles.__file__).parent / "blackjack.toml").read_text())
    data["surrender"] = "early"
    with pytest.raises(ProfileError, match=r"bj\.toml: surrender: 'early' is not one of"):
        parse(data, "bj.toml")


def test_shoe_persists_and_reshuffles_after_the_cut_card() -> None:
    seed = FairSeed(bytes(32))
    deck = PROFILE.shoe.fresh(seed)
    assert deck.remaining() == 312
    setup = RoundSetup(PROFILE, LIMITS, tuple(BoxStake(i, "ann", {"stake": 500}) for i in (1, 2)))
    rounds = 0
    while not PROFILE.shoe.cut_card_out(deck):
        state = GAME.start(setup, deck)
        while (action := GAME.default_action(state)) is not None:
            state = GAME.apply(state, action)
        out = GAME.settlement(state)
        assert out.details["shoe_remaining"] == state.deck.remaining() < deck.remaining()
        deck, rounds = state.deck, rounds + 1
    assert rounds > 20 and out.details["cut_card_out"]
    assert PROFILE.shoe.next_round(deck, FairSeed(bytes(31) + b"1")).remaining() == 312


# ---------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(st.data(), st.binary(min_size=32, max_size=32))
def test_every_round_accounts_for_every_card_and_kopeck_of_every_hand(
    data: st.DataObject, seed: bytes
) -> None:
    """Over random legal play (the engine contract is checked by enginekit)."""
    trace, s = play_random(data, data.draw(setups("blackjack")), seed)
    state = trace.last
    dealt = sum(len(h.cards) for b in state.boxes for h in b.hands) + len(state.dealer)
    assert 312 - state.deck.remaining() == dealt
    for box, settled in zip(state.boxes, s.boxes, strict=True):
        stakes = sum(h.stake + h.doubled for h in box.hands) + box.insurance + box.side
        assert settled.staked == stakes
        assert 1 <= len(box.hands) <= 4
        for hand in box.hands:
            if hand.total > 21:
                assert not any(
                    x.returned
                    for x in settled.lines
                    if x.note == f"hand {box.hands.index(hand) + 1}"
                )


def test_maximum_payout_caps_the_box_stake_first() -> None:
    setup = RoundSetup(
        PROFILE,
        Limits(100, 100_000, 3000),
        (BoxStake(1, "ann", {"stake": 1000, "twenty_one_plus_three": 100}),),
    )
    deck = Deck.scripted(
        {"box:1": parse_cards("7h 7h"), "dealer": parse_cards("7h Tc")},
        parse_cards("7c"),
        single_deck=False,
    )
    state = _play(GAME.start(setup, deck), "hit")  # 21 beats 17; suited trips on the side
    lines = {x.line: x for x in GAME.settlement(state).box(1).lines}
    # wins 1000 + 10000 against a cap of 3000: the stake's win goes first, then 7000 of
    # the side bet's, so the box takes home exactly 3000 more than it staked
    assert lines["stake"].returned == 1000 and "maximum payout" in lines["stake"].note
    assert lines["twenty_one_plus_three"].returned == 100 + 3000
    assert GAME.settlement(state).box(1).net == 3000


def test_every_card_is_face_up_and_every_viewer_sees_the_same_table() -> None:
    state = _start("Ts 6d", "9h")
    views = [GAME.project(state, v) for v in (Viewer.house(), Viewer.of("bob"), Viewer.spectator())]
    assert views[1]["boxes"] == views[0]["boxes"] == views[2]["boxes"]
    assert views[0]["dealer"]["cards"] == ["9h"] and "stock" not in str(views[0])
    assert views[0]["to_act"] == {
        "box": 1,
        "hand": 0,
        "waiting_for": views[0]["to_act"]["waiting_for"],
    }
    assert "legal_actions" in GAME.project(state, Viewer.of("ann"))
    assert "legal_actions" not in views[1]


def test_a_seeded_round_replays_from_its_seed_alone() -> None:
    from croupier.games.script import replay

    script = {
        "game": "blackjack",
        "profile": "blackjack",
        "limits": {"min": 100, "max": 100_000, "max_payout": 10**7},
        "boxes": [{"box": 1, "player": "p1", "stake": 1000}],
        "seed": {"server_seed": "11" * 32, "client_seed": "c", "nonce": 3},
        "actions": [],
    }
    first = replay(script)
    assert first == replay(script)
    if first["status"] == "waiting":  # stand through and settle
        script["actions"] = [{"box": 1, "act": "stand"}]
        assert replay(script)["status"] == "settled"
