"""Who may sit where: the table rules a stud round is checked against at start.

Boxes, light and dark, stakes within the limits, the conditions for a
second light box, BONUS stakes and what a dark box may pre-buy; and the
order cards are dealt and decisions taken in. Everything is refused with a
:class:`~croupier.games.base.RuleError` naming the box and the reason.
"""

from __future__ import annotations

from croupier.games.base import BoxStake, RoundSetup, RuleError
from croupier.games.common.seating import check_boxes
from croupier.games.common.seating import several_light_owner as holds_several_light
from croupier.games.common.seating import whole as _whole
from croupier.games.stud.profile import StudProfile

STAKE_LINES = ("ante", "bonus", "dealer_bonus")


def check_setup(setup: RoundSetup[StudProfile]) -> None:
    """Refuse a setup the profile's table rules do not allow."""
    profile = setup.profile
    if not isinstance(profile, StudProfile):
        raise RuleError(f"a stud round needs a stud profile, not {type(profile).__name__}")
    check_boxes(
        profile.table, setup.limits, setup.boxes, lambda stake: _check_stakes(profile, setup, stake)
    )


def _check_stakes(profile: StudProfile, setup: RoundSetup[StudProfile], stake: BoxStake) -> None:
    where = f"box {stake.box}"
    limits = setup.limits
    for line, amount in stake.stakes.items():
        if line not in STAKE_LINES:
            raise RuleError(
                f"{where}: {line!r} is not a stake of this game ({', '.join(STAKE_LINES)})"
            )
        if not _whole(amount) or amount < 0:
            raise RuleError(f"{where}: {line} must be a whole, non-negative number of minor units")
    ante = stake.stake("ante")
    if not limits.min_stake <= ante <= limits.max_stake:
        raise RuleError(
            f"{where}: ANTE {ante} is outside the table limits "
            f"{limits.min_stake}..{limits.max_stake}"
        )
    bonus, dealer_bonus = stake.stake("bonus"), stake.stake("dealer_bonus")
    spec = profile.bonus
    if bonus:
        if spec is None:
            raise RuleError(f"{where}: this game has no BONUS stake")
        if stake.dark and not spec.on_dark:
            raise RuleError(f"{where}: no BONUS on a dark box")
        if spec.kind == "fee" and bonus != spec.fee(ante):
            raise RuleError(f"{where}: the BONUS with ANTE {ante} is {spec.fee(ante)}, not {bonus}")
        if spec.kind == "side_bet" and bonus > limits.max_stake:
            raise RuleError(f"{where}: BONUS {bonus} is above the table maximum {limits.max_stake}")
    if dealer_bonus:
        if spec is None or not spec.dealer_bonus:
            raise RuleError(f"{where}: this game has no dealer BONUS")
        if dealer_bonus > limits.max_stake:
            raise RuleError(f"{where}: dealer BONUS {dealer_bonus} is above the table maximum")
    if stake.prebuy:
        if not stake.dark:
            raise RuleError(
                f"{where}: only a dark box pre-buys; a light box decides after the deal"
            )
        for item in stake.prebuy:
            if item not in profile.dark_prebuy:
                allowed = ", ".join(profile.dark_prebuy) or "nothing"
                raise RuleError(
                    f"{where}: a dark box cannot pre-buy {item!r} here (allowed: {allowed})"
                )
        if len(set(stake.prebuy)) != len(stake.prebuy):
            raise RuleError(f"{where}: an option is pre-bought twice")


def several_light_owner(setup: RoundSetup[StudProfile], player: str) -> bool:
    """Whether ``player`` holds more than one light box (and so its restrictions)."""
    return holds_several_light(setup.boxes, player)


def dealing_order(profile: StudProfile, boxes: tuple[BoxStake, ...]) -> tuple[BoxStake, ...]:
    """Boxes in the order cards are dealt: clockwise from box 1, or [002]'s
    larger ANTE first (equal antes clockwise, "right to left of the player")."""
    if profile.order.deal == "larger_ante_first":
        return tuple(sorted(boxes, key=lambda b: (-b.stake("ante"), b.box)))
    return tuple(sorted(boxes, key=lambda b: b.box))
