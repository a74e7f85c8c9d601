"""The optimum's PAR figures of the [001] compiled pass (how its rounds end),
its rule classes with draws, and the learnable charts with improvements."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from croupier.cards import parse_cards
from croupier.games.stud.payout import dealer_show, evaluate
from croupier.math.stud.counting import count_many
from croupier.math.stud.draw_classes import (
    FLUSH,
    INSIDE,
    NO_DRAW,
    OPEN,
    STRAIGHT_FLUSH,
    draws,
    lowest_kicker,
)
from croupier.math.stud.exact import tiny_profile
from croupier.math.stud.finals import (
    DECISIONS,
    Context,
    decision_plays,
    decision_values,
    deck_context,
    strengths,
)
from croupier.math.stud.first_draw import first_decision, one_draw
from croupier.math.stud.improve_charts import _segments
from croupier.math.stud.optimum import NAME, optimum_wager
from croupier.math.stud.outcomes import net, staked
from croupier.math.stud.report import optimum_section
from croupier.math.stud.strategy import ChunkResult, classes_result, round_ends
from croupier.poker.batch import best_batch


def _best_final(ctx: Context, cards: list[int], up: int, gone: list[int]) -> tuple[float, int]:
    """The best final decision by the general counting (not the compiled pass)."""
    t, five = ctx.table, np.array([cards])
    s = int(strengths(ctx, five)[0])
    xs = np.array([[s, s + 1, ctx.qualify, len(t.values)]])
    counts = count_many(t, t.local([*cards, *gone])[None, :], t.local([up]), xs)
    values = decision_values(ctx, five, strengths(ctx, five), counts)[0]
    # equal decisions (a tie of play and fold, up to rounding): the first, as the pass
    return float(values.max()), int(np.flatnonzero(values >= values.max() - 1e-12)[0])


def test_the_optimums_rounds_end_as_the_engine_settles_every_draw_and_dealer_hand() -> None:
    """Twelve cards, the tiny profile (exchange at half an ANTE, 6th card at one,
    insurance): for deals of every first choice, each round of the chosen option
    (every draw, every dealer hand) settled by the engine, the final decision
    chosen by the general counting: the same nets and stakes with the same
    exact weights as the compiled pass's counts, so the same return."""
    profile = tiny_profile()
    deck = parse_cards("As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d 9c")
    ctx = deck_context(profile, deck)
    menu = one_draw(profile)
    assert menu is not None
    rng = np.random.default_rng(14)
    deals = [rng.permutation(deck)[:6].tolist() for _ in range(30)]
    hands = np.array([d[:5] for d in deals], dtype=np.int64)
    ups = np.array([d[5] for d in deals], dtype=np.int64)
    found = first_decision(ctx, menu, hands, ups)
    firsts = [*DECISIONS, *menu.names]
    assert {firsts[j] for j in found.choice.tolist()} >= {"fold", "exchange 1", "buy_sixth"}
    result = ChunkResult(0, len(deals), float(found.now.max()), 0.0, {}, {},
                         round_ends(ctx, menu, found.ends), found.per_deal)  # fmt: skip
    prices = [Fraction(0), *(Fraction(p).limit_denominator(100) for p in menu.prices.tolist())]
    expected: Counter[tuple[Fraction, Fraction]] = Counter()
    for deal, j in zip(deals, found.choice.tolist(), strict=True):
        box, up = deal[:5], deal[5]
        rest = [c for c in deck if c not in deal]
        o = 0 if j < len(DECISIONS) else 1 + j - len(DECISIONS)
        # (final five, cards the dealer cannot hold, weight of each dealer hand, decision)
        if o == 0:
            finals = [(box, [*box, up], len(rest) - 4, j)]
        else:
            finals = []
            for c in rest:
                if o <= len(menu.exchanges):
                    give = menu.exchanges[o - 1].give[0]
                    options = [[c if i == give else x for i, x in enumerate(box)]]
                else:
                    six = [*box, c]
                    options = [six[:i] + six[i + 1 :] for i in range(6)]
                seen = [*box, c]

                def value(
                    five: list[int], seen: list[int] = seen, up: int = up
                ) -> tuple[float, int]:
                    return _best_final(ctx, five, up, [x for x in seen if x not in five])

                best = max(options, key=lambda f: value(f)[0])
                finals.append((best, [*seen, up], 1, value(best)[1]))
        for five, seen, weight, d in finals:
            left = [x for x in deck if x not in seen]
            play = decision_plays(ctx, evaluate(profile, five))[DECISIONS[d]]
            for hidden in itertools.combinations(left, 4):
                show = dealer_show(profile, [*hidden, up])
                key = (
                    net(profile, play, show) - prices[o],
                    staked(profile, play, show) + prices[o],
                )
                expected[key] += weight
    wager = optimum_wager([result])
    total = sum(expected.values())
    assert total == len(deals) * found.per_deal
    got: Counter[Fraction] = Counter()
    for outcome in wager.outcomes:
        got[outcome.net] += outcome.probability
    nets: Counter[Fraction] = Counter()
    for (n, _), count in expected.items():
        nets[n] += Fraction(count, total)
    assert got == nets
    assert wager.average_stake == sum(Fraction(s * c, total) for (_, s), c in expected.items())
    values = np.concatenate([found.now, found.options], axis=1)[np.arange(len(deals)), found.choice]
    assert float(wager.ev) == pytest.approx(float(values.mean()), abs=1e-12)


