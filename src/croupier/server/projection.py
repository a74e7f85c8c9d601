"""Players' names at the edge: another player's card number never leaves as it is.

What a viewer may see of a round (cards, options, the settlement, pre-buys, the
seed) is decided before it gets here, by the engine's projection and the round's
view (:mod:`croupier.casino.round_view`); the server passes it on. One thing is
the server's own: a card number is its holder's login, so another player's card
number becomes a stable alias.

>>> alias("7000000000000002") == alias("7000000000000002") != alias("7000000000000010")
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from croupier.games.base import JSON, Viewer, ViewerRole

# The key of the aliases: set once at start-up from the server's secret
# (:func:`set_alias_key`); until then, random for this process.
_alias_key: bytes = secrets.token_bytes(32)


def set_alias_key(key: bytes) -> None:
    """Key the aliases (every server process of one casino must use the same key)."""
    global _alias_key
    if len(key) < 16:
        raise ValueError("the alias key must have at least 16 bytes")
    _alias_key = key


def alias(card_number: str) -> str:
    """A stable public name for a player at the table, which does not give away the card.

    A keyed HMAC, not a plain hash: card numbers are 15 digits and a Luhn digit, few
    enough to hash them all, so an unkeyed hash would name the card behind any alias.
    """
    digest = hmac.new(_alias_key, card_number.encode(), hashlib.sha256).hexdigest()
    return "player-" + digest[:12]


def _rename(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, dict):
        return {names.get(k, k): _rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    return value


def anonymise(message: JSON, viewer: Viewer, cards: set[str]) -> JSON:
    """``message`` with every card number of ``cards`` but the viewer's own replaced by an alias."""
    if viewer.role is ViewerRole.HOUSE:
        return message
    names = {card: alias(card) for card in cards if card != viewer.player}
    renamed: JSON = _rename(message, names) if names else message
    return renamed
