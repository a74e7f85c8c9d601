"""The maximum payout: a box's winnings in one round never exceed it.

RULES.md §0: the maximum payout per box per round caps every win, bonus
and insurance together. Each game says in which order its lines give way
(the main bet first, side bets last, so a player keeps what is most clearly
theirs); a line's returned amount never drops below its stake.

>>> from croupier.games.base import StakeLine
>>> out = cap_lines((StakeLine("ante", 10, 20), StakeLine("bet", 20, 520)), 100, ("bet", "ante"))
>>> [(x.line, x.returned, x.note) for x in out]
[('ante', 20, ''), ('bet', 110, 'capped by the maximum payout')]
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.games.base import StakeLine

CAPPED = "capped by the maximum payout"


def cap_lines(
    lines: Sequence[StakeLine], max_payout: int, order: Sequence[str]
) -> tuple[StakeLine, ...]:
    """Cut a box's winnings to ``max_payout``, taking from lines in ``order``."""
    excess = sum(max(x.returned - x.staked, 0) for x in lines) - max_payout
    result = list(lines)
    if excess <= 0:
        return tuple(result)
    for name in order:
        for i, line in enumerate(result):
            if excess <= 0:
                return tuple(result)
            if line.line != name or line.returned <= line.staked:
                continue
            cut = min(excess, line.returned - line.staked)
            result[i] = StakeLine(line.line, line.staked, line.returned - cut, CAPPED)
            excess -= cut
    return tuple(result)
