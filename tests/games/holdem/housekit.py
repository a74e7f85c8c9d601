"""Helpers for the house-poker tests: a round from short card strings."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards import Deck, parse_cards
from croupier.games.base import Action, BoxStake, Limits, RoundSetup, Settlement
from croupier.games.house_poker import HousePokerGame
from croupier.games.house_poker.state import HouseState
from croupier.profiles import load

GAME = HousePokerGame()
WIDE = Limits(100, 100_000, 10_000_000)


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
    stakes = (boxes,) if isinstance(boxes, BoxStake) else tuple(boxes)
    queues = {f"box:{n}": parse_cards(cards) for n, cards in hands.items()}
    queues["dealer"] = parse_cards(dealer)
    queues["board"] = parse_cards(board)
    return GAME.start(RoundSetup(load(profile), limits, stakes), Deck.scripted(queues))


def play(state: HouseState, *acts: str | tuple[str, int]) -> HouseState:
    """Apply actions given as ``"play"`` (box 1) or ``("fold", 2)``."""
    for item in acts:
        verb, number = (item, 1) if isinstance(item, str) else item
        state = GAME.apply(state, Action(verb, box=number))
    return state


def settle(state: HouseState) -> Settlement:
    result = GAME.settlement(state)
    assert result is not None, f"round not over: waiting for {GAME.to_act(state)}"
    return result


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
