"""What a box may stake before the deal, declared once per profile.

Every banked game asks the same of a box's stakes (RULES.md §0 "Limits"):
only lines the game offers, whole non-negative amounts, the main stake
within the table limits, side stakes at their price, options a dark box
buys blind only where the profile sells them. A game says which lines and
prices it has in a :class:`StakeSpec` (each game's ``stake_spec(profile)``);
:func:`check_stake` applies it, the server publishes it so the client builds
its betting controls from it, and :func:`box_from_json` / :func:`box_to_json`
are the one way a box's stakes are written down (events, views, the wire).

>>> from croupier.games.base import BoxStake, Limits
>>> lines = (LineSpec("ante", "ANTE", required=True), LineSpec("bonus", "BONUS", price="side"))
>>> spec = StakeSpec(lines)
>>> check_stake(spec, Limits(100, 1000, 10**6), BoxStake(1, "ann", {"ante": 100, "bonus": 5}))
>>> check_stake(spec, Limits(100, 1000, 10**6), BoxStake(1, "ann", {"ante": 50}))
Traceback (most recent call last):
...
croupier.games.base.RuleError: box 1: ANTE 50 is outside the table limits 100..1000
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from croupier.games.base import JSON, BoxStake, Limits, RuleError

# How a line is priced against the table limits:
# ``limits``: minimum to maximum; ``side``: 1 to the maximum next to the main
# stake (the minimum when it stands alone); ``fee``: exactly its share of the
# main stake, by :class:`StakeFee`.
Price = Literal["limits", "side", "fee"]
# What a dark box takes before the deal: ``option`` s it buys (a 6th card,
# insurance, a game) or ``bet`` s it sets on later streets (TURN, RIVER).
PrebuyKind = Literal["option", "bet"]


@dataclass(frozen=True, slots=True)
class StakeFee:
    """A line priced by the main stake: ``percent`` of it rounded down,
    or a fixed amount for the main stakes listed in ``exceptions``."""

    percent: Fraction
    exceptions: Mapping[int, int] = field(default_factory=dict)

    def of(self, main: int) -> int:
        if main in self.exceptions:
            return self.exceptions[main]
        share = self.percent / 100
        return main * share.numerator // share.denominator


@dataclass(frozen=True, slots=True)
class LineSpec:
    """One line a box may stake before the deal.

    ``label`` names it in refusals ("ANTE", "PAIR PLUS", "the stake");
    ``required``: the box's main stake, within the limits on every box (unless
    a line that may stand ``alone`` is staked instead); ``on_dark``: a dark
    box may stake it too; ``fee``: the price of a ``fee`` line.
    """

    name: str
    label: str
    price: Price = "limits"
    required: bool = False
    alone: bool = False
    on_dark: bool = True
    fee: StakeFee | None = None


@dataclass(frozen=True, slots=True)
class PrebuySpec:
    """An option or bet a dark box takes before the deal, at ``antes`` x its ANTE."""

    name: str
    antes: Fraction


@dataclass(frozen=True, slots=True)
class StakeSpec:
    """The lines a box may stake in one profile, and what a dark box puts up.

    ``step``: amounts are whole multiples of it (minor units); ``dark``: the
    table has dark boxes, which stake ``dark_antes`` x ANTE blind with their
    ANTE (the BET) plus each of their ``prebuys`` chosen.
    """

    lines: tuple[LineSpec, ...]
    step: int = 1
    dark: bool = False
    dark_antes: Fraction = Fraction(0)
    prebuy_kind: PrebuyKind = "option"
    prebuys: tuple[PrebuySpec, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)

    @property
    def main(self) -> LineSpec | None:
        return next((line for line in self.lines if line.required), None)


# How refusals word a dark box's pre-deal choices: it *buys* options, *sets* bets.
_PREBUY_WORDS: dict[str, tuple[str, str, str]] = {
    "option": (
        "only a dark box pre-buys; a light box decides after the deal",
        "a dark box cannot pre-buy {item!r} here (allowed: {allowed})",
        "an option is pre-bought twice",
    ),
    "bet": (
        "only a dark box pre-sets its bets; a light box decides",
        "a dark box cannot pre-set {item!r} (allowed: {allowed})",
        "a bet is pre-set twice",
    ),
}


def whole(value: object) -> bool:
    """A whole number that is not a bool (money and counts)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_stake(spec: StakeSpec, limits: Limits, stake: BoxStake) -> None:
    """Refuse one box's stakes that ``spec`` does not allow, naming the box and the line."""
    where = f"box {stake.box}"
    for name, amount in stake.stakes.items():
        if name not in spec.names:
            raise RuleError(
                f"{where}: {name!r} is not a stake of this game ({', '.join(spec.names)})"
            )
        if not whole(amount) or amount < 0:
            raise RuleError(f"{where}: {name} must be a whole, non-negative number of minor units")
        if amount % spec.step:
            raise RuleError(f"{where}: {name} must be a whole number of {spec.step}")
    main = spec.main
    main_amount = stake.stake(main.name) if main is not None else 0
    alone = [line for line in spec.lines if line.alone and stake.stake(line.name)]
    if main is not None and (main_amount or not alone):
        _within(where, main, main_amount, limits.min_stake, limits)
    elif main is not None and stake.dark:
        raise RuleError(f"{where}: a dark box plays its {main.label}")
    elif main is None and not alone:
        labels = [line.label for line in spec.lines if line.alone]
        raise RuleError(f"{where}: no stake on {', '.join(labels[:-1])} or {labels[-1]}")
    for line in spec.lines:
        amount = stake.stake(line.name)
        if line is main or not amount:
            continue
        if stake.dark and not line.on_dark:
            raise RuleError(f"{where}: no {line.label} on a dark box")
        if line.fee is not None:
            price = line.fee.of(main_amount)
            if amount != price:
                label = main.label if main is not None else "stake"
                raise RuleError(
                    f"{where}: the {line.label} with {label} {main_amount} is {price}, not {amount}"
                )
            continue
        # Standing alone, a side stake is the box's stake: the table minimum holds.
        low = 1 if line.price == "side" and main_amount else limits.min_stake
        _within(where, line, amount, low, limits)
    _check_prebuys(spec, stake, where)


