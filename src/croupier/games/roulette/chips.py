"""Colour chips: a player's own roulette chips, valid only at one table.

[004]: a player buys chips of one colour from the dealer, sets what one chip
is worth for the session, may use them only at that table, and must
exchange them back for cash chips when leaving; coming back after a long
absence, they are valued at the minimum. The value is the player's choice;
the table's limits still apply to every bet.

>>> chips, change = ColourChips("roulette-2", "ann", colour=3, value=250).buy(10_100)
>>> chips.count, change, chips.worth
(40, 100, 10000)
>>> chips = chips.stake("roulette-2", 1000)
>>> chips.count
36
>>> chips.exchange_back("roulette-2")
(ColourChips(table='roulette-2', player='ann', colour=3, value=250, count=0), 9000)
>>> chips.after_long_absence(100).worth    # away too long: valued at the table's minimum
3600
>>> chips.stake("roulette-1", 250)
Traceback (most recent call last):
...
croupier.games.base.RuleError: ann's colour 3 chips belong to table roulette-2, not roulette-1
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from croupier.games.base import RuleError


@dataclass(frozen=True, slots=True)
class ColourChips:
    table: str
    player: str
    colour: int
    value: int  # minor units one chip is worth, chosen by the player
    count: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value <= 0:
            raise RuleError(f"{self.player}: a colour chip must be worth a positive whole amount")
        if self.count < 0:
            raise RuleError(f"{self.player}: cannot hold {self.count} chips")

    @property
    def worth(self) -> int:
        return self.count * self.value

    def _here(self, table: str) -> None:
        if table != self.table:
            raise RuleError(
                f"{self.player}'s colour {self.colour} chips belong to table {self.table}, "
                f"not {table}"
            )

    def buy(self, cash: int) -> tuple[ColourChips, int]:
        """Chips for ``cash`` (cash chips, minor units) and the change that makes no chip."""
        if isinstance(cash, bool) or not isinstance(cash, int) or cash < self.value:
            raise RuleError(f"{self.player}: {cash} buys no chip worth {self.value}")
        return replace(self, count=self.count + cash // self.value), cash % self.value

    def stake(self, table: str, amount: int) -> ColourChips:
        """Put ``amount`` of these chips on the layout at ``table``."""
        self._here(table)
        if amount % self.value or not 0 < amount <= self.worth:
            raise RuleError(
                f"{self.player}: {amount} is not a whole number of the {self.count} chips "
                f"worth {self.value} held"
            )
        return replace(self, count=self.count - amount // self.value)

    def win(self, table: str, amount: int) -> ColourChips:
        """Chips paid back at ``table`` (a settled position's returned amount)."""
        self._here(table)
        if amount % self.value:
            raise RuleError(f"{self.player}: {amount} is not a whole number of chips")
        return replace(self, count=self.count + amount // self.value)

    def after_long_absence(self, minimum_value: int) -> ColourChips:
        """[004]: chips of a player who comes back after a long absence are
        valued at the table's minimum chip value (the count is kept)."""
        if minimum_value <= 0:
            raise RuleError(f"{self.player}: a minimum chip value must be positive")
        return replace(self, value=min(self.value, minimum_value))

    def exchange_back(self, table: str) -> tuple[ColourChips, int]:
        """Leaving the table: every colour chip back for its value in cash chips."""
        self._here(table)
        return replace(self, count=0), self.worth
