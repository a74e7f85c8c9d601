"""The terminal's part of baccarat: stakes on PLAYER, BANKER and TIE, then the coup.

Baccarat has no decisions after the deal, so the session goes straight from
the stakes to the settlement; this plugin only asks for the stakes, draws
the two hands with their points and sums a profile up. Every round is dealt
from a freshly shuffled shoe (what ``croupier replay`` deals from a seed), so
each coup is provably fair on its own; carrying one shoe across rounds is the
table service's job.

>>> from croupier.profiles import load
>>> BaccaratPlugin().summary(load("baccarat"))["pays"]
'PLAYER 1:1, BANKER 1:1 less 5 % commission, TIE 8:1'
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from croupier.games.baccarat.profile import STAKES, BaccaratProfile
from croupier.games.base import JSON, BoxStake, Limits
from croupier.play.plugin import BasePlugin
from croupier.play.render import cards_markup, fraction_text, odds_text, settings_table
from croupier.play.terminal import Terminal


class BaccaratPlugin(BasePlugin):
    """Stakes and drawing for baccarat profiles."""

    game = "baccarat"

    def ask_stakes(
        self, term: Terminal, profile: BaccaratProfile, limits: Limits, player: str, chips: int
    ) -> tuple[BoxStake, ...]:
        chosen = term.ask_boxes(profile.table.boxes, dark=False)
        result: list[BoxStake] = []
        for box, _ in chosen:
            while True:
                stakes = {
                    line: term.ask_money(
                        f"Box {box}: {line.upper()}", limits.min_stake, limits.max_stake, 0, True
                    )
                    for line in STAKES
                }
                if any(stakes.values()):
                    break
                term.say("[red]stake on PLAYER, BANKER or TIE[/red]")
            result.append(
                BoxStake(box, player, {line: amount for line, amount in stakes.items() if amount})
            )
        return tuple(result)

    def table(self, term: Terminal, profile: BaccaratProfile, view: JSON) -> RenderableType:
        grid = Table(box=None, show_header=False)
        grid.add_column("hand", style="bold")
        grid.add_column("cards")
        grid.add_column("points", justify="right")
        for name in ("player", "banker"):
            hand = view[name]
            grid.add_row(
                name.upper(),
                Text.from_markup(cards_markup(hand["cards"], unicode=term.unicode)),
                f"{hand['points']} points",
            )
        grid.add_row("", Text(f"{view['result'].upper()} wins", style="bold"), "")
        return grid

    def summary(self, profile: BaccaratProfile) -> dict[str, str]:
        commission = fraction_text(profile.banker_commission * 100)
        tie = "PLAYER and BANKER returned" if profile.tie_returns_player_banker else "all lost"
        return {
            "shoe": f"{profile.shoe.decks} decks, cut card {profile.shoe.cut_card} from the end",
            "boxes": f"{profile.table.boxes} at the table",
            "pays": (
                f"PLAYER {odds_text(profile.player_pays)}, BANKER {odds_text(profile.banker_pays)} "
                f"less {commission} % commission, TIE {odds_text(profile.tie_pays)}"
            ),
            "ties": f"on a tie: {tie}",
        }

    def details(self, profile: BaccaratProfile) -> list[RenderableType]:
        rows = {"game": profile.game, "source": profile.source, **self.summary(profile)}
        return [settings_table(rows, f"{profile.name} ({profile.id})")]
