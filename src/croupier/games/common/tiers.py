"""The casino's table-limit tiers (RULES.md §0, from [003]): one table of them,
read by the casino's personal tables, the server and the terminal alike.

>>> [(t.name, t.limits.min_stake, t.limits.max_payout) for t in LIMIT_TIERS]
[('5', 500, 200000), ('25', 2500, 300000), ('50', 5000, 500000), ('100', 10000, 1200000)]
>>> tier_limits(DEFAULT_TIER)
Limits(min_stake=2500, max_stake=25000, max_payout=300000)
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games.base import Limits


@dataclass(frozen=True, slots=True)
class LimitTier:
    """A table-limit tier a player may choose for a personal table; ``name`` is its
    minimum stake in whole currency units."""

    name: str
    limits: Limits


def _tier(minimum: int, max_payout: int) -> LimitTier:
    # [003] gives each tier's minimum and maximum payout; the maximum stake is the casino's
    # choice: ten minimums (so every tier's largest stake still fits its payout cap at 1:1).
    units = 100  # minor units (kopecks) per currency unit
    return LimitTier(
        str(minimum), Limits(minimum * units, 10 * minimum * units, max_payout * units)
    )


# The one place the casino's limit tiers are configured (RULES.md §0, [003]).
LIMIT_TIERS: tuple[LimitTier, ...] = (
    _tier(5, 2000),
    _tier(25, 3000),
    _tier(50, 5000),
    _tier(100, 12000),
)
DEFAULT_TIER = "25"


def tier_limits(name: str) -> Limits:
    """The limits of the tier called ``name`` (KeyError for an unknown one)."""
    return {t.name: t.limits for t in LIMIT_TIERS}[name]
