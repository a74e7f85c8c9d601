"""Invariants of the house-poker profiles over random decks and random play:
every round settles, chips are conserved, the cap holds, an illegal action
is refused without changing anything, and no viewer sees a hidden card."""

from __future__ import annotations

from typing import Any

import pytest
from housekit import GAME
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import Deck, FairSeed, format_card
from croupier.games.base import Action, BoxStake, IllegalAction, Limits, RoundSetup, Viewer
from croupier.games.house_poker.profile import HouseProfile
from croupier.games.house_poker.state import HouseState
from croupier.profiles import load

PROFILES = (
    "texas-holdem",
    "texas-holdem-bonus",
    "three-card",
    "three-card-standard",
    "texas-holdem-aa-bonus",
)
VERBS = ("play", "fold", "bet", "check", "exchange", "split")


@st.composite
def setups(draw: st.DrawFn, profile_id: str) -> RoundSetup[HouseProfile]:
    profile: HouseProfile = load(profile_id)
    limits = Limits(100, 5000, draw(st.sampled_from([3_000, 50_000, 10**8])))
    table = profile.table
    boxes: list[BoxStake] = []
    light = draw(st.integers(1, min(2, table.boxes)) if table.dark_boxes_per_player else
                 st.integers(1, table.boxes))  # fmt: skip
    first = draw(st.integers(1, table.boxes - light + 1))
    ante = draw(st.integers(100, 5000))
    for number in range(first, first + light):  # adjacent, equal antes: every profile allows it
        boxes.append(BoxStake(number, "p1", _stakes(draw, profile, ante, False)))
    free = [n for n in range(1, table.boxes + 1) if not first <= n < first + light]
    for number in free[: draw(st.integers(0, table.dark_boxes_per_player))]:
        preset = tuple(x for x in profile.dark_preset if draw(st.booleans()))
        stakes = _stakes(draw, profile, draw(st.integers(100, 5000)), True)
        boxes.append(BoxStake(number, "p1", stakes, True, preset))
    if table.light_boxes_per_player > 1 and free and draw(st.booleans()):  # another player
        number = free[-1]
        if all(b.box != number for b in boxes):
            boxes.append(BoxStake(number, "p2", _stakes(draw, profile, 0, False)))
    return RoundSetup(profile, limits, tuple(boxes))


def _stakes(draw: st.DrawFn, profile: HouseProfile, ante: int, dark: bool) -> dict[str, int]:
    stakes = {"ante": ante}
    for bet in profile.side_bets:
        if (bet.on_dark or not dark) and draw(st.booleans()):
            stakes[bet.line] = draw(st.integers(100, 5000))
    if not ante and len(stakes) == 1:
        stakes["ante"] = 100
    return stakes


def _cards_in(data: Any) -> set[str]:
    names = {format_card(c) for c in range(52)}
    if isinstance(data, str):
        return {data} & names
    if isinstance(data, dict):
        return set().union(*(_cards_in(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_cards_in(v) for v in data)) if data else set()
    return set()


def _may_see(state: HouseState, player: str | None) -> set[str]:
    allowed = {format_card(c) for c in state.board}
    if state.done:
        allowed |= {format_card(c) for c in state.dealer}
    for box in state.boxes:
        mine = player == box.player and box.seen and not box.dark
        if mine or (state.done and not box.folded):
            allowed |= {format_card(c) for c in box.cards}
    return allowed


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
        for viewer, who in [(Viewer.spectator(), None), (Viewer.of("p1"), "p1")]:
            leaked = _cards_in(GAME.project(state, viewer)) - _may_see(state, who)
            assert not leaked, f"{viewer} sees {leaked}"
        wild = Action(data.draw(st.sampled_from(VERBS)),
                      box=data.draw(st.sampled_from([b.box for b in state.boxes])))  # fmt: skip
        if not GAME.can(state, wild):
            before = state
            with pytest.raises(IllegalAction):
                GAME.apply(state, wild)
            assert state == before
            assert GAME.staked(state) == GAME.staked(before)
        legal = GAME.legal_actions(state)
        choice = data.draw(st.sampled_from(legal))
        state = _staked_grows(state, GAME.apply(state, Action(choice.act, box=choice.box)))
        steps += 1
        assert steps <= 3 * len(setup.boxes)
    result = GAME.settlement(state)
    assert result is not None
    assert dict(GAME.staked(state)) == {b.box: b.staked for b in result.boxes}
    assert {b.box for b in result.boxes} == {b.box for b in setup.boxes}
    for settled, stake in zip(result.boxes, sorted(setup.boxes, key=lambda b: b.box), strict=True):
        # the box's own lines capped together, each side bet (BONUS, PAIR PLUS) on its own
        sides = {b.line for b in setup.profile.side_bets}
        own = sum(max(x.returned - x.staked, 0) for x in settled.lines if x.line not in sides)
        assert own <= setup.limits.max_payout
        assert all(x.returned - x.staked <= setup.limits.max_payout for x in settled.lines)
        staked = {x.line: x.staked for x in settled.lines if x.staked}
        assert {k: v for k, v in stake.stakes.items() if v} == {
            k: v for k, v in staked.items() if k in stake.stakes
        }  # every stake placed before the deal is settled, none invented
        assert all(x.returned >= 0 for x in settled.lines)
    assert result.staked - result.returned == result.house_result


@pytest.mark.parametrize("profile_id", PROFILES)
@given(data=st.data(), seed=st.binary(min_size=16, max_size=32))
def test_timer_default_actions_always_finish_the_round(
    profile_id: str, data: st.DataObject, seed: bytes
) -> None:
    state = GAME.start(data.draw(setups(profile_id)), Deck.shuffled(FairSeed(seed)))
    while (action := GAME.default_action(state)) is not None:
        state = GAME.apply(state, action)
    result = GAME.settlement(state)
    assert result is not None
    assert all(b.outcome in ("fold", "side bets only") or b.box in
               [x.box for x in state.boxes if x.dark] for b in result.boxes)  # fmt: skip
