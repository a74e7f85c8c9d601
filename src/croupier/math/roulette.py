"""Exact roulette returns: every bet, every position, over the 37 pockets.

A bet's return per unit staked is the average over the pockets of what its
positions pay back, less the stake. With one zero and the standard pay table
every bet, inside, outside or called, returns exactly -1/37.

>>> from croupier.profiles import load
>>> bet_return(load("roulette"), "voisins"), bet_return(load("roulette"), "red")
(Fraction(-1, 37), Fraction(-1, 37))
"""

from __future__ import annotations

import time
from fractions import Fraction

from croupier.games.roulette.profile import RouletteProfile
from croupier.games.roulette.wheel import (
    CALL_BETS,
    OUTSIDE,
    POCKETS,
    covers,
    expand,
    inside_positions,
    kind_of,
)
from croupier.math.analyze import Figure, Outcome, Report, Wager


def bet_return(profile: RouletteProfile, spot: str) -> Fraction:
    """Expected return per unit staked on ``spot`` (a position or a call bet)."""
    spread = expand(spot)
    chips = sum(n for _, n in spread)
    back = sum(
        n * (1 + profile.pays[kind_of(position)])
        for pocket in range(POCKETS)
        for position, n in spread
        if pocket in covers(position)
    )
    return Fraction(back, POCKETS * chips) - 1


def bet_wager(profile: RouletteProfile, kind: str, spot: str) -> Wager:
    """One bet as a wager: its net per unit staked on each pocket, pockets
    with the same net together."""
    spread = expand(spot)
    chips = sum(n for _, n in spread)
    nets: dict[Fraction, int] = {}
    for pocket in range(POCKETS):
        back = sum(
            n * (1 + profile.pays[kind_of(position)])
            for position, n in spread
            if pocket in covers(position)
        )
        net = Fraction(back, chips) - 1
        nets[net] = nets.get(net, 0) + 1
    outcomes = tuple(
        Outcome("lose" if net == -1 else f"win {net}", net, Fraction(n, POCKETS))
        for net, n in sorted(nets.items(), reverse=True)
    )
    return Wager(kind if kind == spot else f"{kind} ({spot})", "unit", outcomes)


def all_bets() -> dict[str, tuple[str, ...]]:
    """Every bet a player can make, grouped by kind."""
    groups: dict[str, list[str]] = {}
    for name in inside_positions():
        groups.setdefault(kind_of(name), []).append(name)
    for kind in OUTSIDE:
        groups[kind] = [f"{kind}:{k}" for k in (1, 2, 3)] if kind in ("dozen", "column") else [kind]
    for call in CALL_BETS:
        groups[call] = [call]
    for call in ("neighbours", "complete"):
        groups[call] = [f"{call}:{n}" for n in range(POCKETS)]
    return {kind: tuple(spots) for kind, spots in groups.items()}


def analyze(profile: RouletteProfile) -> Report:
    started = time.perf_counter()
    figures: list[Figure] = []
    wagers: list[Wager] = []
    for kind, spots in all_bets().items():
        wagers.append(bet_wager(profile, kind, spots[0]))
        values = {bet_return(profile, spot) for spot in spots}
        worst = min(values)
        same = "all equal" if len(values) == 1 else "the worst shown"
        note = f"exactly {worst}; {len(spots)} bet(s), {same}"
        figures.append(Figure(f"return of {kind}", float(worst), worst, note))
    return Report(
        profile.id,
        "exact: every bet's payout averaged over the 37 pockets",
        tuple(figures),
        wagers=tuple(wagers),
        seconds=time.perf_counter() - started,
    )
