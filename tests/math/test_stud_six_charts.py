"""The learnable charts with the improvements of the six-card profiles ([003]):
the first decision (fold, play, buy the 6th card and stand with six) tallied
per rule class by the run's own chunk code, and the chunks of record written
before those tallies (their figures stand; a run computes them again and must
reproduce them)."""

from __future__ import annotations

import gzip
import itertools
import json
import tomllib
from collections import defaultdict
from dataclasses import replace
from fnmatch import fnmatch
from pathlib import Path

import numpy as np
import pytest
from sixkit import short_six

from croupier.cards import parse_cards
from croupier.games.stud.profile import StudProfile
from croupier.math.stud import strategy, tally_record
from croupier.math.stud.after_sixth import draws_and_spares, split
from croupier.math.stud.draw_classes import DRAWS, IMPROVEMENTS, improve_classes
from croupier.math.stud.finals import DECISIONS
from croupier.math.stud.learnable import Tally, merge
from croupier.math.stud.report import optimum_section
from croupier.math.stud.six_draw import first_decision
from croupier.math.stud.strategy import (
    ChunkResult,
    _lacks_tallies,
    classes_result,
    load_chunk,
    run,
    run_tally,
    same_figures,
    save_chunk,
)
from croupier.poker.batch import best_batch
from croupier.profiles import load

BUY_SIXTH = len(DECISIONS) + IMPROVEMENTS.index("buy the 6th card")


@pytest.mark.parametrize("profile_id", ["six-card", "six-card-shambala"])
def test_the_six_card_charts_add_up_on_a_short_deck(profile_id: str) -> None:
    """Every deal of thirteen cards through the run's chunk code: each rule
    class's tally is its classes' values (the 6th card bought and standing, never
    better than the 6th card with the best exchange after it), and the charts
    name the 6th card and cost the optimum something, the finer ones less."""
    six = short_six(profile_id)
    rows = [(h, u) for h in itertools.combinations(six.deck, 5) for u in six.deck if u not in h]
    hands = np.array([h for h, _ in rows], dtype=np.int64)
    ups = np.array([u for _, u in rows], dtype=np.int64)
    result = classes_result(six.ctx, "improve", 0, hands, ups, np.ones(len(rows), np.int64))
    five, then, after, _ = split(result.classes)
    assert sum(row[0] for row in five.values()) == len(rows)
    optimum = sum(row[-1] for row in five.values())
    assert optimum == pytest.approx(result.value, abs=1e-9)
    for name, row in five.items():
        # standing after the 6th card is one of the continuations the optimum weighs
        assert row[1 + BUY_SIXTH] is not None, name
        assert row[1 + BUY_SIXTH] <= row[-1] + 1e-9, name
        assert max(v for v in row[1:-1] if v is not None) <= row[-1] + 1e-9, name
        # the six played well is worth at least standing, at most the optimum
        assert then[name][0] == row[0]
        assert row[1 + BUY_SIXTH] - 1e-9 <= then[name][1] <= row[-1] + 1e-9, name
    # the chart's 6th card is the pass's "buy it and stand with six", summed per rule class
    found = first_decision(six.ctx, six.menu, hands, ups)
    values = best_batch(hands.astype(np.uint8), ace_king=six.profile.ace_king).astype(np.int64)
    standing: dict[str, float] = defaultdict(float)
    well: dict[str, float] = defaultdict(float)
    for name, value, best in zip(
        improve_classes(hands, ups, values), found.stand, found.options[:, 0], strict=True
    ):
        standing[name] += float(value)
        well[name] += float(best)
    assert standing.keys() == five.keys() == then.keys()
    for name, total in standing.items():
        assert five[name][1 + BUY_SIXTH] == pytest.approx(total, abs=1e-9), name
        assert then[name][1] == pytest.approx(well[name], abs=1e-9), name
    assert (found.stand < found.options[:, 0] - 1e-12).any()  # an exchange after it can pay
    closed = [1 + len(DECISIONS) + i for i, n in enumerate(IMPROVEMENTS) if n != "buy the 6th card"]
    assert all(row[j] is None for row in five.values() for j in closed)
    # the six after the 6th card: the deals where the optimum buys it, each 6th card by its
    # chance; the best continuation summed is the 6th card's value before its price
    buys = found.choice == len(DECISIONS)
    assert sum(row[0] for row in after.values()) == pytest.approx(int(buys.sum()))
    sixth_price = float(six.menu.sixth.price)
    worth = float((found.options[buys, 0] + sixth_price).sum())
    assert sum(row[-1] for row in after.values()) == pytest.approx(worth, abs=1e-9)
    for name, (_, stand, spare, best) in after.items():
        assert stand is not None and spare is not None and best is not None
        assert max(stand, spare) <= best + 1e-9, name
    assert any(spare > stand + 1e-9 for _, stand, spare, _ in after.values() if spare and stand)
    _, figures, tables, _ = optimum_section([result], result.classes)
    costs = [f.value for f in figures if f.name.startswith("cost against the optimum")]
    assert len(costs) == 12 and min(costs) >= -1e-12
    for ladder in (costs[0:4], costs[4:8], costs[8:12]):
        assert ladder[3] <= ladder[2] + 1e-12 <= ladder[1] + 2e-12 <= ladder[0] + 3e-12
    for standing_chart, played_well in zip(costs[0:4], costs[4:8], strict=True):
        assert played_well <= standing_chart + 1e-12
    rules = tables["learnable strategies with the improvements (rules in order)"]
    assert any("buy the 6th card" in r["text"] for r in rules)
    assert any("lowest spare card" in r["text"] for r in rules)


