"""The stud math lab's exact baseline figures, checked three independent ways:
the counting kernel against plain enumeration, the outcome prices against the
engine's settlement on random deals of every profile, and whole returns
against brute force through the engine (``Game.start/apply/settlement``) on
short decks, where every deal can be played."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from croupier.cards import parse_cards
from croupier.games.stud.payout import BoxPlay, dealer_show, evaluate
from croupier.math.analyze import Report
from croupier.math.stud.baseline import baselines, dealer_qualifies, hit_frequencies
from croupier.math.stud.brute import baseline_policy, engine_return
from croupier.math.stud.counting import count, hand_table
from croupier.math.stud.outcomes import ANTE, CLASSES, class_nets, classify, net
from croupier.math.stud.report import analyze as stud_report
from croupier.poker.batch import best_batch
from croupier.poker.hand import CATEGORY_BASE, Category
from croupier.profiles import load, profile_ids

STUD = sorted(p for p in profile_ids() if getattr(load(p), "game", "") == "stud")
# A short deck with every class of hand somewhere: a royal-flush suit, aces and
# kings to pair, a pair of sevens, low cards for straights-that-are-not.
SHORT_12 = parse_cards("As Ks Qs Js Ts Ah Kh 7d 7c 2h 3d 9c")
SHORT_11 = SHORT_12[:11]


def test_seven_stud_profiles_ship() -> None:
    assert len(STUD) == 7


def _brute_counts(deck: tuple[int, ...], ace_king: bool, avoid: list[int], must: int | None,
                  thresholds: list[int]) -> list[int]:  # fmt: skip
    table = hand_table(deck, ace_king)
    rest = [c for c in deck if c not in avoid and c != must]
    if must is None:
        hands = np.array(list(combinations(rest, 5)))
    else:
        hands = np.array([(must, *h) for h in combinations(rest, 4)])
    strengths = np.searchsorted(table.values, best_batch(hands, ace_king=ace_king))
    return [int((strengths < x).sum()) for x in thresholds]


@pytest.mark.parametrize("ace_king", [False, True])
def test_dealer_counting_agrees_with_enumeration_with_and_without_the_up_card(
    ace_king: bool,
) -> None:
    deck = tuple(range(52))
    table = hand_table(deck, ace_king)
    rng = np.random.default_rng(14)
    for size in (5, 6, 7, 10):
        cards = rng.permutation(52)[: size + 1].tolist()
        avoid, up = cards[:size], cards[size]
        xs = [*sorted(rng.integers(0, len(table.values) + 1, 3).tolist()), len(table.values)]
        assert count(table, avoid, up, xs) == _brute_counts(deck, ace_king, avoid, up, xs)
    avoid = rng.permutation(52)[:5].tolist()
    xs = [1, 3000, 6000, len(table.values)]
    assert count(table, avoid, None, xs) == _brute_counts(deck, ace_king, avoid, None, xs)


@pytest.mark.parametrize("profile_id", STUD)
def test_outcome_prices_are_the_engines_settlement_on_random_deals(profile_id: str) -> None:
    """Every class price equals settle_box on real deals, for every box category."""
    profile = load(profile_id)
    table = hand_table(tuple(range(52)), profile.ace_king)
    qualify = table.at_least(int(profile.dealer.qualifies_with) * CATEGORY_BASE)
    rng = np.random.default_rng(len(profile_id))
    seen: set[tuple[Category, str]] = set()
    values = np.array(table.values.tolist())
    picked: list[int] = []
    for cat in np.unique(values // CATEGORY_BASE):
        members = values[values // CATEGORY_BASE == cat]
        picked += [int(members[0]), int(members[-1]), *rng.choice(members, 20).tolist()]
    for value in picked:
        box = table.examples[table.strength(value)].tolist()
        hand = evaluate(profile, box)
        prices = class_nets(profile, table, hand, qualify)
        rest = np.array([c for c in range(52) if c not in box])
        for _ in range(3):
            dealer = rng.choice(rest, 5, replace=False).tolist()
            show = dealer_show(profile, dealer)
            kind = classify(table.strength(value), table.strength(show.hand.value), qualify)
            settled = net(profile, BoxPlay(ANTE, True, hand), show)
            assert settled == prices[CLASSES.index(kind)], (box, dealer, kind)
            seen.add((hand.main.category, kind))
    assert {c for c, _ in seen} == {Category(v // CATEGORY_BASE) for v in table.values.tolist()}


def _plays_qualifying(profile_id: str):  # type: ignore[no-untyped-def]
    profile = load(profile_id)
    least = profile.dealer.qualifies_with
    return lambda cards: evaluate(profile, cards).main.category >= least


@pytest.mark.parametrize("profile_id", ["five-card-exchange", "six-card-all-in-one", "russian"])
def test_tiny_deck_baselines_equal_brute_force_through_the_engine(profile_id: str) -> None:
    """11 cards: every one of 462 x 6 deals played by StudGame, the same fraction
    as the report's (and PAR sheet's) wagers, whose tables add up to it."""
    profile = load(profile_id)
    report = stud_report(profile, SHORT_11)
    always, qualifying = report.wagers[:2]
    assert engine_return(profile, SHORT_11, baseline_policy(lambda c: True)) == always.ev
    plays = _plays_qualifying(profile_id)
    assert engine_return(profile, SHORT_11, baseline_policy(plays)) == qualifying.ev
    _par_tables_add_up(report)


def _par_tables_add_up(report: Report) -> None:
    """What `croupier par` prints and draws for a stud profile: each baseline's
    pay-table lines (final hand x how the round ended, or a fold), its
    contribution by final hand and the EV by starting hand sum to its return."""
    always, qualifying = report.wagers[:2]
    for wager in report.wagers:
        assert sum(wager.hit_frequency().values()) == 1
        assert sum(wager.contribution().values()) == wager.ev
        if wager.unit != "ANTE":  # a side stake on its own ([004]'s BONUS lines)
            continue
        by_hand = report.tables[f"contribution to the return by final hand ({wager.name})"]
        assert sum(Fraction(r["exact contribution"]) for r in by_hand) == wager.ev
        assert f"net result per ANTE ({wager.name})" in report.tables
    assert "fold" not in always.hit_frequency() and "fold" in qualifying.hit_frequency()
    assert any(line.endswith(", beats the dealer") for line in always.hit_frequency())
    starting = report.tables["EV per ANTE by starting hand (never improving)"]
    assert sum(Fraction(r["exact EV of playing"]) * Fraction(r["probability"]) for r in starting
               ) == pytest.approx(float(always.ev))  # fmt: skip
    assert len(report.charts) == 3
    for chart in report.charts:
        rows = report.tables[chart.table]
        assert rows and chart.label in rows[0] and chart.value in rows[0]


@pytest.mark.soak
@pytest.mark.parametrize("profile_id", STUD)
def test_tiny_deck_baselines_equal_brute_force_every_profile_12_cards(profile_id: str) -> None:
    profile = load(profile_id)
    _, (always, qualifying) = baselines(profile, SHORT_12)
    assert engine_return(profile, SHORT_12, baseline_policy(lambda c: True)) == always.ret
    plays = _plays_qualifying(profile_id)
    assert engine_return(profile, SHORT_12, baseline_policy(plays)) == qualifying.ret


@pytest.mark.soak  # every deal of the real deck; the short-deck brute-force checks are in make test
def test_caribbean_stud_reduction_gives_the_published_totals() -> None:
    """[001] with ties pushed is Caribbean Stud: Wizard of Odds' totals over all
    19,933,230,517,200 deals, playing blind and raising on A-K or better."""
    carib = load("five-card-exchange").changed(settle={"tie": "push"})
    counts, (always, qualifying) = baselines(carib)
    deals = 19_933_230_517_200
    assert always.ret * deals == -3_310_360_338_060
    assert qualifying.ret * deals == -1_132_600_203_540
    assert f"{float(always.element_of_risk):.3%}" == "5.536%"
    assert f"{float(qualifying.element_of_risk):.3%}" == "2.672%"
    # dealer qualifies with A-K or better: 1 - 1,135,260 / 2,598,960 unconditionally
    assert dealer_qualifies(counts) == 1 - Fraction(1_135_260, 2_598_960)
    hits = hit_frequencies(counts)
    assert hits[Category.ROYAL_FLUSH] == Fraction(4, 2_598_960)
    assert hits[Category.PAIR] == Fraction(1_098_240, 2_598_960)


@pytest.mark.soak  # a real deck's whole report; its tables are checked on 11 cards in make test
def test_analyze_command_prints_the_baselines_of_a_stud_profile() -> None:
    from croupier.math.analyze import analyze

    report = analyze("russian")
    names = {f.name for f in report.all_figures()}
    assert "always play: house edge per ANTE" in names
    assert "play the qualifying hand or better: element of risk" in names
    edge = next(f for f in report.all_figures() if f.name == "always play: house edge per ANTE")
    assert edge.exact is not None and np.isclose(edge.value, float(edge.exact))
    assert any("hit frequency" in t for t in report.tables)
