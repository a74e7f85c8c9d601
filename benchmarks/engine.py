"""Stud engine benchmark: complete rounds per second through the engine.

    .venv/bin/python benchmarks/engine.py             # every profile, 1 and 4 boxes
    .venv/bin/python benchmarks/engine.py --rounds 20000 --profile russian

Rates are per second of CPU time of this process (one core): on a shared
machine wall time mostly measures the neighbours. Each round is dealt from a
seeded deck (``Deck.shuffled(FairSeed)``, shuffled ahead; the "+shuffle"
column adds the shuffle's cost) and played by a fixed simple strategy: a
light box holding a combination plays; holding nothing it uses the first
improvement offered (an exchange of its lowest card, else a 6th card) once
and then plays if that made a combination, else folds; after a no-game show
it takes the ANTE. The round is settled. Goal (issue 3): at least 5,000
one-box rounds/s on one core.

For scale, the same loop is timed for the only peer round engine we have,
pokerkit (a heads-up no-limit hold'em hand, checked down to the showdown):
a different game, so the ratio says how heavy our state machine is, not who
deals poker better.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import secrets
import time
from collections.abc import Callable

from croupier.cards import Deck, FairSeed
from croupier.games.base import Action, BoxStake, Limits, RoundSetup
from croupier.games.stud import StudGame
from croupier.games.stud.payout import evaluate
from croupier.games.stud.state import StudState
from croupier.profiles import load

PROFILES = (
    "six-card-all-in-one",
    "five-card-exchange",
    "five-card-sixth",
    "russian-online",
    "six-card",
    "russian",
    "six-card-shambala",
)
GAME = StudGame()
LIMITS = Limits(100, 100_000, 10_000_000)


def choose(state: StudState) -> Action:
    """The fixed simple strategy."""
    turn = GAME.to_act(state)
    assert turn is not None
    box = state.boxes[state.index(turn.box)]
    if turn.waiting_for == "buy a game or take the ANTE":
        return Action("take_ante", box=box.box)
    default = GAME.default_action(state)
    if turn.waiting_for.startswith("give back"):
        assert default is not None
        return default
    hand = evaluate(state.profile, box.cards).main
    if state.profile.is_combination(hand.category):
        return Action("play", box=box.box)
    if box.fees:  # improved once already and still nothing
        return Action("fold", box=box.box)
    for offer in GAME.legal_actions(state):
        if offer.act == "exchange" and offer.box == box.box:
            low = min(box.cards, key=lambda c: c >> 2)
            if 1 in offer.cards:
                return Action("exchange", box=box.box, cards=(low,))
        if offer.act == "buy_sixth" and offer.box == box.box:
            return Action("buy_sixth", box=box.box)
    return Action("fold", box=box.box)


def decks(count: int, seed: bytes) -> list[Deck]:
    """Seeded decks, shuffled ahead so the engine alone can be timed."""
    return [Deck.shuffled(FairSeed(seed, "", nonce)) for nonce in range(count)]


def one_round(profile_id: str, boxes: int, deck: Deck) -> int:
    profile = load(profile_id)
    stakes = tuple(BoxStake(n, f"p{n}", {"ante": 1000}) for n in range(1, boxes + 1))
    state = GAME.start(RoundSetup(profile, LIMITS, stakes), deck)
    while GAME.to_act(state) is not None:
        state = GAME.apply(state, choose(state))
    settlement = GAME.settlement(state)
    assert settlement is not None
    return settlement.house_result


def rate(run: Callable[[int], object], rounds: int, repeat: int = 3) -> float:
    """Rounds per second of this process's CPU time (best of ``repeat``): on a
    shared machine wall time mostly measures the neighbours."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for i in range(rounds):
            run(i)
        best = min(best, time.process_time() - start)
    return rounds / best


def pokerkit_rate(rounds: int) -> float:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def hand(_: int) -> None:
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, 200, 2)
        while state.status:
            state.check_or_call()

    return rate(hand, rounds, repeat=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--profile", choices=PROFILES, action="append")
    parser.add_argument("--profile-calls", action="store_true", help="show where the time goes")
    args = parser.parse_args()
    seed = secrets.token_bytes(32)
    ready = decks(args.rounds, seed)
    shuffle = rate(lambda i: Deck.shuffled(FairSeed(seed, "", i)), args.rounds, repeat=1)
    peer = pokerkit_rate(max(args.rounds // 50, 50))
    print(f"provably fair deck shuffles (FairSeed): {shuffle:,.0f} decks/s")
    print(f"pokerkit heads-up hold'em hand, checked down: {peer:,.0f} rounds/s\n")
    print("rounds/s through the engine, decks shuffled ahead (and with the shuffle timed in):")
    print(f"{'profile':<22}{'1 box':>9}{'+shuffle':>10}{'ours/pokerkit':>15}{'4 boxes':>9}")
    for pid in args.profile or PROFILES:
        one = rate(lambda i, pid=pid: one_round(pid, 1, ready[i]), args.rounds)
        four = rate(lambda i, pid=pid: one_round(pid, 4, ready[i]), args.rounds // 4)
        live = 1 / (1 / one + 1 / shuffle)
        print(f"{pid:<22}{one:>9,.0f}{live:>10,.0f}{one / peer:>15.1f}{four:>9,.0f}")
    if args.profile_calls:
        pid = (args.profile or PROFILES)[0]
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [one_round(pid, 1, deck) for deck in ready])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
