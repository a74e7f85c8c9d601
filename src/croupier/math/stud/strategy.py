"""The optimal strategy over every starting situation, in independent chunks.

A starting situation is the box's five cards and the dealer's up card; suit
permutations leave everything alike, so situations are grouped into classes
(134,459 canonical hands x the orbits of the up card under each hand's suit
stabiliser, about 5.6 million classes) weighted by their size. Chunks are
ranges of canonical hands (:data:`HANDS_PER_CHUNK` each); every chunk is
computed on its own, written to the cache under the profile's content hash,
and skipped when present, so a run resumes after a kill. A process pool
runs the chunks with a Rich progress bar and an ETA; with ``--cluster
ADDRESS`` the same chunks run as tasks on a Ray cluster
(:mod:`croupier.math.stud.cluster`) and land in the same cache.

Two modes:

* ``play``: the best final decision with the first five cards (fold, play,
  insurance ends): the optimal strategy without improvement. Each class is
  counted exactly (the advisor's final values), summed in floats.
* ``improve``: the best option of the full menu per class (the advisor's
  first decision: exchanges of every subset, a 6th card, later rounds).
  Exact where the advisor is exact, sampled beyond (two-card draws and up:
  see :mod:`croupier.math.stud.advise`); the maximum over sampled options
  is biased upwards by their noise, so this mode's figure is an estimate.
  The one-draw profiles ([001]: a one-card exchange, or a 6th card with one
  given back) are counted exactly, every class of a chunk in one compiled
  pass (:mod:`croupier.math.stud.first_draw`, ~0.3 ms a class: well under
  an hour of CPU for the whole run), which also keeps how the optimum's
  rounds end (exact counts: the PAR sheet's figures, :mod:`optimum`) and the
  rule-class tallies with the improvements (:mod:`improve_charts`); so are
  the six-card profiles' ([003]: a 6th card, then an exchange of one or two
  of the six for one; :mod:`croupier.math.stud.six_draw`, a hand's up cards
  together, ~1-2 ms a class: a few CPU-hours), with how their rounds end and
  the tallies (a chunk of record written before them gives the figures, and
  an ``improve`` run computes it again for its tallies, checking that it
  reproduces the recorded figures); so
  are the any-exchange profiles' best options ([002], [004]: every subset
  exchanged or a 6th card; :mod:`croupier.math.stud.multi_draw`, every draw
  enumerated, ~1.4-2.2 s a class: ~2,200-3,500 CPU-hours); the
  others go through the advisor class by class (CPU-hours, see docs/math).

    python -m croupier.math.stud.strategy russian --mode play --chunks 4
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from croupier import profiles
from croupier.games.stud.profile import StudProfile
from croupier.math.stud import draw_classes, multi_draw, six_draw, tally_record
from croupier.math.stud.advise import DECISIONS, Situation, advise, context, final_values
from croupier.math.stud.after_sixth import tally_after_sixth, tally_then
from croupier.math.stud.counting import SUIT_PERMUTATIONS, canonical_hands
from croupier.math.stud.draw_classes import improve_classes
from croupier.math.stud.finals import Context
from croupier.math.stud.first_draw import OneDraw, first_decision, one_draw
from croupier.math.stud.learnable import Learned, Tally, class_names, ladder, merge, tally
from croupier.math.stud.optimum import in_antes, path_ends
from croupier.math.stud.six_draw import SixthRound, sixth_round
from croupier.poker.batch import best_batch
from croupier.poker.tables import cache_dir

HANDS_PER_CHUNK = 500
MODES = ("play", "improve")
_NAMES = ("id", "name", "source")  # what a profile is called changes none of its figures


def content_hash(profile: StudProfile) -> str:
    """A hash of every setting of the profile (its id and name excluded)."""
    settings = [v for name, v in profile.published().items() if name not in _NAMES]
    text = repr(settings)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@cache
def _hands() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The canonical hands and their weights, kept on disk: computing them takes
    a process half a minute, longer than a chunk (every pool process and every
    cluster node needs them)."""
    path = cache_dir() / "stud-strategy" / "canonical-hands-v1.npz"
    try:
        with np.load(path) as found:
            reps, weights = found["reps"], found["weights"]
        if len(reps) == CANONICAL_HANDS:
            return reps, weights
    except (OSError, ValueError, KeyError):
        pass
    reps, weights = canonical_hands()
    # An unwritable cache costs time, not figures: the hands are returned either way.
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp.npz")
        np.savez(tmp, reps=reps, weights=weights)
        os.replace(tmp, path)
    return reps, weights