@pytest.mark.parametrize(
    ("cards", "kind", "odd"),
    [
        ("2h 7h Jh Qh 9c", FLUSH, 4),
        ("Jh Qh Kh Ah 3c", STRAIGHT_FLUSH, 4),
        ("5c 6d 7h 8s Kd", OPEN, 4),
        ("As 2d 3h 5c 9d", INSIDE, 4),
        ("Jc Qd Kh As 2d", INSIDE, 4),
        ("8c 8d 7h 6s 5d", OPEN, 0),
        ("5c 6d 7h 8s 9d", NO_DRAW, -1),
        ("2c 2d 7h 9s Kd", NO_DRAW, -1),
    ],
)
def test_a_draw_is_four_to_a_flush_or_straight_and_its_odd_card(
    cards: str, kind: int, odd: int
) -> None:
    hand = np.array([parse_cards(cards)], dtype=np.int64)
    values = best_batch(hand.astype(np.uint8), ace_king=True).astype(np.int64)
    found_kind, found_odd = draws(hand, values)
    assert (int(found_kind[0]), int(found_odd[0])) == (kind, odd)


def test_the_lowest_kicker_is_the_lowest_card_outside_the_combination() -> None:
    hands = np.array(
        [parse_cards(h) for h in ("Kc Kd 7h 9s 3d", "Ac 4d 9h Js 6d", "9c 9d 9h 4s 4d")],
        dtype=np.int64,
    )
    values = best_batch(hands.astype(np.uint8), ace_king=True).astype(np.int64)
    assert lowest_kicker(hands, values).tolist() == [4, 1, -1]


def test_a_chart_is_the_best_cut_into_runs_of_one_action() -> None:
    """The dynamic programme against every labelling with at most so many runs."""
    rng = np.random.default_rng(14)
    for _ in range(20):
        values = rng.normal(size=(7, 3))
        values[rng.random((7, 3)) < 0.1] = -np.inf
        values[:, 0] = rng.normal(size=7)  # one action always open
        for limit in (1, 2, 3):
            chosen, total = _segments(values, limit)
            best = max(
                sum(values[j, a] for j, a in enumerate(labels))
                for labels in itertools.product(range(3), repeat=7)
                if 1 + sum(x != y for x, y in itertools.pairwise(labels)) <= limit
            )
            assert total == pytest.approx(best)
            assert sum(values[j, a] for j, a in enumerate(chosen)) == pytest.approx(total)
            assert 1 + sum(x != y for x, y in itertools.pairwise(chosen)) <= limit


def test_the_report_of_a_one_draw_run_adds_up_on_a_short_deck() -> None:
    """Every deal of twelve cards through the run's own chunk code: the optimum as
    the PAR sheet's wager (lines and distribution sum to its return, which is
    the run's sum of best values), how often each decision is taken, and the
    learnable charts with the improvements, none better than the optimum."""
    profile = tiny_profile()
    deck = parse_cards("As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d 9c")
    ctx = deck_context(profile, deck)
    rows = [(h, u) for h in itertools.combinations(deck, 5) for u in deck if u not in h]
    hands = np.array([h for h, _ in rows], dtype=np.int64)
    ups = np.array([u for _, u in rows], dtype=np.int64)
    result = classes_result(ctx, "improve", 0, hands, ups, np.ones(len(rows), np.int64))
    wager, figures, tables, chart = optimum_section([result], result.classes)
    assert float(wager.ev) == pytest.approx(result.value / result.weight, abs=1e-12)
    assert sum(wager.hit_frequency().values()) == 1
    assert sum(wager.contribution().values()) == wager.ev
    decisions = tables[f"decision frequency ({NAME})"]
    assert sum(Fraction(r["exact"]) for r in decisions) == 1
    assert any(r["decision"] == "exchange 1, then play" for r in decisions)
    finals = tables[chart.table]
    assert sum(Fraction(r["exact"]) for r in finals) == 1
    costs = [f.value for f in figures if f.name.startswith("cost against the optimum")]
    assert len(costs) == 4 and min(costs) >= -1e-12
    assert costs[3] <= costs[2] + 1e-12 <= costs[1] + 2e-12 <= costs[0] + 3e-12
    rules = tables["learnable strategies with the improvements (rules in order)"]
    assert any("exchange the" in r["text"] for r in rules)
