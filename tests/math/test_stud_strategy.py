"""The chunked strategy run: classes cover every deal once, a chunk's figure
is the advisor's per situation, chunks are cached and a run resumes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from enginecheck import assert_earns_its_ev
from numpy.typing import NDArray

from croupier.games.base import Action
from croupier.games.stud.payout import evaluate
from croupier.games.stud.state import StudState
from croupier.math.stud import strategy
from croupier.math.stud.advise import DECISIONS, context, final_values, play_value
from croupier.math.stud.brute import final_action, play_round
from croupier.math.stud.learnable import hand_keys
from croupier.profiles import load, profile_ids


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(strategy, "HANDS_PER_CHUNK", 3)
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path))


@pytest.mark.slow
def test_a_chunk_covers_its_hands_with_every_up_card_once(small_chunks: None) -> None:
    reps, weights = strategy._hands()
    assert len(reps) == strategy.CANONICAL_HANDS and int(weights.sum()) == 2_598_960
    for chunk in (0, 1000, 44_819):
        hands, ups, ws = strategy.situations(chunk)
        first = chunk * strategy.HANDS_PER_CHUNK
        assert int(ws.sum()) == int(weights[first : first + 3].sum()) * 47
        for hand, up in zip(hands.tolist(), ups.tolist(), strict=True):
            assert up not in hand


@pytest.mark.slow
def test_play_mode_chunk_is_the_weighted_best_final_decision(small_chunks: None) -> None:
    profile = load("russian")
    result = strategy.compute("russian", "play", 500)
    hands, ups, ws = strategy.situations(500)
    best = [
        max(play_value(profile, tuple(h), u).values())
        for h, u in zip(hands.tolist(), ups.tolist(), strict=True)
    ]
    assert result.weight == int(ws.sum())
    assert result.value == pytest.approx(float(np.dot(best, ws)), rel=1e-12)
    # cached, then read back instead of computed
    strategy.save_chunk(profile, "play", result)
    assert strategy.load_chunk(profile, "play", 500) == result
    again = strategy.run("russian", "play", [500], workers=1)
    assert again == [result]


def test_chunks_of_record_are_read_where_the_cache_lacks_them(
    small_chunks: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A run longer than a machine's session goes on elsewhere: ``--record`` copies the
    cache's chunks among the package's chunks of record, which a fresh cache then reads
    instead of computing them again (and a chunk of record never hides a cached one)."""
    recorded = tmp_path / "runs"
    monkeypatch.setattr(strategy, "RECORDED", recorded)
    profile = load("russian")
    result = strategy.ChunkResult(7, 120, -3.5, 9.25, {"fold": 70, "play": 50}, {"x": [1.0]})
    strategy.save_chunk(profile, "play", result)
    assert strategy.record("russian", "play") == [7]
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path / "fresh-machine"))
    assert strategy.load_chunk(profile, "play", 7, recorded=False) is None
    assert strategy.load_chunk(profile, "play", 7) == result
    assert strategy.run("russian", "play", [7], workers=1) == [result]  # nothing computed
    newer = strategy.ChunkResult(7, 120, -3.0, 9.0, {"play": 120}, {"x": [2.0]})
    strategy.save_chunk(profile, "play", newer)
    assert strategy.load_chunk(profile, "play", 7) == newer


def test_the_cache_key_ignores_the_name_but_not_the_rules() -> None:
    p = load("russian")
    assert strategy.content_hash(p) == strategy.content_hash(p.changed(name="x"))
    assert strategy.content_hash(p) != strategy.content_hash(p.changed(settle={"tie": "player"}))


@pytest.mark.soak
def test_play_mode_over_every_chunk_is_caribbean_studs_perfect_strategy() -> None:
    """All 269 chunks (about two minutes): with Caribbean Stud's rules the best
    play/fold per hand and up card loses Wizard of Odds' 1,041,372,912,372 antes
    over all 19,933,230,517,200 deals (5.224 %); the learnable strategy's one-rule
    form is the published "raise with A-K-J-8-3 or better"."""
    carib = load("five-card-exchange").changed(settle={"tie": "push"})
    results = [
        strategy.compute("five-card-exchange", "play", c, carib) for c in range(strategy.n_chunks())
    ]
    weight = sum(r.weight for r in results)
    assert weight == 2_598_960 * 47
    loss = sum(r.value for r in results) / weight * 19_933_230_517_200
    assert loss == pytest.approx(-1_041_372_912_372, abs=2.0)
    # The best single rule is the published simple one: raise with A-K-J-8-3 or better.
    simplest = strategy.learnable_strategies(results)[0]
    assert simplest.rules == ("play A-K-J-8-3 or better, fold the rest",)


