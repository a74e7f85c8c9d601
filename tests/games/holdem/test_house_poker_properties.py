"""Invariants of the house-poker profiles over random decks and random play: the
cap holds, every stake placed is settled, no viewer sees a hidden card, the timer
folds. (The engine contract every game keeps is tests/games/test_engine_contract.py.)"""

from __future__ import annotations

from typing import Any

from enginekit import play_random, random_rounds, setups
from hypothesis import strategies as st

from croupier.cards import format_card
from croupier.games.base import Viewer
from croupier.games.house_poker import HousePokerGame
from croupier.games.house_poker.state import HouseState

GAME = HousePokerGame()
PROFILES = (
    "texas-holdem",
    "texas-holdem-bonus",
    "three-card",
    "three-card-standard",
    "texas-holdem-aa-bonus",
)


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


def _check_views(state: HouseState) -> None:
    for viewer, who in [(Viewer.spectator(), None), (Viewer.of("p1"), "p1")]:
        leaked = _cards_in(GAME.project(state, viewer)) - _may_see(state, who)
        assert not leaked, f"{viewer} sees {leaked}"


@random_rounds(PROFILES, 40)
def test_random_rounds_cap_winnings_hide_cards_and_settle_every_stake_placed(
    profile_id: str, data: st.DataObject, seed: bytes
) -> None:
    """Over random legal play (the engine contract is checked by enginekit)."""
    setup = data.draw(setups(profile_id))
    trace, result = play_random(data, setup, seed, _check_views)
    assert len(trace.actions) <= 3 * len(setup.boxes)
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


@random_rounds(PROFILES, 25)
def test_the_timer_folds_every_light_box(profile_id: str, data: st.DataObject, seed: bytes) -> None:
    trace, result = play_random(data, data.draw(setups(profile_id)), seed, timer_only=True)
    assert all(b.outcome in ("fold", "side bets only") or b.box in
               [x.box for x in trace.last.boxes if x.dark] for b in result.boxes)  # fmt: skip
