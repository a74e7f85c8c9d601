"""What the terminal needs to know about one game, and where each game's part is found.

The session loop (:mod:`croupier.play.session`) drives any engine through
the :class:`~croupier.games.base.Game` protocol alone. The few things that
differ from game to game (which stakes to ask for, how a hand is drawn, how
a player picks cards, how a profile is summed up) live in a small
:class:`TablePlugin` per game, found by ``profile.game`` in :data:`PLUGINS`.
A new game plugs in by writing one module and adding one line here; see
docs/terminal.md.

>>> plugin_for("stud").game
'stud'
>>> plugin_for("bingo")
Traceback (most recent call last):
...
LookupError: the terminal cannot play 'bingo' yet (it plays: baccarat, stud)
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import RenderableType

from croupier.games.base import JSON, BoxStake, LegalAction, Limits
from croupier.play.terminal import Terminal


class TablePlugin(Protocol):
    """One game's part of the terminal. ``profile`` is that game's profile type."""

    game: str

    def ask_stakes(
        self,
        term: Terminal,
        profile: Any,
        limits: Limits,
        player: str,
        chips: int,
    ) -> tuple[BoxStake, ...]:
        """Ask which boxes to play and what to stake on them (before the deal)."""
        ...

    def upfront(self, profile: Any, boxes: Sequence[BoxStake]) -> int:
        """The chips these stakes take before the first card (dark BETs and pre-buys too)."""
        ...

    def table(self, term: Terminal, profile: Any, view: JSON) -> RenderableType:
        """The table as the player's projection ``view`` shows it."""
        ...

    def label(self, profile: Any, action: LegalAction) -> str:
        """An open action in words, for the menu (the price is added by the session)."""
        ...

    def pick_cards(
        self, term: Terminal, view: JSON, action: LegalAction, typed: Sequence[str]
    ) -> tuple[int, ...] | None:
        """The cards an action takes (``typed`` = what came with the choice); None = back."""
        ...

    def script_box(self, stake: BoxStake) -> JSON:
        """A box as the round-script contract writes it (to record replayable rounds)."""
        ...

    def summary(self, profile: Any) -> dict[str, str]:
        """Key settings for ``croupier profiles``: column title -> text."""
        ...

    def details(self, profile: Any) -> list[RenderableType]:
        """Everything about one profile, pay tables included (``croupier profiles ID``)."""
        ...


# game -> "module:factory"; imported on first use, so the terminal never
# imports an engine it does not play.
PLUGINS: dict[str, str] = {
    "stud": "croupier.play.stud:StudPlugin",
    "baccarat": "croupier.play.baccarat:BaccaratPlugin",
}


def plugin_for(game: str) -> TablePlugin:
    """The terminal part of ``game`` (LookupError when it has none yet)."""
    target = PLUGINS.get(game)
    if target is None:
        known = ", ".join(sorted(PLUGINS))
        raise LookupError(f"the terminal cannot play {game!r} yet (it plays: {known})")
    module, _, factory = target.partition(":")
    plugin: TablePlugin = getattr(importlib.import_module(module), factory)()
    return plugin
