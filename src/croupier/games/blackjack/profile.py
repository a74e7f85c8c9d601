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
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal

from croupier.games.blackjack.hand import BONUS_COMBINATIONS
from croupier.games.common.seating import Table
from croupier.games.common.settings import Exact, From, NamedCounts, Positive, Settings, validated
from croupier.games.common.shoe import ShoeRules

Surrender = Literal["none", "not_against_ace", "any"]
DoubleOn = Literal["any_two", "nine_to_eleven", "ten_or_eleven"]


class SplitRules(Settings):
    max_hands: Positive  # "не более трех раз": three splits, four hands
    resplit_aces: bool
    by_value: bool  # "одинаковое значение": K and 10 may be split
    double_after_split: bool


class InsuranceRules(Settings):
    minimum: Positive  # minor units ("не менее 50")
    pays: Exact
    even_money_against_ten: bool  # [004]: even money also against a ten-value card


class BlackjackDealer(Settings):
    hits_soft_17: bool


class BlackjackPays(Settings):
    blackjack: Exact


class BlackjackProfile(Settings):
    """A blackjack profile, shaped like its TOML file."""

    game: Literal["blackjack"] = "blackjack"
    id: str
    name: str
    source: str = ""
    surrender: Surrender
    double_on: DoubleOn
    shoe: ShoeRules
    table: Table
    dealer: BlackjackDealer
    pays: BlackjackPays
    split: SplitRules
    insurance: InsuranceRules
    # combination -> winnings to one
    twenty_one_plus_three: Annotated[dict[str, int], NamedCounts(BONUS_COMBINATIONS)]

    # What the API publishes, in this order (the shape profiles had before).
    PUBLISHED: ClassVar[tuple[str, ...]] = (
        "id", "name", "source", "shoe", "table", "dealer_hits_soft_17", "blackjack_pays",
        "surrender", "double_on", "split", "insurance", "twenty_one_plus_three", "game",
    )  # fmt: skip

    dealer_hits_soft_17 = From[bool]("dealer.hits_soft_17")
    blackjack_pays = From[Fraction]("pays.blackjack")

    def may_double_on(self, hard: int) -> bool:
        """Whether two cards counting ``hard`` (aces as 1) may be doubled."""
        if self.double_on == "nine_to_eleven":
            return 9 <= hard <= 11
        if self.double_on == "ten_or_eleven":
            return hard in (10, 11)
        return True


def parse_profile(data: Mapping[str, Any], where: str) -> BlackjackProfile:
    return validated(BlackjackProfile, data, where)
