"""Who may sit where: boxes, light and dark, and what one player may hold.

The table rules of every banked card game (RULES.md §0 "Boxes"): a table has
a fixed number of boxes; a player may own several; light boxes are decided
by their owner, dark boxes play automatically. How many of each a player may
hold, whether several light boxes must be adjacent or carry equal antes, is
profile data (:class:`Table`, a profile's ``[table]``); :func:`check_boxes`
refuses a setup that breaks it or the stakes the game's :class:`StakeSpec`
allows, naming the box or the player.

>>> from croupier.games.base import BoxStake, Limits
>>> from croupier.games.common.stakes import LineSpec
>>> table = Table(boxes=6, light_boxes_per_player=1, dark_boxes_per_player=4,
...               several_light=SeveralLight(max_boxes=2, adjacent=True, equal_antes=True))
>>> spec = StakeSpec((LineSpec("ante", "ANTE", required=True),))
>>> boxes = (BoxStake(1, "ann", {"ante": 100}), BoxStake(3, "ann", {"ante": 100}))
>>> check_boxes(table, spec, Limits(10, 1000, 10**6), boxes)
Traceback (most recent call last):
...
croupier.games.base.RuleError: player ann: light boxes 1, 3 must be adjacent
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise
from typing import Annotated, Self

from pydantic import model_validator

from croupier.games.base import BoxStake, Limits, RuleError
from croupier.games.common.settings import Field, Listed, Refusal, Settings
from croupier.games.common.stakes import StakeSpec, check_stake, whole


class SeveralLight(Settings):
    """When a player may hold more than one light box, and on what terms
    (``[table.several_light]``; without it, one light box)."""

    max_boxes: int = Field(ge=2)
    adjacent: bool = False
    equal_antes: bool = False
    min_table_stake: int = Field(0, ge=0)
    alone_at_table: bool = False
    forbid_exchange: Annotated[tuple[int, ...], Listed] = ()


# A table without [table.several_light]: one light box (built unchecked: a
# written section must allow at least two).
ONE_LIGHT_BOX = SeveralLight.model_construct(max_boxes=1)


class Table(Settings):
    """A profile's ``[table]``."""

    boxes: int = Field(ge=1)
    light_boxes_per_player: int = Field(ge=1)
    dark_boxes_per_player: int = Field(0, ge=0)
    equal_antes_per_player: bool = False
    several_light: SeveralLight = Field(default_factory=lambda: ONE_LIGHT_BOX)
    # [002]'s personal game: the owner sees all own boxes at once; elsewhere a
    # box's cards reach its owner only when its turn comes [004 conduct rule 2].
    owner_sees_all_boxes: bool = False

    @model_validator(mode="after")
    def _one_way_to_several(self) -> Self:
        if self.several_light.max_boxes > 1 and self.light_boxes_per_player > 1:
            raise Refusal(
                "several_light", "light_boxes_per_player already allows several light boxes"
            )
        return self


def check_boxes(table: Table, spec: StakeSpec, limits: Limits, boxes: Sequence[BoxStake]) -> None:
    """Refuse boxes the table does not have, boxes staked twice or without a
    player, stakes ``spec`` does not allow, and what one player may not hold."""
    if not boxes:
        raise RuleError("no box has an ANTE: nothing to deal")
    seen: set[int] = set()
    by_player: dict[str, list[BoxStake]] = defaultdict(list)
    for stake in boxes:
        where = f"box {stake.box}"
        if not whole(stake.box) or not 1 <= stake.box <= table.boxes:
            raise RuleError(f"{where}: the table has boxes 1 to {table.boxes}")
        if stake.box in seen:
            raise RuleError(f"{where}: staked twice")
        seen.add(stake.box)
        if not stake.player:
            raise RuleError(f"{where}: has no player")
        by_player[stake.player].append(stake)
        check_stake(spec, limits, stake)
    for player, own in by_player.items():
        check_player(table, limits, boxes, player, sorted(own, key=lambda s: s.box))


def check_player(
    table: Table,
    limits: Limits,
    everyone: Sequence[BoxStake],
    player: str,
    boxes: list[BoxStake],
) -> None:
    """Refuse what one player may not hold: too many dark or light boxes,
    light boxes apart or with unequal antes where that is the rule."""
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
    if limits.min_stake < several.min_table_stake:
        raise RuleError(
            f"player {player}: two light boxes need a table minimum of at least "
            f"{several.min_table_stake} (this table: {limits.min_stake})"
        )
    if several.alone_at_table and len({b.player for b in everyone}) > 1:
        raise RuleError(f"player {player}: two light boxes only for a player alone at the table")


def several_light_owner(boxes: Sequence[BoxStake], player: str) -> bool:
    """Whether ``player`` holds more than one light box (and so its restrictions)."""
    return sum(1 for b in boxes if b.player == player and not b.dark) > 1