def _within(where: str, line: LineSpec, amount: int, low: int, limits: Limits) -> None:
    if not low <= amount <= limits.max_stake:
        raise RuleError(
            f"{where}: {line.label} {amount} is outside the table limits {low}..{limits.max_stake}",
            "stake_below_minimum" if amount < low else "stake_above_maximum",
            amount=amount,
            min=low,
            max=limits.max_stake,
        )


def _check_prebuys(spec: StakeSpec, stake: BoxStake, where: str) -> None:
    if not stake.prebuy:
        return
    light, unknown, twice = _PREBUY_WORDS[spec.prebuy_kind]
    if not stake.dark:
        raise RuleError(f"{where}: {light}")
    offered = [p.name for p in spec.prebuys]
    for item in stake.prebuy:
        if item not in offered:
            allowed = ", ".join(offered) or "nothing"
            raise RuleError(f"{where}: " + unknown.format(item=item, allowed=allowed))
    if len(set(stake.prebuy)) != len(stake.prebuy):
        raise RuleError(f"{where}: {twice}")


# ---------------------------------------------------------------- the one codec


def box_to_json(stake: BoxStake) -> JSON:
    """A box's stakes as events, views and the wire carry them:
    ``{"box": 1, "player": "ann", "stakes": {"ante": 1000}, "dark": true, "prebuy": ["sixth"]}``
    (``dark`` and ``prebuy`` only when set)."""
    data: JSON = {"box": stake.box, "player": stake.player, "stakes": dict(stake.stakes)}
    if stake.dark:
        data["dark"] = True
    if stake.prebuy:
        data["prebuy"] = list(stake.prebuy)
    return data


def box_from_json(data: Mapping[str, Any], where: str = "stake") -> BoxStake:
    """The box :func:`box_to_json` wrote, its shape checked (its rules are the
    engine's).

    >>> box_from_json({"box": 2, "player": "ann", "stakes": {"player": 500}})
    BoxStake(box=2, player='ann', stakes={'player': 500}, dark=False, prebuy=())
    >>> box_from_json({"box": 2, "player": "ann", "stakes": {"tie": "5"}})
    Traceback (most recent call last):
    ...
    croupier.games.base.RuleError: stake.stakes.tie: must be a whole number of minor units
    """
    unknown = sorted(set(data) - {"box", "player", "stakes", "dark", "prebuy"})
    if unknown:
        raise RuleError(f"{where}: unknown field {unknown[0]!r}")
    box, player = data.get("box"), data.get("player")
    if not isinstance(box, int) or isinstance(box, bool):
        raise RuleError(f"{where}.box: must be a whole number")
    if not isinstance(player, str) or not player:
        raise RuleError(f"{where}.player: must be the player's name")
    stakes = data.get("stakes")
    if not isinstance(stakes, Mapping):
        raise RuleError(f"{where}.stakes: must map lines to amounts, like {{'ante': 1000}}")
    for line, amount in stakes.items():
        if not isinstance(line, str) or not whole(amount) or amount < 0:
            raise RuleError(f"{where}.stakes.{line}: must be a whole number of minor units")
    dark = data.get("dark", False)
    if not isinstance(dark, bool):
        raise RuleError(f"{where}.dark: must be true or false")
    prebuy = data.get("prebuy", [])
    if not isinstance(prebuy, list | tuple) or not all(isinstance(p, str) for p in prebuy):
        raise RuleError(f"{where}.prebuy: must be a list of options like ['sixth']")
    return BoxStake(box, player, dict(stakes), dark, tuple(prebuy))
