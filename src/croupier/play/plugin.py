"""What the terminal needs to know about one game, and where each game's part is found.

The session loop (:mod:`croupier.play.session`) drives any engine through
the :class:`~croupier.games.base.Game` protocol alone. The few things that
differ from game to game (which stakes to ask for, how a hand is drawn, how
a player picks cards, how a profile is summed up) live in a small
:class:`TablePlugin` per game, named by the game's
:class:`~croupier.games.registry.GameSpec` (``plugin``). A new game plugs in
by writing one module and naming it in its spec; see docs/terminal.md.

>>> plugin_for("stud").game
'stud'
>>> plugin_for("bingo")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
LookupError: the terminal cannot play 'bingo' yet (it plays: baccarat, blackjack, ...)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import RenderableType
from rich.markup import escape

from croupier.games.base import JSON, Action, BoxStake, LegalAction, Limits, Settlement
from croupier.games.registry import UnknownGame, games, resolve, spec
from croupier.play.money import MoneyError, format_money, parse_money
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

    def table(self, term: Terminal, profile: Any, view: JSON) -> RenderableType:
        """The table as the player's projection ``view`` shows it."""
        ...

    def label(self, profile: Any, action: LegalAction) -> str:
        """An open action in words, for the menu (the price is added by the session)."""
        ...

    def complete(
        self,
        term: Terminal,
        profile: Any,
        view: JSON,
        action: LegalAction,
        typed: Sequence[str],
        free: int,
    ) -> Action | None:
        """The full action for a menu choice: its cards, amount or spot, from ``typed``
        (what came with the choice) or asked; None goes back to the menu.
        :class:`BasePlugin` does cards and amounts; ``free`` = chips not on the table."""
        ...

    def returning(self, term: Terminal, limits: Limits, away_seconds: float) -> int:
        """Before a round's stakes, ``away_seconds`` after the last one ended: what the
        house takes for the time away (roulette's colour chips: valued at the minimum)."""
        ...

    def settled(self, term: Terminal, settlement: Settlement, player: str) -> None:
        """A round of the player's was settled (roulette pays its colour in colour chips)."""
        ...

    def leaving(self, term: Terminal) -> None:
        """The player leaves the table (roulette: colour chips back into cash chips)."""
        ...

    def summary(self, profile: Any) -> dict[str, str]:
        """Key settings for ``croupier profiles``: column title -> text."""
        ...

    def details(self, profile: Any) -> list[RenderableType]:
        """Everything about one profile, pay tables included (``croupier profiles ID``)."""
        ...


class BasePlugin:
    """What most games share: an action takes cards (``LegalAction.cards``, picked by
    the game's :meth:`pick_cards`), an amount (``min_amount``..``max_amount``, capped by
    the free chips) or nothing more."""

    def label(self, profile: Any, action: LegalAction) -> str:
        return action.act.replace("_", " ")

    def returning(self, term: Terminal, limits: Limits, away_seconds: float) -> int:
        return 0

    def settled(self, term: Terminal, settlement: Settlement, player: str) -> None:
        return None

    def leaving(self, term: Terminal) -> None:
        return None

    def pick_cards(
        self, term: Terminal, view: JSON, action: LegalAction, typed: Sequence[str]
    ) -> tuple[int, ...] | None:
        """The cards an action takes; a game whose actions take cards overrides this."""
        term.say(f"[red]{action.act} takes cards, which this game cannot pick[/red]")
        return None

    def complete(
        self,
        term: Terminal,
        profile: Any,
        view: JSON,
        action: LegalAction,
        typed: Sequence[str],
        free: int,
    ) -> Action | None:
        la = action
        if la.cards:
            cards = self.pick_cards(term, view, la, typed)
            return None if cards is None else Action(la.act, la.box, la.hand, cards=cards)
        if la.min_amount is not None:
            amount = ask_amount(term, la.min_amount, la.max_amount, typed, free)
            return None if amount is None else Action(la.act, la.box, la.hand, amount=amount)
        if typed:
            term.say(f"[red]{la.act} takes nothing more than its name or number[/red]")
            return None
        return Action(la.act, la.box, la.hand)


def ask_amount(
    term: Terminal, low: int, high: int | None, typed: Sequence[str], free: int
) -> int | None:
    """An amount from ``low`` to ``high`` (or the free chips), typed with the choice
    (``insure 150``) or asked; None when the chips cannot cover even ``low``."""
    top = free if high is None else min(high, free)
    if top < low:
        term.say(f"[red]not enough chips: at least {format_money(low)}[/red]")
        return None
    if typed:
        try:
            amount = parse_money(" ".join(typed))
        except MoneyError as error:
            term.say(f"[red]{escape(str(error))}[/red]")
        else:
            if low <= amount <= top:
                return amount
            term.say(
                f"[red]{format_money(amount)} is outside "
                f"{format_money(low)} .. {format_money(top)}[/red]"
            )
    return term.ask_money("Amount", low, top)


def plays(game: str) -> bool:
    """Whether the terminal has a part for ``game``."""
    try:
        return spec(game).plugin is not None
    except UnknownGame:
        return False


def plugin_for(game: str) -> TablePlugin:
    """The terminal part of ``game`` (LookupError when it has none), imported now,
    so the terminal never imports an engine it does not play."""
    target = spec(game).plugin if game in games() else None
    if target is None:
        known = ", ".join(g for g in games() if plays(g))
        raise LookupError(f"the terminal cannot play {game!r} yet (it plays: {known})")
    plugin: TablePlugin = resolve(target)()
    return plugin
