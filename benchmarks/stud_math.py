"""Stud math lab benchmark: the advisor's time per situation, per profile, and
the counting path against brute force through the engine.

    .venv/bin/python benchmarks/stud_math.py                 # 20 situations a profile
    .venv/bin/python benchmarks/stud_math.py --situations 100 --profiles russian
    .venv/bin/python benchmarks/stud_math.py --points first    # first decisions only
    .venv/bin/python benchmarks/stud_math.py --chunks 20 --profiles russian  # the play run

For each profile: p50/p95/max seconds of ``advise`` at random decision
points (after a warm-up that builds the tables and prices every strength),
situations/s, and the goal (p95 < 1 s); the CPU time the process spent is
printed beside the wall time, which a busy machine inflates. ``--points first`` times the first
decision only; ``--points every`` (the default) walks random rounds through
the profile's improvements (each exchange size, the 6th card and the discard
after it, a later round), a box with and without a paid BONUS, and the choice
after a no-game show where a game is bought then, and times each decision.
Then, for the one-draw profiles ([001]) and the six-card ones ([003]), the
strategy run's compiled pass over one chunk's classes (``math/stud/first_draw.py``,
``math/stud/six_draw.py``: its first 3,000 classes) against the advisor on a
sample of the same classes: CPU ms a class, the ratio, the projected CPU-hours.
Then the value of playing one hand against one up card (163,185 dealer
completions): the counting kernel against settling every completion through
the engine's settle_box, and the ratio.
"""

from __future__ import annotations

import argparse
import os
import time
from itertools import combinations

import numpy as np

from croupier.cards.card import format_cards
from croupier.games.stud import improve
from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.advise import Situation, advise, play_value, situation, warm_up
from croupier.math.stud.menu import box_state
from croupier.math.stud.outcomes import ANTE, net
from croupier.profiles import load, profile_ids


def stud_profiles() -> list[str]:
    return sorted(p for p in profile_ids() if getattr(load(p), "game", "") == "stud")


def decision_points(profile: StudProfile, rng: np.random.Generator) -> list[tuple[str, Situation]]:
    """The decisions of one random round: the first, then after each improvement
    taken at random (every menu entry alike, standing included) the next one,
    then, where a game is bought after a no-game show, that choice. Each is
    named by what came before it."""
    deck = rng.permutation(52).tolist()
    cards, up, rest = deck[:5], deck[5], deck[6:]
    bonus = profile.bonus is not None and profile.bonus.kind == "fee" and bool(rng.integers(2))
    after: list[str] = []
    points = []
    name = "first" + (" (bonus)" if bonus else "")
    while True:
        s = situation(profile, cards, up, after)
        s = Situation(s.cards, s.up, s.round, s.last_did, s.gone, s.must_discard, bonus=bonus)
        points.append((name, s))
        if s.must_discard:
            give = [int(c) for c in rng.choice(cards, s.must_discard, replace=False)]
            after.append(f"discard {format_cards(give)}")
            cards = [c for c in cards if c not in give]
            name = "after discard"
            continue
        box = box_state(profile, cards, s.round, s.last_did, 0)
        menu = [
            (a.act, n)
            for a in improve.menu(profile, box, ())
            for n in (a.cards if a.act == "exchange" else (0,))
        ]
        if not menu:
            break
        act, n = menu[int(rng.integers(len(menu)))]
        if act == "stand":
            break
        if act == "exchange":
            give = [int(c) for c in rng.choice(cards, n, replace=False)]
            after.append(f"exchange {format_cards(give)}")
            receive = profile.improve[s.round].exchange_receive or n
            cards = [c for c in cards if c not in give] + rest[:receive]
            rest = rest[receive:]
            name = f"after exchange {n}"
        else:
            after.append("sixth")
            cards = [*cards, rest.pop(0)]
            name = "after sixth"
    buy = profile.buy_game
    if buy is not None and buy.when == "after_show":
        dealer = (*rest[:4], up)
        if not dealer_show(profile, dealer).qualifies:
            last = points[-1][1]
            points.append(("after show", Situation(last.cards, up, last.round, last.last_did,
                                                   last.gone, dealer=dealer)))  # fmt: skip
    return points


def advisor(profile_id: str, situations: int, seed: int, points: str) -> None:
    profile = load(profile_id)
    assert isinstance(profile, StudProfile)
    started = time.perf_counter()
    warm_up(profile)
    rng = np.random.default_rng(seed)
    warm_rng = np.random.default_rng(seed + 1)
    for _ in range(3):  # loads (or compiles) the kernels every kind of decision uses
        for _name, s in decision_points(profile, warm_rng):
            advise(profile, s)
    warm = time.perf_counter() - started
    times: dict[str, list[float]] = {}
    cpu: list[float] = []
    for _ in range(situations):
        for name, s in decision_points(profile, rng)[: 1 if points == "first" else None]:
            t, c = time.perf_counter(), time.process_time()
            advise(profile, s)
            cpu.append(time.process_time() - c)
            times.setdefault(name, []).append(time.perf_counter() - t)
    every = [t for ts in times.values() for t in ts]
    p50, p95 = np.percentile(every, [50, 95])
    c50, c95 = np.percentile(cpu, [50, 95])
    print(
        f"{profile_id:22s} warm-up {warm:5.1f} s  p50 {p50:6.3f} s  p95 {p95:6.3f} s  "
        f"max {max(every):6.3f} s  {len(every) / sum(every):7.2f} situations/s  "
        f"p95 < 1 s: {'yes' if p95 < 1 else 'NO'}  (CPU time p50 {c50:.3f} s, p95 {c95:.3f} s)"
    )
    for name, ts in sorted(times.items()):
        q50, q95 = np.percentile(ts, [50, 95])
        print(
            f"    {name:22s} n {len(ts):3d}  p50 {q50:6.3f} s  p95 {q95:6.3f} s  "
            f"max {max(ts):6.3f} s"
        )


