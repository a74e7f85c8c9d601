"""Projection helpers every engine shares: cards as text, whose turn it is.

>>> card_texts([51, 0])
['As', '2c']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from croupier.cards.card import format_card
from croupier.games.base import JSON, Game, Viewer, ViewerRole

S = TypeVar("S")


def card_texts(cards: Iterable[int]) -> list[str]:
    return [format_card(c) for c in cards]


def with_turn(game: Game[Any, S], state: S, viewer: Viewer, data: JSON) -> JSON:
    """Add whose turn it is and, for that box's owner or the house, what is open.

    A spectator (no player, like the house) learns no options: an option such
    as insurance or a split would tell what a box holds."""
    turn = game.to_act(state)
    data["to_act"] = (
        None
        if turn is None
        else {"box": turn.box, "hand": turn.hand, "waiting_for": turn.waiting_for}
    )
    if turn is None:
        return data
    owner = viewer.player is not None and viewer.player == turn.player
    if viewer.role is ViewerRole.HOUSE or owner:
        data["legal_actions"] = [a.to_json() for a in game.legal_actions(state)]
    return data
