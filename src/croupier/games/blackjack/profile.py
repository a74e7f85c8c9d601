"""The blackjack rule profile: the knobs casinos vary, as one frozen value.

Decks and cut card, soft 17, surrender, doubling, splitting, insurance and
the pay tables are all fields; the engine reads them and never a profile's
name. Payouts are exact fractions, paid rounded down to the minor unit.

>>> from croupier.profiles import load
>>> p = load("blackjack")
>>> p.shoe.decks, p.dealer_hits_soft_17, p.blackjack_pays, p.split.max_hands, p.surrender
(6, False, Fraction(3, 2), 4, 'not_against_ace')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.games.blackjack.hand import BONUS_COMBINATIONS
from croupier.games.common.seating import Table, parse_table
from croupier.games.common.settings import Section
from croupier.games.common.shoe import ShoeRules, parse_shoe

SURRENDER = ("none", "not_against_ace", "any")
DOUBLE_ON = ("any_two", "nine_to_eleven", "ten_or_eleven")


@dataclass(frozen=True, slots=True)
class SplitRules:
    max_hands: int = 4  # "не более трех раз": three splits, four hands
    resplit_aces: bool = True
    by_value: bool = True  # "одинаковое значение": K and 10 may be split
    double_after_split: bool = True


@dataclass(frozen=True, slots=True)
class InsuranceRules:
    minimum: int  # minor units ("не менее 50")
    pays: Fraction = Fraction(2)
    even_money_against_ten: bool = True  # [004]: even money also against a ten-value card


@dataclass(frozen=True, slots=True)
class BlackjackProfile:
    id: str
    name: str
    source: str
    shoe: ShoeRules
    table: Table
    dealer_hits_soft_17: bool
    blackjack_pays: Fraction
    surrender: str  # none | not_against_ace | any
    double_on: str  # any_two | nine_to_eleven | ten_or_eleven
    split: SplitRules
    insurance: InsuranceRules
    twenty_one_plus_three: Mapping[str, int]  # combination -> winnings to one
    game: str = "blackjack"

    def may_double_on(self, hard: int) -> bool:
        """Whether two cards counting ``hard`` (aces as 1) may be doubled."""
        if self.double_on == "nine_to_eleven":
            return 9 <= hard <= 11
        if self.double_on == "ten_or_eleven":
            return hard in (10, 11)
        return True


def parse_profile(data: Mapping[str, Any], where: str) -> BlackjackProfile:
    top = Section(data, where, "")
    top.str_("game")
    dealer, pays, split, ins, bonus = (
        top.section(k) for k in ("dealer", "pays", "split", "insurance", "twenty_one_plus_three")
    )
    profile = BlackjackProfile(
        id=top.str_("id"),
        name=top.str_("name"),
        source=top.str_("source", ""),
        shoe=parse_shoe(top.section("shoe")),
        table=parse_table(top.section("table")),
        dealer_hits_soft_17=dealer.bool_("hits_soft_17"),
        blackjack_pays=pays.fraction("blackjack"),
        surrender=top.str_("surrender", choices=SURRENDER),
        double_on=top.str_("double_on", choices=DOUBLE_ON),
        split=SplitRules(
            split.int_("max_hands", minimum=1),
            split.bool_("resplit_aces"),
            split.bool_("by_value"),
            split.bool_("double_after_split"),
        ),
        insurance=InsuranceRules(
            ins.int_("minimum", minimum=1),
            ins.fraction("pays"),
            ins.bool_("even_money_against_ten"),
        ),
        twenty_one_plus_three={k: bonus.int_(k, minimum=1) for k in BONUS_COMBINATIONS},
    )
    for section in (dealer, pays, split, ins, bonus, top):
        section.done()
    return profile
