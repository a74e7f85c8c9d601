"""An ``improve`` run's rule-class tallies of record: one file, merged, versioned.

A chunk's own tallies are ~50 KB (its hands' classes), the whole run's a few hundred
classes more than one chunk's; so the chunks of record (:mod:`croupier.math.stud.strategy`)
carry none, and their tallies are recorded apart, merged, in one file that names the
chunks it covers. A recorded chunk without its own tallies is covered by it or is computed
again for them. The file's version is that of the tallies' columns; a file of another
version is not read as this one's. Version 2 adds, for [003], the six after the 6th card
and the 6th card with the six played well (:mod:`croupier.math.stud.after_sixth`);
version 1's file is kept (its charts) until version 2's covers every chunk.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from croupier.math.stud.after_sixth import SIX, THEN
from croupier.math.stud.learnable import Tally, merge

FILES = {1: "classes.json.gz", 2: "classes-v2.json.gz"}
VERSION = 2

Record = tuple[frozenset[int], Tally]  # the chunks covered, their tallies merged


def read(path: Path, version: int) -> Record:
    """The record at ``path`` if it is of ``version`` (none: nothing covered)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return frozenset(), {}
    try:
        data = json.loads(gzip.decompress(raw))
        if data.get("version") != version:
            return frozenset(), {}
        return frozenset(int(c) for c in data["chunks"]), dict(data["classes"])
    except (EOFError, OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"{path}: not a tally of record ({error!r}); record it again") from None


def write(path: Path, version: int, covered: Iterable[int], tallies: Tally) -> None:
    """Write a record of ``version``, whole or not at all (the same bytes for the same
    tallies)."""
    data = {
        "version": version,
        "chunks": sorted(covered),
        "classes": dict(sorted(tallies.items())),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(gzip.compress(json.dumps(data).encode(), mtime=0))  # mtime 0: same bytes
    os.replace(tmp, path)


def of_run(
    records: Callable[[int], Record], chunks: Iterable[tuple[int, Tally, int]]
) -> Tally | None:
    """A whole run's tallies from its ``chunks`` (number, own tallies, their version):
    each chunk's own or the record of a version covering it (``records(version)``, read
    only when that version is tried); the newest version's where every chunk has them,
    else an older one's; None when none has them all."""
    run = list(chunks)
    numbers = {c for c, _, _ in run}
    for version in sorted(FILES, reverse=True):
        covered, recorded = records(version)
        if not covered <= numbers:
            continue  # the record covers chunks this run has not: not its tally
        parts = [recorded] if covered else []
        for number, own, own_version in run:
            if number in covered:
                continue
            if not own or own_version < version:
                break
            parts.append(as_version(own, version))
        else:
            return merge(parts)
    return None


def as_version(classes: Tally, version: int) -> Tally:
    """A chunk's tallies as ``version`` has them (1: without the six after the 6th card)."""
    if version > 1:
        return classes
    return {k: v for k, v in classes.items() if not k.startswith((SIX, THEN))}
