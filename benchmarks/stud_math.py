"""Stud math lab benchmark: the advisor's time per situation, per profile, and
the counting path against brute force through the engine.

    .venv/bin/python benchmarks/stud_math.py                 # 20 situations a profile
    .venv/bin/python benchmarks/stud_math.py --situations 100 --profiles russian

For each profile: p50/p95/max seconds of ``advise`` on random first
decisions (after a warm-up that builds the tables and prices every strength),
situations/s, and the goal (p95 < 1 s). Then the value of playing one hand
against one up card (163,185 dealer completions): the counting kernel against
settling every completion through the engine's settle_box, and the ratio.
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations

import numpy as np

from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate
from croupier.math.stud.advise import Situation, advise, play_value, warm_up
from croupier.math.stud.outcomes import ANTE, net
from croupier.profiles import load, profile_ids


def stud_profiles() -> list[str]:
    return sorted(p for p in profile_ids() if getattr(load(p), "game", "") == "stud")


def advisor(profile_id: str, situations: int, seed: int) -> None:
    profile = load(profile_id)
    started = time.perf_counter()
    warm_up(profile)
    rng = np.random.default_rng(seed)
    deal = rng.permutation(52)[:6].tolist()
    advise(profile, Situation(tuple(deal[:5]), deal[5]))  # loads the compiled kernels
    warm = time.perf_counter() - started
    times = []
    for _ in range(situations):
        deal = rng.permutation(52)[:6].tolist()
        s = Situation(tuple(deal[:5]), deal[5])
        t = time.perf_counter()
        advise(profile, s)
        times.append(time.perf_counter() - t)
    p50, p95 = np.percentile(times, [50, 95])
    print(
        f"{profile_id:22s} warm-up {warm:5.1f} s  p50 {p50:6.3f} s  p95 {p95:6.3f} s  "
        f"max {max(times):6.3f} s  {situations / sum(times):7.2f} situations/s  "
        f"p95 < 1 s: {'yes' if p95 < 1 else 'NO'}"
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--situations", type=int, default=20)
    parser.add_argument("--profiles", nargs="*", default=None)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--no-engine", action="store_true", help="skip the settle_box comparison")
    args = parser.parse_args()
    for pid in args.profiles or stud_profiles():
        advisor(pid, args.situations, args.seed)
    if not args.no_engine:
        play_vs_engine("russian")


if __name__ == "__main__":
    main()
