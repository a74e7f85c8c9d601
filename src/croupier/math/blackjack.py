"""Blackjack's return: a basic strategy from an infinite-deck calculation, and
a numba simulation of the profile's six-deck shoe played by that strategy.

Two methods, each checking the other:

* :func:`infinite_deck` computes, for a shoe so large that drawing a card never
  changes the odds, the dealer's final totals for every up card and the
  player's expected return of standing, hitting, doubling, splitting and
  surrendering every hand, and so the best play (the *basic strategy*) and
  the game's return. It ignores resplits and the cards already seen, so it
  is close to, not exactly, the six-deck game.
* :func:`simulate` deals real shoes (cut card, reshuffle) round after round,
  one box playing basic strategy against the dealer under every rule of the
  profile (no hole card: a dealer blackjack takes doubles and splits;
  surrender before the dealer's second card; splits to four hands). Its mean
  return comes with a 99 % confidence interval, its seed and a histogram of
  the net results. 10^7 rounds take about 2 s on one core, 10^9 (+-0.01 %)
  about 3 minutes (``croupier analyze blackjack --rounds N --seed S``; see
  docs/performance.md).

The simulator draws from its own xorshift generator seeded from a
:class:`~croupier.cards.fair.FairSeed` stream, so a run is reproducible from
its seed and never touches a global RNG.

>>> from croupier.profiles import load
>>> table = infinite_deck(load("blackjack"))
>>> bust_against_six, blackjack_against_ace = table.dealer[6][5], table.dealer[1][6]
>>> round(bust_against_six, 4), round(blackjack_against_ace, 4)
(0.4232, 0.3077)

With no hole card a dealer blackjack takes a double too, so 11 against a ten
is hit, not doubled; and surrender comes before the dealer's second card:

>>> [table.first_move("hard", total, up) for total, up in ((11, 10), (11, 9), (14, 10))]
['hit', 'double', 'surrender']
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np
from numba import njit
from numpy.typing import NDArray

from croupier.cards.fair import FairSeed
from croupier.games.base import Action
from croupier.games.blackjack.hand import twenty_one_plus_three
from croupier.games.blackjack.profile import BlackjackProfile
from croupier.games.blackjack.state import BlackjackState
from croupier.math.analyze import Z99, Figure, Outcome, Report, Sample, Wager
from croupier.math.blackjack_chart import insurance_figures, insurance_table, strategy_chart

ACTIONS = ("stand", "hit", "double", "split", "surrender")
STAND, HIT, DOUBLE, SPLIT, SURRENDER = range(5)
# Two-card hands are indexed: hard total t -> t, soft total t -> 22 + t, pair of v -> 44 + v.
KINDS = {"hard": 0, "soft": 22, "pair": 44}
CODES = 55
# Decision contexts of a two-card hand: the box's first hand; a split hand that
# may still be split; a split hand at the limit of hands.
FIRST, SPLIT_MAY_SPLIT, SPLIT_NO_SPLIT = range(3)


def _probabilities() -> tuple[float, ...]:
    """An infinite shoe: values 1 (ace) to 10; tens and pictures are 4/13."""
    return (0.0, *(1 / 13,) * 9, 4 / 13)


@dataclass(frozen=True)
class StrategyTable:
    """The infinite-deck calculation: dealer totals and the basic strategy.

    ``dealer[u]`` gives, for up card value ``u`` (1 = ace), the probabilities of
    17, 18, 19, 20, 21, bust and blackjack. ``moves[context, code, u]`` is the
    best two-card move, ``later[total, soft, u]`` hit (1) or stand (0) after.
    """

    dealer: dict[int, tuple[float, ...]]
    moves: NDArray[np.int8]
    later: NDArray[np.int8]
    game_return: float

    def first_move(self, kind: str, value: int, up: int) -> str:
        return ACTIONS[int(self.moves[FIRST, KINDS[kind] + value, up])]


def _soft_total(hard: int, ace: bool) -> tuple[int, bool]:
    return (hard + 10, True) if ace and hard + 10 <= 21 else (hard, False)


def dealer_outcomes(up: int, p: tuple[float, ...], hits_soft_17: bool) -> tuple[float, ...]:
    """P(17), P(18), P(19), P(20), P(21), P(bust), P(blackjack) for up card ``up``,
    the dealer drawing every card (no hole card, no peek)."""
    out = [0.0] * 7

    def draw(hard: int, ace: bool, cards: int, prob: float) -> None:
        value, soft = _soft_total(hard, ace)
        if cards == 2 and value == 21:
            out[6] += prob
        elif value > 21:
            out[5] += prob
        elif value >= 17 and not (value == 17 and soft and hits_soft_17):
            out[value - 17] += prob
        else:
            for c in range(1, 11):
                draw(hard + c, ace or c == 1, cards + 1, prob * p[c])

    draw(up, up == 1, 1, 1.0)
    return tuple(out)


def infinite_deck(profile: BlackjackProfile) -> StrategyTable:
    """Basic strategy and return for an infinite shoe under ``profile``'s rules."""
    p = _probabilities()
    dealer = {u: dealer_outcomes(u, p, profile.dealer_hits_soft_17) for u in range(1, 11)}
    moves = np.zeros((3, CODES, 11), dtype=np.int8)
    later = np.zeros((22, 2, 11), dtype=np.int8)
    bj = float(profile.blackjack_pays)
    game = 0.0
    for u in range(1, 11):
        d = dealer[u]

        def stand(total: int, d: tuple[float, ...] = d) -> float:
            if total > 21:
                return -1.0
            beaten = sum(d[i] for i in range(5) if 17 + i < total)
            lost = sum(d[i] for i in range(5) if 17 + i > total)
            return d[5] + beaten - lost - d[6]

        @cache
        def best(hard: int, ace: bool) -> float:
            value, _ = _soft_total(hard, ace)
            return -1.0 if value > 21 else max(stand(value), hit(hard, ace))

        @cache
        def hit(hard: int, ace: bool) -> float:
            return sum(p[c] * best(hard + c, ace or c == 1) for c in range(1, 11))

        def double(hard: int, ace: bool) -> float:
            return 2 * sum(
                p[c] * stand(_soft_total(hard + c, ace or c == 1)[0]) for c in range(1, 11)
            )

        def split(v: int) -> float:
            if v == 1:  # one card to each ace
                return 2 * sum(p[c] * stand(_soft_total(1 + c, True)[0]) for c in range(1, 11))
            das = profile.split.double_after_split
            one = 0.0
            for c in range(1, 11):
                hard, ace = v + c, v == 1 or c == 1
                doubles = das and profile.may_double_on(hard)
                one += p[c] * max(best(hard, ace), double(hard, ace) if doubles else -9.0)
            return 2 * one

        for hard in range(2, 22):
            for ace in (False, True):
                value, soft = _soft_total(hard, ace)
                if value <= 21:
                    later[value, int(soft), u] = HIT if hit(hard, ace) > stand(value) else STAND
        surrender_ok = profile.surrender == "any" or (
            profile.surrender == "not_against_ace" and u != 1
        )
        for c1 in range(1, 11):
            for c2 in range(c1, 11):
                hard, ace = c1 + c2, c1 == 1 or c2 == 1
                value, soft = _soft_total(hard, ace)
                code = KINDS["pair"] + c1 if c1 == c2 else (KINDS["soft"] if soft else 0) + value
                ev = {STAND: stand(value), HIT: hit(hard, ace)}
                if profile.may_double_on(hard):
                    ev[DOUBLE] = double(hard, ace)
                if c1 == c2:
                    ev[SPLIT] = split(c1)
                for context in (FIRST, SPLIT_MAY_SPLIT, SPLIT_NO_SPLIT):
                    allowed = dict(ev)
                    if context == FIRST and surrender_ok:
                        allowed[SURRENDER] = -0.5
                    if context != FIRST and not profile.split.double_after_split:
                        allowed.pop(DOUBLE, None)
                    if context == SPLIT_NO_SPLIT:
                        allowed.pop(SPLIT, None)
                    moves[context, code, u] = max(allowed, key=lambda a: allowed[a])
                pair_weight = p[c1] * p[c2] * (1 if c1 == c2 else 2)
                if value == 21:
                    first = bj * (1 - d[6])
                else:
                    first = max(ev.values())
                    if surrender_ok:
                        first = max(first, -0.5)
                game += p[u] * pair_weight * first
    return StrategyTable(dealer, moves, later, game)


