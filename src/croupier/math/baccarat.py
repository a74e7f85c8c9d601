"""Exact baccarat: the probabilities of BANKER, PLAYER and TIE by enumeration.

Every order in which the shoe can deal the (at most six) cards of a coup is
weighed by how many cards of each value are left, without replacement; the
same tableau functions as the engine decide who draws. For the 8-deck shoe
this gives the published 0.458597 (BANKER), 0.446247 (PLAYER), 0.095156
(TIE). Integers only, so the result is an exact fraction.

>>> odds = coup_odds(1)               # one deck: fewer tens, so BANKER and PLAYER both gain
>>> [round(float(odds[r]), 6) for r in ("banker", "player", "tie")], sum(odds.values())
([0.459624, 0.44676, 0.093615], Fraction(1, 1))
"""

from __future__ import annotations

import time
from fractions import Fraction

from croupier.games.baccarat.profile import BaccaratProfile
from croupier.games.baccarat.tableau import NATURAL, banker_draws, player_draws, points
from croupier.math.analyze import Figure, Outcome, Report, Wager


def _counts(decks: int) -> list[int]:
    """Cards of each value 0..9 in the shoe: tens and pictures are worth 0."""
    return [16 * decks] + [4 * decks] * 9


def coup_odds(decks: int) -> dict[str, Fraction]:
    """The exact probability of each result (``banker``, ``player``, ``tie``)."""
    counts = _counts(decks)
    n = sum(counts)
    wins = {"banker": 0, "player": 0, "tie": 0}

    def take(v: int) -> int:
        left = counts[v]
        counts[v] -= 1
        return left

    # weights are scaled to six-card orders: a coup of k cards counts for every
    # way the unused 6 - k positions could have been filled.
    scale = {4: (n - 4) * (n - 5), 5: n - 5, 6: 1}
    for p1 in range(10):
        w1 = take(p1)
        for b1 in range(10):
            w2 = w1 * take(b1)
            for p2 in range(10):
                w3 = w2 * take(p2)
                for b2 in range(10):
                    w4 = w3 * take(b2)
                    if w4:
                        _thirds(counts, wins, w4, scale, (p1 + p2) % 10, (b1 + b2) % 10)
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    return {name: Fraction(w, total) for name, w in wins.items()}


def result(player: int, banker: int) -> str:
    return "player" if player > banker else "banker" if banker > player else "tie"


def _thirds(
    counts: list[int], wins: dict[str, int], weight: int, scale: dict[int, int], p: int, b: int
) -> None:
    """Add the coups that start PLAYER ``p``, BANKER ``b`` with this ``weight``."""
    if p >= NATURAL or b >= NATURAL or (not player_draws(p) and not banker_draws(b, None)):
        wins[result(p, b)] += weight * scale[4]
        return
    if not player_draws(p):  # the PLAYER stands on 6-7, the BANKER draws on 0-5
        for b3 in range(10):
            if counts[b3]:
                wins[result(p, points((b, b3)))] += weight * counts[b3] * scale[5]
        return
    for p3 in range(10):
        w = weight * counts[p3]
        if not w:
            continue
        counts[p3] -= 1
        p_total = points((p, p3))
        if banker_draws(b, p3):
            for b3 in range(10):
                if counts[b3]:
                    wins[result(p_total, points((b, b3)))] += w * counts[b3]
        else:
            wins[result(p_total, b)] += w * scale[5]
        counts[p3] += 1


def returns(profile: BaccaratProfile, odds: dict[str, Fraction]) -> dict[str, Fraction]:
    """The expected return per unit staked on each bet (negative: the house edge)."""
    banker, player, tie = odds["banker"], odds["player"], odds["tie"]
    on_tie = 0 if profile.tie_returns_player_banker else -1
    net_banker = profile.banker_pays * (1 - profile.banker_commission)
    return {
        "player": player * profile.player_pays - banker + tie * on_tie,
        "banker": banker * net_banker - player + tie * on_tie,
        "tie": tie * profile.tie_pays - (1 - tie),
    }


def wagers(profile: BaccaratProfile, odds: dict[str, Fraction]) -> tuple[Wager, ...]:
    """Each bet as a wager: what it nets per unit on each result of the coup
    (the same prices as :func:`returns`)."""
    banker, player, tie = odds["banker"], odds["player"], odds["tie"]
    on_tie = Fraction(0 if profile.tie_returns_player_banker else -1)
    net_banker = Fraction(profile.banker_pays) * (1 - Fraction(profile.banker_commission))
    unit = "unit"
    return (
        Wager("BANKER", unit, (Outcome("BANKER wins", net_banker, banker),
                               Outcome("PLAYER wins", Fraction(-1), player),
                               Outcome("tie", on_tie, tie))),
        Wager("PLAYER", unit, (Outcome("PLAYER wins", Fraction(profile.player_pays), player),
                               Outcome("BANKER wins", Fraction(-1), banker),
                               Outcome("tie", on_tie, tie))),
        Wager("TIE", unit, (Outcome("tie", Fraction(profile.tie_pays), tie),
                            Outcome("no tie", Fraction(-1), 1 - tie))),
    )  # fmt: skip


def analyze(profile: BaccaratProfile) -> Report:
    started = time.perf_counter()
    odds = coup_odds(profile.shoe.decks)
    ret = returns(profile, odds)
    figures = [Figure(f"P({name} wins)", float(odds[name]), odds[name]) for name in odds]
    for name in ("banker", "player", "tie"):
        figures.append(
            Figure(
                f"return of {name.upper()}",
                float(ret[name]),
                ret[name],
                f"house edge {-100 * float(ret[name]):.4f} %",
            )
        )
    return Report(
        profile.id,
        f"exact enumeration of every coup from a {profile.shoe.decks}-deck shoe",
        tuple(figures),
        wagers=wagers(profile, odds),
        seconds=time.perf_counter() - started,
    )