CANONICAL_HANDS = 134_459  # five-card hands up to suit permutations (a test checks it)


def n_chunks() -> int:
    return -(-CANONICAL_HANDS // HANDS_PER_CHUNK)


def cached_results(profile: StudProfile, mode: str) -> list[ChunkResult] | None:
    """Every chunk of a finished run found in the cache, or None (nothing is computed)."""
    results = []
    for chunk in range(n_chunks()):
        found = load_chunk(profile, mode, chunk)
        if found is None:
            return None
        results.append(found)
    return results


def mean_return(results: list[ChunkResult]) -> float:
    """The return per ANTE over every deal the chunks cover."""
    return math.fsum(r.value for r in results) / sum(r.weight for r in results)


def whole_run_return(profile_id: str, mode: str) -> float:
    """The return per ANTE of a whole run: from the cache, or computed first (on
    every local core)."""
    profile = profiles.load_as(profile_id, StudProfile)
    results = cached_results(profile, mode) or run(
        profile_id, mode, list(range(n_chunks())), os.cpu_count() or 1
    )
    return mean_return(results)


def learnable_strategies(results: list[ChunkResult]) -> list[Learned]:
    """The learnable strategies of a finished ``play`` run (see :mod:`learnable`)."""
    return ladder(merge([r.classes for r in results]), mean_return(results))


def situations(chunk: int) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """The classes of a chunk: five cards, up card, weight (deals in the class)."""
    reps, weights = _hands()
    rows, ups, ws = [], [], []
    perms = np.array(SUIT_PERMUTATIONS)
    for hand, w in zip(reps[chunk * HANDS_PER_CHUNK : (chunk + 1) * HANDS_PER_CHUNK],
                       weights[chunk * HANDS_PER_CHUNK : (chunk + 1) * HANDS_PER_CHUNK],
                       strict=True):  # fmt: skip
        key = sorted(hand.tolist())
        stab = [p for p in perms if sorted(((hand & ~3) | p[hand & 3]).tolist()) == key]
        orbits: Counter[int] = Counter()
        for c in range(52):
            if c in key:
                continue
            orbits[min(int((c & ~3) | p[c & 3]) for p in stab)] += 1
        for up, size in orbits.items():
            rows.append(hand)
            ups.append(up)
            ws.append(int(w) * size)
    return np.array(rows), np.array(ups), np.array(ws)


@dataclass(frozen=True, slots=True)
class ChunkResult:
    chunk: int
    weight: int  # deals covered
    value: float  # sum of weight x best EV per ANTE
    square: float  # sum of weight x best EV^2 (for the spread between classes)
    decisions: dict[str, int]  # weight of each best decision
    # every decision's value summed per rule class (see learnable; ``improve``
    # mode: with the draw and the named improvements of :mod:`draw_classes`)
    classes: Tally = field(default_factory=dict)
    # ``improve`` mode, [001]: how the optimum's rounds end (:func:`round_ends`),
    # counts over ``per_deal`` per deal
    ends: dict[str, int] = field(default_factory=dict)
    per_deal: int = 0
    # the version of ``classes``' columns (:data:`TALLY_VERSION`; a chunk written before
    # the versions were counted carries 1)
    tally_version: int = 1


_COPIES: dict[str, StudProfile] = {}


def _one_copy(profile: StudProfile) -> StudProfile:
    """The first copy of ``profile`` this process saw. The advisor keeps its tables
    per profile object (8 CPU-seconds to build, a chunk then takes half a second),
    and a profile sent to a pool process or a Ray task arrives as a new copy with
    every chunk: without this each chunk built them again (and kept them)."""
    return _COPIES.setdefault(repr(profile.published()), profile)


def compute(
    profile_id: str, mode: str, chunk: int, profile: StudProfile | None = None
) -> ChunkResult:
    """One chunk: the best decision of every class in it (``profile`` overrides the id)."""
    profile = _one_copy(profiles.load_as(profile_id, StudProfile) if profile is None else profile)
    hands, ups, weights = situations(chunk)
    return classes_result(context(profile, 14 + chunk), mode, chunk, hands, ups, weights)


def classes_result(ctx: Context, mode: str, chunk: int, hands: NDArray[np.int64],
                   ups: NDArray[np.int64], weights: NDArray[np.int64]) -> ChunkResult:  # fmt: skip
    """The chunk ``chunk`` of classes (``hands[r]``, ``ups[r]``, ``weights[r]`` deals)
    in ``ctx`` (its profile; the full deck but for the one-draw pass, which takes
    a short deck's context too)."""
    profile = ctx.profile
    best = np.empty(len(hands))
    names = [""] * len(hands)
    classes: Tally = {}
    ends: dict[str, int] = {}
    per_deal = 0
    if mode == "play":
        every = np.empty((len(hands), len(DECISIONS)))
        for up in np.unique(ups).tolist():
            at = np.flatnonzero(ups == up)
            every[at] = final_values(ctx, hands[at], up, np.zeros((len(at), 0), np.int64))
        best = every.max(axis=1)
        names = [DECISIONS[j] for j in every.argmax(axis=1).tolist()]
        hand_values = best_batch(hands.astype(np.uint8), ace_king=profile.ace_king)
        classes = tally(class_names(hands, ups, hand_values.astype(np.int64)), every, weights)
    elif (menu := one_draw(profile)) is not None:
        # [001]: every class of the chunk in one compiled pass, the advisor's values
        found = first_decision(ctx, menu, hands, ups, weights)
        every = np.concatenate([found.now, found.options], axis=1)
        best = every[np.arange(len(hands)), found.choice]
        labels = [*DECISIONS, *menu.names]
        names = [labels[j] for j in found.choice.tolist()]
        gives = [c.give[0] for c in menu.exchanges]
        opts, sixth = found.options, menu.sixth is not None
        classes = chart_tally(ctx, hands, ups, weights, found.now, best, gives, opts, sixth)
        ends = round_ends(ctx, menu, found.ends)
        per_deal = found.per_deal
    elif (six := sixth_round(profile)) is not None:
        best, names, ends, per_deal, classes = _six_card_pass(ctx, six, hands, ups, weights)
    elif (many := multi_draw.any_exchange(profile)) is not None:
        best, names = multi_draw.best_options(ctx, many, hands, ups)
    else:
        for i, (hand, up) in enumerate(zip(hands.tolist(), ups.tolist(), strict=True)):
            top = advise(profile, Situation(tuple(hand), up), seed=14 + chunk)[0]
            best[i] = top.ev
            names[i] = top.action if not top.cards else f"{top.action} {len(top.cards)}"
    decisions: Counter[str] = Counter()
    for name, w in zip(names, weights.tolist(), strict=True):
        decisions[name] += w
    # Correctly rounded sums: the same figure whatever the BLAS threads (Ray sets one).
    w = weights.astype(np.float64)
    return ChunkResult(chunk, int(weights.sum()), math.fsum(best * w),
                       math.fsum(best * best * w), dict(decisions), classes, ends,
                       per_deal, TALLY_VERSION)  # fmt: skip


def chart_tally(ctx: Context, hands: NDArray[np.int64], ups: NDArray[np.int64],
                weights: NDArray[np.int64], now: NDArray[np.float64], best: NDArray[np.float64],
                gives: list[int], options: NDArray[np.float64], sixth: bool) -> Tally:  # fmt: skip
    """The rule-class tallies of :mod:`improve_charts`: per class the final
    decisions ``now``, the named improvements (:func:`draw_classes.named_options`
    of the one-card exchanges giving ``gives`` and the 6th card, their values in
    ``options``), then the optimum ``best``."""
    values = best_batch(hands.astype(np.uint8), ace_king=ctx.profile.ace_king).astype(np.int64)
    named = draw_classes.named_options(hands, values, gives, options, sixth)
    columns = np.concatenate([now, named, best[:, None]], axis=1)
    return tally(improve_classes(hands, ups, values), columns, weights)


# The cache directory of each mode, versioned: a chunk written in an older format
# lacks figures the report needs and is computed again (``improve`` v2: how the
# optimum's rounds end and the rule-class tallies with the improvements).
CACHE_DIRS = {"play": "play", "improve": "improve-v2"}


def _six_card_pass(ctx: Context, menu: SixthRound, hands: NDArray[np.int64],
                   ups: NDArray[np.int64], weights: NDArray[np.int64],
                   ) -> tuple[NDArray[np.float64], list[str], dict[str, int], int,
                              Tally]:  # fmt: skip
    """[003]: every class of the chunk in one compiled pass, the advisor's values
    (:mod:`croupier.math.stud.six_draw`): the best option's EV and name per
    class, how the best options' rounds end and over how many per deal, and the
    rule-class tallies of the learnable charts: the first decision's, whose "buy the
    6th card" stands with the six; the same valued with the six played well; and the
    six's after the 6th card, where the optimum buys it (:mod:`after_sixth`)."""
    found = six_draw.first_decision(ctx, menu, hands, ups, weights, detail=True)
    every = np.concatenate([found.now, found.options], axis=1)
    labels = [*DECISIONS, *menu.names]
    best = every[np.arange(len(hands)), found.choice]
    names = [labels[j] for j in found.choice.tolist()]
    first = chart_tally(ctx, hands, ups, weights, found.now, best, [], found.stand[:, None], True)
    values = best_batch(hands.astype(np.uint8), ace_king=ctx.profile.ace_king).astype(np.int64)
    then = tally_then(improve_classes(hands, ups, values), found.options[:, 0], weights)
    buys = found.choice == len(DECISIONS)
    six = tally_after_sixth(ctx.table.deck, ctx.profile.ace_king, hands, ups, weights, buys,
                            found.per_sixth, menu.gives, menu.prices)  # fmt: skip
    classes = merge([first, then, six])
    return best, names, six_draw.sixth_ends(ctx, menu, found), found.per_deal, classes


# Chunks of record shipped with the package: a run longer than one machine's session
# (the [003] profiles' hours of CPU) is carried from machine to machine here, copied from a
# run's cache by ``--record``, and read wherever the cache lacks a chunk. Same layout as the
# cache: the profile's content hash, then the mode's versioned directory.
RECORDED = Path(__file__).with_name("runs")


def _path(profile: StudProfile, mode: str, chunk: int, root: Path | None = None) -> Path:
    sub = CACHE_DIRS[mode]
    if mode == "improve" and multi_draw.any_exchange(profile) is not None:
        sub += "-exact"  # chunks the advisor sampled before the exact pass are not mixed in
    where = (cache_dir() / "stud-strategy" if root is None else root) / content_hash(profile) / sub
    return where / f"{chunk:05d}.json"


def round_ends(ctx: Context, menu: OneDraw, counts: NDArray[np.int64]) -> dict[str, int]:
    """The counts of :attr:`FirstDecisions.ends` by what the PAR sheet shows
    (:func:`optimum.path_ends`; first: ``now`` or an option of ``menu``)."""
    prices = [Fraction(0), *(in_antes(p) for p in menu.prices.tolist())]
    return dict(path_ends(ctx, ["now", *menu.names], prices, counts))


def load_chunk(
    profile: StudProfile, mode: str, chunk: int, recorded: bool = True
) -> ChunkResult | None:
    """A computed chunk from the cache, else (``recorded``) from the chunks of record."""
    data: dict[str, Any] | None = None
    for root in (None, RECORDED) if recorded else (None,):
        try:
            data = json.loads(_path(profile, mode, chunk, root).read_text())
            break
        except (OSError, ValueError):
            continue
    if data is None:
        return None
    if mode == "play" and not data.get("classes"):
        return None  # written before the rule-class tallies: computed again
    if mode == "improve" and not data.get("per_deal") and sixth_round(profile) is not None:
        return None  # [003], written before its pass counted how rounds end: computed again
    return ChunkResult(**data)


def save_chunk(profile: StudProfile, mode: str, result: ChunkResult) -> None:
    path = _path(profile, mode, result.chunk)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(result)))
    os.replace(tmp, path)  # a chunk is on disk whole or not at all


