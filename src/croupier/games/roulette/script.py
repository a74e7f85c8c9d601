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
from croupier.games.base import BoxStake, Game
from croupier.games.roulette.engine import RouletteGame
from croupier.games.script import _at, _keys, _mapping, _text, read_seed, whole


def engine() -> Game[Any, Any]:
    return RouletteGame()


def box(data: Mapping[str, Any], where: str) -> BoxStake:
    _keys(data, ("box", "player", "chip"), where)
    return BoxStake(
        box=whole(data, "box", where),
        player=_text(data, "player", where),
        stakes={"chip": whole(data, "chip", where)},
    )


def chance(script: Mapping[str, Any], profile: Any) -> Deck:
    seed = read_seed(script)
    if seed is not None:
        return Deck(stock=(), seed=seed)
    cards = _mapping(script.get("cards", {}), "cards")
    _keys(cards, ("pocket",), "cards")
    if "result" in script and "pocket" in cards:
        raise _at("result", "give the pocket once: result or cards.pocket")
    source, where = (script, "script") if "result" in script else (cards, "cards")
    key = "result" if "result" in script else "pocket"
    if key not in source:
        return Deck.scripted({}, single_deck=False)  # the spin will say no pocket was given
    pocket = whole(source, key, where)
    if pocket > 36:
        raise _at(f"{where}.{key}", f"a European wheel has pockets 0 to 36, not {pocket}")
    return Deck.scripted({"pocket": (pocket,)}, single_deck=False)