def _value(card: int) -> int:
    """A card's value as the kernels count it: ace 1, tens and pictures 10."""
    rank = card >> 2
    return 1 if rank == 12 else min(rank + 2, 10)


def _two_card_code(a: int, b: int) -> int:
    if a == b:
        return KINDS["pair"] + a
    value, soft = _soft_total(a + b, 1 in (a, b))
    return (KINDS["soft"] if soft else KINDS["hard"]) + value


def advise(table: StrategyTable, state: BlackjackState) -> Action:
    """The basic-strategy move for the hand whose turn it is, as an engine action
    (the same table and the same reading as the simulator: a terminal hint, and
    the check that simulator and engine play alike)."""
    assert state.turn is not None, "nothing to decide: the round is over"
    bi, hi = state.turn
    box = state.boxes[bi]
    hand = box.hands[hi]
    up = _value(state.up_card)
    values = [_value(c) for c in hand.cards]
    if hand.natural:
        move = "stand"  # decline even money: 3:2 is worth more on average
    elif hand.split_aces:
        again = len(values) == 2 and values[1] == 1
        again = (
            again
            and state.profile.split.resplit_aces
            and len(box.hands) < state.profile.split.max_hands
        )
        move = "split" if again else "stand"
    elif len(values) == 2:
        hands, most = len(box.hands), state.profile.split.max_hands
        context = FIRST if hands == 1 else SPLIT_MAY_SPLIT if hands < most else SPLIT_NO_SPLIT
        move = ACTIONS[int(table.moves[context, _two_card_code(*values), up])]
    else:
        value, soft = _soft_total(sum(values), 1 in values)
        move = ACTIONS[int(table.later[value, int(soft), up])]
    return Action(move, box=box.box, hand=hi)


