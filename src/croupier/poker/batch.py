"""Poker hand ranking, batch API: arrays of hands in, arrays of values out.

For simulation and analysis. Each row of an integer array is one hand (card
codes 0..51); the result holds one ``int32`` per row, the very integer the
scalar API puts in ``HandRank.value`` (three-card values match
:func:`croupier.poker.three.value3`). The work is two compiled kernels
(numba, cached on disk after the first compile) that only read the input and
the lookup tables and write the output, so a GPU port is a change of decorator.

>>> import numpy as np
>>> from croupier.cards import parse_cards
>>> from croupier.poker.values import category_of
>>> from croupier.poker.hand import best_of
>>> hands = np.array([parse_cards("As Ks Qs Js Ts 2d 2c"), parse_cards("2c 2d 7h 9s Jc Kd 4h")])
>>> values = best_batch(hands)
>>> [category_of(int(v)).name for v in values]
['ROYAL_FLUSH', 'PAIR']
>>> int(values[1]) == best_of(parse_cards("2c 2d 7h 9s Jc Kd 4h")).value
True
>>> categories(rank5_batch(np.array([parse_cards("Ah Kd 9c 7s 2s")]), ace_king=True)).tolist()
[1]
>>> best_batch(np.array([[0, 1, 2, 3, 4, 4]]))
Traceback (most recent call last):
...
ValueError: hand 0 (2c 2d 2h 2s 3c 3c): a card appears twice
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.cards.card import format_cards
from croupier.poker.tables import tables
from croupier.poker.three import THREE_CARD_ORDER, THREE_SHIFT, value3
from croupier.poker.values import CATEGORY_SHIFT

__all__ = [
    "all_hands",
    "best_batch",
    "categories",
    "categories3",
    "rank3_batch",
    "rank5_batch",
]

_HIGH_CARD_ACE_KING = (0xDC, 1 << CATEGORY_SHIFT)  # top digits A, K and the step up
_DUPLICATE = -1
_value3_jit = numba.njit(cache=True)(value3)


@numba.njit(cache=True, nogil=True)
def _best_kernel(
    hands: Any,
    flush: Any,
    unsuited: Any,
    step: Any,
    base: Any,
    ace_king: bool,
    out: Any,
) -> None:  # pragma: no cover - compiled; tested through the wrappers
    n_hands, n_cards = hands.shape
    counts = np.zeros(13, dtype=np.int32)
    suit_masks = np.zeros(4, dtype=np.int32)
    for h in range(n_hands):
        counts[:] = 0
        suit_masks[:] = 0
        suit_count = 0  # hex digit per suit
        seen = 0
        for i in range(n_cards):
            card: Any = np.int64(hands[h, i])  # signed, so shifts stay integer
            rank = card >> 2
            suit = card & 3
            seen |= 1 << card
            counts[rank] += 1
            suit_count += 1 << (4 * suit)
            suit_masks[suit] |= 1 << rank
        # Repeated cards: a count of set bits below n_cards.
        bits = 0
        rest = seen
        while rest:
            rest &= rest - 1
            bits += 1
        if bits != n_cards:
            out[h] = _DUPLICATE
            continue
        left = n_cards
        index = base[n_cards]
        for rank in range(13):
            index += step[rank, counts[rank], left]
            left -= counts[rank]
            if left == 0:
                break
        value = unsuited[index]
        hit = (suit_count + 0x3333) & 0x8888
        if hit:
            suit = 0
            while not (hit >> (4 * suit + 3)) & 1:
                suit += 1
            value = max(value, flush[suit_masks[suit]])
        if ace_king and (value >> 12) == _HIGH_CARD_ACE_KING[0]:
            value += _HIGH_CARD_ACE_KING[1]
        out[h] = value


@numba.njit(cache=True, nogil=True)
def _three_kernel(hands: Any, out: Any) -> None:  # pragma: no cover - compiled
    for h in range(hands.shape[0]):
        a: Any = np.int64(hands[h, 0])  # signed: uint8 would mix with -1 into floats
        b: Any = np.int64(hands[h, 1])
        c: Any = np.int64(hands[h, 2])
        if a in (b, c) or b == c:
            out[h] = _DUPLICATE
        else:
            out[h] = _value3_jit(a, b, c)


def _as_hands(hands: ArrayLike, widths: tuple[int, ...], what: str) -> NDArray[np.uint8]:
    """Check an array of hands and give it the one layout the kernels take."""
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] not in widths:
        wanted = " or ".join(str(w) for w in widths)
        raise ValueError(f"{what} takes an array of shape (hands, {wanted}), got {arr.shape}")
    if arr.size and arr.dtype != np.uint8:
        if not np.issubdtype(arr.dtype, np.integer):
            raise ValueError(f"{what} takes integer card codes, got dtype {arr.dtype}")
        bad = (arr < 0) | (arr > 51)
        if bad.any():
            row, col = (int(x) for x in np.argwhere(bad)[0])
            raise ValueError(
                f"{what}: hand {row}, card {col}: {arr[row, col]} is not a card (0..51)"
            )
    elif arr.size and int(arr.max()) > 51:
        row, col = (int(x) for x in np.argwhere(arr > 51)[0])
        raise ValueError(f"{what}: hand {row}, card {col}: {arr[row, col]} is not a card (0..51)")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def _refuse_repeats(out: NDArray[np.int32], hands: NDArray[np.uint8]) -> NDArray[np.int32]:
    if out.size and out.min() == _DUPLICATE:
        row = int(np.argmax(out == _DUPLICATE))
        raise ValueError(f"hand {row} ({format_cards(hands[row].tolist())}): a card appears twice")
    return out


def best_batch(hands: ArrayLike, *, ace_king: bool = False) -> NDArray[np.int32]:
    """The value of the best five cards of every row (5, 6 or 7 cards a row)."""
    arr = _as_hands(hands, (5, 6, 7), "best_batch")
    t = tables()
    out = np.empty(arr.shape[0], dtype=np.int32)
    _best_kernel(arr, t.flush, t.unsuited, t.step, t.base, ace_king, out)
    return _refuse_repeats(out, arr)


def rank5_batch(hands: ArrayLike, *, ace_king: bool = False) -> NDArray[np.int32]:
    """The value of every row of exactly five cards."""
    _as_hands(hands, (5,), "rank5_batch")
    return best_batch(hands, ace_king=ace_king)


def rank3_batch(hands: ArrayLike) -> NDArray[np.int32]:
    """The three-card-poker value of every row of three cards."""
    arr = _as_hands(hands, (3,), "rank3_batch")
    out = np.empty(arr.shape[0], dtype=np.int32)
    _three_kernel(arr, out)
    return _refuse_repeats(out, arr)


def categories(values: NDArray[np.int32]) -> NDArray[np.int32]:
    """The :class:`~croupier.poker.values.Category` number of every five-card value."""
    shifted: NDArray[np.int32] = (np.asarray(values) >> CATEGORY_SHIFT).astype(np.int32)
    return shifted


def categories3(values: NDArray[np.int32]) -> NDArray[np.int32]:
    """The :class:`~croupier.poker.values.Category` number of every three-card value."""
    order = np.array([int(c) for c in THREE_CARD_ORDER], dtype=np.int32)
    picked: NDArray[np.int32] = order[np.asarray(values) >> THREE_SHIFT]
    return picked


def all_hands(size: int, deck: int = 52) -> NDArray[np.uint8]:
    """Every ``size``-card hand from cards ``0..deck-1``, one per row, in
    index (lexicographic) order: the enumeration exact analysis walks.

    Hands starting with cards ``>= c`` form the tail of the array, so larger
    hands are enumerated as a fixed prefix followed by such a tail.

    >>> all_hands(2, deck=4).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    >>> all_hands(5).shape
    (2598960, 5)
    """
    if not 1 <= size <= deck <= 52:
        raise ValueError(f"all_hands takes 1 <= size <= deck <= 52, got size {size}, deck {deck}")
    hands = np.arange(deck, dtype=np.uint8).reshape(-1, 1)
    for width in range(2, size + 1):
        # first row whose first card is >= s, for every s
        starts = np.searchsorted(hands[:, 0], np.arange(deck + 1))
        parts = []
        for first in range(deck - width + 1):
            tail = hands[starts[first + 1] :]
            part = np.empty((len(tail), width), dtype=np.uint8)
            part[:, 0] = first
            part[:, 1:] = tail
            parts.append(part)
        hands = np.concatenate(parts)
    return hands
