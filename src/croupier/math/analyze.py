"""``croupier analyze PROFILE``: one door to every game's exact analysis.

Each game registers a function that takes its loaded profile and returns a
:class:`Report`: named figures (returns, house edges, probabilities) with
how they were computed. The analyses themselves live next to their game
(``croupier.math.<game>``); this module only finds and prints them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier import profiles


@dataclass(frozen=True, slots=True)
class Figure:
    """One computed figure: a probability or a return per unit staked.

    ``exact`` keeps the rational value where the analysis is exact; ``value``
    is its float for printing (returns are per unit of the named stake).
    """

    name: str
    value: float
    exact: Fraction | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Report:
    profile: str
    method: str
    figures: tuple[Figure, ...]
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    seconds: float = 0.0


Analysis = Callable[[Any], Report]

# game -> "module:function", imported on first use.
_ANALYSES: dict[str, str] = {
    "baccarat": "croupier.math.baccarat:analyze",
    "roulette": "croupier.math.roulette:analyze",
    "blackjack": "croupier.math.blackjack:analyze",
    "holdem": "croupier.math.holdem:analyze",
    "holdem_bonus": "croupier.math.holdem:analyze_bonus",
    "three_card": "croupier.math.three_card:analyze",
    "stud": "croupier.math.stud.report:analyze",
}


def register(game: str, target: str) -> None:
    """Make ``croupier analyze`` run ``target`` ("package.module:function") for ``game``."""
    if ":" not in target:
        raise ValueError(f"analysis {target!r} must look like 'package.module:function'")
    _ANALYSES[game] = target


def analyses() -> dict[str, str]:
    return dict(_ANALYSES)


def analyze(profile_id: str) -> Report:
    """Run the registered analysis for a shipped profile."""
    profile = profiles.load(profile_id)
    game = getattr(profile, "game", None)
    if game is None or game not in _ANALYSES:
        known = ", ".join(sorted(_ANALYSES)) or "none yet"
        raise LookupError(
            f"no analysis for {profile_id!r} (game {game!r}; games with one: {known})"
        )
    module_name, _, function = _ANALYSES[game].partition(":")
    run: Analysis = getattr(importlib.import_module(module_name), function)
    return run(profile)
