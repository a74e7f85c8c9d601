"""The coup of baccarat as pure functions on card values: points and the tableau.

Card values: ten and pictures 0, ace 1, the others their face value; a hand
counts its values modulo 10 (RULES.md §2.5, [004] "десятки обнуляются").
Who draws a third card depends only on totals and on the value of the
PLAYER's third card, so the exact analysis runs these same functions over
values instead of cards.

>>> [banker_draws(3, third) for third in (None, 7, 8)]    # 3 draws unless the player's third is 8
[True, True, False]
>>> [banker_draws(6, third) for third in (None, 5, 6, 7)] # 6 draws only on a player's 6 or 7
[False, False, True, True]
"""

from __future__ import annotations

from collections.abc import Iterable

from croupier.cards.card import ACE, rank_of

NATURAL = 8  # two-card 8 or 9: nobody draws


def value(card: int) -> int:
    """A card's baccarat value (0..9)."""
    rank = rank_of(card)
    if rank == ACE:
        return 1
    return rank + 2 if rank <= 7 else 0


def points(values: Iterable[int]) -> int:
    """A hand's total: the sum of its values modulo 10."""
    return sum(values) % 10


def player_draws(total: int) -> bool:
    """The PLAYER draws on 0-5 and stands on 6-7 (no natural on either side)."""
    return total <= 5


def banker_draws(total: int, player_third: int | None) -> bool:
    """The BANKER's tableau. ``player_third`` is the value of the PLAYER's
    third card, or ``None`` when the PLAYER stood (then the BANKER draws on 0-5)."""
    if player_third is None:
        return total <= 5
    if total <= 2:
        return True
    if total == 3:
        return player_third != 8
    if total == 4:
        return 2 <= player_third <= 7
    if total == 5:
        return 4 <= player_third <= 7
    if total == 6:
        return player_third in (6, 7)
    return False
