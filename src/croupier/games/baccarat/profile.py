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
from fractions import Fraction
from typing import Any, ClassVar, Literal, Self

from pydantic import model_validator

from croupier.games.common.seating import Table
from croupier.games.common.settings import Exact, From, Refusal, Settings, validated
from croupier.games.common.shoe import ShoeRules

STAKES = ("player", "banker", "tie")


def paid(odds: Fraction, stake: int) -> int:
    """Winnings at ``odds`` to one on ``stake``, rounded down to the minor unit."""
    return stake * odds.numerator // odds.denominator


class BaccaratPays(Settings):
    player: Exact
    banker: Exact
    banker_commission: Exact
    tie: Exact
    # On a tie PLAYER and BANKER stakes come back ("push"); some houses take them.
    tie_returns_player_banker: bool = True

    @model_validator(mode="after")
    def _commission_a_share(self) -> Self:
        if self.banker_commission >= 1:
            raise Refusal("banker_commission", "must be below 1 (a share of the win)")
        return self


class BaccaratProfile(Settings):
    """A baccarat profile, shaped like its TOML file."""

    game: Literal["baccarat"] = "baccarat"
    id: str
    name: str
    source: str = ""
    shoe: ShoeRules
    table: Table
    pays: BaccaratPays

    # What the API publishes, in this order (the shape profiles had before).
    PUBLISHED: ClassVar[tuple[str, ...]] = (
        "id", "name", "source", "shoe", "table", "player_pays", "banker_pays",
        "banker_commission", "tie_pays", "tie_returns_player_banker", "game",
    )  # fmt: skip

    player_pays = From[Fraction]("pays.player")
    banker_pays = From[Fraction]("pays.banker")
    banker_commission = From[Fraction]("pays.banker_commission")
    tie_pays = From[Fraction]("pays.tie")
    tie_returns_player_banker = From[bool]("pays.tie_returns_player_banker")


def parse_profile(data: Mapping[str, Any], where: str) -> BaccaratProfile:
    return validated(BaccaratProfile, data, where)
