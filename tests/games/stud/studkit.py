"""Helpers for the stud tests: build a round from short card strings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import enginekit
from enginekit import WIDE, box_queues

from croupier.cards import parse_cards
from croupier.games.base import Action, BoxStake, Limits, Settlement
from croupier.games.stud import StudGame
from croupier.games.stud.state import StudState

GAME = StudGame()


def box(
    number: int = 1,
    ante: int = 1000,
    player: str = "p1",
    *,
    dark: bool = False,
    bonus: int = 0,
    dealer_bonus: int = 0,
    prebuy: Sequence[str] = (),
) -> BoxStake:
    stakes = {"ante": ante}
    if bonus:
        stakes["bonus"] = bonus
    if dealer_bonus:
        stakes["dealer_bonus"] = dealer_bonus
    return BoxStake(number, player, stakes, dark, tuple(prebuy))


def start(
    profile: str,
    boxes: Sequence[BoxStake] | BoxStake,
    hands: dict[int, str],
    dealer: str,
    stock: str = "",
    limits: Limits = WIDE,
) -> StudState:
    state: StudState = enginekit.start(
        "stud", profile, boxes, box_queues(hands, dealer), stock, limits
    )
    return state


def act(act: str, number: int = 1, cards: str = "", amount: int | None = None) -> Action:
    return Action(act, box=number, cards=parse_cards(cards) if cards else (), amount=amount)


def play(state: StudState, *actions: Action) -> StudState:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def settle(state: StudState) -> Settlement:
    return enginekit.settle("stud", state)


def lines(settlement: Settlement, number: int = 1) -> list[tuple[str, int, int]]:
    return [(x.line, x.staked, x.returned) for x in settlement.box(number).lines]


def round_lines(profile: str, hands: dict[int, str], dealer: str, *actions: Any, **kw: Any) -> Any:
    """Start, play ``actions`` and settle a one-box round; returns (settlement, lines of box 1)."""
    boxes = kw.pop("boxes", box(**kw.pop("box_kw", {})))
    state = play(start(profile, boxes, hands, dealer, kw.pop("stock", ""), **kw), *actions)
    result = settle(state)
    return result, lines(result)
