"""The terminal's part of European roulette: a colour, bets on the layout, the spin.

The player takes a colour (chips of a value they choose); bets are actions
(``bet`` with a spot and an amount) until ``no_more_bets`` spins the ball,
so the generic session loop serves roulette unchanged: this plugin only
asks for the spot, draws the layout's chips and sums a profile up.

>>> from croupier.profiles import load
>>> summary = RoulettePlugin().summary(load("roulette"))
>>> summary["pays"].split(", ")[:2]
['straight 35:1', 'split 17:1']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from croupier.games.base import JSON, Action, BoxStake, LegalAction, Limits
from croupier.games.roulette.profile import RouletteProfile
from croupier.games.roulette.wheel import CALL_BETS, KINDS, canonical, colour, expand
from croupier.play.money import format_money
from croupier.play.plugin import BasePlugin, ask_amount
from croupier.play.render import money_cell
from croupier.play.terminal import Refused, Terminal

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

    def ask_stakes(
        self, term: Terminal, profile: RouletteProfile, limits: Limits, player: str, chips: int
    ) -> tuple[BoxStake, ...]:
        colour_no = term.ask_int("Your colour", 1, profile.colours, 1)
        value = term.ask_money(
            "Value of one of your chips", limits.min_stake, limits.max_stake, limits.min_stake
        )
        return (BoxStake(colour_no, player, {"chip": value}),)

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
        amount = ask_amount(term, low, None, typed[1:], free)
        return None if amount is None else Action("bet", action.box, amount=amount, spot=spot)

    def script_box(self, stake: BoxStake) -> JSON:
        return {"box": stake.box, "player": stake.player, "chip": stake.stake("chip")}

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
        summary = Table(show_header=False)
        summary.add_column("setting", style="bold")
        summary.add_column("value")
        summary.add_row("source", profile.source)
        for key in ("wheel", "colours", "call bets"):
            summary.add_row(key, self.summary(profile)[key])
        return [summary, table]
