"""Blackjack: the numba shoe simulator against the engine playing the same strategy.

    .venv/bin/python benchmarks/blackjack.py                  # 10^7 simulated rounds
    .venv/bin/python benchmarks/blackjack.py --rounds 1000000 --engine-rounds 2000

Both play one box by the basic strategy of ``croupier.math.blackjack`` from
six-deck shoes with a cut card (tests/math/test_blackjack_math.py checks that
they play every round alike). The simulator gives the profile's return with a
99 % confidence interval; the engine loop (deal, ``advise``, ``apply``,
settle) shows what a pure-Python round costs. Prints rounds per second and the
ratio simulator / engine.
"""

from __future__ import annotations

import argparse
import time

from croupier.cards import FairSeed
from croupier.games.base import BoxStake, Limits, RoundSetup
from croupier.games.blackjack.engine import BlackjackGame
from croupier.math.blackjack import advise, infinite_deck, simulate
from croupier.profiles import load


def engine_rounds_per_second(rounds: int) -> float:
    profile = load("blackjack")
    game, table = BlackjackGame(), infinite_deck(profile)
    setup = RoundSetup(profile, Limits(100, 100_000, 10**9), (BoxStake(1, "ann", {"stake": 1000}),))
    seed = FairSeed.fresh()
    deck = profile.shoe.fresh(seed)
    started = time.perf_counter()
    for n in range(rounds):
        deck = profile.shoe.next_round(deck, FairSeed(seed.server_seed, nonce=n))
        state = game.start(setup, deck)
        while state.turn is not None:
            state = game.apply(state, advise(table, state))
        game.settlement(state)
        deck = state.deck
    return rounds / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10**7)
    parser.add_argument("--engine-rounds", type=int, default=5000)
    args = parser.parse_args()
    profile = load("blackjack")
    simulate(profile, 1000)  # compile (or load the cached kernel) before timing
    sim = simulate(profile, args.rounds)
    low, high = sim.interval
    sim_speed = args.rounds / sim.seconds
    print(f"simulator: {args.rounds:,} rounds in {sim.seconds:.1f} s = {sim_speed:,.0f} rounds/s")
    print(f"  return {sim.mean:+.5f} per round, 99 % CI [{low:+.5f}, {high:+.5f}]")
    engine_speed = engine_rounds_per_second(args.engine_rounds)
    print(f"engine:    {args.engine_rounds:,} rounds: {engine_speed:,.0f} rounds/s")
    print(f"simulator / engine: {sim_speed / engine_speed:,.0f}x")


if __name__ == "__main__":
    main()
