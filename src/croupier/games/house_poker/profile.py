"""The house-banked poker profile: RULES.md §2.1-2.3 as one frozen value.

Texas Hold'em poker, Texas Hold'em Bonus poker and three-card poker are one
shape: every box and the dealer get their own cards, the box decides street
by street (fold or play, then perhaps bet or check) while board cards are
turned, the dealer shows, maybe has to qualify, and the box's stakes are paid
by its final hand. What differs is data, read from a TOML profile
(``src/croupier/profiles/{texas-holdem,texas-holdem-bonus,three-card}*.toml``):
how many hole and board cards, which ranking, the streets, the dealer's
qualifying hand, the ANTE table, the ANTE bonus, and the side bets.

>>> from croupier.profiles import load
>>> p = load("texas-holdem")
>>> [(s.line, s.board_before, str(s.antes), s.decision) for s in p.streets]
[('bet', 3, '2', 'play_or_fold')]
>>> p.dealer_floor.describe(), p.ante_pays[Category.FLUSH]
('pair of fours', 2)
>>> q = load("texas-holdem-bonus")
>>> [s.verbs for s in q.streets], q.dealer_floor
([('play', 'fold'), ('bet', 'check'), ('bet', 'check')], None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.cards.card import RANKS
from croupier.games.common.seating import Table, parse_table
from croupier.games.common.settings import Section, category, category_key
from croupier.poker.hand import Category
from croupier.poker.three import THREE_CARD_ORDER

GAMES = ("holdem", "holdem_bonus", "three_card")
RANKINGS = ("best_five", "three_card")
DECISIONS = {"play_or_fold": ("play", "fold"), "bet_or_check": ("bet", "check")}
SIDE_CARDS = ("box", "box_and_flop", "hole_cards")
# How a played box's ANTE is paid ([ante] paid = ...):
# * "by_table_on_a_win": by the ANTE table, only when the box beats the dealer or the
#   dealer has no game (Texas Hold'em, Hold'em Bonus, and three-card poker as seed [004]
#   says it);
# * "even_money_plus_bonus": 1:1 in those cases, plus the ANTE bonus table on a played box
#   whatever the dealer holds (world-standard three-card poker, which published analyses
#   describe).
ANTE_PAID = ("by_table_on_a_win", "even_money_plus_bonus")
_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")  # fmt: skip
_PLURAL = {"six": "sixes"}


def classes(ranking: str) -> tuple[Category, ...]:
    """The hand classes of a ranking, lowest first (three-card poker has its own order)."""
    if ranking == "three_card":
        return THREE_CARD_ORDER
    return tuple(c for c in Category if c is not Category.ACE_KING)


@dataclass(frozen=True, slots=True)
class HandFloor:
    """The lowest hand that counts: a class, and the least rank of its top card
    (the pair of a pair, the highest card of a high card): "pair of fours",
    "queen high", "pair of aces"."""

    category: Category
    rank: int = 0

    def describe(self) -> str:
        name = _RANK_NAMES[self.rank]
        if self.category is Category.HIGH_CARD:
            return f"{name} high"
        if self.category is Category.PAIR:
            return f"pair of {_PLURAL.get(name, name + 's')}"
        return self.category.label + (f", {name} high" if self.rank else "")


@dataclass(frozen=True, slots=True)
class Street:
    """One decision of every box still in play. ``board_before`` board cards
    are turned first; then a box either stakes ``antes`` x ANTE on ``line`` or
    not: ``play_or_fold`` (not staking folds the box) or ``bet_or_check``."""

    line: str
    antes: Fraction
    decision: str
    board_before: int = 0

    @property
    def verbs(self) -> tuple[str, str]:
        """The stake verb and the other one (``play``/``fold``, ``bet``/``check``)."""
        return DECISIONS[self.decision]


@dataclass(frozen=True, slots=True)
class StartingHands:
    """One line of a two-card pay table: the box's hole cards (``AKs``, ``22``
    ...) and, for a top prize, what the dealer must hold too."""

    box: frozenset[str]
    dealer: frozenset[str]
    pays: int


@dataclass(frozen=True, slots=True)
class SideBet:
    """A side stake (BONUS, PAIR PLUS) paid on cards alone, whatever the dealer
    holds and whether the box played: by hand class (``pays``) from ``lowest``
    up, or by starting hands (``hands``)."""

    line: str
    cards: str  # "box" (the box's own cards), "box_and_flop", "hole_cards"
    pays: Mapping[Category, int]
    hands: tuple[StartingHands, ...] = ()
    lowest: HandFloor | None = None
    on_dark: bool = True
    without_ante: bool = False


@dataclass(frozen=True, slots=True)
class HouseProfile:
    id: str
    name: str
    source: str
    game: str
    table: Table
    hole_cards: int
    board_cards: int
    ranking: str
    streets: tuple[Street, ...]
    dealer_floor: HandFloor | None  # None: the dealer always plays (Hold'em Bonus)
    ante_paid: str  # one of ANTE_PAID
    ante_pays: Mapping[Category, int]  # a winning ANTE's coefficient; a class not here: returned
    ante_bonus: Mapping[Category, int]  # paid on a played box's ANTE whatever the dealer holds
    side_bets: tuple[SideBet, ...]
    dark_preset: tuple[str, ...]  # bet_or_check lines a dark box may stake before the deal

    def side_bet(self, line: str) -> SideBet | None:
        return next((s for s in self.side_bets if s.line == line), None)

    @property
    def stake_lines(self) -> tuple[str, ...]:
        """Every stake a box may put up before the deal."""
        return ("ante", *(s.line for s in self.side_bets))


# ---------------------------------------------------------------- reading TOML


def _rank(text: Any, fail: Any) -> int:
    if not isinstance(text, str) or len(text) != 1 or text.upper() not in RANKS:
        raise fail(f"{text!r} is not a rank ({' '.join(RANKS)})")
    return RANKS.index(text.upper())


def _floor(section: Section, ranking: str) -> HandFloor:
    cat = section.category("class")
    if cat not in classes(ranking):
        raise section.fail("class", f"{category_key(cat)} is not a hand of this ranking")
    rank = _rank(section.raw("rank", "2"), lambda m: section.fail("rank", m))
    section.done()
    return HandFloor(cat, rank)


def _class_table(section: Section, ranking: str, minimum: int = 1) -> dict[Category, int]:
    allowed = classes(ranking)
    table: dict[Category, int] = {}
    for key in list(section.data):
        cat = category(key, lambda m, key=key: section.fail(key, m))
        if cat not in allowed:
            raise section.fail(key, "is not a hand of this ranking")
        table[cat] = section.int_(key, minimum=minimum)
    section.done()
    return table


def starting_hands(text: str) -> frozenset[str]:
    """Two-card hands written as poker players do: ``AKs`` (suited), ``AKo``
    (offsuit), ``AK`` (either), ``TT``, or a run of pairs ``22-TT``.

    >>> sorted(starting_hands("JJ-KK")), sorted(starting_hands("AQ"))
    (['JJ', 'KK', 'QQ'], ['AQo', 'AQs'])
    """
    text = text.strip()
    if "-" in text:
        low, _, high = text.partition("-")
        if len(low) != 2 or len(high) != 2 or low[0] != low[1] or high[0] != high[1]:
            raise ValueError(f"{text!r}: a run is of pairs, like 22-TT")
        a, b = RANKS.index(low[0]), RANKS.index(high[0])
        if a > b:
            raise ValueError(f"{text!r}: a run goes from the lower pair up")
        return frozenset(RANKS[r] * 2 for r in range(a, b + 1))
    if len(text) not in (2, 3) or any(c not in RANKS for c in text[:2]):
        raise ValueError(f"{text!r} is not a two-card hand like AKs, AKo, AK or TT")
    high, low = sorted(text[:2], key=RANKS.index, reverse=True)
    if high == low:
        if len(text) == 3:
            raise ValueError(f"{text!r}: a pair is neither suited nor offsuit")
        return frozenset({high + low})
    kinds = ("s", "o") if len(text) == 2 else (text[2],)
    if not set(kinds) <= {"s", "o"}:
        raise ValueError(f"{text!r}: the third letter is s (suited) or o (offsuit)")
    return frozenset(high + low + k for k in kinds)


def _hands_table(section: Section) -> tuple[StartingHands, ...]:
    result: list[StartingHands] = []
    for key in list(section.data):
        box_text, _, dealer_text = str(key).partition("&")
        dealer_text = dealer_text.strip()
        try:
            box = starting_hands(box_text)
            dealer: frozenset[str] = frozenset()
            if dealer_text:
                if not dealer_text.startswith("dealer "):
                    raise ValueError('write a top prize as "AA & dealer AA"')
                dealer = starting_hands(dealer_text.removeprefix("dealer "))
        except ValueError as error:
            raise section.fail(key, str(error)) from None
        result.append(StartingHands(box, dealer, section.int_(key, minimum=1)))
    section.done()
    return tuple(result)


def _ante(ante: Section, ranking: str) -> tuple[str, dict[Category, int], dict[Category, int]]:
    """The ANTE's mechanism and tables; a bonus table only where the mechanism pays one."""
    paid = ante.str_("paid", "by_table_on_a_win", choices=ANTE_PAID)
    pays = _class_table(ante.section("pays"), ranking)
    bonus = _class_table(ante.section("bonus"), ranking) if ante.has("bonus") else {}
    ante.done()
    if paid == "by_table_on_a_win" and bonus:
        raise ante.fail(
            "bonus",
            'an ANTE bonus whatever the dealer holds needs paid = "even_money_plus_bonus"; '
            '"by_table_on_a_win" pays the ANTE table only',
        )
    if paid == "even_money_plus_bonus":
        if not bonus:
            raise ante.fail("bonus", 'missing: paid = "even_money_plus_bonus" needs its table')
        odd = [category_key(c) for c in classes(ranking) if pays.get(c) != 1]
        if odd:
            raise ante.fail(f"pays.{odd[0]}", "must be 1: this mechanism pays the ANTE 1:1")
    return paid, pays, bonus


