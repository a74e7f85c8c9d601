"""The house-banked poker profile: RULES.md §2.1-2.3 as one frozen value.

Texas Hold'em poker, Texas Hold'em Bonus poker and three-card poker are one
shape: every box and the dealer get their own cards, the box decides street
by street (fold or play, then perhaps bet or check) while board cards are
turned, the dealer shows, maybe has to qualify, and the box's stakes are paid
by its final hand. What differs is data, read from a TOML profile
(``src/croupier/profiles/{texas-holdem,texas-holdem-bonus,three-card}*.toml``):
how many hole and board cards, which ranking, the streets, the dealer's
qualifying hand, the ANTE table, the ANTE bonus, and the side bets
(``croupier profiles --schema holdem`` prints the file's shape).

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

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import ConfigDict, model_validator

from croupier.cards.card import RANKS
from croupier.games.common.seating import Table
from croupier.games.common.settings import (
    Checked,
    Count,
    Exact,
    Field,
    From,
    HandClass,
    Listed,
    Positive,
    Refusal,
    Settings,
    category_key,
    validated,
)
from croupier.poker.hand import Category
from croupier.poker.three import THREE_CARD_ORDER

Game = Literal["holdem", "holdem_bonus", "three_card"]
Ranking = Literal["best_five", "three_card"]
Decision = Literal["play_or_fold", "bet_or_check"]
StreetLine = Literal["bet", "turn", "river"]
SideCards = Literal["box", "box_and_flop", "hole_cards"]
GAMES: tuple[Game, ...] = ("holdem", "holdem_bonus", "three_card")
DECISIONS: dict[Decision, tuple[str, str]] = {
    "play_or_fold": ("play", "fold"),
    "bet_or_check": ("bet", "check"),
}
# How a played box's ANTE is paid ([ante] paid = ...):
# * "by_table_on_a_win": by the ANTE table, only when the box beats the dealer or the
#   dealer has no game (Texas Hold'em, Hold'em Bonus, and three-card poker as seed [004]
#   says it);
# * "even_money_plus_bonus": 1:1 in those cases, plus the ANTE bonus table on a played box
#   whatever the dealer holds (world-standard three-card poker, which published analyses
#   describe).
AntePaid = Literal["by_table_on_a_win", "even_money_plus_bonus"]
_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")  # fmt: skip
_PLURAL = {"six": "sixes"}


def classes(ranking: str) -> tuple[Category, ...]:
    """The hand classes of a ranking, lowest first (three-card poker has its own order)."""
    if ranking == "three_card":
        return THREE_CARD_ORDER
    return tuple(c for c in Category if c is not Category.ACE_KING)


def _rank(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(RANKS):
        return value  # already an index (a profile built in code)
    if not isinstance(value, str) or len(value) != 1 or value.upper() not in RANKS:
        raise ValueError(f"{value!r} is not a rank ({' '.join(RANKS)})")
    return RANKS.index(value.upper())


class _Rank(Checked):
    """A rank as profiles write it (``"4"``, ``"Q"``), kept as its index."""

    schema: ClassVar[dict[str, Any]] = {"enum": list(RANKS)}

    def check(self, value: object) -> int:
        return _rank(value)


class HandFloor(Settings):
    """The lowest hand that counts: a class, and the least rank of its top card
    (the pair of a pair, the highest card of a high card): "pair of fours",
    "queen high", "pair of aces". A profile writes ``{class = "pair", rank = "4"}``."""

    model_config = ConfigDict(populate_by_name=True)

    category: HandClass = Field(validation_alias="class")
    rank: Annotated[int, _Rank()] = Field(0, json_schema_extra={"default": "2"})

    def describe(self) -> str:
        name = _RANK_NAMES[self.rank]
        if self.category is Category.HIGH_CARD:
            return f"{name} high"
        if self.category is Category.PAIR:
            return f"pair of {_PLURAL.get(name, name + 's')}"
        return self.category.label + (f", {name} high" if self.rank else "")


class Street(Settings):
    """One decision of every box still in play. ``board_before`` board cards
    are turned first; then a box either stakes ``antes`` x ANTE on ``line`` or
    not: ``play_or_fold`` (not staking folds the box) or ``bet_or_check``."""

    line: StreetLine
    antes: Exact
    decision: Decision
    board_before: Count = 0

    @model_validator(mode="after")
    def _stakes_something(self) -> Self:
        if self.antes <= 0:
            raise Refusal("antes", "a street's stake must be more than nothing")
        return self

    @property
    def verbs(self) -> tuple[str, str]:
        """The stake verb and the other one (``play``/``fold``, ``bet``/``check``)."""
        return DECISIONS[self.decision]


class StartingHands(Settings):
    """One line of a two-card pay table: the box's hole cards (``AKs``, ``22``
    ...) and, for a top prize, what the dealer must hold too."""

    box: frozenset[str]
    dealer: frozenset[str]
    pays: int


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


class _HandsTable(Checked):
    """A pay table by starting hands: ``"AKs" = 25``, ``"AA & dealer AA" = 1000``."""

    schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": 1},
        "description": 'hole cards (AKs, AKo, AK, TT, a run 22-TT; a top prize "AA & dealer AA")',
    }

    def check(self, value: object) -> tuple[StartingHands, ...]:
        if isinstance(value, tuple):
            return value  # built in code
        if not isinstance(value, Mapping):
            raise ValueError("must be a table of hands = units won per unit")
        return tuple(_hands_line(str(key), pays) for key, pays in value.items())


def _hands_line(key: str, pays: object) -> StartingHands:
    box_text, _, dealer_text = key.partition("&")
    dealer_text = dealer_text.strip()
    try:
        box = starting_hands(box_text)
        dealer: frozenset[str] = frozenset()
        if dealer_text:
            if not dealer_text.startswith("dealer "):
                raise ValueError('write a top prize as "AA & dealer AA"')
            dealer = starting_hands(dealer_text.removeprefix("dealer "))
    except ValueError as error:
        raise Refusal(key, str(error)) from None
    if not isinstance(pays, int) or isinstance(pays, bool):
        raise Refusal(key, "must be a whole number")
    if pays < 1:
        raise Refusal(key, "must be at least 1")
    return StartingHands(box=box, dealer=dealer, pays=pays)


ClassTable = dict[HandClass, Positive]


class SideBet(Settings):
    """A side stake (BONUS, PAIR PLUS) paid on cards alone, whatever the dealer
    holds and whether the box played: by hand class (``pays``) from ``lowest``
    up, or by starting hands (``hands``)."""

    line: Literal["bonus", "pair_plus"]
    cards: SideCards  # "box" (the box's own cards), "box_and_flop", "hole_cards"
    pays: ClassTable = Field(default_factory=dict)
    hands: Annotated[tuple[StartingHands, ...], _HandsTable()] = ()
    lowest: HandFloor | None = None
    on_dark: bool = True
    without_ante: bool = False

    @model_validator(mode="after")
    def _pays_by_what_it_bets_on(self) -> Self:
        if self.cards == "hole_cards" and (self.pays or not self.hands):
            raise Refusal("hands", "a bet on the hole cards pays by starting hands, not classes")
        if self.cards != "hole_cards" and (self.hands or not self.pays):
            raise Refusal("pays", "missing: a bet on a hand pays by hand class")
        return self


class Deal(Settings):
    hole_cards: int = Field(ge=2)
    board_cards: Count = 0
    ranking: Ranking

    @model_validator(mode="after")
    def _cards_for_the_ranking(self) -> Self:
        if self.ranking == "three_card" and (self.hole_cards, self.board_cards) != (3, 0):
            raise Refusal("ranking", "three-card poker deals 3 cards and no board")
        if self.ranking == "best_five" and not 5 <= self.hole_cards + self.board_cards <= 7:
            raise Refusal("board_cards", "a best-five hand needs 5 to 7 cards with the hole cards")
        return self


class HouseDealer(Settings):
    # None: the dealer always plays (Hold'em Bonus)
    qualifies_with: HandFloor | None = None


class Ante(Settings):
    """How a played box's ANTE is paid: ``pays`` (a class not there is
    returned) and, by ``even_money_plus_bonus``, a ``bonus`` whatever the dealer holds."""

    paid: AntePaid = "by_table_on_a_win"
    pays: ClassTable = Field(default_factory=dict)
    bonus: ClassTable = Field(default_factory=dict)


class HouseDark(Settings):
    # bet_or_check lines a dark box may stake before the deal
    preset: Annotated[tuple[StreetLine, ...], Listed] = ()


class HouseProfile(Settings):
    """A house-poker profile, shaped like its TOML file; the engines read the
    flat properties (``ranking``, ``ante_pays``...) as well as the sections."""

    id: str
    name: str
    source: str = ""
    game: Game
    table: Table
    deal: Deal
    streets: Annotated[tuple[Street, ...], Listed, Field(min_length=1)]
    dealer: HouseDealer = HouseDealer()
    ante: Ante = Ante()
    side_bets: Annotated[tuple[SideBet, ...], Listed] = ()
    dark: HouseDark = HouseDark()

    # What the API publishes, in this order (the shape profiles had before).
    PUBLISHED: ClassVar[tuple[str, ...]] = (
        "id", "name", "source", "game", "table", "hole_cards", "board_cards", "ranking",
        "streets", "dealer_floor", "ante_paid", "ante_pays", "ante_bonus", "side_bets",
        "dark_preset",
    )  # fmt: skip

    hole_cards = From[int]("deal.hole_cards")
    board_cards = From[int]("deal.board_cards")
    ranking = From[Ranking]("deal.ranking")
    dealer_floor = From[HandFloor | None]("dealer.qualifies_with")
    ante_paid = From[AntePaid]("ante.paid")
    # a winning ANTE's coefficient; a class not here: returned
    ante_pays = From[Mapping[Category, int]]("ante.pays")
    # paid on a played box's ANTE whatever the dealer holds
    ante_bonus = From[Mapping[Category, int]]("ante.bonus")
    dark_preset = From[tuple[StreetLine, ...]]("dark.preset")

    def side_bet(self, line: str) -> SideBet | None:
        return next((s for s in self.side_bets if s.line == line), None)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        self._check_streets()
        ranking = self.ranking
        if self.dealer_floor is not None:
            _floor_in_ranking("dealer.qualifies_with", self.dealer_floor, ranking)
        self._check_ante()
        for i, bet in enumerate(self.side_bets):
            _check_side_bet(bet, f"side_bets[{i}]", ranking, self.streets[0].board_before)
        if len({b.line for b in self.side_bets}) != len(self.side_bets):
            raise Refusal("side_bets", "a side bet is listed twice")
        optional = [s.line for s in self.streets if s.decision == "bet_or_check"]
        if not all(p in optional for p in self.dark_preset):
            raise Refusal(
                "dark.preset", f"must list lines a dark box may stake: {', '.join(optional)}"
            )
        if self.dark_preset and self.table.dark_boxes_per_player == 0:
            raise Refusal("dark.preset", "set, but the table has no dark boxes")
        return self

    def _check_streets(self) -> None:
        for i, street in enumerate(self.streets):
            if i == 0 and street.decision != "play_or_fold":
                raise Refusal("streets[0].decision", "the first decision is to play or fold")
            if any(street.line == x.line for x in self.streets[:i]):
                raise Refusal(f"streets[{i}].line", f"{street.line!r} is staked on two streets")
        if sum(s.board_before for s in self.streets) > self.board_cards:
            raise Refusal("streets", "turns more board cards than the deal has")

    def _check_ante(self) -> None:
        """The ANTE's tables in the ranking; a bonus table only where the mechanism pays one."""
        ante, ranking = self.ante, self.ranking
        _in_ranking("ante.pays", ante.pays, ranking)
        _in_ranking("ante.bonus", ante.bonus, ranking)
        if ante.paid == "by_table_on_a_win" and ante.bonus:
            raise Refusal(
                "ante.bonus",
                'an ANTE bonus whatever the dealer holds needs paid = "even_money_plus_bonus"; '
                '"by_table_on_a_win" pays the ANTE table only',
            )
        if ante.paid == "even_money_plus_bonus":
            if not ante.bonus:
                raise Refusal(
                    "ante.bonus", 'missing: paid = "even_money_plus_bonus" needs its table'
                )
            odd = [category_key(c) for c in classes(ranking) if ante.pays.get(c) != 1]
            if odd:
                raise Refusal(f"ante.pays.{odd[0]}", "must be 1: this mechanism pays the ANTE 1:1")