def test_the_spare_card_is_neither_paired_nor_in_the_draw() -> None:
    """Which card a chart for the six gives back first, by its role."""
    cases = {
        # six cards: (draw, the spare card)
        "9h 8h 7h 6h Kc 2d": ("four to a straight flush", "2d"),
        "9c 8d 7h 6s Kc 2d": ("four to an open straight", "2d"),
        "Ac 8d 7h 6s 4c Kd": ("four to an inside straight", "Kd"),
        "Kh Kd 9c 9s 4d 3c": ("", "3c"),
        "Kh Kd 9c 9s 4d 4c": ("", "4d"),  # three pairs: the lowest pair is broken
        "Ts 9d 8c 7h 6s 2d": ("", "2d"),  # a straight: no draw, the card left out
        "Ah Kh 9h 5h 3h Qc": ("", "Qc"),  # a flush keeps its five
        "Qh Qd Qc 8s 5d 3c": ("", "3c"),
        "9c 8d 7h 5s 4c Kd": ("four to an inside straight", "4c"),  # the higher draw kept
    }
    six = np.array([parse_cards(text) for text in cases], dtype=np.int64)
    kind, spares = draws_and_spares(six, ace_king=False)
    for i, (text, (draw, card)) in enumerate(cases.items()):
        assert DRAWS[int(kind[i])] == draw, text
        assert int(six[i, spares[i, 0]]) == parse_cards(card)[0], text
        assert sorted(spares[i].tolist()) == list(range(6)), text
    # two cards given (Shambala): a draw's twin before a draw card, a pair's card last
    two = {
        "9h 8h 7h 6h 9c 2d": {"2d", "9c"},
        "Kh Kd 9h 7h 2h 3c": {"3c", "Kd"},
        "Kh Qd Jc 9h 8s 2d": {"2d", "8s"},
    }
    six = np.array([parse_cards(text) for text in two], dtype=np.int64)
    for order, text in zip(draws_and_spares(six, ace_king=False)[1], two, strict=True):
        cards = parse_cards(text)
        assert {cards[p] for p in order[:2].tolist()} == set(parse_cards(" ".join(two[text])))


def _chunk(chunk: int, classes: Tally, version: int = strategy.TALLY_VERSION) -> ChunkResult:
    ends = {"now|play|tie|pair|0|3": 5}
    return ChunkResult(chunk, 10, 1.5, 2.5, {"play": 10}, classes, ends, 5, version)


