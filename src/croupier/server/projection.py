"""The last guard at the edge: what a viewer's message may carry beyond the engine's view.

The engine projects a round for its viewer (``RoundView.view``); everything
else a message carries is checked here against that projection:

* a settlement lists every box's hands and the dealer's; a hand whose cards the
  viewer's projection does not show (a folded box, the dealer's cards when
  everybody folded) is dropped, description and all;
* the revealed server seed goes only to the round's participants, who need it to
  check the deck; a spectator gets the commitment only;
* another player's card number (it is their login) becomes a stable alias.

>>> visible = {"As", "Kd"}
>>> redact({"hands": [{"cards": ["As", "Kd"]}, {"cards": ["2c", "3c"]}]}, visible)
{'hands': [{'cards': ['As', 'Kd']}]}
>>> alias("7000000000000002") == alias("7000000000000002") != alias("7000000000000010")
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Any

from croupier.games.base import JSON, Viewer, ViewerRole

CARD = re.compile(r"^[2-9TJQKA][shdc]$")
_HIDDEN = object()


def cards_in(value: Any) -> set[str]:
    """Every card (as text) anywhere in a JSON value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if CARD.match(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def _redact(value: Any, visible: set[str]) -> Any:
    if isinstance(value, str):
        return _HIDDEN if CARD.match(value) and value not in visible else value
    if isinstance(value, dict):
        cards = value.get("cards")
        if isinstance(cards, list) and not cards_in(cards) <= visible:
            return _HIDDEN
        out = {}
        for key, item in value.items():
            cleaned = _redact(item, visible)
            out[key] = None if cleaned is _HIDDEN else cleaned
        return out
    if isinstance(value, list):
        return [c for c in (_redact(item, visible) for item in value) if c is not _HIDDEN]
    return value


def redact(value: Any, visible: set[str]) -> Any:
    """``value`` without any card outside ``visible`` (a hand showing one is dropped whole)."""
    cleaned = _redact(value, visible)
    return None if cleaned is _HIDDEN else cleaned


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


def guard_round(round_json: JSON, viewer: Viewer) -> JSON:
    """A ``RoundView.to_json()`` made safe for ``viewer`` beyond the engine's projection."""
    if viewer.role is ViewerRole.HOUSE:
        return round_json
    visible = cards_in(round_json.get("view"))
    out = dict(round_json)
    if out.get("settlement") is not None:
        out["settlement"] = redact(out["settlement"], visible)
    participants = {s.get("player") for s in out.get("stakes", ())}
    if viewer.player is None or viewer.player not in participants:
        out["server_seed"] = None
    return out


def anonymise(message: JSON, viewer: Viewer, cards: set[str]) -> JSON:
    """``message`` with every card number of ``cards`` but the viewer's own replaced by an alias."""
    if viewer.role is ViewerRole.HOUSE:
        return message
    names = {card: alias(card) for card in cards if card != viewer.player}
    renamed: JSON = _rename(message, names) if names else message
    return renamed


def guard_recall(recall: JSON, viewer: Viewer) -> JSON:
    """A recalled round (``Recall.to_json()``) made safe for ``viewer``.

    Each step may name only cards the viewer had seen by then (their own
    exchanged cards included, another player's never); the settlement only what
    the viewer saw by the end.
    """
    if viewer.role is ViewerRole.HOUSE:
        return recall
    seen: set[str] = set()
    steps = []
    for step in recall.get("steps", ()):
        seen |= cards_in(step.get("view"))
        steps.append({**step, "payload": redact(step.get("payload"), seen)})
    out = {**recall, "steps": steps}
    if out.get("settlement") is not None:
        out["settlement"] = redact(out["settlement"], seen)
    return out
