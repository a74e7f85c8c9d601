"""The stud rule profile: every setting of RULES.md §1 as one frozen value.

The engine reads these fields and never a profile's name, so a casino adds a
variant by writing a TOML file (``src/croupier/profiles/*.toml``), whose shape
the models below give (``croupier profiles --schema stud``). Prices are
exact fractions of the ANTE (``"1.5"`` or ``"3/2"``), turned into money by
:func:`antes`, which rounds down to the minor unit.

>>> from fractions import Fraction
>>> antes(Fraction(3, 2), 1005)
1507
>>> from croupier.profiles import load
>>> p = load("six-card")
>>> p.dealer.qualifies_with.name, p.improve[1].exchange_prices
('PAIR', {1: Fraction(3, 2)})
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import model_validator

from croupier.games.common.antes import antes
from croupier.games.common.seating import Table
from croupier.games.common.settings import (
    Count,
    Exact,
    Field,
    From,
    HandClass,
    Listed,
    Positive,
    Refusal,
    Settings,
    WholeKey,
    category_key,
    validated,
)
from croupier.poker.hand import Category

COMBINATIONS = tuple(Category)[1:]  # ace-king .. royal flush

Deal = Literal["clockwise", "larger_ante_first"]
Decide = Literal["as_dealt", "counter_clockwise"]
NoGame = Literal["ante_to_all", "ante_to_combinations"]
After = Literal["start", "any", "sixth"]
When = Literal["before_show", "after_show"]
AnteOnWin = Literal["paid", "returned"]
Tie = Literal["push", "player"]
Prebuy = Literal["sixth", "buy_game", "insurance"]

CardCount = Annotated[int, WholeKey(1, 5, "a card count must be 1 to 5")]
AnteKey = Annotated[int, WholeKey(0, None, "must map an ANTE to a BONUS, in minor units")]


class Order(Settings):
    """Dealing and decision order. ``deal``: ``clockwise`` (box 1 first) or
    ``larger_ante_first`` ([002]: larger ANTE first, equal antes clockwise);
    ``decide``: ``as_dealt`` or ``counter_clockwise`` ([001]'s exchanges)."""

    deal: Deal = "clockwise"
    decide: Decide = "as_dealt"


class Dealer(Settings):
    qualifies_with: HandClass
    shown_card: Literal["last", "first"] = "last"
    # "ante_to_all": ANTE 1:1, BET back; "ante_to_combinations": [000] §1.5
    no_game: NoGame = "ante_to_all"
    no_game_high_card: bool = False

    @model_validator(mode="after")
    def _high_card_needs_combinations(self) -> Self:
        if self.no_game_high_card and self.no_game != "ante_to_combinations":
            raise Refusal("no_game_high_card", 'needs no_game = "ante_to_combinations"')
        return self


class Settle(Settings):
    """``[settle]``: what counts as a combination and how a box is paid."""

    lowest_combination: HandClass
    ante_on_win: AnteOnWin
    tie: Tie = "push"
    bet_antes: Positive = 2
    second_combination: bool = False

    @model_validator(mode="after")
    def _ace_king_or_pair(self) -> Self:
        if self.lowest_combination not in (Category.ACE_KING, Category.PAIR):
            raise Refusal("lowest_combination", "must be ace_king or pair")
        return self


class ImproveRound(Settings):
    """One improvement round: what a box may do once in it, and the prices.

    ``after`` says when the round is open: ``start`` (the first round),
    ``any`` (something was done in the previous round) or ``sixth`` (the
    previous round bought a 6th card). An exchange discards ``n`` cards for
    ``exchange_prices[n]`` ANTEs and receives ``n`` cards, or
    ``exchange_receive`` when that is set (two for one). A 6th card may be
    bought only holding five; ``sixth_discard`` cards must then be given back.
    """

    after: After = "start"  # a later round's default is "any" (StudProfile fills it in)
    exchange_counts: Annotated[tuple[Annotated[int, Field(ge=1, le=5)], ...], Listed] = ()
    exchange_prices: dict[CardCount, Exact] = Field(default_factory=dict)
    exchange_receive: Count = 0
    sixth: Exact | None = None
    sixth_discard: Count = 0

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        counts = self.exchange_counts
        for n in self.exchange_prices:
            if n not in counts:
                raise Refusal(
                    f"exchange_prices.{n}",
                    f"a price for exchanging {n} cards, which is not allowed",
                )
        for n in counts:
            if n not in self.exchange_prices:
                raise Refusal("exchange_prices", f"no price for exchanging {n} cards")
        receive = self.exchange_receive
        if receive and not counts:
            raise Refusal("exchange_receive", "set, but this round has no exchange")
        if receive and any(receive > n for n in counts):
            raise Refusal("exchange_receive", "cannot receive more cards than are discarded")
        if self.sixth_discard and self.sixth is None:
            raise Refusal("sixth_discard", "set, but this round sells no 6th card")
        if not counts and self.sixth is None:
            raise Refusal("exchange_counts", "the round offers neither an exchange nor a 6th card")
        if list(counts) != sorted(counts):
            return self.model_copy(update={"exchange_counts": tuple(sorted(counts))})
        return self


class BuyGame(Settings):
    """Buying a game from a dealer who has none (§1.6)."""

    when: When
    price: Exact
    drop: Literal["highest", "lowest"]
    compare: bool = True  # False: [000] pays a bought game by the table without comparing
    fee_back_if_not_higher: bool = False  # [000]: dealer had a game and beat or tied the box

    @model_validator(mode="after")
    def _fee_back_before_the_show(self) -> Self:
        if self.fee_back_if_not_higher and self.when != "before_show":
            raise Refusal("fee_back_if_not_higher", "only a game bought before the show can")
        return self


class HandOption(Settings):
    """An option open to a box holding ``min_hand`` or better."""

    min_hand: HandClass
    requires_bonus: bool = False


class Insurance(Settings):
    min_hand: HandClass
    min_antes: Exact = Fraction(1)
    dark_antes: Exact = Fraction(1)


class Bonus(Settings):
    """The BONUS: a ``fee`` ([000], a share of the ANTE the house keeps) or a
    ``side_bet`` ([004], paid by ``pays`` on the first five cards)."""

    kind: Literal["fee", "side_bet"]
    percent: Exact = Fraction(0)
    exceptions: dict[AnteKey, int] = Field(default_factory=dict)
    pays: dict[HandClass, Positive] = Field(default_factory=dict)
    dealer_bonus: bool = False
    on_dark: bool = True

    @model_validator(mode="after")
    def _fee_or_side_bet(self) -> Self:
        if self.kind == "fee" and (self.pays or self.dealer_bonus):
            raise Refusal("pays", "a BONUS fee is kept by the house and pays nothing")
        if self.kind == "side_bet" and not self.pays:
            raise Refusal("pays", "missing: a BONUS side bet needs its pay table")
        if self.kind == "fee" and self.percent == 0:
            raise Refusal("percent", "missing: a BONUS fee is a share of the ANTE")
        return self

    def fee(self, ante: int) -> int:
        """The BONUS stake a box with this ANTE must carry (a ``fee`` bonus)."""
        if ante in self.exceptions:
            return self.exceptions[ante]
        return antes(self.percent / 100, ante)


class Dark(Settings):
    """``[dark]``: what a dark box buys before the deal."""

    prebuy: Annotated[tuple[Prebuy, ...], Listed] = ()


class StudProfile(Settings):
    """A stud profile, shaped like its TOML file; the engines read the flat
    properties (``tie``, ``dark_prebuy``...) as well as the sections."""

    game: Literal["stud"] = "stud"
    id: str
    name: str
    source: str = ""
    table: Table
    order: Order = Order()
    dealer: Dealer
    settle: Settle
    pay_table: dict[HandClass, Positive]
    improve: Annotated[tuple[ImproveRound, ...], Listed] = ()
    reshuffle_discards: bool = False
    buy_game: BuyGame | None = None
    take_half: HandOption | None = None
    protection: HandOption | None = None
    insurance: Insurance | None = None
    bonus: Bonus | None = None
    dark: Dark = Dark()

    # What the API publishes and the math lab hashes, in this order (the shape
    # profiles had before they were read into models).
    PUBLISHED: ClassVar[tuple[str, ...]] = (
        "id", "name", "source", "table", "order", "dealer", "lowest_combination",
        "ante_on_win", "tie", "bet_antes", "second_combination", "pay_table", "improve",
        "reshuffle_discards", "buy_game", "take_half", "protection", "insurance", "bonus",
        "dark_prebuy", "game",
    )  # fmt: skip

    lowest_combination = From[Category]("settle.lowest_combination")
    ante_on_win = From[AnteOnWin]("settle.ante_on_win")
    tie = From[Tie]("settle.tie")
    bet_antes = From[int]("settle.bet_antes")
    second_combination = From[bool]("settle.second_combination")
    dark_prebuy = From[tuple[Prebuy, ...]]("dark.prebuy")

    @property
    def ace_king(self) -> bool:
        """Whether ace-king counts as a combination in this variant."""
        return self.lowest_combination is Category.ACE_KING

    def is_combination(self, category: Category) -> bool:
        return category >= self.lowest_combination

    def pays(self, category: Category) -> int:
        """BET coefficient of a combination (0 for no combination)."""
        return self.pay_table.get(category, 0)

    def sixth_price(self) -> Fraction | None:
        """The price of a 6th card bought in the first round (dark boxes pre-buy at it)."""
        return self.improve[0].sixth if self.improve else None

    @model_validator(mode="before")
    @classmethod
    def _later_rounds_follow(cls, data: Any) -> Any:
        """A round after the first is open after ``any`` action unless it says."""
        rounds = data.get("improve") if isinstance(data, dict) else None
        if isinstance(rounds, list) and any(isinstance(r, dict) for r in rounds[1:]):
            later = [{"after": "any", **r} if isinstance(r, dict) else r for r in rounds[1:]]
            return {**data, "improve": [*rounds[:1], *later]}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        lowest = self.lowest_combination
        if self.dealer.qualifies_with < lowest:
            raise Refusal(
                "dealer.qualifies_with", "below the lowest combination of settle.lowest_combination"
            )
        self._check_pay_table(lowest)
        self._check_rounds()
        for key in ("take_half", "protection"):
            option: HandOption | None = getattr(self, key)
            if option is not None and option.requires_bonus and self.bonus is None:
                raise Refusal(f"{key}.requires_bonus", "set, but the profile has no BONUS")
        if self.insurance is not None and not lowest <= self.insurance.min_hand:
            raise Refusal("insurance.min_hand", "must be a combination")
        self._check_prebuy()
        return self

    def _check_pay_table(self, lowest: Category) -> None:
        for category in COMBINATIONS:
            key = f"pay_table.{category_key(category)}"
            if category < lowest and category in self.pay_table:
                raise Refusal(key, f"is not a combination here (lowest is {category_key(lowest)})")
            if category >= lowest and category not in self.pay_table:
                raise Refusal(key, "missing: the pay table must pay every combination")
        if Category.HIGH_CARD in self.pay_table:
            raise Refusal("pay_table.high_card", "is not a combination")

    @model_validator(mode="after")
    def _pay_table_in_order(self) -> Self:
        """The pay table lowest combination first, however the file lists it."""
        ordered = {c: self.pay_table[c] for c in COMBINATIONS if c in self.pay_table}
        if list(ordered) == list(self.pay_table):
            return self
        return self.model_copy(update={"pay_table": ordered})

    def _check_rounds(self) -> None:
        for i, rnd in enumerate(self.improve):
            if (rnd.after == "start") != (i == 0):
                raise Refusal(f"improve[{i}].after", "only the first round is open from the start")
            if rnd.after == "sixth" and self.improve[i - 1].sixth is None:
                raise Refusal(f"improve[{i}].after", "needs a 6th card in the round before")

    def _check_prebuy(self) -> None:
        sells = {
            "sixth": self.sixth_price() is not None,
            "buy_game": self.buy_game is not None,
            "insurance": self.insurance is not None,
        }
        for item in self.dark_prebuy:
            if not sells[item]:
                raise Refusal("dark.prebuy", f"{item!r} offered, but the profile does not sell it")
        if self.dark_prebuy and self.table.dark_boxes_per_player == 0:
            raise Refusal("dark.prebuy", "set, but the table has no dark boxes")


def parse_profile(data: Mapping[str, Any], where: str) -> StudProfile:
    """Build and check a :class:`StudProfile` from a TOML table."""
    return validated(StudProfile, data, where)
