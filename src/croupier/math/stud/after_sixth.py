"""The six cards after the 6th card ([003]): the rule classes a chart for them reads.

A [003] box that bought its 6th card may give one of the six back for a new card, at a
price (1.5 ANTE in six-card), before it plays or folds; the optimum does so on about a
third of its 6th cards. The charts of :mod:`croupier.math.stud.improve_charts` stop at
"buy the 6th card"; a chart for the six says what to do then. Its rules read the six as a
player does: the best five's hand class (a high card by its five ranks, a pair by its rank,
anything higher by its name), the six's best draw (four to a straight flush, a flush, an
open or an inside straight), the up card's rank and whether it pairs one of the six; and
they name the cards to give by their role, **the lowest spare cards**: the lowest cards
neither paired nor in the draw; then, outside the draw, a card whose twin the draw holds,
then the lowest paired card; the draw's cards last (of two draws alike, the higher one
kept); of a straight or better, the card the best five leave out first. Six-card gives one
card for one (six stay); Shambala two for one (five stay).

The improve run tallies these classes (keys ``six1/`` or ``six2/``, by the cards given) over
the deals where the optimum buys the 6th card, each 6th card weighted by its chance:
standing, giving the spare card, and the best continuation (the optimum's own), from the
compiled pass's values per 6th card (:func:`~croupier.math.stud.six_draw.sixth_values`
with ``detail``). It also tallies, per rule class of the five (keys starting :data:`THEN`),
buying the 6th card and then playing the six as the optimum does, so a chart of the first
decision can be priced with the six played well. Sums are exact per class and summed in
floats, as the other tallies.

Four hearts and two spare cards: the draw is the flush, the spare cards the 3 (position
5), then the king; with a pair of kings, the pair stays and the 3 and the 4 go first:

>>> import numpy as np
>>> from croupier.cards import parse_cards
>>> six = np.array([parse_cards("9h 8h 7h 2h Kc 3d"), parse_cards("Kh Kd 9c 7s 4d 3c")])
>>> kind, spares = draws_and_spares(six, ace_king=False)
>>> [DRAWS[k] or "no draw" for k in kind.tolist()], spares[:, :2].tolist()
(['four to a flush', 'no draw'], [[5, 4], [5, 4]])
"""

from __future__ import annotations

import itertools

import numpy as np
from numpy.typing import NDArray

from croupier.math.stud.draw_classes import DRAWS, NO_DRAW, better_draw, straight_draw
from croupier.math.stud.learnable import Tally, hand_keys, tally
from croupier.poker.batch import best_batch
from croupier.poker.values import CATEGORY_SHIFT, Category

SIX = "six"  # "six<cards given>/hand key/up rank/pairs/draw": the six after the 6th card
THEN = "then/"  # "then/" + a rule class of the five: the 6th card, then the six played well


def actions(given: int) -> tuple[str, str]:
    """The actions of a chart for the six (the tally's columns, then the best)."""
    if given == 1:
        return "stand", "give back the lowest spare card"
    return "stand", f"give back the {('two', 'three')[given - 2]} lowest spare cards"


_FOURS = [np.array(c, dtype=np.int64) for c in itertools.combinations(range(6), 4)]

Rows = NDArray[np.int64]


def draws_and_spares(six: Rows, ace_king: bool) -> tuple[Rows, Rows]:
    """Per row of six engine cards: its best draw (an index of :data:`DRAWS`; none when
    the best five are a straight or better) and its positions, the spare cards first."""
    n = len(six)
    ranks, suits = six >> 2, six & 3
    values = best_batch(six.astype(np.uint8), ace_king=ace_king).astype(np.int64)
    made = (values >> CATEGORY_SHIFT) >= Category.STRAIGHT
    kind = np.full(n, NO_DRAW, dtype=np.int64)
    in_draw = np.zeros((n, 6), dtype=bool)
    height = np.zeros(n, dtype=np.int64)  # the draw's ranks summed: of two alike, the higher
    for four in _FOURS:
        suited = (suits[:, four] == suits[:, four[:1]]).all(axis=1)
        ranked = ranks[:, four].sum(axis=1)
        kind, better = better_draw(kind, made, suited, straight_draw(ranks[:, four]),
                                   ranked > height)  # fmt: skip
        height = np.where(better, ranked, height)
        in_draw[better] = False
        in_draw[np.ix_(np.flatnonzero(better), four)] = True
    count = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    twin = ((ranks[:, :, None] == ranks[:, None, :]) & in_draw[:, None, :]).any(axis=2)
    # Given first: the cards neither paired nor in the draw; then, outside the draw, a
    # card whose twin the draw holds, then the other paired ones; the draw's last; the
    # lowest first in each.
    tier = np.where(in_draw, 3, np.where(count == 1, 0, np.where(twin, 1, 2)))
    order = tier * 16 + ranks
    left = _left_out(six, ace_king)
    order[np.flatnonzero(made), left[made]] = -1  # a made hand gives what it does not use
    return kind, np.argsort(order, axis=1, kind="stable")


