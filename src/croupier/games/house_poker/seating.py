"""What a house-poker box may stake before the deal, checked at the start.

Boxes and players are checked by the shared table rules
(:mod:`croupier.games.common.seating`: 2 adjacent light boxes with equal
antes plus up to 4 dark boxes in Texas Hold'em; any number of light boxes in
three-card poker); here, each box's own stakes: an ANTE within the limits,
side bets the profile offers (no BONUS on a dark Texas Hold'em box; PAIR
PLUS may stand without an ANTE), and a dark box's pre-set TURN and RIVER.
"""

from __future__ import annotations

from croupier.games.base import BoxStake, RoundSetup, RuleError
from croupier.games.common.seating import check_boxes, whole
from croupier.games.house_poker.profile import HouseProfile


def check_setup(setup: RoundSetup[HouseProfile]) -> None:
    """Refuse a setup the profile's table rules do not allow."""
    profile = setup.profile
    if not isinstance(profile, HouseProfile):
        raise RuleError(f"a house-poker round needs its own profile, not {type(profile).__name__}")
    check_boxes(profile.table, setup.limits, setup.boxes, lambda b: _check_stakes(setup, b))


def _check_stakes(setup: RoundSetup[HouseProfile], stake: BoxStake) -> None:
    profile, limits = setup.profile, setup.limits
    where = f"box {stake.box}"
    lines = profile.stake_lines
    for line, amount in stake.stakes.items():
        if line not in lines:
            raise RuleError(f"{where}: {line!r} is not a stake of this game ({', '.join(lines)})")
        if not whole(amount) or amount < 0:
            raise RuleError(f"{where}: {line} must be a whole, non-negative number of minor units")
    ante = stake.stake("ante")
    alone = [b.line for b in profile.side_bets if b.without_ante and stake.stake(b.line)]
    if ante or not alone:
        if not limits.min_stake <= ante <= limits.max_stake:
            raise RuleError(
                f"{where}: ANTE {ante} is outside the table limits "
                f"{limits.min_stake}..{limits.max_stake}"
            )
    elif stake.dark:
        raise RuleError(f"{where}: a dark box plays an ANTE")
    for bet in profile.side_bets:
        amount = stake.stake(bet.line)
        if not amount:
            continue
        name = bet.line.upper().replace("_", " ")
        if stake.dark and not bet.on_dark:
            raise RuleError(f"{where}: no {name} on a dark box")
        low = limits.min_stake if not ante else 1  # standing alone, it is the box's stake
        if not low <= amount <= limits.max_stake:
            raise RuleError(
                f"{where}: {name} {amount} is outside the table limits {low}..{limits.max_stake}"
            )
    if stake.prebuy:
        if not stake.dark:
            raise RuleError(f"{where}: only a dark box pre-sets its bets; a light box decides")
        for item in stake.prebuy:
            if item not in profile.dark_preset:
                allowed = ", ".join(profile.dark_preset) or "nothing"
                raise RuleError(f"{where}: a dark box cannot pre-set {item!r} (allowed: {allowed})")
        if len(set(stake.prebuy)) != len(stake.prebuy):
            raise RuleError(f"{where}: a bet is pre-set twice")
