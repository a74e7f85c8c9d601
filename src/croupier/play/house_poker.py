"""The terminal's part of house-banked poker: Texas Hold'em, Hold'em Bonus, three-card.

The three games are one engine with street-by-street decisions (``play`` /
``fold``, then ``bet`` / ``check``), ordinary actions of the session's menu;
this plugin asks for the ANTE, the side bets the profile offers (BONUS, PAIR
PLUS, which may stand without an ANTE) and a dark box's pre-set bets, draws
the board, the dealer and the boxes, and sums a profile up.

>>> from croupier.profiles import load
>>> s = HousePokerPlugin().summary(load("texas-holdem"))
>>> s["dealer qualifies with"], s["streets"]
('pair of fours', 'after the flop: play 2 ANTE or fold')
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from croupier.games.base import JSON, BoxStake, Limits
from croupier.games.common.antes import antes
from croupier.games.house_poker.profile import HouseProfile
from croupier.play.money import format_money
from croupier.play.plugin import BasePlugin
from croupier.play.render import cards_markup, fraction_text, pay_table, settings_table
from croupier.play.terminal import Terminal

_AFTER = {0: "before the board", 3: "after the flop", 4: "after the turn", 5: "after the river"}


def _street_names(profile: HouseProfile) -> list[str]:
    """When each decision comes: a street's ``board_before`` counts the cards turned
    just before it, so the board so far is their running sum."""
    if not profile.board_cards:
        return ["after the deal" for _ in profile.streets]
    names, turned = [], 0
    for street in profile.streets:
        turned += street.board_before
        names.append(_AFTER.get(turned, f"with {turned} board cards"))
    return names


def _line(name: str) -> str:
    return name.upper().replace("_", " ")


class HousePokerPlugin(BasePlugin):
    """Stakes and drawing for Texas Hold'em, Hold'em Bonus and three-card poker."""

    game = "holdem"  # also registered for holdem_bonus and three_card

    def ask_stakes(
        self, term: Terminal, profile: HouseProfile, limits: Limits, player: str, chips: int
    ) -> tuple[BoxStake, ...]:
        table = profile.table
        chosen = term.ask_boxes(table.boxes, dark=table.dark_boxes_per_player > 0)
        alone = any(b.without_ante for b in profile.side_bets)
        result: list[BoxStake] = []
        last = limits.min_stake
        for box, dark in chosen:
            name = f"Box {box}{' (dark)' if dark else ''}"
            stakes: dict[str, int] = {}
            low = limits.min_stake
            ante = term.ask_money(
                f"{name}: ANTE", low, limits.max_stake, last, zero=alone and not dark
            )
            if ante:
                stakes["ante"] = last = ante
            for bet in profile.side_bets:
                if dark and not bet.on_dark:
                    continue
                floor = 1 if ante else low
                amount = term.ask_money(
                    f"{name}: {_line(bet.line)}", floor, limits.max_stake, 0, zero=True
                )
                if amount:
                    stakes[bet.line] = amount
            prebuy = []
            if dark:
                for line in profile.dark_preset:
                    street = next(s for s in profile.streets if s.line == line)
                    price = format_money(antes(street.antes, ante))
                    if term.ask_yes(f"{name}: pre-set the {_line(line)} bet, {price}"):
                        prebuy.append(line)
            result.append(BoxStake(box, player, stakes, dark=dark, prebuy=tuple(prebuy)))
        return tuple(result)

    def table(self, term: Terminal, profile: HouseProfile, view: JSON) -> RenderableType:
        uni = term.unicode
        grid = Table(box=None, show_header=False, pad_edge=False)
        grid.add_column("who", no_wrap=True)
        grid.add_column("cards", no_wrap=True)
        grid.add_column("notes")
        if profile.board_cards:
            turned = view["board"]
            hidden = profile.board_cards - len(turned)
            grid.add_row(
                Text("Board", style="bold"),
                Text.from_markup(cards_markup(turned, hidden=hidden, unicode=uni)),
                "",
            )
        dealer = view["dealer"]
        shown = dealer.get("cards", [])
        grid.add_row(
            Text("Dealer", style="bold"),
            Text.from_markup(cards_markup(shown, hidden=dealer["count"] - len(shown), unicode=uni)),
            "",
        )
        for box in view["boxes"]:
            cards = box.get("cards", [])
            notes = [f"ANTE {format_money(box['ante'])}"] if box["ante"] else []
            notes += [
                f"{_line(line)} {format_money(amount)}"
                for line, amount in {**box["side_bets"], **box["stakes"]}.items()
                if amount
            ]
            if box["folded"]:
                notes.append("folded")
            who = f"Box {box['box']}" + (" dark" if box["dark"] else f" {box['player']}")
            grid.add_row(
                who,
                Text.from_markup(
                    cards_markup(cards, hidden=box["card_count"] - len(cards), unicode=uni)
                ),
                Text(" · ".join(notes), style="dim"),
            )
        return grid

    def summary(self, profile: HouseProfile) -> dict[str, str]:
        streets = "; ".join(
            f"{when}: {s.verbs[0]} {fraction_text(s.antes)} ANTE or {s.verbs[1]}"
            for when, s in zip(_street_names(profile), profile.streets, strict=True)
        )
        floor = profile.dealer_floor
        sides = ", ".join(
            _line(b.line) + (" (without an ANTE too)" if b.without_ante else "")
            for b in profile.side_bets
        )
        table = profile.table
        boxes = f"{table.boxes} at the table; {table.light_boxes_per_player} light per player"
        if table.several_light.max_boxes > 1:
            boxes += f" (up to {table.several_light.max_boxes})"
        if table.dark_boxes_per_player:
            boxes += f"; up to {table.dark_boxes_per_player} dark"
        return {
            "cards": f"{profile.hole_cards} each"
            + (f", {profile.board_cards} on the board" if profile.board_cards else ""),
            "boxes": boxes,
            "streets": streets,
            "dealer qualifies with": floor.describe() if floor else "always plays",
            "side bets": sides or "none",
        }

    def details(self, profile: HouseProfile) -> list[RenderableType]:
        settings = {"game": profile.game, "source": profile.source, **self.summary(profile)}
        result: list[RenderableType] = [settings_table(settings, f"{profile.name} ({profile.id})")]
        for title, pays in (
            (
                "ANTE pay table (the box beats the dealer, or the dealer has no game)",
                profile.ante_pays,
            ),
            ("ANTE bonus (whatever the dealer holds)", profile.ante_bonus),
        ):
            if pays:
                result.append(pay_table(title, {c.label: n for c, n in pays.items()}))
        for bet in profile.side_bets:
            rows = {c.label: n for c, n in bet.pays.items()}
            rows.update(
                {
                    " ".join(sorted(h.box))
                    + (f" (dealer {' '.join(sorted(h.dealer))})" if h.dealer else ""): h.pays
                    for h in bet.hands
                }
            )
            floor = f", from {bet.lowest.describe()}" if bet.lowest else ""
            result.append(pay_table(f"{_line(bet.line)} pay table{floor}", rows))
        return result
