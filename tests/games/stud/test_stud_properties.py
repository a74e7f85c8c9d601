"""Invariants of every stud profile over random decks and random legal play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import Deck, FairSeed, format_card
from croupier.games.base import (
    Action,
    BoxStake,
    IllegalAction,
    Limits,
    RoundSetup,
    StakeLine,
    Viewer,
)
from croupier.games.stud import StudGame
from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate, settle_box
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import Stage, StudState
from croupier.profiles import load

GAME = StudGame()
PROFILES = (
    "six-card-all-in-one",
    "five-card-exchange",
    "five-card-sixth",
    "russian-online",
    "six-card",
    "russian",
    "six-card-shambala",
)
ACTS = ("exchange", "buy_sixth", "discard", "stand", "play", "fold", "take_half", "insure",
        "buy_game", "take_ante", "split")  # fmt: skip
CARD_NAMES = {format_card(c) for c in range(52)}


@st.composite
def setups(draw: st.DrawFn, profile_id: str) -> RoundSetup[StudProfile]:
    profile: StudProfile = load(profile_id)
    limits = Limits(100, 5000, draw(st.sampled_from([5_000, 50_000, 10**7])))
    count = draw(st.integers(1, min(4, profile.table.boxes)))
    numbers = sorted(draw(st.permutations(range(1, profile.table.boxes + 1)))[:count])
    boxes = []
    for i, number in enumerate(numbers):
        dark = profile.table.dark_boxes_per_player > 0 and draw(st.booleans())
        ante = draw(st.integers(100, 5000))
        stakes = {"ante": ante}
        bonus = profile.bonus
        if bonus is not None and draw(st.booleans()) and (bonus.on_dark or not dark):
            stakes["bonus"] = bonus.fee(ante) if bonus.kind == "fee" else draw(st.integers(1, 500))
        if bonus is not None and bonus.dealer_bonus and draw(st.booleans()):
            stakes["dealer_bonus"] = draw(st.integers(1, 500))
        prebuy = tuple(x for x in profile.dark_prebuy if dark and draw(st.booleans()))
        player = f"{'d' if dark else 'p'}{i}"
        boxes.append(BoxStake(number, player, stakes, dark, prebuy))
    return RoundSetup(profile, limits, tuple(boxes))


def capped(lines: Any, max_payout: int) -> bool:
    """RULES.md §0: the box's own lines and insurance win at most the maximum payout
    together; each BONUS side stake (player's, dealer's) at most it on its own."""
    sides = ("bonus", "dealer_bonus")
    wins: list[StakeLine] = [x for x in lines if x.returned > x.staked]
    own = sum(x.returned - x.staked for x in wins if x.line not in sides)
    return own <= max_payout and all(x.returned - x.staked <= max_payout for x in wins)


def _action(draw: st.DrawFn, state: StudState) -> Action:
    """A random action among the legal ones, with random cards or amounts."""
    legal = GAME.legal_actions(state)
    choice = draw(st.sampled_from(legal))
    box = state.boxes[state.index(choice.box)]
    if choice.act in ("exchange", "discard"):
        count = draw(st.sampled_from(choice.cards))
        cards = draw(st.permutations(box.cards))[:count]
        return Action(choice.act, box=choice.box, cards=tuple(cards))
    if choice.act == "insure":
        assert choice.min_amount is not None and choice.max_amount is not None
        amount = draw(st.integers(choice.min_amount, choice.max_amount))
        return Action("insure", box=choice.box, amount=amount)
    return Action(choice.act, box=choice.box)


def _cards_in(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_cards_in(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_cards_in(v) for v in data)) if data else set()
    return {data} if isinstance(data, str) and data in CARD_NAMES else set()


def _may_see(state: StudState, player: str | None) -> set[str]:
    """An upper bound of what a non-house viewer may see, from the rules alone."""
    shown = state.phase.value != "deciding"
    allowed = {format_card(state.shown_card)}
    if shown:
        allowed |= {format_card(c) for c in state.dealer}
        if state.show is not None and state.show.drew is not None:
            allowed.add(format_card(state.show.drew))
    for box in state.boxes:
        own_light = box.player == player and not box.dark
        if own_light or (shown and box.stage is not Stage.FOLDED):
            allowed |= {format_card(c) for c in box.cards}
    return allowed


def _check_views(state: StudState) -> None:
    players = {b.player for b in state.boxes}
    for viewer, who in [(Viewer.spectator(), None)] + [(Viewer.of(p), p) for p in players]:
        leaked = _cards_in(GAME.project(state, viewer)) - _may_see(state, who)
        assert not leaked, f"{viewer} sees {leaked}"


def _staked_grows(before: Any, after: Any) -> Any:
    """What each box has on the table never goes down from one state to the next."""
    was, now = GAME.staked(before), GAME.staked(after)
    assert was.keys() == now.keys() and all(now[n] >= was[n] for n in was), (was, now)
    return after


@pytest.mark.parametrize("profile_id", PROFILES)
@given(data=st.data(), seed=st.binary(min_size=16, max_size=32))
def test_random_rounds_settle_conserve_chips_cap_hide_cards_and_stake_what_staked_says(
    profile_id: str, data: st.DataObject, seed: bytes
) -> None:
    setup = data.draw(setups(profile_id))
    state = GAME.start(setup, Deck.shuffled(FairSeed(seed)))
    steps = 0
    while GAME.to_act(state) is not None:
        _check_views(state)
        if data.draw(st.integers(0, 4)) == 0:  # now and then, something random
            wild = Action(
                data.draw(st.sampled_from(ACTS)),
                box=data.draw(st.sampled_from([b.box for b in state.boxes])),
                amount=data.draw(st.integers(0, 20_000)),
            )
            if not GAME.can(state, wild):
                before = state
                with pytest.raises(IllegalAction):
                    GAME.apply(state, wild)
                assert state == before
                assert GAME.staked(state) == GAME.staked(before)
        state = _staked_grows(state, GAME.apply(state, _action(data.draw, state)))
        steps += 1
        assert steps < 50
    _check_views(state)
    result = GAME.settlement(state)
    assert result is not None
    assert dict(GAME.staked(state)) == {b.box: b.staked for b in result.boxes}
    assert result.staked == result.returned + result.house_result
    assert {b.box for b in result.boxes} == {b.box for b in setup.boxes}
    for settled in result.boxes:
        assert capped(settled.lines, setup.limits.max_payout)
        assert all(x.returned >= 0 and x.staked >= 0 for x in settled.lines)
        stake = next(b for b in setup.boxes if b.box == settled.box)
        assert settled.lines[0].line == "ante"
        assert settled.lines[0].staked == stake.stake("ante")


@pytest.mark.parametrize("profile_id", PROFILES)
@given(
    cards=st.permutations(range(52)),
    six=st.booleans(),
    played=st.booleans(),
    ante=st.integers(1, 10_000),
    max_payout=st.integers(1, 10**7),
)
def test_settle_box_pure_arithmetic_invariants(
    profile_id: str, cards: list[int], six: bool, played: bool, ante: int, max_payout: int
) -> None:
    """The settlement functions alone (as the math lab calls them): a box never
    gets back more than the cap allows, a fold loses exactly the ANTE, and a
    winning box beats the dealer it was paid against."""
    profile: StudProfile = load(profile_id)
    hand_cards = tuple(cards[: 6 if six else 5])
    show = dealer_show(profile, cards[6:11])
    hand = evaluate(profile, hand_cards)
    play_ = BoxPlay(ante=ante, played=played, hand=hand, first_five=hand_cards[:5])
    lines, outcome = settle_box(profile, max_payout, play_, show)
    assert capped(lines, max_payout)
    assert all(x.returned >= 0 for x in lines)
    if not played:
        assert [(x.line, x.staked, x.returned) for x in lines] == [("ante", ante, 0)]
    if outcome == "win":
        assert show.qualifies and (
            hand.main > show.hand or (profile.tie == "player" and hand.main == show.hand)
        )
