"""Statistics of the shuffle (RULES.md §0 Shuffling): every card is equally
likely at every position.

For N shuffles of a 52-card deck, ``counts[card, position]`` should each be
about N/52. Three chi-square tests share one alpha by Bonferroni over
everything they look at:

* every cell alone (2,704 one-degree tests, alpha / 2,704 each): no card is
  stuck to or kept from one place;
* every card's row (52 tests with 51 degrees of freedom, alpha / 52 each);
* the whole table (rows and columns both sum to N: 51 * 51 degrees of freedom).

scipy is not a dependency, so the chi-square tail is computed here from the
regularized incomplete gamma function (series and continued fraction, as in
Numerical Recipes), and checked against closed forms.

``secure_shuffle`` draws from the OS CSPRNG, so any test of it at a fixed
alpha fails some fair runs. The design is two-stage: a first sample is judged
at ``ALPHA``; only when it is rejected is a second, independent sample drawn,
and the test fails only when that one is rejected too. A fair shuffle fails a
run with probability ``ALPHA ** 2`` = 2.5e-7 (below the project's 1e-6), while
the two classic broken shuffles (swap with any place; an index taken modulo
from a random byte) are rejected by both stages with p-values so far below
``ALPHA`` that they are caught every time (their tests check that margin).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier.cards import FairSeed, secure_shuffle

ALPHA = 5e-4  # per stage; a fair run fails only when two independent stages reject
DECK = 52
SHUFFLES = 25_000  # about 481 per cell


def _gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x) = P[Gamma(a) > x]."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # the series for P converges fast here
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(log_front)


def chi2_tail(statistic: float, dof: int) -> float:
    """P[chi-square with ``dof`` degrees of freedom >= statistic]."""
    return _gamma_q(dof / 2, statistic / 2)


def position_counts(decks: NDArray[np.int64]) -> NDArray[np.int64]:
    """counts[card, position] over a stack of dealt decks (one per row)."""
    positions = np.broadcast_to(np.arange(DECK), decks.shape)
    flat = np.bincount((decks * DECK + positions).ravel(), minlength=DECK * DECK)
    return flat.reshape(DECK, DECK)


def p_values(counts: NDArray[np.int64]) -> dict[str, tuple[float, str]]:
    """The smallest p-value of each of the three tests, each scaled by its Bonferroni factor."""
    n = int(counts[0].sum())
    expected = n / DECK
    cells = (counts - expected) ** 2 / expected
    # a cell's two outcomes (here / elsewhere) give a 1-dof statistic:
    # (O - E)^2 / E + (O - E)^2 / (N - E)
    cell_stat = cells * DECK / (DECK - 1)
    cell_p = np.array([[chi2_tail(float(v), 1) for v in row] for row in cell_stat])
    worst = np.unravel_index(int(np.argmin(cell_p)), cell_p.shape)
    row_p = [chi2_tail(float(row.sum()), DECK - 1) for row in cells]
    worst_row = int(np.argmin(row_p))
    # Every deck is a permutation, so each cell is Binomial(n, 1/52): the table's
    # Pearson sum has mean 52 * 51 and variance 2 * 52^2 (not those of a chi-square
    # with 51^2 dof). Scaled by 51/52 it has the mean and variance of chi-square(51^2),
    # the classic correction; unscaled, a fair shuffle fails about 1 run in 30.
    table_p = chi2_tail(float(cells.sum()) * (DECK - 1) / DECK, (DECK - 1) ** 2)
    return {
        "cell": (float(cell_p[worst]) * 3 * DECK**2, f"card {worst[0]} at position {worst[1]}"),
        "row": (row_p[worst_row] * 3 * DECK, f"card {worst_row} over positions"),
        "table": (table_p * 3, "whole table"),
    }


def failures(counts: NDArray[np.int64], alpha: float = ALPHA) -> list[str]:
    """What the three tests reject at ``alpha`` (empty when the table looks uniform)."""
    return [f"{where}: adjusted p = {p:.2e}" for p, where in p_values(counts).values() if p < alpha]


def two_stage(sample: Callable[[int], NDArray[np.int64]]) -> list[str]:
    """Judge ``sample(0)``; only if it is rejected, judge an independent ``sample(1)``.

    Returns the second stage's rejections (empty: the shuffle passes). Two
    independent stages at ``ALPHA`` each fail a fair shuffle with probability
    ``ALPHA ** 2``.
    """
    if not failures(position_counts(sample(0))):
        return []
    return failures(position_counts(sample(1)))


def swap_with_any_place(stage: int) -> NDArray[np.int64]:
    """The classic mistake: swap each place with ANY place, not one at or below it."""
    rng = np.random.default_rng([7, stage])
    decks = np.tile(np.arange(DECK), (SHUFFLES, 1))
    rows = np.arange(SHUFFLES)
    for i in range(DECK):
        j = rng.integers(0, DECK, SHUFFLES)
        decks[rows, i], decks[rows, j] = decks[rows, j], decks[rows, i].copy()
    return decks


def index_modulo_a_random_byte(stage: int) -> NDArray[np.int64]:
    """Fisher-Yates whose index is ``byte % (i + 1)``: small indices come up too often."""
    rng = np.random.default_rng([11, stage])
    decks = np.tile(np.arange(DECK), (SHUFFLES, 1))
    rows = np.arange(SHUFFLES)
    for i in range(DECK - 1, 0, -1):
        j = rng.integers(0, 256, SHUFFLES) % (i + 1)
        decks[rows, i], decks[rows, j] = decks[rows, j], decks[rows, i].copy()
    return decks


def test_chi2_tail_matches_closed_forms() -> None:
    for x in (0.1, 1.0, 3.84, 6.63, 10.8, 30.0):
        assert chi2_tail(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
        assert chi2_tail(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
        four = math.exp(-x / 2) * (1 + x / 2)
        assert chi2_tail(x, 4) == pytest.approx(four, rel=1e-9)
    # table critical values: 50 dof at 0.01 is 76.154, 100 dof at 0.01 is 135.807
    assert chi2_tail(76.154, 50) == pytest.approx(0.01, rel=1e-3)
    assert chi2_tail(135.807, 100) == pytest.approx(0.01, rel=1e-3)


def test_two_stages_together_fail_a_fair_shuffle_less_than_once_in_a_million() -> None:
    assert ALPHA**2 < 1e-6


@pytest.mark.slow
def test_002_secure_shuffle_puts_every_card_everywhere_equally() -> None:
    def sample(_stage: int) -> NDArray[np.int64]:
        return np.array([secure_shuffle(range(DECK)) for _ in range(SHUFFLES)], dtype=np.int64)

    assert two_stage(sample) == []


@pytest.mark.slow
def test_002_fair_seed_shuffle_puts_every_card_everywhere_equally() -> None:
    server_seed = bytes.fromhex("5eed" * 16)

    def sample(stage: int) -> NDArray[np.int64]:
        seeds = (FairSeed(server_seed, f"stats-{stage}", nonce) for nonce in range(SHUFFLES))
        return np.array([seed.shuffle(range(DECK)) for seed in seeds], dtype=np.int64)

    assert two_stage(sample) == []


@pytest.mark.slow
@pytest.mark.parametrize("broken", [swap_with_any_place, index_modulo_a_random_byte])
def test_the_two_stage_statistics_catch_a_biased_shuffle_every_time(
    broken: Callable[[int], NDArray[np.int64]],
) -> None:
    assert two_stage(broken) != []
    # Not by luck: in both stages the strongest test is rejected by a margin of
    # many orders of magnitude, so no draw of a broken shuffle passes.
    for stage in (0, 1):
        strongest = min(p for p, _ in p_values(position_counts(broken(stage))).values())
        assert strongest < ALPHA * 1e-20