TALLY_VERSION = tally_record.VERSION


def _tally_path(profile: StudProfile, mode: str, version: int = TALLY_VERSION) -> Path:
    return _path(profile, mode, 0, RECORDED).with_name(tally_record.FILES[version])


def tally_of_record(
    profile: StudProfile, mode: str, version: int = TALLY_VERSION
) -> tuple[frozenset[int], Tally]:
    """The chunks of record's merged tallies and the chunks they cover (none: empty)."""
    return tally_record.read(_tally_path(profile, mode, version), version)


def run_tally(profile: StudProfile, mode: str, results: list[ChunkResult]) -> Tally | None:
    """The rule-class tallies of ``results`` (a whole run): each chunk's own, or the tally
    of record for the chunks it covers; None when a chunk has neither
    (:func:`tally_record.of_run`: the current version's, else version 1's)."""
    chunks = [(r.chunk, r.classes, r.tally_version) for r in results]
    return tally_record.of_run(lambda v: tally_of_record(profile, mode, v), chunks)


def record(profile_id: str, mode: str) -> list[int]:
    """Copy the cache's chunks of ``profile_id`` in ``mode`` (those :func:`load_chunk`
    accepts) among the chunks of record, an ``improve`` run's tallies merged into the tally
    of record of their version; the chunks copied."""
    profile = profiles.load_as(profile_id, StudProfile)
    records = {v: tally_of_record(profile, mode, v) for v in tally_record.FILES}
    tallied: dict[int, list[Tally]] = {v: [] for v in tally_record.FILES}
    copied: list[ChunkResult] = []
    for chunk in range(n_chunks()):
        found = load_chunk(profile, mode, chunk, recorded=False)
        if found is None:
            continue
        if mode == "improve" and found.classes:
            version = found.tally_version
            if chunk not in records[version][0]:  # (covered: its tallies are in already)
                tallied[version].append(found.classes)
                records[version] = (records[version][0] | {chunk}, records[version][1])
            found = replace(found, classes={})
        copied.append(found)
    for version, more in tallied.items():  # first the tallies (each whole or not at all)
        if more:
            covered, recorded = records[version]
            path = _tally_path(profile, mode, version)
            tally_record.write(path, version, covered, merge([recorded, *more]))
    for found in copied:
        path = _path(profile, mode, found.chunk, RECORDED)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = asdict(found)
        if not found.classes:  # (its tallies are not in it: the record's file says)
            del data["tally_version"]
        path.write_text(json.dumps(data, sort_keys=True) + "\n")
    return [found.chunk for found in copied]


