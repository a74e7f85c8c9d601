"""Drawing what every game shares: cards, money and a settlement.

Cards arrive as text from an engine's projection (``"As"``); they are drawn
with suit symbols (red hearts and diamonds) where the terminal can print
them, and as the plain two letters elsewhere. A card the viewer may not see
is drawn as a back, ``▒▒`` (``##`` without Unicode), never as its value.

>>> cards_markup(["As", "Th"], unicode=True)
'A♠ [red]T♥[/red]'
>>> cards_markup(["As"], hidden=2, unicode=False)
'As ## ##'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from croupier.cards.card import CardError, format_card, parse_card, suit_of
from croupier.games.base import BoxSettlement, HandResult, Settlement
from croupier.play.money import format_money

RED_SUITS = (1, 2)  # diamonds, hearts


def fraction_text(value: Fraction) -> str:
    """An exact fraction as a casino writes it: ``1``, ``1.5``, ``0.05``, ``2/3``."""
    if value.denominator == 1:
        return str(value.numerator)
    if 10**6 % value.denominator == 0:
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


def odds_text(value: Fraction) -> str:
    """Winnings to the stake as a casino writes them: ``3:2``, ``8:1``."""
    return f"{value.numerator}:{value.denominator}"


def settings_table(rows: Mapping[str, str], title: str | None = None) -> Table:
    """A profile's settings as ``croupier profiles ID`` shows them: setting, value."""
    table = Table(title=title, show_header=False)
    table.add_column("setting", style="bold")
    table.add_column("value")
    for key, value in rows.items():
        table.add_row(key, value)
    return table


def pay_table(title: str, rows: Mapping[str, int]) -> Table:
    """A pay table: each hand and what it pays to one."""
    table = Table(title=title)
    table.add_column("hand")
    table.add_column("pays", justify="right")
    for hand, pays in rows.items():
        table.add_row(hand, f"{pays}:1")
    return table


def card_markup(text: str, *, unicode: bool) -> str:
    """One card; anything that is not a card (a roulette pocket) is shown as it is."""
    try:
        code = parse_card(text)
    except CardError:
        return escape(text)
    shown = format_card(code, unicode=unicode)
    return f"[red]{shown}[/red]" if unicode and suit_of(code) in RED_SUITS else shown


def cards_markup(cards: Sequence[str], *, hidden: int = 0, unicode: bool) -> str:
    """Cards face up, then ``hidden`` card backs."""
    back = "▒▒" if unicode else "##"
    return " ".join([*(card_markup(c, unicode=unicode) for c in cards), *[back] * hidden])


def hand_text(hand: HandResult, *, unicode: bool) -> str:
    return f"{hand.name}: {cards_markup(hand.cards, unicode=unicode)}  [i]{hand.description}[/i]"


def money_cell(minor: int, *, sign: bool = False) -> Text:
    style = "green" if sign and minor > 0 else "red" if sign and minor < 0 else ""
    return Text(format_money(minor, sign=sign), style=style, justify="right")


def box_settlement(box: BoxSettlement, *, unicode: bool) -> RenderableType:
    """One box's stake lines: staked, paid back, net; and the hands it was settled on."""
    lines = Table(box=None)
    lines.add_column("stake")
    lines.add_column("staked", justify="right")
    lines.add_column("paid back", justify="right")
    lines.add_column("net", justify="right")
    lines.add_column("")
    for line in box.lines:
        lines.add_row(
            line.line,
            money_cell(line.staked),
            money_cell(line.returned),
            money_cell(line.net, sign=True),
            Text(line.note, style="dim"),
        )
    lines.add_row(
        Text("box net", style="bold"),
        money_cell(box.staked),
        money_cell(box.returned),
        money_cell(box.net, sign=True),
        "",
    )
    title = Text(f"Box {box.box}: {box.outcome or 'settled'}", style="bold")
    hands = [Text.from_markup("  " + hand_text(h, unicode=unicode)) for h in box.hands]
    return Group(title, *hands, lines)


def settlement(result: Settlement, player: str, *, unicode: bool) -> RenderableType:
    """The dealer's hand(s) and every box of ``player``, settled separately."""
    parts: list[RenderableType] = [
        Text.from_markup(hand_text(h, unicode=unicode)) for h in result.dealer
    ]
    qualifies = result.details.get("dealer_qualifies")
    if qualifies is not None:
        parts.append(Text("the dealer has a game" if qualifies else "the dealer has no game"))
    parts.extend(box_settlement(b, unicode=unicode) for b in result.boxes if b.player == player)
    return Group(*parts)