# ---------------------------------------------------------------- the simulation

# What the compiled kernels read of a profile: cut card, dealer hits soft 17,
# blackjack pays, most hands, resplit aces.
Rules = tuple[int, bool, float, int, bool]


def kernel_rules(profile: BlackjackProfile) -> Rules:
    return (
        profile.shoe.cut_card,
        profile.dealer_hits_soft_17,
        float(profile.blackjack_pays),
        profile.split.max_hands,
        profile.split.resplit_aces,
    )


@njit(cache=True)
def _random(state: NDArray[np.uint64]) -> np.uint64:  # pragma: no cover - compiled
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return np.uint64(x * np.uint64(2685821657736338717))


@njit(cache=True)
def _below(state: NDArray[np.uint64], n: int) -> int:  # pragma: no cover - compiled
    return int((_random(state) >> np.uint64(11)) % np.uint64(n))


@njit(cache=True)
def _total(hard: int, aces: int) -> int:  # pragma: no cover - compiled
    return hard + 10 if aces > 0 and hard + 10 <= 21 else hard


@njit(cache=True)
def _code(a: int, b: int) -> int:  # pragma: no cover - compiled
    if a == b:
        return 44 + a
    hard = a + b
    if (a == 1 or b == 1) and hard + 10 <= 21:
        return 22 + hard + 10
    return hard