def run(
    profile_id: str,
    mode: str,
    chunks: list[int],
    workers: int,
    cluster: str | None = None,
    profile: StudProfile | None = None,
) -> list[ChunkResult]:
    """Compute the missing ``chunks`` (cached ones are read), with a progress bar:
    in a local process pool of ``workers``, or as tasks on the Ray cluster at
    ``cluster`` (the same chunks, the same cache, the same figures). ``profile``
    overrides the shipped profile ``profile_id`` (a variant, e.g. Caribbean Stud)."""
    from rich.progress import (
        BarColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    profile = profiles.load_as(profile_id, StudProfile) if profile is None else profile
    found = {c: r for c in chunks if (r := load_chunk(profile, mode, c)) is not None}
    covered = tally_of_record(profile, mode)[0]
    untallied = {c: r for c, r in found.items() if _lacks_tallies(profile, mode, r, covered)}
    done = {c: r for c, r in found.items() if c not in untallied}
    todo = [c for c in chunks if c not in done]
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    where = f" on {cluster}" if cluster else ""
    with Progress(*columns) as progress:
        task = progress.add_task(
            f"{profile_id} ({mode}){where}", total=len(chunks), completed=len(done)
        )
        differ: list[str] = []
        for result in _computed(profile_id, mode, todo, workers, cluster, profile):
            if result.chunk in untallied:
                try:
                    same_figures(untallied[result.chunk], result)
                except RuntimeError as error:  # not saved; the other chunks go on
                    differ.append(str(error))
                    continue
            save_chunk(profile, mode, result)
            done[result.chunk] = result
            progress.advance(task)
    if differ:
        raise RuntimeError("; ".join(differ))
    return [done[c] for c in chunks]


def _lacks_tallies(
    profile: StudProfile, mode: str, result: ChunkResult, covered: frozenset[int]
) -> bool:
    """A [003] chunk without its rule-class tallies of the current version, not ``covered``
    by the tally of record either (written before the pass tallied them): its figures
    stand, a run computes it again for the learnable charts."""
    if mode != "improve" or sixth_round(profile) is None:
        return False
    if result.classes and result.tally_version == TALLY_VERSION:
        return False
    return result.chunk not in covered


def same_figures(before: ChunkResult, after: ChunkResult) -> None:
    """Refuse a chunk computed again whose figures differ from the chunk it
    replaces (the published figures are the earlier one's): the pass is
    deterministic, so a difference is a defect, never noise."""
    fields = ("weight", "value", "square", "decisions", "ends", "per_deal")
    differ = [f for f in fields if getattr(before, f) != getattr(after, f)]
    if differ:
        raise RuntimeError(
            f"chunk {after.chunk} computed again differs from its earlier figures in "
            f"{', '.join(differ)}: not saved"
        )


def _computed(
    profile_id: str,
    mode: str,
    todo: list[int],
    workers: int,
    cluster: str | None,
    profile: StudProfile | None = None,
) -> Iterator[ChunkResult]:
    """The chunks ``todo``, computed, in the order they finish."""
    if not todo:
        return
    if cluster is not None:
        from croupier.math.stud.cluster import run_on_ray

        yield from run_on_ray(cluster, compute, [(profile_id, mode, c, profile) for c in todo])
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(compute, profile_id, mode, c, profile) for c in todo]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:  # a chunk that failed, or an interrupted run: the queued chunks are not run
            pool.shutdown(cancel_futures=True)


