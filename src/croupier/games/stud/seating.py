"""Who may sit where: the table rules a stud round is checked against at start.

Boxes, light and dark, stakes within the limits, the conditions for a
second light box, BONUS stakes and what a dark box may pre-buy; and the
order cards are dealt and decisions taken in. Everything is refused with a
:class:`~croupier.games.base.RuleError` naming the box and the reason.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise

from croupier.games.base import BoxStake, RoundSetup, RuleError
from croupier.games.stud.profile import StudProfile

STAKE_LINES = ("ante", "bonus", "dealer_bonus")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_setup(setup: RoundSetup[StudProfile]) -> None:
    """Refuse a setup the profile's table rules do not allow."""
    profile, limits = setup.profile, setup.limits
    if not isinstance(profile, StudProfile):
        raise RuleError(f"a stud round needs a stud profile, not {type(profile).__name__}")
    if not setup.boxes:
        raise RuleError("no box has an ANTE: nothing to deal")
    seen: set[int] = set()
    by_player: dict[str, list[BoxStake]] = defaultdict(list)
    for stake in setup.boxes:
        where = f"box {stake.box}"
        if not _whole(stake.box) or not 1 <= stake.box <= profile.table.boxes:
            raise RuleError(f"{where}: the table has boxes 1 to {profile.table.boxes}")
        if stake.box in seen:
            raise RuleError(f"{where}: staked twice")
        seen.add(stake.box)
        if not stake.player:
            raise RuleError(f"{where}: has no player")
        by_player[stake.player].append(stake)
        _check_stakes(profile, setup, stake)
    for player, boxes in by_player.items():
        _check_player(profile, setup, player, sorted(boxes, key=lambda s: s.box))
    del limits


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


def _check_player(
    profile: StudProfile, setup: RoundSetup[StudProfile], player: str, boxes: list[BoxStake]
) -> None:
    table = profile.table
    light = [b for b in boxes if not b.dark]
    dark = [b for b in boxes if b.dark]
    if len(dark) > table.dark_boxes_per_player:
        if table.dark_boxes_per_player == 0:
            raise RuleError(f"box {dark[0].box}: this game has no dark boxes")
        raise RuleError(
            f"player {player}: {len(dark)} dark boxes, at most {table.dark_boxes_per_player}"
        )
    if table.equal_antes_per_player and len({b.stake("ante") for b in boxes}) > 1:
        raise RuleError(f"player {player}: all boxes of one player carry the same ANTE")
    if len(light) <= table.light_boxes_per_player:
        return
    several = table.several_light
    names = ", ".join(str(b.box) for b in light)
    if len(light) > max(several.max_boxes, table.light_boxes_per_player):
        most = max(several.max_boxes, table.light_boxes_per_player)
        raise RuleError(f"player {player}: light boxes {names}; at most {most} light box(es)")
    if several.adjacent and any(b.box - a.box != 1 for a, b in pairwise(light)):
        raise RuleError(f"player {player}: light boxes {names} must be adjacent")
    if several.equal_antes and len({b.stake("ante") for b in light}) > 1:
        raise RuleError(f"player {player}: light boxes {names} must carry equal antes")
    if setup.limits.min_stake < several.min_table_stake:
        raise RuleError(
            f"player {player}: two light boxes need a table minimum of at least "
            f"{several.min_table_stake} (this table: {setup.limits.min_stake})"
        )
    if several.alone_at_table and len({b.player for b in setup.boxes}) > 1:
        raise RuleError(f"player {player}: two light boxes only for a player alone at the table")


def several_light_owner(setup: RoundSetup[StudProfile], player: str) -> bool:
    """Whether ``player`` holds more than one light box (and so its restrictions)."""
    return sum(1 for b in setup.boxes if b.player == player and not b.dark) > 1


def dealing_order(profile: StudProfile, boxes: tuple[BoxStake, ...]) -> tuple[BoxStake, ...]:
    """Boxes in the order cards are dealt: clockwise from box 1, or [002]'s
    larger ANTE first (equal antes clockwise, "right to left of the player")."""
    if profile.order.deal == "larger_ante_first":
        return tuple(sorted(boxes, key=lambda b: (-b.stake("ante"), b.box)))
    return tuple(sorted(boxes, key=lambda b: b.box))
