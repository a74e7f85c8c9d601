"""Roulette round scripts: seats with a chip value, bets as actions, the pocket.

A seat: ``{"box": 1, "player": "p1", "chip": 100}`` (the colour and what one
of its chips is worth). Bets are actions ``{"box": 1, "act": "bet", "spot":
"split:17-20", "amount": 200}`` until ``{"act": "no_more_bets"}``. The
pocket is ``"result": 17`` (or ``"cards": {"pocket": 17}``), or a ``seed``
whose ``spin`` stream draws it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.cards.deck import Deck
from croupier.games.base import JSON, BoxStake
from croupier.games.codec import ScriptCodec, at, keys, mapping, read_seed, text, whole
from croupier.games.roulette.profile import RouletteProfile


def read_box(data: Mapping[str, Any], where: str) -> BoxStake:
    keys(data, ("box", "player", "chip"), where)
    return BoxStake(
        box=whole(data, "box", where),
        player=text(data, "player", where),
        stakes={"chip": whole(data, "chip", where)},
    )


def write_box(stake: BoxStake) -> JSON:
    return {"box": stake.box, "player": stake.player, "chip": stake.stake("chip")}


CODEC = ScriptCodec(read_box, write_box)


def chance(script: Mapping[str, Any], profile: RouletteProfile) -> Deck:
    seed = read_seed(script)
    if seed is not None:
        return Deck(stock=(), seed=seed)
    cards = mapping(script.get("cards", {}), "cards")
    keys(cards, ("pocket",), "cards")
    if "result" in script and "pocket" in cards:
        raise at("result", "give the pocket once: result or cards.pocket")
    source, where = (script, "script") if "result" in script else (cards, "cards")
    key = "result" if "result" in script else "pocket"
    if key not in source:
        return Deck.scripted({}, single_deck=False)  # the spin will say no pocket was given
    pocket = whole(source, key, where)
    if pocket > 36:
        raise at(f"{where}.{key}", f"a European wheel has pockets 0 to 36, not {pocket}")
    return Deck.scripted({"pocket": (pocket,)}, single_deck=False)
