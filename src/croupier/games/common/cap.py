"""The maximum payout: a box's winnings in one round never exceed it.

RULES.md §0: the maximum payout per box per round caps the box's own lines
(and its insurance) together; each BONUS side stake is capped by it on its
own ([004]: "the payout on the BONUS stake is limited by the table's maximum
payout"). Each game says in which order its lines give way (the main bet
first, so a player keeps what is most clearly theirs) and which lines stand
alone; a line's returned amount never drops below its stake.

>>> from croupier.games.base import StakeLine
>>> out = cap_lines((StakeLine("ante", 10, 20), StakeLine("bet", 20, 520)), 100, ("bet", "ante"))
>>> [(x.line, x.returned, x.note) for x in out]
[('ante', 20, ''), ('bet', 110, 'capped by the maximum payout')]
>>> lines = (StakeLine("bet", 20, 520), StakeLine("bonus", 10, 510))
>>> [(x.line, x.returned) for x in cap_lines(lines, 100, ("bet",), alone=("bonus",))]
[('bet', 120), ('bonus', 110)]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from croupier.games.base import StakeLine

CAPPED = "capped by the maximum payout"


def cap_lines(
    lines: Sequence[StakeLine],
    max_payout: int,
    order: Sequence[str],
    alone: Collection[str] = (),
) -> tuple[StakeLine, ...]:
    """Cut a box's winnings to ``max_payout``: the lines not ``alone`` together,
    taking from them in ``order``; each line named in ``alone`` (a side stake)
    on its own."""
    result = list(lines)
    together = [i for i, x in enumerate(result) if x.line not in alone]
    _cut(result, together, max_payout, order)
    for i, line in enumerate(lines):
        if line.line in alone:
            _cut(result, [i], max_payout, (line.line,))
    return tuple(result)


def _cut(result: list[StakeLine], indexes: list[int], cap: int, order: Sequence[str]) -> None:
    """Cut the lines at ``indexes`` so that together they win at most ``cap``."""
    excess = sum(max(result[i].returned - result[i].staked, 0) for i in indexes) - cap
    for name in order:
        for i in indexes:
            if excess <= 0:
                return
            line = result[i]
            if line.line != name or line.returned <= line.staked:
                continue
            cut = min(excess, line.returned - line.staked)
            result[i] = StakeLine(line.line, line.staked, line.returned - cut, CAPPED)
            excess -= cut
