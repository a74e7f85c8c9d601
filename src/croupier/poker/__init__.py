"""Poker hand ranking: a scalar API for engines, a batch API for analysis.

* :mod:`croupier.poker.hand`: one hand at a time (:func:`rank5`, :func:`best_of`,
  :func:`second_combination`, the fast value-only :func:`value5`/:func:`value_best`);
* :mod:`croupier.poker.three`: three-card poker's own order (:func:`rank3`);
* :mod:`croupier.poker.batch`: numpy arrays of hands (``rank5_batch``,
  ``best_batch``, ``rank3_batch``), the same integer values as the scalar API;
* :mod:`croupier.poker.values`: how a value is built; :mod:`croupier.poker.tables`:
  the cached lookup tables behind both paths.
"""

from croupier.poker.hand import (
    Category,
    HandRank,
    best_containing,
    best_of,
    rank5,
    second_combination,
    value5,
    value_best,
)
from croupier.poker.three import rank3, value3

__all__ = [
    "Category",
    "HandRank",
    "best_containing",
    "best_of",
    "rank3",
    "rank5",
    "second_combination",
    "value3",
    "value5",
    "value_best",
]
