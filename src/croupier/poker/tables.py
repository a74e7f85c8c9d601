"""Lookup tables for the five-to-seven-card evaluator, built once and cached.

The design is phevaluator's (Henry Lee's perfect hash): a hand is either a
flush, decided by the ranks of its flush suit alone, or not, decided by how
many cards of each rank it holds (suits ignored). So two small tables hold
every answer:

* ``flush[mask]``: the best hand among cards of one suit, by the 13-bit mask
  of their ranks (8,192 entries);
* ``unsuited[index]``: the best hand by rank counts. A count vector (13 ranks,
  0..4 each, summing to n) gets a dense index by its lexicographic rank among
  all such vectors: ``index = base[n] + sum(step[r][counts[r]][left])``, where
  ``left`` is the number of cards not yet counted at rank ``r``. There are
  6,175 vectors for five cards, 18,395 for six and 49,205 for seven.

A flush hand may still be beaten by its own rank counts (a full house with a
flush in it needs eight cards, but the table does not rely on that): the
evaluator takes the larger of the two.

The tables (under 400 kB) are written to ``$CROUPIER_CACHE_DIR``, else
``$XDG_CACHE_HOME/croupier``, else ``~/.cache/croupier``, with a SHA-256 of
their bytes, and rebuilt (about a second) when the file is missing, corrupt
or from another layout version.

>>> t = load_tables()
>>> from croupier.poker.values import category_of
>>> category_of(int(t.flush[0b1_1111_0000_0000])).name
'ROYAL_FLUSH'
>>> [int(t.base[n + 1] - t.base[n]) for n in (5, 6, 7)]
[6175, 18395, 49205]
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from croupier.poker.values import counts_value, flush_value

LAYOUT = "croupier-poker-tables-v1"
MIN_CARDS, MAX_CARDS = 5, 7
RANK_COUNT = 13
_ARRAYS = ("flush", "unsuited", "keys", "step", "base")


@dataclass(frozen=True, slots=True)
class Tables:
    """The evaluator's tables (read-only numpy arrays)."""

    flush: NDArray[np.int32]  # [8192] best hand of one suit by rank mask
    unsuited: NDArray[np.int32]  # [base[8]] best hand by rank counts
    keys: NDArray[np.int64]  # [base[8]] the octal rank key of each count vector
    step: NDArray[np.int32]  # [13, 5, 8] the perfect hash's per-rank terms
    base: NDArray[np.int32]  # [9] first index of each card count


def cache_dir() -> Path:
    """Where the tables are cached (never inside the repository)."""
    explicit = os.environ.get("CROUPIER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "croupier"


def _vectors_with_sum(
    positions: int, total: int, memo: dict[tuple[int, int], int] | None = None
) -> int:
    """How many count vectors of ``positions`` ranks (0..4 each) sum to ``total``."""
    memo = {} if memo is None else memo
    if positions == 0:
        return int(total == 0)
    if (positions, total) not in memo:
        memo[positions, total] = sum(
            _vectors_with_sum(positions - 1, total - c, memo) for c in range(min(4, total) + 1)
        )
    return memo[positions, total]


def _hash_steps() -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    step = np.zeros((RANK_COUNT, 5, MAX_CARDS + 1), dtype=np.int32)
    for rank in range(RANK_COUNT):
        after = RANK_COUNT - 1 - rank  # ranks still to come
        for count in range(5):
            for left in range(MAX_CARDS + 1):
                step[rank, count, left] = sum(
                    _vectors_with_sum(after, left - c) for c in range(min(count, left + 1))
                )
    base = np.zeros(MAX_CARDS + 2, dtype=np.int32)
    for n in range(MIN_CARDS, MAX_CARDS + 1):
        base[n + 1] = base[n] + _vectors_with_sum(RANK_COUNT, n)
    base[:MIN_CARDS] = 0
    return step, base


def hash_counts(counts: tuple[int, ...], step: list[list[list[int]]], base: list[int]) -> int:
    """The dense index of a count vector (the batch kernel computes the same),
    from the tables as nested lists."""
    left = sum(counts)
    index = base[left]
    for rank, count in enumerate(counts):
        index += step[rank][count][left]
        left -= count
    return index


def _count_vectors(positions: int, most: int) -> Iterator[tuple[int, ...]]:
    """Every count vector (0..4 per rank) holding at most ``most`` cards."""
    if positions == 0:
        yield ()
        return
    for count in range(min(4, most) + 1):
        for rest in _count_vectors(positions - 1, most - count):
            yield (count, *rest)


def build_tables() -> Tables:
    """Tabulate :func:`flush_value` and :func:`counts_value` (about a second)."""
    step, base = _hash_steps()
    flush = np.zeros(1 << RANK_COUNT, dtype=np.int32)
    for mask in range(1 << RANK_COUNT):
        if bin(mask).count("1") >= MIN_CARDS:
            flush[mask] = flush_value(mask)
    size = int(base[MAX_CARDS + 1])
    unsuited = np.zeros(size, dtype=np.int32)
    keys = np.zeros(size, dtype=np.int64)
    step_list, base_list = step.tolist(), base.tolist()
    for counts in _count_vectors(RANK_COUNT, MAX_CARDS):
        if sum(counts) >= MIN_CARDS:
            index = hash_counts(counts, step_list, base_list)
            unsuited[index] = counts_value(counts)
            keys[index] = sum(c << (3 * r) for r, c in enumerate(counts))
    return Tables(flush, unsuited, keys, step, base)


def _digest(arrays: dict[str, NDArray[np.generic]]) -> str:
    h = hashlib.sha256(LAYOUT.encode())
    for name in _ARRAYS:
        h.update(name.encode())
        h.update(np.ascontiguousarray(arrays[name]).tobytes())
    return h.hexdigest()


def _read(path: Path) -> Tables | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in _ARRAYS}
            stored = str(data["digest"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    if stored != _digest(arrays):
        return None
    tables = Tables(**arrays)
    if tables.flush.shape != (1 << RANK_COUNT,) or tables.step.shape != (RANK_COUNT, 5, 8):
        return None
    return tables


def _write(path: Path, tables: Tables) -> None:
    arrays = {name: getattr(tables, name) for name in _ARRAYS}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            np.savez(out, digest=np.array(_digest(arrays)), **arrays)
        os.replace(tmp, path)
    except OSError:
        # A read-only home only costs a rebuild next time; never fail a game over it.
        with contextlib.suppress(OSError, UnboundLocalError):
            os.unlink(tmp)


def load_tables(directory: Path | None = None) -> Tables:
    """The tables from the disk cache, rebuilt and re-cached if missing or corrupt."""
    path = (directory or cache_dir()) / f"{LAYOUT}.npz"
    tables = _read(path)
    if tables is None:
        tables = build_tables()
        _write(path, tables)
    for array in (tables.flush, tables.unsuited, tables.keys, tables.step, tables.base):
        array.setflags(write=False)
    return tables


@cache
def tables() -> Tables:
    """The process-wide tables, loaded on first use."""
    return load_tables()
