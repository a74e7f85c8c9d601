"""The terminal's part of the stud family ("Russian poker"): stakes, the table, cards.

Everything here reads the :class:`~croupier.games.stud.profile.StudProfile`
settings, never a profile's name, so a new stud profile plays in the
terminal and is summed up by ``croupier profiles`` without a line of code.

>>> from croupier.profiles import load
>>> summary = StudPlugin().summary(load("six-card"))
>>> summary["improve"]
'buy a 6th card for 1 ANTE; after a 6th card: exchange 1 card for 1.5 ANTE'
>>> summary["dealer qualifies with"], summary["ties"]
('pair or better', 'push')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from croupier.cards.card import CardError, format_card, parse_card, parse_cards
from croupier.games.base import JSON, BoxStake, LegalAction, Limits
from croupier.games.common.antes import antes
from croupier.games.stud.payout import evaluate
from croupier.games.stud.profile import COMBINATIONS, ImproveRound, StudProfile
from croupier.play.money import format_money
from croupier.play.plugin import BasePlugin
from croupier.play.render import (
    card_markup,
    cards_markup,
    fraction_text,
    pay_table,
    settings_table,
)
from croupier.play.terminal import Refused, Terminal


def ante_text(multiple: Fraction) -> str:
    """A price in ANTEs as a casino writes it: ``1``, ``1.5``, ``2/3``.

    >>> ante_text(Fraction(3, 2)), ante_text(Fraction(1)), ante_text(Fraction(1, 3))
    ('1.5', '1', '1/3')
    """
    return fraction_text(multiple)


def _cards_word(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _counts_text(counts: Sequence[int]) -> str:
    words = [str(n) for n in counts]
    if not words:
        return "none"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def improve_round_text(rnd: ImproveRound) -> str:
    """One improvement round in words, with prices in ANTEs."""
    parts: list[str] = []
    if rnd.exchange_counts:
        prices = {rnd.exchange_prices[n] for n in rnd.exchange_counts}
        if len(prices) == 1:
            n = len(rnd.exchange_counts)
            what = (
                _cards_word(rnd.exchange_counts[0])
                if n == 1
                else (f"{_counts_text(rnd.exchange_counts)} cards")
            )
            text = f"exchange {what} for {ante_text(prices.pop())} ANTE"
        else:
            each = ", ".join(
                f"{_cards_word(n)} for {ante_text(rnd.exchange_prices[n])} ANTE"
                for n in rnd.exchange_counts
            )
            text = f"exchange {each}"
        if rnd.exchange_receive:
            text += f", receiving {rnd.exchange_receive}"
        parts.append(text)
    if rnd.sixth is not None:
        text = f"buy a 6th card for {ante_text(rnd.sixth)} ANTE"
        if rnd.sixth_discard:
            text += f", then give back {rnd.sixth_discard}"
        parts.append(text)
    when = {"start": "", "any": "after improving: ", "sixth": "after a 6th card: "}[rnd.after]
    return when + " or ".join(parts)


class StudPlugin(BasePlugin):
    """Stakes, drawing and card picking for every stud profile."""

    game = "stud"

    # ------------------------------------------------------------ before the deal

    def ask_stakes(
        self, term: Terminal, profile: StudProfile, limits: Limits, player: str, chips: int
    ) -> tuple[BoxStake, ...]:
        table = profile.table
        chosen = term.ask_boxes(table.boxes, dark=table.dark_boxes_per_player > 0)
        top = min(limits.max_stake, chips)
        antes_by_box: dict[int, int] = {}
        same = table.equal_antes_per_player or len(chosen) == 1
        last = limits.min_stake
        for box, dark in chosen:
            if same and antes_by_box:
                antes_by_box[box] = last
                continue
            what = "ANTE" if same else f"Box {box}{' (dark)' if dark else ''}: ANTE"
            last = term.ask_money(what, limits.min_stake, max(top, limits.min_stake), last)
            antes_by_box[box] = last
        return tuple(
            self._box_extras(term, profile, limits, player, box, dark, antes_by_box[box])
            for box, dark in chosen
        )

    @staticmethod
    def _box_extras(
        term: Terminal,
        profile: StudProfile,
        limits: Limits,
        player: str,
        box: int,
        dark: bool,
        ante: int,
    ) -> BoxStake:
        stakes = {"ante": ante}
        name = f"Box {box}{' (dark)' if dark else ''}"
        bonus = profile.bonus
        if bonus is not None and (bonus.on_dark or not dark):
            if bonus.kind == "fee":
                fee = bonus.fee(ante)
                opens = [
                    label
                    for label, option in (
                        ("take half", profile.take_half),
                        ("straight-flush protection", profile.protection),
                    )
                    if option is not None and option.requires_bonus
                ]
                why = f"; opens {' and '.join(opens)}" if opens else ""
                if term.ask_yes(f"{name}: carry the BONUS, {format_money(fee)} (kept{why})"):
                    stakes["bonus"] = fee
            else:
                amount = term.ask_money(f"{name}: player BONUS", 1, limits.max_stake, 0, zero=True)
                if amount:
                    stakes["bonus"] = amount
                if bonus.dealer_bonus:
                    amount = term.ask_money(
                        f"{name}: dealer BONUS", 1, limits.max_stake, 0, zero=True
                    )
                    if amount:
                        stakes["dealer_bonus"] = amount
        prebuy: list[str] = []
        if dark:
            for item in profile.dark_prebuy:
                price = format_money(_prebuy_price(profile, item, ante))
                if term.ask_yes(f"{name}: pre-buy {_PREBUY[item]} for {price}"):
                    prebuy.append(item)
        return BoxStake(box, player, stakes, dark=dark, prebuy=tuple(prebuy))

    # ------------------------------------------------------------ the table

    def table(self, term: Terminal, profile: StudProfile, view: JSON) -> RenderableType:
        """Two lines per box: its cards and hand, then its stakes and state (fits 80
        columns with six cards)."""
        uni = term.unicode
        grid = Table(box=None, pad_edge=False, show_header=False)
        grid.add_column("who", no_wrap=True)
        grid.add_column("cards", no_wrap=True)
        grid.add_column("hand")
        dealer = view["dealer"]
        note = ""
        if "cards" in dealer:
            shown = cards_markup(dealer["cards"], unicode=uni)
            note = evaluate(profile, parse_cards(dealer["cards"])).main.describe()
            if "bought_game" in dealer:
                bought = dealer["bought_game"]
                note += (
                    f"; bought game: drops {card_markup(bought['dropped'], unicode=uni)}, "
                    f"draws {card_markup(bought['drew'], unicode=uni)}"
                )
        elif profile.dealer.shown_card == "last":
            backs = cards_markup([], hidden=dealer["count"] - 1, unicode=uni)
            shown = f"{backs} {card_markup(dealer['shown'], unicode=uni)}"
        else:
            shown = cards_markup([dealer["shown"]], hidden=dealer["count"] - 1, unicode=uni)
        grid.add_row(Text("Dealer", style="bold"), Text.from_markup(shown), Text.from_markup(note))
        for box in view["boxes"]:
            stage = box["stage"]
            hand = ""
            if "cards" in box:
                cards = cards_markup(box["cards"], unicode=uni)
                rank = evaluate(profile, parse_cards(box["cards"]))
                hand = rank.main.describe()
                if rank.second is not None:
                    hand += f" + {rank.second.describe()}"
            else:
                cards = cards_markup([], hidden=box["card_count"], unicode=uni)
            who = f"Box {box['box']}" + (" dark" if box["dark"] else f" {box['player']}")
            grid.add_row(
                Text(who, style="bold" if stage == "deciding" else ""),
                Text.from_markup(cards),
                Text(hand, style="italic"),
            )
            grid.add_row("", "", Text(self._stakes_text(profile, box), style="dim"))
        return grid

    @staticmethod
    def _stakes_text(profile: StudProfile, box: JSON) -> str:
        parts = [f"ANTE {format_money(box['ante'])}"]
        if box["stage"] == "played":
            parts.append(f"BET {format_money(profile.bet_antes * box['ante'])}")
        if box["fees"]:
            parts.append(f"fees {format_money(box['fees'])}")
        if box["insurance"]:
            parts.append(f"insured {format_money(box['insurance'])}")
        if box["took_half"]:
            parts.append("took half")
        if box["bought_game"]:
            parts.append("bought a game")
        if box["stage"] in ("played", "folded"):
            parts.append(box["stage"])
        elif box["stage"] == "discard":
            parts.append("gives back cards")
        return " · ".join(parts)

    # ------------------------------------------------------------ decisions

    def label(self, profile: StudProfile, action: LegalAction) -> str:
        act = action.act
        if act == "exchange":
            counts = action.cards
            text = f"exchange {_counts_text(counts)} card{'s' if counts != (1,) else ''}"
            if action.price is None and action.prices:
                each = ", ".join(
                    f"{_cards_word(n)} {format_money(p)}" for n, p in action.prices.items()
                )
                text += f" ({each})"
            return text
        if act == "discard":
            return f"give back {_cards_word(action.cards[0] if action.cards else 1)}"
        if act == "insure":
            assert action.min_amount is not None and action.max_amount is not None
            span = f"{format_money(action.min_amount)} .. {format_money(action.max_amount)}"
            return f"insure against no game ({span})"
        return _LABELS.get(act, act.replace("_", " "))

    def pick_cards(
        self, term: Terminal, view: JSON, action: LegalAction, typed: Sequence[str]
    ) -> tuple[int, ...] | None:
        held: list[str] = next(
            (b.get("cards", []) for b in view["boxes"] if b["box"] == action.box), []
        )
        cards = tuple(parse_card(c) for c in held)
        counts = action.cards

        def parse(text: str) -> tuple[int, ...]:
            chosen: list[int] = []
            for word in text.replace(",", " ").split():
                if word.isdigit():
                    if not 1 <= int(word) <= len(cards):
                        raise Refused(f"{word}: positions are 1 to {len(cards)}")
                    chosen.append(cards[int(word) - 1])
                else:
                    try:
                        code = parse_card(word)
                    except CardError as error:
                        raise Refused(str(error)) from None
                    if code not in cards:
                        raise Refused(f"{format_card(code)} is not in box {action.box}'s hand")
                    chosen.append(code)
            if len(set(chosen)) != len(chosen):
                raise Refused("the same card is named twice")
            if len(chosen) not in counts:
                raise Refused(f"choose {_counts_text(counts)} card(s), not {len(chosen)}")
            return tuple(chosen)

        if typed:
            try:
                return parse(" ".join(typed))
            except Refused as error:
                term.say(f"[red]{error}[/red]")
        numbered = "  ".join(
            f"{i}:{cards_markup([c], unicode=term.unicode)}" for i, c in enumerate(held, 1)
        )
        term.say(f"  {numbered}")
        verb = "give back" if action.act == "discard" else action.act.replace("_", " ")
        while True:
            answer = term.line(
                f"Cards to {verb}: {_counts_text(counts)} (positions or cards; Enter: back)", ""
            )
            if not answer:
                return None
            try:
                return parse(answer)
            except Refused as error:
                term.say(f"[red]{error}[/red]")

    # ------------------------------------------------------------ croupier profiles

    def summary(self, profile: StudProfile) -> dict[str, str]:
        table, sl = profile.table, profile.table.several_light
        boxes = f"{table.boxes} at the table; {table.light_boxes_per_player} light per player"
        if sl.max_boxes > 1:
            terms = [
                text
                for flag, text in (
                    (sl.adjacent, "adjacent"),
                    (sl.equal_antes, "equal antes"),
                    (sl.min_table_stake, f"table min ≥ {format_money(sl.min_table_stake)}"),
                    (sl.alone_at_table, "alone at the table"),
                    (
                        sl.forbid_exchange,
                        "no exchange of " + _counts_text([int(n) for n in sl.forbid_exchange]),
                    ),
                )
                if flag
            ]
            boxes += f" (up to {sl.max_boxes}: {', '.join(terms)})"
        boxes += (
            f"; up to {table.dark_boxes_per_player} dark"
            if table.dark_boxes_per_player
            else "; no dark"
        )
        improve = "; ".join(improve_round_text(r) for r in profile.improve) or "none"
        return {
            "boxes": boxes,
            "dealer qualifies with": f"{profile.dealer.qualifies_with.label} or better",
            "improve": improve,
            "ANTE on a win": "paid 1:1" if profile.ante_on_win == "paid" else "returned",
            "ties": "push" if profile.tie == "push" else "the player wins",
            "options": "; ".join(self._options(profile)) or "none",
        }

    @staticmethod
    def _options(profile: StudProfile) -> list[str]:
        opts: list[str] = []
        if profile.dealer.no_game == "ante_to_combinations":
            opts.append(
                "no game: ANTE 1:1 only to combinations"
                + (", high cards compared" if profile.dealer.no_game_high_card else "")
            )
        if profile.second_combination:
            opts.append("second combination paid")
        if profile.reshuffle_discards:
            opts.append("discards shuffled back")
        if profile.insurance is not None:
            opts.append(f"insurance with {profile.insurance.min_hand.label} or better")
        if (buy := profile.buy_game) is not None:
            when = "before the show" if buy.when == "before_show" else "after a no-game show"
            opts.append(
                f"buy a game {when} for {ante_text(buy.price)} ANTE "
                f"(dealer drops its {buy.drop} card"
                + ("; paid without comparing" if not buy.compare else "")
                + ")"
            )
        if (half := profile.take_half) is not None:
            opts.append(
                f"take half with {half.min_hand.label} or better"
                + (" (BONUS)" if half.requires_bonus else "")
            )
        if (prot := profile.protection) is not None:
            opts.append(
                f"{prot.min_hand.label} protection" + (" (BONUS)" if prot.requires_bonus else "")
            )
        if (bonus := profile.bonus) is not None:
            if bonus.kind == "fee":
                opts.append(f"BONUS fee {ante_text(bonus.percent)} % of ANTE, kept")
            else:
                opts.append("player BONUS" + (" and dealer BONUS" if bonus.dealer_bonus else ""))
        if profile.dark_prebuy:
            opts.append("dark pre-buy: " + ", ".join(_PREBUY[p] for p in profile.dark_prebuy))
        if profile.order.decide == "counter_clockwise":
            opts.append("decisions right to left")
        if profile.order.deal == "larger_ante_first":
            opts.append("larger ANTE acts first")
        return opts

    def details(self, profile: StudProfile) -> list[RenderableType]:
        rows = {
            "game": profile.game,
            "source": profile.source,
            **self.summary(profile),
            "BET": f"{profile.bet_antes} ANTE",
        }
        pays = {c.label: profile.pay_table[c] for c in COMBINATIONS if c in profile.pay_table}
        result: list[RenderableType] = [
            settings_table(rows, f"{profile.name} ({profile.id})"),
            pay_table("BET pay table", pays),
        ]
        if profile.bonus is not None and profile.bonus.pays:
            bonus = {c.label: pay for c, pay in sorted(profile.bonus.pays.items())}
            result.append(pay_table("BONUS pay table (first five cards)", bonus))
        return result


_LABELS = {
    "buy_sixth": "buy a 6th card",
    "stand": "stand: improve no more",
    "play": "play: place the BET",
    "fold": "fold: lose the ANTE",
    "take_half": "take half of the win now and leave the round",
    "buy_game": "buy a game from the dealer",
    "take_ante": "take the ANTE 1:1",
}

_PREBUY = {
    "sixth": "a 6th card",
    "insurance": "insurance",
    "buy_game": "a game from the dealer",
}


def _prebuy_price(profile: StudProfile, item: str, ante: int) -> int:
    """What a dark box pays before the deal for a pre-bought option."""
    if item == "sixth":
        price = profile.sixth_price()
    elif item == "insurance":
        price = profile.insurance.dark_antes if profile.insurance else None
    else:
        price = profile.buy_game.price if profile.buy_game else None
    return 0 if price is None else antes(price, ante)
