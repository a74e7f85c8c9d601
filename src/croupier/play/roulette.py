"""The terminal's part of European roulette: colour chips, bets on the layout, the spin.

The player takes a colour and changes cash chips into chips of that colour at
a value they choose ([004]; RULES.md §2.6); bets are made with them, winnings
are paid in them (what makes no whole chip, in cash chips), and leaving the
table changes them back. A player who comes back after a long absence (30
minutes unless the plugin is told otherwise) finds each chip valued at the
table minimum, the house keeping the difference. Bets are actions (``bet``
with a spot and an amount) until ``no_more_bets`` spins the ball, so the
generic session loop serves roulette unchanged.

>>> from croupier.profiles import load
>>> summary = RoulettePlugin().summary(load("roulette"))
>>> summary["pays"].split(", ")[:2]
['straight 35:1', 'split 17:1']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from croupier.games.base import JSON, Action, BoxStake, LegalAction, Limits, Settlement
from croupier.games.roulette.chips import ColourChips
from croupier.games.roulette.profile import RouletteProfile
from croupier.games.roulette.wheel import CALL_BETS, KINDS, canonical, colour, expand
from croupier.play.money import format_money
from croupier.play.plugin import BasePlugin, ask_amount
from croupier.play.render import money_cell, settings_table
from croupier.play.terminal import Refused, Terminal

TABLE = "terminal"  # colour chips are valid at this one table
ABSENCE_MINUTES = 30  # the casino's default ([004]: "after a long absence")
SPOT_HINT = "straight:17, split:17-20, corner:25-26-28-29, red, dozen:2, voisins, neighbours:17"


def chips_in(spot: str) -> int:
    """How many chips a bet takes (a call bet several, anything else one).

    >>> chips_in("voisins"), chips_in("red"), chips_in("neighbours:17")
    (9, 1, 5)
    """
    return sum(n for _, n in expand(spot))


def _spot(text: str) -> str:
    spot = canonical(text.strip().lower())
    try:
        expand(spot)
    except KeyError:
        raise Refused(f"unclear bet {text!r}: try {SPOT_HINT}") from None
    return spot


class RoulettePlugin(BasePlugin):
    """Colours, bets and the wheel for roulette profiles."""

    game = "roulette"

    def __init__(self, absence_minutes: int = ABSENCE_MINUTES) -> None:
        self.absence_seconds = absence_minutes * 60
        self.chips: ColourChips | None = None  # the player's colour chips at this table

    def ask_stakes(
        self, term: Terminal, profile: RouletteProfile, limits: Limits, player: str, chips: int
    ) -> tuple[BoxStake, ...]:
        """The colour and its chips: bought the first time (a value, how many), more of
        the same value after (none: Enter)."""
        held = self.chips
        if held is None:
            colour_no = term.ask_int("Your colour", 1, profile.colours, 1)
            top = min(limits.max_stake, chips)
            value = term.ask_money(
                "Value of one of your colour chips", limits.min_stake, top, limits.min_stake
            )
            held = ColourChips(TABLE, player, colour_no, value)
            most = chips // value
            count = term.ask_int("How many colour chips", 1, most, most)
        else:
            most = (chips - held.worth) // held.value
            count = 0
            if most:
                count = term.ask_int(
                    f"Buy more colour chips of {format_money(held.value)}", 0, most, 0
                )
        if count:
            held, _change = held.buy(count * held.value)
            term.say(f"  {count} colour chip(s) of {format_money(held.value)} bought")
        self.chips = held
        term.say(self._holding(chips))
        return (BoxStake(held.colour, player, {"chip": held.value}),)

    def _holding(self, total: int) -> str:
        held = self.chips
        if held is None:
            return ""
        return (
            f"  colour {held.colour}: {held.count} chip(s) of {format_money(held.value)} = "
            f"{format_money(held.worth)}; cash chips {format_money(total - held.worth)}"
        )

    def returning(self, term: Terminal, limits: Limits, away_seconds: float) -> int:
        """[004]: back after a long absence, each colour chip is worth the table minimum."""
        held = self.chips
        if held is None or away_seconds < self.absence_seconds:
            return 0
        now = held.after_long_absence(limits.min_stake)
        taken = held.worth - now.worth
        if taken:
            minutes = int(away_seconds // 60)
            term.say(
                f"[yellow]Away {minutes} minutes: your {held.count} colour chip(s) are now worth "
                f"the table minimum {format_money(now.value)} each "
                f"({format_money(-taken, sign=True)})[/yellow]"
            )
        self.chips = now
        return taken

    def settled(self, term: Terminal, settlement: Settlement, player: str) -> None:
        """The colour's bets went out of its chips and its winnings come back in them; what
        makes no whole chip is paid in cash chips."""
        held = self.chips
        if held is None:
            return
        worth = held.worth
        for box in settlement.boxes:
            if box.box == held.colour and box.player == player:
                worth += box.net
        self.chips = replace(held, count=worth // held.value)
        if worth % held.value:
            term.say(f"  {format_money(worth % held.value)} paid in cash chips (no whole chip)")

    def leaving(self, term: Terminal) -> None:
        """Colour chips are valid only at this table: changed back on leaving."""
        if self.chips is None or not self.chips.count:
            return
        held, cash = self.chips.exchange_back(TABLE)
        term.say(
            f"Your {self.chips.count} colour chip(s) of {format_money(self.chips.value)} are "
            f"changed back: {format_money(cash)} in cash chips."
        )
        self.chips = held

    def table(self, term: Terminal, profile: RouletteProfile, view: JSON) -> RenderableType:
        grid = Table(box=None, show_header=True, header_style="dim")
        grid.add_column("bet")
        grid.add_column("amount", justify="right")
        grid.add_column("over the maximum, returned", justify="right")
        for bet in view["bets"]:
            excess = bet["returned_over_maximum"]
            grid.add_row(
                bet["spot"], money_cell(bet["amount"]), money_cell(excess) if excess else ""
            )
        pocket = view["pocket"]
        if pocket is not None:
            grid.add_row(Text(f"the ball: {pocket} {colour(pocket)}", style="bold"), "", "")
        elif not view["bets"]:
            grid.add_row(Text("no bets yet", style="dim"), "", "")
        return grid

    def label(self, profile: RouletteProfile, action: LegalAction) -> str:
        if action.act == "bet":
            return "bet: a spot and an amount (bet red 50)"
        if action.act == "no_more_bets":
            return "no more bets: spin"
        return super().label(profile, action)

    def complete(
        self,
        term: Terminal,
        profile: Any,
        view: JSON,
        action: LegalAction,
        typed: Sequence[str],
        free: int,
    ) -> Action | None:
        if action.act != "bet":
            return super().complete(term, profile, view, action, typed, free)
        spot: str | None = None
        if typed:
            try:
                spot = _spot(typed[0])
            except Refused as error:
                term.say(f"[red]{error}[/red]")
        if spot is None:
            spot = term.ask(f"Bet on ({SPOT_HINT})", _spot)
        seat = next(c for c in view["colours"] if c["box"] == action.box)
        unit = seat["chip"] * chips_in(spot)
        term.say(f"  {spot}: {chips_in(spot)} chip(s), in steps of {format_money(unit)}")
        low = max(action.min_amount or 0, unit)
        if self.chips is not None and self.chips.colour == action.box:
            # Bets are made with the colour's chips, not the cash chips.
            down = sum(
                b["amount"] - b["returned_over_maximum"]
                for b in view["bets"]
                if b["box"] == action.box
            )
            free = min(free, self.chips.worth - down)
        amount = ask_amount(term, low, None, typed[1:], free)
        return None if amount is None else Action("bet", action.box, amount=amount, spot=spot)

    def summary(self, profile: RouletteProfile) -> dict[str, str]:
        return {
            "wheel": "European, 37 pockets (one zero)",
            "colours": f"{profile.colours} players",
            "pays": ", ".join(f"{kind.replace('_', ' ')} {profile.pays[kind]}:1" for kind in KINDS),
            "call bets": ", ".join(
                f"{name.replace('_', ' ')} ({sum(n for _, n in spread)} chips)"
                for name, spread in CALL_BETS.items()
            )
            + ", neighbours (5 chips), complete",
        }

    def details(self, profile: RouletteProfile) -> list[RenderableType]:
        table = Table(title=f"{profile.name} ({profile.id})")
        table.add_column("position")
        table.add_column("pays", justify="right")
        table.add_column("maximum (x table maximum)", justify="right")
        for kind in KINDS:
            table.add_row(
                kind.replace("_", " "), f"{profile.pays[kind]}:1", str(profile.position_max[kind])
            )
        summary = self.summary(profile)
        rows = {
            "source": profile.source,
            **{k: summary[k] for k in ("wheel", "colours", "call bets")},
        }
        return [settings_table(rows), table]
