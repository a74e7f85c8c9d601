"""The stud rule profile: every setting of RULES.md §1 as one frozen value.

The engine reads these fields and never a profile's name, so a casino adds a
variant by writing a TOML file (``src/croupier/profiles/*.toml``). Prices are
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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier.games.common.antes import antes
from croupier.games.common.seating import Table, parse_table
from croupier.games.common.settings import Section as _Section
from croupier.games.common.settings import category as _category
from croupier.games.common.settings import category_key
from croupier.games.common.settings import fraction as _fraction
from croupier.poker.hand import Category

COMBINATIONS = tuple(Category)[1:]  # ace-king .. royal flush


@dataclass(frozen=True, slots=True)
class Order:
    """Dealing and decision order. ``deal``: ``clockwise`` (box 1 first) or
    ``larger_ante_first`` ([002]: larger ANTE first, equal antes clockwise);
    ``decide``: ``as_dealt`` or ``counter_clockwise`` ([001]'s exchanges)."""

    deal: str = "clockwise"
    decide: str = "as_dealt"


@dataclass(frozen=True, slots=True)
class Dealer:
    qualifies_with: Category
    shown_card: str = "last"
    # "ante_to_all": ANTE 1:1, BET back; "ante_to_combinations": [000] §1.5
    no_game: str = "ante_to_all"
    no_game_high_card: bool = False


@dataclass(frozen=True, slots=True)
class ImproveRound:
    """One improvement round: what a box may do once in it, and the prices.

    ``after`` says when the round is open: ``start`` (the first round),
    ``any`` (something was done in the previous round) or ``sixth`` (the
    previous round bought a 6th card). An exchange discards ``n`` cards for
    ``exchange_prices[n]`` ANTEs and receives ``n`` cards, or
    ``exchange_receive`` when that is set (two for one). A 6th card may be
    bought only holding five; ``sixth_discard`` cards must then be given back.
    """

    after: str = "start"
    exchange_counts: tuple[int, ...] = ()
    exchange_prices: Mapping[int, Fraction] = field(default_factory=dict)
    exchange_receive: int = 0
    sixth: Fraction | None = None
    sixth_discard: int = 0


@dataclass(frozen=True, slots=True)
class BuyGame:
    """Buying a game from a dealer who has none (§1.6)."""

    when: str  # "before_show" | "after_show"
    price: Fraction
    drop: str  # "highest" | "lowest"
    compare: bool = True  # False: [000] pays a bought game by the table without comparing
    fee_back_if_not_higher: bool = False  # [000]: dealer had a game and beat or tied the box


@dataclass(frozen=True, slots=True)
class HandOption:
    """An option open to a box holding ``min_hand`` or better."""

    min_hand: Category
    requires_bonus: bool = False


@dataclass(frozen=True, slots=True)
class Insurance:
    min_hand: Category
    min_antes: Fraction = Fraction(1)
    dark_antes: Fraction = Fraction(1)


@dataclass(frozen=True, slots=True)
class Bonus:
    """The BONUS: a ``fee`` ([000], a share of the ANTE the house keeps) or a
    ``side_bet`` ([004], paid by ``pays`` on the first five cards)."""

    kind: str
    percent: Fraction = Fraction(0)
    exceptions: Mapping[int, int] = field(default_factory=dict)
    pays: Mapping[Category, int] = field(default_factory=dict)
    dealer_bonus: bool = False
    on_dark: bool = True

    def fee(self, ante: int) -> int:
        """The BONUS stake a box with this ANTE must carry (a ``fee`` bonus)."""
        if ante in self.exceptions:
            return self.exceptions[ante]
        return antes(self.percent / 100, ante)


@dataclass(frozen=True, slots=True)
class StudProfile:
    id: str
    name: str
    source: str
    table: Table
    order: Order
    dealer: Dealer
    lowest_combination: Category
    ante_on_win: str  # "paid" | "returned"
    tie: str  # "push" | "player"
    bet_antes: int
    second_combination: bool
    pay_table: Mapping[Category, int]
    improve: tuple[ImproveRound, ...]
    reshuffle_discards: bool
    buy_game: BuyGame | None
    take_half: HandOption | None
    protection: HandOption | None
    insurance: Insurance | None
    bonus: Bonus | None
    dark_prebuy: tuple[str, ...]
    game: str = "stud"

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


# ---------------------------------------------------------------- reading TOML


def _counts(section: _Section, key: str) -> dict[int, Any]:
    table = section.raw(key, {})
    if not isinstance(table, Mapping):
        raise section.fail(key, "must be a table of card count = price")
    result: dict[int, Any] = {}
    for count, price in table.items():
        if not str(count).isdigit() or not 1 <= int(count) <= 5:
            raise section.fail(f"{key}.{count}", "a card count must be 1 to 5")
        result[int(count)] = price
    return result


def _improve_round(section: _Section, index: int) -> ImproveRound:
    after = section.str_("after", "start" if index == 0 else "any", ("start", "any", "sixth"))
    if (after == "start") != (index == 0):
        raise section.fail("after", "only the first round is open from the start")
    counts = section.raw("exchange_counts", [])
    if not isinstance(counts, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= 5 for c in counts
    ):
        raise section.fail("exchange_counts", "must be a list of card counts from 1 to 5")
    prices = {
        n: _fraction(p, lambda m, n=n: section.fail(f"exchange_prices.{n}", m))
        for n, p in _counts(section, "exchange_prices").items()
    }
    for n in prices:
        if n not in counts:
            raise section.fail(
                f"exchange_prices.{n}", f"a price for exchanging {n} cards, which is not allowed"
            )
    for n in counts:
        if n not in prices:
            raise section.fail("exchange_prices", f"no price for exchanging {n} cards")
    receive = section.int_("exchange_receive", 0)
    if receive and not counts:
        raise section.fail("exchange_receive", "set, but this round has no exchange")
    if receive and any(receive > n for n in counts):
        raise section.fail("exchange_receive", "cannot receive more cards than are discarded")
    sixth = section.fraction("sixth") if section.has("sixth") else None
    discard = section.int_("sixth_discard", 0)
    if discard and sixth is None:
        raise section.fail("sixth_discard", "set, but this round sells no 6th card")
    if not counts and sixth is None:
        raise section.fail("exchange_counts", "the round offers neither an exchange nor a 6th card")
    section.done()
    return ImproveRound(after, tuple(sorted(counts)), prices, receive, sixth, discard)


def parse_profile(data: Mapping[str, Any], where: str) -> StudProfile:
    """Build and check a :class:`StudProfile` from a TOML table."""
    top = _Section(data, where, "")
    top.str_("game", choices=("stud",))
    pid = top.str_("id")
    name = top.str_("name")
    source = top.str_("source", "")

    table = parse_table(top.section("table"))

    o = top.section("order")
    order = Order(
        o.str_("deal", "clockwise", ("clockwise", "larger_ante_first")),
        o.str_("decide", "as_dealt", ("as_dealt", "counter_clockwise")),
    )
    o.done()

    d = top.section("dealer")
    dealer = Dealer(
        d.category("qualifies_with"),
        d.str_("shown_card", "last", ("last", "first")),
        d.str_("no_game", "ante_to_all", ("ante_to_all", "ante_to_combinations")),
        d.bool_("no_game_high_card", False),
    )
    d.done()
    if dealer.no_game_high_card and dealer.no_game != "ante_to_combinations":
        raise d.fail("no_game_high_card", 'needs no_game = "ante_to_combinations"')

    s = top.section("settle")
    lowest = s.category("lowest_combination")
    if lowest not in (Category.ACE_KING, Category.PAIR):
        raise s.fail("lowest_combination", "must be ace_king or pair")
    settle = (
        s.str_("ante_on_win", choices=("paid", "returned")),
        s.str_("tie", "push", ("push", "player")),
        s.int_("bet_antes", 2, minimum=1),
        s.bool_("second_combination", False),
    )
    s.done()
    if dealer.qualifies_with < lowest:
        raise d.fail("qualifies_with", "below the lowest combination of settle.lowest_combination")

    pt = top.section("pay_table")
    pay_table: dict[Category, int] = {}
    for category in COMBINATIONS:
        key = category_key(category)
        if category < lowest:
            if pt.has(key):
                raise pt.fail(key, f"is not a combination here (lowest is {category_key(lowest)})")
            continue
        if not pt.has(key):
            raise pt.fail(key, "missing: the pay table must pay every combination")
        pay_table[category] = pt.int_(key, minimum=1)
    pt.done()

    rounds_data = top.raw("improve", [])
    if not isinstance(rounds_data, list):
        raise top.fail("improve", "must be a list of rounds ([[improve]])")
    improve = tuple(
        _improve_round(_Section(r, where, f"improve[{i}]"), i) for i, r in enumerate(rounds_data)
    )
    for i, rnd in enumerate(improve[1:], start=1):
        if rnd.after == "sixth" and improve[i - 1].sixth is None:
            raise top.fail(f"improve[{i}].after", "needs a 6th card in the round before")
    reshuffle = top.bool_("reshuffle_discards", False)

    buy: BuyGame | None = None
    if (b := top.optional_section("buy_game")) is not None:
        buy = BuyGame(
            b.str_("when", choices=("before_show", "after_show")),
            b.fraction("price"),
            b.str_("drop", choices=("highest", "lowest")),
            b.bool_("compare", True),
            b.bool_("fee_back_if_not_higher", False),
        )
        b.done()
        if buy.fee_back_if_not_higher and buy.when != "before_show":
            raise b.fail("fee_back_if_not_higher", "only a game bought before the show can")

    def option(key: str) -> HandOption | None:
        sec = top.optional_section(key)
        if sec is None:
            return None
        result = HandOption(sec.category("min_hand"), sec.bool_("requires_bonus", False))
        sec.done()
        return result

    take_half = option("take_half")
    protection = option("protection")

    insurance: Insurance | None = None
    if (ins := top.optional_section("insurance")) is not None:
        insurance = Insurance(
            ins.category("min_hand"),
            ins.fraction("min_antes", "1"),
            ins.fraction("dark_antes", "1"),
        )
        ins.done()
        if not lowest <= insurance.min_hand:
            raise ins.fail("min_hand", "must be a combination")

    bonus: Bonus | None = None
    if (bo := top.optional_section("bonus")) is not None:
        kind = bo.str_("kind", choices=("fee", "side_bet"))
        pays: dict[Category, int] = {}
        for key, value in bo.raw("pays", {}).items():
            cat = _category(key, lambda m, key=key: bo.fail(f"pays.{key}", m))
            if not isinstance(value, int) or value < 1:
                raise bo.fail(f"pays.{key}", "must be a whole number of units won per unit")
            pays[cat] = value
        exceptions: dict[int, int] = {}
        for key, value in bo.raw("exceptions", {}).items():
            if not str(key).isdigit() or not isinstance(value, int):
                raise bo.fail(f"exceptions.{key}", "must map an ANTE to a BONUS, in minor units")
            exceptions[int(key)] = value
        bonus = Bonus(
            kind,
            bo.fraction("percent", "0"),
            exceptions,
            pays,
            bo.bool_("dealer_bonus", False),
            bo.bool_("on_dark", True),
        )
        bo.done()
        if kind == "fee" and (pays or bonus.dealer_bonus):
            raise bo.fail("pays", "a BONUS fee is kept by the house and pays nothing")
        if kind == "side_bet" and not pays:
            raise bo.fail("pays", "missing: a BONUS side bet needs its pay table")
        if kind == "fee" and bonus.percent == 0:
            raise bo.fail("percent", "missing: a BONUS fee is a share of the ANTE")
    for key, opt in (("take_half", take_half), ("protection", protection)):
        if opt is not None and opt.requires_bonus and bonus is None:
            raise top.fail(f"{key}.requires_bonus", "set, but the profile has no BONUS")

    dark = top.section("dark")
    prebuy = dark.raw("prebuy", [])
    if not isinstance(prebuy, list) or not all(isinstance(x, str) for x in prebuy):
        raise dark.fail("prebuy", "must be a list of options")
    needs = {
        "sixth": bool(improve) and improve[0].sixth is not None,
        "buy_game": buy is not None,
        "insurance": insurance is not None,
    }
    for item in prebuy:
        if item not in needs:
            raise dark.fail("prebuy", f"{item!r} is not an option ({', '.join(needs)})")
        if not needs[item]:
            raise dark.fail("prebuy", f"{item!r} offered, but the profile does not sell it")
    dark.done()
    if prebuy and table.dark_boxes_per_player == 0:
        raise dark.fail("prebuy", "set, but the table has no dark boxes")

    top.done()
    return StudProfile(
        id=pid,
        name=name,
        source=source,
        table=table,
        order=order,
        dealer=dealer,
        lowest_combination=lowest,
        ante_on_win=settle[0],
        tie=settle[1],
        bet_antes=settle[2],
        second_combination=settle[3],
        pay_table=pay_table,
        improve=improve,
        reshuffle_discards=reshuffle,
        buy_game=buy,
        take_half=take_half,
        protection=protection,
        insurance=insurance,
        bonus=bonus,
        dark_prebuy=tuple(prebuy),
    )
