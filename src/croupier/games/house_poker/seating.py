"""Who may sit where in house poker, checked at the start.

Boxes and players are checked by the shared table rules
(:mod:`croupier.games.common.seating`: 2 adjacent light boxes with equal
antes plus up to 4 dark boxes in Texas Hold'em; any number of light boxes in
three-card poker); each box's own stakes by the profile's
:func:`~croupier.games.house_poker.stakes.stake_spec`: an ANTE within the
limits, side bets the profile offers (no BONUS on a dark Texas Hold'em box;
PAIR PLUS may stand without an ANTE), and a dark box's pre-set TURN and RIVER.
"""

from __future__ import annotations

from croupier.games.base import RoundSetup, RuleError
from croupier.games.common.seating import check_boxes
from croupier.games.house_poker.profile import HouseProfile
from croupier.games.house_poker.stakes import stake_spec


def check_setup(setup: RoundSetup[HouseProfile]) -> None:
    """Refuse a setup the profile's table rules do not allow."""
    profile = setup.profile
    if not isinstance(profile, HouseProfile):
        raise RuleError(f"a house-poker round needs its own profile, not {type(profile).__name__}")
    check_boxes(profile.table, stake_spec(profile), setup.limits, setup.boxes)
