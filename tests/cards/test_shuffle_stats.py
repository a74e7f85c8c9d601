"""Statistics of the shuffle (RULES.md §0 Shuffling): every card is equally
likely at every position.

For N shuffles of a 52-card deck, ``counts[card, position]`` should each be
about N/52. Three chi-square tests, each at alpha = 0.01 shared by Bonferroni
over everything it looks at (so the whole file wrongly fails a fair shuffle
less than 1 % of the time):

* every cell alone (2,704 one-degree tests, alpha / 2,704 each): no card is
  stuck to or kept from one place;
* every card's row (52 tests with 51 degrees of freedom, alpha / 52 each);
* the whole table (rows and columns both sum to N: 51 * 51 degrees of freedom).

scipy is not a dependency, so the chi-square tail is computed here from the
regularized incomplete gamma function (series and continued fraction, as in
Numerical Recipes), and checked against closed forms.

The FairSeed shuffles use a fixed server seed, so that part is reproducible;
``secure_shuffle`` draws from the OS CSPRNG and so fails a fair run with
probability under 1 %. A deliberately biased shuffle shows the tests can fail.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier.cards import FairSeed, secure_shuffle

ALPHA = 0.01
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


def failures(counts: NDArray[np.int64]) -> list[str]:
    """What the three tests reject (empty when the table looks uniform)."""
    n = int(counts[0].sum())
    expected = n / DECK
    cells = (counts - expected) ** 2 / expected
    found: list[str] = []
    # a cell's two outcomes (here / elsewhere) give a 1-dof statistic:
    # (O - E)^2 / E + (O - E)^2 / (N - E)
    cell_stat = cells * DECK / (DECK - 1)
    cell_p = np.array([[chi2_tail(float(v), 1) for v in row] for row in cell_stat])
    worst = np.unravel_index(int(np.argmin(cell_p)), cell_p.shape)
    if cell_p[worst] < ALPHA / 3 / DECK**2:
        found.append(f"card {worst[0]} at position {worst[1]}: p = {cell_p[worst]:.2e}")
    row_p = [chi2_tail(float(row.sum()), DECK - 1) for row in cells]
    worst_row = int(np.argmin(row_p))
    if row_p[worst_row] < ALPHA / 3 / DECK:
        found.append(f"card {worst_row} over positions: p = {row_p[worst_row]:.2e}")
    # Every deck is a permutation, so each cell is Binomial(n, 1/52): the table's
    # Pearson sum has mean 52 * 51 and variance 2 * 52^2 (not those of a chi-square
    # with 51^2 dof). Scaled by 51/52 it has the mean and variance of chi-square(51^2),
    # the classic correction; unscaled, a fair shuffle fails about 1 run in 30.
    table_p = chi2_tail(float(cells.sum()) * (DECK - 1) / DECK, (DECK - 1) ** 2)
    if table_p < ALPHA / 3:
        found.append(f"whole table: p = {table_p:.2e}")
    return found


def test_chi2_tail_matches_closed_forms() -> None:
    for x in (0.1, 1.0, 3.84, 6.63, 10.8, 30.0):
        assert chi2_tail(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
        assert chi2_tail(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
        four = math.exp(-x / 2) * (1 + x / 2)
        assert chi2_tail(x, 4) == pytest.approx(four, rel=1e-9)
    # table critical values: 50 dof at 0.01 is 76.154, 100 dof at 0.01 is 135.807
    assert chi2_tail(76.154, 50) == pytest.approx(0.01, rel=1e-3)
    assert chi2_tail(135.807, 100) == pytest.approx(0.01, rel=1e-3)


@pytest.mark.slow
def test_002_secure_shuffle_puts_every_card_everywhere_equally() -> None:
    decks = np.array([secure_shuffle(range(DECK)) for _ in range(SHUFFLES)], dtype=np.int64)
    assert failures(position_counts(decks)) == []


@pytest.mark.slow
def test_002_fair_seed_shuffle_puts_every_card_everywhere_equally() -> None:
    server_seed = bytes.fromhex("5eed" * 16)
    decks = np.array(
        [FairSeed(server_seed, "stats", nonce).shuffle(range(DECK)) for nonce in range(SHUFFLES)],
        dtype=np.int64,
    )
    assert failures(position_counts(decks)) == []


@pytest.mark.slow
def test_the_statistics_catch_a_biased_shuffle() -> None:
    # The classic mistake: swap each place with ANY place, not one at or below it.
    rng = np.random.default_rng(7)
    decks = np.tile(np.arange(DECK), (SHUFFLES, 1))
    rows = np.arange(SHUFFLES)
    for i in range(DECK):
        j = rng.integers(0, DECK, SHUFFLES)
        decks[rows, i], decks[rows, j] = decks[rows, j], decks[rows, i].copy()
    assert failures(position_counts(decks)) != []
