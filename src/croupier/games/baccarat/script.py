"""Baccarat round scripts: stakes per box, the PLAYER's and BANKER's cards.

A box: ``{"box": 1, "player": "p1", "stakes": {"banker": 1000, "tie": 100}}``.
Cards: ``"cards": {"player": [...], "banker": [...], "stock": [...]}`` (the
first two of each, then third cards from the ``stock`` in drawing order), or
a ``seed`` that shuffles a fresh eight-deck shoe. Cards may repeat: a shoe.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.cards.deck import Deck
from croupier.games.baccarat.profile import STAKES, BaccaratProfile
from croupier.games.base import JSON, BoxStake
from croupier.games.codec import ScriptCodec, at, deck_of, keys, mapping, text, whole


def read_box(data: Mapping[str, Any], where: str) -> BoxStake:
    keys(data, ("box", "player", "stakes"), where)
    stakes_data = mapping(data.get("stakes"), f"{where}.stakes")
    keys(stakes_data, STAKES, f"{where}.stakes")
    stakes = {line: whole(stakes_data, line, f"{where}.stakes", 0) for line in STAKES}
    if not any(stakes.values()):
        raise at(f"{where}.stakes", "no stake on player, banker or tie")
    return BoxStake(
        box=whole(data, "box", where),
        player=text(data, "player", where),
        stakes={line: amount for line, amount in stakes.items() if amount},
    )


def write_box(stake: BoxStake) -> JSON:
    return {"box": stake.box, "player": stake.player, "stakes": dict(stake.stakes)}


CODEC = ScriptCodec(read_box, write_box)


def chance(script: Mapping[str, Any], profile: BaccaratProfile) -> Deck:
    return deck_of(script, shuffle=profile.shoe.fresh, single_deck=False)