def _side_bet(s: Section, ranking: str) -> SideBet:
    line = s.str_("line", choices=("bonus", "pair_plus"))
    cards = s.str_("cards", choices=SIDE_CARDS)
    floor = (
        _floor(s.section("lowest"), "best_five" if cards != "box" else ranking)
        if s.has("lowest")
        else None
    )
    pays = _class_table(s.section("pays"), "best_five" if cards != "box" else ranking)
    hands = _hands_table(s.section("hands")) if s.has("hands") else ()
    bet = SideBet(line, cards, pays, hands, floor, s.bool_("on_dark", True),
                  s.bool_("without_ante", False))  # fmt: skip
    s.done()
    if cards == "box" and ranking != "three_card":
        raise s.fail("cards", "a bet on the box's own cards alone needs three-card poker")
    if cards == "hole_cards" and (pays or not hands):
        raise s.fail("hands", "a bet on the hole cards pays by starting hands, not classes")
    if cards != "hole_cards" and (hands or not pays):
        raise s.fail("pays", "missing: a bet on a hand pays by hand class")
    return bet


def parse_profile(data: Mapping[str, Any], where: str) -> HouseProfile:
    """Build and check a :class:`HouseProfile` from a TOML table."""
    top = Section(data, where, "")
    game = top.str_("game", choices=GAMES)
    pid, name, source = top.str_("id"), top.str_("name"), top.str_("source", "")
    table = parse_table(top.section("table"))

    deal = top.section("deal")
    hole, board = deal.int_("hole_cards", minimum=2), deal.int_("board_cards", 0)
    ranking = deal.str_("ranking", choices=RANKINGS)
    deal.done()
    if ranking == "three_card" and (hole, board) != (3, 0):
        raise deal.fail("ranking", "three-card poker deals 3 cards and no board")
    if ranking == "best_five" and not 5 <= hole + board <= 7:
        raise deal.fail("board_cards", "a best-five hand needs 5 to 7 cards with the hole cards")

    streets_data = top.raw("streets")
    if not isinstance(streets_data, list) or not streets_data:
        raise top.fail("streets", "must list the decisions ([[streets]])")
    streets: list[Street] = []
    for i, item in enumerate(streets_data):
        s = Section(item, where, f"streets[{i}]")
        street = Street(
            s.str_("line", choices=("bet", "turn", "river")),
            s.fraction("antes"),
            s.str_("decision", choices=tuple(DECISIONS)),
            s.int_("board_before", 0),
        )
        s.done()
        if street.antes <= 0:
            raise s.fail("antes", "a street's stake must be more than nothing")
        if i == 0 and street.decision != "play_or_fold":
            raise s.fail("decision", "the first decision is to play or fold")
        if any(street.line == x.line for x in streets):
            raise s.fail("line", f"{street.line!r} is staked on two streets")
        streets.append(street)
    if sum(s.board_before for s in streets) > board:
        raise top.fail("streets", "turns more board cards than the deal has")

    floor: HandFloor | None = None
    dealer = top.section("dealer")
    if dealer.has("qualifies_with"):
        floor = _floor(dealer.section("qualifies_with"), ranking)
    dealer.done()

    ante = top.section("ante")
    ante_paid, ante_pays, ante_bonus = _ante(ante, ranking)

    bets_data = top.raw("side_bets", [])
    if not isinstance(bets_data, list):
        raise top.fail("side_bets", "must be a list ([[side_bets]])")
    side_bets = tuple(
        _side_bet(Section(b, where, f"side_bets[{i}]"), ranking) for i, b in enumerate(bets_data)
    )
    if len({b.line for b in side_bets}) != len(side_bets):
        raise top.fail("side_bets", "a side bet is listed twice")
    for i, bet in enumerate(side_bets):
        if bet.cards == "box_and_flop" and (ranking != "best_five" or streets[0].board_before < 3):
            raise top.fail(f"side_bets[{i}].cards", "needs a flop of 3 before the first decision")

    dark = top.section("dark")
    preset = dark.raw("preset", [])
    optional = [s.line for s in streets if s.decision == "bet_or_check"]
    if not isinstance(preset, list) or not all(p in optional for p in preset):
        raise dark.fail("preset", f"must list lines a dark box may stake: {', '.join(optional)}")
    dark.done()
    if preset and table.dark_boxes_per_player == 0:
        raise dark.fail("preset", "set, but the table has no dark boxes")
    top.done()
    return HouseProfile(
        id=pid, name=name, source=source, game=game, table=table, hole_cards=hole,
        board_cards=board, ranking=ranking, streets=tuple(streets), dealer_floor=floor,
        ante_paid=ante_paid, ante_pays=ante_pays, ante_bonus=ante_bonus, side_bets=side_bets,
        dark_preset=tuple(preset),
    )  # fmt: skip