def summary(results: list[ChunkResult], total_chunks: int) -> dict[str, Any]:
    weight = sum(r.weight for r in results)
    value = sum(r.value for r in results) / weight
    decisions: Counter[str] = Counter()
    for r in results:
        decisions.update(r.decisions)
    return {
        "chunks": f"{len(results)} of {total_chunks}",
        "deals covered": weight,
        "return per ANTE": value,
        "house edge per ANTE": -value,
        "best decision frequency": {k: v / weight for k, v in decisions.most_common()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("profile")
    parser.add_argument("--mode", choices=MODES, default="play")
    parser.add_argument("--chunks", type=int, default=None, help="only this many (a sample)")
    parser.add_argument("--every", type=int, default=1, help="take every n-th chunk")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--cluster", metavar="ADDRESS", default=None,
        help="run the chunks as tasks on this Ray cluster (e.g. ray://head:10001 or auto)",
    )  # fmt: skip
    parser.add_argument(
        "--record", action="store_true",
        help="copy the cached chunks among the package's chunks of record, then stop",
    )  # fmt: skip
    args = parser.parse_args()
    if args.record:
        copied = record(args.profile, args.mode)
        print(f"{len(copied)} chunks of {args.profile} ({args.mode}) recorded in {RECORDED}")
        return
    total = n_chunks()
    chunks = list(range(0, total, args.every))[: args.chunks]
    results = run(args.profile, args.mode, chunks, args.workers, args.cluster)
    print(json.dumps(summary(results, total), indent=2))
    if len(results) < total:
        return
    if args.mode == "play":
        for learned in learnable_strategies(results):
            print(f"\n{learned.name}: return {learned.ret:+.4%}, cost {learned.cost:.4%} per ANTE")
            for rule in learned.rules:
                print(f"  - {rule}")
    elif all(r.per_deal for r in results):
        from croupier.math.stud.report import optimum_section

        profile = profiles.load_as(args.profile, StudProfile)
        tally = run_tally(profile, args.mode, results)
        wager, figures, tables, _ = optimum_section(results, tally)
        for f in (*wager.figures(), *figures):
            print(f"{f.name}: {f.value:.6f}" + (f" = {f.exact}" if f.exact is not None else ""))
        for name, rows in tables.items():
            print(f"\n{name}:")
            for row in rows:
                print("  " + ", ".join(f"{k} {v}" for k, v in row.items()))


if __name__ == "__main__":
    main()