@njit(cache=True)
def _play_shoe(  # pragma: no cover - compiled
    shoe: NDArray[np.int64],
    rules: Rules,
    moves: NDArray[np.int8],
    later: NDArray[np.int8],
    out: NDArray[np.float64],
    staked: NDArray[np.float64],
) -> int:
    """Play one shoe (card values, ace 1) round by round until the cut card has
    come out; each round's return goes to ``out`` and what it staked in all
    (doubles and splits too) to ``staked``; the number of rounds."""
    cut, hits_soft_17, blackjack_pays, max_hands, resplit_aces = rules
    size = shoe.shape[0]
    hard = np.zeros(4, dtype=np.int64)
    aces = np.zeros(4, dtype=np.int64)
    cards = np.zeros(4, dtype=np.int64)
    first = np.zeros(4, dtype=np.int64)
    stake = np.zeros(4, dtype=np.float64)
    split_aces = np.zeros(4, dtype=np.bool_)
    pos = 0
    played = 0
    while size - pos >= cut:
        p1 = shoe[pos]
        up = shoe[pos + 1]
        p2 = shoe[pos + 2]
        pos += 3
        if p1 + p2 == 11 and (p1 == 1 or p2 == 1):  # blackjack: decline even money
            hole = shoe[pos]
            pos += 1
            dealer_bj = up + hole == 11 and (up == 1 or hole == 1)
            out[played] = 0.0 if dealer_bj else blackjack_pays
            staked[played] = 1.0
            played += 1
            continue
        hands = 1
        hard[0] = p1 + p2
        aces[0] = (p1 == 1) + (p2 == 1)
        cards[0] = 2
        first[0] = p1
        stake[0] = 1.0
        split_aces[0] = False
        surrendered = False
        h = 0
        while h < hands:
            if cards[h] == 1:  # a split hand takes its second card when its turn comes
                c = shoe[pos]
                pos += 1
                hard[h] += c
                aces[h] += c == 1
                cards[h] = 2
            while _total(hard[h], aces[h]) < 21:
                t = _total(hard[h], aces[h])
                soft = 1 if aces[h] > 0 and hard[h] + 10 <= 21 else 0
                second = hard[h] - first[h]
                move = HIT if later[t, soft, up] == HIT else STAND
                if split_aces[h]:  # one card to a split ace, unless it may be split again
                    again = cards[h] == 2 and second == 1 and resplit_aces and hands < max_hands
                    move = SPLIT if again else STAND
                elif cards[h] == 2:
                    context = (
                        FIRST
                        if hands == 1
                        else (SPLIT_MAY_SPLIT if hands < max_hands else SPLIT_NO_SPLIT)
                    )
                    move = moves[context, _code(first[h], second), up]
                if move == STAND:
                    break
                if move == SURRENDER:
                    surrendered = True
                    break
                if move == SPLIT:
                    for m in range(hands, h + 1, -1):
                        hard[m] = hard[m - 1]
                        aces[m] = aces[m - 1]
                        cards[m] = cards[m - 1]
                        first[m] = first[m - 1]
                        stake[m] = stake[m - 1]
                        split_aces[m] = split_aces[m - 1]
                    hands += 1
                    value = first[h]
                    for m in (h, h + 1):
                        hard[m] = value
                        aces[m] = 1 if value == 1 else 0
                        cards[m] = 1
                        first[m] = value
                        stake[m] = 1.0
                        split_aces[m] = value == 1
                c = shoe[pos]
                pos += 1
                hard[h] += c
                aces[h] += c == 1
                cards[h] += 1
                if move == DOUBLE:
                    stake[h] = 2.0
                    break
            h += 1
        net = 0.0
        if surrendered:
            net = -0.5
        else:
            live = False
            for m in range(hands):
                if _total(hard[m], aces[m]) <= 21:
                    live = True
            if not live:
                for m in range(hands):
                    net -= stake[m]
            else:
                d_hard = up + shoe[pos]
                d_aces = (up == 1) + (shoe[pos] == 1)
                pos += 1
                dealer_bj = _total(d_hard, d_aces) == 21
                if not dealer_bj:
                    while True:
                        dt = _total(d_hard, d_aces)
                        soft = d_aces > 0 and d_hard + 10 <= 21
                        if dt > 17 or (dt == 17 and not (soft and hits_soft_17)):
                            break
                        c = shoe[pos]
                        pos += 1
                        d_hard += c
                        d_aces += c == 1
                dt = _total(d_hard, d_aces)
                for m in range(hands):
                    pt = _total(hard[m], aces[m])
                    if pt > 21 or dealer_bj:
                        net -= stake[m]
                    elif dt > 21 or pt > dt:
                        net += stake[m]
                    elif pt < dt:
                        net -= stake[m]
        out[played] = net
        staked[played] = 0.0
        for m in range(hands):
            staked[played] += stake[m]
        played += 1
    return played


