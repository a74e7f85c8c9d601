"""The baccarat rule profile: shoe, table and pay table as one frozen value.

Payouts are exact fractions (``"1"``, ``"8"``, ``"5/100"``) turned into money
by :func:`paid`, which rounds down to the minor unit.

>>> from croupier.profiles import load
>>> p = load("baccarat")
>>> p.shoe.decks, p.tie_pays, p.banker_commission
(8, Fraction(8, 1), Fraction(1, 20))
>>> paid(p.banker_pays * (1 - p.banker_commission), 1005)    # 0.95 x 1005, rounded down
954
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.games.common.seating import Table, parse_table
from croupier.games.common.settings import Section
from croupier.games.common.shoe import ShoeRules, parse_shoe

STAKES = ("player", "banker", "tie")


def paid(odds: Fraction, stake: int) -> int:
    """Winnings at ``odds`` to one on ``stake``, rounded down to the minor unit."""
    return stake * odds.numerator // odds.denominator


@dataclass(frozen=True, slots=True)
class BaccaratProfile:
    id: str
    name: str
    source: str
    shoe: ShoeRules
    table: Table
    player_pays: Fraction
    banker_pays: Fraction
    banker_commission: Fraction
    tie_pays: Fraction
    # On a tie PLAYER and BANKER stakes come back ("push"); some houses take them.
    tie_returns_player_banker: bool = True
    game: str = "baccarat"


def parse_profile(data: Mapping[str, Any], where: str) -> BaccaratProfile:
    top = Section(data, where, "")
    top.str_("game")
    pays = top.section("pays")
    profile = BaccaratProfile(
        id=top.str_("id"),
        name=top.str_("name"),
        source=top.str_("source", ""),
        shoe=parse_shoe(top.section("shoe")),
        table=parse_table(top.section("table")),
        player_pays=pays.fraction("player"),
        banker_pays=pays.fraction("banker"),
        banker_commission=pays.fraction("banker_commission"),
        tie_pays=pays.fraction("tie"),
        tie_returns_player_banker=pays.bool_("tie_returns_player_banker", True),
    )
    if profile.banker_commission >= 1:
        raise pays.fail("banker_commission", "must be below 1 (a share of the win)")
    pays.done()
    top.done()
    return profile
