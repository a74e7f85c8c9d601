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
from typing import Annotated, Any, Literal

from croupier.games.common.settings import NamedCounts, Positive, Settings, validated
from croupier.games.roulette.wheel import KINDS

PerKind = Annotated[dict[str, int], NamedCounts(KINDS)]


class RouletteProfile(Settings):
    id: str
    name: str
    source: str = ""
    colours: Positive  # players at the table, each with chips of their own colour
    pays: PerKind  # kind -> winnings to one
    position_max: PerKind  # kind -> multiple of the table maximum
    game: Literal["roulette"] = "roulette"


def parse_profile(data: Mapping[str, Any], where: str) -> RouletteProfile:
    return validated(RouletteProfile, data, where)