@njit(cache=True)
def _simulate(  # pragma: no cover - compiled
    rounds: int,
    seed: NDArray[np.uint64],
    decks: int,
    rules: Rules,
    moves: NDArray[np.int8],
    later: NDArray[np.int8],
    histogram: NDArray[np.int64],
) -> float:
    """Play ``rounds`` rounds; count them by net result in tenths of the
    initial stake (``histogram[NET_BINS + 10 * net]``); the total staked."""
    shoe = np.empty(52 * decks, dtype=np.int64)
    k = 0
    for _ in range(4 * decks):
        for v in range(1, 14):
            shoe[k] = min(v, 10)
            k += 1
    out = np.zeros(52 * decks, dtype=np.float64)
    staked = np.zeros(52 * decks, dtype=np.float64)
    state = seed.copy()
    total_staked = 0.0
    done = 0
    while done < rounds:
        for i in range(shoe.shape[0] - 1, 0, -1):
            j = _below(state, i + 1)
            shoe[i], shoe[j] = shoe[j], shoe[i]
        played = _play_shoe(shoe, rules, moves, later, out, staked)
        for r in range(min(played, rounds - done)):
            histogram[NET_BINS + round(out[r] * 10)] += 1
            total_staked += staked[r]
        done += played
    return total_staked


NET_BINS = 80  # a round nets at most 8 initial stakes either way (four doubled hands)
DEFAULT_SEED = 20261130  # the published figures' seed: ``croupier analyze blackjack --seed``


@dataclass(frozen=True)
class Simulation:
    rounds: int
    seed: int
    histogram: NDArray[np.int64]  # rounds by net result in tenths: index NET_BINS + 10 * net
    staked: float  # in initial stakes, doubles and splits included
    seconds: float

    @property
    def mean(self) -> float:
        """The return per round, in initial stakes."""
        return float((self.nets() * self.histogram).sum()) / self.rounds

    @property
    def std_dev(self) -> float:
        second = float((self.nets() ** 2 * self.histogram).sum()) / self.rounds
        return math.sqrt(max(second - self.mean**2, 0.0) * self.rounds / (self.rounds - 1))

    @property
    def half_width(self) -> float:
        """Of the 99 % confidence interval of the mean."""
        return Z99 * self.std_dev / math.sqrt(self.rounds)

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - self.half_width, self.mean + self.half_width

    def nets(self) -> NDArray[np.float64]:
        return (np.arange(len(self.histogram)) - NET_BINS) / 10


def fair_seed(seed: int) -> FairSeed:
    """The simulation's seed as a provably fair seed, so a figure is reproducible."""
    if seed < 0:
        raise ValueError(f"a seed is a whole number >= 0, got {seed}")
    return FairSeed(seed.to_bytes(32, "big"), "blackjack-analysis")


