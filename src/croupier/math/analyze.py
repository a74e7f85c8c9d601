"""``croupier analyze PROFILE``: one door to every game's exact analysis.

Each game names, in its :class:`~croupier.games.registry.GameSpec`
(``analyses``), a function that takes its loaded profile and returns a
:class:`Report`: named figures (returns, house edges, probabilities) with
how they were computed. The analyses themselves live next to their game
(``croupier.math.<game>``); this module only finds and prints them.

A report may also carry its :class:`Wager` s: every way a round can end, with
its net result per unit and how often it happens. From these alone come the
figures a PAR sheet needs for every game alike (return, standard deviation,
element of risk, hit frequency of every pay-table line, the distribution of
the net result, the effect of a maximum payout), so an analysis states its
outcomes once and never computes those figures itself.

>>> w = Wager("even money", "unit", (Outcome("win", 1, Fraction(18, 37)),
...                                   Outcome("lose", -1, Fraction(19, 37))))
>>> w.ev, round(w.std_dev, 6), w.element_of_risk
(Fraction(-1, 37), 0.999635, Fraction(-1, 37))
>>> w.capped_ev(Fraction(1, 2))      # a win may pay at most half the stake
Fraction(-10, 37)
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier import profiles
from croupier.games.registry import games, resolve, spec

# Two-sided 99 % quantile of the normal distribution: a sampled figure's
# interval is the mean +- Z99 standard errors.
Z99 = 2.5758293035489


@dataclass(frozen=True, slots=True)
class Sample:
    """How a sampled figure was obtained: reproducible from ``seed``."""

    seed: int
    rounds: int
    low: float  # the 99 % interval
    high: float

    @classmethod
    def of(cls, seed: int, rounds: int, mean: float, std_dev: float) -> Sample:
        half = Z99 * std_dev / math.sqrt(rounds)
        return cls(seed, rounds, mean - half, mean + half)

    def describe(self) -> str:
        return (
            f"sampled: {self.rounds:,} rounds, seed {self.seed}, "
            f"99 % interval [{self.low:.6f}, {self.high:.6f}]"
        )


@dataclass(frozen=True, slots=True)
class Figure:
    """One computed figure: a probability or a return per unit staked.

    ``exact`` keeps the rational value where the analysis is exact; ``value``
    is its float for printing (returns are per unit of the named stake);
    ``sample`` says how a sampled figure was drawn.
    """

    name: str
    value: float
    exact: Fraction | None = None
    note: str = ""
    sample: Sample | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """One way a wager ends: its pay-table ``line`` (or decision), the net
    result per unit in that case, and its probability (exact where known)."""

    line: str
    net: Fraction
    probability: Fraction | float


@dataclass(frozen=True, slots=True)
class Wager:
    """A bet (or a bet with the decisions that follow it) as its outcomes.

    ``unit`` names what the nets are per (``ANTE``, ``unit staked``);
    ``average_stake`` is what a round stakes on average per unit, all later
    bets included: the element of risk divides by it. ``sample`` is set when
    the probabilities are sampled frequencies.
    """

    name: str
    unit: str
    outcomes: tuple[Outcome, ...]
    average_stake: Fraction | float = 1
    sample: Sample | None = None

    @property
    def exact(self) -> bool:
        return (
            self.sample is None
            and all(isinstance(o.probability, Fraction) for o in self.outcomes)
            and isinstance(self.average_stake, (int, Fraction))
        )

    @property
    def ev(self) -> Fraction | float:
        """The expected net result per unit (negative: the house edge)."""
        return sum((o.probability * o.net for o in self.outcomes), Fraction(0))

    @property
    def std_dev(self) -> float:
        """The standard deviation of the net result per round, in units."""
        second = sum((o.probability * o.net * o.net for o in self.outcomes), Fraction(0))
        return math.sqrt(max(float(second) - float(self.ev) ** 2, 0.0))

    @property
    def element_of_risk(self) -> Fraction | float:
        """The expected net result per unit actually staked."""
        return self.ev / self.average_stake

    def hit_frequency(self) -> dict[str, Fraction | float]:
        """How often each pay-table line (or decision) ends the round."""
        lines: dict[str, Fraction | float] = {}
        for o in self.outcomes:
            lines[o.line] = lines.get(o.line, Fraction(0)) + o.probability
        return lines

    def contribution(self) -> dict[str, Fraction | float]:
        """Each line's share of the expected net result (they sum to ``ev``)."""
        lines: dict[str, Fraction | float] = {}
        for o in self.outcomes:
            lines[o.line] = lines.get(o.line, Fraction(0)) + o.probability * o.net
        return lines

    def distribution(self) -> dict[Fraction, Fraction | float]:
        """The probability of each net result per unit, lowest first."""
        nets: dict[Fraction, Fraction | float] = {}
        for o in sorted(self.outcomes, key=lambda o: o.net):
            nets[o.net] = nets.get(o.net, Fraction(0)) + o.probability
        return nets

    def capped_ev(self, cap: Fraction) -> Fraction | float:
        """The expected net result when a round's winnings may not exceed
        ``cap`` units (the table's maximum payout over the stake). Exact where
        a round's lines win or lose together; where one line loses while
        another wins the cut is slightly overstated."""
        return sum((o.probability * min(o.net, cap) for o in self.outcomes), Fraction(0))

    def figures(self) -> tuple[Figure, ...]:
        """The standard figures of this wager, ready to print."""
        how = self.sample.describe() if self.sample else "exact" if self.exact else ""
        ev, eor = self.ev, self.element_of_risk
        per = f"per {self.unit}"

        def fig(name: str, value: Fraction | float, note: str = "") -> Figure:
            exact = value if isinstance(value, Fraction) and self.sample is None else None
            return Figure(f"{self.name}: {name}", float(value), exact, note)

        out = [
            Figure(f"{self.name}: return {per}", float(ev),
                   ev if isinstance(ev, Fraction) and self.sample is None else None,
                   how, self.sample),
            fig(f"house edge {per}", -ev, f"{-100 * float(ev):.4f} %"),
            fig("element of risk", -eor,
                f"{-100 * float(eor):.4f} % of {float(self.average_stake):.4f} {self.unit} staked"),
            Figure(f"{self.name}: standard deviation {per}", self.std_dev),
        ]  # fmt: skip
        out += [fig(f"hit frequency: {line}", p) for line, p in self.hit_frequency().items()]
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Chart:
    """A bar chart of one of the report's tables: ``label`` column along,
    ``value`` column up."""

    table: str
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Report:
    profile: str
    method: str
    figures: tuple[Figure, ...]
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    seconds: float = 0.0
    wagers: tuple[Wager, ...] = ()
    charts: tuple[Chart, ...] = ()

    def all_figures(self) -> tuple[Figure, ...]:
        """The analysis's own figures, then every wager's standard figures and
        its return under the maximum payout of the casino's default tier."""
        from croupier.math.par import cap_effect, casino_tiers

        tier = casino_tiers()[0]
        capped = tuple(
            Figure(f"{w.name}: return at the {row['stake']} stake, tier {tier.name}",
                   row["return"], None, f"maximum payout {row['maximum payout']}: "
                   f"{row['change of the return']:+.6f} {w.unit}")
            for w in self.wagers
            for row in cap_effect(w, tier.limits)
        )  # fmt: skip
        return self.figures + tuple(f for w in self.wagers for f in w.figures()) + capped


Analysis = Callable[[Any], Report]


def analyze(profile_id: str, **options: int) -> Report:
    """Run the registered analysis for a shipped profile; ``options`` (a
    sampled analysis's ``rounds`` and ``seed``) go to the analysis."""
    profile = profiles.load(profile_id)
    game = profile.game
    target = spec(game).analyses.get(game)
    if target is None:
        known = ", ".join(g for g in games() if g in spec(g).analyses) or "none yet"
        raise LookupError(
            f"no analysis for {profile_id!r} (game {game!r}; games with one: {known})"
        )
    run: Analysis = resolve(target)
    if options:
        taken = inspect.signature(run).parameters
        unknown = sorted(set(options) - set(taken))
        if unknown:
            raise LookupError(f"the {game} analysis takes no option {', '.join(unknown)}")
    return run(profile, **options)