def test_the_tallies_are_recorded_merged_and_cover_their_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--record`` keeps a chunk's figures in its file and its tallies merged into the
    tally of record, which names the chunks it covers: a run's tally is that and the
    other chunks' own; a chunk neither covers nor tallies leaves the run without charts
    (a chart over some classes would read as the whole game's)."""
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(strategy, "RECORDED", tmp_path / "runs")
    profile = load("six-card")
    assert isinstance(profile, StudProfile)
    one = {"1/2/0/0": [10.0, -10.0, 1.5, None, None, None, None, None, 0.5, 1.5]}
    two = {"1/2/0/0": [4.0, -4.0, 0.5, None, None, None, None, None, 0.25, 0.5],
           "7/3/1/2": [6.0, -6.0, 1.0, None, None, None, None, None, 2.0, 2.0]}  # fmt: skip
    for chunk, classes in ((3, one), (5, two)):
        save_chunk(profile, "improve", _chunk(chunk, classes))
    assert strategy.record("six-card", "improve") == [3, 5]
    covered, tally = strategy.tally_of_record(profile, "improve")
    assert covered == {3, 5}
    assert tally == merge([one, two])
    before = strategy._tally_path(profile, "improve").read_bytes()
    assert strategy.record("six-card", "improve") == [3, 5]  # counted once, the same bytes
    assert strategy._tally_path(profile, "improve").read_bytes() == before
    # the chunks of record keep their figures, not their tallies
    for chunk in (3, 5):
        path = tmp_path / "cache" / "stud-strategy"
        for cached in path.rglob(f"{chunk:05d}.json"):
            cached.unlink()
        recorded = load_chunk(profile, "improve", chunk)
        assert recorded == _chunk(chunk, {}, 1)  # (no tallies: no version of them)
        assert not strategy._lacks_tallies(profile, "improve", recorded, covered)
    results = [load_chunk(profile, "improve", c) for c in (3, 5)]
    assert all(r is not None for r in results)
    three = {"7/3/1/2": [2.0, -2.0, 0.5, None, None, None, None, None, 1.0, 1.0]}
    later = [*(r for r in results if r is not None), _chunk(8, three)]
    assert run_tally(profile, "improve", later) == merge([one, two, three])
    assert run_tally(profile, "improve", [*later, _chunk(9, {})]) is None
    assert strategy._lacks_tallies(profile, "improve", _chunk(9, {}), covered)
    assert run_tally(profile, "improve", later[1:]) is None  # the record covers chunk 3 too
    # a chunk whose tallies are of an older version goes to that version's record
    save_chunk(profile, "improve", _chunk(11, three, 1))
    strategy.record("six-card", "improve")
    assert strategy.tally_of_record(profile, "improve", 1) == (frozenset({11}), three)
    assert strategy.tally_of_record(profile, "improve")[0] == {3, 5}


def test_a_chunk_computed_again_must_reproduce_its_figures() -> None:
    recorded = ChunkResult(3, 10, 1.5, 2.5, {"play": 10}, {}, {"now|play|tie|pair|0|3": 5}, 5)
    again = replace(recorded, classes={"1/2/0/0": [10.0, -10.0, 1.5, None, None, 0.5, 1.5]})
    same_figures(recorded, again)
    for changed in (
        replace(again, value=1.5000000001),
        replace(again, ends={"now|play|tie|pair|0|3": 4}),
        replace(again, decisions={"fold": 10}),
    ):
        with pytest.raises(RuntimeError, match="chunk 3 computed again differs"):
            same_figures(recorded, changed)


def test_only_six_card_chunks_without_tallies_are_computed_again() -> None:
    bare = ChunkResult(3, 10, 1.5, 2.5, {"play": 10}, {}, {"now|play|tie|pair|0|3": 5}, 5)
    classes: Tally = {"1/2/0/0": [10.0, -10.0, 1.5, None, None, 0.5, 1.5]}
    tallied = replace(bare, classes=classes, tally_version=strategy.TALLY_VERSION)
    older = replace(bare, classes=classes, tally_version=strategy.TALLY_VERSION - 1)
    six, five = load("six-card"), load("five-card-sixth")
    assert isinstance(six, StudProfile) and isinstance(five, StudProfile)
    none: frozenset[int] = frozenset()
    assert _lacks_tallies(six, "improve", bare, none)
    assert not _lacks_tallies(six, "improve", bare, frozenset({3}))  # the record has them
    assert not _lacks_tallies(six, "improve", tallied, none)
    assert _lacks_tallies(six, "improve", older, none)  # without the six after the 6th card
    assert not _lacks_tallies(six, "play", bare, none)
    assert not _lacks_tallies(five, "improve", bare, none)


def test_a_tally_of_record_of_another_version_is_not_read_and_a_broken_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(strategy, "RECORDED", tmp_path / "runs")
    profile = load("six-card")
    assert isinstance(profile, StudProfile)
    path = strategy._tally_path(profile, "improve")
    path.parent.mkdir(parents=True)
    old = {"version": strategy.TALLY_VERSION - 1, "chunks": [3], "classes": {"1/2/0/0": [1.0]}}
    path.write_bytes(gzip.compress(json.dumps(old).encode()))
    assert strategy.tally_of_record(profile, "improve") == (frozenset(), {})
    path.write_bytes(gzip.compress(json.dumps(old).encode())[:-9])  # cut short
    with pytest.raises(ValueError, match=r"classes-v2\.json\.gz: not a tally of record"):
        strategy.tally_of_record(profile, "improve")


def test_the_tallies_of_record_are_package_data() -> None:
    """An installed package carries the tally of record beside the chunks of record."""
    root = Path(strategy.__file__).parents[2]  # src/croupier
    config = tomllib.loads((root.parents[1] / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["croupier"]
    recorded = strategy.RECORDED / "0123" / "improve-v2" / tally_record.FILES[tally_record.VERSION]
    where = recorded.relative_to(root).as_posix()
    assert any(fnmatch(where, p) for p in patterns), patterns


@pytest.mark.soak  # one full-deck chunk of the [003] pass: about a CPU-minute
def test_a_recorded_chunk_without_tallies_is_computed_again_with_the_same_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path))
    profile = load("six-card")
    assert isinstance(profile, StudProfile)
    recorded = load_chunk(profile, "improve", 268)
    assert recorded is not None
    # as before the tallies: the chunk's figures only, no tally of record covering it
    monkeypatch.setattr(strategy, "RECORDED", tmp_path / "runs")
    save_chunk(profile, "improve", replace(recorded, classes={}))
    (again,) = run("six-card", "improve", [268], 1)
    assert again.classes
    same_figures(recorded, again)
    assert load_chunk(profile, "improve", 268, recorded=False) == again