def simulate(profile: BlackjackProfile, rounds: int, seed: int | None = None) -> Simulation:
    """Deal ``rounds`` rounds of one box playing basic strategy from the
    profile's shoe, from ``seed`` (a fresh one from the OS when None)."""
    if rounds < 2:
        raise ValueError("a simulation needs at least two rounds")
    if seed is None:
        seed = int.from_bytes(FairSeed.fresh().server_seed[:8], "big")
    stream = fair_seed(seed).stream("blackjack-simulation")
    word = (stream.randbelow(1 << 32) << 32) | stream.randbelow(1 << 32) | 1  # xorshift: not 0
    table = infinite_deck(profile)
    started = time.perf_counter()
    seed_word = np.array([word], dtype=np.uint64)
    histogram = np.zeros(2 * NET_BINS + 1, dtype=np.int64)
    staked = _simulate(rounds, seed_word, profile.shoe.decks, kernel_rules(profile),
                       table.moves, table.later, histogram)  # fmt: skip
    return Simulation(rounds, seed, histogram, staked, time.perf_counter() - started)


def simulation_wager(sim: Simulation, blackjack_pays: Fraction) -> Wager:
    """The simulated rounds as a wager per initial stake, by net result."""
    outcomes = []
    for index in np.flatnonzero(sim.histogram)[::-1]:
        net = Fraction(int(index) - NET_BINS, 10)
        line = ("blackjack paid" if net == blackjack_pays else "surrender" if net == Fraction(-1, 2)
                else f"net {'+' if net > 0 else ''}{net}" if net else "net 0 (push)")  # fmt: skip
        outcomes.append(Outcome(line, net, int(sim.histogram[index]) / sim.rounds))
    sample = Sample.of(sim.seed, sim.rounds, sim.mean, sim.std_dev)
    name = "box playing basic strategy"
    return Wager(name, "initial stake", tuple(outcomes), sim.staked / sim.rounds, sample)


def twenty_one_plus_three_return(profile: BlackjackProfile) -> Fraction:
    """The exact return of 21+3 per unit: every three cards of a full shoe
    (the box's two and the dealer's up card), weighed without replacement."""
    per_card = profile.shoe.decks
    n = 52 * per_card
    back = 0
    for a in range(52):
        for b in range(52):
            wb = per_card - (b == a)
            for c in range(52):
                wc = per_card - (c == a) - (c == b)
                if wb <= 0 or wc <= 0:
                    continue
                combination = twenty_one_plus_three((a, b, c))
                if combination is not None:
                    back += per_card * wb * wc * (1 + profile.twenty_one_plus_three[combination])
    return Fraction(back, n * (n - 1) * (n - 2)) - 1


def analyze(profile: BlackjackProfile, rounds: int = 10**7, seed: int = DEFAULT_SEED) -> Report:
    """``croupier analyze blackjack [--rounds N] [--seed S]``: 10^7 rounds
    (about half a minute) by default; 10^9 rounds give the +-0.01 % figure."""
    started = time.perf_counter()
    table = infinite_deck(profile)
    sim = simulate(profile, rounds, seed)
    side = twenty_one_plus_three_return(profile)
    figures = (
        Figure(
            "return (simulation, basic strategy)",
            sim.mean,
            note=f"{sim.seconds:.1f} s; +-{100 * sim.half_width:.4f} % at 99 %",
            sample=Sample.of(seed, rounds, sim.mean, sim.std_dev),
        ),
        Figure(
            "return (infinite-deck calculation)",
            table.game_return,
            note="same rules, no resplits, no card removal",
        ),
        Figure("return of 21+3", float(side), side, "exact, every three cards of the shoe"),
        *insurance_figures(profile),
    )
    return Report(
        profile.id,
        "simulation of the shoe with a basic strategy from the infinite-deck calculation",
        figures,
        tables={"basic strategy (first two cards)": strategy_chart(table),
                "insurance and even money (six-deck shoe, exact)": insurance_table(profile)},
        wagers=(simulation_wager(sim, profile.blackjack_pays),),
        seconds=time.perf_counter() - started,
    )  # fmt: skip
