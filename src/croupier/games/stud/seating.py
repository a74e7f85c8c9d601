"""Who may sit where: the table rules a stud round is checked against at start.

Boxes, light and dark, and the conditions for a second light box; the
stakes by the profile's :func:`~croupier.games.stud.stakes.stake_spec`
(ANTE within the limits, BONUS lines, what a dark box may pre-buy); and the
order cards are dealt and decisions taken in. Everything is refused with a
:class:`~croupier.games.base.RuleError` naming the box and the reason.
"""

from __future__ import annotations

from croupier.games.base import BoxStake, RoundSetup, RuleError
from croupier.games.common.seating import check_boxes
from croupier.games.common.seating import several_light_owner as holds_several_light
from croupier.games.stud.profile import StudProfile
from croupier.games.stud.stakes import stake_spec


def check_setup(setup: RoundSetup[StudProfile]) -> None:
    """Refuse a setup the profile's table rules do not allow."""
    profile = setup.profile
    if not isinstance(profile, StudProfile):
        raise RuleError(f"a stud round needs a stud profile, not {type(profile).__name__}")
    check_boxes(profile.table, stake_spec(profile), setup.limits, setup.boxes)


def several_light_owner(setup: RoundSetup[StudProfile], player: str) -> bool:
    """Whether ``player`` holds more than one light box (and so its restrictions)."""
    return holds_several_light(setup.boxes, player)


def dealing_order(profile: StudProfile, boxes: tuple[BoxStake, ...]) -> tuple[BoxStake, ...]:
    """Boxes in the order cards are dealt: clockwise from box 1, or [002]'s
    larger ANTE first (equal antes clockwise, "right to left of the player")."""
    if profile.order.deal == "larger_ante_first":
        return tuple(sorted(boxes, key=lambda b: (-b.stake("ante"), b.box)))
    return tuple(sorted(boxes, key=lambda b: b.box))
