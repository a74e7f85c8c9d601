"""The [003] pass one hand at a time (:mod:`croupier.math.stud.six_hand`): its
shared tables against the general counting, and how the optimum's rounds end
(:func:`croupier.math.stud.six_draw.sixth_ends`) against the exact short-deck
solver's rational and the pass's own values (bought games included)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from croupier.cards import parse_cards
from croupier.games.stud.profile import StudProfile
from croupier.math.stud.advise import context
from croupier.math.stud.counting import BINOM, count_many, hand_table
from croupier.math.stud.exact import ShortDeckSolver
from croupier.math.stud.finals import Context, strength_nets
from croupier.math.stud.first_draw import kernel_tables
from croupier.math.stud.last_round import blind
from croupier.math.stud.optimum import optimum_tables, optimum_wager
from croupier.math.stud.six_draw import first_decision, sixth_ends, sixth_round
from croupier.math.stud.six_hand import _asked, _by_hand, _masks, _pair_finals, _row, _triples
from croupier.math.stud.strategy import ChunkResult, situations
from croupier.poker.hand import CATEGORY_BASE
from croupier.profiles import load, load_as


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


def _short_deck(profile_id: str) -> StudProfile:
    """The profile without buying a game (the exact solver has none): the same menu."""
    return load_as(profile_id, StudProfile).changed(
        id=f"short-{profile_id}", buy_game=None, dark={"prebuy": ["sixth"]}
    )


@pytest.mark.parametrize("profile_id", ["six-card", "six-card-shambala"])
def test_the_optimums_rounds_return_the_exact_solvers_rational_on_a_short_deck(
    profile_id: str,
) -> None:
    """Thirteen cards, deals where the best first decision is each of fold, play
    and the 6th card (then standing or exchanging): the rounds the pass counted,
    priced by the engine, return exactly the mean of the solver's best option
    per deal (a rational), and account for every deal."""
    profile = _short_deck(profile_id)
    deck = parse_cards("As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d 9c 9s")
    table = hand_table(tuple(deck), profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    ctx = Context(profile, table, qualify, np.random.default_rng(0), 0)
    menu = sixth_round(profile)
    assert menu is not None
    solver = ShortDeckSolver(profile, deck)
    rng = np.random.default_rng(14)
    deals = [rng.permutation(deck)[:6].tolist() for _ in range(40)]
    hands = np.array([d[:5] for d in deals], dtype=np.int64)
    ups = np.array([d[5] for d in deals], dtype=np.int64)
    weights = rng.integers(1, 5, len(deals))
    found = first_decision(ctx, menu, hands, ups, weights)
    ends = sixth_ends(ctx, menu, found)
    result = ChunkResult(0, int(weights.sum()), 0.0, 0.0, {}, {}, ends, found.per_deal)
    assert sum(ends.values()) == weights.sum() * found.per_deal
    paths = {key.split("|")[0] for key in ends}
    assert "now" in paths
    assert any(path.startswith("buy_sixth") for path in paths)
    exact = Fraction(0)
    for deal, w in zip(deals, weights.tolist(), strict=True):
        options = solver.options(solver.start(deal[:5], deal[5]), deal[5])
        exact += w * max(options.values())
    assert optimum_wager([result]).ev == exact / int(weights.sum())
    decisions = optimum_tables([result])
    assert any(row["decision"].startswith("buy_sixth") for rows in decisions.values()
               for row in rows if "decision" in row)  # fmt: skip


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
