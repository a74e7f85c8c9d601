"""The standard figures every analysis prints, derived from its wagers: return,
standard deviation, element of risk, hit frequencies, the distribution of
the net result and the maximum payout's effect; and each game's wagers."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from croupier.games.base import Limits
from croupier.math.analyze import Outcome, Report, Sample, Wager, analyze
from croupier.math.baccarat import coup_odds, returns, wagers
from croupier.math.blackjack import infinite_deck, simulate, simulation_wager
from croupier.math.blackjack_chart import insurance_table, strategy_chart
from croupier.math.par import cap_effect
from croupier.math.roulette import all_bets, bet_return, bet_wager
from croupier.profiles import load

# A wager hand-worked: win 2 with 1/4, push with 1/4, lose 1 with 1/2, and a
# further stake of 1 half the time (average stake 3/2).
WORKED = Wager(
    "worked",
    "ANTE",
    (
        Outcome("win", Fraction(2), Fraction(1, 4)),
        Outcome("push", Fraction(0), Fraction(1, 4)),
        Outcome("lose", Fraction(-1), Fraction(1, 2)),
    ),
    Fraction(3, 2),
)


def test_wager_return_is_the_probability_weighted_net() -> None:
    assert WORKED.ev == Fraction(2, 4) - Fraction(1, 2) == 0


def test_wager_standard_deviation_per_round() -> None:
    # E[X^2] = 4/4 + 1/2 = 3/2, mean 0
    assert WORKED.std_dev == pytest.approx(math.sqrt(1.5), abs=1e-15)


def test_element_of_risk_divides_by_the_average_total_stake() -> None:
    win = Outcome("win", Fraction(1), Fraction(1, 4))
    shifted = Wager("w", "ANTE", (*WORKED.outcomes[1:], win), Fraction(3, 2))
    assert shifted.ev == Fraction(-1, 4)
    assert shifted.element_of_risk == Fraction(-1, 6)


def test_hit_frequency_and_contribution_per_pay_table_line() -> None:
    assert WORKED.hit_frequency() == {"win": Fraction(1, 4), "push": Fraction(1, 4),
                                      "lose": Fraction(1, 2)}  # fmt: skip
    assert sum(WORKED.contribution().values()) == WORKED.ev


def test_distribution_of_the_net_result_merges_lines_with_the_same_net() -> None:
    two = Wager("w", "u", (Outcome("a", Fraction(1), Fraction(1, 3)),
                           Outcome("b", Fraction(1), Fraction(1, 3)),
                           Outcome("c", Fraction(-1), Fraction(1, 3))))  # fmt: skip
    assert two.distribution() == {Fraction(-1): Fraction(1, 3), Fraction(1): Fraction(2, 3)}


def test_maximum_payout_cuts_wins_above_the_cap() -> None:
    # a win of 2 capped at 1 stake: 1/4 x 1 - 1/2
    assert WORKED.capped_ev(Fraction(1)) == Fraction(-1, 4)
    assert WORKED.capped_ev(Fraction(5)) == WORKED.ev


def test_roulette_straight_up_is_capped_at_the_maximum_stake_of_the_default_tier() -> None:
    straight = bet_wager(load("roulette"), "straight", "straight:17")
    rows = cap_effect(straight, Limits(2500, 25000, 300000))
    assert rows[0]["return"] == pytest.approx(-1 / 37, abs=1e-8)  # 35 x 25 fits under 3,000
    # at 250 a straight win (8,750) is cut to 3,000 = 12 stakes: 12/37 - 36/37
    assert rows[1]["return"] == pytest.approx(-24 / 37, abs=1e-8)


def test_sampled_figure_carries_its_seed_and_99_percent_interval() -> None:
    s = Sample.of(5, 10_000, 0.1, 1.0)
    assert (s.seed, s.rounds) == (5, 10_000)
    assert s.high - s.low == pytest.approx(2 * 2.5758293035489 / 100)
    assert "seed 5" in s.describe() and "99 %" in s.describe()


def test_report_prints_every_wagers_standard_figures() -> None:
    report = Report("p", "m", (), wagers=(WORKED,))
    names = [f.name for f in report.all_figures()]
    for part in ("return per ANTE", "house edge", "element of risk", "standard deviation",
                 "hit frequency: win", "hit frequency: lose", "at the maximum"):  # fmt: skip
        assert any(part in n for n in names), part


def test_roulette_every_bet_wager_agrees_with_its_return() -> None:
    profile = load("roulette")
    for kind, spots in all_bets().items():
        assert bet_wager(profile, kind, spots[0]).ev == bet_return(profile, spots[0])


def test_roulette_straight_up_standard_deviation_is_5_84() -> None:
    w = bet_wager(load("roulette"), "straight", "straight:0")
    exact = math.sqrt(35**2 / 37 + 36 / 37 - (1 / 37) ** 2)
    assert w.std_dev == pytest.approx(exact) and round(w.std_dev, 2) == 5.84


def test_baccarat_wagers_agree_with_the_returns_and_published_deviations() -> None:
    profile = load("baccarat")
    odds = coup_odds(profile.shoe.decks)
    ret = returns(profile, odds)
    banker, player, tie = wagers(profile, odds)
    assert (banker.ev, player.ev, tie.ev) == (ret["banker"], ret["player"], ret["tie"])
    # published: BANKER 0.93, PLAYER 0.95, TIE 8:1 2.64
    assert [round(w.std_dev, 2) for w in (banker, player, tie)] == [0.93, 0.95, 2.64]


def test_blackjack_insurance_is_worth_minus_7_over_103_with_no_ten_seen() -> None:
    rows = {(r["the box holds"], r["decision"]): r for r in insurance_table(load("blackjack"))}
    # 96 tens among the 309 unseen cards, paid 2:1
    assert rows["two cards, no ten", "insure against an ace"]["value per unit"] == "-7/103"
    # a blackjack refusing even money keeps 3/2 unless one of 95 tens comes: 1 - 3/2 x 214/309
    assert rows["blackjack", "even money against an ace"]["value per unit"] == "-4/103"


def test_blackjack_chart_has_the_textbook_plays() -> None:
    chart = {row["the box holds"]: row for row in strategy_chart(infinite_deck(load("blackjack")))}
    assert chart["pair of 8s"]["6"] == "P" and chart["hard 11"]["6"] == "D"
    assert chart["hard 12"]["4"] == "S" and chart["hard 12"]["2"] == "H"
    assert chart["hard 16"]["10"] == "R"  # surrender before the dealer's second card
    assert chart["soft 18 (A-7)"]["9"] == "H"


def test_blackjack_simulation_histogram_reproduces_from_its_seed() -> None:
    profile = load("blackjack")
    first, second = simulate(profile, 20_000, 42), simulate(profile, 20_000, 42)
    assert (first.histogram == second.histogram).all() and int(first.histogram.sum()) == 20_000
    w = simulation_wager(first, profile.blackjack_pays)
    assert w.sample is not None and w.sample.seed == 42
    assert float(w.ev) == pytest.approx(first.mean, abs=1e-12)
    assert w.hit_frequency()["blackjack paid"] == pytest.approx(0.045, abs=0.01)
    assert 1 < float(w.average_stake) < 1.2


def test_an_option_the_analysis_does_not_take_is_refused() -> None:
    with pytest.raises(LookupError, match="takes no option rounds"):
        analyze("roulette", rounds=5)