def _left_out(six: Rows, ace_king: bool) -> Rows:
    """Per row of six: the position of the card its best five leave out."""
    kept = np.stack(
        [
            best_batch(np.delete(six, p, axis=1).astype(np.uint8), ace_king=ace_king)
            for p in range(6)
        ],
        axis=1,
    )
    left: Rows = kept.argmax(axis=1)
    return left


def sixes(deck: tuple[int, ...], hands: Rows, ups: Rows) -> tuple[Rows, Rows]:
    """Every class's six after each 6th card, in the order of the pass's values per 6th
    card (the unseen cards in ``deck``'s order): ``[class, 6th card, 6]`` engine cards
    (the five as dealt, then the 6th) and the 6th cards ``[class, 6th card]``."""
    local = np.full(52, -1, dtype=np.int64)
    local[list(deck)] = np.arange(len(deck))
    unseen = np.ones((len(hands), len(deck)), dtype=bool)
    rows = np.arange(len(hands))
    for i in range(5):
        unseen[rows, local[hands[:, i]]] = False
    unseen[rows, local[ups]] = False
    m = len(deck) - 6
    sixth = np.asarray(deck, dtype=np.int64)[np.nonzero(unseen)[1].reshape(len(hands), m)]
    five = np.broadcast_to(hands[:, None, :], (len(hands), m, 5))
    return np.concatenate([five, sixth[:, :, None]], axis=2), sixth


def tally_after_sixth(
    deck: tuple[int, ...],
    ace_king: bool,
    hands: Rows,
    ups: Rows,
    weights: Rows,
    buys: NDArray[np.bool_],
    per_sixth: NDArray[np.float64],
    gives: Rows,
    prices: NDArray[np.float64],
) -> Tally:
    """The :data:`SIX` tallies of the classes where the optimum buys the 6th card
    (``buys``): ``per_sixth[class, 6th card]`` standing then each exchange (giving the
    positions ``gives[o]`` of the six, -1: none) before its price ``prices[o]``."""
    at = np.flatnonzero(buys)
    if not len(at):
        return {}
    six, _ = sixes(deck, hands[at], ups[at])
    n, m = six.shape[0], six.shape[1]
    flat = six.reshape(n * m, 6)
    kind, spares = draws_and_spares(flat, ace_king)
    values = per_sixth[at].reshape(n * m, -1)
    stand = values[:, 0]
    exchanges = values[:, 1:] - prices[None, :]
    size = int((gives[0] >= 0).sum())
    column = np.full((6, 6), -1, dtype=np.int64)  # the cards given (lower position first)
    for o, give in enumerate(gives.tolist()):
        if sum(g >= 0 for g in give) != size:
            raise ValueError("a chart for the six needs its exchanges to give as many cards")
        first, second = sorted(give[:size]) if size == 2 else (give[0], give[0])
        column[first, second] = o
    if size == 1:
        spare = spares[:, 0], spares[:, 0]
    else:
        spare = np.minimum(spares[:, 0], spares[:, 1]), np.maximum(spares[:, 0], spares[:, 1])
    chosen = column[spare[0], spare[1]]
    if (chosen < 0).any():
        raise ValueError("a chart for the six needs the exchange of its spare cards valued")
    given = exchanges[np.arange(n * m), chosen]
    best = np.maximum(stand, exchanges.max(axis=1))
    keys = hand_keys(best_batch(flat.astype(np.uint8), ace_king=ace_king).astype(np.int64))
    up = np.repeat(ups[at] >> 2, m)
    pairs = ((flat >> 2) == up[:, None]).any(axis=1)
    chance = np.repeat(weights[at].astype(np.float64) / m, m)
    code = ((keys * 13 + up) * 2 + pairs) * len(DRAWS) + kind
    found, row = np.unique(code, return_inverse=True)
    columns = (stand, given, best)
    sums = [np.bincount(row, weights=chance * v, minlength=len(found)) for v in columns]
    deals = np.bincount(row, weights=chance, minlength=len(found))
    out: Tally = {}
    for i, c in enumerate(found.tolist()):
        rest, d = divmod(c, len(DRAWS))
        rest, p = divmod(rest, 2)
        k, u = divmod(rest, 13)
        out[f"{SIX}{size}/{k}/{u}/{p}/{d}"] = [float(deals[i]), *(float(s[i]) for s in sums)]
    return out


def split(t: Tally) -> tuple[Tally, Tally, Tally, int]:
    """A run's tally as its parts: the five's rule classes, the :data:`THEN` values
    (keyed as the five's), the :data:`SIX` classes (keys without prefix) and how many
    cards their exchange gives (0: none there)."""
    five: Tally = {}
    then: Tally = {}
    six: Tally = {}
    given = 0
    for name, row in t.items():
        if name.startswith(SIX):
            head, _, rest = name.partition("/")
            given = int(head[len(SIX) :])
            six[rest] = row
        elif name.startswith(THEN):
            then[name[len(THEN) :]] = row
        else:
            five[name] = row
    return five, then, six, given


def tally_then(names: list[str], values: NDArray[np.float64], weights: Rows) -> Tally:
    """The :data:`THEN` tallies: per rule class of the five (``names``, one per class),
    its deals and buying the 6th card then playing the six as the optimum does
    (``values``, the 6th card's price paid)."""
    return tally([f"{THEN}{name}" for name in names], values[:, None], weights)