@pytest.mark.slow
def test_learnable_strategies_return_what_their_rules_do_class_by_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every learnable strategy's return is its rules applied to every class
    (each valued by the advisor on its own), and none beats the per-class best."""
    monkeypatch.setattr(strategy, "HANDS_PER_CHUNK", 3)  # nothing is cached here
    profile = load("six-card")
    chunks = [0, 700, 20_000, 31_000, 44_819]
    results = [strategy.compute("six-card", "play", c) for c in chunks]
    weight = sum(r.weight for r in results)
    optimum = sum(r.value for r in results) / weight
    learned = strategy.learnable_strategies(results)
    assert [s.name for s in learned] == [
        "one rule for every up card",
        "by whether the up card pairs one of yours",
        "by the up card's rank and whether it pairs one of yours",
    ]
    for s in learned:
        total = 0.0
        for c in chunks:
            hands, ups, ws = strategy.situations(c)
            for hand, up, w in zip(hands.tolist(), ups.tolist(), ws.tolist(), strict=True):
                values = play_value(profile, tuple(hand), up)
                key = int(hand_keys(np.array([evaluate(profile, hand).main.value]))[0])
                pairs = any(card >> 2 == up >> 2 for card in hand)
                total += w * values[s.decision(key, up >> 2, pairs)]
        assert s.ret == pytest.approx(total / weight, rel=1e-12, abs=1e-12)
        assert s.cost == pytest.approx(optimum - s.ret, abs=1e-12)
        assert s.cost >= -1e-12
    assert learned[2].cost <= learned[1].cost + 1e-12 <= learned[0].cost + 2e-12


# ------------------------------------------------------------ check (2) of issue 14
# The best play/fold per class (the ``play`` run's strategy) played through the
# engine: its mean net over random deals against the run's exact figure.

STUD = sorted(p for p in profile_ids() if getattr(load(p), "game", "") == "stud")


def _played(
    profile_id: str, rounds: int, seed: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Per round from a random deal: the box's net through the engine playing the
    per-class best final decision, and the analysis's EV of that decision."""
    profile = load(profile_id)
    ctx = context(profile, 0)
    rng = np.random.default_rng(seed)
    nets, evs = np.empty(rounds), np.empty(rounds)
    for start in range(0, rounds, 10_000):
        deals = np.argsort(rng.random((min(10_000, rounds - start), 52)), axis=1)
        hands, ups = deals[:, :5], deals[:, 5]
        values = np.empty((len(deals), len(DECISIONS)))
        for up in np.unique(ups).tolist():
            at = np.flatnonzero(ups == up)
            values[at] = final_values(ctx, hands[at], up, np.zeros((len(at), 0), np.int64))
        evs[start : start + len(deals)] = values.max(axis=1)
        for i, (row, j) in enumerate(
            zip(deals.tolist(), values.argmax(axis=1).tolist(), strict=True)
        ):
            decision = DECISIONS[j]

            def policy(state: StudState, acts: tuple[str, ...], decision: str = decision) -> Action:
                if "take_ante" in acts:  # the run values a no-game show so
                    return Action("take_ante", 1)
                return final_action(state, decision)

            dealer = (*row[6:10], row[5])
            nets[start + i] = float(play_round(profile, row[:5], dealer, row[10:], policy))
    return nets, evs


@pytest.mark.slow
def test_the_per_class_best_decision_through_the_engine_earns_its_ev_round_by_round() -> None:
    """The soak test's slice: 2,000 rounds, each round's net against the EV the
    analysis gives its class (paired: the difference has a small spread)."""
    assert_earns_its_ev(*_played("russian", 2_000, seed=14))


@pytest.mark.soak
@pytest.mark.parametrize("profile_id", STUD)
def test_the_per_class_optimum_through_the_engine_for_a_million_rounds_returns_its_figure(
    profile_id: str,
) -> None:
    """10^6 rounds per profile (minutes each): the mean net lands on the figure
    of the whole ``play`` run (computed first when it is not cached)."""
    figure = strategy.whole_run_return(profile_id, "play")
    assert_earns_its_ev(*_played(profile_id, 1_000_000, seed=2026), figure=figure)


def test_analyze_strategy_refuses_a_profile_that_is_not_stud_saying_so() -> None:
    from typer.testing import CliRunner

    from croupier.cli import app

    result = CliRunner().invoke(app, ["analyze", "roulette", "--strategy"])
    assert result.exit_code == 1
    assert "--strategy and --cluster are for the stud profiles" in result.output