def _in_ranking(table: str, hands: Iterable[Category], ranking: str) -> None:
    """Refuse a pay table's hand class that the ranking does not have."""
    for category in hands:
        if category not in classes(ranking):
            raise Refusal(f"{table}.{category_key(category)}", "is not a hand of this ranking")


def _floor_in_ranking(where: str, floor: HandFloor, ranking: str) -> None:
    if floor.category not in classes(ranking):
        name = category_key(floor.category)
        raise Refusal(f"{where}.class", f"{name} is not a hand of this ranking")


def _check_side_bet(bet: SideBet, where: str, ranking: Ranking, flop: int) -> None:
    own = ranking if bet.cards == "box" else "best_five"
    if bet.lowest is not None:
        _floor_in_ranking(f"{where}.lowest", bet.lowest, own)
    _in_ranking(f"{where}.pays", bet.pays, own)
    if bet.cards == "box" and ranking != "three_card":
        raise Refusal(f"{where}.cards", "a bet on the box's own cards alone needs three-card poker")
    if bet.cards == "box_and_flop" and (ranking != "best_five" or flop < 3):
        raise Refusal(f"{where}.cards", "needs a flop of 3 before the first decision")


def parse_profile(data: Mapping[str, Any], where: str) -> HouseProfile:
    """Build and check a :class:`HouseProfile` from a TOML table."""
    return validated(HouseProfile, data, where)
