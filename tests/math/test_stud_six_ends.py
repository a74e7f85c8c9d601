"""The [003] pass one hand at a time (:mod:`croupier.math.stud.six_hand`): its
shared tables against the general counting, and how the optimum's rounds end
(:func:`croupier.math.stud.six_draw.sixth_ends`) against the exact short-deck
solver's rational and the pass's own values (bought games included)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sixkit import short_six

from croupier.cards import format_cards
from croupier.games.stud.payout import BoxPlay, dealer_show
from croupier.games.stud.payout import evaluate as evaluate_hand
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.advise import context
from croupier.math.stud.counting import BINOM, count_many
from croupier.math.stud.exact import ShortDeckSolver
from croupier.math.stud.finals import DECISIONS, Context, strength_nets
from croupier.math.stud.first_draw import kernel_tables
from croupier.math.stud.last_round import blind
from croupier.math.stud.optimum import NAME, optimum_wager
from croupier.math.stud.outcomes import ANTE, net, staked
from croupier.math.stud.report import optimum_section
from croupier.math.stud.six_draw import SixthRound, first_decision, sixth_ends, sixth_round
from croupier.math.stud.six_hand import _asked, _by_hand, _masks, _pair_finals, _row, _triples
from croupier.math.stud.strategy import ChunkResult, load_chunk, save_chunk, situations
from croupier.profiles import load


def _below(ctx: Context, avoid: list[int], up: int, xs: list[int]) -> list[int]:
    """Dealer hands holding ``up`` and none of ``avoid`` below each of ``xs``
    (local cards), by the general counting."""
    n = len(xs)
    got = count_many(ctx.table, np.array([avoid] * n, dtype=np.int64), np.full(n, up, np.int64),
                     np.array([[x, x, x, x] for x in xs], dtype=np.int64))  # fmt: skip
    return [int(c) for c in got[:, 0]]


def test_the_hands_shared_tables_are_the_general_counting() -> None:
    """One hand of six-card-shambala: ``A`` (holding the up card), ``B`` (two
    cards) at every asked strength and ``C`` (three cards: below qualifying
    and below / at each pair's final strengths) for a few up cards and pairs,
    each by inclusion-exclusion of the general counting."""
    profile = load("six-card-shambala")
    ctx = context(profile, 0)
    menu = sixth_round(profile)
    assert menu is not None
    hands, ups, _ = situations(150)
    cards, up, t = kernel_tables(ctx, hands[:3], ups[:3])
    n, top = ctx.table.size, len(ctx.table.values)
    hand = np.sort(cards[0])
    m = n - 5
    pairs = BINOM[m, 2]
    others = np.empty(m, np.int64)
    pair5 = np.empty((pairs, 7, 7), np.int32)
    best6 = np.empty((pairs, 7), np.int32)
    _by_hand(hand, n, BINOM, ctx.table.rank_of, others, pair5, best6)
    is_blind = blind(strength_nets(ctx), ctx.qualify)
    options = len(menu.exchanges)
    x_of = np.empty((pairs, 2, options), np.int32)
    dx = np.empty((pairs, 2 * options), np.int32)
    nd = np.empty(pairs, np.int64)
    idx = np.empty((pairs, 2, options), np.int64)
    _pair_finals(hand, cards[0], others, menu.gives, pair5, best6, is_blind, x_of, dx, nd, idx)
    slot, pos, xs = (np.empty(top + 1, np.int64) for _ in range(3))
    nk = _asked(hand, others, pair5, nd, dx, is_blind, ctx.qualify, BINOM, ctx.table.rank_of, top,
                slot, pos, xs)  # fmt: skip
    asked = xs[:nk].tolist()
    assert 0 < nk < top / 4  # a few hundred of 7,462 strengths
    named, delta = np.empty(5, np.int64), np.empty(nk + 1, np.int64)
    h = hand.tolist()
    u, a, b = int(up[0]), int(others[5]), int(others[30])
    row = np.empty(nk, np.int64)
    _row(hand, _masks(0, 4), u, -1, t, xs, nk, pos, named, delta, row)
    assert row.tolist() == _below(ctx, h, u, asked)
    _row(hand, _masks(0, 3), u, a, t, xs, nk, pos, named, delta, row)
    with_a = _below(ctx, [*h, a], u, asked)
    assert row.tolist() == [x - y for x, y in zip(_below(ctx, h, u, asked), with_a, strict=True)]
    # C for the up cards of the first three classes (rows 0..2), every pair of them
    row_of = np.full(m, -1, np.int64)
    where = {int(c): i for i, c in enumerate(others)}
    for r in range(3):
        row_of[where[int(up[r])]] = r
    off = np.concatenate([[0], np.cumsum(nd)])
    c_q = np.zeros((3, pairs), np.int32)
    c_x = np.zeros((3, int(off[-1]), 2), np.int32)
    _triples(hand, others, row_of, 0, t, ctx.qualify, is_blind, nd, dx, off, c_q, c_x)
    ia, ib = 5, 30
    pair = BINOM[ib, 2] + BINOM[ia, 1]
    for r in range(3):
        u = int(up[r])
        if u in (a, b):
            continue
        xs_p = [ctx.qualify] + [int(x) for x in dx[pair, : nd[pair]] if not is_blind[x]]
        ks = [k for k in range(nd[pair]) if not is_blind[dx[pair, k]]]
        three = []
        for ups_x in (xs_p, [x + 1 for x in xs_p]):
            parts = [_below(ctx, [*h, *extra], u, ups_x) for extra in ([], [a], [b], [a, b])]
            three.append([p0 - p1 - p2 + p3 for p0, p1, p2, p3 in zip(*parts, strict=True)])
        assert int(c_q[r, pair]) == three[0][0]
        for j, k in enumerate(ks, start=1):
            assert int(c_x[r, off[pair] + k, 0]) == three[0][j]
            assert int(c_x[r, off[pair] + k, 1]) == three[1][j] - three[0][j]


class _Tie(Exception):
    """Two options of a deal are worth exactly the same (rounds may end either way)."""


def _best(values: dict[str, Fraction], among: list[str]) -> str:
    ranked = sorted(among, key=lambda name: values[name], reverse=True)
    if len(ranked) > 1 and values[ranked[0]] == values[ranked[1]]:
        raise _Tie
    return ranked[0]


def _rounds(solver: ShortDeckSolver, menu: SixthRound, deal: list[int],
            ) -> tuple[str, Counter[tuple[Fraction, Fraction]]]:  # fmt: skip
    """A deal's first decision by the solver's exact values and its rounds, each
    settled by the engine: (net, staked) per ANTE -> probability; the box choosing
    by the solver's values at every node (``_Tie`` where two are equal)."""
    profile, deck = solver.profile, solver.deck
    cards, up = deal[:5], deal[5]
    out: Counter[tuple[Fraction, Fraction]] = Counter()

    def settle(at: Any, price: Fraction, p: Fraction) -> None:
        final = _best(solver.options(at, up), ["fold", "play"])
        box = BoxPlay(ANTE, final == "play", evaluate_hand(profile, at.cards))
        dealers = list(combinations([c for c in deck if c not in at.seen], 4))
        for hidden in dealers:
            show = dealer_show(profile, (*hidden, up))
            key = (net(profile, box, show) - price, staked(profile, box, show) + price)
            out[key] += p / len(dealers)

    start = solver.start(cards, up)
    first = _best(solver.options(start, up), ["fold", "play", "buy_sixth"])
    if first != "buy_sixth":
        settle(start, Fraction(0), Fraction(1))
        return first, out
    sixth = Fraction(menu.sixth.price)
    unseen = [c for c in deck if c not in start.seen]
    for a in unseen:
        moved = menu.sixth.moved
        after = replace(start, cards=(*cards, a), seen=start.seen | {a}, rnd=moved.rnd,
                        last_did=moved.last_did)  # fmt: skip
        then = solver.options(after, up)
        names = {f"exchange {format_cards([after.cards[i] for i in c.give])}": c
                 for c in menu.exchanges}  # fmt: skip
        chosen = _best(then, ["fold", "play", *names])
        if chosen in ("fold", "play"):
            settle(after, sixth, Fraction(1, len(unseen)))
            continue
        choice = names[chosen]
        kept = tuple(c for i, c in enumerate(after.cards) if i not in choice.give)
        rest = [c for c in unseen if c != a]
        for b in rest:
            last = replace(after, cards=(*kept, b), seen=after.seen | {b},
                           rnd=choice.moved.rnd, last_did=choice.moved.last_did)  # fmt: skip
            settle(last, sixth + Fraction(choice.price), Fraction(1, len(unseen) * len(rest)))
    return first, out


@pytest.mark.slow  # shambala's rounds are the same walk with its own menu: make soak
@pytest.mark.sizes(24, 60)  # random deals: make test walks 24 of them, make soak 60
@pytest.mark.parametrize(
    "profile_id", ["six-card", pytest.param("six-card-shambala", marks=pytest.mark.soak)]
)
def test_the_optimums_rounds_are_the_engines_and_return_the_exact_solvers_rational(
    profile_id: str, size: int
) -> None:
    """Thirteen cards, deals whose best first decision is each of fold, play and
    the 6th card (then standing or exchanging): every round of each deal played
    by the solver's exact choices and settled by the engine gives the same
    distribution of (net, staked) as the rounds the pass counted (so the same
    return, element of risk and standard deviation), and the return is the mean
    of the solver's best option per deal (a rational). Deals with two options
    of exactly equal value (which may end either way) are left out."""
    six = short_six(profile_id)
    deck, ctx, menu, solver = six.deck, six.ctx, six.menu, six.solver
    rng = np.random.default_rng(14)
    deals, firsts, expected = [], [], []
    for _ in range(size):
        deal = rng.permutation(deck)[:6].tolist()
        try:
            first, rounds = _rounds(solver, menu, deal)
        except _Tie:
            continue
        deals.append(deal)
        firsts.append(first)
        expected.append(rounds)
    assert {"fold", "play", "buy_sixth"} <= set(firsts)
    hands = np.array([d[:5] for d in deals], dtype=np.int64)
    ups = np.array([d[5] for d in deals], dtype=np.int64)
    weights = rng.integers(1, 5, len(deals))
    found = first_decision(ctx, menu, hands, ups, weights)
    labels = [*DECISIONS, "buy_sixth"]
    assert [labels[j] for j in found.choice.tolist()] == firsts
    ends = sixth_ends(ctx, menu, found)
    assert sum(ends.values()) == weights.sum() * found.per_deal
    paths = {key.split("|")[0] for key in ends}
    assert paths == {"now", "buy_sixth", f"buy_sixth, exchange {len(menu.exchanges[0].give)}"}
    every = np.concatenate([found.now, found.options], axis=1)
    best = every[np.arange(len(deals)), found.choice]
    value = math.fsum((best * weights).tolist())
    result = ChunkResult(0, int(weights.sum()), value, 0.0, {}, {}, ends, found.per_deal)
    wager = optimum_wager([result])
    total = int(weights.sum())
    engine: Counter[Fraction] = Counter()
    stake = Fraction(0)
    for rounds, w in zip(expected, weights.tolist(), strict=True):
        for (won, paid), p in rounds.items():
            engine[won] += p * Fraction(w, total)
            stake += paid * p * Fraction(w, total)
    assert dict(wager.distribution()) == {k: v for k, v in engine.items() if v}
    assert wager.average_stake == stake
    exact = Fraction(0)
    for deal, w in zip(deals, weights.tolist(), strict=True):
        exact += w * solver.value(solver.start(deal[:5], deal[5]), deal[5])
    assert wager.ev == exact / total
    # the report's section: every figure of [001], its return checked against the values
    _, figures, tables, _ = optimum_section([result], None)
    assert any(row["decision"].startswith("buy_sixth, exchange")
               for row in tables[f"decision frequency ({NAME})"])  # fmt: skip
    assert figures


def test_bought_games_are_counted_in_the_rounds_of_playing_now() -> None:
    """Full deck, six-card, trips and better (a game bought after a no-game show
    pays): the rounds counted, bought games priced by the engine, return the
    pass's values (the walk sums ~1e5 gains in floats) and cover every deal."""
    profile = load("six-card")
    ctx = context(profile, 0)
    menu = sixth_round(profile)
    assert menu is not None
    hands, ups, weights = situations(0)
    found = first_decision(ctx, menu, hands[:47], ups[:47], weights[:47])
    ends = sixth_ends(ctx, menu, found)
    assert any("|bought_" in key for key in ends)
    result = ChunkResult(0, int(weights[:47].sum()), 0.0, 0.0, {}, {}, ends, found.per_deal)
    assert sum(ends.values()) == result.weight * found.per_deal
    every = np.concatenate([found.now, found.options], axis=1)
    best = every[np.arange(47), found.choice]
    mean = float((best * weights[:47]).sum() / weights[:47].sum())
    assert float(optimum_wager([result]).ev) == pytest.approx(mean, abs=1e-11)


def test_a_six_card_chunk_without_its_rounds_is_computed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cached [003] chunk written before the pass counted how rounds end (no
    ``per_deal``) is not read; one with them is, and so is a [001] chunk."""
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path))
    old = ChunkResult(7, 10, 1.0, 1.0, {"play": 10})
    new = ChunkResult(7, 10, 1.0, 1.0, {"play": 10}, {}, {"now|play|tie|pair|0|3": 5}, 5)
    six, five = load("six-card"), load("five-card-exchange")
    assert isinstance(six, StudProfile) and isinstance(five, StudProfile)
    save_chunk(six, "improve", old)
    assert load_chunk(six, "improve", 7) is None
    save_chunk(six, "improve", new)
    assert load_chunk(six, "improve", 7) == new
    save_chunk(five, "improve", old)
    assert load_chunk(five, "improve", 7) == old
