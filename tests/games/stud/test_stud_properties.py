"""Invariants of every stud profile over random decks and random legal play.

(The engine contract every game keeps is tests/games/test_engine_contract.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from enginekit import play_random, random_rounds, setups
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import format_card
from croupier.games.base import StakeLine, Viewer
from croupier.games.stud import StudGame
from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate, settle_box
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.state import Stage, StudState
from croupier.profiles import load_as

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
CARD_NAMES = {format_card(c) for c in range(52)}


def capped(lines: Any, max_payout: int) -> bool:
    """RULES.md §0: the box's own lines and insurance win at most the maximum payout
    together; each BONUS side stake (player's, dealer's) at most it on its own."""
    sides = ("bonus", "dealer_bonus")
    wins: list[StakeLine] = [x for x in lines if x.returned > x.staked]
    own = sum(x.returned - x.staked for x in wins if x.line not in sides)
    return own <= max_payout and all(x.returned - x.staked <= max_payout for x in wins)


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


@random_rounds(PROFILES, 40)
def test_random_rounds_cap_winnings_hide_cards_and_settle_the_ante_first(
    profile_id: str, data: st.DataObject, seed: bytes
) -> None:
    """Over random legal play (the engine contract is checked by enginekit): no
    viewer sees a card the rules hide, and every box is settled within the cap."""
    setup = data.draw(setups(profile_id))
    _, result = play_random(data, setup, seed, _check_views)
    for settled in result.boxes:
        assert capped(settled.lines, setup.limits.max_payout)
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
    profile = load_as(profile_id, StudProfile)
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
