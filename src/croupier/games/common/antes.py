"""Prices set as multiples of the ANTE, turned into money.

Profiles give fees, stakes and payouts as exact fractions of a box's ANTE
(``"1.5"`` or ``"3/2"``); every game turns them into minor units here, rounding
down to the minor unit.

>>> from fractions import Fraction
>>> antes(Fraction(3, 2), 1005)
1507
"""

from __future__ import annotations

from fractions import Fraction


def antes(multiple: Fraction, ante: int) -> int:
    """``multiple`` ANTEs in minor units, rounded down."""
    return ante * multiple.numerator // multiple.denominator
