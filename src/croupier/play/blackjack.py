"""The terminal's part of blackjack: stakes (and 21+3) per box, hands drawn with totals.

Blackjack's decisions (hit, stand, double, split, surrender, insurance, even
money) are ordinary actions of the session's menu; an insurance stake is an
amount, which :class:`~croupier.play.plugin.BasePlugin` asks for. Each
round is dealt from a freshly shuffled shoe (what ``croupier replay`` deals
from a seed), so every round is provably fair on its own.

>>> from croupier.profiles import load
>>> s = BlackjackPlugin().summary(load("blackjack"))
>>> s["dealer"], s["blackjack pays"]
('stands on all 17', '3:2')
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from croupier.games.base import JSON, BoxStake, LegalAction, Limits
from croupier.games.blackjack.profile import BlackjackProfile
from croupier.play.money import format_money
from croupier.play.plugin import BasePlugin
from croupier.play.render import cards_markup, odds_text, pay_table, settings_table
from croupier.play.terminal import Terminal

_LABELS = {
    "hit": "hit: one more card",
    "stand": "stand",
    "double": "double: double the stake, one card only",
    "split": "split into two hands",
    "surrender": "surrender: half the stake back",
    "even_money": "even money: paid 1:1 now",
}

_DOUBLE_ON = {
    "any_two": "any first two cards",
    "nine_to_eleven": "9, 10 or 11",
    "ten_or_eleven": "10 or 11",
}
_SURRENDER = {"none": "no", "not_against_ace": "yes, not against an ace", "any": "yes"}


class BlackjackPlugin(BasePlugin):
    """Stakes and drawing for blackjack profiles."""

    game = "blackjack"

    def ask_stakes(
        self, term: Terminal, profile: BlackjackProfile, limits: Limits, player: str, chips: int
    ) -> tuple[BoxStake, ...]:
        chosen = term.ask_boxes(profile.table.boxes, dark=False)
        result: list[BoxStake] = []
        last = limits.min_stake
        for box, _ in chosen:
            last = term.ask_money(f"Box {box}: stake", limits.min_stake, limits.max_stake, last)
            stakes = {"stake": last}
            side = term.ask_money(
                f"Box {box}: 21+3", limits.min_stake, limits.max_stake, 0, zero=True
            )
            if side:
                stakes["twenty_one_plus_three"] = side
            result.append(BoxStake(box, player, stakes))
        return tuple(result)

    def table(self, term: Terminal, profile: BlackjackProfile, view: JSON) -> RenderableType:
        uni = term.unicode
        turn = view.get("to_act") or {}
        grid = Table(box=None, show_header=False, pad_edge=False)
        grid.add_column("who", no_wrap=True)
        grid.add_column("cards", no_wrap=True)
        grid.add_column("total")
        dealer = view["dealer"]
        grid.add_row(
            Text("Dealer", style="bold"),
            Text.from_markup(cards_markup(dealer["cards"], unicode=uni)),
            str(dealer["total"]),
        )
        for box in view["boxes"]:
            for i, hand in enumerate(box["hands"]):
                who = f"Box {box['box']}" + (f" hand {i + 1}" if len(box["hands"]) > 1 else "")
                now = turn.get("box") == box["box"] and turn.get("hand") == i
                notes = [f"{hand['total']}", f"stake {format_money(hand['stake'])}"]
                notes += [flag.replace("_", " ") for flag in _FLAGS if hand[flag]]
                grid.add_row(
                    Text(who, style="bold" if now else ""),
                    Text.from_markup(cards_markup(hand["cards"], unicode=uni)),
                    Text(" · ".join(notes)),
                )
            extras = []
            if box["twenty_one_plus_three"]:
                extras.append(f"21+3 {format_money(box['twenty_one_plus_three'])}")
            if box["insurance"]:
                extras.append(f"insurance {format_money(box['insurance'])}")
            if extras:
                grid.add_row("", "", Text(" · ".join(extras), style="dim"))
        return grid

    def label(self, profile: BlackjackProfile, action: LegalAction) -> str:
        if action.act == "insurance":
            return "insurance against a dealer blackjack"
        text = _LABELS.get(action.act, super().label(profile, action))
        return f"hand {action.hand + 1}, {text}" if action.hand else text

    def summary(self, profile: BlackjackProfile) -> dict[str, str]:
        split = profile.split
        return {
            "shoe": f"{profile.shoe.decks} decks, cut card {profile.shoe.cut_card} from the end",
            "dealer": "hits soft 17" if profile.dealer_hits_soft_17 else "stands on all 17",
            "blackjack pays": odds_text(profile.blackjack_pays),
            "double": _DOUBLE_ON[profile.double_on]
            + ("; after a split too" if split.double_after_split else ""),
            "split": f"up to {split.max_hands} hands"
            + (", by value" if split.by_value else ", same rank only")
            + ("" if split.resplit_aces else ", aces once"),
            "surrender": _SURRENDER[profile.surrender],
            "insurance": f"from {format_money(profile.insurance.minimum)}, pays "
            f"{odds_text(profile.insurance.pays)}"
            + (
                "; even money also against a ten"
                if profile.insurance.even_money_against_ten
                else ""
            ),
        }

    def details(self, profile: BlackjackProfile) -> list[RenderableType]:
        rows = {"source": profile.source, **self.summary(profile)}
        side = {name.replace("_", " "): n for name, n in profile.twenty_one_plus_three.items()}
        return [
            settings_table(rows, f"{profile.name} ({profile.id})"),
            pay_table("21+3 pay table", side),
        ]


_FLAGS = ("doubled", "surrendered", "even_money")
