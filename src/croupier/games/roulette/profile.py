"""The roulette rule profile: pay table, position maxima, colours at the table.

A position's maximum is a multiple of the table's maximum stake (the
straight-up maximum): a split covers two numbers, so twice that, and so on;
a complete bet "at the maximum" then fills every position at once.

>>> from croupier.profiles import load
>>> p = load("roulette")
>>> p.pays["straight"], p.pays["six_line"], p.pays["red"], p.position_max["split"]
(35, 5, 1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier.games.common.settings import Section
from croupier.games.roulette.wheel import KINDS


@dataclass(frozen=True, slots=True)
class RouletteProfile:
    id: str
    name: str
    source: str
    colours: int  # players at the table, each with chips of their own colour
    pays: Mapping[str, int]  # kind -> winnings to one
    position_max: Mapping[str, int]  # kind -> multiple of the table maximum
    game: str = "roulette"


def _per_kind(s: Section, minimum: int) -> dict[str, int]:
    values = {kind: s.int_(kind, minimum=minimum) for kind in KINDS}
    s.done()
    return values


def parse_profile(data: Mapping[str, Any], where: str) -> RouletteProfile:
    top = Section(data, where, "")
    top.str_("game")
    profile = RouletteProfile(
        id=top.str_("id"),
        name=top.str_("name"),
        source=top.str_("source", ""),
        colours=top.int_("colours", minimum=1),
        pays=_per_kind(top.section("pays"), 1),
        position_max=_per_kind(top.section("position_max"), 1),
    )
    top.done()
    return profile
