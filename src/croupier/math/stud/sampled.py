"""The house edge under the optimal strategy with improvements, sampled.

Counting every (hand, up card) class with the full menu is CPU-hours (see
docs/math/README.md); a sample of deals gives the figure with a 99 %
interval far sooner, because most of its spread is known exactly:

* **Control variate.** For every deal the best final decision without
  improving (fold, play, insure) is counted exactly, and its mean over all
  deals is known exactly from the ``play`` run of
  :mod:`croupier.math.stud.strategy` (its cached chunks). The optimum with
  improvements is that plus the value of improving, ``d`` = best option -
  best final decision (never negative), and only ``d`` is sampled: it is zero
  or small for most deals, so its spread is a fraction of the EV's.
* **Stratified.** Deals fall into strata by the category of the box's first
  five cards (high card, pair, two pairs, three of a kind, straight or better)
  whose probabilities are exact (the hand table's counts); the estimate is
  the strata's means weighted by those probabilities (post-stratification).

Each deal's best option is the advisor's (:func:`croupier.math.stud.advise.advise`);
a deal whose best option was itself sampled is refused (the estimate would
be biased by the maximum of noisy values): use it on profiles whose
improvements the advisor counts exactly (the five-card profiles).

    python -m croupier.math.stud.sampled five-card-exchange --sample 2000 --seed 14
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import asdict, dataclass

import numpy as np

from croupier import profiles
from croupier.games.stud.payout import evaluate
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.advise import Situation, advise, context, final_values
from croupier.math.stud.strategy import _path, n_chunks
from croupier.poker.values import CATEGORY_BASE, Category

Z99 = 2.5758
GOAL = 0.0002  # the 99 % interval: +-0.02 % of the ANTE
STRATA = ("high card", "pair", "two pairs", "three of a kind", "straight or better")


def _stratum(category: Category) -> int:
    """The stratum of a first five (an A-K hand is a high card here)."""
    order = (Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.STRAIGHT)
    return sum(category >= c for c in order)


def strata_probabilities(profile: StudProfile) -> list[float]:
    """The exact probability of each stratum for the first five cards."""
    table = context(profile, 0).table
    total = int(table.cum0[-1])
    counts = [0] * len(STRATA)
    for category in Category:
        low = table.at_least(int(category) * CATEGORY_BASE)
        high = table.at_least((int(category) + 1) * CATEGORY_BASE)
        counts[_stratum(category)] += int(table.cum0[high] - table.cum0[low])
    return [c / total for c in counts]


def play_mean(profile: StudProfile) -> float:
    """The mean over every deal of the best final decision without improving,
    from the finished ``play`` run's cached chunks."""
    weight, value = 0, 0.0
    for chunk in range(n_chunks()):
        path = _path(profile, "play", chunk)
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            raise LookupError(
                f"{profile.id}: the play run is not finished ({path} missing); run "
                f"python -m croupier.math.stud.strategy {profile.id} --mode play"
            ) from None
        weight += int(data["weight"])
        value += float(data["value"])
    return value / weight


@dataclass(frozen=True, slots=True)
class Estimate:
    profile: str
    deals: int
    seed: int
    play_mean: float  # exact: the best final decision without improving
    improving: float  # sampled: the mean value of improving
    half_width: float  # 99 % interval of ``improving`` (and of the return)
    plain_half_width: float  # the 99 % interval the same deals give without the control
    cpu_seconds: float

    @property
    def value(self) -> float:
        return self.play_mean + self.improving

    def cpu_for(self, half_width: float = GOAL) -> float:
        """CPU seconds the same sampling needs for a 99 % interval of ``half_width``."""
        return self.cpu_seconds * (self.half_width / half_width) ** 2


def improvements(profile: StudProfile, deals: int, seed: int) -> tuple[list[list[float]], float]:
    """Per stratum, the value of improving (best option - best final decision)
    of each of ``deals`` random deals (reproducible by ``seed``), and the plain
    99 % half width of the best options themselves (no control)."""
    rng = np.random.default_rng(seed)
    ctx = context(profile, seed)
    gains: list[list[float]] = [[] for _ in STRATA]
    bests = []
    for _ in range(deals):
        deal = rng.permutation(52)[:6].tolist()
        five, up = tuple(deal[:5]), deal[5]
        final = final_values(ctx, np.array([five]), up, np.zeros((1, 0), np.int64))
        stand = float(final.max())
        best = advise(profile, Situation(five, up), seed=seed)[0]
        if not best.exact:
            raise ValueError(f"{profile.id}: the best option of {five}/{up} is sampled")
        gains[_stratum(evaluate(profile, five).main.category)].append(max(best.ev - stand, 0.0))
        bests.append(best.ev)
    return gains, Z99 * float(np.std(bests, ddof=1)) / math.sqrt(deals)


def stratified(shares: list[float], gains: list[list[float]]) -> tuple[float, float]:
    """The post-stratified mean of ``gains`` and its 99 % half width. A stratum
    drawn fewer than twice has no spread to show: it joins the one below."""
    p, g = list(shares), [list(v) for v in gains]
    for h in range(len(g) - 1, 0, -1):
        if len(g[h]) < 2:
            g[h - 1] += g[h]
            p[h - 1] += p[h]
            g[h], p[h] = [], 0.0
    mean, variance = 0.0, 0.0
    for share, values in zip(p, g, strict=True):
        if values:
            mean += share * float(np.mean(values))
        if len(values) > 1:
            variance += share**2 * float(np.var(values, ddof=1)) / len(values)
    return mean, Z99 * math.sqrt(variance)


def sample(profile: StudProfile, deals: int, seed: int) -> Estimate:
    """The return per ANTE with improvements from ``deals`` random deals
    (reproducible by ``seed``)."""
    base = play_mean(profile)  # first: refuse before any work if the play run is missing
    started = time.process_time()
    gains, plain = improvements(profile, deals, seed)
    cpu = time.process_time() - started
    improving, half = stratified(strata_probabilities(profile), gains)
    return Estimate(profile.id, deals, seed, base, improving, half, plain, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("profile")
    parser.add_argument("--sample", type=int, required=True, help="deals to sample")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    profile = profiles.load_as(args.profile, StudProfile)
    e = sample(profile, args.sample, args.seed)
    print(json.dumps({
        **asdict(e),
        "return per ANTE": e.value,
        "house edge per ANTE": -e.value,
        "99% interval": f"+-{e.half_width:.6f}",
        "CPU seconds for +-0.02%": round(e.cpu_for()),
    }, indent=2))  # fmt: skip


if __name__ == "__main__":
    main()
