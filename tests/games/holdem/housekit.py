"""Helpers for the house-poker tests: a round from short card strings."""

from __future__ import annotations

from collections.abc import Sequence

import enginekit
from enginekit import WIDE, box_queues

from croupier.games.base import Action, BoxStake, Limits, Settlement
from croupier.games.house_poker import HousePokerGame
from croupier.games.house_poker.state import HouseState

GAME = HousePokerGame()


def box(
    number: int = 1,
    ante: int = 1000,
    player: str = "p1",
    *,
    dark: bool = False,
    preset: Sequence[str] = (),
    **side: int,
) -> BoxStake:
    stakes = {"ante": ante, **{k: v for k, v in side.items() if v}}
    return BoxStake(number, player, stakes, dark, tuple(preset))


def start(
    profile: str,
    boxes: Sequence[BoxStake] | BoxStake,
    hands: dict[int, str],
    dealer: str,
    board: str = "",
    limits: Limits = WIDE,
) -> HouseState:
    queues = box_queues(hands, dealer, board=board)
    state: HouseState = enginekit.start("holdem", profile, boxes, queues, "", limits)
    return state


def play(state: HouseState, *acts: str | tuple[str, int]) -> HouseState:
    """Apply actions given as ``"play"`` (box 1) or ``("fold", 2)``."""
    for item in acts:
        verb, number = (item, 1) if isinstance(item, str) else item
        state = GAME.apply(state, Action(verb, box=number))
    return state


def settle(state: HouseState) -> Settlement:
    return enginekit.settle("holdem", state)


def lines(settlement: Settlement, number: int = 1) -> dict[str, tuple[int, int]]:
    """A box's lines as {line: (staked, returned)}, all-zero lines left out."""
    return {
        x.line: (x.staked, x.returned)
        for x in settlement.box(number).lines
        if x.staked or x.returned
    }


def one_box(
    profile: str, cards: str, dealer: str, board: str = "", *acts: str, **kw: int
) -> Settlement:
    """Settle a one-box round: ``cards`` for box 1, the box's actions, its stakes."""
    ante = kw.pop("ante", 1000)
    state = start(profile, box(1, ante, **kw), {1: cards}, dealer, board)
    return settle(play(state, *acts))