def play_vs_engine(profile_id: str) -> None:
    profile = load(profile_id)
    cards, up = (48, 45, 22, 21, 0), 30
    t = time.perf_counter()
    ours = play_value(profile, cards, up)["play"]
    fast = time.perf_counter() - t
    hand = evaluate(profile, cards)
    rest = [c for c in range(52) if c not in (*cards, up)]
    t = time.perf_counter()
    total = 0.0
    n = 0
    for four in combinations(rest, 4):
        show = dealer_show(profile, (up, *four))
        total += float(net(profile, BoxPlay(ANTE, True, hand), show))
        n += 1
    slow = time.perf_counter() - t
    print(
        f"{profile_id}: value of playing one hand: counting {fast * 1e3:.2f} ms, "
        f"settle_box on all {n:,} completions {slow:.1f} s (x{slow / fast:,.0f}); "
        f"agree: {abs(total / n - ours) < 1e-9}"
    )


def chunks(profile_id: str, count: int, workers: int) -> None:
    """The per-class run's speed (``--mode play``): ``count`` chunks through the
    same process pool the run uses (the profile sent to each chunk, nothing read
    from the cache), chunks/s and CPU-seconds per chunk after each process's
    start-up (its tables: 8 s of CPU, once per process, not once per chunk)."""
    import resource

    from croupier.math.stud import strategy

    def cpu() -> float:
        own, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF,
                                                     resource.RUSAGE_CHILDREN))  # fmt: skip
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    profile = load(profile_id)
    assert isinstance(profile, StudProfile)
    todo = list(range(0, strategy.n_chunks(), max(1, strategy.n_chunks() // count)))[:count]
    started, cpu0 = time.perf_counter(), cpu()
    done = list(strategy._computed(profile_id, "play", todo, workers, None, profile))
    wall, used = time.perf_counter() - started, cpu() - cpu0  # children counted once reaped
    print(
        f"{profile_id}: {len(done)} play chunks, {workers} processes: {wall:.1f} s wall, "
        f"{used:.1f} CPU-s with each process's start-up ({len(done) / wall:.2f} chunks/s; "
        f"load average {os.getloadavg()[0]:.1f})"
    )


def strategy_pass(
    profile_id: str, chunk: int = 100, sample: int = 100, classes: int = 3000
) -> None:
    """CPU time a class of the strategy run's compiled pass against the advisor:
    [001] (``first_draw``) over one chunk, [003] (``six_draw``) over its first
    ``classes`` classes (a few whole hands: the pass shares work between the up
    cards of one hand, as in a chunk), [002]/[004] (``multi_draw``: every draw
    enumerated, no work shared between classes) over ``classes // 250`` classes
    spread over the chunk (the advisor samples the draws of three cards and more)."""
    from croupier.math.stud import first_draw, multi_draw, six_draw
    from croupier.math.stud.advise import context
    from croupier.math.stud.strategy import situations

    profile = load(profile_id)
    if not isinstance(profile, StudProfile):
        return
    one, six = first_draw.one_draw(profile), six_draw.sixth_round(profile)
    many = multi_draw.any_exchange(profile)
    hands, ups, _ = situations(chunk)
    if one is not None:

        def run(h: np.ndarray, u: np.ndarray) -> None:
            first_draw.first_decision(context(profile, 0), one, h, u)
    elif six is not None:

        def run(h: np.ndarray, u: np.ndarray) -> None:
            six_draw.first_decision(context(profile, 0), six, h, u)

        hands, ups = hands[:classes], ups[:classes]
    elif many is not None:

        def run(h: np.ndarray, u: np.ndarray) -> None:
            multi_draw.first_decision(context(profile, 0), many, h, u)

        spread = np.linspace(0, len(hands) - 1, max(classes // 250, 2)).astype(int)
        hands, ups = hands[spread], ups[spread]
        sample = min(sample, len(hands))
    else:
        return
    warm_up(profile)
    run(hands[:1], ups[:1])  # compiled
    t = time.process_time()
    run(hands, ups)
    fast = (time.process_time() - t) / len(hands)
    picked = np.random.default_rng(14).choice(len(hands), sample, replace=False)
    t = time.process_time()
    for i in picked.tolist():
        advise(profile, Situation(tuple(hands[i].tolist()), int(ups[i])))
    slow = (time.process_time() - t) / sample
    print(
        f"{profile_id}: strategy run, first decision: compiled pass {fast * 1e3:.3f} CPU ms "
        f"a class ({len(hands):,} classes of chunk {chunk}), advisor {slow * 1e3:.2f} ms "
        f"(x{slow / fast:.1f}); ~{fast * 5.1e6 / 3600:.2f} CPU-hours for the 5.1 million "
        f"classes (load average {os.getloadavg()[0]:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--situations", type=int, default=20)
    parser.add_argument("--profiles", nargs="*", default=None)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument(
        "--points",
        choices=("every", "first"),
        default="every",
        help="every decision of random rounds, or the first decision only",
    )
    parser.add_argument("--no-engine", action="store_true", help="skip the settle_box comparison")
    parser.add_argument(
        "--chunks", type=int, default=0, help="also time this many per-class run chunks"
    )
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.chunks:
        for pid in args.profiles or ["russian"]:
            chunks(pid, args.chunks, args.workers)
        return
    for pid in args.profiles or stud_profiles():
        advisor(pid, args.situations, args.seed, args.points)
    for pid in args.profiles or stud_profiles():
        strategy_pass(pid)
    if not args.no_engine:
        play_vs_engine("russian")


if __name__ == "__main__":
    main()
